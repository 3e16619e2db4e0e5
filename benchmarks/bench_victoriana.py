"""Victoriana: full squadron battles per second with the bot on both sides, and the exact
odds of the worked example's Squadron Roll (14 white against 15 black dice)."""

from __future__ import annotations

import gc
import time
from typing import Any

from aerodrome.agents import agent_seed
from aerodrome.dice import derive_seed
from aerodrome.plugins import load_plugins
from aerodrome.sim import play_game


def _battles(setup_name: str, games: int) -> dict[str, Any]:
    from aerodrome_victoriana.bot import VictorianaBot

    ruleset = load_plugins().ruleset("victoriana")
    setup = ruleset.setup(setup_name)

    def run(start: int, n: int) -> tuple[int, int]:
        rounds = decisions = 0
        for i in range(start, start + n):
            seed = derive_seed(1, i)
            agents = [VictorianaBot(agent_seed(seed, p)) for p in (0, 1)]
            game, d = play_game(ruleset, setup, seed, agents)
            rounds += game.result().rounds
            decisions += d
        return rounds, decisions

    run(10_000, 100)  # warm the bot's cached odds
    gc.collect()  # start from a collected heap (garbage left by earlier benchmarks)
    start, cpu = time.perf_counter(), time.process_time()
    rounds, decisions = run(0, games)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {
        "setup": setup_name,
        "games": games,
        "battles_per_second": round(games / elapsed),  # wall clock
        "battles_per_cpu_second": round(games / cpu),  # this process's CPU time
        "cpu_us_per_battle": round(cpu / games * 1e6),
        "mean_rounds": round(rounds / games, 2),
        "mean_decisions": round(decisions / games, 1),
    }


def bench_bot_battles() -> dict[str, Any]:
    """Full squadron battles (the worked example's 9 against 12 aircraft, no named
    characters: the Squadron Roll decides everything), bot against bot, one core."""
    return _battles("11-group-squadrons", 1000)


def bench_bot_battles_with_characters() -> dict[str, Any]:
    """The worked example with PCs and NPCs acting in the Combat Phase."""
    return _battles("11-group", 200)


def bench_odds_14_15() -> dict[str, Any]:
    """`aerodrome odds victoriana squadron-roll --white 14 --black 15`, cold and cached."""
    from aerodrome_victoriana import odds

    cold = []
    for _ in range(5):
        odds.clear_caches()
        start = time.perf_counter()
        result = odds.squadron_roll(14, 15)
        cold.append(time.perf_counter() - start)
    start = time.perf_counter()
    for _ in range(1000):
        odds.squadron_roll(14, 15)
    cached = (time.perf_counter() - start) / 1000
    return {
        "cold_ms": round(min(cold) * 1000, 2),
        "cold_ms_median": round(sorted(cold)[2] * 1000, 2),
        "cached_us": round(cached * 1e6, 3),
        "white_wins": round(result.white_wins, 6),
        "black_wins": round(result.black_wins, 6),
        "tie": round(result.tie, 6),
        "truncated_mass": result.truncated_mass,
    }
