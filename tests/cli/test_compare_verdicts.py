"""What ``aerodrome compare`` prints of its verdicts (issue 34): every row says the games it
rests on, the skill ladder says each step's, ``--detect METRIC=SIZE`` plans games, and the
report carries the raw and adjusted p-values and the family."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import aerodrome.plugins as plugins_module
from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.metrics import Column, Estimate, MetricInfo
from aerodrome.plugins import load_plugins
from aerodrome.studies.compare.measure import ColumnResult, Comparison, Profile
from aerodrome.studies.compare.paired import Difference
from aerodrome.ui.cli import app
from aerodrome.ui.cli.compare import cell, difference_cell, print_ladder
from tests.conftest import example_module
from tests.core import countdown

ARGS = ["compare", "countdown", "--variant", "burn-a-die", "--no-ladder", "--workers", "1"]


@pytest.fixture
def with_countdown(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    plugins = load_plugins(extra=[("joust", example_module()), ("countdown", countdown)])
    monkeypatch.setattr(plugins_module, "_default", plugins)
    yield


def invoke(runner: CliRunner, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout


def plain(renderable: Any) -> str:
    console = Console(width=60, color_system=None)
    with console.capture() as capture:
        console.print(renderable)
    return capture.get()


INFO = MetricInfo(name="balance", title="Balance", unit="share", description="", source="")


def test_every_cell_says_the_games_it_rests_on() -> None:
    """Levels and paired differences alike. Mutation caught: the ``n`` line dropped from
    ``cell`` (or ``difference_cell``)."""
    level = Estimate(value=0.5, low=0.4, high=0.6, n=37, method="wilson")
    assert "n 37" in plain(cell(level, INFO))
    d = Difference(
        value=0.004,
        low=0.002,
        high=0.008,
        n=41,
        method="paired-t",
        unpaired_low=-0.01,
        unpaired_high=0.02,
        p=0.001,
        p_adjusted=0.02,
    )
    text = plain(difference_cell(d, INFO))
    assert "n 41" in text and "adj p 0.02" in text
    assert "+0.004" in text and "[+0.002, +0.008]" in text  # the value at the interval's digits


def test_the_skill_ladder_says_the_games_of_each_step(capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's ladder row resting on 10-12 games without saying so. Mutation caught:
    ``print_ladder`` leaving out ``on N decided games``."""
    column = Column(
        name="toy", ruleset="toy", title="Toy", setup="s", sides=("a", "b"), seat_sides=("a", "b")
    )
    step = Estimate(value=0.75, low=0.47, high=0.91, n=12, method="wilson")
    one = Estimate(value=1.0, low=0.21, high=1.0, n=1, method="wilson")
    ladder = Estimate(
        value=0.75,
        low=0.47,
        high=0.91,
        n=12,
        method="wilson",
        parts={"random→bot": one, "bot→search:8": step},
    )
    result = Comparison(
        seed=1,
        games=12,
        metrics=[],
        columns=[
            ColumnResult(
                column=column, games={}, metrics={"skill-ladder": ladder}, profile=Profile()
            )
        ],
    )
    print_ladder(result)
    out = " ".join(capsys.readouterr().out.split())
    assert "skill ladder, toy: random→bot 1.00 [0.21, 1.00] on 1 decided game: undecided" in out
    assert "bot→search:8 0.75 [0.47, 0.91] on 12 decided games: undecided" in out


def test_detect_plans_games_and_the_json_carries_the_family(
    runner: CliRunner, with_countdown: None
) -> None:
    code, out = invoke(runner, *ARGS, "--games", "12", "--detect", "duration-turns=0.5")
    assert code == 0, out
    text = " ".join(out.split())
    assert "--detect duration-turns=0.5: burn-a-die, duration (turns) ±0.5 rounds a game:" in text
    assert "unchanged" not in text and "not detected" in text
    code, out = invoke(runner, *ARGS, "--games", "12", "--detect", "balance=0.1", "--json")
    assert code == 0, out
    data: dict[str, Any] = json.loads(out)
    [plan] = data["plans"]
    assert plan["metric"] == "balance" and plan["size"] == 0.1
    family = data["family"]
    assert family["correction"] == "holm" and family["alpha"] == 0.05
    assert len(family["members"]) == data["verdicts"][0]["family"]
    assert family["detect_level"] == pytest.approx(0.05 / len(family["members"]))
    for name, d in data["differences"][0]["metrics"].items():
        if d is not None:
            assert d["n"] > 0 and "p" in d and "p_adjusted" in d, name
            assert d["low"] <= d["value"] <= d["high"], name


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["compare", "countdown", "--detect", "balance=0.1"], "name a --variant"),
        ([*ARGS, "--detect", "balanse=0.1"], "did you mean balance"),
        ([*ARGS, "--detect", "balance"], "METRIC=SIZE"),
        ([*ARGS, "--detect", "balance=0"], "above 0"),
    ],
)
def test_bad_detect_is_a_one_line_error_before_any_game(
    runner: CliRunner, with_countdown: None, args: list[str], message: str
) -> None:
    with pytest.raises(AerodromeError, match=message):
        invoke(runner, *args, "--games", "2")


def test_the_report_carries_raw_and_adjusted_p_and_the_family(
    runner: CliRunner, with_countdown: None, tmp_path: Path
) -> None:
    pytest.importorskip("matplotlib", reason="matplotlib is not installed")
    code, out = invoke(runner, *ARGS, "--games", "8", "--report", str(tmp_path / "r"))
    assert code == 0, out
    page = (tmp_path / "r" / "index.html").read_text()
    assert '<section id="family">' in page and "adjusted p" in page
    assert "burn-a-die" in page and "(n=8)" in page
    assert "unchanged" not in page and "not detected" in page
