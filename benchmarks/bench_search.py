"""Benchmarks of the search agents and of the skill ladder (issues 11 and 23).

- :func:`bench_decision`: CPU time (``time.process_time``) of one ``search`` decision at its
  default budget in every built-in ruleset, over positions of a bot-against-bot game, and
  of one ``mcts`` decision at its own (target: within 1 s a decision on one core).
- ``bench_strength_<ruleset>``: ``search`` at its default budget against the random agent and
  against the ruleset's bot, each side in turn, and the bot against itself (its draws), on
  the compare engine's process pool (one function per ruleset, so that each can be run
  alone: ``python -m benchmarks search.strength_df40k --rounds 50``; ``--rounds N``: games
  per seating, default 50, so 100 games a pairing). Targets (issue 23), on the share of the
  decided games with its Wilson interval: against the bot df40k ≥ 0.60, Victoriana and
  classic ≥ 0.55, the interval above ½ in at least two rulesets, Dockfighters no worse
  than the bot (its interval reaching ½) with fewer draws than the bot against itself;
  against random ≥ 0.95, df40k ≥ 0.80. ``AERODROME_STRENGTH_AGENT`` names another agent to
  measure the same way (e.g. ``search:96``).
- :func:`bench_ladder`: the default skill ladder of ``aerodrome compare`` for every built-in
  ruleset, its CPU seconds on one process and each step's verdict.
- :func:`bench_compare`: a full default ``aerodrome compare`` with the ladder: its total CPU
  time in one process (``--workers 1``), and its wall time on 2 workers.

CPU time, not wall time, where it matters: this machine is shared. Step and rollout budgets
make the games reproducible: the same command gives the same games on any load.
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
#: The seed of the strength games (game i of a seating is seeded derive_seed(SEED, i)).
SEED = 11
#: Games per seating of the strength benchmarks by default (100 a pairing).
STRENGTH_ROUNDS = 50


def _positions(plugins: Any, name: str, count: int = POSITIONS) -> list[tuple[Any, int]]:
    """Clones of a bot-against-bot game at decisions with a choice, spread over the game."""
    from aerodrome.engine.agents import agent_seed
    from aerodrome.engine.driver import Observer, drive
    from aerodrome.engine.game import Game

    rules = plugins.ruleset(name)
    setup = rules.setup()
    bot = plugins.agent(name, "bot").factory
    bots = [bot(rules, p, agent_seed(5, p)) for p in range(len(setup.seats))]
    game = Game(rules, setup, 5, record=False)
    found: list[tuple[Any, int]] = []

    class Every3rdChoice(Observer):
        n = 0

        def decision(self, game: Any, player: int, legal: Any) -> None:
            if len(legal) > 1:
                self.n += 1
                if self.n % 3 == 1:
                    found.append((game.clone(), player))

    drive(game, bots, Every3rdChoice())
    step = max(1, len(found) // count)
    return found[::step][:count]


def decision_times(agent_name: str) -> dict[str, Any]:
    """CPU milliseconds of one ``agent_name`` decision, per built-in ruleset."""
    from aerodrome.engine.agents import PlayerView
    from aerodrome.plugins import load_plugins

    plugins = load_plugins()
    out: dict[str, Any] = {}
    for name in BUILT_IN:
        rules = plugins.ruleset(name)
        spec = plugins.agent(name, agent_name)
        positions = _positions(plugins, name)
        times, work = [], []
        for i, (game, player) in enumerate(positions):
            agent: Any = spec.factory(rules, player, 1)
            view = PlayerView(game, player)
            if i == 0:  # warm the ruleset's caches (move tables...) once
                agent.choose(view, game.legal_actions(player))
                agent = spec.factory(rules, player, 1)
            start = time.process_time()
            agent.choose(view, game.legal_actions(player))
            times.append(time.process_time() - start)
            last = getattr(agent, "last", None)
            work.append(last.rollouts if last is not None else agent.last_iterations)
        out[name] = {
            "positions": len(times),
            "median_ms": round(1000 * statistics.median(times), 1),
            "max_ms": round(1000 * max(times), 1),
            "work": round(statistics.mean(work)),
        }
    out["within_1s"] = all(v["max_ms"] <= 1000 for v in out.values() if isinstance(v, dict))
    return out


def bench_decision() -> dict[str, Any]:
    """CPU milliseconds of one default ``search`` and one default ``mcts`` decision."""
    return {"search": decision_times("search"), "mcts": decision_times("mcts")}


def render_decision(figures: dict[str, Any]) -> str:
    lines = []
    for agent, unit in (("search", "rollouts"), ("mcts", "iterations")):
        f = figures[agent]
        lines.append(f"{agent} (default budget) CPU per decision, one core:")
        for name in BUILT_IN:
            g = f[name]
            lines.append(
                f"  {name:13} median {g['median_ms']:7.1f} ms  max {g['max_ms']:7.1f} ms  "
                f"{g['work']:5} {unit} ({g['positions']} positions)"
            )
        lines.append(f"  every decision within 1 s: {f['within_1s']}")
    return "\n".join(lines)


def _match(
    name: str, agent: str, other: str, games: int, workers: int, seed: int = SEED
) -> dict[str, Any]:
    """``agent`` against ``other`` for ``games`` games per seating (the same seeds in both):
    decided games won, with the outcome of each game (w, l, d, u) by the agent's side."""
    from aerodrome.engine.metrics import wilson
    from aerodrome.plugins import load_plugins
    from aerodrome.runs.parallel import Config, Engine

    plugins = load_plugins()
    setup = plugins.ruleset(name).setup()
    configs = []
    for side in setup.sides:
        agents = tuple(agent if s.side == side else other for s in setup.seats)
        configs.append(
            (side, Config(ruleset=name, setup=setup.name, agents=agents, games=games, seed=seed))
        )
    wins = losses = draws = unfinished = 0
    by_key = {c.key: side for side, c in configs}
    outcomes: dict[str, dict[int, str]] = {}
    engine = Engine(plugins, workers=workers, detail=False)
    for rec in engine.run(list(dict.fromkeys(c for _, c in configs))):
        side = by_key[rec.key]
        r = rec.result
        if not r.finished:
            unfinished += 1
            o = "u"
        elif not r.winners:
            draws += 1
            o = "d"
        elif side in r.winners:
            wins += 1
            o = "w"
        else:
            losses += 1
            o = "l"
        outcomes.setdefault(side, {})[rec.index] = o
    e = wilson(wins, wins + losses)
    return {
        "agent": agent,
        "against": other,
        "wins": wins,
        "losses": losses,
        "draws": draws,
        "unfinished": unfinished,
        "decided_share": round(e.value, 3) if e else None,
        "interval": [round(e.low, 3), round(e.high, 3)] if e else None,
        "games": {s: "".join(o[i] for i in sorted(o)) for s, o in outcomes.items()},
    }


def strength(name: str, games: int, agent: str | None = None) -> dict[str, Any]:
    """``agent`` (default ``search``) against random and against the bot in ruleset
    ``name``, and the bot against itself."""
    agent = agent or os.environ.get("AERODROME_STRENGTH_AGENT", "search")
    workers = os.cpu_count() or 1
    vs_bot = _match(name, agent, "bot", games, workers)
    vs_random = _match(name, agent, "random", games, workers)
    bot_vs_bot = _match(name, "bot", "bot", games, workers)
    return {
        "games_per_seating": games,
        "seed": SEED,
        "vs_bot": vs_bot,
        "vs_random": vs_random,
        "bot_vs_bot": bot_vs_bot,
    }


def bench_strength_classic(*, rounds: int | None = None) -> dict[str, Any]:
    """``--rounds N``: games per seating (default 50)."""
    return strength("classic", rounds or STRENGTH_ROUNDS)


def bench_strength_df40k(*, rounds: int | None = None) -> dict[str, Any]:
    return strength("df40k", rounds or STRENGTH_ROUNDS)


def bench_strength_dockfighters(*, rounds: int | None = None) -> dict[str, Any]:
    return strength("dockfighters", rounds or STRENGTH_ROUNDS)


def bench_strength_victoriana(*, rounds: int | None = None) -> dict[str, Any]:
    return strength("victoriana", rounds or STRENGTH_ROUNDS)


def _render_strength(figures: dict[str, Any]) -> str:
    lines = [
        f"{figures['vs_bot']['agent']}, {figures['games_per_seating']} games per seating "
        f"(seed {figures['seed']}):"
    ]
    for key in ("vs_bot", "vs_random", "bot_vs_bot"):
        f = figures[key]
        share = f["decided_share"]
        text = (
            "—" if share is None else f"{share:.3f} ({f['interval'][0]:.3f}–{f['interval'][1]:.3f})"
        )
        lines.append(
            f"  {key:10} won {f['wins']:3} lost {f['losses']:3} drawn {f['draws']:3} "
            f"unfinished {f['unfinished']:3}  share of decided games {text}"
        )
    return "\n".join(lines)


render_strength_classic = render_strength_df40k = _render_strength
render_strength_dockfighters = render_strength_victoriana = _render_strength


def bench_ladder() -> dict[str, Any]:
    """The default skill ladder of every built-in ruleset, on one process: CPU seconds and
    each step's share of decided games with its verdict."""
    from aerodrome.plugins import load_plugins
    from aerodrome.studies.compare.run import run_comparison
    from aerodrome.studies.ladder import LADDER_BUDGETS, verdict

    plugins = load_plugins()
    out: dict[str, Any] = {}
    for name in BUILT_IN:
        start = time.process_time()
        result = run_comparison(plugins, [name], games=1, workers=1, ladder_budgets=LADDER_BUDGETS)
        cpu = time.process_time() - start
        [column] = result.columns
        ladder = column.metrics.get("skill-ladder")
        steps = {
            step: {
                "share": round(e.value, 3),
                "interval": [round(e.low, 3), round(e.high, 3)],
                "decided": e.n,
                "verdict": verdict(e),
            }
            for step, e in (ladder.parts.items() if ladder is not None else ())
        }
        out[name] = {"cpu_seconds": round(cpu, 1), "games": column.games, "steps": steps}
    return out


def render_ladder(figures: dict[str, Any]) -> str:
    lines = ["the default skill ladder (one process, 1 game a bot and random matchup):"]
    for name in BUILT_IN:
        f = figures[name]
        lines.append(f"  {name:13} {f['cpu_seconds']:6.1f} CPU s  {f['games']}")
        for step, s in f["steps"].items():
            lines.append(
                f"    {step:22} {s['share']:.2f} ({s['interval'][0]:.2f}–"
                f"{s['interval'][1]:.2f}, {s['decided']} decided)  {s['verdict']}"
            )
    return "\n".join(lines)


def bench_compare() -> dict[str, Any]:
    """A full default ``aerodrome compare`` (with the ladder): CPU seconds in one process,
    wall seconds on 2 workers, each in a fresh interpreter."""
    code = (
        "import time\n"
        "from aerodrome.plugins import load_plugins\n"
        "from aerodrome.studies.compare.run import run_comparison\n"
        "t = time.process_time()\n"
        "from aerodrome.studies.ladder import LADDER_BUDGETS\n"
        "run_comparison(load_plugins(), workers=1, ladder_budgets=LADDER_BUDGETS)\n"
        "print(time.process_time() - t)\n"
    )
    cpu = float(
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout.split()[-1]
    )
    start = time.perf_counter()
    subprocess.run(
        [
            sys.executable,
            "-m",
            "aerodrome.ui.cli",
            "compare",
            "--workers",
            "2",
            "--quiet",
            "--json",
        ],
        capture_output=True,
        check=True,
    )
    wall = time.perf_counter() - start
    return {
        "cpu_seconds_one_process": round(cpu, 1),
        "cpu_seconds_per_core_on_2": round(cpu / 2, 1),
        "wall_seconds_2_workers": round(wall, 1),
        "within_60_seconds_on_2": cpu / 2 <= 60,
    }
