"""The Heresy-engine dice and their exact odds."""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aerodrome.engine.dice import opposed
from aerodrome.engine.testing import ScriptedDice
from aerodrome_victoriana import odds
from aerodrome_victoriana.heresy import SUCCESS_FACES, classify, roll_pool, successes


@pytest.mark.clause("victoriana.dice.1")
def test_ones_and_sixes_are_successes() -> None:
    assert successes((1, 2, 3, 4, 5, 6)) == 2
    assert successes((2, 3, 4, 5)) == 0
    assert successes((1, 1, 6)) == 3


@pytest.mark.clause("victoriana.dice.2")
def test_white_sixes_explode_black_sixes_do_not() -> None:
    # two white dice: 6 explodes into a 6 which explodes into a 1; then a 3
    assert roll_pool(ScriptedDice([6, 3, 6, 1]), 2, "white") == 3
    # plain black dice: the 6 is a success but adds nothing
    dice = ScriptedDice([6, 3])
    assert roll_pool(dice, 2, "black", explode=False) == 1
    assert dice.remaining == 0


@pytest.mark.clause("victoriana.dice.3")
def test_black_successes_cancel_white() -> None:
    # the opposed roll of a character's test (common.character_task)
    white, black = opposed(ScriptedDice([1, 1, 1, 2, 6, 4]), 4, 2, "t", success=SUCCESS_FACES)
    # white 1 1 1 2 (3 successes), black 6 4 (1 success, no explosion)
    assert (white, black, white - black) == (3, 1, 2)
    assert classify(white, black, 2, 1) == "success"


@pytest.mark.clause("victoriana.dice.4")
def test_two_net_successes_succeed_one_is_partial() -> None:
    assert classify(3, 1, 2, 1) == "success"
    assert classify(2, 1, 2, 1) == "partial"
    assert classify(1, 1, 2, 1) == "failure"
    assert classify(0, 0, 2, 1) == "failure"


@pytest.mark.clause("victoriana.dice.5")
def test_black_left_over_is_a_foul_failure() -> None:
    assert classify(1, 2, 2, 1) == "foul"
    assert classify(0, 1, 2, 1) == "foul"


# -- exact odds -------------------------------------------------------------------------------
def _pool_fractions(n: int, explode: bool, top: int = 80) -> dict[int, Fraction]:
    """Independent exact pool distribution. Exploding: n dice end in n non-sixes; the number
    of sixes is negative-binomial(n, 1/6) and each non-six is a 1 with chance 1/5, so the
    successes are NegBin + Binomial(n, 1/5). Plain: Binomial(n, 1/3)."""
    if n == 0:
        return {0: Fraction(1)}
    if not explode:
        third = Fraction(1, 3)
        return {k: comb(n, k) * third**k * (1 - third) ** (n - k) for k in range(n + 1)}
    sixes = {k: comb(n + k - 1, k) * Fraction(1, 6) ** k * Fraction(5, 6) ** n for k in range(top)}
    ones = {k: comb(n, k) * Fraction(1, 5) ** k * Fraction(4, 5) ** (n - k) for k in range(n + 1)}
    out: dict[int, Fraction] = {}
    for a, pa in sixes.items():
        for b, pb in ones.items():
            out[a + b] = out.get(a + b, Fraction(0)) + pa * pb
    return out


@pytest.mark.clause("victoriana.dice.2", "victoriana.squadron.5")
@pytest.mark.parametrize(("white", "black"), [(1, 1), (2, 3), (4, 4), (6, 2), (0, 3)])
def test_squadron_odds_match_an_independent_exact_computation(white: int, black: int) -> None:
    w, b = _pool_fractions(white, True), _pool_fractions(black, True)
    net: dict[int, Fraction] = {}
    for sw, pw in w.items():
        for sb, pb in b.items():
            net[sw - sb] = net.get(sw - sb, Fraction(0)) + pw * pb
    result = odds.squadron_roll(white, black)
    for n in range(-10, 11):
        assert result.net.get(n, 0.0) == pytest.approx(float(net.get(n, 0)), abs=1e-12)
    assert result.white_wins == pytest.approx(
        float(sum(p for n, p in net.items() if n > 0)), abs=1e-12
    )
    assert result.tie == pytest.approx(float(net.get(0, 0)), abs=1e-12)


@pytest.mark.clause("victoriana.dice.3")
def test_black_dice_that_do_not_explode() -> None:
    exact = _pool_fractions(5, False)
    found = odds.pool_odds(5, explode=False).successes
    assert found == pytest.approx({k: float(v) for k, v in exact.items()}, abs=1e-15)
    # an attack: 3 white against 3 plain black, hit when white >= black and white >= 1
    w = _pool_fractions(3, True)
    b3 = _pool_fractions(3, False)
    hit = sum(pw * pb for sw, pw in w.items() if sw > 0 for sb, pb in b3.items() if sw >= sb)
    assert odds.hit_chance(3, 3) == pytest.approx(float(hit), abs=1e-12)


@pytest.mark.clause("victoriana.squadron.16")
def test_the_example_pools_odds_sum_to_one_and_truncate_below_tolerance() -> None:
    result = odds.squadron_roll(14, 15)
    total = sum(result.net.values())
    assert abs(total - 1.0) < 1e-12
    assert result.white_wins + result.black_wins + result.tie == pytest.approx(1.0, abs=1e-12)
    assert result.truncated_mass < odds.TOLERANCE
    # one more black die helps black: black is the favourite
    assert result.black_wins > result.white_wins


def test_odds_command_prints_json(plugins: object) -> None:
    import typer
    from typer.testing import CliRunner

    from aerodrome_victoriana.plugin import aerodrome_register_commands

    app, group = typer.Typer(), typer.Typer()
    app.add_typer(group, name="odds")
    aerodrome_register_commands(app=app, odds=group)
    out = CliRunner().invoke(
        app, ["odds", "victoriana", "squadron-roll", "--white", "14", "--black", "15", "--json"]
    )
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["white"] == 14 and data["black"] == 15
    assert data["white_wins"] + data["black_wins"] + data["tie"] == pytest.approx(1.0, abs=1e-12)
    assert sum(data["net"].values()) == pytest.approx(1.0, abs=1e-12)
    table = CliRunner().invoke(
        app, ["odds", "victoriana", "squadron-roll", "--white", "3", "--black", "2"]
    )
    assert table.exit_code == 0 and "white wins" in table.output


@pytest.mark.clause("victoriana.dice.4", "victoriana.dice.5", "victoriana.pilot.1")
def test_task_odds_add_up_and_match_the_exact_formula() -> None:
    result = odds.task_odds(4, 3, 2, 1)
    assert result.success + result.partial + result.failure + result.foul == pytest.approx(
        1.0, abs=1e-12
    )
    w, b = _pool_fractions(4, True), _pool_fractions(3, False)
    net: dict[int, Fraction] = {}
    for sw, pw in w.items():
        for sb, pb in b.items():
            net[sw - sb] = net.get(sw - sb, Fraction(0)) + pw * pb
    assert result.success == pytest.approx(
        float(sum(p for n, p in net.items() if n >= 2)), abs=1e-12
    )
    assert result.partial == pytest.approx(float(net[1]), abs=1e-12)
    assert result.foul == pytest.approx(float(sum(p for n, p in net.items() if n < 0)), abs=1e-12)
    # an attack also hits on a tie, so it hits at least as often as a partial-or-better test
    assert result.attack_hits > result.success + result.partial


def test_task_odds_command(plugins: object) -> None:
    import typer
    from typer.testing import CliRunner

    from aerodrome_victoriana.plugin import aerodrome_register_commands

    app, group = typer.Typer(), typer.Typer()
    app.add_typer(group, name="odds")
    aerodrome_register_commands(app=app, odds=group)
    out = CliRunner().invoke(
        app, ["odds", "victoriana", "test", "--white", "13", "--black", "8", "--json"]
    )
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["success"] + data["partial"] + data["failure"] + data["foul"] == pytest.approx(
        1.0, abs=1e-12
    )


@given(st.integers(0, 16), st.integers(0, 16))
@settings(max_examples=40, deadline=None)
def test_squadron_odds_are_a_distribution_and_symmetric(white: int, black: int) -> None:
    a, b = odds.squadron_roll(white, black), odds.squadron_roll(black, white)
    assert abs(sum(a.net.values()) - 1.0) < 1e-12
    assert a.truncated_mass < odds.TOLERANCE
    assert a.white_wins == pytest.approx(b.black_wins, abs=1e-12)
    assert a.tie == pytest.approx(b.tie, abs=1e-12)
