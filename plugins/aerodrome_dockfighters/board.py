"""The hex board of a mission, built on the core hex grid (:class:`aerodrome.grid.HexGrid`).

Flat-top hexes in odd-q offset columns, facings in Red Blob's direction order (0 SE, 1 NE,
2 N, 3 NW, 4 SW, 5 S; ``+1`` turns left). Cells are numbered like a book page (row by row,
left to right, the grid's own order), which is also Konrad's activation scan order (clause
konrad.1). The grid's networkx graph is the source of truth for adjacency and holds the two
set-up zones; the hot paths (steps, distances, sectors) are integer tables built once per
board size from it and from the core's hex maths; nothing here re-derives hex geometry.
"""

from __future__ import annotations

from functools import cache

from aerodrome.grid import Hex, HexGrid, arc_between, hex_distance, lines, sector
from aerodrome_dockfighters.specs import builtin

N_FACINGS = 6
FACING_NAMES = ("SE", "NE", "N", "NW", "SW", "S")
FACING_ARROWS = ("↘", "↗", "↑", "↖", "↙", "↓")


class Board:
    """A ``width`` × ``height`` board; cell ``i`` is column ``i % width``, row ``i // width``."""

    def __init__(self, width: int, height: int, zone_depth: int = 2) -> None:
        self.width = width
        self.height = height
        self.size = width * height
        zones = {
            "bavarian set-up": [
                (c, r) for r in range(height - zone_depth, height) for c in range(width)
            ],
            "saxon set-up": [(c, r) for r in range(zone_depth) for c in range(width)],
        }
        self.grid = HexGrid(width, height, offset="odd-q", zones=zones)
        self.hexes: list[Hex] = list(self.grid.hexes())
        self.index: dict[Hex, int] = {h: i for i, h in enumerate(self.hexes)}
        steps: list[int] = []
        for h in self.hexes:
            for f in range(N_FACINGS):
                n = self.grid.step(h, f)
                steps.append(-1 if n is None else self.index[n])
        #: ``step[cell * 6 + facing]``: the neighbour, or -1 off the board.
        self.step = steps
        self._dist: dict[int, int] = {}
        self._sector: dict[int, int] = {}
        self._cross: dict[int, tuple[tuple[int, ...], ...]] = {}
        self._shapes: dict[tuple[int, int, int], tuple[int, ...]] = {}

    # -- coordinates ----------------------------------------------------------------------
    def cell(self, col: int, row: int) -> int:
        """The cell at ``(col, row)``, or -1 off the board."""
        if 0 <= col < self.width and 0 <= row < self.height:
            return row * self.width + col
        return -1

    def on_board(self, h: Hex) -> int:
        """The cell of hex ``h``, or -1."""
        return self.index.get(h, -1)

    def hex_to_colrow(self, h: Hex) -> tuple[int, int]:
        c = self.grid.to_offset(h)
        return c.col, c.row

    # -- geometry (cached) ------------------------------------------------------------------
    def distance(self, a: int, b: int) -> int:
        key = a * self.size + b
        d = self._dist.get(key)
        if d is None:
            d = hex_distance(self.hexes[a], self.hexes[b])
            self._dist[key] = d
        return d

    def sector(self, facing: int, origin: int, target: int) -> int:
        """Where ``target`` lies seen from ``origin`` facing ``facing`` (0..23, to the left);
        -1 for the same hex."""
        if origin == target:
            return -1
        key = origin * self.size + target
        s = self._sector.get(key)
        if s is None:
            s = sector(0, self.hexes[origin], self.hexes[target])
            self._sector[key] = s
        return (s - 4 * facing) % 24

    def crossed(self, a: int, b: int) -> tuple[tuple[int, ...], ...]:
        """The on-board cells strictly between ``a`` and ``b`` on the centre line; two lines
        when it runs along hexsides (clause hit.5 takes the cloud hex of either)."""
        key = a * self.size + b
        got = self._cross.get(key)
        if got is None:
            got = tuple(
                tuple(c for h in ln[1:-1] if (c := self.index.get(h, -1)) >= 0)
                for ln in lines(self.hexes[a], self.hexes[b])
            )
            self._cross[key] = got
        return got

    def cloud_shape(self, col: int, row: int, size: int) -> tuple[int, ...]:
        """The on-board cells of a cloud centred on ``(col, row)``: the centre and its ring
        (size 7), the centre and its two neighbours ahead of the wind (size 3), the centre
        alone (size 1); nothing when the centre is off the board."""
        key = (col, row, size)
        got = self._shapes.get(key)
        if got is None:
            centre = self.cell(col, row)
            if centre < 0:
                got = ()
            elif size >= 7:
                got = tuple(self.within(centre, 1))
            else:
                out = [centre]
                for f in (0, 1) if size > 1 else ():
                    n = self.step[centre * 6 + f]
                    if n >= 0:
                        out.append(n)
                got = tuple(out)
            self._shapes[key] = got
        return got

    def within(self, centre: int, radius: int) -> list[int]:
        """On-board cells within ``radius`` of ``centre``, nearest first."""
        out = [centre]
        frontier = [centre]
        seen = {centre}
        for _ in range(radius):
            nxt = []
            for c in frontier:
                for f in range(N_FACINGS):
                    n = self.step[c * 6 + f]
                    if n >= 0 and n not in seen:
                        seen.add(n)
                        nxt.append(n)
            out.extend(nxt)
            frontier = nxt
        return out


@cache
def board(width: int, height: int) -> Board:
    """The (shared, immutable) board of that size, its set-up zones as deep as the specs say."""
    return Board(width, height, builtin().board.zone_depth)


ZONES = ("bavarian set-up", "saxon set-up")


def zone_cells(b: Board, player: int) -> list[int]:
    """The cells of ``player``'s set-up zone (a zone of the grid's graph), in cell order."""
    return sorted(b.index[h] for h in b.grid.zone(ZONES[player]))


@cache
def arc_sectors(ranges: tuple[tuple[int, int], ...]) -> frozenset[int]:
    """The sectors of an arc given as ``[first, last]`` ranges (see the arcs spec)."""
    out: frozenset[int] = frozenset()
    for first, last in ranges:
        out |= arc_between(first, last)
    return out
