"""The contracts of the Game API that every ruleset keeps, checked so that they CAN fail:
frozen observations, refused illegal actions, capabilities that match play. (What a player
may not see is checked in :mod:`.secrecy`.)

Random playouts of :data:`HORIZON` decisions check, at every decision, what the docstring
of each check says; each docstring names the mutation (a deliberate bug) it catches.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

import msgspec

from aerodrome.conformance.access import Table
from aerodrome.conformance.broken import Contract, require
from aerodrome.conformance.playouts import Case, playout, require_hashable
from aerodrome.engine.data import Action
from aerodrome.engine.events import DecisionCommitted, DiceRolled
from aerodrome.plugins import Plugins

#: Decisions played per playout: contract breaches show early, and classic games are long.
HORIZON = 150


def vandalise(obj: Any, depth: int = 0) -> None:
    """Change everything mutable reachable from ``obj`` (what a careless agent might do)."""
    if depth > 50:
        return
    if isinstance(obj, msgspec.Struct):
        for name in obj.__struct_fields__:
            value = getattr(obj, name)
            vandalise(value, depth + 1)
            if not obj.__struct_config__.frozen:
                setattr(obj, name, None)
    elif isinstance(obj, list):
        for item in obj:
            vandalise(item, depth + 1)
        obj.reverse()
        obj.append(obj[0] if obj else None)
    elif isinstance(obj, dict):
        for item in obj.values():
            vandalise(item, depth + 1)
        obj.clear()
    elif isinstance(obj, set | bytearray):
        obj.clear()
    elif isinstance(obj, tuple):
        for item in obj:
            vandalise(item, depth + 1)


def check_observation_isolation(plugins: Plugins, case: Case, seed: int) -> None:
    """Observations are frozen values: an agent that mutates everything reachable from its
    observation (and from the referee's) leaves the game unchanged.

    Mutation caught: an observation that wraps or shares a list of the state (a frozen
    Struct holding the state's list included)."""

    def probe(table: Table, player: int, legal: tuple[Action, ...], rng: random.Random) -> None:
        before = table.digest()
        for viewer in (player, None):
            view = table.observation(viewer)
            require(
                isinstance(view, msgspec.Struct) and view.__struct_config__.frozen,
                Contract.FROZEN,
                table.where,
                f"observation({viewer}) must be a frozen Struct, not {type(view).__name__}",
            )
            with contextlib.suppress(TypeError, AttributeError):
                vandalise(view)  # a truly frozen value refuses some changes: that is the point
            require(
                table.digest() == before,
                Contract.FROZEN,
                table.where,
                f"changing observation({viewer}) changed the game (it shares something "
                "mutable with the state)",
            )

    playout(plugins, case, seed, probe, HORIZON)


def check_owing_players_illegal_action_is_refused(plugins: Plugins, case: Case, seed: int) -> None:
    """The owing player's illegal action (one legal earlier, not now) is refused and changes
    nothing: not the game, not the legal actions. What is legal is read by iterating the
    ruleset's legal actions, not by asking the sequence it returns.

    Mutation caught: a ``Game.apply`` that records or resolves before checking legality, a
    ruleset whose legal actions are a sequence whose ``in`` accepts what it does not list."""
    seen: dict[Action, None] = {}  # every action legal so far, in a reproducible order

    def probe(table: Table, player: int, legal: tuple[Action, ...], rng: random.Random) -> None:
        require_hashable(legal, table.where)  # (a set of them is made next)
        now = set(legal)
        seen.update(dict.fromkeys(legal))
        wrong = [a for a in seen if a not in now]
        if not wrong:
            return
        before = table.digest()
        action = wrong[rng.randrange(len(wrong))]
        require(
            not table.accepts(player, action),
            Contract.REFUSED,
            table.where,
            f"player {player}'s illegal {action!r} (not among their legal actions) was accepted",
        )
        require(
            table.digest() == before,
            Contract.REFUSED,
            table.where,
            "a refused action changed the game",
        )
        require(
            table.legal(player) == legal,
            Contract.REFUSED,
            table.where,
            "a refused action changed the legal actions",
        )

    playout(plugins, case, seed, probe, HORIZON)


def check_capabilities_match_play(plugins: Plugins, case: Case, seed: int) -> None:
    """The declared capabilities match play: a simultaneous decision, a secret decision or a
    private event, and dice, each need the matching capability.

    Mutation caught: a ruleset declaring ``simultaneous=False`` while asking simultaneous
    decisions."""
    caps = plugins.ruleset(case.ruleset).capabilities
    seen = {"simultaneous": False, "hidden": False}

    def probe(table: Table, player: int, legal: tuple[Action, ...], rng: random.Random) -> None:
        seen["simultaneous"] |= table.simultaneous()
        seen["hidden"] |= table.secret()

    table = playout(plugins, case, seed, probe, horizon=400)
    log = table.events()
    hidden = seen["hidden"] or any(
        e.seen_by is not None and not isinstance(e, DecisionCommitted) for e in log
    )
    where = table.where
    if seen["simultaneous"]:
        require(
            caps.simultaneous,
            Contract.CAPABILITIES,
            where,
            "asks simultaneous decisions: declare it",
        )
    if hidden:
        require(
            caps.hidden_information,
            Contract.CAPABILITIES,
            where,
            "keeps secrets: declare hidden information",
        )
    if any(isinstance(e, DiceRolled) for e in log):
        require(caps.chance, Contract.CAPABILITIES, where, "rolls dice: declare chance")
