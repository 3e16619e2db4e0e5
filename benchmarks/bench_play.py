"""Benchmarks of ``aerodrome play`` (issue 27).

- :func:`bench_save`: what ``--save`` costs. The whole command ``aerodrome play classic
  --seat 1=random --seat 2=random --seed SEED`` (a game of about 1,600 actions, printed to
  a null sink) with and without ``--save FILE``, interleaved round after round in this
  process, in CPU seconds (``time.process_time``: the machine's other work counts less).
  Before issue 27 the whole save was rewritten after every action (O(n) an action): 67.8 s
  with ``--save`` against 9.5 s without; now one line is appended (O(1) an action).
"""

from __future__ import annotations

import contextlib
import gc
import io
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

#: A two-player classic game of random agents, long: 1,664 actions.
SEED = 63
ROUNDS = 3


def play_once(save: Path | None) -> tuple[float, float]:
    """``aerodrome play`` of the benchmark game in this process: (CPU s, wall s)."""
    from aerodrome.ui.cli import main

    args = ["play", "classic", "--seat", "1=random", "--seat", "2=random", "--seed", str(SEED)]
    if save is not None:
        args += ["--save", str(save)]
    gc.collect()
    cpu, wall = time.process_time(), time.perf_counter()
    with (
        contextlib.redirect_stdout(io.StringIO()),
        contextlib.redirect_stderr(io.StringIO()),
        contextlib.suppress(SystemExit),
    ):
        main(args)
    return time.process_time() - cpu, time.perf_counter() - wall


def bench_save(*, rounds: int | None = None) -> dict[str, Any]:
    """`play` with and without `--save` (CPU seconds, median of interleaved rounds)."""
    from aerodrome.runs.saves import read_save

    n = rounds or ROUNDS
    plain: list[tuple[float, float]] = []
    saved: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        save = Path(tmp) / "game.json"
        play_once(None)  # warm: imports, specs, caches
        for r in range(n):
            order = [None, save] if r % 2 == 0 else [save, None]
            for target in order:
                if target is not None:
                    save.unlink(missing_ok=True)
                (plain if target is None else saved).append(play_once(target))
        actions = len(read_save(save).actions)
        size = save.stat().st_size
    cpu_plain = statistics.median(c for c, _ in plain)
    cpu_saved = statistics.median(c for c, _ in saved)
    return {
        "game": f"classic two-player random/random seed {SEED}",
        "actions": actions,
        "save_bytes": size,
        "rounds": n,
        "cpu_s_without_save": round(cpu_plain, 2),
        "cpu_s_with_save": round(cpu_saved, 2),
        "wall_s_without_save": round(statistics.median(w for _, w in plain), 2),
        "wall_s_with_save": round(statistics.median(w for _, w in saved), 2),
        "save_cost_ratio": round(cpu_saved / cpu_plain, 3),
        "save_ms_per_action": round((cpu_saved - cpu_plain) / actions * 1000, 3),
    }
