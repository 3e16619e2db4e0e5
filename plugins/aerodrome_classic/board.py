"""The playing board: the square grid, airfields, AA dot squares, No Man's Land, and the
precomputed tables for fast legal-move enumeration.

A move is an orthogonal walk of exactly the die's number of squares [classic.move.7,
classic.move.11] that never goes between the same two squares twice [classic.move.12]
(``SquareGrid.walks`` without edge reuse), may end on its start square [classic.move.13],
and never enters a square holding a plane [classic.move.16]. Walks are enumerated once per
(start square, length) on the empty board and filtered by a bitmask of occupied squares.
Different walks to the same end square are different choices only when they pass different
enemy AA squares or differ in crossing No Man's Land (the only things a route changes).

Memory and speed: the tables of a square are shared between sides and may-land states that
group its walks alike; a table holds the first walk of each choice as cells and all walks
as bytes (6 at most per walk), searched in C (``translate`` + a regular expression) when a
plane blocks a first walk; results are cached per blocking pattern.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from aerodrome.grid import Facing, SquareGrid
from aerodrome_classic.specs import Specs, load_specs

Cell = tuple[int, int]
#: a walk: its squares (start first), the mask of the squares it enters, and those squares
#: as bytes (their places in the window of squares a walk of up to 6 can reach)
Walk = tuple[tuple[Cell, ...], int, bytes]
#: one walk per route choice (tuples, not lists: the tables hold many and tuples of
#: immutable items are not tracked by the garbage collector)
Route = tuple[tuple[Cell, ...], ...]
#: the longest walk (the highest die) and the side of the square window around its start
REACH = 6
WINDOW = 2 * REACH + 1
#: per walk length, a matcher of walks coded as bytes with their blocked squares marked 1
#: and the others 0: group 1 is the first walk with no blocked square (all in C)
CLEAR_WALK: list[Callable[[bytes], re.Match[bytes] | None]] = [
    re.compile(rb"(?:.{%d})*?(\x00{%d})" % (n, n), re.DOTALL).match if n else re.compile(b"").match
    for n in range(REACH + 1)
]


class Board:
    """Geometry of the classic board, built from ``board.toml``."""

    def __init__(self, specs: Specs) -> None:
        b = specs.board
        self.width = b.width
        self.height = b.height
        self.german_last_row = b.no_mans_land.german_last_row
        rows_g = [(x, y) for y in range(b.height) for x in range(b.width) if y <= self.german_last_row]
        rows_a = [(x, y) for y in range(b.height) for x in range(b.width) if y > self.german_last_row]
        zones: dict[str, list[Cell]] = {"German": rows_g, "American": rows_a}
        self.landing: dict[str, tuple[Cell, ...]] = {}
        self.dots: dict[str, tuple[Cell, ...]] = {}
        self.side_of_squadron: dict[str, str] = {}
        for sq in specs.squadrons.squadron:
            self.side_of_squadron[sq.name] = sq.side
        for af in b.airfield:
            self.landing[af.squadron] = tuple(af.landing)
            self.dots[af.squadron] = tuple(af.dots)
            zones[f"landing:{af.squadron}"] = list(af.landing)
            zones[f"dots:{af.squadron}"] = list(af.dots)
        self.grid = SquareGrid(b.width, b.height, zones=zones)
        #: the square ahead of each square for each facing (None off the board)
        self._ahead: dict[Cell, tuple[Cell | None, ...]] = {
            c: tuple(self.grid.step(c, f) for f in Facing) for c in self.grid.cells()
        }
        self.sides = tuple(sorted({s.side for s in specs.squadrons.squadron}))
        #: bit masks per side: the enemy's AA dot squares; the enemy's half of the board
        self.enemy_aa: dict[str, int] = {}
        self.enemy_half: dict[str, int] = {}
        for side in self.sides:
            aa = 0
            for owner, dots in self.dots.items():
                if self.side_of_squadron[owner] != side:
                    for c in dots:
                        aa |= self.bit(c)
            self.enemy_aa[side] = aa
            half = 0
            for c in zones[self.enemy_side(side)]:
                half |= self.bit(c)
            self.enemy_half[side] = half
        self.landing_squadron: dict[Cell, str] = {
            c: sq for sq, cells in self.landing.items() for c in cells
        }
        self.bitof: dict[Cell, int] = {c: self.bit(c) for c in self.grid.cells()}
        #: square → its bit number (y * width + x); bit number → square
        self.index: dict[Cell, int] = {c: c[1] * self.width + c[0] for c in self.grid.cells()}
        self.cells: list[Cell] = sorted(self.index, key=self.index.__getitem__)
        self.side_index: dict[str, int] = {s: i for i, s in enumerate(self.sides)}
        #: per square, the mask of the squares beside it (orthogonally: its front is one)
        self.around: dict[Cell, int] = {}
        for c in self.grid.cells():
            m = 0
            for n in self.grid.neighbours(c):
                m |= self.bitof[n]
            for f in range(4):
                ahead = self._ahead[c][f]
                if ahead is not None:
                    m |= self.bitof[ahead]
            self.around[c] = m
        #: the walk tables, flat: see :meth:`slot` (built on first use)
        self.tables: list[WalkTable | None] = [None] * (len(self.cells) * 2 * len(self.sides) * 7)

    # -- geometry ---------------------------------------------------------------------------
    def bit(self, c: Cell) -> int:
        return 1 << (c[1] * self.width + c[0])

    def enemy_side(self, side: str) -> str:
        for s in self.sides:
            if s != side:
                return s
        return side

    def side_of_row(self, y: int) -> str:
        return "German" if y <= self.german_last_row else "American"

    def home_facing(self, side: str) -> int:
        """The facing towards the enemy's rear edge (Germans sit at the top)."""
        return int(Facing.S) if side == "German" else int(Facing.N)

    def ahead(self, c: Cell, facing: int) -> Cell | None:
        """The square the plane's front points at (None off the board)."""
        return self._ahead[c][facing]

    def around_squares(self, c: Cell) -> tuple[Cell | None, ...]:
        """The squares ahead of ``c`` for facings N, E, S, W (None off the board)."""
        return self._ahead[c]

    def position(self, target: Cell, target_facing: int, attacker: Cell) -> str:
        """The attack position of ``attacker`` next to ``target`` [classic.dogfight.3]:
        in front of the target → "head-on", behind it → "tail", beside it → "side"."""
        bearing = self.grid.bearing(Facing(target_facing), target, attacker)
        if bearing == "front":
            return "head-on"
        if bearing == "rear":
            return "tail"
        return "side"

    # -- walks ------------------------------------------------------------------------------
    def slot(self, cell_index: int, length: int, side_index: int, qualified: bool) -> int:
        """The index in :attr:`tables` of the table of (start square, length, side, may land)."""
        return ((cell_index * 2 + qualified) * len(self.sides) + side_index) * 7 + length

    def table(self, start: Cell, length: int, side: str, qualified: bool) -> WalkTable:
        """The walks from ``start`` grouped by (end square, enemy AA squares passed, crossed
        No Man's Land) — crossing only counts for a plane not yet allowed to land."""
        return self.table_at(self.index[start], length, self.side_index[side], qualified)

    def table_at(self, cell_index: int, length: int, side_index: int, qualified: bool) -> WalkTable:
        found = self.tables[self.slot(cell_index, length, side_index, qualified)]
        if found is None:
            self._build(self.cells[cell_index], length)
            found = self.tables[self.slot(cell_index, length, side_index, qualified)]
            assert found is not None
        return found

    def _build(self, start: Cell, length: int) -> None:
        """Enumerate the walks of ``length`` from ``start`` once and build the tables of every
        side and may-land state from them (tables grouping the walks alike are one object).
        A table keeps the first walk of each route choice as cells and every walk as bytes."""
        if not 1 <= length <= REACH:
            raise ValueError(f"walk length {length} outside 1..{REACH} (a die of the classic game)")
        bitof = self.bitof
        sx, sy = start
        walks: list[Walk] = []
        for path in self.grid.walks(start, length):
            mask = 0
            for c in path[1:]:
                mask |= bitof[c]
            code = bytes([(y - sy + REACH) * WINDOW + x - sx + REACH for x, y in path[1:]])
            walks.append((path, mask, code))
        w = self.width
        ci = self.index[start]
        window: list[Cell | None] = [
            (sx + dx, sy + dy) if self.grid.in_bounds((sx + dx, sy + dy)) else None
            for dy in range(-REACH, REACH + 1)
            for dx in range(-REACH, REACH + 1)
        ]
        window = [self.cells[self.index[c]] if c is not None else None for c in window]
        # tables with the same grouping of walks are one object (e.g. both sides' tables
        # where no walk passes an AA square): less memory, and their caches are shared
        built: dict[tuple[tuple[int, ...], ...], WalkTable] = {}
        for si, side in enumerate(self.sides):
            aa = self.enemy_aa[side]
            half = self.enemy_half[side]
            for qualified in (False, True):
                by_key: dict[tuple[int, int, bool], list[int]] = {}
                for n, walk in enumerate(walks):
                    end = walk[0][-1]
                    mask = walk[1]
                    k = (end[1] * w + end[0], mask & aa, (not qualified) and bool(mask & half))
                    by_key.setdefault(k, []).append(n)
                shape = tuple(tuple(g) for g in by_key.values())
                table = built.get(shape)
                if table is None:
                    groups = [[walks[n] for n in g] for g in shape]
                    table = built[shape] = WalkTable(groups, start, length, window, w)
                self.tables[self.slot(ci, length, si, qualified)] = table


class WalkTable:
    """The route choices of one (start, length, side, may-land) on the empty board.

    ``codes`` holds, per choice, the squares its walks enter, in enumeration order, as one
    bytes string (``length`` bytes per walk, see :data:`Walk`; a walk is rebuilt from its
    bytes only when it is needed); ``firsts`` the first walk of each choice; ``reach`` the
    mask of every square any walk enters (when no plane stands there, every choice is open
    and ``firsts`` are the representatives); ``touch`` maps a square's bit number to the
    choices whose first walk enters it.
    """

    __slots__ = ("_cache", "_window", "codes", "firsts", "length", "reach", "start", "touch", "width")

    def __init__(
        self,
        groups: list[list[Walk]],
        start: Cell,
        length: int,
        window: list[Cell | None],
        width: int,
    ) -> None:
        self.codes: tuple[bytes, ...] = tuple(b"".join(walk[2] for walk in g) for g in groups)
        self.firsts: Route = tuple(g[0][0] for g in groups)
        self.start = start
        self.length = length
        self.width = width
        self._window = window  # the squares of the window around the start (see Walk)
        reach = 0
        touch: dict[int, list[int]] = {}
        for i, g in enumerate(groups):
            for walk in g:
                reach |= walk[1]
            first = g[0][1]
            while first:
                low = first & -first
                touch.setdefault(low.bit_length() - 1, []).append(i)
                first ^= low
        self.reach = reach
        self.touch: dict[int, tuple[int, ...]] = {n: tuple(v) for n, v in touch.items()}
        self._cache: dict[int, Route] = {}

    def walk(self, choice: int, k: int) -> tuple[Cell, ...]:
        """The ``k``-th walk (in enumeration order) of route choice ``choice``."""
        if k == 0:
            return self.firsts[choice]
        size = self.length
        code = self.codes[choice][k * size : (k + 1) * size]
        return (self.start, *map(self._window.__getitem__, code))  # type: ignore[arg-type]

    def walks(self, choice: int) -> list[tuple[Cell, ...]]:
        """Every walk of route choice ``choice``, in enumeration order."""
        return [self.walk(choice, k) for k in range(len(self.codes[choice]) // self.length)]

    def open_paths(self, occupied: int) -> Route:
        """One representative walk per choice that avoids the ``occupied`` squares (the
        first such walk in enumeration order); ``occupied`` must not hold the start square."""
        near = occupied & self.reach
        if not near:
            return self.firsts
        out = self._cache.get(near)
        if out is not None:
            return out
        if len(self._cache) > 256:
            self._cache.clear()
        affected: set[int] = set()
        blocked: list[int] = []  # the occupied squares' places in the window (see Walk)
        touch = self.touch
        w = self.width
        x0 = self.start[0] - REACH
        y0 = self.start[1] - REACH
        bits = near
        while bits:
            low = bits & -bits
            n = low.bit_length() - 1
            blocked.append((n // w - y0) * WINDOW + n % w - x0)
            hit = touch.get(n)
            if hit:
                affected.update(hit)
            bits ^= low
        if not affected:
            out = self.firsts
        else:
            reps = list(self.firsts)
            gone = False
            codes = self.codes
            size = self.length
            marks = bytearray(256)  # a blocked square's byte -> 1, any other -> 0
            for b in blocked:
                marks[b] = 1
            flags = bytes(marks)
            match = CLEAR_WALK[size]
            for i in affected:
                code = codes[i]
                count = len(code) // size
                found = match(code.translate(flags))
                k = found.start(1) // size if found is not None else count
                if k < count:
                    reps[i] = self.walk(i, k)
                else:
                    reps[i] = ()
                    gone = True
            out = tuple([p for p in reps if p] if gone else reps)
        self._cache[near] = out
        return out


@cache
def board_for(specs: Specs | None = None) -> Board:
    """The (shared, immutable) board of ``specs`` (default: the built-in specs)."""
    return Board(specs if specs is not None else load_specs())
