"""Aerodrome against reference engines, measured in the same process (issue 18).

:func:`bench_engines` plays aerodrome's workloads and, when installed (``pip install -e
'.[bench]'``), random rollouts of OpenSpiel's backgammon, chess and tic-tac-toe and of
python-chess (:mod:`benchmarks.engines`), interleaved round by round
(:mod:`benchmarks.interleave`), and reports aerodrome's decisions per second as ratios to
theirs (min and median over rounds) and the targets stated as such ratios. Without the
reference engines it says so and reports the absolute figures only.

``python -m benchmarks reference --rounds 7 --seconds 0.5`` sets the number of rounds and
the CPU seconds each workload plays per round.

The search agents' speed (issue 23): ``search <ruleset>`` plays decisions of the paired
search at a fixed budget of rollouts and counts its rollouts per second (each a clone of a
determinised world, the candidate, and a rollout by the bot to the horizon); OpenSpiel's
MCTSBot on backgammon (one random rollout to the end per simulation) in the same rounds is
the reference, reported as a ratio.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from aerodrome import Game, RandomAgent
from aerodrome.engine.agents import agent_seed
from aerodrome.engine.dice import derive_seed
from aerodrome.engine.driver import drive
from benchmarks import engines
from benchmarks.bench_compare import example_plugins
from benchmarks.interleave import Series, Workload, measure, ratios, spread, to_stderr

#: The reference that decides a ruleset's targets (dice, two players, a Python-driven loop).
BACKGAMMON = "openspiel backgammon"


@dataclass(frozen=True)
class Target:
    """``workload``'s rate ``per`` decision or game ≥ ``ratio`` × ``reference``'s."""

    what: str
    workload: str
    per: str
    reference: str
    ratio: float
    source: str


#: OpenSpiel backgammon's random games per second on the reference machine (440–515 in the
#: runs of docs/performance.md), at which absolute games/s targets were turned into ratios.
BACKGAMMON_GAMES_PER_SECOND = 500


def _absolute_target(what: str, workload: str, per_second: float, source: str) -> Target:
    ratio = round(per_second / BACKGAMMON_GAMES_PER_SECOND, 2)
    return Target(
        what,
        workload,
        "games",
        BACKGAMMON,
        ratio,
        f"{source}: {per_second:,.0f}/s at backgammon's {BACKGAMMON_GAMES_PER_SECOND}/s",
    )


TARGETS = (
    Target("classic, random play", "classic random", "decisions", BACKGAMMON, 1.5, "issue 18"),
    Target(
        "classic, bot play",
        "classic bot",
        "games",
        BACKGAMMON,
        0.07,
        "issue 18: twice the bot's speed before it",
    ),
    _absolute_target("Dockfighters, Konrad duels", "dockfighters konrad", 100, "issue 18"),
    _absolute_target(
        "Victoriana, 11-group bot battles", "victoriana 11-group bot", 150, "issue 18"
    ),
    _absolute_target(
        "Victoriana, squadron bot battles", "victoriana squadrons bot", 1000, "earlier target"
    ),
    _absolute_target("Dogfight 40,000, bot battles", "df40k bot", 2000, "earlier target"),
)


def _ruleset_run(
    plugins: Any, ruleset_name: str, setup: str, agent: str
) -> Callable[[int, int], int]:
    ruleset = plugins.ruleset(ruleset_name)
    chosen = ruleset.setup(setup)
    factory = plugins.agent(ruleset_name, agent).factory
    seats = range(len(chosen.seats))

    def run(first_seed: int, games: int) -> int:
        decisions = 0
        for i in range(first_seed, first_seed + games):
            seed = derive_seed(1, i)
            game = Game(ruleset, chosen, seed, record=False)
            decisions += drive(game, [factory(ruleset, p, agent_seed(seed, p)) for p in seats])
        return decisions

    return run


def _core_floor_run() -> Callable[[int, int], int]:
    """The core alone: a ruleset asking 977 move-like decisions of 170 lazy actions each and
    doing nothing else (``bench_classic.core_floor``'s null ruleset)."""
    from benchmarks.bench_classic import _NullRuleset

    ruleset = _NullRuleset()
    ruleset.limit = 977
    setup = ruleset.setup()

    def run(first_seed: int, games: int) -> int:
        decisions = 0
        for i in range(first_seed, first_seed + games):
            game = Game(ruleset, setup, i, record=False)
            decisions += drive(game, [RandomAgent(agent_seed(i, p)) for p in (0, 1)])
        return decisions

    return run


#: The search agent timed by the search workloads: a fixed budget of rollouts.
SEARCH_AGENT = "search:64:k=4"
#: The rulesets whose search speed is measured.
SEARCH_RULESETS = ("classic", "df40k", "victoriana", "dockfighters")


def _search_run(plugins: Any, ruleset_name: str) -> tuple[Callable[[int, int], int], Any]:
    """``run(first_seed, searches)``: ``searches`` decisions of :data:`SEARCH_AGENT` at
    positions of a bot-against-bot game (position ``i`` of the pool for seed ``i``);
    returns the rollouts played. And ``warm()``, which builds the pool."""
    from aerodrome.engine.agents import PlayerView
    from benchmarks.bench_search import _positions

    ruleset = plugins.ruleset(ruleset_name)
    factory = plugins.agent(ruleset_name, SEARCH_AGENT).factory
    pool: list[tuple[Any, int]] = []

    def warm() -> None:
        if not pool:
            pool.extend(_positions(plugins, ruleset_name, 16))

    def run(first_seed: int, searches: int) -> int:
        warm()
        rollouts = 0
        for i in range(first_seed, first_seed + searches):
            game, player = pool[i % len(pool)]
            agent: Any = factory(ruleset, player, i)
            agent.choose(PlayerView(game, player), game.legal_actions(player))
            rollouts += agent.last.rollouts
        return rollouts

    return run, warm


def search_workloads() -> list[Workload]:
    """The search agent's rollouts per second in each built-in ruleset."""
    plugins = example_plugins()
    out = []
    for name in SEARCH_RULESETS:
        run, warm = _search_run(plugins, name)
        out.append(Workload(f"search {name}", run, "searches", warm=warm))
    return out


def aerodrome_workloads() -> list[Workload]:
    from benchmarks.bench_classic import warm_up

    plugins = example_plugins()
    classic = plugins.ruleset("classic")

    def walk_tables() -> float:
        return warm_up(classic)  # every walk table, as classic's own benchmarks do

    return [
        Workload(
            "classic random",
            _ruleset_run(plugins, "classic", "two-player", "random"),
            warm=walk_tables,
        ),
        Workload(
            "classic bot", _ruleset_run(plugins, "classic", "two-player", "bot"), warm=walk_tables
        ),
        Workload("df40k bot", _ruleset_run(plugins, "df40k", "first-blood", "bot"), "battles"),
        Workload(
            "victoriana 11-group bot",
            _ruleset_run(plugins, "victoriana", "11-group", "bot"),
            "battles",
        ),
        Workload(
            "victoriana squadrons bot",
            _ruleset_run(plugins, "victoriana", "11-group-squadrons", "bot"),
            "battles",
        ),
        Workload(
            "dockfighters konrad", _ruleset_run(plugins, "dockfighters", "duel", "konrad"), "duels"
        ),
        Workload("core joust", _ruleset_run(plugins, "joust", "duel", "random")),
        Workload("core floor", _core_floor_run()),
    ]


def bench_engines(*, rounds: int = 7, seconds: float = 0.5) -> dict[str, Any]:
    """Aerodrome's workloads and the reference engines, interleaved over ``rounds`` rounds
    of about ``seconds`` CPU seconds per workload each."""
    found, missing = engines.available()
    workloads = (
        aerodrome_workloads()
        + search_workloads()
        + [Workload(e.name, e.run, e.unit, True) for e in found]
    )
    load_before = os.getloadavg()
    measured = {s.workload.name: s for s in measure(workloads, rounds, seconds, to_stderr)}
    return {
        "rounds": rounds,
        "seconds_per_workload": seconds,
        "clock": "time.process_time",
        "load_average_before_after": [round(load_before[0], 2), round(os.getloadavg()[0], 2)],
        "references_missing": missing,
        "workloads": {name: _absolute(s) for name, s in measured.items()},
        "ratios": _ratios(measured),
        "targets": _targets(measured),
        "search": _search_ratios(measured),
    }


def _absolute(s: Series) -> dict[str, Any]:
    return {
        "reference": s.workload.reference,
        "unit": s.workload.unit,
        "games_per_round": s.games,
        "decisions_per_game": s.decisions_per_game,
        "decisions_per_second": spread(s.decisions_per_second),
        "games_per_second": spread(s.games_per_second),
        "warm_up_seconds": s.warm_seconds,
    }


def _search_ratios(measured: dict[str, Series]) -> dict[str, Any]:
    """Each search workload's rollouts per second, and over OpenSpiel MCTSBot's simulations
    (one rollout each) per second on backgammon in the same rounds."""
    ref = measured.get(engines.MCTS_REFERENCE)
    out: dict[str, Any] = {}
    for s in measured.values():
        if s.workload.unit != "searches" or s.workload.reference:
            continue
        row: dict[str, Any] = {
            "rollouts_per_second": spread(s.decisions_per_second),
            "rollouts_per_search": round(s.decisions_per_game, 1),
        }
        if ref is not None:
            row["vs_mctsbot"] = ratios(s.decisions_per_second, ref.decisions_per_second)
            row["mctsbot_simulations_per_second"] = spread(ref.decisions_per_second)
        out[s.workload.name] = row
    return out


def _ratios(measured: dict[str, Series]) -> dict[str, Any]:
    """Every aerodrome workload's decisions/s over every reference's, and its games/s over
    backgammon's (the search workloads apart: their rates are rollouts, :func:`_search_ratios`)."""
    refs = [s for s in measured.values() if s.workload.reference and s.workload.unit != "searches"]
    out: dict[str, Any] = {}
    for s in measured.values():
        if s.workload.reference or s.workload.unit == "searches":
            continue
        row = {
            f"decisions/s vs {r.workload.name}": ratios(
                s.decisions_per_second, r.decisions_per_second
            )
            for r in refs
        }
        if BACKGAMMON in measured:
            row[f"games/s vs {BACKGAMMON}"] = ratios(
                s.games_per_second, measured[BACKGAMMON].games_per_second
            )
        out[s.workload.name] = row
    return out


def _targets(measured: dict[str, Series]) -> list[dict[str, Any]]:
    out = []
    for t in TARGETS:
        if t.workload not in measured:
            continue
        mine = measured[t.workload].rate(t.per)
        row: dict[str, Any] = {
            "what": t.what,
            "target": f"{t.per}/s ≥ {t.ratio:g} × {t.reference}",
            "source": t.source,
            "absolute_median": spread(mine)["median"],
            "unit": f"{t.per if t.per == 'decisions' else measured[t.workload].workload.unit}/s",
        }
        if t.reference in measured:
            got = ratios(mine, measured[t.reference].rate(t.per))
            row |= {
                "ratio": got,
                "met": got["median"] >= t.ratio,
                "reference_median": spread(measured[t.reference].rate(t.per))["median"],
            }
        out.append(row)
    return out


# -- text report (``python -m benchmarks`` prints this instead of one line) -----------------


def _n(x: float) -> str:
    if x >= 100:
        return f"{x:,.0f}"
    return f"{x:.3g}" if x < 10 else f"{x:.1f}"


def _r(x: float) -> str:
    return f"{x:,.0f}" if x >= 100 else f"{x:#.3g}"


def _mm(d: dict[str, float], fmt: Callable[[float], str] = _n) -> str:
    return f"{fmt(d['min'])} / {fmt(d['median'])}"


def render_engines(figures: dict[str, Any]) -> str:
    lines = [
        f"{figures['rounds']} interleaved rounds, ~{figures['seconds_per_workload']} CPU s per "
        f"workload a round ({figures['clock']}); load average before/after: "
        f"{figures['load_average_before_after']}",
    ]
    if figures["references_missing"]:
        lines.append(
            "reference engines not installed: "
            + ", ".join(figures["references_missing"])
            + " (pip install -e '.[bench]'); figures without those references"
        )
    lines += [
        "",
        f"{'workload':36}{'decisions/game':>15}{'decisions/s min / median':>28}"
        f"{'games/s min / median':>24}",
    ]
    for name, w in figures["workloads"].items():
        lines.append(
            f"{name + (' (ref)' if w['reference'] else ''):36}{w['decisions_per_game']:>15.1f}"
            f"{_mm(w['decisions_per_second']):>28}{_mm(w['games_per_second']):>24}"
        )
    columns: dict[str, Any] = next(iter(figures["ratios"].values()), {})
    if columns:
        lines += [
            "",
            "aerodrome's rate over the reference's, taken per round: min / median over rounds",
        ]
        lines += [f"  [{i}] {what}" for i, what in enumerate(columns, 1)]
        lines.append(f"{'':26}" + "".join(f"{f'[{i}]':>18}" for i in range(1, len(columns) + 1)))
        for name, row in figures["ratios"].items():
            lines.append(f"{name:26}" + "".join(f"{_mm(r, _r):>18}" for r in row.values()))
    if figures.get("search"):
        lines += [
            "",
            f"search ({SEARCH_AGENT}) rollouts per second, and over {engines.MCTS_REFERENCE}'s "
            "simulations (one rollout each) per second: min / median over rounds",
        ]
        for name, row in figures["search"].items():
            text = f"  {name:24}{_mm(row['rollouts_per_second']):>18} rollouts/s"
            if "vs_mctsbot" in row:
                text += f"{_mm(row['vs_mctsbot'], _r):>18} × MCTSBot"
            lines.append(text + f"  ({row['rollouts_per_search']} rollouts a search)")
    lines += ["", "targets (met: the median over rounds of the ratio is at least the target)"]
    for t in figures["targets"]:
        absolute = f"{_n(t['absolute_median'])} {t['unit']}"
        if "ratio" in t:
            got = f"{_mm(t['ratio'], _r):>16}  {'met' if t['met'] else 'NOT met':8}"
            absolute += f" (reference {_n(t['reference_median'])}/s)"
        else:
            got = f"{'no reference':>16}  {'':8}"
        lines.append(f"  {t['what']:34}{t['target']:44}{got}{absolute}")
    return "\n".join(lines)


if __name__ == "__main__":
    print(render_engines(bench_engines()))
