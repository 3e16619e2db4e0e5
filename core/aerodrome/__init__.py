"""aerodrome: one framework and one CLI for tabletop air-combat rulesets.

The public API for plugin authors and scripts is re-exported here: the plugin-facing types
from :mod:`aerodrome.api` (the same objects), and the engine's :class:`Game` and
:class:`EventBus`, and :func:`load_dice` for a plugin's own tests of worked examples.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from aerodrome.engine.lazy import lazy_exports

if TYPE_CHECKING:
    from aerodrome.api import (
        Action,
        AerodromeError,
        Agent,
        AgentSpec,
        Ask,
        Capabilities,
        Context,
        Decision,
        Dice,
        DiceRolled,
        Event,
        ForEach,
        IllegalActionError,
        Options,
        Phase,
        PlayerView,
        PluginError,
        RandomAgent,
        Record,
        Result,
        Reveal,
        RuleHooks,
        Ruleset,
        RulesetRef,
        Seat,
        Setup,
        SpecError,
        Step,
        Turn,
        TurnSequence,
        UnknownNameError,
        derive_seed,
        hookimpl,
        hookspec,
        listed,
    )
    from aerodrome.engine.events import EventBus
    from aerodrome.engine.game import Game
    from aerodrome.engine.testing import load_dice

__version__ = "0.1.0"

#: Where each public name lives. Imported on first use (PEP 562), so that ``import aerodrome``
#: (and the CLI's start-up, and a plugin's registration module) costs nothing it does not use
#: (issue 18).
_EXPORTS = {
    "Action": "aerodrome.api",
    "AerodromeError": "aerodrome.api",
    "Agent": "aerodrome.api",
    "AgentSpec": "aerodrome.api",
    "Ask": "aerodrome.api",
    "Capabilities": "aerodrome.api",
    "Context": "aerodrome.api",
    "Decision": "aerodrome.api",
    "Dice": "aerodrome.api",
    "DiceRolled": "aerodrome.api",
    "Event": "aerodrome.api",
    "EventBus": "aerodrome.engine.events",
    "ForEach": "aerodrome.api",
    "Game": "aerodrome.engine.game",
    "IllegalActionError": "aerodrome.api",
    "Options": "aerodrome.api",
    "Phase": "aerodrome.api",
    "PlayerView": "aerodrome.api",
    "PluginError": "aerodrome.api",
    "RandomAgent": "aerodrome.api",
    "Reveal": "aerodrome.api",
    "Record": "aerodrome.api",
    "Result": "aerodrome.api",
    "RuleHooks": "aerodrome.api",
    "RulesetRef": "aerodrome.api",
    "Ruleset": "aerodrome.api",
    "Seat": "aerodrome.api",
    "Setup": "aerodrome.api",
    "SpecError": "aerodrome.api",
    "Step": "aerodrome.api",
    "Turn": "aerodrome.api",
    "TurnSequence": "aerodrome.api",
    "UnknownNameError": "aerodrome.api",
    "derive_seed": "aerodrome.api",
    "load_dice": "aerodrome.engine.testing",
    "hookimpl": "aerodrome.api",
    "hookspec": "aerodrome.api",
    "listed": "aerodrome.api",
}


__getattr__, __dir__ = lazy_exports("aerodrome", _EXPORTS, globals())


__all__ = [
    "Action",
    "AerodromeError",
    "Agent",
    "AgentSpec",
    "Ask",
    "Capabilities",
    "Context",
    "Decision",
    "Dice",
    "DiceRolled",
    "Event",
    "EventBus",
    "ForEach",
    "Game",
    "IllegalActionError",
    "Options",
    "Phase",
    "PlayerView",
    "PluginError",
    "RandomAgent",
    "Record",
    "Result",
    "Reveal",
    "RuleHooks",
    "Ruleset",
    "RulesetRef",
    "Seat",
    "Setup",
    "SpecError",
    "Step",
    "Turn",
    "TurnSequence",
    "UnknownNameError",
    "derive_seed",
    "hookimpl",
    "hookspec",
    "listed",
    "load_dice",
]
