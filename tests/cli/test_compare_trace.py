"""``aerodrome compare`` measured by thinking: the skill trace and the strongest agent's
skill over luck in the JSON, the table, the report; ``--no-trace``; bad budgets."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from aerodrome.cli import app
from aerodrome.errors import AerodromeError

ARGS = ["compare", "joust", "--games", "6", "--workers", "1", "--trace-games", "4"]


def run(runner: CliRunner, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, [*ARGS, *args])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout


def test_the_trace_is_in_the_json(runner: CliRunner) -> None:
    code, out = run(runner, "--json", "--trace-budgets", "2,4,8")
    assert code == 0
    data: dict[str, Any] = json.loads(out)
    [col] = data["columns"]
    assert col["column"]["trace"] == [2, 4, 8]
    assert col["games"] == {"random-vs-random": 6, "search-trace": 8, "search-vs-random": 4}
    trace = col["metrics"]["skill-trace"]
    if trace is not None:  # joust can draw every game of so few
        assert set(trace["parts"]) <= {"2→4", "4→8"}
    strongest = col["metrics"]["skill-strongest"]
    if strongest is not None:
        assert set(strongest["parts"]) == {"mcts:8"}


def test_no_trace_plays_no_search_games(runner: CliRunner) -> None:
    code, out = run(runner, "--json", "--no-trace")
    assert code == 0
    [col] = json.loads(out)["columns"]
    assert col["games"] == {"random-vs-random": 6}
    assert col["metrics"]["skill-trace"] is None


@pytest.mark.parametrize("budgets", ["3,5", "4", "a,b"])
def test_bad_budgets_are_one_line(runner: CliRunner, budgets: str) -> None:
    with pytest.raises(AerodromeError, match="--trace-budgets"):
        run(runner, "--trace-budgets", budgets)


def test_the_report_has_a_skill_trace_section(runner: CliRunner, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="matplotlib is not installed")
    code, _ = run(runner, "--trace-budgets", "2,4", "--seed", "2", "--report", str(tmp_path))
    assert code == 0
    page = (tmp_path / "index.html").read_text()
    assert "Skill over luck (strongest agent)" in page
