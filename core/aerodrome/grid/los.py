"""Hex lines and line of sight (centre to centre, after Red Blob's line drawing)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from aerodrome.grid.hexes import Hex, hex_linedraw


def line(a: Hex, b: Hex, *, nudge: Literal[1, -1] = 1) -> list[Hex]:
    """The hexes from ``a`` to ``b`` inclusive along the centre-to-centre line (exact
    :func:`~aerodrome.grid.hexes.hex_linedraw`); ``len == distance + 1``."""
    return hex_linedraw(a, b, nudge=nudge)


def lines(a: Hex, b: Hex) -> tuple[list[Hex], ...]:
    """The one line from ``a`` to ``b``, or two when the line runs along hex edges and both
    sides qualify (nudged one way, then the other). Rules such as "if two hexes qualify and one
    is a cloud, take the cloud hex" are written as ``any(... for l in lines(a, b))``."""
    first = hex_linedraw(a, b, nudge=1)
    second = hex_linedraw(a, b, nudge=-1)
    return (first,) if first == second else (first, second)


def hexes_crossed(a: Hex, b: Hex, *, nudge: Literal[1, -1] = 1) -> list[Hex]:
    """The hexes strictly between ``a`` and ``b`` on the line (endpoints excluded)."""
    return hex_linedraw(a, b, nudge=nudge)[1:-1]


def line_of_sight(
    a: Hex,
    b: Hex,
    blocks: Callable[[Hex], bool],
    *,
    ambiguous: Literal["nudge", "clear-if-either", "clear-if-both"] = "nudge",
) -> bool:
    """Whether no intermediate hex of the line ``a``→``b`` blocks (``blocks`` is never asked
    about ``a`` or ``b``).

    :param ambiguous: for lines along hex edges: ``"nudge"`` uses the one line Red Blob's nudge
        picks; ``"clear-if-either"`` gives sight if either side is clear (benefit of the doubt
        to the viewer); ``"clear-if-both"`` needs both sides clear.
    """
    if ambiguous == "nudge":
        return not any(blocks(h) for h in hexes_crossed(a, b))
    clear = [not any(blocks(h) for h in ln[1:-1]) for ln in lines(a, b)]
    return any(clear) if ambiguous == "clear-if-either" else all(clear)
