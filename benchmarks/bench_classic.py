"""Benchmarks of the classic Dogfight ruleset.

- :func:`bench_random_games`: random-vs-random full games (two players) on one core, after a
  warm-up that makes every walk table: games per second and, the measure that counts
  (issue 18), microseconds per decision.
- :func:`bench_bot_games`: bot-vs-bot full games per second.
- :func:`bench_legal_moves`: microseconds to get the (lazy) legal moves of two planes In
  Flight with dice 5 and 6, and to create every one of them.
- :func:`bench_core_floor`: what the core alone costs per decision (a null ruleset whose
  every step asks a move-like decision of ~170 lazy actions and does nothing else), and the
  games per second that would leave for classic's random games if the ruleset cost nothing.
- :func:`bench_walk_tables`: building every walk table in memory, saving them to the disk
  cache, and loading them from it (a fresh board each, in a temporary cache folder).
- :func:`bench_balance`: bot-vs-bot balance of every set-up over 1,000 seeded games (on every
  core): wins per side, draws, round-cap endings, dogfights and ground attacks per game. It
  prints the table of ``docs/rules/classic.md``; ``python -m benchmarks.bench_classic balance
  --write`` also writes it there (between the ``balance`` markers).

CPU time of this process (``time.process_time``) is used, so a busy machine does not
distort the figures much.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import msgspec

from aerodrome.engine.agents import Agent, RandomAgent, agent_seed
from aerodrome.engine.data import Action
from aerodrome.engine.game import Game
from aerodrome.engine.ruleset import Result, Ruleset, Seat, Setup
from aerodrome.engine.turns import Ask, Context, Decision, Phase, Step, Turn, TurnSequence, listed
from aerodrome.plugins import load_plugins
from aerodrome.runs.sim import play_game
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
    game = Game(
        ruleset,
        "two-player",
        0,
        position={
            "turn": "German",
            "planes": [
                {"id": "RED-1", "cell": [4, 9], "facing": "S", "in_flight": True},
                {"id": "YELLOW-1", "cell": [11, 9], "facing": "S", "in_flight": True},
                {"id": "GREEN-1", "cell": [6, 11], "facing": "N", "in_flight": True},
                {"id": "BLUE-1", "cell": [15, 21]},
            ],
        },
        record=False,
    )
    state = game.state
    state.turn.dice = [5, 6]
    start = time.process_time()
    for _ in range(rounds):
        legal_moves(state, ruleset.board, state.turn.dice, 0)
    took = time.process_time() - start
    start = time.process_time()
    for _ in range(rounds // 10):
        listed = list(legal_moves(state, ruleset.board, state.turn.dice, 0))
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


def _null_resolve(state: _Null, ctx: Context, answers: Mapping[int, Action]) -> bool:
    state.decisions += 1
    return True


_CHOICES = _Choices()
_ASK = tuple(
    Ask(Decision(players=(p,), kind="move"), listed(_CHOICES), _null_resolve) for p in (0, 1)
)


def _null_run(state: _Null, ctx: Context) -> Ask[_Null, Action]:
    return _ASK[state.decisions & 1]


class _NullRuleset(Ruleset[_Null]):
    """Asks ``limit`` decisions, alternating two players, and does nothing else."""

    name = "null"
    action_types = (_Pick,)
    limit = 1000

    def setups(self) -> Sequence[Setup]:
        seats = (Seat(name="a", side="a"), Seat(name="b", side="b"))
        return [Setup(name="null", title="null", seats=seats, max_rounds=10**9)]

    def sequence(self) -> TurnSequence[_Null]:
        return TurnSequence(phases=(Phase("ask", (Step("ask", _null_run),)),))

    def initial_state(self, setup: Setup, ctx: Context) -> _Null:
        return _Null(limit=self.limit)

    def observation(self, state: _Null, player: int | None, turn: Turn) -> msgspec.Struct:
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


# -- walk tables ----------------------------------------------------------------------------


def bench_walk_tables() -> dict[str, Any]:
    """CPU seconds to make every walk table: built in memory (no cache), built and saved
    (cold cache), loaded from the cache (what every later process pays)."""
    import os
    import tempfile

    from aerodrome_classic.board import Board
    from aerodrome_classic.specs import load_specs

    specs = load_specs()

    def make_all() -> float:
        board = Board(specs)
        start = time.process_time()
        for ci in range(len(board.cells)):
            for length in range(1, 7):
                board.table_at(ci, length, 0, False)
        return time.process_time() - start

    old = os.environ.get("AERODROME_CACHE_DIR")
    try:
        with tempfile.TemporaryDirectory() as folder:
            os.environ["AERODROME_CACHE_DIR"] = "off"
            in_memory = make_all()
            os.environ["AERODROME_CACHE_DIR"] = folder
            cold = make_all()
            warm = min(make_all() for _ in range(3))
            size = sum(f.stat().st_size for f in Path(folder).iterdir())
    finally:
        if old is None:
            os.environ.pop("AERODROME_CACHE_DIR", None)
        else:
            os.environ["AERODROME_CACHE_DIR"] = old
    return {
        "build_seconds": round(in_memory, 2),
        "build_and_save_seconds": round(cold, 2),
        "load_seconds": round(warm, 3),
        "cache_mb": round(size / 1e6, 1),
    }


# -- balance of the set-ups ------------------------------------------------------------------

BALANCE_GAMES = 1000
BEGIN = "<!-- balance:begin (python -m benchmarks.bench_classic balance --write) -->"
END = "<!-- balance:end -->"


def _balance_chunk(setup_name: str, seeds: range) -> list[tuple[str, bool, int, int, int]]:
    """Bot-vs-bot games of one set-up: (winning side or "", finished, dogfights, ground
    attacks, rounds) per seed."""
    ruleset = _ruleset()
    setup = ruleset.setup(setup_name)
    out = []
    for i in seeds:
        agents = [make_bot(ruleset, p, agent_seed(i, p)) for p in range(len(setup.seats))]
        game, _n = play_game(ruleset, setup, i, agents, record=False)
        r = game.result()
        ground = int(r.stats.get("ground_attacks", 0))
        fights = (r.engagements or 0) - ground
        out.append(
            (r.winners[0] if len(r.winners) == 1 else "", r.finished, fights, ground, r.rounds)
        )
    return out


def balance(games: int = BALANCE_GAMES) -> list[dict[str, Any]]:
    """Per set-up: bot-vs-bot wins per side, draws, round-cap endings, dogfights and ground
    attacks per game, over ``games`` seeded games (seeds 0..games-1), on every core."""
    import os
    from concurrent.futures import ProcessPoolExecutor

    ruleset = _ruleset()
    names = [s.name for s in ruleset.setups()]
    step = 50
    jobs = [(name, range(a, min(a + step, games))) for name in names for a in range(0, games, step)]
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        results = list(pool.map(_balance_chunk, *zip(*jobs, strict=True)))
    rows = []
    for name in names:
        recs = [r for (n, _), chunk in zip(jobs, results, strict=True) if n == name for r in chunk]
        sides = list(dict.fromkeys(seat.side for seat in ruleset.setup(name).seats))
        row: dict[str, Any] = {"setup": name, "games": len(recs)}
        for side in sides:
            row[side] = sum(r[0] == side for r in recs)
        row["draws"] = sum(r[1] and not r[0] for r in recs)
        row["round_cap"] = sum(not r[1] for r in recs)
        row["dogfights_per_game"] = round(sum(r[2] for r in recs) / len(recs), 2)
        row["ground_attacks_per_game"] = round(sum(r[3] for r in recs) / len(recs), 2)
        row["rounds_per_game"] = round(sum(r[4] for r in recs) / len(recs), 1)
        rows.append(row)
    return rows


def balance_table(rows: list[dict[str, Any]]) -> str:
    """The markdown table of :func:`balance` (wins as counts and shares)."""
    lines = [
        "| set-up | games | German wins | American wins | draws | round cap | dogfights / game "
        "| ground attacks / game | rounds / game |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        n = r["games"]
        g, a = r.get("German", 0), r.get("American", 0)
        lines.append(
            f"| `{r['setup']}` | {n} | {g} ({100 * g / n:.1f} %) | {a} ({100 * a / n:.1f} %) "
            f"| {r['draws']} | {r['round_cap']} | {r['dogfights_per_game']} "
            f"| {r['ground_attacks_per_game']} | {r['rounds_per_game']} |"
        )
    return "\n".join(lines)


def write_table(table: str, doc: Path | None = None) -> Path:
    """Put ``table`` between the balance markers of ``docs/rules/classic.md`` (atomically)."""
    import os
    import tempfile

    doc = doc or Path(__file__).resolve().parent.parent / "docs" / "rules" / "classic.md"
    text = doc.read_text()
    head, _, rest = text.partition(BEGIN)
    _, _, tail = rest.partition(END)
    if not rest:
        raise SystemExit(f"{doc}: no line {BEGIN!r} to put the balance table after")
    fd, tmp = tempfile.mkstemp(dir=doc.parent, prefix=doc.name + ".", suffix=".tmp")
    with os.fdopen(fd, "w") as out:
        out.write(f"{head}{BEGIN}\n{table}\n{END}{tail}")
    os.replace(tmp, doc)
    return doc


def bench_balance(games: int = BALANCE_GAMES) -> dict[str, Any]:
    start = time.perf_counter()
    rows = balance(games)
    print(balance_table(rows), flush=True)
    figures: dict[str, Any] = {
        "games_per_setup": games,
        "wall_seconds_all": round(time.perf_counter() - start, 1),
    }
    for r in rows:
        figures[f"{r['setup']}_german_share"] = round(r.get("German", 0) / r["games"], 3)
    return figures


if __name__ == "__main__":
    import sys

    if sys.argv[1:2] == ["balance"]:
        table = balance_table(balance())
        print(table)
        if "--write" in sys.argv:
            print("wrote", write_table(table))
    else:
        for fn in (
            bench_random_games,
            bench_bot_games,
            bench_legal_moves,
            bench_core_floor,
            bench_walk_tables,
        ):
            print(fn.__name__, fn())
