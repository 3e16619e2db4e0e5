"""Benchmarks of the search agent and of compare measured by thinking (issue 11).

- :func:`bench_decision`: CPU time (``time.process_time``) of one ``mcts`` decision at its
  default budget in every built-in ruleset, over positions of a bot-against-bot game
  (target: within 1 s per decision on one core).
- ``bench_strength_<ruleset>``: ``mcts`` at its default budget against the random agent and
  against the ruleset's bot, each side in turn (``--rounds N``: games per seating, default
  10), on the compare engine's process pool (one function per ruleset, so that each can be
  run alone: ``python -m benchmarks search.strength_df40k``). Targets: ≥ 95 % of the decided games against
  random in every ruleset; more wins than losses against the bot in at least three of four.
- :func:`bench_compare`: a full default ``aerodrome compare`` with the skill trace: its
  total CPU time in one process (``--workers 1``), and its wall time on 2 workers (target:
  ≤ 2 minutes on 2 cores; on a shared machine the CPU figure, halved, is the fair one).

CPU time, not wall time, where it matters: this machine is shared.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BUILT_IN = ("classic", "df40k", "dockfighters", "victoriana")
#: Positions per ruleset timed by :func:`bench_decision`.
POSITIONS = 8


def _positions(plugins: Any, name: str, count: int = POSITIONS) -> list[tuple[Any, int]]:
    """Clones of a bot-against-bot game at decisions with a choice, spread over the game."""
    from aerodrome.agents import PlayerView, agent_seed
    from aerodrome.game import Game

    rules = plugins.ruleset(name)
    setup = rules.setup()
    bot = plugins.agent(name, "bot").factory
    bots = [bot(rules, p, agent_seed(5, p)) for p in range(len(setup.seats))]
    game = Game(rules, setup, 5, record=False)
    views = [PlayerView(game, p) for p in range(len(bots))]
    found: list[tuple[Any, int]] = []
    n = 0
    while not game.is_over():
        for p in game.waiting_for():
            legal = game.legal_actions(p)
            if len(legal) > 1:
                n += 1
                if n % 3 == 1:
                    found.append((game.clone(), p))
            game.apply(p, bots[p].choose(views[p], legal))
    step = max(1, len(found) // count)
    return found[::step][:count]


def bench_decision() -> dict[str, Any]:
    """CPU milliseconds of one default ``mcts`` decision, per ruleset (median and max)."""
    from aerodrome.agents import PlayerView
    from aerodrome.plugins import load_plugins

    plugins = load_plugins()
    out: dict[str, Any] = {}
    for name in BUILT_IN:
        rules = plugins.ruleset(name)
        spec = plugins.agent(name, "mcts")
        positions = _positions(plugins, name)
        times, iterations = [], []
        for i, (game, player) in enumerate(positions):
            agent: Any = spec.factory(rules, player, 1)
            view = PlayerView(game, player)
            if i == 0:  # warm the ruleset's caches (move tables...) once
                agent.choose(view, game.legal_actions(player))
            start = time.process_time()
            agent.choose(view, game.legal_actions(player))
            times.append(time.process_time() - start)
            iterations.append(agent.last_iterations)
        out[name] = {
            "positions": len(times),
            "median_ms": round(1000 * statistics.median(times), 1),
            "max_ms": round(1000 * max(times), 1),
            "iterations": round(statistics.mean(iterations)),
        }
    out["within_1s"] = all(v["max_ms"] <= 1000 for v in out.values() if isinstance(v, dict))
    return out


def render_decision(figures: dict[str, Any]) -> str:
    lines = ["mcts (default budget) CPU per decision, one core:"]
    for name in BUILT_IN:
        f = figures[name]
        lines.append(
            f"  {name:13} median {f['median_ms']:7.1f} ms  max {f['max_ms']:7.1f} ms  "
            f"{f['iterations']:5} iterations ({f['positions']} positions)"
        )
    lines.append(f"  every decision within 1 s: {figures['within_1s']}")
    return "\n".join(lines)


def _match(name: str, agent: str, other: str, games: int, workers: int) -> dict[str, Any]:
    """``agent`` against ``other`` for ``games`` games per seating: decided games won."""
    from aerodrome.metrics import wilson
    from aerodrome.parallel import Config, Engine
    from aerodrome.plugins import load_plugins

    plugins = load_plugins()
    setup = plugins.ruleset(name).setup()
    sides = setup.sides
    configs = []
    for side in sides:
        agents = tuple(agent if s.side == side else other for s in setup.seats)
        configs.append(
            (side, Config(ruleset=name, setup=setup.name, agents=agents, games=games, seed=11))
        )
    wins = losses = draws = unfinished = 0
    by_key = {c.key: side for side, c in configs}
    for rec in Engine(plugins, workers=workers, detail=False).run([c for _, c in configs]):
        side = by_key[(rec.ruleset, rec.setup, rec.agents, rec.variants)]
        r = rec.result
        if not r.finished:
            unfinished += 1
        elif not r.winners:
            draws += 1
        elif side in r.winners:
            wins += 1
        else:
            losses += 1
    e = wilson(wins, wins + losses)
    return {
        "wins": wins,
        "losses": losses,
        "draws": draws,
        "unfinished": unfinished,
        "decided_share": round(e.value, 3) if e else None,
        "interval": [round(e.low, 3), round(e.high, 3)] if e else None,
    }


def strength(name: str, games: int) -> dict[str, Any]:
    """Default ``mcts`` against random and against the bot in ruleset ``name``."""
    workers = os.cpu_count() or 1
    vs_random = _match(name, "mcts", "random", games, workers)
    vs_bot = _match(name, "mcts", "bot", games, workers)
    return {
        "games_per_seating": games,
        "vs_random": vs_random,
        "vs_bot": vs_bot,
        "beats_random_95": (vs_random["decided_share"] or 0) >= 0.95,
        "beats_bot": vs_bot["wins"] > vs_bot["losses"],
    }


def bench_strength_classic(*, rounds: int | None = None) -> dict[str, Any]:
    """``--rounds N``: games per seating (default 10)."""
    return strength("classic", rounds or 10)


def bench_strength_df40k(*, rounds: int | None = None) -> dict[str, Any]:
    return strength("df40k", rounds or 10)


def bench_strength_dockfighters(*, rounds: int | None = None) -> dict[str, Any]:
    return strength("dockfighters", rounds or 10)


def bench_strength_victoriana(*, rounds: int | None = None) -> dict[str, Any]:
    return strength("victoriana", rounds or 10)


def _render_strength(figures: dict[str, Any]) -> str:
    lines = [f"mcts (default budget), {figures['games_per_seating']} games per seating:"]
    for key in ("vs_random", "vs_bot"):
        f = figures[key]
        share = f["decided_share"]
        text = (
            "—" if share is None else f"{share:.2f} ({f['interval'][0]:.2f}–{f['interval'][1]:.2f})"
        )
        lines.append(
            f"  {key:9} won {f['wins']:3} lost {f['losses']:3} drawn {f['draws']:3} "
            f"unfinished {f['unfinished']:3}  share of decided games {text}"
        )
    return "\n".join(lines)


render_strength_classic = render_strength_df40k = _render_strength
render_strength_dockfighters = render_strength_victoriana = _render_strength


def bench_compare() -> dict[str, Any]:
    """A full default ``aerodrome compare`` (with the skill trace): CPU seconds in one
    process, wall seconds on 2 workers, each in a fresh interpreter."""
    code = (
        "import time, resource\n"
        "from aerodrome.plugins import load_plugins\n"
        "from aerodrome.compare.run import run_comparison\n"
        "from aerodrome.compare.studies import TRACE_BUDGETS\n"
        "t = time.process_time()\n"
        "run_comparison(load_plugins(), workers=1, trace=TRACE_BUDGETS)\n"
        "print(time.process_time() - t)\n"
    )
    cpu = float(
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout.split()[-1]
    )
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "aerodrome.cli", "compare", "--workers", "2", "--quiet", "--json"],
        capture_output=True,
        check=True,
    )
    wall = time.perf_counter() - start
    return {
        "cpu_seconds_one_process": round(cpu, 1),
        "cpu_seconds_per_core_on_2": round(cpu / 2, 1),
        "wall_seconds_2_workers": round(wall, 1),
        "within_2_minutes": cpu / 2 <= 120,
    }
