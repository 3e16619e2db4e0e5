"""Killing ``aerodrome tournament`` or ``aerodrome compare`` leaves no process behind: not
the pool's workers, not its fork server, not multiprocessing's resource tracker (issue 24:
the forkserver workers of a killed tournament kept running with parent 1)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="reads the process tree from /proc"
)

ROOT = Path(__file__).resolve().parents[2]
#: Seconds the pool may take to start, and the orphans to notice their run is gone.
START, GONE = 60.0, 10.0


def children() -> dict[int, int]:
    """pid → parent pid of every process."""
    out: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rpartition(")")[2].split()
        if fields[0] != "Z":  # a zombie is gone: only its exit status is left
            out[int(entry.name)] = int(fields[1])
    return out


def descendants(pid: int) -> set[int]:
    tree = children()
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {p for p, parent in tree.items() if parent in frontier} - found
        found |= frontier
    return found


def alive(pids: set[int]) -> set[int]:
    tree = children()
    return {p for p in pids if p in tree}


def start(*args: str) -> tuple[subprocess.Popen[bytes], set[int]]:
    """Start ``aerodrome ARGS`` and wait until its pool's workers run (the fork server and
    at least two workers below it); returns the process and its descendants."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "aerodrome.ui.cli", *args],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + START
    while time.monotonic() < deadline:
        found = descendants(proc.pid)
        tree = children()
        workers = [p for p in found if tree.get(p) in found]  # grandchildren: the workers
        if len(workers) >= 2:
            return proc, found
        if proc.poll() is not None:
            break
        time.sleep(0.1)
    proc.kill()
    proc.wait()
    err = proc.stderr.read().decode() if proc.stderr else ""
    pytest.fail(f"no pool started: {err}")


def wait_gone(pids: set[int]) -> set[int]:
    deadline = time.monotonic() + GONE
    while (left := alive(pids)) and time.monotonic() < deadline:
        time.sleep(0.1)
    return left


def test_a_killed_tournament_leaves_no_worker() -> None:
    """SIGKILL: the run can clean nothing up; its workers notice it is gone and exit, and
    the fork server and resource tracker follow. Mutation caught: no ``watch_parent`` in the
    pool initializer (the workers stay with parent 1)."""
    proc, pids = start(
        "tournament", "df40k", "--agents", "bot,random", "--games", "5000", "--workers", "2", "-q"
    )
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    left = wait_gone(pids)
    for pid in left:  # do not leave them to the next test either
        os.kill(pid, signal.SIGKILL)
    assert not left, f"processes left behind by the killed run: {sorted(left)}"


def test_a_terminated_compare_stops_its_workers_and_says_so() -> None:
    """SIGTERM: an interrupt (exit code 130, as Ctrl-C); the run terminates its pool at once
    and says how far it got. Mutation caught: ``terminate_as_interrupt`` not installed (the
    process dies by the signal, code -15, and says nothing)."""
    proc, pids = start("compare", "df40k", "--games", "5000", "--workers", "2", "-q")
    proc.send_signal(signal.SIGTERM)
    try:
        code = proc.wait(timeout=GONE)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        pytest.fail("compare did not end within 10 s of SIGTERM")
    err = proc.stderr.read().decode() if proc.stderr else ""
    left = wait_gone(pids)
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert code == 130 and "aerodrome: compare interrupted after" in err, (code, err)
    assert not left, f"processes left behind: {sorted(left)}"
