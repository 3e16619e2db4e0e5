"""Benchmarks of the classic Dogfight ruleset.

- :func:`bench_random_games`: random-vs-random full games (two players) per second on one
  core, after a warm-up that builds the walk tables (target in the issue: >= 400).
- :func:`bench_bot_games`: bot-vs-bot full games per second.
- :func:`bench_legal_moves`: microseconds to get the (lazy) legal moves of two planes In
  Flight with dice 5 and 6, and to create every one of them.
- :func:`bench_core_floor`: what the core alone costs per decision (a null ruleset whose
  every step asks a move-like decision of ~170 lazy actions and does nothing else), and the
  games per second that would leave for classic's random games if the ruleset cost nothing.

CPU time of this process (``time.process_time``) is used, so a busy machine does not
distort the figures much.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from aerodrome.agents import Agent, RandomAgent, agent_seed
from aerodrome.data import Action
from aerodrome.game import Game
from aerodrome.plugins import load_plugins
from aerodrome.ruleset import Result, Ruleset, Seat, Setup
from aerodrome.sim import play_game
from aerodrome.turns import Context, Decision, Phase, Step, TurnSequence
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


# -- the core's own cost per decision -------------------------------------------------------


class _Pick(Action, frozen=True):
    n: int


class _Null(msgspec.Struct, kw_only=True):
    decisions: int = 0
    limit: int = 0


class _Choices(Sequence[Action]):
    """170 actions, one built when indexed, checked by identity (like classic's move list)."""

    __slots__ = ("_last",)

    def __init__(self) -> None:
        self._last: Action | None = None

    def __len__(self) -> int:
        return 170

    def __getitem__(self, index: Any) -> Any:
        self._last = _Pick(n=index)
        return self._last

    def __contains__(self, action: object) -> bool:
        return action is self._last


_ASK = (Decision(players=(0,), kind="move"), Decision(players=(1,), kind="move"))


def _null_run(state: _Null, ctx: Context) -> Decision | None:
    return _ASK[state.decisions & 1]


def _null_resolve(state: _Null, ctx: Context, answers: Mapping[int, Action]) -> bool:
    state.decisions += 1
    return True


class _NullRuleset(Ruleset[_Null]):
    """Asks ``limit`` decisions, alternating two players, and does nothing else."""

    name = "null"
    state_type = _Null
    action_types = (_Pick,)
    limit = 1000

    def setups(self) -> Sequence[Setup]:
        seats = (Seat(name="a", side="a"), Seat(name="b", side="b"))
        return [Setup(name="null", title="null", seats=seats, max_rounds=10**9)]

    def sequence(self) -> TurnSequence[_Null]:
        return TurnSequence(phases=(Phase("ask", (Step("ask", _null_run, _null_resolve),)),))

    def initial_state(self, setup: Setup, ctx: Context) -> _Null:
        return _Null(limit=self.limit)

    def legal_actions(self, state: _Null, decision: Decision, player: int) -> Sequence[Action]:
        return _Choices()

    def observation(self, state: _Null, player: int | None) -> msgspec.Struct:
        return state

    def is_over(self, state: _Null) -> bool:
        return state.decisions >= state.limit

    def result(self, state: _Null, rounds: int) -> Result:
        return Result(winners=(), reason="done", rounds=rounds, finished=True)


def bench_core_floor(games: int = 100, decisions_per_game: int = 977) -> dict[str, Any]:
    """The core's cost per decision (``play_game``, ``Game.apply``, the random agent) with a
    ruleset that costs next to nothing, and the bound it puts on classic random games."""
    ruleset = _NullRuleset()
    ruleset.limit = decisions_per_game
    setup = ruleset.setup()
    decisions = 0
    start = time.process_time()
    for i in range(games):
        _game, n = play_game(ruleset, setup, i, [RandomAgent(i), RandomAgent(i + 1)])
        decisions += n
    took = time.process_time() - start
    per = took / decisions
    return {
        "core_us_per_decision": round(per * 1e6, 2),
        "decisions_per_game": decisions_per_game,
        "max_games_per_second": round(1 / (per * decisions_per_game), 1),
    }


if __name__ == "__main__":
    for fn in (bench_random_games, bench_bot_games, bench_legal_moves, bench_core_floor):
        print(fn.__name__, fn())
