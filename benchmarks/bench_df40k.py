"""Benchmarks of the df40k ruleset: full battles per second, odds queries.

``nox -s bench`` calls every ``bench_*`` function and reports the figures it returns.
"""

from __future__ import annotations

import time
from typing import Any

from aerodrome.agents import agent_seed
from aerodrome.dice import derive_seed
from aerodrome.plugins import load_plugins
from aerodrome.sim import play_game

SETUP = "first-blood"


def _ruleset() -> Any:
    plugins = load_plugins()
    return plugins, plugins.ruleset("df40k")


def bench_bot_battles(
    battles: int = 2000, setup: str = SETUP, seed: int = 1, chunks: int = 4
) -> dict[str, float]:
    """Full battles, the rules-based bot on both sides, on one core (no event log kept).

    The battles run in ``chunks``; like ``timeit``, the figure is the best chunk's rate in
    CPU seconds of this process, which other processes' load disturbs least. The mean
    over all chunks (CPU and wall clock) is reported too.
    """
    plugins, ruleset = _ruleset()
    bot = plugins.agent("df40k", "bot")
    chosen = ruleset.setup(setup)
    per_chunk = max(1, battles // chunks)
    decisions = 0
    rates: list[float] = []
    start, cpu_start = time.perf_counter(), time.process_time()
    for c in range(chunks):
        cpu = time.process_time()
        for i in range(c * per_chunk, (c + 1) * per_chunk):
            game_seed = derive_seed(seed, i)
            agents = [bot.factory(ruleset, p, agent_seed(game_seed, p)) for p in (0, 1)]
            _, n = play_game(ruleset, chosen, game_seed, agents)
            decisions += n
        rates.append(per_chunk / max(time.process_time() - cpu, 1e-9))
    played = per_chunk * chunks
    return {
        "battles_per_second": round(max(rates), 1),
        "mean_battles_per_second": round(played / (time.process_time() - cpu_start), 1),
        "wall_battles_per_second": round(played / (time.perf_counter() - start), 1),
        "decisions_per_battle": round(decisions / played, 2),
        "battles": played,
    }


def bench_odds_queries(queries: int = 2000) -> dict[str, float]:
    """Exact dogfight odds: the first query of a situation (icepool) and a cached repeat."""
    from aerodrome_df40k import odds

    odds.margin_distribution.cache_clear()
    odds.outcome.cache_clear()
    start = time.perf_counter()
    odds.outcome(6, 7, 2)
    first_ms = (time.perf_counter() - start) * 1000
    start = time.perf_counter()
    for i in range(queries):
        odds.outcome(2 + i % 8, 2 + (i // 8) % 8, 1 + i % 3)
    per_query_ms = (time.perf_counter() - start) * 1000 / queries
    return {"first_query_ms": round(first_ms, 3), "mean_query_ms": round(per_query_ms, 4)}


if __name__ == "__main__":
    print(bench_bot_battles())
    print(bench_odds_queries())
