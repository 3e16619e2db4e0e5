"""``aerodrome compare`` through typer's CliRunner with the example ruleset ``joust``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from aerodrome.studies.metrics.builtin import builtin_metrics
from aerodrome.ui.cli import app

#: A tiny skill ladder (random and one search rung, a few games), so that every test runs it
#: quickly.
LADDER = ("--ladder-budgets", "2", "--ladder-games", "4")


def compare(runner: CliRunner, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["compare", *LADDER, *args])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout


def as_json(runner: CliRunner, *args: str) -> dict[str, Any]:
    code, out = compare(runner, "joust", "--json", "--workers", "1", *args)
    assert code == 0, out
    data: dict[str, Any] = json.loads(out)
    return data


def test_json_has_every_metric_for_every_column(runner: CliRunner) -> None:
    data = as_json(runner, "--games", "20", "--seed", "3")
    assert data["seed"] == 3 and data["games"] == 20
    names = [m["name"] for m in data["metrics"]]
    builtin = [m.name for m in builtin_metrics()]
    assert names[: len(builtin)] == builtin  # then those plugins add (dockfighters: 2)
    assert all(m["title"] and m["description"] and m["source"] for m in data["metrics"])
    [col] = data["columns"]
    assert col["column"]["name"] == "joust" and col["column"]["sides"] == ["red", "blue"]
    assert set(col["metrics"]) == set(names)
    completion = col["metrics"]["completion"]
    assert completion["method"] == "wilson" and completion["n"] == 20
    assert completion["low"] <= completion["value"] <= completion["high"]
    # joust registers no bot; the skill ladder: random against the search
    assert col["games"] == {"ladder": 4, "random-vs-random": 20}
    assert sum(col["profile"]["rounds"].values()) == 20


def test_json_is_the_same_on_one_and_two_workers(runner: CliRunner) -> None:
    one = compare(runner, "joust", "--json", "--games", "16", "--workers", "1")
    two = compare(runner, "joust", "--json", "--games", "16", "--workers", "2")
    assert one == two  # byte for byte


def test_out_file_makes_a_rerun_resume(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    first = as_json(runner, "--games", "12", "--out", str(out))
    written = out.read_bytes()
    assert len(written.splitlines()) == 12 + 4  # joust has no bot: random-vs-random, ladder
    again = as_json(runner, "--games", "12", "--out", str(out))
    assert again == first and out.read_bytes() == written


def test_table_shows_metrics_and_rulesets(runner: CliRunner) -> None:
    code, out = compare(runner, "joust", "--games", "10", "--workers", "1")
    assert code == 0
    for words in ("Completion", "Balance", "Skill over luck", "joust", "docs/compare.md"):
        assert words in out


def test_report_writes_a_page_with_every_plot(runner: CliRunner, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="matplotlib is not installed")
    code, _ = compare(
        runner, "joust", "--games", "10", "--workers", "1", "--report", str(tmp_path / "r")
    )
    assert code == 0
    page = (tmp_path / "r" / "index.html").read_text()
    assert page.count("<svg") == 4
    assert "<script" not in page and "<link" not in page and "src=" not in page  # self-contained


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "aerodrome.ui.cli", "compare", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_unknown_ruleset_is_one_line() -> None:
    proc = cli("no-such-ruleset", "--games", "1")
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert "no-such-ruleset" in proc.stderr


def test_unknown_variant_is_one_line() -> None:
    proc = cli("--variant", "no-such-variant", "--games", "1")
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert "unknown variant 'no-such-variant'" in proc.stderr


def test_json_is_the_same_on_dask(runner: CliRunner) -> None:
    pytest.importorskip("distributed", reason="dask[distributed] is not installed")
    here = as_json(runner, "--games", "8")
    dask = as_json(runner, "--games", "8", "--workers", "2", "--dask", "local")
    assert here == dask


def test_missing_optional_packages_give_one_line(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib

    from aerodrome.engine.errors import AerodromeError

    real = importlib.import_module

    def without(name: str, package: str | None = None) -> Any:
        if name.split(".")[0] in ("matplotlib", "distributed"):
            raise ImportError(name)
        return real(name, package)

    monkeypatch.setattr(importlib, "import_module", without)
    with pytest.raises(AerodromeError, match=r"--report needs matplotlib: pip install"):
        compare(runner, "joust", "--games", "2", "--workers", "1", "--report", str(tmp_path))
    with pytest.raises(AerodromeError, match=r"--dask needs Dask: pip install"):
        compare(runner, "joust", "--games", "2", "--dask", "local")
