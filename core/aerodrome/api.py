"""Every type a plugin author uses, from one module: ``from aerodrome.api import ...``.

The bottom layer of the plugin contract. It imports lazily (PEP 562: a name's module is
imported on first use), so a plugin's registration module that takes ``hookimpl`` and
``RulesetRef`` from here costs no more at start-up than before; ``aerodrome``'s own
re-exports are these same objects. The modules that define these types import nothing
above them (no game, no plugin manager, no simulation: ``tests/architecture/test_api.py``),
so a plugin that imports only ``aerodrome.api`` depends on the contract, not on the engine.

Grouped as the plugin guide reads: the ruleset and its set-up (:class:`Ruleset`,
:class:`RulesetRef`, :class:`Setup`, :class:`Seat`, :class:`Options`, :class:`Result`,
:class:`Capabilities`); the optional capabilities; actions and records; the typed events;
the turn sequence and its questions (:class:`Decision`, :class:`Ask`, :class:`Context`,
:class:`Turn`); dice; hooks (:data:`hookimpl`, :data:`hookspec`, :class:`RuleHooks`);
agents; variants and parameters; metrics and the :class:`GameRecord` they read; errors.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from aerodrome.lazy import lazy_exports

if TYPE_CHECKING:
    from aerodrome.agents import Agent, AgentParameterError, AgentSpec, PlayerView, RandomAgent
    from aerodrome.capabilities import (
        ActionBound,
        Analysis,
        ChoiceLabel,
        Determinise,
        Numbering,
        Odds,
        Positions,
        Presentation,
        SpecFiles,
        Vectors,
        WarmUp,
        capability,
    )
    from aerodrome.data import Action, ParamValue, Record
    from aerodrome.dice import Dice, derive_seed
    from aerodrome.errors import (
        AerodromeError,
        IllegalActionError,
        PluginError,
        SpecError,
        UnknownNameError,
    )
    from aerodrome.events import (
        ActionTaken,
        DecisionCommitted,
        DiceRolled,
        Event,
        GameEnded,
        GameStarted,
        PhaseStarted,
        RoundStarted,
    )
    from aerodrome.hookspecs import hookimpl, hookspec
    from aerodrome.metrics import Accumulator, Estimate, Metric
    from aerodrome.parameters import ParameterSpec
    from aerodrome.records import GameRecord
    from aerodrome.rulehooks import RuleHooks
    from aerodrome.ruleset import Capabilities, Options, Result, Ruleset, RulesetRef, Seat, Setup
    from aerodrome.turns import (
        Ask,
        Context,
        Decision,
        ForEach,
        Phase,
        Reveal,
        Step,
        Turn,
        TurnSequence,
        listed,
    )
    from aerodrome.variants import VariantSpec

#: Where each name is defined (imported on first use).
EXPORTS = {
    "Ruleset": "aerodrome.ruleset",
    "RulesetRef": "aerodrome.ruleset",
    "Setup": "aerodrome.ruleset",
    "Seat": "aerodrome.ruleset",
    "Options": "aerodrome.ruleset",
    "Result": "aerodrome.ruleset",
    "Capabilities": "aerodrome.ruleset",
    "Presentation": "aerodrome.capabilities",
    "Odds": "aerodrome.capabilities",
    "Positions": "aerodrome.capabilities",
    "SpecFiles": "aerodrome.capabilities",
    "Numbering": "aerodrome.capabilities",
    "Vectors": "aerodrome.capabilities",
    "Determinise": "aerodrome.capabilities",
    "ActionBound": "aerodrome.capabilities",
    "Analysis": "aerodrome.capabilities",
    "WarmUp": "aerodrome.capabilities",
    "ChoiceLabel": "aerodrome.capabilities",
    "capability": "aerodrome.capabilities",
    "Action": "aerodrome.data",
    "Record": "aerodrome.data",
    "ParamValue": "aerodrome.data",
    "Event": "aerodrome.events",
    "GameStarted": "aerodrome.events",
    "RoundStarted": "aerodrome.events",
    "PhaseStarted": "aerodrome.events",
    "DiceRolled": "aerodrome.events",
    "DecisionCommitted": "aerodrome.events",
    "ActionTaken": "aerodrome.events",
    "GameEnded": "aerodrome.events",
    "TurnSequence": "aerodrome.turns",
    "Phase": "aerodrome.turns",
    "Step": "aerodrome.turns",
    "ForEach": "aerodrome.turns",
    "Ask": "aerodrome.turns",
    "Decision": "aerodrome.turns",
    "Reveal": "aerodrome.turns",
    "Context": "aerodrome.turns",
    "Turn": "aerodrome.turns",
    "listed": "aerodrome.turns",
    "Dice": "aerodrome.dice",
    "derive_seed": "aerodrome.dice",
    "RuleHooks": "aerodrome.rulehooks",
    "Agent": "aerodrome.agents",
    "AgentSpec": "aerodrome.agents",
    "AgentParameterError": "aerodrome.agents",
    "PlayerView": "aerodrome.agents",
    "RandomAgent": "aerodrome.agents",
    "VariantSpec": "aerodrome.variants",
    "ParameterSpec": "aerodrome.parameters",
    "Metric": "aerodrome.metrics",
    "Accumulator": "aerodrome.metrics",
    "Estimate": "aerodrome.metrics",
    "GameRecord": "aerodrome.records",
    "AerodromeError": "aerodrome.errors",
    "IllegalActionError": "aerodrome.errors",
    "PluginError": "aerodrome.errors",
    "SpecError": "aerodrome.errors",
    "UnknownNameError": "aerodrome.errors",
    "hookimpl": "aerodrome.hookspecs",
    "hookspec": "aerodrome.hookspecs",
}


__getattr__, __dir__ = lazy_exports("aerodrome.api", EXPORTS, globals())


__all__ = [
    "Accumulator",
    "Action",
    "ActionBound",
    "ActionTaken",
    "AerodromeError",
    "Agent",
    "AgentParameterError",
    "AgentSpec",
    "Analysis",
    "Ask",
    "Capabilities",
    "ChoiceLabel",
    "Context",
    "Decision",
    "DecisionCommitted",
    "Determinise",
    "Dice",
    "DiceRolled",
    "Estimate",
    "Event",
    "ForEach",
    "GameEnded",
    "GameRecord",
    "GameStarted",
    "IllegalActionError",
    "Metric",
    "Numbering",
    "Odds",
    "Options",
    "ParamValue",
    "ParameterSpec",
    "Phase",
    "PhaseStarted",
    "PlayerView",
    "PluginError",
    "Positions",
    "Presentation",
    "RandomAgent",
    "Record",
    "Result",
    "Reveal",
    "RoundStarted",
    "RuleHooks",
    "Ruleset",
    "RulesetRef",
    "Seat",
    "Setup",
    "SpecError",
    "SpecFiles",
    "Step",
    "Turn",
    "TurnSequence",
    "UnknownNameError",
    "VariantSpec",
    "Vectors",
    "WarmUp",
    "capability",
    "derive_seed",
    "hookimpl",
    "hookspec",
    "listed",
]
