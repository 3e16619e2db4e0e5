"""Joust's state and its one action."""

from __future__ import annotations

from typing import Literal

import msgspec

from aerodrome.api import Action

STRUCTURE = 3


class Pass(Action, frozen=True):
    """Pass the other ace high or low [joust.2]."""

    height: Literal["high", "low"]

    def describe(self) -> str:
        return f"pass {self.height}"


PASSES = (Pass(height="high"), Pass(height="low"))


class JoustState(msgspec.Struct, kw_only=True):
    structure: list[int]
    last_pass_flown: bool = False
