"""The fame ledger: every fame point a squadron earns or spends is a :class:`Line` of a
journal entry ("fame is the currency of Dockfighters"; "Every player takes the amount of
fame generated. One token, one fame point", clause fame.6), so the squadron's fame is the
sum of its journal's lines.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Literal

from msgspec import Meta

from aerodrome.api import Record

#: Why fame changed hands: earned (kill, mission, drawn in: the 5 fame of a squadron drawn
#: into the other's value-5 mission, inferior, bounty) or spent.
Why = Literal[
    "kill",
    "mission",
    "drawn in",
    "inferior",
    "club bounty",
    "initiative bid",
    "mission cost",
    "extra planes",
    "recruit",
    "aircraft",
    "equipment",
    "leader level",
    "return",
]
EARNED: tuple[Why, ...] = ("kill", "mission", "drawn in", "inferior", "club bounty")


class Line(Record, frozen=True):
    """``fame`` points earned (positive) or spent (negative), why, and what for."""

    fame: Annotated[int, Meta(ge=-60, le=60)]
    why: Why
    note: Annotated[str, Meta(max_length=200)] = ""


def total(lines: Iterable[Line]) -> int:
    return sum(x.fame for x in lines)


def earned(lines: Iterable[Line]) -> int:
    return sum(x.fame for x in lines if x.fame > 0)


def spent(lines: Iterable[Line]) -> int:
    return -sum(x.fame for x in lines if x.fame < 0)
