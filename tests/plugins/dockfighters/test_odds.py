"""Exact odds of attacks, and the odds command."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from aerodrome_dockfighters.odds import attack, hit_chance


@pytest.mark.clause("dockfighters.hit.2", "dockfighters.hit.4", "dockfighters.damage.3")
def test_attack_odds() -> None:
    # the p27 situation: 3 heavy MG dice needing 6, damage on 5+
    dist = attack(3, 6, (5,))
    assert dist[0] == Fraction(17, 18) ** 3
    assert sum(dist.values()) == 1
    assert hit_chance(8) == Fraction(1, 6) and hit_chance(1) == Fraction(5, 6)
    assert hit_chance(6, easy=True) == Fraction(1, 6) + Fraction(5, 6) * Fraction(1, 6)
    assert hit_chance(5, reroll_hits=True) == Fraction(1, 9)
    cannon = attack(1, 6, (3, 5, 6))
    assert cannon == {
        0: Fraction(5, 6) + Fraction(1, 6) * Fraction(2, 6),
        1: Fraction(1, 6) * Fraction(2, 6),
        2: Fraction(1, 36),
        3: Fraction(1, 36),
    }


@pytest.mark.clause("dockfighters.damage.1")
def test_odds_command() -> None:
    import typer

    from aerodrome_dockfighters.cli import app

    odds = typer.Typer()
    odds.add_typer(app, name="dockfighters")
    args = ["dockfighters", "attack", "--dice", "3", "--weapon", "heavy machine gun", "--json"]
    result = CliRunner().invoke(odds, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert abs(data["damage"]["0"] - (17 / 18) ** 3) < 1e-9


@pytest.mark.clause("dockfighters.move.15")
def test_svg_command(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import typer

    from aerodrome.engine.specs import builtin_specs
    from aerodrome_dockfighters.cli import tools

    root = typer.Typer()
    root.add_typer(tools, name="dockfighters")
    out = tmp_path / "board.svg"
    pos = builtin_specs("dockfighters") / "positions" / "head-on.toml"
    result = CliRunner().invoke(root, ["dockfighters", "svg", str(pos), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text().startswith("<svg")
    bad = tmp_path / "bad.toml"
    bad.write_text(
        '[position]\\naircraft = [{datasheet = "Camel", player = 0, col = 1, row = 1}]\\n'
    )
    result = CliRunner().invoke(root, ["dockfighters", "svg", str(bad)])
    assert result.exit_code == 1
