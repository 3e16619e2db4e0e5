"""The default ``aerodrome sensitivity`` of each ruleset, as a user runs it (issue 35): wall
time on 2 workers, the looks and the changes that played on; targets: at most 3 minutes for
df40k and Victoriana, 10 for classic and Dockfighters, on 2 idle cores. On a machine shared
with other work the wall time measures the load too (run it on an idle machine to read it
against the targets)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from typing import Any

COMMAND = [sys.executable, "-m", "aerodrome.ui.cli", "sensitivity"]
#: Wall-time targets on 2 idle cores, in seconds.
TARGETS = {"df40k": 180, "victoriana": 180, "classic": 600, "dockfighters": 600}


def bench_default_sensitivity() -> dict[str, Any]:
    """Each ruleset's default study in a fresh process (``--workers 2 --json``)."""
    out: dict[str, Any] = {}
    for ruleset, target in TARGETS.items():
        start = time.perf_counter()
        done = subprocess.run(
            [*COMMAND, ruleset, "--workers", "2", "--json", "--quiet"],
            capture_output=True,
            text=True,
            check=True,
        )
        wall = time.perf_counter() - start
        study = json.loads(done.stdout)
        out[ruleset] = {
            "wall_s": round(wall, 1),
            "target_s": target,
            "changes": len(study["changes"]),
            "looks": study["looks"],
            "played_on": len(study["extended"]),
            "games": study["games"],
            "max_games": study["max_games"],
        }
    return out
