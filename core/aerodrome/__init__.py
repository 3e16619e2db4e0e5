"""aerodrome: one framework and one CLI for tabletop air-combat rulesets.

The public API for plugin authors and scripts is re-exported here.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from aerodrome.agents import Agent, AgentSpec, PlayerView, RandomAgent
    from aerodrome.data import Action, Record
    from aerodrome.dice import Dice, derive_seed
    from aerodrome.errors import (
        AerodromeError,
        IllegalActionError,
        PluginError,
        SpecError,
        UnknownNameError,
    )
    from aerodrome.events import DiceRolled, Event, EventBus
    from aerodrome.game import Game
    from aerodrome.hookspecs import hookimpl, hookspec
    from aerodrome.plugins import RulesetRef
    from aerodrome.rulehooks import RuleHooks
    from aerodrome.ruleset import Capabilities, Options, Result, Ruleset, Seat, Setup
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

__version__ = "0.1.0"

#: Where each public name lives. Imported on first use (PEP 562), so that ``import aerodrome``
#: (and the CLI's start-up, and a plugin's registration module) costs nothing it does not use
#: (issue 18).
_EXPORTS = {
    "Action": "aerodrome.data",
    "AerodromeError": "aerodrome.errors",
    "Agent": "aerodrome.agents",
    "AgentSpec": "aerodrome.agents",
    "Ask": "aerodrome.turns",
    "Capabilities": "aerodrome.ruleset",
    "Context": "aerodrome.turns",
    "Decision": "aerodrome.turns",
    "Dice": "aerodrome.dice",
    "DiceRolled": "aerodrome.events",
    "Event": "aerodrome.events",
    "EventBus": "aerodrome.events",
    "ForEach": "aerodrome.turns",
    "Game": "aerodrome.game",
    "IllegalActionError": "aerodrome.errors",
    "Options": "aerodrome.ruleset",
    "Phase": "aerodrome.turns",
    "PlayerView": "aerodrome.agents",
    "PluginError": "aerodrome.errors",
    "RandomAgent": "aerodrome.agents",
    "Reveal": "aerodrome.turns",
    "Record": "aerodrome.data",
    "Result": "aerodrome.ruleset",
    "RuleHooks": "aerodrome.rulehooks",
    "RulesetRef": "aerodrome.plugins",
    "Ruleset": "aerodrome.ruleset",
    "Seat": "aerodrome.ruleset",
    "Setup": "aerodrome.ruleset",
    "SpecError": "aerodrome.errors",
    "Step": "aerodrome.turns",
    "Turn": "aerodrome.turns",
    "TurnSequence": "aerodrome.turns",
    "UnknownNameError": "aerodrome.errors",
    "derive_seed": "aerodrome.dice",
    "hookimpl": "aerodrome.hookspecs",
    "hookspec": "aerodrome.hookspecs",
    "listed": "aerodrome.turns",
}


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'aerodrome' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])


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
]
