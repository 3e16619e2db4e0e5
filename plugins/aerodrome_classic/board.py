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
plane blocks a first walk; results are cached per blocking pattern (:mod:`.walks`). The
walks of the whole board are built once and kept in the user's cache folder, named by a
checksum of the board spec (:mod:`.walkcache`); a process loads them from there.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

import msgspec

from aerodrome.grid import Facing, SquareGrid
from aerodrome_classic import walkcache
from aerodrome_classic.specs import Specs, load_specs
from aerodrome_classic.walks import REACH, WalkTable, place_in_window, window_of

Cell = tuple[int, int]


class Board:
    """Geometry of the classic board, built from ``board.toml``."""

    def __init__(self, specs: Specs) -> None:
        b = specs.board
        self.spec = b
        self.width = b.width
        self.height = b.height
        self.german_last_row = b.no_mans_land.german_last_row
        rows_g = [
            (x, y) for y in range(b.height) for x in range(b.width) if y <= self.german_last_row
        ]
        rows_a = [
            (x, y) for y in range(b.height) for x in range(b.width) if y > self.german_last_row
        ]
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
        #: the bytes of a packed mask (:meth:`pack`)
        self.mask_bytes = (self.width * self.height + 7) // 8
        #: square → its bit number (y * width + x); bit number → square
        self.index: dict[Cell, int] = {c: c[1] * self.width + c[0] for c in self.grid.cells()}
        self.cells: list[Cell] = sorted(self.index, key=self.index.__getitem__)
        self.side_index: dict[str, int] = {s: i for i, s in enumerate(self.sides)}
        self.side_count = len(self.sides)
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
        #: per square, the facings a plane ending its move there may take: "toward any of the
        #: adjoining 4 squares", so never off the board [classic.move.15]; and their number
        #: by square number
        self.facings: dict[Cell, tuple[int, ...]] = {
            c: tuple(f for f in range(4) if self._ahead[c][f] is not None)
            for c in self.grid.cells()
        }
        self.facing_counts: list[int] = [len(self.facings[c]) for c in self.cells]
        #: per square, (bit 1 << facing, the mask of the square ahead) for each facing on
        #: the board
        self.beside: dict[Cell, tuple[tuple[int, int], ...]] = {
            c: tuple((1 << f, self.bitof[a]) for f, a in enumerate(self._ahead[c]) if a is not None)
            for c in self.grid.cells()
        }
        #: the walk tables, flat: see :meth:`slot` (made on first use)
        self.tables: list[WalkTable | None] = [None] * (len(self.cells) * 2 * len(self.sides) * 7)
        #: the walks loaded from the disk cache, by ``cell * 7 + length`` (None: not yet
        #: looked for; empty: no cache, build as needed)
        self._stored: dict[int, list[tuple[tuple[int, ...], tuple[bytes, ...]]]] | None = None
        #: :meth:`within`'s answers (made on first use)
        self._within: dict[tuple[Cell, int], int] = {}

    # -- geometry ---------------------------------------------------------------------------
    def bit(self, c: Cell) -> int:
        return 1 << (c[1] * self.width + c[0])

    def enemy_side(self, side: str) -> str:
        for s in self.sides:
            if s != side:
                return s
        return side

    def home_facing(self, side: str) -> int:
        """The facing towards the enemy's rear edge (Germans sit at the top)."""
        return int(Facing.S) if side == "German" else int(Facing.N)

    def ahead(self, c: Cell, facing: int) -> Cell | None:
        """The square the plane's front points at (None off the board)."""
        return self._ahead[c][facing]

    def around_squares(self, c: Cell) -> tuple[Cell | None, ...]:
        """The squares ahead of ``c`` for facings N, E, S, W (None off the board)."""
        return self._ahead[c]

    def within(self, c: Cell, distance: int) -> int:
        """The mask (:meth:`bit`) of the squares at most ``distance`` orthogonal steps from
        ``c`` (counted on the board's coordinates, whatever stands between)."""
        key = (c, distance)
        found = self._within.get(key)
        if found is None:
            x, y = c
            found = 0
            for s in self.cells:
                if abs(s[0] - x) + abs(s[1] - y) <= distance:
                    found |= self.bitof[s]
            self._within[key] = found
        return found

    def within_any(self, cells: list[Cell], distance: int) -> int:
        """The mask of the squares at most ``distance`` orthogonal steps from one of ``cells``."""
        found = 0
        for c in cells:
            found |= self.within(c, distance)
        return found

    def pack(self, mask: int) -> bytes:
        """``mask`` (of :meth:`bit`) as bytes, lowest square first: how a state keeps one
        (msgpack has no integers of the board's hundreds of bits)."""
        return mask.to_bytes(self.mask_bytes, "little")

    @staticmethod
    def unpack(packed: bytes) -> int:
        """The mask that :meth:`pack` wrote."""
        return int.from_bytes(packed, "little")

    def mask(self, cells: Iterable[Cell]) -> int:
        """The mask (:meth:`bit`) of ``cells``."""
        bitof = self.bitof
        found = 0
        for c in cells:
            found |= bitof[c]
        return found

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
        slot = self.slot(cell_index, length, side_index, qualified)
        found = self.tables[slot]
        if found is None:
            if not 1 <= length <= REACH:
                raise ValueError(
                    f"walk length {length} outside 1..{REACH} (a die of the classic game)"
                )
            self._fill(cell_index, length)
            found = self.tables[slot]
            assert found is not None
        return found

    def warm_up(self) -> None:
        """Make every walk table now (each square, length, side and may-land state)."""
        for ci in range(len(self.cells)):
            for length in range(1, REACH + 1):
                if self.tables[self.slot(ci, length, 0, False)] is None:
                    self._fill(ci, length)

    def _fill(self, cell_index: int, length: int) -> None:
        """Make the tables of (start square, length) for every side and may-land state: from
        the disk cache when it has them (loaded, or built whole and saved, on first need),
        else enumerated here."""
        if self._stored is None:
            self._stored = self._load_or_build_all()
        start = self.cells[cell_index]
        grouped = self._stored.get(cell_index * 7 + length) if self._stored else None
        if grouped is not None:
            try:
                window = self._window(start)
                made = [
                    (slots, WalkTable(codes, start, length, window, self.width, self.facing_counts))
                    for slots, codes in grouped
                ]
            except (ValueError, IndexError, TypeError):
                self._stored = {}  # a stored table that does not fit this board: build here
            else:
                self._place(cell_index, length, made)
                return
        window = self._window(start)
        self._place(
            cell_index,
            length,
            [
                (slots, WalkTable(codes, start, length, window, self.width, self.facing_counts))
                for slots, codes in self.group_walks(cell_index, length)
            ],
        )

    def _place(
        self, cell_index: int, length: int, made: list[tuple[tuple[int, ...], WalkTable]]
    ) -> None:
        family = {
            self.slot(cell_index, length, si, q)
            for si in range(len(self.sides))
            for q in (False, True)
        }
        filled = [s for slots, _ in made for s in slots]
        if sorted(filled) != sorted(family):
            raise ValueError(
                f"walk tables of square {self.cells[cell_index]}, length {length}: slots {filled}"
            )
        for slots, table in made:
            for s in slots:
                self.tables[s] = table

    def _window(self, start: Cell) -> list[Cell | None]:
        """The window of squares around ``start`` (the board's own cell objects)."""
        cells, index = self.cells, self.index
        return [
            cells[index[c]] if c is not None else None
            for c in window_of(start, self.width, self.height)
        ]

    def group_walks(
        self, cell_index: int, length: int
    ) -> list[tuple[tuple[int, ...], tuple[bytes, ...]]]:
        """Enumerate the walks of ``length`` from a square once and group them into the route
        choices of every side and may-land state: (the slots a table fills, its codes).
        Side and may-land states that group the walks alike share one table (less memory,
        and their caches are shared)."""
        bitof = self.bitof
        start = self.cells[cell_index]
        walks: list[tuple[int, int, bytes]] = []  # (end square number, mask entered, code)
        w = self.width
        for path in self.grid.walks(start, length):
            mask = 0
            for c in path[1:]:
                mask |= bitof[c]
            end = path[-1]
            code = bytes([place_in_window(start, c) for c in path[1:]])
            walks.append((end[1] * w + end[0], mask, code))
        shapes: dict[tuple[tuple[int, ...], ...], list[int]] = {}
        for si, side in enumerate(self.sides):
            aa = self.enemy_aa[side]
            half = self.enemy_half[side]
            for qualified in (False, True):
                by_key: dict[tuple[int, int, bool], list[int]] = {}
                for n, (end_n, mask, _code) in enumerate(walks):
                    k = (end_n, mask & aa, (not qualified) and bool(mask & half))
                    by_key.setdefault(k, []).append(n)
                shape = tuple(tuple(g) for g in by_key.values())
                shapes.setdefault(shape, []).append(self.slot(cell_index, length, si, qualified))
        return [
            (tuple(slots), tuple(b"".join(walks[n][2] for n in g) for g in shape))
            for shape, slots in shapes.items()
        ]

    # -- the disk cache -----------------------------------------------------------------------
    def cache_key(self) -> str:
        """The checksum of everything the walk tables depend on."""
        description = msgspec.json.encode([self.spec, sorted(self.side_of_squadron.items())])
        return walkcache.board_key(description)

    def all_walks(self) -> list[walkcache.StoredTable]:
        """The walk tables of every square and length, as stored on disk."""
        return [
            walkcache.StoredTable(cell=ci, length=length, slots=list(slots), codes=list(codes))
            for ci in range(len(self.cells))
            for length in range(1, REACH + 1)
            for slots, codes in self.group_walks(ci, length)
        ]

    def _load_or_build_all(self) -> dict[int, list[tuple[tuple[int, ...], tuple[bytes, ...]]]]:
        """Load the walks from the disk cache; when it has none, build them all and save them
        (only when the cache folder can be written: else tables are built as needed)."""
        key = self.cache_key()
        path = walkcache.cache_file(key)
        if path is None:
            return {}
        stored = walkcache.load(path, key)
        if stored is None:
            if not walkcache.writable(path):
                return {}
            stored = self.all_walks()
            walkcache.save(path, key, stored)
        out: dict[int, list[tuple[tuple[int, ...], tuple[bytes, ...]]]] = {}
        for t in stored:
            out.setdefault(t.cell * 7 + t.length, []).append((tuple(t.slots), tuple(t.codes)))
        return out


@cache
def board_for(specs: Specs | None = None) -> Board:
    """The (shared, immutable) board of ``specs`` (default: the built-in specs)."""
    return Board(specs if specs is not None else load_specs())
