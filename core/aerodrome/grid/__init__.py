"""Generic board grids of the core (no ruleset knowledge).

Grids
-----
aerodrome offers two boards, each backed by a :mod:`networkx` graph that holds adjacency,
zones (node attribute ``"zones"``, a frozenset of names) and blocked cells (node attribute
``"blocked"``, no edges). The hot-path tables (neighbours, steps) are precomputed from the
graph once.

* :class:`SquareGrid` — cells ``(x, y)`` (column left→right, row top→bottom), 4 orthogonal
  neighbours, 4 :class:`Facing` (N is towards ``y - 1``). ``bearing`` tells whether a target
  on the same row/column is in front, rear, left or right; ``walks`` enumerates every
  orthogonal walk of an exact length that never steps straight back and never reuses an edge
  (the movement rule of the classic board game).
"""

from aerodrome.grid.square import Bearing, Cell, Facing, SquareGrid

__all__ = ["Bearing", "Cell", "Facing", "SquareGrid"]
