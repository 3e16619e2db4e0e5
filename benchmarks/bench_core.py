"""Core overhead: the example ruleset `joust` (one simultaneous decision a round)."""

from __future__ import annotations

import time
from typing import Any

from aerodrome.engine.agents import RandomAgent, agent_seed
from aerodrome.engine.dice import derive_seed
from aerodrome.runs.sim import play_game
from benchmarks.bench_compare import example_plugins


def bench_joust_random_games() -> dict[str, Any]:
    """Full joust games per second, random agents, one core, no event log."""
    plugins = example_plugins()
    ruleset = plugins.ruleset("joust")
    setup = ruleset.setup()
    n, start = 3000, time.perf_counter()
    for i in range(n):
        seed = derive_seed(1, i)
        play_game(ruleset, setup, seed, [RandomAgent(agent_seed(seed, p)) for p in (0, 1)])
    elapsed = time.perf_counter() - start
    return {"games": n, "games_per_second": round(n / elapsed)}
