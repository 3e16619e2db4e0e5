"""Dogfight 40,000's set-up options: what ``Setup.options`` holds."""

from __future__ import annotations

from aerodrome.api import Options


class Df40kOptions(Options, frozen=True, kw_only=True):
    """A set-up's battle: each side's force (one flyer type per flyer), each side's
    uncommitted Gargoyles and the number of game turns (checked when a battle starts)."""

    forces: tuple[tuple[str, ...], ...]
    gargoyles: tuple[int, ...] = (0, 0)
    turns: int = 6
