"""Hex facings, relative bearings (sectors), fire arcs and range bands.

Sectors
-------
:func:`sector` says where a target lies as seen from a piece on ``origin`` facing ``facing``,
exactly (integer sign tests on cube coordinates, no floats). The full turn is cut by 12
spokes (every 30°): the 6 hexside directions (dead ahead, and every 60°) and the 6 corner
directions between them (the lines of hexes through the corners, at 30° + every 60°). A
target lies either ON a spoke or strictly BETWEEN two spokes, so a sector is a number
0..23 — read it as "about ``sector × 15°`` counter-clockwise (to the left) of dead ahead":
even sectors are the spokes, odd sectors the 12 half-sectors (30° wedges) between them::

                               6  (left, hexside line)
                  8  corner    |   corner  4
                      .  7     |     5  .
                         .     |     .
              10 corner    .   |   .    corner 2
                     9       . | .       3       1
          12  ---------------- O ------------------>  0   facing (dead ahead,
      (dead astern)  13      . | .       23      hexside line)
              14 corner    .   |   .    corner 22
                         .     |     .
                      .  15    |    21  .
                 16  corner    |   corner  20
                               18 (right, hexside line)

    even = exactly on a spoke: 0, 4, 8, 12, 16, 20 hexside lines; 2, 6, 10, 14, 18, 22 corner
    lines (the "spines" through hex corners). odd = strictly inside the 30° half-sector.

So ``sector(f, o, o + HEX_DIRECTIONS[(f + k) % 6] * n) == 4 * k`` and
``sector(f, o, o + HEX_DIAGONALS[(f + k) % 6] * n) == 4 * k + 2``. Left is counter-clockwise as
drawn (Red Blob's direction order), for pointy- and flat-top layouts alike.

Arcs
----
An :data:`Arc` is a frozenset of allowed sectors. Predefined: :data:`FRONT` (the 60° cone
ahead between the two front corner lines, edges included: 22, 23, 0, 1, 2), :data:`REAR`
(the same behind: 10..14), :data:`LEFT` (3..9) and :data:`RIGHT` (15..21) between them,
:data:`SIDES` (LEFT | RIGHT) and :data:`ALL`. Rulesets build their own with
:func:`arc_between` (e.g. a 120° front arc is ``arc_between(20, 4)``).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import IntEnum
from typing import Final, Literal, TypeAlias

from aerodrome.grid.hexes import HEX_DIAGONALS, HEX_DIRECTIONS, Hex

_COMPASS: Final = {
    "pointy": ("E", "NE", "NW", "W", "SW", "SE"),
    "flat": ("SE", "NE", "N", "NW", "SW", "S"),
}


class HexFacing(IntEnum):
    """The six facings of a piece on a hex grid: towards hexside ``0..5`` in Red Blob's
    direction order (counter-clockwise as drawn). Compass names depend on the layout: see
    :meth:`compass` (pointy-top: E, NE, NW, W, SW, SE; flat-top: SE, NE, N, NW, SW, S)."""

    D0 = 0
    D1 = 1
    D2 = 2
    D3 = 3
    D4 = 4
    D5 = 5

    @property
    def left(self) -> HexFacing:
        """One hexside counter-clockwise (turn left)."""
        return HexFacing((self + 1) % 6)

    @property
    def right(self) -> HexFacing:
        """One hexside clockwise (turn right)."""
        return HexFacing((self + 5) % 6)

    @property
    def opposite(self) -> HexFacing:
        """Turned about (180°)."""
        return HexFacing((self + 3) % 6)

    @property
    def vector(self) -> Hex:
        """The unit cube vector one hex ahead."""
        return HEX_DIRECTIONS[self]

    def turned(self, hexsides: int) -> HexFacing:
        """Turned ``hexsides`` to the left (negative: to the right)."""
        return HexFacing((self + hexsides) % 6)

    def compass(self, orientation: Literal["pointy", "flat"]) -> str:
        """The compass name of this facing on a board of that orientation (screen y down)."""
        return _COMPASS[orientation][self]


Arc: TypeAlias = frozenset[int]
"""A set of sectors (0..23, see :func:`sector`) in which a target counts as in the arc."""


def arc_between(first: int, last: int) -> Arc:
    """The sectors from ``first`` counter-clockwise to ``last``, both included (mod 24);
    ``arc_between(22, 2)`` is :data:`FRONT`."""
    for v in (first, last):
        if not 0 <= v < 24:
            raise ValueError(f"sectors are 0..23, got {v}")
    return frozenset((first + i) % 24 for i in range((last - first) % 24 + 1))


FRONT: Final[Arc] = arc_between(22, 2)
REAR: Final[Arc] = arc_between(10, 14)
LEFT: Final[Arc] = arc_between(3, 9)
RIGHT: Final[Arc] = arc_between(15, 21)
SIDES: Final[Arc] = LEFT | RIGHT
ALL: Final[Arc] = frozenset(range(24))


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def _key(q: int, r: int, s: int) -> tuple[int, int, int, int, int, int]:
    return (_sign(q), _sign(r), _sign(s), _sign(r - s), _sign(q - s), _sign(q - r))


def _build_table() -> dict[tuple[int, int, int, int, int, int], int]:
    spokes: list[Hex] = []
    for k in range(6):
        spokes += [HEX_DIRECTIONS[k], HEX_DIAGONALS[k]]
    table: dict[tuple[int, int, int, int, int, int], int] = {}
    for j in range(12):
        a, b = spokes[j], spokes[(j + 1) % 12]
        table[_key(*a)] = 2 * j
        table[_key(*(a + b))] = 2 * j + 1  # strictly inside the 30° wedge
    assert len(table) == 24
    return table


_TABLE: Final = _build_table()


def absolute_sector(origin: Hex, target: Hex) -> int:
    """The sector of ``target`` as seen from ``origin`` facing direction 0 (see module doc)."""
    q = target.q - origin.q
    r = target.r - origin.r
    s = target.s - origin.s
    if q == 0 and r == 0:
        raise ValueError(f"no bearing from a hex to itself ({origin})")
    return _TABLE[_key(q, r, s)]


def sector(facing: int, origin: Hex, target: Hex) -> int:
    """Where ``target`` lies relative to a piece on ``origin`` facing ``facing``: 0..23, even
    on a spoke, odd between spokes, counting counter-clockwise (left) from dead ahead (see the
    module picture). ValueError if ``target == origin``."""
    return (absolute_sector(origin, target) - 4 * facing) % 24


def in_arc(facing: int, origin: Hex, target: Hex, arc: Arc) -> bool:
    """Whether ``target`` is in ``arc`` of a piece on ``origin`` facing ``facing``; a target
    on the piece's own hex is in no arc (rulesets decide that case themselves)."""
    if target == origin:
        return False
    return sector(facing, origin, target) in arc


def range_band(distance: int, bands: Mapping[str, tuple[int, int]]) -> str | None:
    """The name of the first band whose inclusive ``(low, high)`` holds ``distance``
    (in mapping order), or None when out of every band.

    ``range_band(4, {"short": (1, 3), "medium": (4, 6), "long": (7, 9)}) == "medium"``
    """
    for name, (low, high) in bands.items():
        if low > high:
            raise ValueError(f"range band {name!r} has low {low} > high {high}")
        if low <= distance <= high:
            return name
    return None
