"""What a designer asks of the command line (issue 24): ``compare R --variant V`` prints a
paired difference column and verdict lines, ``--json`` carries the differences with their
intervals; ``variants`` lists variants and parameters; ``sweep`` plays a parameter and finds
where a metric crosses a target; ``--quick``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import aerodrome.plugins as plugins_module
from aerodrome.plugins import load_plugins
from aerodrome.ui.cli import app
from tests.conftest import example_module
from tests.core import countdown

VARIANT = ["compare", "classic", "--variant", "head-on-ties-kill-both", "--no-ladder"]


def invoke(runner: CliRunner, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout


@pytest.fixture
def with_countdown(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    plugins = load_plugins(extra=[("joust", example_module()), ("countdown", countdown)])
    monkeypatch.setattr(plugins_module, "_default", plugins)
    yield


def test_a_variant_prints_verdicts_and_its_json_carries_the_differences(
    runner: CliRunner, tmp_path: Path
) -> None:
    """One run of classic against head-on-ties-kill-both; the JSON of the same games read
    back from --out (no game played twice)."""
    games = str(tmp_path / "games.jsonl")
    code, out = invoke(runner, *VARIANT, "--games", "8", "--workers", "1", "--out", games)
    assert code == 0, out
    assert "Δ paired" in out
    lines = out.splitlines()
    verdict = next(i for i, line in enumerate(lines) if line.startswith("head-on-ties-kill-both: "))
    text = " ".join(lines[verdict : verdict + 4])
    assert "balance" in text and "length" in text and "lethality" in text
    assert any("Holm-adjusted p ≤ 0.05 over all" in line for line in lines)
    assert "unchanged" not in out
    code, out = invoke(runner, *VARIANT, "--games", "8", "--workers", "1", "--out", games, "--json")
    assert code == 0, out
    data: dict[str, Any] = json.loads(out)
    [diff] = data["differences"]
    assert diff["base"] == "classic" and diff["column"] == "classic+head-on-ties-kill-both"
    assert diff["label"] == "head-on-ties-kill-both"
    lethality = diff["metrics"]["lethality-turn"]
    assert lethality["method"] == "paired-t" and lethality["n"] == 8
    assert lethality["low"] <= lethality["value"] <= lethality["high"]
    assert {"unpaired_low", "unpaired_high", "p"} <= set(lethality)
    completion = diff["metrics"]["completion"]
    assert completion["method"] == "mcnemar-exact" and len(completion["discordant"]) == 2
    [verdict] = data["verdicts"]
    assert verdict["text"].startswith("head-on-ties-kill-both: ")
    assert verdict["compared"] >= 15 and verdict["family"] == len(data["family"]["members"])
    assert data["family"]["correction"] == "holm"
    assert "classic+head-on-ties-kill-both: lethality-turn" in data["family"]["members"]
    assert {"p", "p_adjusted", "detectable", "test"} <= set(lethality)
    assert data["columns"][1]["base"] == "classic"


def test_quick_is_a_first_look(runner: CliRunner) -> None:
    code, out = invoke(runner, "compare", "joust", "--quick", "--workers", "1", "--json")
    assert code == 0, out
    data = json.loads(out)
    assert data["games"] == 30
    [col] = data["columns"]
    assert col["column"]["ladder"] == ["random"]  # no bot, no search rung in a first look
    assert col["games"] == {"random-vs-random": 30}


def test_quick_ladder_is_the_bot_step_from_its_own_games(runner: CliRunner) -> None:
    """--quick's ladder is random < bot, read from compare's bot-against-random games: the
    share of the decided ones the bot wins, at no game more than --no-ladder plays."""
    args = ("compare", "df40k", "--quick", "--games", "12", "--workers", "1", "--json")
    code, out = invoke(runner, *args)
    assert code == 0, out
    [col] = json.loads(out)["columns"]
    code, out = invoke(runner, *args, "--no-ladder")
    assert code == 0, out
    [bare] = json.loads(out)["columns"]
    assert col["column"]["ladder"] == ["random", "bot"]
    assert col["games"] == bare["games"]  # the same matchups, the same games
    ladder = col["metrics"]["skill-ladder"]
    assert ladder["value"] is not None and ladder["n"] > 0


def test_variants_lists_variants_and_parameters(runner: CliRunner) -> None:
    code, out = invoke(runner, "variants")
    assert code == 0, out
    for words in ("head-on-ties-kill-both", "classic", "cards", "classic.aces.4"):
        assert words in " ".join(out.split())
    code, out = invoke(runner, "variants", "classic", "--json")
    data = json.loads(out)
    assert [v["name"] for v in data["variants"]] == ["head-on-ties-kill-both"]
    assert data["variants"][0]["hooks"] == ["aerodrome_classic_head_on"]
    [cards] = [p for p in data["parameters"] if p["name"] == "cards"]
    assert (cards["name"], cards["low"], cards["high"], cards["default"]) == ("cards", 1, 10, 4)
    assert cards["clause"] == "classic.aces.4"


def test_variants_of_an_unknown_ruleset_is_one_line(runner: CliRunner) -> None:
    from aerodrome.engine.errors import UnknownNameError

    with pytest.raises(UnknownNameError, match="clasic"):
        invoke(runner, "variants", "clasic")


def test_sweep_finds_a_crossing_from_the_command_line(
    runner: CliRunner, with_countdown: None
) -> None:
    code, out = invoke(
        runner,
        "sweep",
        "countdown",
        "--param",
        "length=1..12",
        "--target",
        "duration-turns=7",
        "--games",
        "14",
        "--workers",
        "1",
    )
    assert code == 0, out
    text = " ".join(out.split())  # as a reader reads it, whatever the terminal's width
    assert "duration-turns crosses 7 upward between length=6" in text
    assert "(reference)" in text and "length=7 (against length=5): longer, +2.0" in text


def test_sweep_json_has_every_value_and_metric(runner: CliRunner, with_countdown: None) -> None:
    code, out = invoke(
        runner,
        "sweep",
        "countdown",
        "--param",
        "length=2..4",
        "--metric",
        "drama",
        "--games",
        "6",
        "--workers",
        "1",
        "--json",
    )
    assert code == 0, out
    data = json.loads(out)
    assert data["values"] == [2, 3, 4] and data["metrics"] == ["drama"]
    assert data["reference"] == 2 and data["target"] is None
    assert len(data["comparison"]["columns"]) == 3
    assert len(data["comparison"]["differences"]) == 2


@pytest.mark.parametrize(
    ("args", "why"),
    [
        (["--param", "length"], "NAME=LOW..HIGH"),
        (["--param", "length=0..3"], "outside its bounds"),
        (["--param", "length=1..3", "--target", "balance"], "METRIC=VALUE"),
        (["--param", "length=1..3", "--metric", "balanse"], "balanse"),
    ],
)
def test_bad_sweep_options_are_one_line(
    runner: CliRunner, with_countdown: None, args: list[str], why: str
) -> None:
    from aerodrome.engine.errors import AerodromeError

    with pytest.raises(AerodromeError, match=why):
        invoke(runner, "sweep", "countdown", "--games", "1", "--workers", "1", *args)
