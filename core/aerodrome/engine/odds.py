"""Exact probability distributions through icepool (never sampled).

Small helpers that turn icepool dice into plain ``{outcome: probability}`` mappings, which
the CLI prints and plugins use for bots that weigh their options by exact odds.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any


def d(sides: int) -> Any:
    """An icepool die with ``sides`` faces (icepool is imported on first use: start-up stays
    fast for commands that compute no odds)."""
    import icepool

    return icepool.d(sides)


def highest_of(count: int, sides: int) -> Any:
    """The highest face of ``count`` dice of ``sides`` faces."""
    return d(sides).highest(count, 1) if count > 1 else d(sides)


def as_fractions(die: Any) -> dict[int, Fraction]:
    """``{outcome: exact probability}`` for an icepool die with integer outcomes."""
    total = die.denominator()
    return {int(o): Fraction(int(q), int(total)) for o, q in die.items()}


def split_sign(dist: Mapping[int, Fraction]) -> dict[str, Fraction]:
    """Probability that an opposed margin is positive (win), zero (draw) or negative (loss)."""
    win = sum((p for m, p in dist.items() if m > 0), Fraction(0))
    draw = sum((p for m, p in dist.items() if m == 0), Fraction(0))
    loss = sum((p for m, p in dist.items() if m < 0), Fraction(0))
    return {"win": win, "draw": draw, "loss": loss}


def percent(p: Fraction | float) -> str:
    """An exact chance as people read it: ``41.7%``; never rounded to a certainty it is not
    (``<0.1%``, ``>99.9%``), ``0%`` and ``100%`` only when exact."""
    value = float(p)
    if value <= 0:
        return "0%"
    if value >= 1:
        return "100%"
    if value < 0.0005:
        return "<0.1%"
    if value > 0.9995:
        return ">99.9%"
    return f"{value * 100:.1f}%"
