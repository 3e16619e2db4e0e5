"""``Game(..., dice=...)``: the dice a game rolls with from its first roll (the set-up's own)."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from aerodrome import Game
from aerodrome.engine.dice import Dice
from aerodrome.engine.events import DiceRolled
from aerodrome.engine.ruleset import Ruleset


def _rolling_setup(ruleset: Ruleset[Any, Any, Any]) -> str | None:
    """A set-up of ``ruleset`` that rolls before its first decision (None: no such set-up)."""
    for setup in ruleset.setups():
        if any(isinstance(e, DiceRolled) for e in Game(ruleset, setup, 3).log):
            return setup.name
    return None


def _played(game: Game[Any, Any, Any], moves: int) -> Game[Any, Any, Any]:
    rng = random.Random(5)
    for _ in range(moves):
        waiting = game.waiting_for()
        if not waiting:
            break
        legal = game.legal_actions(waiting[0])
        game.apply(waiting[0], legal[rng.randrange(len(legal))])
    return game


def test_dice_of_the_seed_play_the_same_game(ruleset: Ruleset[Any, Any, Any]) -> None:
    """Given ``Dice(seed)``, a game is the game of ``seed``, event for event (its log's
    bytes), through its set-up and 30 answers. Mutation caught: the given dice not bound to
    the game's events (no DiceRolled in the log)."""
    setup = _rolling_setup(ruleset) or ruleset.setup(None).name
    own = _played(Game(ruleset, setup, 11), 30)
    given = _played(Game(ruleset, setup, 11, dice=Dice(11)), 30)
    assert given.log_bytes() == own.log_bytes()
    assert given.history == own.history


def test_given_dice_roll_from_the_first_roll(ruleset: Ruleset[Any, Any, Any]) -> None:
    """The set-up's own rolls come from the given dice: a game of seed 3 given ``Dice(999)``
    rolls seed 999's set-up. Mutation caught: ``dice`` ignored (the game rolls
    ``Dice(seed)``)."""
    setup = _rolling_setup(ruleset)
    if setup is None:
        pytest.skip(f"{ruleset.name}: no set-up rolls before its first decision")

    def rolls(game: Game[Any, Any, Any]) -> list[DiceRolled]:
        return [e for e in game.log if isinstance(e, DiceRolled)]

    given = rolls(Game(ruleset, setup, 3, dice=Dice(999)))
    assert rolls(Game(ruleset, setup, 3)) != rolls(Game(ruleset, setup, 999))  # they tell apart
    assert given == rolls(Game(ruleset, setup, 999))


def test_a_game_given_dice_cannot_be_pickled(ruleset: Ruleset[Any, Any, Any]) -> None:
    """Its rolls did not come from its seed: no lineage, a one-line PicklingError."""
    game = Game(ruleset, None, 3, dice=Dice(3))
    with pytest.raises(pickle.PicklingError, match="cannot be pickled"):
        pickle.dumps(game)
    pickle.dumps(Game(ruleset, None, 3))  # the seed's own dice: it can
