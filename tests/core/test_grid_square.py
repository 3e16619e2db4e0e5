"""Tests of the square grid (aerodrome.grid.SquareGrid)."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import networkx as nx
import pytest

from aerodrome.engine.errors import UnknownNameError
from aerodrome.grid import Cell, Facing, SquareGrid


def brute_walks(
    grid: SquareGrid,
    start: Cell,
    length: int,
    passable: Callable[[Cell], bool] | None = None,
    reuse_edges: bool = False,
) -> list[tuple[Cell, ...]]:
    """Reference: try every sequence of 4**length directions and filter by the rules."""
    out = []
    for dirs in itertools.product(Facing, repeat=length):
        path = [start]
        ok = True
        edges: set[frozenset[Cell]] = set()
        for f in dirs:
            cur = path[-1]
            nxt = (cur[0] + f.delta[0], cur[1] + f.delta[1])
            if not grid.in_bounds(nxt) or grid.is_blocked(nxt):
                ok = False
                break
            if passable is not None and not passable(nxt):
                ok = False
                break
            if len(path) >= 2 and nxt == path[-2]:
                ok = False
                break
            e = frozenset((cur, nxt))
            if not reuse_edges and e in edges:
                ok = False
                break
            edges.add(e)
            path.append(nxt)
        if ok:
            out.append(tuple(path))
    return out


# -- Facing ---------------------------------------------------------------------------------
def test_facing_turns() -> None:
    assert [f.right for f in Facing] == [Facing.E, Facing.S, Facing.W, Facing.N]
    assert [f.left for f in Facing] == [Facing.W, Facing.N, Facing.E, Facing.S]
    assert [f.opposite for f in Facing] == [Facing.S, Facing.W, Facing.N, Facing.E]
    assert Facing.N.delta == (0, -1)
    assert Facing.E.delta == (1, 0)
    assert Facing.S.delta == (0, 1)
    assert Facing.W.delta == (-1, 0)
    for f in Facing:
        assert f.left.right == f
        assert f.right.right == f.opposite
        dx, dy = f.delta
        odx, ody = f.opposite.delta
        assert (dx + odx, dy + ody) == (0, 0)


# -- construction and the graph -------------------------------------------------------------
def test_cells_and_bounds() -> None:
    g = SquareGrid(3, 2)
    assert list(g.cells()) == [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]
    assert g.width == 3 and g.height == 2
    assert g.in_bounds((2, 1))
    assert not g.in_bounds((3, 0))
    assert not g.in_bounds((0, 2))
    assert not g.in_bounds((-1, 0))
    assert isinstance(g.graph, nx.Graph)
    assert g.graph.number_of_nodes() == 6
    # 3x2: horizontal edges 2*2, vertical edges 3*1
    assert g.graph.number_of_edges() == 7


def test_bad_sizes_and_cells() -> None:
    with pytest.raises(ValueError, match="width and height"):
        SquareGrid(0, 3)
    with pytest.raises(ValueError, match=r"blocked cell \(5, 0\)"):
        SquareGrid(3, 3, blocked=[(5, 0)])
    with pytest.raises(ValueError, match="zone 'x'"):
        SquareGrid(3, 3, zones={"x": [(0, 9)]})


def test_four_neighbours_in_the_middle_two_in_a_corner_three_on_an_edge() -> None:
    g = SquareGrid(5, 5)
    assert g.neighbours((2, 2)) == ((2, 1), (3, 2), (2, 3), (1, 2))  # N, E, S, W
    assert set(g.neighbours((0, 0))) == {(1, 0), (0, 1)}
    assert set(g.neighbours((4, 4))) == {(3, 4), (4, 3)}
    assert set(g.neighbours((4, 0))) == {(3, 0), (4, 1)}
    assert set(g.neighbours((2, 0))) == {(1, 0), (3, 0), (2, 1)}
    assert g.neighbours((9, 9)) == ()


def test_neighbours_agree_with_graph() -> None:
    g = SquareGrid(6, 4, blocked=[(2, 2), (3, 1)])
    for c in g.cells():
        assert set(g.neighbours(c)) == set(g.graph.adj[c])
        for n in g.neighbours(c):
            assert c in g.neighbours(n)
            assert g.distance(c, n) == 1


def test_blocked_cells() -> None:
    g = SquareGrid(3, 3, blocked=[(1, 1)])
    assert g.graph.nodes[(1, 1)]["blocked"] is True
    assert g.graph.degree((1, 1)) == 0
    assert g.is_blocked((1, 1))
    assert not g.is_blocked((0, 0))
    assert not g.is_blocked((7, 7))
    assert g.neighbours((1, 1)) == ()
    assert (1, 1) not in g.neighbours((1, 0))
    assert set(g.neighbours((1, 0))) == {(0, 0), (2, 0)}
    assert g.step((1, 0), Facing.S) is None
    assert g.step((1, 1), Facing.N) is None
    assert (1, 1) in set(g.cells())


def test_step_and_facing_between() -> None:
    g = SquareGrid(4, 4)
    assert g.step((1, 1), Facing.N) == (1, 0)
    assert g.step((1, 1), Facing.E) == (2, 1)
    assert g.step((1, 1), Facing.S) == (1, 2)
    assert g.step((1, 1), Facing.W) == (0, 1)
    assert g.step((0, 0), Facing.N) is None
    assert g.step((0, 0), Facing.W) is None
    assert g.step((3, 3), Facing.E) is None
    assert g.step((-1, 0), Facing.E) is None
    for f in Facing:
        n = g.step((1, 1), f)
        assert n is not None
        assert g.facing_between((1, 1), n) == f
    assert g.facing_between((1, 1), (2, 2)) is None
    assert g.facing_between((1, 1), (1, 1)) is None
    assert g.facing_between((1, 1), (1, 3)) is None


def test_zones() -> None:
    g = SquareGrid(4, 3, zones={"red": [(0, 0), (1, 0)], "field": [(1, 0)]})
    assert g.zone("red") == frozenset({(0, 0), (1, 0)})
    assert g.zones_at((1, 0)) == frozenset({"red", "field"})
    assert g.zones_at((0, 0)) == frozenset({"red"})
    assert g.zones_at((3, 2)) == frozenset()
    assert g.zones_at((30, 2)) == frozenset()
    assert g.graph.nodes[(1, 0)]["zones"] == frozenset({"red", "field"})
    assert g.zone_names() == ("field", "red")
    with pytest.raises(UnknownNameError, match=r"unknown zone 'rde'.*'red'"):
        g.zone("rde")


def test_distance_is_manhattan() -> None:
    assert SquareGrid.distance((0, 0), (3, 4)) == 7
    assert SquareGrid(2, 2).distance((1, 1), (1, 1)) == 0


# -- bearing --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("facing", "expected"),
    [
        # targets: north, east, south, west of the origin
        (Facing.N, ("front", "right", "rear", "left")),
        (Facing.E, ("left", "front", "right", "rear")),
        (Facing.S, ("rear", "left", "front", "right")),
        (Facing.W, ("right", "rear", "left", "front")),
    ],
)
def test_bearing_in_all_four_facings(facing: Facing, expected: tuple[str, ...]) -> None:
    g = SquareGrid(7, 7)
    o = (3, 3)
    for dist in (1, 3):
        targets = [(3, 3 - dist), (3 + dist, 3), (3, 3 + dist), (3 - dist, 3)]
        assert tuple(g.bearing(facing, o, t) for t in targets) == expected


def test_bearing_none_off_line() -> None:
    g = SquareGrid(7, 7)
    for f in Facing:
        assert g.bearing(f, (3, 3), (3, 3)) is None
        assert g.bearing(f, (3, 3), (4, 4)) is None
        assert g.bearing(f, (3, 3), (5, 2)) is None


def test_bearing_classic_attack_positions() -> None:
    """Head-on: each is in front of the other; tail: target's rear faces the attacker."""
    g = SquareGrid(5, 5)
    attacker, target = (2, 2), (2, 1)  # target is north of the attacker
    assert g.bearing(Facing.N, attacker, target) == "front"
    assert g.bearing(Facing.S, target, attacker) == "front"  # head on
    assert g.bearing(Facing.N, target, attacker) == "rear"  # tail
    assert g.bearing(Facing.E, target, attacker) == "right"  # side
    assert g.bearing(Facing.W, target, attacker) == "left"


# -- walks ----------------------------------------------------------------------------------
@pytest.mark.parametrize("length", [0, 1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("start", [(0, 0), (2, 2), (4, 1)])
def test_walks_match_brute_force(length: int, start: Cell) -> None:
    g = SquareGrid(5, 4)
    got = list(g.walks(start, length))
    assert len(got) == len(set(got))
    assert sorted(got) == sorted(brute_walks(g, start, length))
    assert all(len(w) == length + 1 and w[0] == start for w in got)


@pytest.mark.parametrize("length", [1, 2, 3, 4, 5])
def test_walks_with_blocked_and_passable_match_brute_force(length: int) -> None:
    g = SquareGrid(5, 5, blocked=[(2, 1), (3, 3)])
    occupied = {(1, 2), (2, 2)}  # start is "occupied" by the moving piece itself

    def passable(c: Cell) -> bool:
        return c not in occupied

    got = list(g.walks((2, 2), length, passable=passable))
    assert sorted(got) == sorted(brute_walks(g, (2, 2), length, passable))
    for w in got:
        assert not (set(w[1:]) & {(2, 1), (3, 3), (1, 2)})


@pytest.mark.parametrize("length", [1, 2, 3, 4, 5])
def test_walks_reusing_edges_match_brute_force(length: int) -> None:
    g = SquareGrid(3, 3)
    got = list(g.walks((1, 1), length, reuse_edges=True))
    assert sorted(got) == sorted(brute_walks(g, (1, 1), length, reuse_edges=True))
    assert len(got) == len(set(got))


def test_walk_counts_in_open_space() -> None:
    """Far from the edges a walk has 4 choices first, then 3 (never straight back), so
    4*3**(n-1) walks; the edge rule only bites once a 4-cycle can be followed by a used edge.

    On the square lattice an edge can only be reused after a closed walk, and the shortest
    closed non-backtracking walk is the 4-cycle. Length 5: the 8 loops A→B→C→D→A (4 first
    edges × 2 turning senses) followed by A→B are lost. Length 6: (a) those 8 prefixes with
    any of 3 sixth steps = 24; (b) X→A then a loop at A then A→B: 4 × 6 loops, minus the 8
    already in (a) = 16; (c) X→A, a loop at A not through X, then A→X (edge reused the other
    way): 4 × 4 = 16. So 4*3**5 - 56.
    """
    g = SquareGrid(21, 21)
    c = (10, 10)
    for n in range(1, 5):
        assert sum(1 for _ in g.walks(c, n)) == 4 * 3 ** (n - 1)
    assert sum(1 for _ in g.walks(c, 5)) == 4 * 3**4 - 8
    assert sum(1 for _ in g.walks(c, 6)) == 4 * 3**5 - 56
    for n in range(1, 7):
        assert sum(1 for _ in g.walks(c, n, reuse_edges=True)) == 4 * 3 ** (n - 1)


def test_never_straight_back() -> None:
    g = SquareGrid(4, 4)
    for length in range(2, 7):
        for reuse in (False, True):
            for w in g.walks((1, 1), length, reuse_edges=reuse):
                for i in range(len(w) - 2):
                    assert w[i] != w[i + 2], w


def test_no_edge_used_twice() -> None:
    g = SquareGrid(4, 4)
    for w in g.walks((1, 1), 8):
        edges = [frozenset(p) for p in itertools.pairwise(w)]
        assert len(edges) == len(set(edges))


def test_move_diagram_a_three_straight() -> None:
    """Classic board game, diagram A: a move of 3 in a straight line."""
    g = SquareGrid(8, 8)
    assert ((3, 5), (3, 4), (3, 3), (3, 2)) in set(g.walks((3, 5), 3))


def test_move_diagram_b_five_turning_two_corners() -> None:
    """Diagram B: a move of 5 that turns 2 corners."""
    g = SquareGrid(8, 8)
    walk = ((1, 6), (1, 5), (1, 4), (2, 4), (3, 4), (3, 3))
    assert walk in set(g.walks((1, 6), 5))


def test_move_diagram_c_five_turning_three_corners() -> None:
    """Diagram C: a move of 5 that turns 3 corners."""
    g = SquareGrid(8, 8)
    walk = ((4, 4), (4, 3), (5, 3), (5, 2), (6, 2), (6, 1))
    assert walk in set(g.walks((4, 4), 5))


def test_move_diagram_d_four_returns_to_start() -> None:
    """Diagram D: a move of 4 that comes back onto its start square."""
    g = SquareGrid(8, 8)
    walks = list(g.walks((3, 3), 4))
    back = [w for w in walks if w[-1] == (3, 3)]
    assert ((3, 3), (3, 2), (4, 2), (4, 3), (3, 3)) in back
    # one loop per starting direction and turning sense
    assert len(back) == 8


def test_a_b_a_is_never_produced() -> None:
    g = SquareGrid(3, 1)  # a corridor: the only 2-walks would be back-and-forth
    assert list(g.walks((1, 0), 2)) == []
    assert list(g.walks((0, 0), 1)) == [((0, 0), (1, 0))]
    assert list(g.walks((0, 0), 2)) == [((0, 0), (1, 0), (2, 0))]
    assert list(g.walks((0, 0), 3)) == []


def test_walks_length_zero_and_errors() -> None:
    g = SquareGrid(3, 3)
    assert list(g.walks((1, 1), 0)) == [((1, 1),)]
    with pytest.raises(ValueError, match=">= 0"):
        list(g.walks((1, 1), -1))
    with pytest.raises(ValueError, match="off the"):
        list(g.walks((5, 1), 2))


def test_walks_start_need_not_be_passable_and_blocked_start_has_none() -> None:
    g = SquareGrid(3, 3, blocked=[(1, 1)])
    assert list(g.walks((1, 1), 1)) == []
    walks = list(g.walks((0, 0), 1, passable=lambda c: c != (0, 0)))
    assert sorted(walks) == [((0, 0), (0, 1)), ((0, 0), (1, 0))]


def test_passable_called_once_per_cell() -> None:
    g = SquareGrid(6, 6)
    calls: list[Cell] = []

    def passable(c: Cell) -> bool:
        calls.append(c)
        return True

    n = sum(1 for _ in g.walks((2, 2), 5, passable=passable))
    assert n > 0
    assert len(calls) == len(set(calls))


def test_walks_deterministic_order() -> None:
    g = SquareGrid(5, 5)
    assert list(g.walks((2, 2), 4)) == list(g.walks((2, 2), 4))
    first = next(g.walks((2, 2), 2))
    assert first == ((2, 2), (2, 1), (2, 0))  # N first
