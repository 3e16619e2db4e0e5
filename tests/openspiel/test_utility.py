"""The utility a game declares is the one its returns have (issue 38, item 2): zero-sum where
the set-up has two sides of as many seats each, general-sum elsewhere; OpenSpiel's CFR and
``exploitability`` run on a zero-sum game; an end that would break the declaration is refused.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.conformance.mutants import plugins_with
from tests.conformance.stash import SIDES, Stash, StashState
from tests.conftest import PLUGINS
from tests.openspiel.conftest import require_openspiel

require_openspiel()

import pyspiel  # noqa: E402

from aerodrome.bridges.openspiel import game_name, register  # noqa: E402
from aerodrome.bridges.openspiel.play import Key, Play, Spec  # noqa: E402
from aerodrome.engine.errors import AerodromeError  # noqa: E402
from aerodrome.engine.ruleset import Result  # noqa: E402

register(PLUGINS)
STASH = plugins_with(Stash)
register(STASH)

CASES = [(name, s) for name in PLUGINS.ruleset_names() for s in PLUGINS.ruleset(name).setups()]
ZERO_SUM = pyspiel.GameType.Utility.ZERO_SUM
GENERAL_SUM = pyspiel.GameType.Utility.GENERAL_SUM


def sides(seats: Any) -> dict[str, int]:
    count: dict[str, int] = {}
    for seat in seats:
        count[seat.side] = count.get(seat.side, 0) + 1
    return count


@pytest.mark.parametrize(("ruleset", "setup"), CASES, ids=[f"{r}-{s.name}" for r, s in CASES])
def test_two_sides_of_as_many_seats_are_zero_sum(ruleset: str, setup: Any) -> None:
    """Every two-seat set-up (and classic's two against two) declares ZERO_SUM, with a
    utility sum of 0; classic's three-player set-ups (two seats of one side against one: a
    win is +2 -1) GENERAL_SUM. Random games of each end with returns that sum as declared.
    Mutation caught: every game GENERAL_SUM again (the issue)."""
    game = pyspiel.load_game(game_name(ruleset), {"setup": setup.name, "max_rounds": 3})
    seats = sides(setup.seats)
    even = len(seats) == 2 and len(set(seats.values())) == 1
    assert game.get_type().utility == (ZERO_SUM if even else GENERAL_SUM)
    if even:
        assert game.utility_sum() == 0.0
    rng = random.Random(2)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            choices = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else None
            state.apply_action(rng.choice(choices or state.legal_actions()))
        if even:
            assert sum(state.returns()) == 0.0


def test_classic_three_player_is_not_zero_sum() -> None:
    """The +2 -1 a win of the two-seat side gives: general-sum is the honest type."""
    game = pyspiel.load_game(game_name("classic"), {"setup": "three-player"})
    assert game.get_type().utility == GENERAL_SUM
    registered = {t.short_name: t for t in pyspiel.registered_games()}
    assert registered[game_name("classic")].utility == GENERAL_SUM  # not every set-up is
    assert registered[game_name("df40k")].utility == ZERO_SUM  # every set-up is


class BothWin(Stash):
    """A ruleset letting both sides win: what a zero-sum declaration must not hide."""

    def result(self, state: StashState, rounds: int) -> Result:
        return Result(winners=SIDES, reason="everybody wins", rounds=rounds)


def test_an_end_that_breaks_zero_sum_is_refused_in_one_line() -> None:
    """Mutation caught: returns() without its check (it then gives [1.0, 1.0] to a solver
    told the game is zero-sum)."""
    spec = Spec(Key("stash", "", 0, 0, 100), plugins_with(BothWin))
    play = Play(spec)
    while not play.is_over():
        play.apply(play.legal(play.player() or 0)[0])
    with pytest.raises(AerodromeError, match=r"north and south winning.*not zero-sum"):
        play.returns()


def solve(game: Any, iterations: set[int]) -> dict[int, float]:
    """The exploitability of CFR's average policy after each of ``iterations``."""
    from open_spiel.python.algorithms import cfr, exploitability

    solver = cfr.CFRSolver(game)
    found = {}
    for i in range(1, max(iterations) + 1):
        solver.evaluate_and_update_policy()
        if i in iterations:
            found[i] = exploitability.exploitability(game, solver.average_policy())
    return found


@pytest.mark.slow
def test_cfr_and_exploitability_run_on_a_small_zero_sum_game() -> None:
    """OpenSpiel's ``exploitability`` refused every aerodrome game (GENERAL_SUM): on the
    conformance kit's Stash (seed 2: both dice 6, 326 states, hidden dice, +1/-1 or a draw)
    CFR's average policy is measured, and its exploitability falls as CFR iterates (0.67
    after one iteration, 0.13 after five: OpenSpiel's own figures on this tree).
    Mutation caught: the game GENERAL_SUM (exploitability refuses it)."""
    game = pyspiel.load_game(game_name("stash"), {"seed": 2})
    assert game.get_type().utility == ZERO_SUM
    found = solve(game, {1, 5})
    assert found[1] == pytest.approx(2 / 3)
    assert 0.0 <= found[5] < found[1] / 4
