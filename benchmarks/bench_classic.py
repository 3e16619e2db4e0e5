"""Benchmarks of the classic Dogfight ruleset.

- :func:`bench_random_games`: random-vs-random full games (two players) per second on one
  core, after a warm-up that builds the walk tables (target in the issue: >= 400).
- :func:`bench_bot_games`: bot-vs-bot full games per second.
- :func:`bench_legal_moves`: microseconds to get the (lazy) legal moves of two planes In
  Flight with dice 5 and 6, and to create every one of them.

CPU time of this process (``time.process_time``) is used, so a busy machine does not
distort the figures much.
"""

from __future__ import annotations

import time
from typing import Any

from aerodrome.agents import Agent, RandomAgent, agent_seed
from aerodrome.game import Game
from aerodrome.plugins import load_plugins
from aerodrome.sim import play_game
from aerodrome_classic.bot import make_bot
from aerodrome_classic.movement import legal_moves
from aerodrome_classic.ruleset import Classic


def _ruleset() -> Classic:
    ruleset = load_plugins().ruleset("classic")
    assert isinstance(ruleset, Classic)
    return ruleset


def warm_up(ruleset: Classic) -> float:
    """Build every walk table once (what the first games of a process pay); seconds."""
    start = time.process_time()
    board = ruleset.board
    for cell in board.grid.cells():
        for length in range(1, 7):
            for side in board.sides:
                for may_land in (False, True):
                    board.table(cell, length, side, may_land)
    return time.process_time() - start


def _games(agents_for: Any, games: int, seed: int) -> dict[str, Any]:
    ruleset = _ruleset()
    warm = warm_up(ruleset)
    setup = ruleset.setup()
    rounds = decisions = unfinished = 0
    start = time.process_time()
    for i in range(seed, seed + games):
        game, n = play_game(ruleset, setup, i, agents_for(ruleset, i), record=False)
        result = game.result()
        rounds += result.rounds
        decisions += n
        unfinished += not result.finished
    took = time.process_time() - start
    return {
        "games_per_second": round(games / took, 1),
        "rounds_per_game": round(rounds / games, 1),
        "decisions_per_game": round(decisions / games, 1),
        "us_per_decision": round(took / max(decisions, 1) * 1e6, 1),
        "unfinished": unfinished,
        "warm_up_seconds": round(warm, 2),
    }


def bench_random_games(games: int = 100, seed: int = 0) -> dict[str, Any]:
    def agents(ruleset: Classic, i: int) -> list[Agent]:
        return [RandomAgent(agent_seed(i, p)) for p in range(2)]

    return _games(agents, games, seed)


def bench_bot_games(games: int = 40, seed: int = 0) -> dict[str, Any]:
    def agents(ruleset: Classic, i: int) -> list[Agent]:
        return [make_bot(ruleset, p, agent_seed(i, p)) for p in range(2)]

    return _games(agents, games, seed)


def bench_legal_moves(rounds: int = 3000) -> dict[str, Any]:
    ruleset = _ruleset()
    warm_up(ruleset)
    game = Game(ruleset, "two-player", 0, position={
        "turn": "German",
        "planes": [
            {"id": "RED-1", "cell": [4, 9], "facing": "S", "in_flight": True},
            {"id": "YELLOW-1", "cell": [11, 9], "facing": "S", "in_flight": True},
            {"id": "GREEN-1", "cell": [6, 11], "facing": "N", "in_flight": True},
            {"id": "BLUE-1", "cell": [15, 21]},
        ],
    }, record=False)
    state = game.state
    state.turn.dice = [5, 6]
    start = time.process_time()
    for _ in range(rounds):
        legal_moves(state, ruleset.board, state.turn, 0)
    took = time.process_time() - start
    start = time.process_time()
    for _ in range(rounds // 10):
        listed = list(legal_moves(state, ruleset.board, state.turn, 0))
    took_all = time.process_time() - start
    return {
        "us_per_call": round(took / rounds * 1e6, 1),
        "us_to_list_every_move": round(took_all / (rounds // 10) * 1e6, 1),
        "moves": len(listed),
    }


if __name__ == "__main__":
    for fn in (bench_random_games, bench_bot_games, bench_legal_moves):
        print(fn.__name__, fn())
