"""aerodrome: one framework and one CLI for tabletop air-combat rulesets.

The public API for plugin authors and scripts is re-exported here.
"""

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
from aerodrome.rulehooks import RuleHooks
from aerodrome.ruleset import Capabilities, Options, Result, Ruleset, Seat, Setup
from aerodrome.turns import Ask, Context, Decision, ForEach, Phase, Step, TurnSequence, listed

__version__ = "0.1.0"

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
    "RuleHooks",
    "Ruleset",
    "Seat",
    "Setup",
    "SpecError",
    "Step",
    "TurnSequence",
    "UnknownNameError",
    "derive_seed",
    "hookimpl",
    "hookspec",
    "listed",
]
