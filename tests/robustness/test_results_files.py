"""Issue 19: results files lose nothing and duplicate nothing. A run killed with SIGKILL
(``simulate --out``, ``compare --out``) resumes to exactly the games of an uninterrupted run;
a broken or edited middle line is skipped with a warning and its game played again; two runs
on one file do not both append (the file is locked)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import warnings
from pathlib import Path

import msgspec
import pytest

from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.records import GameRecord
from aerodrome.plugins import Plugins
from aerodrome.runs.parallel import Chunk, Config, Engine, check_chunk
from aerodrome.runs.results import ResultsFile, ResultsFileWarning, seal, unseal
from tests.robustness.conftest import run_cli

JOUST = Config(ruleset="joust", setup="duel", agents=("random", "random"), games=30, seed=5)


def aerodrome(*args: str, cwd: Path | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "aerodrome.ui.cli", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
    )


def finish(proc: subprocess.Popen[str]) -> tuple[int, str, str]:
    out, err = proc.communicate(timeout=300)
    return proc.returncode, out, err


def lines_in(path: Path) -> int:
    try:
        return path.read_bytes().count(b"\n")
    except FileNotFoundError:
        return 0


def kill_after(args: list[str], out: Path, lines: int) -> None:
    """Start ``aerodrome ARGS`` and SIGKILL it once ``out`` has at least ``lines`` lines."""
    proc = aerodrome(*args)
    deadline = time.monotonic() + 120
    while lines_in(out) < lines and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL, "the run ended before it could be killed"


def games_of(path: Path) -> list[tuple[tuple[str, ...], int]]:
    """(configuration, index) of every record in ``path``, in file order."""
    return games_of_lines(path.read_bytes().splitlines())


def games_of_lines(lines: list[bytes]) -> list[tuple[tuple[str, ...], int]]:
    out = []
    for line in lines:
        body = unseal(line)
        assert body is not None, line[:80]
        rec = msgspec.json.decode(body, type=GameRecord)
        out.append(((rec.ruleset, rec.setup, *rec.agents), rec.index))
    return out


# -- kill and resume ---------------------------------------------------------------------------
def test_simulate_killed_three_times_resumes_without_loss_or_duplicates(tmp_path: Path) -> None:
    out, reference = tmp_path / "killed.jsonl", tmp_path / "reference.jsonl"
    args = ["simulate", "df40k", "--agents", "random", "-n", "1500", "-q", "--json"]
    for lines in (200, 600, 1000):
        kill_after([*args, "--out", str(out)], out, lines)
    torn = out.read_bytes().splitlines(keepends=True)
    torn[100] = torn[100][:50] + b"\n"  # and a broken middle line
    out.write_bytes(b"".join(torn))
    code, resumed, err = finish(aerodrome(*args, "--out", str(out)))
    assert code == 0, err
    assert err.count("aerodrome: warning: ") == 1 and "line 101" in err
    code, whole, err = finish(aerodrome(*args, "--out", str(reference)))
    assert code == 0, err
    assert json.loads(resumed) == json.loads(whole)  # same summary
    good = [line for line in out.read_bytes().splitlines() if unseal(line) is not None]
    games = games_of_lines(good)
    assert len(games) == len(set(games)) == 1500  # nothing lost, nothing twice
    assert sorted(good) == sorted(reference.read_bytes().splitlines())


def test_compare_killed_mid_run_resumes_to_the_same_comparison(tmp_path: Path) -> None:
    out, reference = tmp_path / "killed.jsonl", tmp_path / "reference.jsonl"
    args = ["compare", "df40k", "-n", "500", "-w", "1", "-q", "--json"]
    kill_after([*args, "--out", str(out)], out, 400)
    code, resumed, err = finish(aerodrome(*args, "--out", str(out)))
    assert code == 0, err
    code, whole, err = finish(aerodrome(*args, "--out", str(reference)))
    assert code == 0, err
    assert json.loads(resumed) == json.loads(whole)
    games = games_of(out)
    assert len(games) == len(set(games)) == lines_in(reference)


@pytest.mark.skipif(
    not hasattr(signal, "SIGSTOP"), reason="holds a process still with SIGSTOP (POSIX)"
)
def test_two_concurrent_writers_do_not_duplicate(tmp_path: Path) -> None:
    out = tmp_path / "shared.jsonl"
    args = [
        "simulate",
        "df40k",
        "--agents",
        "random",
        "-n",
        "1500",
        "-q",
        "--json",
        "--out",
        str(out),
    ]
    first = aerodrome(*args)
    while lines_in(out) == 0 and first.poll() is None:
        time.sleep(0.01)
    # the first writer is held still while the second tries: no race with a fast first run
    # (on a quick machine 1,500 games can end before a second process has started)
    first.send_signal(signal.SIGSTOP)
    try:
        assert first.poll() is None, "the first run ended before a second could try: more games"
        second = finish(aerodrome(*args))
    finally:
        first.send_signal(signal.SIGCONT)
    assert second[0] == 1 and "another aerodrome run is writing this file" in second[2]
    assert "Traceback" not in second[2] and len(second[2].splitlines()) == 1
    assert finish(first)[0] == 0
    again = finish(aerodrome(*args))  # the loser resumes: nothing left to play
    assert again[0] == 0
    games = games_of(out)
    assert len(games) == len(set(games)) == 1500


# -- broken and edited lines -------------------------------------------------------------------
def _run(plugins: Plugins, path: Path) -> list[GameRecord]:
    return list(Engine(plugins, workers=1).run([JOUST], path))


def test_a_broken_middle_line_is_skipped_with_a_warning(plugins: Plugins, tmp_path: Path) -> None:
    path, reference = tmp_path / "broken.jsonl", tmp_path / "reference.jsonl"
    _run(plugins, reference)
    lines = reference.read_bytes().splitlines(keepends=True)
    lines[10] = lines[10][:40] + b"\n"  # a torn line in the middle
    path.write_bytes(b"".join(lines))
    with pytest.warns(ResultsFileWarning, match=r"broken\.jsonl line 11: no valid checksum"):
        recs = _run(plugins, path)
    assert sorted(r.index for r in recs) == list(range(30))  # the lines after it were kept
    good = [line for line in path.read_bytes().splitlines() if unseal(line) is not None]
    assert sorted(good) == sorted(reference.read_bytes().splitlines())  # the game was replayed


def test_an_edited_record_is_detected(plugins: Plugins, tmp_path: Path) -> None:
    path, reference = tmp_path / "edited.jsonl", tmp_path / "reference.jsonl"
    _run(plugins, reference)
    lines = reference.read_bytes().splitlines(keepends=True)
    rounds = b'"rounds":'
    at = lines[4].index(rounds) + len(rounds)
    lines[4] = lines[4][:at] + b"9" + lines[4][at:]  # still valid JSON, a different result
    path.write_bytes(b"".join(lines))
    with pytest.warns(ResultsFileWarning, match="line 5: no valid checksum"):
        recs = _run(plugins, path)
    honest = {r.index: r for r in _run(plugins, reference)}
    assert {r.index: r for r in recs} == honest


def test_a_record_without_its_checksum_is_not_trusted(plugins: Plugins, tmp_path: Path) -> None:
    path = tmp_path / "old.jsonl"
    _run(plugins, path)
    lines = path.read_bytes().splitlines(keepends=True)
    lines[0] = unseal(lines[0][:-1]) + b"\n"  # type: ignore[operator]
    path.write_bytes(b"".join(lines))
    with pytest.warns(ResultsFileWarning, match="line 1"):
        assert len(_run(plugins, path)) == 30


def _first_record(plugins: Plugins, tmp_path: Path) -> bytes:
    """The first line of a results file of the run (a file holding it is a results file)."""
    reference = tmp_path / "reference.jsonl"
    _run(plugins, reference)
    return reference.read_bytes().splitlines(keepends=True)[0]


def test_many_broken_lines_are_summed_up(plugins: Plugins, tmp_path: Path) -> None:
    path = tmp_path / "junk.jsonl"
    path.write_bytes(_first_record(plugins, tmp_path) + b"junk\n" * 50)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        assert len(_run(plugins, path)) == 30
    texts = [str(w.message) for w in seen if issubclass(w.category, ResultsFileWarning)]
    assert len(texts) == 11 and texts[-1].endswith("40 more broken lines skipped")


def test_a_very_long_line_is_skipped_without_reading_it_whole(
    plugins: Plugins, tmp_path: Path
) -> None:
    path = tmp_path / "long.jsonl"
    path.write_bytes(_first_record(plugins, tmp_path) + b"x" * (3 * 2**20) + b"\n")
    with pytest.warns(ResultsFileWarning, match="longer than"):
        assert len(_run(plugins, path)) == 30


def test_the_cli_prints_the_warning_on_one_line(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    assert run_cli("simulate", "joust", "-n", "5", "--out", str(path), "-q").code == 0
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(lines[0] + b"[/b] not a record\n" + b"".join(lines[1:]))
    result = run_cli("simulate", "joust", "-n", "5", "--out", str(path), "-q")
    assert result.code == 0
    assert result.err.splitlines() == [
        f"aerodrome: warning: --out {path} line 2: no valid checksum (edited, damaged, or not "
        "written by aerodrome); skipped, its game is played again"
    ]


# -- the lock, the seal, a worker's answer -----------------------------------------------------
def test_a_second_run_on_a_locked_file_fails_at_once(plugins: Plugins, tmp_path: Path) -> None:
    path = tmp_path / "locked.jsonl"
    busy = pytest.raises(AerodromeError, match="another aerodrome run is writing this file")
    with ResultsFile(path), busy:
        _run(plugins, path)
    assert len(_run(plugins, path)) == 30  # released at the end of the first run


def test_seal_and_unseal() -> None:
    record = b'{"index":1,"x":"a,\\"check\\":\\"0"}'
    line = seal(record)
    assert line.endswith(b'"}\n') and unseal(line[:-1]) == record
    assert unseal(line[:-1].replace(b'"index":1', b'"index":2')) is None
    assert unseal(b"{}") is None and unseal(b'{"check":"00"}') is None


@pytest.mark.parametrize(
    ("payload", "why"),
    [
        (None, "NoneType instead of JSON Lines"),
        ([b"{}"], "list instead of JSON Lines"),
        (b"{}", "bytes instead of JSON Lines and a CPU time"),
        ((b"{}", "1.0"), "tuple instead of JSON Lines and a CPU time"),
        ((b"{}", 0.1), "the last line is not whole"),
        ((b"", 0.1), "0 records for 2 games"),
        ((b"{}\n{}\n", 0.1), "not a game record"),
    ],
)
def test_a_wrong_worker_answer_is_refused(payload: object, why: str) -> None:
    chunk = Chunk(JOUST, 0, 2)
    with pytest.raises(AerodromeError, match=why):
        check_chunk(chunk, payload)


def test_a_worker_answer_for_other_games_is_refused(plugins: Plugins) -> None:
    from aerodrome.runs.parallel import Environment, play_chunk, plugin_sources

    payload = play_chunk(Environment(sources=plugin_sources(plugins)), Chunk(JOUST, 2, 4))
    with pytest.raises(AerodromeError, match="a record of another game"):
        check_chunk(Chunk(JOUST, 0, 2), payload)
    records, lines, cpu = check_chunk(Chunk(JOUST, 2, 4), payload)
    assert [r.index for r in records] == [2, 3] and lines.count(b"\n") == 2 and cpu >= 0


def test_the_results_file_must_be_a_regular_file(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    os.mkfifo(fifo)
    run_cli("simulate", "joust", "--out", str(fifo)).one_line_error("not a regular file")
