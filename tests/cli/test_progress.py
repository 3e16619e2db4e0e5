"""Progress on stderr whether or not it is a terminal: lines every few seconds when it is
not (games done, total, time left), an estimate once every configuration is timed, the time
left from what games cost rather than from their count."""

from __future__ import annotations

import io
import time
from typing import Any

import pytest
from rich.console import Console

from aerodrome.runs.parallel import Chunk, Config, Done, Schedule
from aerodrome.ui.cli import output, progress
from aerodrome.ui.cli.progress import RunProgress, duration

CHEAP = Config(ruleset="joust", setup="duel", agents=("random", "random"), games=100, seed=1)
DEAR = Config(ruleset="classic", setup="two-player", agents=("bot", "bot"), games=10, seed=1)


@pytest.fixture
def stderr(monkeypatch: pytest.MonkeyPatch) -> io.StringIO:
    """stderr as a pipe: not a terminal."""
    buf = io.StringIO()
    monkeypatch.setattr(progress, "err_console", Console(file=buf, force_terminal=False))
    monkeypatch.setattr(output, "err_console", Console(file=buf, force_terminal=False))
    return buf


def test_durations_read_as_people_say_them() -> None:
    assert duration(4.4) == "4 s"
    assert duration(185) == "3 min 05 s"
    assert duration(2 * 3600 + 600) == "2 h 10 min"


def test_lines_come_every_few_seconds_when_stderr_is_not_a_terminal(
    stderr: io.StringIO, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Mutation caught: the bar alone, disabled off a terminal (the issue's silent run)."""
    monkeypatch.setattr(progress, "EVERY", 0.05)
    with RunProgress("compare", quiet=False, workers=2) as p:
        p.plan(110)
        p.advance(7)
        time.sleep(0.3)
    lines = [line for line in stderr.getvalue().splitlines() if line]
    assert len(lines) >= 2
    assert lines[-1].startswith("compare: 7 of 110 games, ") and "elapsed" in lines[-1]


def test_quiet_prints_nothing(stderr: io.StringIO, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress, "EVERY", 0.05)
    with RunProgress("compare", quiet=True, workers=2) as p:
        p.plan(10)
        p.advance(3)
        time.sleep(0.2)
    assert stderr.getvalue() == ""


def _timed(p: RunProgress) -> Schedule:
    schedule = Schedule([CHEAP, DEAR], Done([CHEAP, DEAR]), workers=2)
    p.plan(110)
    p.start(schedule)
    chunks: Any = iter(schedule)
    for config, cpu in ((CHEAP, 0.01), (DEAR, 4.0)):
        chunk: Chunk = next(chunks)
        schedule.finished(config, 1, cpu)
        p.chunk(chunk, cpu)
        p.advance(1)
    return schedule


def test_the_estimate_weighs_games_by_their_cost(stderr: io.StringIO) -> None:
    """99 cheap games left at 10 ms and 9 dear ones at 4 s: 36.99 s of CPU, about 18 s on
    two cores; a count of games would say 108 games at the mean 2 s (216 s)."""
    with RunProgress("compare", quiet=False, workers=2) as p:
        _timed(p)
        cpu = p.remaining_cpu()
        assert cpu == pytest.approx(99 * 0.01 + 9 * 4.0)
    text = stderr.getvalue()
    assert "compare: 108 games to go, about 18 s on 2 cores to themselves" in text, text
    assert "games to play" not in text  # 110 games: no opening line


def test_a_long_run_opens_with_what_it_will_play(stderr: io.StringIO) -> None:
    many = Config(ruleset="joust", setup="duel", agents=("random", "random"), games=500, seed=1)
    with RunProgress("compare", quiet=False, workers=2) as p:
        p.start(Schedule([many, DEAR], Done([many, DEAR]), workers=2))
    assert "compare: 510 games to play in 2 matchups on 2 workers; the first game of each" in (
        " ".join(stderr.getvalue().split())
    )


def test_an_interrupted_run_says_how_far_it_got(stderr: io.StringIO) -> None:
    with (
        pytest.raises(KeyboardInterrupt),
        RunProgress("sweep", quiet=True, workers=2, out="games.jsonl") as p,
    ):
        p.plan(50)
        p.advance(20)
        raise KeyboardInterrupt
    assert "aerodrome: sweep interrupted after 20 of 50 games (kept in games.jsonl" in (
        stderr.getvalue()
    )
