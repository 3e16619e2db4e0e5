"""``aerodrome compare`` with the skill ladder: the ladder and the strongest agent's skill
over luck in the JSON and the report; ``--no-ladder``; bad budgets."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from aerodrome.engine.errors import AerodromeError
from aerodrome.ui.cli import app

ARGS = ["compare", "joust", "--games", "6", "--workers", "1", "--ladder-games", "4"]


def run(runner: CliRunner, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, [*ARGS, *args])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout


def test_the_ladder_is_in_the_json(runner: CliRunner) -> None:
    code, out = run(runner, "--json", "--ladder-budgets", "2,4")
    assert code == 0
    data: dict[str, Any] = json.loads(out)
    [col] = data["columns"]
    assert col["column"]["ladder"] == ["random", "search:2", "search:4"]
    assert col["games"] == {"ladder": 8, "random-vs-random": 6}
    ladder = col["metrics"]["skill-ladder"]
    if ladder is not None:  # joust can draw every game of so few
        assert set(ladder["parts"]) <= {"random→search:2", "search:2→search:4"}
    strongest = col["metrics"]["skill-strongest"]
    if strongest is not None:
        assert set(strongest["parts"]) == {"search:2"}


def test_no_ladder_plays_no_ladder_games(runner: CliRunner) -> None:
    code, out = run(runner, "--json", "--no-ladder")
    assert code == 0
    [col] = json.loads(out)["columns"]
    assert col["games"] == {"random-vs-random": 6}
    assert col["metrics"]["skill-ladder"] is None


@pytest.mark.parametrize("budgets", ["5,3", "0", "a,b", "4,4"])
def test_bad_budgets_are_one_line(runner: CliRunner, budgets: str) -> None:
    with pytest.raises(AerodromeError, match="--ladder-budgets"):
        run(runner, "--ladder-budgets", budgets)


def test_the_report_has_a_skill_ladder_section(runner: CliRunner, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="matplotlib is not installed")
    code, _ = run(runner, "--ladder-budgets", "2", "--seed", "2", "--report", str(tmp_path))
    assert code == 0
    page = (tmp_path / "index.html").read_text()
    assert "Skill over luck (strongest agent)" in page and "Skill ladder" in page
