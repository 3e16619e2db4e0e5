"""``compare --report`` links a sample game of each column to its viewer page: game 0 of the
column's main matchup, the same game as the run's first record of it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from aerodrome.engine.ruleset import Result
from aerodrome.runs.viewer.record import outcome
from aerodrome.studies.samples import file_name
from aerodrome.ui.cli import app


def test_report_links_each_columns_sample_game(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="matplotlib is not installed")
    report, out = tmp_path / "r", tmp_path / "games.jsonl"
    args = ["compare", "joust", "victoriana", "-n", "4", "-w", "1", "-q", "--report", str(report)]
    result = CliRunner().invoke(app, [*args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    index = (report / "index.html").read_text()
    links = re.findall(r'<a class="sample" href="([^"]+)">', index)
    assert links == ["games/01-joust.html", "games/02-victoriana.html"]
    records = [json.loads(line) for line in out.read_text().splitlines()]
    for link, ruleset, agent in zip(links, ("joust", "victoriana"), ("random", "bot"), strict=True):
        first = next(
            r
            for r in records
            if r["ruleset"] == ruleset and r["index"] == 0 and set(r["agents"]) == {agent}
        )
        page = (report / link).read_text()
        assert f"seed {first['seed']}" in page
        res = Result(
            **{k: v for k, v in first["result"].items() if k in ("winners", "reason", "rounds")}
        )
        assert outcome(res) in page  # the very game of the run


def test_file_names_are_safe() -> None:
    assert file_name(3, "classic+hold fire/../x") == "03-classic+hold_fire_.._x.html"
