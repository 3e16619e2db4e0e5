"""Benchmarks of the comparison engine (issue 6).

- :func:`bench_speedup`: games per second on 1 worker (in-process) and on a pool of 2
  workers, playing the registered ruleset with the slowest games (target: ≥ 1.8×). Each run
  starts in a fresh interpreter, so both pay the same one-time start-up (loading plugins,
  building a ruleset's tables) instead of the 1-worker run reusing this process's warm caches.
- :func:`bench_memory`: peak memory (RSS) of a whole streamed comparison run of 10,000 and of
  100,000 games of a fast ruleset, each in a fresh process: it must stay flat as N grows.
- :func:`bench_default_compare`: the README's ``aerodrome compare`` (every ruleset, default
  games and skill trace) as a user runs it, on 1 worker and on 2: wall time, and the CPU time
  of the main process and of all its workers (targets: ≤ 30 s wall on 2 cores, 2 workers
  over 1 ≥ 1.8×). On a machine shared with other work the wall times measure the load too:
  the CPU times say what the run costs, whatever the load.
"""

from __future__ import annotations

import ctypes
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "examples" / "aerodrome-joust"
#: Wall time of the 1-worker run of the speed-up benchmark.
TARGET_SECONDS = 60.0


def example_plugins() -> Any:
    """Every registered ruleset plus the example ``joust`` (as the tests load it)."""
    if str(EXAMPLE) not in sys.path:
        sys.path.append(str(EXAMPLE))
    import aerodrome_joust

    from aerodrome.plugins import entry_points, load_plugins

    have = any(ep.name == "joust" for ep in entry_points())
    return load_plugins(extra=[] if have else [("joust", aerodrome_joust)])


def _agents(plugins: Any, name: str) -> str:
    return "bot" if "bot" in plugins.agents_for(name) else "random"


def _config(plugins: Any, name: str, games: int, seed: int = 1) -> Any:
    from aerodrome.parallel import Config

    setup = plugins.ruleset(name).setup()
    return Config(
        ruleset=name,
        setup=setup.name,
        agents=(_agents(plugins, name),) * len(setup.seats),
        games=games,
        seed=seed,
    )


def _seconds_per_game(plugins: Any, name: str, games: int = 3) -> float:
    from aerodrome.parallel import Engine

    start = time.perf_counter()
    for _ in Engine(plugins, workers=1).run([_config(plugins, name, games, seed=99)]):
        pass
    return (time.perf_counter() - start) / games


def _slowest(plugins: Any) -> tuple[str, float]:
    """The ruleset with the slowest games, and its seconds per game (timed over ~1 s)."""
    timed = []
    for name in plugins.ruleset_names():
        try:
            timed.append((_seconds_per_game(plugins, name), name))
        except Exception:  # a ruleset still being written must not stop the benchmark
            continue
    _, name = max(timed)
    games = 3
    while True:
        seconds = _seconds_per_game(plugins, name, games) * games
        if seconds >= 1.0 or games >= 100_000:
            return name, seconds / games
        games = int(games * min(10.0, 1.2 / max(seconds, 1e-3))) + 1


def _run(plugins: Any, config: Any, workers: int) -> float:
    from aerodrome.parallel import Engine

    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        n = sum(1 for _ in Engine(plugins, workers=workers).run([config], Path(tmp) / "g.jsonl"))
        elapsed = time.perf_counter() - start
    assert n == config.games
    return elapsed


def timed_run(name: str, games: int, workers: int) -> float:
    """Seconds for a whole run of ``games`` games of ``name`` on ``workers``, start-up included
    (called in a fresh interpreter by :func:`bench_speedup`)."""
    start = time.perf_counter()
    plugins = example_plugins()
    _run(plugins, _config(plugins, name, games), workers)
    return time.perf_counter() - start


def _run_in_fresh_process(name: str, games: int, workers: int) -> float:
    code = (
        "import json; from benchmarks.bench_compare import timed_run; "
        f"print(json.dumps(timed_run({name!r}, {games}, {workers})))"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    seconds: float = json.loads(proc.stdout.strip().splitlines()[-1])
    return seconds


def bench_speedup() -> dict[str, Any]:
    """Speed-up of a 2-worker process pool over 1 worker on the slowest registered ruleset."""
    plugins = example_plugins()
    name, per_game = _slowest(plugins)
    games = max(20, min(200_000, int(TARGET_SECONDS / per_game)))
    one = _run_in_fresh_process(name, games, 1)
    two = _run_in_fresh_process(name, games, 2)
    return {
        "ruleset": name,
        "agents": _agents(plugins, name),
        "games": games,
        "cores": os.cpu_count(),
        "seconds_1_worker": round(one, 2),
        "seconds_2_workers": round(two, 2),
        "games_per_second_1": round(games / one, 1),
        "games_per_second_2": round(games / two, 1),
        "speedup_2_over_1": round(one / two, 2),
    }


def memory_run(games: int) -> dict[str, Any]:
    """One streamed comparison run of ``games`` joust games in this process (for
    :func:`bench_memory`); returns the peak RSS of this process."""
    from aerodrome.compare.measure import all_metrics, measure
    from aerodrome.compare.plan import plan
    from aerodrome.parallel import Engine

    plugins = example_plugins()
    [p] = plan(plugins, ["joust"], [], games, 1)
    config = p.configs[0][0]
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "games.jsonl"
        start = time.perf_counter()
        records = Engine(plugins, workers=1).run([config], out)
        result = measure([p], records, all_metrics(plugins), seed=1, games=games)
        elapsed = time.perf_counter() - start
        size = out.stat().st_size
    played = sum(result.columns[0].games.values())
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "games": played,
        "seconds": elapsed,
        "peak_rss_mib": peak_kib / 1024,
        "file_mib": size / 2**20,
    }


def _memory_in_fresh_process(games: int) -> dict[str, Any]:
    code = (
        "import json, sys; from benchmarks.bench_compare import memory_run; "
        f"print(json.dumps(memory_run({games})))"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    data: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return data


def bench_memory() -> dict[str, Any]:
    """Peak RSS of streamed runs of 10,000 and 100,000 games: flat as N grows."""
    small = _memory_in_fresh_process(10_000)
    large = _memory_in_fresh_process(100_000)
    return {
        "ruleset": "joust",
        "peak_rss_mib_10k": round(small["peak_rss_mib"], 1),
        "peak_rss_mib_100k": round(large["peak_rss_mib"], 1),
        "growth_100k_over_10k": round(large["peak_rss_mib"] / small["peak_rss_mib"], 3),
        "results_file_mib_100k": round(large["file_mib"], 1),
        "games_per_second_100k": round(large["games"] / large["seconds"], 1),
    }


# -- the default compare, as a user runs it ---------------------------------------------------
#: The command of :func:`bench_default_compare` (``--workers N`` is added).
DEFAULT_COMPARE = ("aerodrome", "compare", "--quiet")
#: prctl's PR_SET_CHILD_SUBREAPER: orphaned descendants (the pool's fork server and its
#: workers) are handed to this process, so that their CPU time can be collected.
_PR_SET_CHILD_SUBREAPER = 36


def _reap_as_subreaper() -> bool:
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0)
    except (OSError, AttributeError):  # not Linux
        return False


def timed_compare(workers: int) -> dict[str, float]:
    """One ``aerodrome compare`` on ``workers`` workers in a fresh process: wall seconds, the
    main process's CPU seconds and every other process's (the pool's workers)."""
    subreaper = _reap_as_subreaper()
    start = time.perf_counter()
    proc = subprocess.Popen(
        [*DEFAULT_COMPARE, "--workers", str(workers)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    _, status, main = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise RuntimeError(
            f"aerodrome compare failed: {proc.stderr.read().decode() if proc.stderr else ''}"
        )
    others = 0.0
    while subreaper:  # the fork server (and the workers it reaped) exit after the main process
        try:
            _, _, usage = os.wait4(-1, 0)
        except ChildProcessError:
            break
        others += usage.ru_utime + usage.ru_stime
    return {
        "wall_seconds": round(wall, 1),
        "cpu_main": round(main.ru_utime + main.ru_stime, 1),
        "cpu_workers": round(others, 1),
    }


def bench_default_compare() -> dict[str, Any]:
    """The default ``aerodrome compare`` on 1 worker (in-process) and on 2, each in a fresh
    process; with the load average, since the wall times include the machine's other work."""
    load = os.getloadavg()[0]
    one = timed_compare(1)
    two = timed_compare(2)
    cpu_one = one["cpu_main"] + one["cpu_workers"]
    cpu_two = two["cpu_main"] + two["cpu_workers"]
    return {
        "command": " ".join(DEFAULT_COMPARE) + " --workers N",
        "cores": os.cpu_count(),
        "load_average_before_after": [round(load, 1), round(os.getloadavg()[0], 1)],
        "1_worker": one,
        "2_workers": two,
        "cpu_seconds_1_worker": round(cpu_one, 1),
        "cpu_seconds_2_workers": round(cpu_two, 1),
        "wall_speedup_2_over_1": round(one["wall_seconds"] / two["wall_seconds"], 2),
        # on two idle cores, at best: every process's CPU shared evenly by the two cores
        # (the 1-worker run is one process: its CPU time is its wall time on an idle core)
        "idle_wall_bound_2_workers": round(cpu_two / 2, 1),
        "cpu_speedup_bound_2_over_1": round(cpu_one / (cpu_two / 2), 2),
    }
