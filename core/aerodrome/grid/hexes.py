"""Hexagon maths after Red Blob Games (Amit Patel), "Hexagonal Grids" and its implementation
guide (https://www.redblobgames.com/grids/hexagons/ and .../implementation.html).

Cube coordinates ``(q, r, s)`` with ``q + r + s == 0``; the six directions in Red Blob's order
(:data:`HEX_DIRECTIONS`) go counter-clockwise as drawn on screen (y down), so "left" means
``direction + 1`` and :meth:`Hex.rotate_left` turns a vector by one direction that way.
Everything here is pure integer arithmetic except the pixel layout and the float versions of
lerp/round kept for parity with Red Blob (:func:`hex_linedraw` is exact: it uses integer
arithmetic with the same epsilon nudge as Red Blob's float code).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import lru_cache
from typing import Final, Literal, NamedTuple, Self


class _HexFields(NamedTuple):
    q: int
    r: int
    s: int


def _mk(q: int, r: int, s: int) -> Hex:
    """A Hex without validation (internal: the caller guarantees q + r + s == 0)."""
    return tuple.__new__(Hex, (q, r, s))


class Hex(_HexFields):
    """A hexagon in cube coordinates; immutable, hashable, integer, ``q + r + s == 0``.

    ``Hex(q, r)`` fills in ``s = -q - r`` (axial form). ``+``, ``-``, unary ``-`` and ``* k``
    are vector arithmetic (not tuple concatenation/repetition). A Hex is a named tuple: it
    equals the plain tuple ``(q, r, s)`` and msgspec encodes it as ``[q, r, s]`` (decoding
    with ``type=Hex`` does not re-check ``q + r + s == 0``: validate untrusted input with
    ``Hex(*values)``).
    """

    __slots__ = ()

    def __new__(cls, q: int, r: int, s: int | None = None) -> Self:
        if s is None:
            s = -q - r
        if not (isinstance(q, int) and isinstance(r, int) and isinstance(s, int)):
            raise TypeError(
                f"Hex coordinates must be integers, got q={q!r}, r={r!r}, s={s!r} "
                "(use FractionalHex for fractional ones)"
            )
        if q + r + s != 0:
            raise ValueError(f"q + r + s must be 0, got q={q}, r={r}, s={s} (sum {q + r + s})")
        return super().__new__(cls, q, r, s)

    # -- arithmetic ------------------------------------------------------------------------
    def add(self, other: Hex) -> Hex:
        """Vector sum (Red Blob ``hex_add``)."""
        return _mk(self.q + other.q, self.r + other.r, self.s + other.s)

    def subtract(self, other: Hex) -> Hex:
        """Vector difference (Red Blob ``hex_subtract``)."""
        return _mk(self.q - other.q, self.r - other.r, self.s - other.s)

    def scale(self, k: int) -> Hex:
        """Multiply by an integer (Red Blob ``hex_scale``)."""
        return _mk(self.q * k, self.r * k, self.s * k)

    def __add__(self, other: Hex) -> Hex:  # type: ignore[override]
        return _mk(self.q + other.q, self.r + other.r, self.s + other.s)

    def __sub__(self, other: Hex) -> Hex:
        return _mk(self.q - other.q, self.r - other.r, self.s - other.s)

    def __mul__(self, k: int) -> Hex:  # type: ignore[override]
        return _mk(self.q * k, self.r * k, self.s * k)

    def __rmul__(self, k: int) -> Hex:  # type: ignore[override]
        return _mk(self.q * k, self.r * k, self.s * k)

    def __neg__(self) -> Hex:
        return _mk(-self.q, -self.r, -self.s)

    def rotate_left(self) -> Hex:
        """This vector turned 60° counter-clockwise about the origin (direction + 1)."""
        return _mk(-self.s, -self.q, -self.r)

    def rotate_right(self) -> Hex:
        """This vector turned 60° clockwise about the origin (direction - 1)."""
        return _mk(-self.r, -self.s, -self.q)

    # -- neighbours and distance ------------------------------------------------------------
    def neighbor(self, direction: int) -> Hex:
        """The adjacent hex across side ``direction`` (0..5, Red Blob order)."""
        d = HEX_DIRECTIONS[direction % 6]
        return _mk(self.q + d.q, self.r + d.r, self.s + d.s)

    def diagonal_neighbor(self, direction: int) -> Hex:
        """The hex beyond corner ``direction`` (0..5, Red Blob ``hex_diagonals`` order)."""
        d = HEX_DIAGONALS[direction % 6]
        return _mk(self.q + d.q, self.r + d.r, self.s + d.s)

    def neighbors(self) -> tuple[Hex, ...]:
        """The six adjacent hexes in direction order."""
        q, r, s = self
        return tuple(_mk(q + d.q, r + d.r, s + d.s) for d in HEX_DIRECTIONS)

    def length(self) -> int:
        """Distance from the origin in hex steps."""
        return (abs(self.q) + abs(self.r) + abs(self.s)) // 2

    def distance(self, other: Hex) -> int:
        """Distance to ``other`` in hex steps."""
        return (abs(self.q - other.q) + abs(self.r - other.r) + abs(self.s - other.s)) // 2


HEX_DIRECTIONS: Final[tuple[Hex, ...]] = (
    Hex(1, 0, -1),
    Hex(1, -1, 0),
    Hex(0, -1, 1),
    Hex(-1, 0, 1),
    Hex(-1, 1, 0),
    Hex(0, 1, -1),
)
"""The six side directions in Red Blob's order (counter-clockwise on screen)."""

HEX_DIAGONALS: Final[tuple[Hex, ...]] = (
    Hex(2, -1, -1),
    Hex(1, -2, 1),
    Hex(-1, -1, 2),
    Hex(-2, 1, 1),
    Hex(-1, 2, -1),
    Hex(1, 1, -2),
)
"""The six corner (diagonal) directions; diagonal ``k`` lies between directions k and k+1."""


def hex_direction(direction: int) -> Hex:
    """The unit vector of side ``direction`` (0..5)."""
    return HEX_DIRECTIONS[direction % 6]


def hex_distance(a: Hex, b: Hex) -> int:
    """Distance between two hexes in hex steps."""
    return (abs(a.q - b.q) + abs(a.r - b.r) + abs(a.s - b.s)) // 2


# -- fractional hexes, rounding and lines ------------------------------------------------------
class FractionalHex(NamedTuple):
    """A point in cube coordinates that need not be a hex centre (floats)."""

    q: float
    r: float
    s: float

    def round(self) -> Hex:
        """The hex containing this point (Red Blob ``hex_round``)."""
        return hex_round(self)


def fractional(q: float, r: float, s: float | None = None) -> FractionalHex:
    """A checked FractionalHex (``round(q + r + s) == 0`` as in Red Blob)."""
    if s is None:
        s = -q - r
    if round(q + r + s) != 0:
        raise ValueError(f"q + r + s must be 0, got q={q}, r={r}, s={s}")
    return FractionalHex(q, r, s)


def hex_round(h: FractionalHex | Hex) -> Hex:
    """Round a fractional cube point to the nearest hex (Red Blob ``hex_round``)."""
    qi = round(h.q)
    ri = round(h.r)
    si = round(h.s)
    dq = abs(qi - h.q)
    dr = abs(ri - h.r)
    ds = abs(si - h.s)
    if dq > dr and dq > ds:
        qi = -ri - si
    elif dr > ds:
        ri = -qi - si
    else:
        si = -qi - ri
    return _mk(qi, ri, si)


def hex_lerp(a: FractionalHex | Hex, b: FractionalHex | Hex, t: float) -> FractionalHex:
    """Linear interpolation between two cube points (Red Blob ``hex_lerp``)."""
    return FractionalHex(
        a.q * (1.0 - t) + b.q * t, a.r * (1.0 - t) + b.r * t, a.s * (1.0 - t) + b.s * t
    )


_NUDGE: Final = (1, 1, -2)  # Red Blob's epsilon nudge direction (1e-6, 1e-6, -2e-6)
_NUDGE2: Final = (1, -1, 0)  # second-order nudge: breaks ties the first one leaves open


def _round_nudged(x: int, n: int, c1: int, c2: int) -> tuple[int, int]:
    """Round ``x/n + eps*c1 + eps**2*c2`` (eps infinitesimal, c1 != 0) to an integer; also
    return the rounding error as one comparable integer: ``25*|error*n| + 5*e1 + e2`` where
    e1, e2 (|e1| <= 2, |e2| <= 1) are the error's eps and eps**2 coefficients, so integer
    order is the lexicographic order of (error, eps, eps**2)."""
    fl, rem = divmod(x, n)
    twice = 2 * rem
    ri = fl + 1 if twice > n or (twice == n and c1 > 0) else fl
    d = ri * n - x
    if d > 0:
        return ri, 25 * d - 5 * c1 - c2
    if d < 0:
        return ri, -25 * d + 5 * c1 + c2
    return ri, 5 * abs(c1) + (c2 if c1 > 0 else -c2)


@lru_cache(maxsize=1 << 16)
def _relative_line(dq: int, dr: int, sign: int) -> tuple[tuple[int, int, int], ...]:
    """The nudged line from the origin to ``(dq, dr, -dq-dr)`` as cube offsets. Rounding
    commutes with integer translation (the nudge is a fixed offset), so every line is a
    translate of one of these: they are cached."""
    ds = -dq - dr
    n = (abs(dq) + abs(dr) + abs(ds)) // 2
    c1q, c1r, c1s = (sign * c for c in _NUDGE)
    c2q, c2r, c2s = (sign * c for c in _NUDGE2)
    out: list[tuple[int, int, int]] = []
    for i in range(n + 1):
        qi, eq = _round_nudged(dq * i, n, c1q, c2q)
        ri, er = _round_nudged(dr * i, n, c1r, c2r)
        si, es = _round_nudged(ds * i, n, c1s, c2s)
        if eq > er and eq > es:
            qi = -ri - si
        elif er > es:
            ri = -qi - si
        else:
            si = -qi - ri
        out.append((qi, ri, si))
    return tuple(out)


def hex_linedraw(a: Hex, b: Hex, *, nudge: Literal[1, -1] = 1) -> list[Hex]:
    """The hexes on the straight line from ``a`` to ``b`` centre to centre, both included
    (``distance + 1`` hexes, each adjacent to the next).

    Red Blob's ``hex_linedraw`` (lerp + round with both ends nudged by ``(1e-6, 1e-6,
    -2e-6)``) computed exactly in integers, so it never depends on float error. Where the
    line runs exactly along hex edges the nudge picks one side; ``nudge=-1`` picks the other
    side (see :func:`aerodrome.grid.lines`). Red Blob's nudge runs parallel to some hex edges
    (those between hexes ``(1, -1, 0)`` apart), where its float result is decided by rounding
    noise; here a second-order nudge ``eps**2 * (1, -1, 0)`` decides those ties
    deterministically. The nudge is a fixed offset, so ``line(b, a)`` is ``line(a, b)``
    reversed.
    """
    if a == b:
        return [a]
    aq, ar, as_ = a
    return [
        _mk(aq + q, ar + r, as_ + s)
        for q, r, s in _relative_line(b.q - aq, b.r - ar, 1 if nudge > 0 else -1)
    ]


def hex_linedraw_float(a: Hex, b: Hex) -> list[Hex]:
    """Red Blob's float ``hex_linedraw``, kept as a reference for tests."""
    n = hex_distance(a, b)
    an = FractionalHex(a.q + 1e-06, a.r + 1e-06, a.s - 2e-06)
    bn = FractionalHex(b.q + 1e-06, b.r + 1e-06, b.s - 2e-06)
    step = 1.0 / max(n, 1)
    return [hex_round(hex_lerp(an, bn, step * i)) for i in range(n + 1)]


# -- rings and ranges --------------------------------------------------------------------------
def ring(center: Hex, radius: int) -> list[Hex]:
    """The ``6 * radius`` hexes at exactly ``radius`` from ``center`` (``[center]`` for 0),
    starting at ``center + direction(4) * radius`` and going round in direction order."""
    if radius < 0:
        raise ValueError(f"ring radius must be >= 0, got {radius}")
    if radius == 0:
        return [center]
    out: list[Hex] = []
    h = center + HEX_DIRECTIONS[4] * radius
    for i in range(6):
        d = HEX_DIRECTIONS[i]
        for _ in range(radius):
            out.append(h)
            h = _mk(h.q + d.q, h.r + d.r, h.s + d.s)
    return out


def spiral(center: Hex, radius: int) -> list[Hex]:
    """All hexes within ``radius`` of ``center``: the centre, then ring 1, ring 2, ..."""
    out = [center]
    for k in range(1, radius + 1):
        out.extend(ring(center, k))
    return out


def hex_range(center: Hex, radius: int) -> Iterator[Hex]:
    """All hexes within ``radius`` of ``center`` (Red Blob "range"), q-major order."""
    if radius < 0:
        raise ValueError(f"range radius must be >= 0, got {radius}")
    cq, cr, cs = center
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            yield _mk(cq + dq, cr + dr, cs - dq - dr)


# -- offset and doubled coordinates ------------------------------------------------------------
EVEN: Final = 1
"""Offset parity: even rows/columns are shoved (Red Blob ``EVEN = +1``)."""
ODD: Final = -1
"""Offset parity: odd rows/columns are shoved (Red Blob ``ODD = -1``)."""


class OffsetCoord(NamedTuple):
    """An offset coordinate (column, row) of a rectangular hex map."""

    col: int
    row: int


class DoubledCoord(NamedTuple):
    """A doubled coordinate (column, row)."""

    col: int
    row: int


def _check_parity(offset: int) -> None:
    if offset not in (EVEN, ODD):
        raise ValueError(f"offset must be EVEN (+1) or ODD (-1), got {offset!r}")


def qoffset_from_cube(offset: int, h: Hex) -> OffsetCoord:
    """Cube → offset for flat-top maps whose columns are shoved (even-q/odd-q)."""
    _check_parity(offset)
    return OffsetCoord(h.q, h.r + (h.q + offset * (h.q & 1)) // 2)


def qoffset_to_cube(offset: int, c: OffsetCoord) -> Hex:
    """Offset → cube for flat-top maps (even-q/odd-q)."""
    _check_parity(offset)
    q = c.col
    r = c.row - (c.col + offset * (c.col & 1)) // 2
    return _mk(q, r, -q - r)


def roffset_from_cube(offset: int, h: Hex) -> OffsetCoord:
    """Cube → offset for pointy-top maps whose rows are shoved (even-r/odd-r)."""
    _check_parity(offset)
    return OffsetCoord(h.q + (h.r + offset * (h.r & 1)) // 2, h.r)


def roffset_to_cube(offset: int, c: OffsetCoord) -> Hex:
    """Offset → cube for pointy-top maps (even-r/odd-r)."""
    _check_parity(offset)
    q = c.col - (c.row + offset * (c.row & 1)) // 2
    r = c.row
    return _mk(q, r, -q - r)


def qdoubled_from_cube(h: Hex) -> DoubledCoord:
    """Cube → doubled-height coordinates (flat-top)."""
    return DoubledCoord(h.q, 2 * h.r + h.q)


def qdoubled_to_cube(c: DoubledCoord) -> Hex:
    """Doubled-height → cube coordinates (flat-top)."""
    q = c.col
    r = (c.row - c.col) // 2
    return _mk(q, r, -q - r)


def rdoubled_from_cube(h: Hex) -> DoubledCoord:
    """Cube → doubled-width coordinates (pointy-top)."""
    return DoubledCoord(2 * h.q + h.r, h.r)


def rdoubled_to_cube(c: DoubledCoord) -> Hex:
    """Doubled-width → cube coordinates (pointy-top)."""
    q = (c.col - c.row) // 2
    r = c.row
    return _mk(q, r, -q - r)


# -- pixel layout ------------------------------------------------------------------------------
class Point(NamedTuple):
    """A point in pixel space (y grows downwards, as in SVG)."""

    x: float
    y: float


class Orientation(NamedTuple):
    """Forward (f) and inverse (b) matrices and first-corner angle (in sixths of a turn)."""

    f0: float
    f1: float
    f2: float
    f3: float
    b0: float
    b1: float
    b2: float
    b3: float
    start_angle: float


_SQRT3: Final = math.sqrt(3.0)

layout_pointy: Final = Orientation(
    _SQRT3, _SQRT3 / 2.0, 0.0, 3.0 / 2.0, _SQRT3 / 3.0, -1.0 / 3.0, 0.0, 2.0 / 3.0, 0.5
)
"""Pointy-top hexes (rows of hexes; pairs with even-r/odd-r offsets)."""
layout_flat: Final = Orientation(
    3.0 / 2.0, 0.0, _SQRT3 / 2.0, _SQRT3, 2.0 / 3.0, 0.0, -1.0 / 3.0, _SQRT3 / 3.0, 0.0
)
"""Flat-top hexes (columns of hexes; pairs with even-q/odd-q offsets)."""


class Layout(NamedTuple):
    """How hexes map to pixels: orientation, size (x, y radius) and origin of hex (0,0,0)."""

    orientation: Orientation
    size: Point
    origin: Point


def hex_to_pixel(layout: Layout, h: Hex) -> Point:
    """The pixel centre of ``h``."""
    m = layout.orientation
    x = (m.f0 * h.q + m.f1 * h.r) * layout.size.x
    y = (m.f2 * h.q + m.f3 * h.r) * layout.size.y
    return Point(x + layout.origin.x, y + layout.origin.y)


def pixel_to_hex(layout: Layout, p: Point) -> FractionalHex:
    """The fractional cube point at pixel ``p`` (round it with :func:`hex_round`)."""
    m = layout.orientation
    px = (p.x - layout.origin.x) / layout.size.x
    py = (p.y - layout.origin.y) / layout.size.y
    q = m.b0 * px + m.b1 * py
    r = m.b2 * px + m.b3 * py
    return FractionalHex(q, r, -q - r)


def hex_corner_offset(layout: Layout, corner: int) -> Point:
    """Offset of corner ``corner`` (0..5) from a hex centre."""
    angle = 2.0 * math.pi * (layout.orientation.start_angle - corner) / 6.0
    return Point(layout.size.x * math.cos(angle), layout.size.y * math.sin(angle))


def polygon_corners(layout: Layout, h: Hex) -> list[Point]:
    """The six corners of ``h`` in pixels (for an SVG ``<polygon>``)."""
    c = hex_to_pixel(layout, h)
    return [Point(c.x + o.x, c.y + o.y) for o in (hex_corner_offset(layout, i) for i in range(6))]
