"""The square grid: 4 orthogonal neighbours, 4 facings.

A :class:`SquareGrid` is a ``width`` × ``height`` board of cells ``(x, y)``: ``x`` is the
column (0 at the left), ``y`` the row (0 at the top). :class:`Facing.N` points towards
``y - 1`` (up the page). The board is backed by a :class:`networkx.Graph` (the source of
truth for adjacency, zones and blocked cells); the hot-path tables (neighbours, steps, the
integer-indexed adjacency used by :meth:`SquareGrid.walks`) are built once from that graph.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from enum import IntEnum
from typing import Literal, TypeAlias

from aerodrome.engine.errors import UnknownNameError

Cell: TypeAlias = tuple[int, int]
"""A square cell ``(x, y)``: column left→right, row top→bottom."""

Bearing: TypeAlias = Literal["front", "rear", "left", "right"]

_DELTAS: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
_BEARINGS: tuple[Bearing, ...] = ("front", "right", "rear", "left")


class Facing(IntEnum):
    """The four facings of a piece on a square grid, clockwise from N (towards ``y - 1``)."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def opposite(self) -> Facing:
        """The facing turned about (N ↔ S, E ↔ W)."""
        return Facing((self + 2) % 4)

    @property
    def left(self) -> Facing:
        """The facing a quarter turn counter-clockwise (N → W)."""
        return Facing((self + 3) % 4)

    @property
    def right(self) -> Facing:
        """The facing a quarter turn clockwise (N → E)."""
        return Facing((self + 1) % 4)

    @property
    def delta(self) -> tuple[int, int]:
        """The ``(dx, dy)`` of one step this way (N is ``(0, -1)``)."""
        return _DELTAS[self]


_FACING_OF_DELTA: dict[tuple[int, int], Facing] = {d: Facing(i) for i, d in enumerate(_DELTAS)}


class SquareGrid:
    """A rectangular board of square cells with orthogonal adjacency.

    :param width: number of columns (``x`` in ``0 .. width - 1``).
    :param height: number of rows (``y`` in ``0 .. height - 1``).
    :param blocked: cells that exist but cannot be entered (graph nodes with ``blocked=True``
        and no edges).
    :param zones: named sets of cells (e.g. ``{"no-mans-land": [...]}``); every node carries
        the frozenset of its zone names in the ``"zones"`` attribute.

    ``graph`` is the source of truth; do not mutate it after construction (the precomputed
    tables would go stale).
    """

    __slots__ = (
        "_cells",
        "_idx_adj",
        "_n_edges",
        "_neighbours",
        "_steps",
        "_zones",
        "graph",
        "height",
        "width",
    )

    def __init__(
        self,
        width: int,
        height: int,
        *,
        blocked: Iterable[Cell] = (),
        zones: Mapping[str, Iterable[Cell]] = {},
    ) -> None:
        if width < 1 or height < 1:
            raise ValueError(f"a square grid needs width and height >= 1, got {width}x{height}")
        self.width = width
        self.height = height
        blocked_set = frozenset(blocked)
        for c in blocked_set:
            self._check(c, "blocked cell")
        zone_sets: dict[str, frozenset[Cell]] = {}
        for name, cells in zones.items():
            zone_sets[name] = frozenset(cells)
            for c in zone_sets[name]:
                self._check(c, f"cell of zone {name!r}")
        self._zones = zone_sets

        import networkx as nx  # imported where a board is built: keeps start-up fast

        g = nx.Graph()
        for y in range(height):
            for x in range(width):
                c = (x, y)
                names = frozenset(n for n, cs in zone_sets.items() if c in cs)
                if c in blocked_set:
                    g.add_node(c, zones=names, blocked=True)
                else:
                    g.add_node(c, zones=names)
        for y in range(height):
            for x in range(width):
                if (x, y) in blocked_set:
                    continue
                if x + 1 < width and (x + 1, y) not in blocked_set:
                    g.add_edge((x, y), (x + 1, y))
                if y + 1 < height and (x, y + 1) not in blocked_set:
                    g.add_edge((x, y), (x, y + 1))
        self.graph = g
        self._build_tables()

    # -- construction helpers ---------------------------------------------------------------
    def _check(self, c: Cell, what: str) -> None:
        if not self.in_bounds(c):
            raise ValueError(f"{what} {c!r} is off the {self.width}x{self.height} board")

    def _build_tables(self) -> None:
        """Build the hot-path tables from the graph (neighbours in N, E, S, W order)."""
        g = self.graph
        cells: list[Cell] = [(x, y) for y in range(self.height) for x in range(self.width)]
        self._cells = cells
        neighbours: dict[Cell, tuple[Cell, ...]] = {}
        steps: dict[Cell, tuple[Cell | None, ...]] = {}
        for c in cells:
            adj = g.adj[c]
            row: list[Cell | None] = []
            for dx, dy in _DELTAS:
                n = (c[0] + dx, c[1] + dy)
                row.append(n if n in adj else None)
            steps[c] = tuple(row)
            neighbours[c] = tuple(n for n in row if n is not None)
        self._neighbours = neighbours
        self._steps = steps
        # integer-indexed adjacency with edge ids, for walks()
        w = self.width
        edge_id: dict[frozenset[Cell], int] = {}
        idx_adj: list[tuple[tuple[int, int], ...]] = []
        for c in cells:
            row2: list[tuple[int, int]] = []
            for n in neighbours[c]:
                key = frozenset((c, n))
                e = edge_id.setdefault(key, len(edge_id))
                row2.append((n[1] * w + n[0], e))
            idx_adj.append(tuple(row2))
        self._idx_adj = idx_adj
        self._n_edges = len(edge_id)

    # -- queries -------------------------------------------------------------------------
    def cells(self) -> Iterator[Cell]:
        """Every cell of the board (blocked ones included), row by row from the top left."""
        return iter(self._cells)

    def in_bounds(self, c: Cell) -> bool:
        """Whether ``c`` lies on the board."""
        return 0 <= c[0] < self.width and 0 <= c[1] < self.height

    def is_blocked(self, c: Cell) -> bool:
        """Whether ``c`` is a blocked cell (off-board cells are not "blocked")."""
        return self.in_bounds(c) and bool(self.graph.nodes[c].get("blocked", False))

    def neighbours(self, c: Cell) -> tuple[Cell, ...]:
        """The orthogonal neighbours of ``c`` that are on the board and not blocked (N, E, S, W
        order); empty for a blocked or off-board cell."""
        return self._neighbours.get(c, ())

    def step(self, c: Cell, f: Facing) -> Cell | None:
        """The cell adjacent to ``c`` in direction ``f``; None if off the board or blocked."""
        row = self._steps.get(c)
        return None if row is None else row[f]

    def facing_between(self, a: Cell, b: Cell) -> Facing | None:
        """The facing pointing from ``a`` to the orthogonally adjacent ``b`` (geometry only:
        blocked cells count), else None."""
        return _FACING_OF_DELTA.get((b[0] - a[0], b[1] - a[1]))

    def bearing(self, facing: Facing, origin: Cell, target: Cell) -> Bearing | None:
        """Where ``target`` lies relative to a piece on ``origin`` facing ``facing``.

        Only targets on the same row or column count (at any range): ``"front"``, ``"rear"``,
        ``"left"`` or ``"right"``. Diagonal/off-line targets and ``target == origin`` give None.
        """
        dx = target[0] - origin[0]
        dy = target[1] - origin[1]
        if dx == 0:
            if dy == 0:
                return None
            direction = Facing.N if dy < 0 else Facing.S
        elif dy == 0:
            direction = Facing.W if dx < 0 else Facing.E
        else:
            return None
        return _BEARINGS[(direction - facing) % 4]

    def zone(self, name: str) -> frozenset[Cell]:
        """The cells of zone ``name``; :class:`~aerodrome.engine.errors.UnknownNameError` if unknown."""
        try:
            return self._zones[name]
        except KeyError:
            raise UnknownNameError("zone", name, self._zones) from None

    def zone_names(self) -> tuple[str, ...]:
        """The names of the board's zones, sorted."""
        return tuple(sorted(self._zones))

    def zones_at(self, c: Cell) -> frozenset[str]:
        """The names of the zones containing ``c`` (empty off the board)."""
        if not self.in_bounds(c):
            return frozenset()
        zones: frozenset[str] = self.graph.nodes[c]["zones"]
        return zones

    @staticmethod
    def distance(a: Cell, b: Cell) -> int:
        """The Manhattan distance between two cells (ignores blocked cells)."""
        return abs(a[0] - b[0]) + abs(a[1] - b[1])

    def walks(
        self,
        start: Cell,
        length: int,
        *,
        passable: Callable[[Cell], bool] | None = None,
        reuse_edges: bool = False,
    ) -> Iterator[tuple[Cell, ...]]:
        """Every orthogonal walk of exactly ``length`` steps from ``start``.

        Each walk is a tuple of cells starting with ``start`` (so ``len == length + 1``), in a
        deterministic order (depth first, neighbours N, E, S, W). Every entered cell is on the
        board, not blocked and ``passable`` (``start`` itself need not be; ``passable`` is
        called at most once per cell per call, so it must be pure). A walk never steps straight
        back (A→B→A) and, unless ``reuse_edges``, never uses the same edge twice in either
        direction; it may revisit cells and end where it started (A→B→C→D→A).
        """
        if length < 0:
            raise ValueError(f"walk length must be >= 0, got {length}")
        if not self.in_bounds(start):
            raise ValueError(f"walk start {start!r} is off the {self.width}x{self.height} board")
        if length == 0:
            yield (start,)
            return
        cells = self._cells
        adj = self._idx_adj
        # passability memo: 0 unknown, 1 passable, 2 not
        memo = bytearray(len(cells))
        used = bytearray(self._n_edges)
        s = start[1] * self.width + start[0]
        path = [s]  # cell indices
        cpath = [start]  # the same cells as tuples
        epath: list[int] = []  # edge ids entered
        ptr = [0]
        last = length - 1
        while ptr:
            d = len(ptr) - 1
            opts = adj[path[d]]
            i = ptr[d]
            if i >= len(opts):
                ptr.pop()
                path.pop()
                cpath.pop()
                if epath:
                    used[epath.pop()] = 0
                continue
            ptr[d] = i + 1
            nxt, e = opts[i]
            if d and nxt == path[d - 1]:
                continue  # never straight back
            if used[e]:
                continue
            if passable is not None:
                m = memo[nxt]
                if m == 0:
                    m = 1 if passable(cells[nxt]) else 2
                    memo[nxt] = m
                if m == 2:
                    continue
            if d == last:
                cpath.append(cells[nxt])
                yield tuple(cpath)
                cpath.pop()
                continue
            path.append(nxt)
            cpath.append(cells[nxt])
            epath.append(e)
            if not reuse_edges:
                used[e] = 1
            ptr.append(0)

    def __repr__(self) -> str:
        return f"SquareGrid({self.width}, {self.height})"
