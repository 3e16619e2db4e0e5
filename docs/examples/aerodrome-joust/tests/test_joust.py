"""Joust's own rules, each test citing the clause it checks (``@pytest.mark.clause``).

The conformance kit runs beside these (``--aerodrome-conformance=joust`` in pyproject.toml):
random playouts, determinism, replay identity, secrecy of the simultaneous passes, and
that every clause of ``aerodrome_joust/specs/clauses.toml`` has a test here.
"""

from __future__ import annotations

import pytest
from aerodrome_joust.ruleset import Joust
from aerodrome_joust.state import STRUCTURE, Pass

from aerodrome import Game, load_dice
from aerodrome.plugins import load_plugins

HIGH, LOW = Pass(height="high"), Pass(height="low")


def new_game(seed: int = 1) -> Game:
    plugins = load_plugins()  # the installed plugins: joust comes from its entry point
    return Game(plugins.ruleset("joust"), "duel", seed)


@pytest.mark.clause("joust.1")
def test_two_aces_start_with_three_structure_points() -> None:
    game = new_game()
    assert len(game.setup.seats) == 2
    assert game.observation(0).structure == (STRUCTURE, STRUCTURE) == (3, 3)


@pytest.mark.clause("joust.2")
def test_both_pilots_choose_in_secret_and_together() -> None:
    game = new_game()
    decision = game.decision()
    assert decision is not None and decision.simultaneous and decision.players == (0, 1)
    assert list(game.legal_actions(0)) == [HIGH, LOW]
    game.apply(0, HIGH)
    assert game.waiting_for() == (1,)  # the first choice is not resolved alone


@pytest.mark.clause("joust.3")
def test_the_higher_roll_scores_a_hit_and_a_tie_nothing() -> None:
    game = new_game()
    load_dice(game, [5, 2, 4, 4])  # round 1: red 5, blue 2; round 2: a tie
    game.apply(0, HIGH)
    game.apply(1, HIGH)
    assert game.observation(None).structure == (3, 2)
    game.apply(0, LOW)
    game.apply(1, LOW)
    assert game.observation(None).structure == (3, 2)


@pytest.mark.clause("joust.3")
def test_aces_passing_at_different_heights_miss() -> None:
    game = new_game()
    load_dice(game, [])  # no die may be rolled
    game.apply(0, HIGH)
    game.apply(1, LOW)
    assert game.observation(None).structure == (3, 3)


@pytest.mark.clause("joust.4")
def test_an_ace_at_zero_structure_is_shot_down() -> None:
    game = new_game()
    load_dice(game, [6, 1] * STRUCTURE)
    for _ in range(STRUCTURE):
        game.apply(0, HIGH)
        game.apply(1, HIGH)
    assert game.is_over()
    result = game.result()
    assert result.winners == ("red",) and result.kills == {"red": 1}


@pytest.mark.clause("joust.4")
def test_ten_rounds_with_both_aloft_is_a_draw() -> None:
    game = new_game()
    for _ in range(10):
        game.apply(0, HIGH)
        game.apply(1, LOW)
    assert game.is_over() and game.result().winners == ()


def test_the_ruleset_is_registered_by_its_entry_point() -> None:
    assert load_plugins().registry.rulesets["joust"] is Joust
