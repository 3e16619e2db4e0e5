"""The lazy legal-move list equals a plain, eager enumeration of the rules of How to Move.

The reference below does not use the walk tables: it enumerates every walk of the die's
length on the board [classic.move.7, classic.move.11, classic.move.12, classic.move.13],
drops walks entering an occupied square [classic.move.16], keeps one walk per (end square,
enemy AA squares passed, No Man's Land crossed by a plane not yet allowed to land) — the
first open one in enumeration order — and gives it the four final facings
[classic.move.15], for each unmoved plane In Flight and each distinct remaining die
[classic.move.9, classic.move.10].
"""

from __future__ import annotations

import random

import pytest

from aerodrome.engine.agents import RandomAgent, agent_seed
from aerodrome.engine.game import Game
from aerodrome_classic.movement import legal_moves, unmoved
from aerodrome_classic.state import ClassicState, Move
from tests.playouts import rounds
from tests.plugins.classic.helpers import RULESET

Cell = tuple[int, int]


def eager_moves(state: ClassicState, player: int) -> list[Move]:
    board = RULESET.board
    dice = state.turn.dice
    lengths = sorted(set(dice)) if len(dice) == 2 and dice[0] >= dice[1] else list(dice)
    out: list[Move] = []
    for pid in unmoved(state, player):
        p = state.planes[pid]
        side = state.squadrons[p.squadron].side
        blocked = {q.cell for q in state.planes.values() if q.alive and q.id != pid}
        aa_cells = {c for c in board.grid.cells() if board.bit(c) & board.enemy_aa[side]}
        enemy_half = {c for c in board.grid.cells() if board.bit(c) & board.enemy_half[side]}
        for length in lengths:
            first: dict[tuple[Cell, frozenset[Cell], bool], tuple[Cell, ...] | None] = {}
            for path in board.grid.walks(p.cell, length):
                entered = path[1:]
                key = (
                    path[-1],
                    frozenset(c for c in entered if c in aa_cells),
                    (not p.qualified) and any(c in enemy_half for c in entered),
                )
                is_open = not any(c in blocked for c in entered)
                if key not in first:
                    first[key] = path if is_open else None
                elif first[key] is None and is_open:
                    first[key] = path
            for path_or_none in first.values():
                if path_or_none is not None:
                    out.extend(
                        Move(plane=pid, path=path_or_none, facing=f)
                        for f in on_board(path_or_none[-1])
                    )
    return out


def on_board(cell: Cell) -> list[int]:
    """The facings N, E, S, W that point at a square of the board ("toward any of the
    adjoining 4 squares" [classic.move.15])."""
    x, y = cell
    ahead = [(x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)]
    return [f for f, c in enumerate(ahead) if RULESET.board.grid.in_bounds(c)]


def _positions(games: int, every: int) -> list[tuple[Game, int]]:
    """Move decisions met in random games (every ``every``-th one)."""
    found: list[tuple[Game, int]] = []
    n = 0
    for seed in range(games):
        g = Game(RULESET, "two-player", seed, record=False)
        agents = [RandomAgent(agent_seed(seed, p)) for p in range(2)]
        for _ in rounds(g, agents):
            d = g.decision()
            if d is None or g.round >= 120:
                break
            (player,) = g.waiting_for()
            if d.kind == "move":
                n += 1
                if n % every == 0:
                    found.append((g.clone(), player))
    return found


@pytest.mark.clause(
    "classic.move.7",
    "classic.move.9",
    "classic.move.10",
    "classic.move.12",
    "classic.move.13",
    "classic.move.15",
    "classic.move.16",
)
def test_lazy_moves_equal_eager_enumeration() -> None:
    positions = _positions(games=6, every=9)
    assert len(positions) > 100
    rng = random.Random(7)
    for g, player in positions:
        state = g.state
        for table in RULESET.board.tables:  # every answer made afresh: walks made when asked
            if table is not None:
                table._cache.clear()
                table._answers.clear()  # (shared by the tables with the same codes)
                table._routes.clear()
        eager = eager_moves(state, player)
        indexed = legal_moves(state, RULESET.board, state.turn.dice, player)
        assert [indexed[i] for i in range(len(indexed))] == eager  # before any listing
        lazy = legal_moves(state, RULESET.board, state.turn.dice, player)
        assert len(lazy) == len(eager)
        assert list(lazy) == eager
        assert [lazy[i] for i in range(len(lazy))] == eager
        assert lazy[-1] == eager[-1]
        for m in rng.sample(eager, min(len(eager), 12)):
            assert m in lazy
            assert Move(plane=m.plane, path=m.path, facing=4) not in lazy
            assert Move(plane="nobody", path=m.path, facing=m.facing) not in lazy
        # a walk that is not its choice's representative, or is blocked, is not listed
        listed = {(m.plane, m.path) for m in eager}
        for pid in unmoved(state, player):
            for length in set(state.turn.dice):
                for path in list(RULESET.board.grid.walks(state.planes[pid].cell, length))[:60]:
                    expect = (pid, path) in listed
                    facing = on_board(path[-1])[0]
                    assert (Move(plane=pid, path=path, facing=facing) in lazy) == expect
                    for off in set(range(4)) - set(on_board(path[-1])):
                        assert Move(plane=pid, path=path, facing=off) not in lazy
