"""``aerodrome tournament``: every pairing in every seating, openskill ratings, the same JSON
for the same seed, a resumable ``--out`` (tiny budgets: strength lives in the benchmarks)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from aerodrome.engine.ruleset import Result
from aerodrome.runs.sim import GameRecord
from aerodrome.studies.tournament import plan, rate, seatings
from aerodrome.ui.cli import app
from tests.conftest import PLUGINS, stderr_apart
from tests.robustness.conftest import run_cli


@pytest.fixture
def runner() -> CliRunner:
    """stdout and stderr apart (the tests read both), on old click too."""
    return stderr_apart()


ARGS = ["tournament", "joust", "--agents", "random,mcts:3:depth=6", "--games", "3"]


def run(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def as_json(runner: CliRunner, *args: str) -> dict[str, Any]:
    code, out, err = run(runner, *ARGS, "--json", "--workers", "1", *args)
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def test_same_seed_same_tournament_json(runner: CliRunner) -> None:
    one = run(runner, *ARGS, "--json", "--workers", "1", "--seed", "4")
    two = run(runner, *ARGS, "--json", "--workers", "1", "--seed", "4")
    assert one[0] == 0 and one == two  # byte for byte
    other = run(runner, *ARGS, "--json", "--workers", "1", "--seed", "5")
    assert other[1] != one[1]


def test_every_pairing_plays_every_seating(runner: CliRunner) -> None:
    data = as_json(runner)
    assert [p["agents"] for p in data["pairings"]] == [
        {"red": "random", "blue": "mcts:3:depth=6"},
        {"red": "mcts:3:depth=6", "blue": "random"},
    ]
    assert all(p["games"] == 3 for p in data["pairings"])
    assert sorted(r["agent"] for r in data["ratings"]) == ["mcts:3:depth=6", "random"]
    for r in data["ratings"]:
        assert r["games"] == 6 == r["wins"] + r["draws"] + r["losses"]
        assert r["low"] < r["mu"] < r["high"]


def test_out_file_makes_a_rerun_resume(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    first = as_json(runner, "--out", str(out))
    written = out.read_bytes()
    assert len(written.splitlines()) == 6
    with out.open("ab") as f:
        f.write(b'{"index": 9, "half a li')  # an interrupted run
    again = as_json(runner, "--out", str(out))
    assert again == first and out.read_bytes() == written


def test_table_and_report(runner: CliRunner, tmp_path: Path) -> None:
    code, out, _ = run(runner, *ARGS, "--workers", "1", "--report", str(tmp_path / "r"))
    assert code == 0 and "rating" in out and "random" in out
    page = (tmp_path / "r" / "index.html").read_text()
    assert 'id="ratings"' in page and "mcts:3:depth=6" in page


@pytest.mark.parametrize(
    ("agents", "message"),
    [
        ("random", "needs at least 2 different agents"),
        ("random,mcts:0", "budget must be from 1"),
        ("random,nope", "unknown agent for joust 'nope'"),
    ],
)
def test_bad_agents_are_one_line(runner: CliRunner, agents: str, message: str) -> None:
    from aerodrome.engine.errors import AerodromeError

    with pytest.raises(AerodromeError, match=message):
        plan(PLUGINS, "joust", None, agents.split(","), 2, 1)


def test_seatings_are_ordered_choices_of_different_agents() -> None:
    assert seatings(("a", "b"), ["x", "y", "z"]) == [
        ("x", "y"),
        ("x", "z"),
        ("y", "x"),
        ("y", "z"),
        ("z", "x"),
        ("z", "y"),
    ]


def record(index: int, winners: tuple[str, ...]) -> GameRecord:
    return GameRecord(
        index=index,
        seed=index,
        ruleset="r",
        setup="s",
        agents=("?",),
        sides=("red", "blue"),
        result=Result(winners=winners, reason="", rounds=1),
        decisions=1,
    )


def test_ratings_order_a_planted_strong_weak_pair() -> None:
    """``strong`` beats ``weak`` 4 games in 5 and ``middle`` 3 in 5; ``middle`` beats ``weak``
    3 in 5; a draw now and then. The ratings must order them strong > middle > weak (mutation
    caught: ranks given the wrong way round)."""
    games = []
    plan_ = [("strong", "weak", 4), ("strong", "middle", 3), ("middle", "weak", 3)]
    for i in range(60):
        a, b, wins = plan_[i % 3]
        k = (i // 3) % 5
        red, blue = (a, b) if i % 2 else (b, a)
        if k == 4 and i % 7 == 0:
            winners: tuple[str, ...] = ()
        else:
            winner = a if k < wins else b
            winners = ("red",) if winner == red else ("blue",)
        games.append(({"red": red, "blue": blue}, record(i, winners)))
    ratings = rate(["weak", "middle", "strong"], games)
    assert [r.agent for r in ratings] == ["strong", "middle", "weak"]
    strong, _, weak = ratings
    assert strong.mu > weak.mu and strong.ordinal > weak.ordinal
    assert strong.wins + strong.draws + strong.losses == strong.games == 40


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--dask-insecure"], "--dask-insecure: needs --dask"),
        (["--seed", str(2**70)], "--seed"),
        (["--games", str(10**12)], "--games"),
    ],
)
def test_options_are_checked_as_compare_checks_them(extra: list[str], message: str) -> None:
    """tournament shares compare's options (seed and games bounded, the checked Dask target):
    mutation caught: its own unchecked --dask/--seed declarations back."""
    done = run_cli(*ARGS, "--workers", "1", *extra)
    assert done.code != 0 and message in done.err and "Traceback" not in done.err


def test_output_paths_are_checked_before_any_game(tmp_path: Path) -> None:
    """An --out or --report that cannot be written fails at once, in one line, with no game
    played (the report was found unwritable only after the games)."""
    blocker = tmp_path / "file"
    blocker.write_text("x")
    done = run_cli(*ARGS, "--workers", "1", "--report", str(blocker / "sub"))
    assert done.code == 1 and "--report" in done.err and len(done.err.strip().splitlines()) == 1
    done = run_cli(*ARGS, "--workers", "1", "--out", str(tmp_path))
    assert done.code == 1 and "--out" in done.err and len(done.err.strip().splitlines()) == 1
