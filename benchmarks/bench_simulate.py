"""Benchmarks of ``aerodrome simulate`` (issue 19).

- :func:`bench_memory`: peak memory (RSS) of the whole ``aerodrome simulate df40k`` command
  (the ruleset's bot on every seat, streamed to ``--out``) for 20,000 and for 200,000 games,
  each in a fresh process: the summary is streamed, so the peak must stay within 10 % as the
  number of games grows tenfold (before: every record was kept, 1.9 KB a game).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SMALL, LARGE = 20_000, 200_000


def simulate_run(games: int, out: str) -> dict[str, Any]:
    """``aerodrome simulate df40k --games GAMES --out OUT`` in this process; its peak RSS."""
    import contextlib
    import io
    import resource

    from aerodrome.ui.cli import main

    start = time.perf_counter()
    stdout = io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.suppress(SystemExit):
        main(["simulate", "df40k", "--games", str(games), "--out", out, "--json", "-q"])
    summary = json.loads(stdout.getvalue())
    return {
        "games": summary["games"],
        "seconds": time.perf_counter() - start,
        "peak_rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def _in_fresh_process(games: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        out = str(Path(tmp) / "games.jsonl")
        code = (
            "import json, sys; from benchmarks.bench_simulate import simulate_run; "
            f"sys.stderr.write(json.dumps(simulate_run({games}, {out!r})) + '\\n')"
        )
        proc = subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
        )
    data: dict[str, Any] = json.loads(proc.stderr.strip().splitlines()[-1])
    assert data["games"] == games, data
    return data


def bench_memory() -> dict[str, Any]:
    """Peak RSS of `aerodrome simulate df40k` for 20,000 and 200,000 games (target: +10 % at most)."""
    small = _in_fresh_process(SMALL)
    large = _in_fresh_process(LARGE)
    growth = large["peak_rss_mib"] / small["peak_rss_mib"]
    return {
        "ruleset": "df40k",
        "agents": "bot",
        "peak_rss_mib_20k": round(small["peak_rss_mib"], 1),
        "peak_rss_mib_200k": round(large["peak_rss_mib"], 1),
        "growth_200k_over_20k": round(growth, 3),
        "within_10_percent": growth <= 1.10,
        "games_per_second_200k": round(LARGE / large["seconds"], 1),
    }
