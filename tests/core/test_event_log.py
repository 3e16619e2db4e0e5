"""The event log holds typed values: answers are the ruleset's actions, not sentences, and a
log read back per ruleset gives the same events and the same bytes."""

from __future__ import annotations

from typing import Any

from aerodrome.engine.agents import RandomAgent
from aerodrome.engine.data import Action
from aerodrome.engine.driver import drive
from aerodrome.engine.events import ActionTaken, DecisionCommitted, decode_log, encode_log
from aerodrome.engine.game import Game
from aerodrome.engine.ruleset import Ruleset


def played(ruleset: Ruleset[Any, Any, Any], seed: int = 5) -> Game:
    game = Game(ruleset, None, seed)
    drive(game, [RandomAgent(seed + p) for p in range(len(game.setup.seats))])
    return game


def test_answers_are_logged_as_the_rulesets_typed_actions(ruleset: Ruleset[Any, Any, Any]) -> None:
    """Mutation caught: logging an action's sentence (a str) instead of the action."""
    game = played(ruleset)
    answers = [e for e in game.log if isinstance(e, ActionTaken | DecisionCommitted)]
    assert answers
    types = ruleset.action_types
    assert all(isinstance(e.action, Action) and type(e.action) in types for e in answers)
    taken = [(e.player, e.action) for e in game.log if isinstance(e, ActionTaken)]
    history = set(game.history)
    assert all(t in history for t in taken)


def test_a_log_decodes_per_ruleset_to_the_same_events_and_bytes(
    ruleset: Ruleset[Any, Any, Any],
) -> None:
    """Mutation caught: a log whose actions decode to plain dicts (the base ``Action`` as the
    field's type) or a ruleset event missing from the decoder's union."""
    game = played(ruleset)
    data = game.log_bytes()
    events = decode_log(data, game.ruleset)
    assert events == game.log
    assert encode_log(events) == data
