"""Tests of the hex maths, the hex grid, sectors/arcs, line of sight and path helpers.

The first block ports the test vectors of Red Blob Games' hexagon implementation guide
(https://www.redblobgames.com/grids/hexagons/implementation.html — the generated code's own
tests: test_hex_arithmetic, test_hex_direction, test_hex_neighbor, test_hex_diagonal,
test_hex_distance, test_hex_rotate_right/left, test_hex_round, test_hex_linedraw, test_layout,
test_offset_roundtrip, test_offset_from_cube, test_offset_to_cube, test_doubled_*), and the
offset neighbour tables of the "Hexagonal Grids" guide
(https://www.redblobgames.com/grids/hexagons/#neighbors-offset).
"""

from __future__ import annotations

import math

import networkx as nx
import pytest

from aerodrome.engine.errors import UnknownNameError
from aerodrome.grid import (
    ALL,
    EVEN,
    FRONT,
    HEX_DIAGONALS,
    HEX_DIRECTIONS,
    LEFT,
    ODD,
    REAR,
    RIGHT,
    SIDES,
    DoubledCoord,
    FractionalHex,
    Hex,
    HexFacing,
    HexGrid,
    Layout,
    OffsetCoord,
    OffsetKind,
    Point,
    absolute_sector,
    arc_between,
    fractional,
    frontier,
    hex_direction,
    hex_distance,
    hex_lerp,
    hex_linedraw,
    hex_range,
    hex_round,
    hex_to_pixel,
    hexes_crossed,
    in_arc,
    layout_flat,
    layout_pointy,
    line,
    line_of_sight,
    lines,
    paths,
    pixel_to_hex,
    polygon_corners,
    qdoubled_from_cube,
    qdoubled_to_cube,
    qoffset_from_cube,
    qoffset_to_cube,
    range_band,
    rdoubled_from_cube,
    rdoubled_to_cube,
    reachable,
    ring,
    roffset_from_cube,
    roffset_to_cube,
    sector,
    spiral,
)
from aerodrome.grid.hexes import hex_linedraw_float

ORIGIN = Hex(0, 0, 0)


# == Red Blob Games test vectors ================================================================
def test_hex_arithmetic() -> None:
    assert Hex(1, -3, 2) + Hex(3, -7, 4) == Hex(4, -10, 6)
    assert Hex(1, -3, 2).add(Hex(3, -7, 4)) == Hex(4, -10, 6)
    assert Hex(1, -3, 2) - Hex(3, -7, 4) == Hex(-2, 4, -2)
    assert Hex(1, -3, 2).subtract(Hex(3, -7, 4)) == Hex(-2, 4, -2)
    assert Hex(1, -3, 2).scale(3) == Hex(3, -9, 6) == Hex(1, -3, 2) * 3 == 3 * Hex(1, -3, 2)
    assert -Hex(1, -3, 2) == Hex(-1, 3, -2)


def test_hex_direction() -> None:
    assert hex_direction(2) == Hex(0, -1, 1)
    assert list(HEX_DIRECTIONS) == [
        Hex(1, 0, -1),
        Hex(1, -1, 0),
        Hex(0, -1, 1),
        Hex(-1, 0, 1),
        Hex(-1, 1, 0),
        Hex(0, 1, -1),
    ]


def test_hex_neighbor() -> None:
    assert Hex(1, -2, 1).neighbor(2) == Hex(1, -3, 2)


def test_hex_diagonal() -> None:
    assert Hex(1, -2, 1).diagonal_neighbor(3) == Hex(-1, -1, 2)


def test_hex_distance() -> None:
    assert hex_distance(Hex(3, -7, 4), Hex(0, 0, 0)) == 7
    assert Hex(3, -7, 4).distance(ORIGIN) == 7
    assert Hex(3, -7, 4).length() == 7


def test_hex_rotate_right() -> None:
    assert Hex(1, -3, 2).rotate_right() == Hex(3, -2, -1)


def test_hex_rotate_left() -> None:
    assert Hex(1, -3, 2).rotate_left() == Hex(-2, -1, 3)


def test_hex_round() -> None:
    a = FractionalHex(0.0, 0.0, 0.0)
    b = FractionalHex(1.0, -1.0, 0.0)
    c = FractionalHex(0.0, -1.0, 1.0)
    assert hex_round(hex_lerp(a, FractionalHex(10.0, -20.0, 10.0), 0.5)) == Hex(5, -10, 5)
    assert hex_round(hex_lerp(a, b, 0.499)) == hex_round(a)
    assert hex_round(hex_lerp(a, b, 0.501)) == hex_round(b)
    mix1 = fractional(
        a.q * 0.4 + b.q * 0.3 + c.q * 0.3,
        a.r * 0.4 + b.r * 0.3 + c.r * 0.3,
        a.s * 0.4 + b.s * 0.3 + c.s * 0.3,
    )
    assert hex_round(mix1) == hex_round(a)
    mix2 = fractional(
        a.q * 0.3 + b.q * 0.3 + c.q * 0.4,
        a.r * 0.3 + b.r * 0.3 + c.r * 0.4,
        a.s * 0.3 + b.s * 0.3 + c.s * 0.4,
    )
    assert hex_round(mix2) == hex_round(c)
    assert mix2.round() == Hex(0, -1, 1)


def test_hex_linedraw() -> None:
    expected = [Hex(0, 0, 0), Hex(0, -1, 1), Hex(0, -2, 2), Hex(1, -3, 2), Hex(1, -4, 3)]
    expected.append(Hex(1, -5, 4))
    assert hex_linedraw(Hex(0, 0, 0), Hex(1, -5, 4)) == expected
    assert hex_linedraw_float(Hex(0, 0, 0), Hex(1, -5, 4)) == expected
    assert line(Hex(0, 0, 0), Hex(1, -5, 4)) == expected


@pytest.mark.parametrize("orientation", [layout_flat, layout_pointy])
def test_layout(orientation: object) -> None:
    h = Hex(3, 4, -7)
    assert orientation in (layout_flat, layout_pointy)
    lay = Layout(layout_flat if orientation is layout_flat else layout_pointy, Point(10.0, 15.0),
                 Point(35.0, 71.0))  # fmt: skip
    assert hex_round(pixel_to_hex(lay, hex_to_pixel(lay, h))) == h


def test_offset_roundtrip() -> None:
    a = Hex(3, 4, -7)
    b = OffsetCoord(1, -3)
    assert qoffset_to_cube(EVEN, qoffset_from_cube(EVEN, a)) == a
    assert qoffset_from_cube(EVEN, qoffset_to_cube(EVEN, b)) == b
    assert qoffset_to_cube(ODD, qoffset_from_cube(ODD, a)) == a
    assert qoffset_from_cube(ODD, qoffset_to_cube(ODD, b)) == b
    assert roffset_to_cube(EVEN, roffset_from_cube(EVEN, a)) == a
    assert roffset_from_cube(EVEN, roffset_to_cube(EVEN, b)) == b
    assert roffset_to_cube(ODD, roffset_from_cube(ODD, a)) == a
    assert roffset_from_cube(ODD, roffset_to_cube(ODD, b)) == b


def test_offset_from_cube() -> None:
    assert qoffset_from_cube(EVEN, Hex(1, 2, -3)) == OffsetCoord(1, 3)
    assert qoffset_from_cube(ODD, Hex(1, 2, -3)) == OffsetCoord(1, 2)


def test_offset_to_cube() -> None:
    assert qoffset_to_cube(EVEN, OffsetCoord(1, 3)) == Hex(1, 2, -3)
    assert qoffset_to_cube(ODD, OffsetCoord(1, 2)) == Hex(1, 2, -3)


def test_offset_parity_checked() -> None:
    with pytest.raises(ValueError, match="EVEN"):
        qoffset_from_cube(0, ORIGIN)
    with pytest.raises(ValueError, match="EVEN"):
        roffset_to_cube(2, OffsetCoord(0, 0))


def test_doubled_roundtrip() -> None:
    a = Hex(3, 4, -7)
    b = DoubledCoord(1, -3)
    assert qdoubled_to_cube(qdoubled_from_cube(a)) == a
    assert qdoubled_from_cube(qdoubled_to_cube(b)) == b
    assert rdoubled_to_cube(rdoubled_from_cube(a)) == a
    assert rdoubled_from_cube(rdoubled_to_cube(b)) == b


def test_doubled_from_cube() -> None:
    assert qdoubled_from_cube(Hex(1, 2, -3)) == DoubledCoord(1, 5)
    assert rdoubled_from_cube(Hex(1, 2, -3)) == DoubledCoord(4, 2)


def test_doubled_to_cube() -> None:
    assert qdoubled_to_cube(DoubledCoord(1, 5)) == Hex(1, 2, -3)
    assert rdoubled_to_cube(DoubledCoord(4, 2)) == Hex(1, 2, -3)


# == Hex basics ===================================================================================
def test_hex_enforces_cube_constraint_naming_the_values() -> None:
    with pytest.raises(ValueError, match=r"q=1, r=2, s=3 \(sum 6\)"):
        Hex(1, 2, 3)
    with pytest.raises(TypeError, match="integers"):
        Hex(1.5, -1.5, 0)  # type: ignore[arg-type]
    assert Hex(2, -5) == Hex(2, -5, 3)


def test_hex_is_immutable_and_hashable() -> None:
    h = Hex(1, -1, 0)
    with pytest.raises(AttributeError):
        h.q = 5  # type: ignore[misc]
    assert {h: 1}[Hex(1, -1, 0)] == 1
    assert h.q == 1 and h.r == -1 and h.s == 0


def test_neighbors_and_diagonals() -> None:
    assert ORIGIN.neighbors() == HEX_DIRECTIONS
    for k in range(6):
        assert ORIGIN.diagonal_neighbor(k) == HEX_DIAGONALS[k]
        assert HEX_DIAGONALS[k] == HEX_DIRECTIONS[k] + HEX_DIRECTIONS[(k + 1) % 6]
        assert HEX_DIRECTIONS[k].rotate_left() == HEX_DIRECTIONS[(k + 1) % 6]
        assert HEX_DIRECTIONS[k].rotate_right() == HEX_DIRECTIONS[(k - 1) % 6]
        assert HEX_DIAGONALS[k].length() == 2


def test_ring_and_spiral() -> None:
    assert ring(ORIGIN, 0) == [ORIGIN]
    r1 = ring(ORIGIN, 1)
    assert r1[0] == HEX_DIRECTIONS[4]
    assert set(r1) == set(HEX_DIRECTIONS)
    for radius in range(1, 5):
        rr = ring(Hex(2, -1), radius)
        assert len(rr) == 6 * radius == len(set(rr))
        assert all(h.distance(Hex(2, -1)) == radius for h in rr)
        assert all(a.distance(b) == 1 for a, b in zip(rr, rr[1:] + rr[:1], strict=True))
    sp = spiral(Hex(1, 1), 3)
    assert len(sp) == 1 + 3 * 3 * 4 == 37
    assert sp[0] == Hex(1, 1)
    assert set(sp) == set(hex_range(Hex(1, 1), 3))
    assert len(list(hex_range(ORIGIN, 3))) == 37
    with pytest.raises(ValueError):
        ring(ORIGIN, -1)
    with pytest.raises(ValueError):
        list(hex_range(ORIGIN, -1))


def test_polygon_corners() -> None:
    lay = Layout(layout_pointy, Point(10.0, 10.0), Point(0.0, 0.0))
    corners = polygon_corners(lay, ORIGIN)
    assert len(corners) == 6
    for p in corners:
        assert math.isclose(math.hypot(p.x, p.y), 10.0)
    # pointy-top: a corner straight up or down
    assert any(math.isclose(p.x, 0.0, abs_tol=1e-9) and p.y < 0 for p in corners)
    flat = Layout(layout_flat, Point(10.0, 10.0), Point(0.0, 0.0))
    assert any(
        math.isclose(p.y, 0.0, abs_tol=1e-9) and p.x > 0 for p in polygon_corners(flat, ORIGIN)
    )


def test_fractional_checks_sum() -> None:
    with pytest.raises(ValueError, match="must be 0"):
        fractional(0.5, 0.5, 0.5)
    assert fractional(0.5, -0.25) == FractionalHex(0.5, -0.25, -0.25)


# == exact line drawing ===========================================================================
def test_linedraw_along_edges_gives_both_sides() -> None:
    target = HEX_DIAGONALS[0]  # (2,-1,-1): the line runs along the edge of dirs 0 and 1
    both = lines(ORIGIN, target)
    assert len(both) == 2
    assert {ln[1] for ln in both} == {HEX_DIRECTIONS[0], HEX_DIRECTIONS[1]}
    assert line(ORIGIN, target) in both
    assert len(lines(ORIGIN, Hex(3, -3, 0))) == 1


def test_linedraw_ties_red_blob_leaves_to_float_noise_are_decided() -> None:
    """Red Blob's nudge (1,1,-2) runs parallel to the edge between (6,-5) and (5,-4): its
    float result there depends on rounding noise; the exact version picks one side with
    nudge=+1 and the other with nudge=-1."""
    a, b = Hex(8, -4, -4), Hex(3, -5, 2)
    first, second = line(a, b), line(a, b, nudge=-1)
    assert first[3] != second[3]
    assert {first[3], second[3]} == {Hex(6, -5, -1), Hex(5, -4, -1)}


def test_hexes_crossed_and_line_of_sight() -> None:
    a, b = Hex(0, 0), Hex(4, -2)
    crossed = hexes_crossed(a, b)
    assert len(crossed) == a.distance(b) - 1
    assert a not in crossed and b not in crossed
    asked: list[Hex] = []

    def never(h: Hex) -> bool:
        asked.append(h)
        return False

    assert line_of_sight(a, b, never)
    assert set(asked) == set(crossed)
    assert not line_of_sight(a, b, lambda h: h == crossed[1])
    assert line_of_sight(a, b, lambda h: h in (a, b))  # the ends never block
    assert hexes_crossed(a, a) == [] and line(a, a) == [a]


def test_line_of_sight_ambiguous_lines() -> None:
    target = Hex(4, -2, -2)  # along the diagonal: two lines
    left_side, right_side = lines(ORIGIN, target)
    blocker = left_side[1]
    assert blocker not in right_side

    def blocks(h: Hex) -> bool:
        return h == blocker

    assert line_of_sight(ORIGIN, target, blocks, ambiguous="clear-if-either")
    assert not line_of_sight(ORIGIN, target, blocks, ambiguous="clear-if-both")
    assert not line_of_sight(ORIGIN, target, blocks)  # the nudged line is left_side (nudge=+1)


# == facing, sectors and arcs =====================================================================
def test_hex_facing_turns() -> None:
    assert HexFacing.D0.left == HexFacing.D1
    assert HexFacing.D0.right == HexFacing.D5
    assert HexFacing.D2.opposite == HexFacing.D5
    assert HexFacing.D4.turned(3) == HexFacing.D1
    assert HexFacing.D1.turned(-2) == HexFacing.D5
    for f in HexFacing:
        assert f.vector == HEX_DIRECTIONS[f]
        assert f.left.right == f
        assert f.opposite.opposite == f
    assert [f.compass("pointy") for f in HexFacing] == ["E", "NE", "NW", "W", "SW", "SE"]
    assert [f.compass("flat") for f in HexFacing] == ["SE", "NE", "N", "NW", "SW", "S"]


def test_compass_names_match_the_pixel_layout() -> None:
    """The compass names follow the drawn board (screen y grows downwards)."""
    names = {
        "E": (1, 0), "NE": (1, -1), "N": (0, -1), "NW": (-1, -1),
        "W": (-1, 0), "SW": (-1, 1), "S": (0, 1), "SE": (1, 1),
    }  # fmt: skip
    for kind, orient in (("pointy", layout_pointy), ("flat", layout_flat)):
        lay = Layout(orient, Point(1.0, 1.0), Point(0.0, 0.0))
        for f in HexFacing:
            p = hex_to_pixel(lay, f.vector)
            sx = (p.x > 1e-9) - (p.x < -1e-9)
            sy = (p.y > 1e-9) - (p.y < -1e-9)
            assert names[f.compass(kind)] == (sx, sy), (kind, f)  # type: ignore[arg-type]


def _reference_sector(facing: int, origin: Hex, target: Hex) -> int:
    """Float reference: angle counter-clockwise from dead ahead, in 15° units."""
    d = target - origin
    x = math.sqrt(3.0) * (d.q + d.r / 2.0)
    y = -1.5 * d.r  # y up, so counter-clockwise is positive
    angle = (math.degrees(math.atan2(y, x)) - 60.0 * facing) % 360.0
    k = angle / 30.0
    if math.isclose(k, round(k), abs_tol=1e-9):
        return (2 * round(k)) % 24
    return 2 * math.floor(k) + 1


def test_sector_matches_float_reference() -> None:
    origin = Hex(1, -2)
    for facing in range(6):
        for t in hex_range(origin, 7):
            if t != origin:
                assert sector(facing, origin, t) == _reference_sector(facing, origin, t)


def test_sector_spokes() -> None:
    origin = Hex(-2, 3)
    for facing in HexFacing:
        for k in range(6):
            for n in (1, 2, 5):
                side = origin + HEX_DIRECTIONS[(facing + k) % 6] * n
                corner = origin + HEX_DIAGONALS[(facing + k) % 6] * n
                assert sector(facing, origin, side) == 4 * k
                assert sector(facing, origin, corner) == 4 * k + 2
    assert absolute_sector(ORIGIN, Hex(3, -1)) == 1  # between dead ahead and the first corner
    with pytest.raises(ValueError, match="itself"):
        sector(0, ORIGIN, ORIGIN)


def test_predefined_arcs_partition_the_circle() -> None:
    assert sorted(FRONT) == [0, 1, 2, 22, 23]
    assert sorted(REAR) == [10, 11, 12, 13, 14]
    assert sorted(LEFT) == list(range(3, 10))
    assert sorted(RIGHT) == list(range(15, 22))
    assert SIDES == LEFT | RIGHT
    assert FRONT | REAR | SIDES == ALL
    assert len(FRONT) + len(REAR) + len(SIDES) == 24
    assert arc_between(20, 4) == frozenset({20, 21, 22, 23, 0, 1, 2, 3, 4})
    with pytest.raises(ValueError):
        arc_between(0, 24)


def test_front_arc_is_the_60_degree_cone_with_edges() -> None:
    f = HexFacing.D0
    # at range 3 the cone holds 3 hexes (dead ahead and ±19°); at range 4 five: dead ahead,
    # ±14° and the two hexes exactly on the corner lines (±30°, edges included)
    in_front = [h for h in ring(ORIGIN, 3) if in_arc(f, ORIGIN, h, FRONT)]
    assert sorted(in_front) == sorted([Hex(3, 0, -3), Hex(3, -1, -2), Hex(2, 1, -3)])
    in_front4 = [h for h in ring(ORIGIN, 4) if in_arc(f, ORIGIN, h, FRONT)]
    assert len(in_front4) == 5
    assert Hex(4, -2, -2) in in_front4 and Hex(2, 2, -4) in in_front4
    assert HEX_DIAGONALS[0] * 1 + HEX_DIRECTIONS[0] in in_front  # (3,-1,-2): inside
    assert Hex(2, -1, -1) in [
        h for h in ring(ORIGIN, 2) if in_arc(f, ORIGIN, h, FRONT)
    ]  # corner line
    assert not in_arc(f, ORIGIN, HEX_DIRECTIONS[1], FRONT)  # 60° off: side
    assert in_arc(f, ORIGIN, HEX_DIRECTIONS[1], LEFT)
    assert in_arc(f, ORIGIN, HEX_DIRECTIONS[5], RIGHT)
    assert in_arc(f, ORIGIN, HEX_DIRECTIONS[3] * 4, REAR)
    assert not in_arc(f, ORIGIN, ORIGIN, ALL)


def test_arcs_every_hex_in_exactly_one_predefined_arc() -> None:
    for facing in HexFacing:
        for h in hex_range(ORIGIN, 5):
            if h != ORIGIN:
                hits = [a for a in (FRONT, REAR, LEFT, RIGHT) if in_arc(facing, ORIGIN, h, a)]
                assert len(hits) == 1


def test_range_band() -> None:
    bands = {"short": (1, 3), "medium": (4, 6), "long": (7, 9)}
    assert [range_band(d, bands) for d in (0, 1, 3, 4, 6, 7, 9, 10)] == [
        None, "short", "short", "medium", "medium", "long", "long", None,
    ]  # fmt: skip
    assert range_band(3, {"a": (1, 5), "b": (3, 3)}) == "a"
    with pytest.raises(ValueError, match="low 5 > high 1"):
        range_band(3, {"bad": (5, 1)})


# == HexGrid ======================================================================================
# Red Blob's offset neighbour tables: per parity of the shoved axis, the (dcol, drow) of the
# neighbours in direction order.
OFFSET_NEIGHBOURS: dict[str, tuple[list[tuple[int, int]], list[tuple[int, int]]]] = {
    "odd-q": (
        [(1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (0, 1)],
        [(1, 1), (1, 0), (0, -1), (-1, 0), (-1, 1), (0, 1)],
    ),
    "even-q": (
        [(1, 1), (1, 0), (0, -1), (-1, 0), (-1, 1), (0, 1)],
        [(1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (0, 1)],
    ),
    "odd-r": (
        [(1, 0), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1)],
        [(1, 0), (1, -1), (0, -1), (-1, 0), (0, 1), (1, 1)],
    ),
    "even-r": (
        [(1, 0), (1, -1), (0, -1), (-1, 0), (0, 1), (1, 1)],
        [(1, 0), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1)],
    ),
}


@pytest.mark.parametrize("offset", ["odd-q", "even-q", "odd-r", "even-r"])
def test_grid_steps_follow_red_blob_offset_tables(offset: OffsetKind) -> None:
    g = HexGrid(7, 6, offset=offset)
    for col in range(1, 6):
        for row in range(1, 5):
            h = g.from_offset(col, row)
            assert tuple(g.to_offset(h)) == (col, row)
            parity = (col if offset.endswith("q") else row) & 1
            for f in HexFacing:
                dc, dr = OFFSET_NEIGHBOURS[offset][parity][f]
                n = g.step(h, f)
                assert n is not None
                assert tuple(g.to_offset(n)) == (col + dc, row + dr)


def test_grid_structure_and_graph() -> None:
    g = HexGrid(5, 4)
    assert len(g) == 20 and g.orientation == "flat" and g.offset == "odd-q"
    assert isinstance(g.graph, nx.Graph) and g.graph.number_of_nodes() == 20
    hexes = list(g.hexes())
    assert [tuple(g.to_offset(h)) for h in hexes[:6]] == [
        (0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (0, 1)
    ]  # fmt: skip
    mid = g.from_offset(2, 1)
    assert len(g.neighbours(mid)) == 6
    assert g.neighbours(mid) == mid.neighbors()
    # odd-q: column 0 is not shoved, so its top hex touches only 2 hexes
    assert {tuple(g.to_offset(n)) for n in g.neighbours(g.from_offset(0, 0))} == {(1, 0), (0, 1)}
    assert len(g.neighbours(g.from_offset(4, 0))) == 2
    assert {tuple(g.to_offset(n)) for n in g.neighbours(g.from_offset(0, 3))} == {
        (0, 2), (1, 2), (1, 3)
    }  # fmt: skip
    for h in g.hexes():
        assert set(g.neighbours(h)) == set(g.graph.adj[h])
    assert not g.in_bounds(g.from_offset(5, 0)) and g.from_offset(5, 0) not in g
    assert g.step(g.from_offset(0, 0), HexFacing.D2) is None
    assert g.neighbours(Hex(50, -50)) == ()
    assert g.step(Hex(50, -50), 0) is None
    assert g.layout(10.0).orientation == layout_flat
    assert HexGrid(3, 3, offset="even-r").orientation == "pointy"


def test_grid_blocked_and_zones() -> None:
    g = HexGrid(6, 6, blocked=[(2, 2)], zones={"cloud": [(2, 3), (3, 3)], "edge": [Hex(0, 0)]})
    b = g.from_offset(2, 2)
    assert g.is_blocked(b) and g.graph.nodes[b]["blocked"] is True
    assert g.graph.degree(b) == 0 and g.neighbours(b) == ()
    assert all(b not in g.neighbours(n) for n in g.hexes())
    assert not g.is_blocked(g.from_offset(0, 0))
    assert g.zone("cloud") == {g.from_offset(2, 3), g.from_offset(3, 3)}
    assert g.zones_at(Hex(0, 0)) == {"edge"}
    assert g.zones_at(g.from_offset(3, 3)) == {"cloud"}
    assert g.zones_at(Hex(90, -90)) == frozenset()
    assert g.zone_names() == ("cloud", "edge")
    with pytest.raises(UnknownNameError, match="cloud"):
        g.zone("clod")
    with pytest.raises(ValueError, match=r"blocked hex \(9, 9\)"):
        HexGrid(3, 3, blocked=[(9, 9)])
    with pytest.raises(ValueError, match="zone 'z'"):
        HexGrid(3, 3, zones={"z": [Hex(10, 0)]})
    with pytest.raises(ValueError, match="offset must be"):
        HexGrid(3, 3, offset="odd-x")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=">= 1"):
        HexGrid(0, 3)


def test_grid_distances_and_areas() -> None:
    g = HexGrid(8, 8, blocked=[(3, 2), (3, 3), (3, 4)])
    a, b = g.from_offset(2, 3), g.from_offset(4, 3)
    assert g.distance(a, b) == 2
    path_len = g.path_length(a, b)
    assert path_len is not None and path_len > 2
    assert g.path_length(a, g.from_offset(3, 3)) is None
    assert g.hex((1, 1)) == g.from_offset(1, 1)
    assert set(g.within(g.from_offset(0, 0), 1)) == {g.from_offset(0, 0), *g.neighbours(
        g.from_offset(0, 0))}  # fmt: skip
    assert all(g.distance(g.from_offset(0, 0), h) == 2 for h in g.ring(g.from_offset(0, 0), 2))
    assert g.ahead(a, 0, 3) == a + HEX_DIRECTIONS[0] * 3
    for f in HexFacing:
        assert g.facing_between(a, a.neighbor(f)) == f
    assert g.facing_between(a, a) is None
    assert g.facing_between(a, a + HEX_DIAGONALS[0]) is None


def test_nearest_free() -> None:
    g = HexGrid(5, 5, blocked=[(2, 2)])
    c = g.from_offset(2, 2)
    occupied = {g.from_offset(2, 1)}
    got = g.nearest_free(c, lambda h: h not in occupied)
    assert got is not None and g.distance(got, c) == 1 and got not in occupied
    assert got == next(h for h in ring(c, 1) if h in g and h not in occupied)
    assert g.nearest_free(c, lambda h: False) is None
    start = g.from_offset(0, 0)
    assert g.nearest_free(start, lambda h: True) == start


# == path helpers =================================================================================
def test_reachable_matches_graph_distances() -> None:
    g = HexGrid(7, 7, blocked=[(3, 1), (3, 2), (3, 3), (3, 4)])
    start = g.from_offset(1, 3)
    got = reachable(start, g.neighbours, depth=4)
    expected = nx.single_source_shortest_path_length(g.graph, start, cutoff=4)
    assert got == expected
    assert reachable(start, g.neighbours, depth=0) == {start: 0}
    with pytest.raises(ValueError):
        reachable(start, g.neighbours, depth=-1)


def test_movement_template_dockfighters_example_shape() -> None:
    """A template as a ruleset would write it: move `speed` hexes ahead, turning at most one
    hexside before a step, at most `turns` times. The book's example (3 ahead, one hexside
    left, 3 ahead) must be among the end positions of a 6-hex move with 1 turn."""
    g = HexGrid(20, 20)
    State = tuple[Hex, int, int]  # hex, facing, turns left

    def expand(s: State) -> list[State]:
        h, f, turns = s
        out: list[State] = []
        for df in (0, 1, -1):
            if df and not turns:
                continue
            nf = (f + df) % 6
            n = g.step(h, nf)
            if n is not None:
                out.append((n, nf, turns - (df != 0)))
        return out

    start = g.from_offset(5, 10)
    ends = frontier((start, 0, 1), expand, depth=6)
    book = start + HEX_DIRECTIONS[0] * 3 + HEX_DIRECTIONS[1] * 3
    assert (book, 1, 0) in ends
    assert (start + HEX_DIRECTIONS[0] * 6, 0, 1) in ends
    assert all(g.distance(start, h) <= 6 for h, _, _ in ends)
    every = list(paths((start, 0, 1), expand, depth=6))
    assert {p[-1] for p in every} == set(ends)
    assert len(every) == len(set(every))
    assert frontier(start, g.neighbours, depth=0) == {start: None}


def test_paths_prune_and_counts() -> None:
    g = HexGrid(15, 15)
    start = g.from_offset(7, 7)
    all2 = list(paths(start, g.neighbours, depth=2))
    assert len(all2) == 36
    no_back = list(paths(start, g.neighbours, depth=3, prune=lambda p: len(set(p)) < len(p)))
    assert len(no_back) == 6 * 5 * 5 - 6 * 2 * 1  # no revisits: minus the tight triangles
    assert all(len(p) == 4 and len(set(p)) == 4 for p in no_back)
    assert list(paths(start, g.neighbours, depth=0)) == [(start,)]
    with pytest.raises(ValueError):
        list(paths(start, g.neighbours, depth=-1))
    with pytest.raises(ValueError):
        frontier(start, g.neighbours, depth=-1)
