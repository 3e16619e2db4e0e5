"""Generic board grids of the core (no ruleset knowledge).

Grids
-----
aerodrome offers two boards, each backed by a :mod:`networkx` graph that holds adjacency,
zones (node attribute ``"zones"``, a frozenset of names) and blocked cells (node attribute
``"blocked"``, no edges). The hot-path tables (neighbours, steps) are precomputed from the
graph once; do not mutate ``grid.graph`` afterwards.

* :class:`SquareGrid` — cells ``(x, y)`` (column left→right, row top→bottom), 4 orthogonal
  neighbours, 4 :class:`Facing` (N is towards ``y - 1``). ``bearing`` tells whether a target
  on the same row/column is in front, rear, left or right; ``walks`` enumerates every
  orthogonal walk of an exact length that never steps straight back and never reuses an edge
  (the movement rule of the classic board game).
* :class:`HexGrid` — a rectangular board addressed by offset ``(col, row)`` (``odd-q`` by
  default; ``even-q``, ``odd-r``, ``even-r``) but stored as cube :class:`Hex` after Red Blob
  Games' "Hexagonal Grids" (q + r + s == 0, Red Blob's names and direction order; ring,
  spiral, range, exact line drawing, offset/doubled coordinates, pixel layouts). Six
  :class:`HexFacing` in Red Blob order (``left`` is counter-clockwise as drawn).
* Bearings and arcs on hexes: :func:`sector` gives a target's direction relative to a facing
  exactly, as 0..23 (even: on one of the 12 spokes through hexsides and corners; odd: inside
  the 30° half-sector between two spokes; counting to the left from dead ahead). An
  :data:`Arc` is a frozenset of sectors: :data:`FRONT`, :data:`REAR`, :data:`LEFT`,
  :data:`RIGHT`, :data:`SIDES`, :data:`ALL`, or a ruleset's own via :func:`arc_between`;
  :func:`in_arc` tests membership and :func:`range_band` names a distance band.
* Line of sight: :func:`line` (centre to centre, Red Blob's nudged line drawing computed
  exactly), :func:`lines` (both sides when the line runs along hex edges),
  :func:`hexes_crossed`, :func:`line_of_sight`.
* Movement templates: :func:`reachable`, :func:`frontier` and :func:`paths` search a ruleset's
  own move states through its ``expand(state)`` function.

May import: engine.
"""

from aerodrome.grid.arcs import (
    ALL,
    FRONT,
    LEFT,
    REAR,
    RIGHT,
    SIDES,
    Arc,
    HexFacing,
    absolute_sector,
    arc_between,
    in_arc,
    range_band,
    sector,
)
from aerodrome.grid.hexes import (
    EVEN,
    HEX_DIAGONALS,
    HEX_DIRECTIONS,
    ODD,
    DoubledCoord,
    FractionalHex,
    Hex,
    Layout,
    OffsetCoord,
    Orientation,
    Point,
    fractional,
    hex_corner_offset,
    hex_direction,
    hex_distance,
    hex_lerp,
    hex_linedraw,
    hex_range,
    hex_round,
    hex_to_pixel,
    layout_flat,
    layout_pointy,
    pixel_to_hex,
    polygon_corners,
    qdoubled_from_cube,
    qdoubled_to_cube,
    qoffset_from_cube,
    qoffset_to_cube,
    rdoubled_from_cube,
    rdoubled_to_cube,
    ring,
    roffset_from_cube,
    roffset_to_cube,
    spiral,
)
from aerodrome.grid.hexgrid import HexGrid, HexRef, OffsetKind
from aerodrome.grid.los import hexes_crossed, line, line_of_sight, lines
from aerodrome.grid.paths import frontier, paths, reachable
from aerodrome.grid.square import Bearing, Cell, Facing, SquareGrid

__all__ = [
    "ALL",
    "EVEN",
    "FRONT",
    "HEX_DIAGONALS",
    "HEX_DIRECTIONS",
    "LEFT",
    "ODD",
    "REAR",
    "RIGHT",
    "SIDES",
    "Arc",
    "Bearing",
    "Cell",
    "DoubledCoord",
    "Facing",
    "FractionalHex",
    "Hex",
    "HexFacing",
    "HexGrid",
    "HexRef",
    "Layout",
    "OffsetCoord",
    "OffsetKind",
    "Orientation",
    "Point",
    "SquareGrid",
    "absolute_sector",
    "arc_between",
    "fractional",
    "frontier",
    "hex_corner_offset",
    "hex_direction",
    "hex_distance",
    "hex_lerp",
    "hex_linedraw",
    "hex_range",
    "hex_round",
    "hex_to_pixel",
    "hexes_crossed",
    "in_arc",
    "layout_flat",
    "layout_pointy",
    "line",
    "line_of_sight",
    "lines",
    "paths",
    "pixel_to_hex",
    "polygon_corners",
    "qdoubled_from_cube",
    "qdoubled_to_cube",
    "qoffset_from_cube",
    "qoffset_to_cube",
    "range_band",
    "rdoubled_from_cube",
    "rdoubled_to_cube",
    "reachable",
    "ring",
    "roffset_from_cube",
    "roffset_to_cube",
    "sector",
    "spiral",
]
