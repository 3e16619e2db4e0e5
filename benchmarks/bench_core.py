"""Core overhead: the example ruleset `joust` (one simultaneous decision a round)."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from aerodrome.agents import RandomAgent, agent_seed
from aerodrome.dice import derive_seed
from aerodrome.plugins import load_plugins
from aerodrome.sim import play_game

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "aerodrome-joust"


def bench_joust_random_games() -> dict[str, Any]:
    """Full joust games per second, random agents, one core, no event log."""
    sys.path.append(str(EXAMPLE))
    import aerodrome_joust

    plugins = load_plugins(extra=[("joust", aerodrome_joust)])
    ruleset = plugins.ruleset("joust")
    setup = ruleset.setup()
    n, start = 3000, time.perf_counter()
    for i in range(n):
        seed = derive_seed(1, i)
        play_game(ruleset, setup, seed, [RandomAgent(agent_seed(seed, p)) for p in (0, 1)])
    elapsed = time.perf_counter() - start
    return {"games": n, "games_per_second": round(n / elapsed)}
