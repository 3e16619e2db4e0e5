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

from aerodrome.engine.lazy import lazy_exports

if TYPE_CHECKING:
    from aerodrome.engine.agents import (
        Agent,
        AgentParameterError,
        AgentSpec,
        PlayerView,
        RandomAgent,
    )
    from aerodrome.engine.capabilities import (
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
    from aerodrome.engine.data import Action, ParamValue, Record
    from aerodrome.engine.dice import Dice, derive_seed
    from aerodrome.engine.errors import (
        AerodromeError,
        IllegalActionError,
        PluginError,
        SpecError,
        UnknownNameError,
    )
    from aerodrome.engine.events import (
        ActionTaken,
        DecisionCommitted,
        DiceRolled,
        Event,
        GameEnded,
        GameStarted,
        PhaseStarted,
        RoundStarted,
    )
    from aerodrome.engine.hookspecs import hookimpl, hookspec
    from aerodrome.engine.metrics import Accumulator, Estimate, Metric
    from aerodrome.engine.parameters import ParameterSpec
    from aerodrome.engine.records import GameRecord
    from aerodrome.engine.rulehooks import RuleHooks
    from aerodrome.engine.ruleset import (
        Capabilities,
        Options,
        Result,
        Ruleset,
        RulesetRef,
        Seat,
        Setup,
    )
    from aerodrome.engine.turns import (
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
    from aerodrome.engine.variants import VariantSpec

#: Where each name is defined (imported on first use).
EXPORTS = {
    "Ruleset": "aerodrome.engine.ruleset",
    "RulesetRef": "aerodrome.engine.ruleset",
    "Setup": "aerodrome.engine.ruleset",
    "Seat": "aerodrome.engine.ruleset",
    "Options": "aerodrome.engine.ruleset",
    "Result": "aerodrome.engine.ruleset",
    "Capabilities": "aerodrome.engine.ruleset",
    "Presentation": "aerodrome.engine.capabilities",
    "Odds": "aerodrome.engine.capabilities",
    "Positions": "aerodrome.engine.capabilities",
    "SpecFiles": "aerodrome.engine.capabilities",
    "Numbering": "aerodrome.engine.capabilities",
    "Vectors": "aerodrome.engine.capabilities",
    "Determinise": "aerodrome.engine.capabilities",
    "ActionBound": "aerodrome.engine.capabilities",
    "Analysis": "aerodrome.engine.capabilities",
    "WarmUp": "aerodrome.engine.capabilities",
    "ChoiceLabel": "aerodrome.engine.capabilities",
    "capability": "aerodrome.engine.capabilities",
    "Action": "aerodrome.engine.data",
    "Record": "aerodrome.engine.data",
    "ParamValue": "aerodrome.engine.data",
    "Event": "aerodrome.engine.events",
    "GameStarted": "aerodrome.engine.events",
    "RoundStarted": "aerodrome.engine.events",
    "PhaseStarted": "aerodrome.engine.events",
    "DiceRolled": "aerodrome.engine.events",
    "DecisionCommitted": "aerodrome.engine.events",
    "ActionTaken": "aerodrome.engine.events",
    "GameEnded": "aerodrome.engine.events",
    "TurnSequence": "aerodrome.engine.turns",
    "Phase": "aerodrome.engine.turns",
    "Step": "aerodrome.engine.turns",
    "ForEach": "aerodrome.engine.turns",
    "Ask": "aerodrome.engine.turns",
    "Decision": "aerodrome.engine.turns",
    "Reveal": "aerodrome.engine.turns",
    "Context": "aerodrome.engine.turns",
    "Turn": "aerodrome.engine.turns",
    "listed": "aerodrome.engine.turns",
    "Dice": "aerodrome.engine.dice",
    "derive_seed": "aerodrome.engine.dice",
    "RuleHooks": "aerodrome.engine.rulehooks",
    "Agent": "aerodrome.engine.agents",
    "AgentSpec": "aerodrome.engine.agents",
    "AgentParameterError": "aerodrome.engine.agents",
    "PlayerView": "aerodrome.engine.agents",
    "RandomAgent": "aerodrome.engine.agents",
    "VariantSpec": "aerodrome.engine.variants",
    "ParameterSpec": "aerodrome.engine.parameters",
    "Metric": "aerodrome.engine.metrics",
    "Accumulator": "aerodrome.engine.metrics",
    "Estimate": "aerodrome.engine.metrics",
    "GameRecord": "aerodrome.engine.records",
    "AerodromeError": "aerodrome.engine.errors",
    "IllegalActionError": "aerodrome.engine.errors",
    "PluginError": "aerodrome.engine.errors",
    "SpecError": "aerodrome.engine.errors",
    "UnknownNameError": "aerodrome.engine.errors",
    "hookimpl": "aerodrome.engine.hookspecs",
    "hookspec": "aerodrome.engine.hookspecs",
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
