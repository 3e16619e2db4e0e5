"""The CLI works the same for every registered ruleset (picked up with no change here)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from aerodrome.engine.capabilities import specs_folder
from aerodrome.ui.cli import app
from tests.conftest import EXAMPLE, PLUGINS

RULESETS = PLUGINS.ruleset_names()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_simulate_twice_prints_identical_json(ruleset: str) -> None:
    runner = CliRunner()
    args = ["simulate", ruleset, "--games", "4", "--seed", "5", "--json", "-q"]
    first, second = runner.invoke(app, args), runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    summary = json.loads(first.output)
    for key in (
        "ruleset",
        "games",
        "seed",
        "wins",
        "draws",
        "unfinished",
        "mean_rounds",
        "max_rounds",
        "kills",
    ):
        assert key in summary
    assert summary["games"] == 4


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_human_seat_can_play_and_quit_with_a_save(ruleset: str, tmp_path: Path) -> None:
    runner = CliRunner()
    save = tmp_path / "g.json"
    result = runner.invoke(
        app, ["play", ruleset, "--seed", "2", "--save", str(save)], input="1\n" * 12 + "q\n"
    )
    assert result.exit_code == 0, result.output
    assert "Seat 1" in result.output
    replayed = runner.invoke(app, ["replay", str(save), "--verify"])
    assert replayed.exit_code == 0, replayed.output


@pytest.mark.parametrize("ruleset", RULESETS)
def test_setups_and_rules_commands(ruleset: str) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["setups", ruleset, "--json"])
    assert result.exit_code == 0 and json.loads(result.output)["setups"]
    specs = specs_folder(PLUGINS.ruleset(ruleset))
    if specs is not None and (specs / "clauses.toml").is_file():
        # the example plugin's tests live beside it, as a third-party plugin's would
        tests = ["--tests", str(EXAMPLE / "tests")] if ruleset == "joust" else []
        result = runner.invoke(app, ["rules", ruleset, "--coverage", "--json", *tests])
        assert result.exit_code == 0, result.output
        data = json.loads(result.output)
        assert data["summary"].get("untested", 0) == 0
        assert all(
            row["status"] in {"implemented", "assumed", "out-of-scope"} for row in data["clauses"]
        )
