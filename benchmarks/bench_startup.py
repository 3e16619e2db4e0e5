"""Start-up of the ``aerodrome`` command, whole process (issue 18): ``--help``, ``rulesets``
and one exact-odds query, each run ROUNDS times in a fresh interpreter, interleaved.

Reported per command: the wall time (min and median) and the CPU time of the child process
(user + system, min and median). On a shared machine the wall time measures the load; the
CPU time is the figure to compare. A bare typer app with two commands is measured in the same
rounds: the floor that typer and rich set (what aerodrome cannot make faster).

Bytecode caches are written (``PYTHONDONTWRITEBYTECODE`` unset, as in a normal install): an
interpreter that compiles every module from source each time measures the compiler.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROUNDS = 15

COMMANDS = {
    "--help": ["--help"],
    "rulesets": ["rulesets"],
    "odds victoriana squadron-roll --white 14 --black 15": [
        "odds",
        "victoriana",
        "squadron-roll",
        "--white",
        "14",
        "--black",
        "15",
    ],
}

#: The floor: typer and rich alone, a help page of two commands.
BARE_TYPER = """
import typer
app = typer.Typer(rich_markup_mode="rich", add_completion=True)
@app.command()
def one(x: int = 1) -> None:
    "One."
@app.command()
def two(x: int = 1) -> None:
    "Two."
app()
"""


def _run(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of one run of ``argv``."""
    import time

    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{' '.join(argv)} failed")
    return wall, usage.ru_utime + usage.ru_stime


def _figures(runs: list[tuple[float, float]]) -> dict[str, float]:
    walls, cpus = [w for w, _ in runs], [c for _, c in runs]
    return {
        "wall_min_s": round(min(walls), 3),
        "wall_median_s": round(statistics.median(walls), 3),
        "cpu_min_s": round(min(cpus), 3),
        "cpu_median_s": round(statistics.median(cpus), 3),
    }


def bench_startup(rounds: int = ROUNDS) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as tmp:
        bare = Path(tmp) / "bare_typer.py"
        bare.write_text(BARE_TYPER)
        script = Path(sys.executable).with_name("aerodrome")  # the installed command
        command = [str(script)] if script.is_file() else [sys.executable, "-m", "aerodrome.ui.cli"]
        argvs = {name: [*command, *args] for name, args in COMMANDS.items()}
        argvs["bare typer app --help"] = [sys.executable, str(bare), "--help"]
        for argv in argvs.values():  # warm: bytecode written, files in the page cache
            _run(argv, env)
        runs: dict[str, list[tuple[float, float]]] = {name: [] for name in argvs}
        for i in range(rounds):
            names = list(argvs) if i % 2 == 0 else list(reversed(argvs))
            for name in names:
                runs[name].append(_run(argvs[name], env))
    return {"rounds": rounds, **{name: _figures(r) for name, r in runs.items()}}
