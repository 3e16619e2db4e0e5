"""Benchmarks of the dockfighters ruleset (issue 5).

- :func:`bench_konrad_duels`: 12-turn duels (The Duel set-up, two standard fighters a side),
  Konrad against Konrad, games per second on one core (target: >= 20).
- :func:`bench_legal_moves`: legal-move enumeration time for the fastest aircraft (the
  Royal Harrier, maximum speed 7, agility very high): the Plan decision and a Manoeuvre
  decision at the first turn point, microseconds per call.
"""

from __future__ import annotations

import time
from typing import Any

from aerodrome import Game
from aerodrome.agents import play_out
from aerodrome.plugins import load_plugins
from aerodrome.testing import scripted_context
from aerodrome_dockfighters import movement
from aerodrome_dockfighters.bot import Konrad
from aerodrome_dockfighters.missions import setups
from aerodrome_dockfighters.positions import from_position
from aerodrome_dockfighters.specs import builtin


def bench_konrad_duels(games: int = 60) -> dict[str, Any]:
    ruleset = load_plugins().ruleset("dockfighters")
    start = time.perf_counter()
    turns = decisions = 0
    for seed in range(games):
        game = Game(ruleset, "duel", seed, record=False)
        play_out(game, [Konrad(0, seed), Konrad(1, seed + 1)])
        turns += min(game.state.turn - 1, game.state.last_turn)
        decisions += len(game.history)
    took = time.perf_counter() - start
    return {
        "games_per_second": round(games / took, 1),
        "turns_per_game": round(turns / games, 1),
        "decisions_per_game": round(decisions / games, 1),
    }


def bench_legal_moves(rounds: int = 2000) -> dict[str, Any]:
    fastest = max(builtin().aircraft.values(), key=lambda d: (d.max_speed, d.agility == "very high"))
    state = from_position(setups()[0], {"aircraft": [
        {"datasheet": fastest.name, "player": 0, "col": 8, "row": 14, "speed": fastest.max_speed - 1, "altitude": 3},
        {"datasheet": "Do-335 L-3 Arrow", "player": 1, "col": 8, "row": 4},
    ]}, "<bench>")
    a = state.aircraft[0]
    start = time.perf_counter()
    for _ in range(rounds):
        plans = movement.plan_options(state, a)
    plan_us = (time.perf_counter() - start) / rounds * 1e6
    best = max((p for p in plans if p.template == 4), key=lambda p: p.speed)
    prog = movement.start(state, a, best, scripted_context([]))
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
