"""The hex grid: a rectangular board of hexes addressed by offset (col, row), stored as
cube :class:`~aerodrome.grid.hexes.Hex`, backed by a networkx graph."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Final, Literal, TypeAlias

from aerodrome.engine.errors import UnknownNameError
from aerodrome.grid.arcs import HexFacing
from aerodrome.grid.hexes import (
    EVEN,
    HEX_DIRECTIONS,
    ODD,
    Hex,
    Layout,
    OffsetCoord,
    Point,
    hex_distance,
    hex_range,
    layout_flat,
    layout_pointy,
    qoffset_from_cube,
    qoffset_to_cube,
    ring,
    roffset_from_cube,
    roffset_to_cube,
)

OffsetKind: TypeAlias = Literal["odd-q", "even-q", "odd-r", "even-r"]
HexRef: TypeAlias = Hex | tuple[int, int]
"""A hex given either as a cube :class:`Hex` or as offset ``(col, row)``."""

_FACING_OF_VECTOR: Final = {(d.q, d.r): HexFacing(i) for i, d in enumerate(HEX_DIRECTIONS)}
_ORIGIN: Final = Point(0.0, 0.0)
_PARITY: Final = {"odd-q": ODD, "even-q": EVEN, "odd-r": ODD, "even-r": EVEN}


class HexGrid:
    """A ``width`` × ``height`` board of hexes (columns ``0..width-1``, rows
    ``0..height-1`` in the chosen offset layout: ``"odd-q"``/``"even-q"`` are flat-top
    boards with shoved columns, ``"odd-r"``/``"even-r"`` pointy-top boards with shoved rows).

    :param blocked: hexes that exist but cannot be entered (no graph edges).
    :param zones: named sets of hexes (node attribute ``"zones"``, a frozenset of names).

    Hexes may be given as :class:`Hex` or offset ``(col, row)`` tuples. ``graph`` is the
    source of truth; the neighbour and step tables are precomputed from it.
    """

    def __init__(
        self,
        width: int,
        height: int,
        *,
        offset: OffsetKind = "odd-q",
        blocked: Iterable[HexRef] = (),
        zones: Mapping[str, Iterable[HexRef]] = {},
    ) -> None:
        if width < 1 or height < 1:
            raise ValueError(f"a hex grid needs width and height >= 1, got {width}x{height}")
        if offset not in _PARITY:
            raise ValueError(f"offset must be one of {sorted(_PARITY)}, got {offset!r}")
        self.width = width
        self.height = height
        self.offset: OffsetKind = offset
        self._parity = _PARITY[offset]
        self._columns = offset.endswith("q")
        self.orientation: Literal["pointy", "flat"] = "flat" if self._columns else "pointy"

        hexes = [self.from_offset(c, r) for r in range(height) for c in range(width)]
        self._hexes = hexes
        self._index = {h: i for i, h in enumerate(hexes)}
        blocked_set = frozenset(self._resolve(b, "blocked hex") for b in blocked)
        zone_sets: dict[str, frozenset[Hex]] = {
            name: frozenset(self._resolve(h, f"hex of zone {name!r}") for h in cells)
            for name, cells in zones.items()
        }
        self._zones = zone_sets

        import networkx as nx  # imported where a board is built: keeps start-up fast

        g = nx.Graph()
        for h in hexes:
            names = frozenset(n for n, hs in zone_sets.items() if h in hs)
            if h in blocked_set:
                g.add_node(h, zones=names, blocked=True)
            else:
                g.add_node(h, zones=names)
        for h in hexes:
            if h in blocked_set:
                continue
            for n in h.neighbors():
                if n in self._index and n not in blocked_set:
                    g.add_edge(h, n)
        self.graph = g
        steps: dict[Hex, tuple[Hex | None, ...]] = {}
        neighbours: dict[Hex, tuple[Hex, ...]] = {}
        for h in hexes:
            adj = g.adj[h]
            row = tuple(n if n in adj else None for n in h.neighbors())
            steps[h] = row
            neighbours[h] = tuple(n for n in row if n is not None)
        self._steps = steps
        self._neighbours = neighbours

    # -- coordinates -----------------------------------------------------------------------
    def _resolve(self, ref: HexRef, what: str) -> Hex:
        h = ref if isinstance(ref, Hex) else self.from_offset(ref[0], ref[1])
        if h not in self._index:
            raise ValueError(
                f"{what} {tuple(self.to_offset(h))} (cube {tuple(h)}) is off the "
                f"{self.width}x{self.height} board"
            )
        return h

    def from_offset(self, col: int, row: int) -> Hex:
        """The hex at offset ``(col, row)`` in this board's offset layout."""
        c = OffsetCoord(col, row)
        if self._columns:
            return qoffset_to_cube(self._parity, c)
        return roffset_to_cube(self._parity, c)

    def to_offset(self, h: Hex) -> OffsetCoord:
        """The offset ``(col, row)`` of ``h`` in this board's offset layout."""
        if self._columns:
            return qoffset_from_cube(self._parity, h)
        return roffset_from_cube(self._parity, h)

    def hex(self, ref: HexRef) -> Hex:
        """``ref`` as an on-board :class:`Hex` (ValueError naming it if off the board)."""
        return self._resolve(ref, "hex")

    def layout(self, size: float = 1.0, origin: Point = _ORIGIN) -> Layout:
        """A pixel :class:`Layout` matching this board's orientation (for drawing)."""
        o = layout_flat if self._columns else layout_pointy
        return Layout(o, Point(size, size), origin)

    # -- queries -----------------------------------------------------------------------------
    def hexes(self) -> Iterator[Hex]:
        """Every hex of the board (blocked included), row by row, column by column."""
        return iter(self._hexes)

    def __len__(self) -> int:
        return len(self._hexes)

    def __contains__(self, h: object) -> bool:
        return h in self._index

    def in_bounds(self, h: Hex) -> bool:
        """Whether ``h`` is on the board."""
        return h in self._index

    def is_blocked(self, h: Hex) -> bool:
        """Whether ``h`` is a blocked hex of the board."""
        return h in self._index and bool(self.graph.nodes[h].get("blocked", False))

    def neighbours(self, h: Hex) -> tuple[Hex, ...]:
        """The on-board, unblocked neighbours of ``h`` in direction order (empty for a blocked
        or off-board hex)."""
        return self._neighbours.get(h, ())

    def step(self, h: Hex, facing: int) -> Hex | None:
        """The hex next to ``h`` across side ``facing``; None if off the board or blocked."""
        row = self._steps.get(h)
        return None if row is None else row[facing]

    @staticmethod
    def facing_between(a: Hex, b: Hex) -> HexFacing | None:
        """The facing pointing from ``a`` to the adjacent ``b`` (geometry only), else None."""
        return _FACING_OF_VECTOR.get((b.q - a.q, b.r - a.r))

    def ahead(self, h: Hex, facing: int, n: int) -> Hex:
        """The hex ``n`` steps straight ahead (pure geometry: may be off the board)."""
        return h + HEX_DIRECTIONS[facing] * n

    @staticmethod
    def distance(a: Hex, b: Hex) -> int:
        """Hex distance (ignores blocked hexes and board edges)."""
        return hex_distance(a, b)

    def path_length(self, a: Hex, b: Hex) -> int | None:
        """Fewest steps from ``a`` to ``b`` through unblocked board hexes; None if cut off."""
        import networkx as nx

        try:
            n: int = nx.shortest_path_length(self.graph, a, b)
        except (nx.NetworkXNoPath, nx.NodeNotFound):
            return None
        return n

    def within(self, center: Hex, radius: int) -> list[Hex]:
        """The board hexes within ``radius`` of ``center`` (blocked included)."""
        return [h for h in hex_range(center, radius) if h in self._index]

    def ring(self, center: Hex, radius: int) -> list[Hex]:
        """The board hexes at exactly ``radius`` from ``center`` (ring order)."""
        return [h for h in ring(center, radius) if h in self._index]

    def zone(self, name: str) -> frozenset[Hex]:
        """The hexes of zone ``name``; :class:`~aerodrome.engine.errors.UnknownNameError` if unknown."""
        try:
            return self._zones[name]
        except KeyError:
            raise UnknownNameError("zone", name, self._zones) from None

    def zone_names(self) -> tuple[str, ...]:
        """The names of the board's zones, sorted."""
        return tuple(sorted(self._zones))

    def zones_at(self, h: Hex) -> frozenset[str]:
        """The names of the zones containing ``h`` (empty off the board)."""
        if h not in self._index:
            return frozenset()
        zones: frozenset[str] = self.graph.nodes[h]["zones"]
        return zones

    def nearest_free(
        self, h: Hex, free: Callable[[Hex], bool], *, max_radius: int | None = None
    ) -> Hex | None:
        """The first board hex, ring by ring outwards from ``h`` (``h`` itself first), that is
        unblocked and ``free``; None if none within ``max_radius`` (default: the board)."""
        limit = max_radius if max_radius is not None else self.width + self.height
        for k in range(limit + 1):
            for c in ring(h, k):
                if c in self._index and not self.is_blocked(c) and free(c):
                    return c
        return None

    def __repr__(self) -> str:
        return f"HexGrid({self.width}, {self.height}, offset={self.offset!r})"
