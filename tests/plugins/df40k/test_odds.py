"""Exact dogfight odds (icepool), checked against brute-force enumeration, and the
``aerodrome odds df40k dogfight`` command."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from typer.testing import CliRunner

from aerodrome_df40k import odds
from aerodrome_df40k.cli import app


def brute_force(adf: int, ddf: int, attackers: int) -> dict[int, Fraction]:
    counts: Counter[int] = Counter()
    for dice in itertools.product(range(1, 7), repeat=attackers + 1):
        attack = max(dice[:-1]) + attackers - 1 + adf
        counts[attack - (dice[-1] + ddf)] += 1
    total = 6 ** (attackers + 1)
    return {m: Fraction(c, total) for m, c in counts.items()}


@pytest.mark.clause("df40k.dogfight.4", "df40k.dogfight.5")
def test_single_attacker_df6_against_df7_exactly() -> None:
    o = odds.outcome(6, 7, 1)
    # win needs a die 2+ above the other's: 10 of 36; a draw is exactly 1 above: 5 of 36
    assert o == {"win": Fraction(10, 36), "draw": Fraction(5, 36), "loss": Fraction(21, 36)}
    assert odds.margin_distribution(6, 7, 1) == brute_force(6, 7, 1)


@pytest.mark.clause("df40k.victory.9")
@pytest.mark.parametrize(("adf", "ddf", "attackers"), [(6, 7, 2), (2, 6, 3), (7, 2, 1), (4, 4, 4)])
def test_further_attackers_match_brute_force(adf: int, ddf: int, attackers: int) -> None:
    dist = odds.margin_distribution(adf, ddf, attackers)
    assert dist == brute_force(adf, ddf, attackers)
    assert sum(dist.values()) == 1


@pytest.mark.clause("df40k.racial.2")
def test_gargoyle_shift_is_binomial_at_four_up() -> None:
    dist = odds.gargoyle_shift(3)
    assert dist == {0: Fraction(1, 8), 1: Fraction(3, 8), 2: Fraction(3, 8), 3: Fraction(1, 8)}
    assert sum(p for moved, p in dist.items() if moved >= 2) == Fraction(1, 2)
    assert odds.gargoyle_shift(0) == {0: Fraction(1)}


def test_odds_are_cached() -> None:
    odds.outcome(3, 5, 2)
    hits = odds.outcome.cache_info().hits
    odds.outcome(3, 5, 2)
    assert odds.outcome.cache_info().hits == hits + 1


def test_odds_command_json() -> None:
    result = CliRunner().invoke(
        app, ["dogfight", "--attacker-df", "6", "--defender-df", "7", "--attackers", "2", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    exact = brute_force(6, 7, 2)
    assert {row["margin"]: Fraction(row["fraction"]) for row in data["margins"]} == exact
    win = sum((p for m, p in exact.items() if m > 0), Fraction(0))
    assert Fraction(data["win"]["fraction"]) == win
    assert data["win"]["probability"] == pytest.approx(float(win))
    total = sum(Fraction(data[k]["fraction"]) for k in ("win", "draw", "loss"))
    assert total == 1


def test_odds_command_table_and_bad_input() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["dogfight", "--attacker-df", "6", "--defender-df", "7"])
    assert result.exit_code == 0 and "win" in result.output and "10/36" not in result.output
    assert "5/18" in result.output  # 10/36 in lowest terms
    bad = runner.invoke(
        app, ["dogfight", "--attacker-df", "6", "--defender-df", "7", "--attackers", "0"]
    )
    assert bad.exit_code != 0


def test_the_plugin_registers_the_odds_command_and_its_hooks(plugins: Any) -> None:
    import typer

    root, odds_group = typer.Typer(), typer.Typer()
    root.add_typer(odds_group, name="odds")

    @root.callback()
    def _root() -> None: ...

    @odds_group.callback()
    def _odds() -> None: ...

    plugins.register_commands(root, odds_group)
    args = ["odds", "df40k", "dogfight", "--attacker-df", "6", "--defender-df", "7", "--json"]
    result = CliRunner().invoke(root, args)
    assert result.exit_code == 0, result.output
    assert Fraction(json.loads(result.output)["win"]["fraction"]) == Fraction(5, 18)
    assert "aerodrome_df40k_dogfight_modifiers" in plugins.hook_names()
    assert "aerodrome_df40k_damage_result" in plugins.hook_names()
