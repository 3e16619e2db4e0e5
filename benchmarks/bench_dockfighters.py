"""Benchmarks of the dockfighters ruleset (issue 5).

- :func:`bench_konrad_duels`: 12-turn duels (The Duel set-up, two standard fighters a side),
  Konrad against Konrad, games per second on one core (target: >= 20).
- :func:`bench_legal_moves`: legal-move enumeration time for the fastest aircraft (the
  Royal Harrier, maximum speed 7, agility very high): the Plan decision and a Manoeuvre
  decision at the first turn point, microseconds per call.
- :func:`bench_missions` (issue 9): 200 seeded Konrad-against-Konrad games per set-up, each
  side's objective rate, draws, kills, aircraft lost off the map edge; Konrad against the
  random agent in the Duel and Aerial Dominance. Prints the Markdown table of
  docs/rules/dockfighters.md (``python -m benchmarks.bench_dockfighters [GAMES]`` prints it
  alone).
"""

from __future__ import annotations

import sys
import time
from typing import Any

from aerodrome import Game
from aerodrome.engine.agents import RandomAgent, agent_seed
from aerodrome.engine.driver import drive
from aerodrome.engine.testing import scripted_context
from aerodrome.plugins import load_plugins
from aerodrome_dockfighters import movement
from aerodrome_dockfighters.bot import Konrad
from aerodrome_dockfighters.context import DfContext
from aerodrome_dockfighters.missions import setups
from aerodrome_dockfighters.positions import from_position
from aerodrome_dockfighters.specs import builtin


def bench_konrad_duels(games: int = 60) -> dict[str, Any]:
    ruleset = load_plugins().ruleset("dockfighters")
    start, cpu = time.perf_counter(), time.process_time()
    turns = decisions = 0
    for seed in range(games):
        game = Game(ruleset, "duel", seed, record=False)
        drive(game, [Konrad(0, seed), Konrad(1, seed + 1)])
        turns += min(game.state.turn - 1, game.state.last_turn)
        decisions += len(game.history)
    took, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {
        "games_per_second": round(games / took, 1),  # wall clock
        "cpu_games_per_second": round(
            games / cpu, 1
        ),  # this process's CPU time: steady on a busy machine
        "turns_per_game": round(turns / games, 1),
        "decisions_per_game": round(decisions / games, 1),
    }


def bench_legal_moves(rounds: int = 2000) -> dict[str, Any]:
    fastest = max(
        builtin().aircraft.values(), key=lambda d: (d.max_speed, d.agility == "very high")
    )
    state = from_position(
        setups()[0],
        {
            "aircraft": [
                {
                    "datasheet": fastest.name,
                    "player": 0,
                    "col": 8,
                    "row": 14,
                    "speed": fastest.max_speed - 1,
                    "altitude": 3,
                },
                {"datasheet": "Do-335 L-3 Arrow", "player": 1, "col": 8, "row": 4},
            ]
        },
        "<bench>",
    )
    a = state.aircraft[0]
    start = time.perf_counter()
    for _ in range(rounds):
        plans = movement.plan_options(state, a)
    plan_us = (time.perf_counter() - start) / rounds * 1e6
    best = max((p for p in plans if p.template == 4), key=lambda p: p.speed)
    prog = movement.start(state, a, best, DfContext(scripted_context([])))
    assert prog is not None
    start = time.perf_counter()
    for _ in range(rounds):
        moves = movement.manoeuvre_options(state, prog)
    man_us = (time.perf_counter() - start) / rounds * 1e6
    return {
        "aircraft": fastest.name,
        "plan_options": len(plans),
        "plan_enumeration_us": round(plan_us, 1),
        "manoeuvre_options": len(moves),
        "manoeuvre_enumeration_us": round(man_us, 1),
    }


# -- missions: Konrad against Konrad, and against the random agent (issue 9) -------------------
#: Seeded games per mission in the table of docs/rules/dockfighters.md.
MISSION_GAMES = 200
#: The set-ups where Konrad must beat the random agent (>= 80 % of the decided games).
AGAINST_RANDOM = ("duel", "aerial-dominance")


def _bot_setup(ruleset: Any, name: str, bots: tuple[int, ...]) -> Any:
    """The set-up with the bot-flown seats named (the simplified bot landing applies)."""
    setup = ruleset.setup(name)
    return setup.with_bots(bots)


def mission_figures(name: str, games: int = MISSION_GAMES) -> dict[str, Any]:
    """Konrad against Konrad in ``games`` seeded games of the set-up ``name``: each side's
    objective-achieved rate, draws, kills per game and aircraft lost off the map edge
    outside the mission's exit rule (share of all aircraft)."""
    ruleset = load_plugins().ruleset("dockfighters")
    setup = _bot_setup(ruleset, name, (0, 1))
    sides = setup.sides
    achieved = dict.fromkeys(sides, 0)
    draws = kills = off_edge = aircraft = 0
    for seed in range(games):
        game = Game(ruleset, setup, seed, record=False)
        drive(game, [Konrad(p, agent_seed(seed, p)) for p in (0, 1)])
        result = game.result()
        for side in sides:
            achieved[side] += int(result.stats.get(f"objective_{side}", 0.0))
        draws += not result.winners
        kills += sum(result.kills.values())
        off_edge += int(result.stats.get("off_edge", 0.0))
        aircraft += int(result.stats.get("aircraft", 0.0))
    return {
        "setup": name,
        "missions": setup.options.missions,
        "games": games,
        "objective": {side: achieved[side] / games for side in sides},
        "draws": draws / games,
        "kills_per_game": kills / games,
        "off_edge": off_edge / max(1, aircraft),
    }


def against_random(name: str, games: int = MISSION_GAMES) -> dict[str, Any]:
    """Konrad against the random agent, Konrad flying each side in turn: the share of the
    decided games Konrad's side won."""
    ruleset = load_plugins().ruleset("dockfighters")
    decided = won = 0
    for seed in range(games):
        bot = seed % 2
        game = Game(ruleset, _bot_setup(ruleset, name, (bot,)), seed, record=False)
        agents: list[Any] = [RandomAgent(agent_seed(seed, p)) for p in (0, 1)]
        agents[bot] = Konrad(bot, agent_seed(seed, bot))
        drive(game, agents)
        winners = game.result().winners
        if winners:
            decided += 1
            won += game.setup.seats[bot].side in winners
    return {
        "setup": name,
        "games": games,
        "decided": decided,
        "bot_wins": won,
        "bot_share": won / decided if decided else 0.0,
    }


def missions_table(games: int = MISSION_GAMES) -> tuple[str, dict[str, Any]]:
    """The Markdown table of docs/rules/dockfighters.md (every set-up, Konrad against Konrad;
    Konrad against random) and its extremes."""
    ruleset = load_plugins().ruleset("dockfighters")
    specs = builtin()
    rows = [mission_figures(setup.name, games) for setup in ruleset.setups()]
    randoms = [against_random(name, games) for name in AGAINST_RANDOM]
    lines = [
        f"Konrad against Konrad, {games} seeded games per set-up (seeds 0-{games - 1}):",
        "",
        "| set-up | Bavarian mission | Bavaria achieved | Saxon mission | Saxony achieved | draws | kills / game | lost off the edge |",
        "|---|---|---:|---|---:|---:|---:|---:|",
    ]
    for f in rows:
        bav, sax = f["missions"]
        lines.append(
            f"| `{f['setup']}` | {specs.missions[bav].name} | {f['objective']['Bavaria']:.0%} | "
            f"{specs.missions[sax].name} | {f['objective']['Saxony']:.0%} | {f['draws']:.0%} | "
            f"{f['kills_per_game']:.2f} | {f['off_edge']:.1%} |"
        )
    lines += [
        "",
        "Konrad against the random agent (Konrad flies each side in turn):",
        "",
        "| set-up | games | decided | Konrad won | share of the decided |",
        "|---|---:|---:|---:|---:|",
    ]
    for r in randoms:
        lines.append(
            f"| `{r['setup']}` | {games} | {r['decided']} | {r['bot_wins']} | {r['bot_share']:.0%} |"
        )
    extremes = {
        "lowest_choosing_side_objective": min(f["objective"]["Bavaria"] for f in rows),
        "highest_edge_loss": max(f["off_edge"] for f in rows),
        **{f"konrad_beats_random_{r['setup']}": round(r["bot_share"], 3) for r in randoms},
    }
    return "\n".join(lines), extremes


def bench_missions(games: int = MISSION_GAMES) -> dict[str, Any]:
    """Prints the mission table (Markdown, on stderr so that --json stays clean) and returns
    its extremes (issue 9 targets: every choosing side above 0, edge losses <= 5 %, Konrad
    >= 80 % of the decided games against random)."""
    start = time.process_time()
    table, extremes = missions_table(games)
    print(table, file=sys.stderr, flush=True)
    return {
        "games_per_setup": games,
        **extremes,
        "cpu_seconds": round(time.process_time() - start, 1),
    }


if __name__ == "__main__":
    print(missions_table(int(sys.argv[1]) if len(sys.argv) > 1 else MISSION_GAMES)[0])
