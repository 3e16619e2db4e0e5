"""Cloud Cover's own rules, each test citing its clause (``@pytest.mark.clause``), and its
secret: what one scout sees never shows the other's height, and ``determinise()`` draws
only that again.

The conformance kit runs beside these (``--aerodrome-conformance=clouds`` in
pyproject.toml), and checks the secret on random games too.
"""

from __future__ import annotations

import random

import pytest
from aerodrome_clouds.ruleset import Clouds
from aerodrome_clouds.state import CLIMB, DIVE, STRUCTURE

from aerodrome import Game, load_dice
from aerodrome.plugins import load_plugins


def new_game(seed: int = 1) -> Game:
    plugins = load_plugins()  # the installed plugins: clouds comes from its entry point
    return Game(plugins.ruleset("clouds"), "hunt", seed)


def to_round_two(game: Game, heights: list[int]) -> None:
    """Both scouts climb through round 1; round 2's heights are ``heights`` (red, blue)."""
    load_dice(game, heights)
    game.apply(0, CLIMB)  # round 1: Red on turn
    game.apply(1, CLIMB)


@pytest.mark.clause("clouds.1")
def test_two_scouts_start_with_three_structure_points() -> None:
    game = new_game()
    assert len(game.setup.seats) == 2
    assert game.observation(None).structure == (STRUCTURE, STRUCTURE) == (3, 3)


@pytest.mark.clause("clouds.2")
def test_each_scout_sees_its_own_height_only() -> None:
    game = new_game()
    to_round_two(game, [5, 2])
    assert game.observation(0).height == (5, None)
    assert game.observation(1).height == (None, 2)
    assert game.observation(None).height == (5, 2)  # the referee sees both
    rolled = [e for e in game.log if type(e).__name__ == "DiceRolled"][-2:]
    assert [e.visible_to(0) for e in rolled] == [True, False]


@pytest.mark.clause("clouds.2")
def test_determinise_draws_the_other_height_again_and_keeps_the_rest() -> None:
    game = new_game()
    to_round_two(game, [5, 2])
    ruleset = game.ruleset
    assert isinstance(ruleset, Clouds)
    guesses = {ruleset.determinise(game.state, 0, random.Random(s)).height[1] for s in range(40)}
    assert guesses == {1, 2, 3, 4, 5, 6}  # blue's height: any face
    again = ruleset.determinise(game.state, 0, random.Random(7))
    assert again.height[0] == 5 and again.structure == game.state.structure
    assert game.state.height == [5, 2]  # the game's own state is untouched


@pytest.mark.clause("clouds.3")
def test_the_scout_on_turn_chooses_then_the_other_after_a_climb() -> None:
    game = new_game()
    assert game.waiting_for() == (0,)  # round 1: Red
    assert list(game.legal_actions(0)) == [DIVE, CLIMB]
    game.apply(0, CLIMB)
    assert game.waiting_for() == (1,)
    game.apply(1, CLIMB)
    assert game.round == 2 and game.waiting_for() == (1,)  # round 2: Blue


@pytest.mark.clause("clouds.4")
def test_a_dive_reveals_both_heights_and_the_higher_scout_hits() -> None:
    game = new_game()
    to_round_two(game, [5, 2, 4, 4, 1, 1])  # round 2: red 5, blue 2; round 3: equal
    game.apply(1, DIVE)  # blue dives from below: blue is hit
    assert game.observation(0).revealed == (5, 2) == game.observation(1).revealed
    assert game.observation(None).structure == (3, 2)
    game.apply(0, DIVE)  # round 3, Red on turn: equal heights miss
    assert game.observation(None).structure == (3, 2)


@pytest.mark.clause("clouds.5")
def test_a_scout_at_zero_structure_is_shot_down() -> None:
    game = new_game()
    to_round_two(game, [6, 1] * STRUCTURE)
    while not game.is_over():
        (player,) = game.waiting_for()
        game.apply(player, DIVE)
    result = game.result()
    assert result.winners == ("red",) and result.kills == {"red": 1}


@pytest.mark.clause("clouds.5")
def test_after_eight_rounds_more_structure_wins_and_equal_is_a_draw() -> None:
    game = new_game()
    for _ in range(8):
        for _ in range(2):
            (player,) = game.waiting_for()
            game.apply(player, CLIMB)
    assert game.is_over() and game.result().winners == ()


def test_the_ruleset_is_registered_by_its_entry_point() -> None:
    assert load_plugins().registry.rulesets["clouds"] is Clouds
