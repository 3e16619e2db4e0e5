"""Cloud Cover's state and its two actions."""

from __future__ import annotations

from typing import Literal

import msgspec

from aerodrome.api import Action

STRUCTURE = 3
ROUNDS = 8


class Move(Action, frozen=True):
    """Dive at the other scout, or climb away [clouds.3]."""

    move: Literal["dive", "climb"]

    def describe(self) -> str:
        return self.move


DIVE, CLIMB = Move(move="dive"), Move(move="climb")


class CloudsState(msgspec.Struct, kw_only=True):
    structure: list[int]
    #: Each scout's height this round: the secret, seen by its own pilot only [clouds.2].
    height: list[int]
    #: Who is asked now (the scout on turn, then the other after a climb).
    asking: int = 0
    climbed: int = 0
    #: Both heights as the last dive revealed them (public from then on) [clouds.4].
    revealed: tuple[int, int] | None = None
    last_round_flown: bool = False
