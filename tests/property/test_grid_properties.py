"""Property tests (hypothesis) of the square and hex grids."""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from aerodrome.grid import (
    FRONT,
    HEX_DIRECTIONS,
    REAR,
    SIDES,
    DoubledCoord,
    Facing,
    Hex,
    HexGrid,
    OffsetCoord,
    OffsetKind,
    SquareGrid,
    hex_linedraw,
    in_arc,
    line,
    qdoubled_from_cube,
    qdoubled_to_cube,
    qoffset_from_cube,
    qoffset_to_cube,
    rdoubled_from_cube,
    rdoubled_to_cube,
    roffset_from_cube,
    roffset_to_cube,
    sector,
)
from aerodrome.grid.hexes import hex_linedraw_float

coord = st.integers(min_value=-40, max_value=40)
hexes = st.builds(lambda q, r: Hex(q, r), coord, coord)
offsets = st.sampled_from(["odd-q", "even-q", "odd-r", "even-r"])
parities = st.sampled_from([1, -1])


# -- hex maths ---------------------------------------------------------------------------------
@given(hexes, hexes)
def test_distance_symmetric_and_zero_only_on_itself(a: Hex, b: Hex) -> None:
    assert a.distance(b) == b.distance(a) >= 0
    assert (a.distance(b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert a.distance(c) <= a.distance(b) + b.distance(c)


@given(hexes)
def test_rotating_six_times_is_identity(h: Hex) -> None:
    left = right = h
    for _ in range(6):
        left = left.rotate_left()
        right = right.rotate_right()
    assert left == h == right
    assert h.rotate_left().rotate_right() == h
    assert h.rotate_left().length() == h.length()


@given(hexes, st.integers(0, 5))
def test_neighbor_is_at_distance_one(h: Hex, d: int) -> None:
    n = h.neighbor(d)
    assert h.distance(n) == 1
    assert n.neighbor((d + 3) % 6) == h
    assert h.distance(h.diagonal_neighbor(d)) == 2


@given(parities, hexes)
def test_offset_round_trip_from_cube(parity: int, h: Hex) -> None:
    assert qoffset_to_cube(parity, qoffset_from_cube(parity, h)) == h
    assert roffset_to_cube(parity, roffset_from_cube(parity, h)) == h
    assert qdoubled_to_cube(qdoubled_from_cube(h)) == h
    assert rdoubled_to_cube(rdoubled_from_cube(h)) == h


@given(parities, coord, coord)
def test_offset_round_trip_from_offset(parity: int, col: int, row: int) -> None:
    c = OffsetCoord(col, row)
    assert qoffset_from_cube(parity, qoffset_to_cube(parity, c)) == c
    assert roffset_from_cube(parity, roffset_to_cube(parity, c)) == c


@given(coord, coord)
def test_doubled_round_trip(col: int, row: int) -> None:
    c = DoubledCoord(col, 2 * row + (col & 1))  # doubled-height: col + row even
    assert qdoubled_from_cube(qdoubled_to_cube(c)) == c
    d = DoubledCoord(2 * col + (row & 1), row)  # doubled-width: col + row even
    assert rdoubled_from_cube(rdoubled_to_cube(d)) == d


@given(hexes, hexes, st.sampled_from([1, -1]))
def test_line_length_is_distance_plus_one_and_steps_are_adjacent(a: Hex, b: Hex, n: int) -> None:
    ln = hex_linedraw(a, b, nudge=1 if n == 1 else -1)
    assert len(ln) == a.distance(b) + 1
    assert ln[0] == a and ln[-1] == b
    assert all(x.distance(y) == 1 for x, y in itertools.pairwise(ln))
    # every hex of the line is at the right distance from both ends
    assert all(a.distance(h) == i and b.distance(h) == len(ln) - 1 - i for i, h in enumerate(ln))


def _first_order_tie(a: Hex, b: Hex) -> bool:
    """Whether Red Blob's nudge leaves a q/r tie somewhere on the line (float noise decides)."""
    n = a.distance(b)
    if n == 0:
        return False
    eps = Fraction(1, 10**9)
    for i in range(n + 1):
        xs = [Fraction(x * (n - i) + y * i, n) for x, y in zip(a, b, strict=True)]
        rounded = [round(x + eps * c) for x, c in zip(xs, (1, 1, -2), strict=True)]
        dq, dr, _ = (abs(r - x) for r, x in zip(rounded, xs, strict=True))
        if dq == dr and dq > 0:
            return True
    return False


@settings(max_examples=300)
@given(hexes, hexes)
def test_exact_line_equals_red_blob_float_line(a: Hex, b: Hex) -> None:
    if not _first_order_tie(a, b):
        assert line(a, b) == hex_linedraw_float(a, b)


@given(hexes, hexes)
def test_line_is_symmetric(a: Hex, b: Hex) -> None:
    """The nudge is a fixed offset, not relative to the direction: a→b and b→a are the same
    hexes, so line of sight is symmetric."""
    assert line(b, a) == list(reversed(line(a, b)))
    assert line(b, a, nudge=-1) == list(reversed(line(a, b, nudge=-1)))


# -- sectors -------------------------------------------------------------------------------------
@given(st.integers(0, 5), hexes, hexes, st.integers(0, 5))
def test_sector_rotates_with_the_facing(f: int, o: Hex, t: Hex, k: int) -> None:
    if o == t:
        return
    s = sector(f, o, t)
    assert 0 <= s < 24
    assert sector((f + k) % 6, o, t) == (s - 4 * k) % 24
    # turning the target about the origin turns the sector
    rotated = o + (t - o).rotate_left()
    assert sector(f, o, rotated) == (s + 4) % 24
    # mirror: seen from behind, the target is dead astern-ish: sector differs by 12
    assert sector((f + 3) % 6, o, t) == (s + 12) % 24


@given(st.integers(0, 5), hexes, hexes)
def test_each_hex_is_in_exactly_one_of_front_rear_sides(f: int, o: Hex, t: Hex) -> None:
    if o == t:
        return
    hits = [in_arc(f, o, t, arc) for arc in (FRONT, REAR, SIDES)]
    assert hits.count(True) == 1


@given(st.integers(0, 5), hexes, st.integers(1, 30))
def test_straight_ahead_is_sector_zero(f: int, o: Hex, n: int) -> None:
    assert sector(f, o, o + HEX_DIRECTIONS[f] * n) == 0


# -- grids ----------------------------------------------------------------------------------------
@settings(max_examples=30, deadline=None)
@given(
    st.integers(1, 9),
    st.integers(1, 9),
    offsets,
    st.sets(st.tuples(st.integers(0, 8), st.integers(0, 8)), max_size=10),
)
def test_hex_grid_neighbours_symmetric(
    w: int, h: int, offset: OffsetKind, blocked: set[tuple[int, int]]
) -> None:
    blocked = {b for b in blocked if b[0] < w and b[1] < h}
    g = HexGrid(w, h, offset=offset, blocked=blocked)
    assert len(g) == w * h
    for x in g.hexes():
        assert tuple(g.to_offset(x)) in {(c, r) for c in range(w) for r in range(h)}
        for n in g.neighbours(x):
            assert x in g.neighbours(n)
            assert x.distance(n) == 1
            assert not g.is_blocked(n)
        assert set(g.neighbours(x)) == set(g.graph.adj[x])


@settings(max_examples=30, deadline=None)
@given(
    st.integers(1, 8),
    st.integers(1, 8),
    st.sets(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=10),
)
def test_square_grid_neighbours_symmetric(w: int, h: int, blocked: set[tuple[int, int]]) -> None:
    blocked = {b for b in blocked if b[0] < w and b[1] < h}
    g = SquareGrid(w, h, blocked=blocked)
    for c in g.cells():
        for n in g.neighbours(c):
            assert c in g.neighbours(n)
            assert g.distance(c, n) == 1
            f = g.facing_between(c, n)
            assert f is not None and g.step(c, f) == n and g.facing_between(n, c) == f.opposite
        assert set(g.neighbours(c)) == set(g.graph.adj[c])


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 5), st.integers(0, 5), st.integers(0, 5), st.sampled_from(list(Facing)))
def test_square_walks_are_legal(x: int, y: int, length: int, f: Facing) -> None:
    g = SquareGrid(6, 6, blocked=[(3, 3)])
    start = (x, y)
    seen = set()
    for w in g.walks(start, length):
        assert w not in seen
        seen.add(w)
        assert len(w) == length + 1 and w[0] == start
        edges = [frozenset(p) for p in itertools.pairwise(w)]
        assert len(edges) == len(set(edges))
        assert all(g.facing_between(a, b) is not None for a, b in itertools.pairwise(w))
        assert (3, 3) not in w[1:]
    # bearing: a target straight along a facing is in front
    t = (x + f.delta[0], y + f.delta[1])
    assert g.bearing(f, start, t) == "front"
    assert g.bearing(f.opposite, start, t) == "rear"
