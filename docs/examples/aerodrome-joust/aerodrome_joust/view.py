"""What an ace sees: a frozen value."""

from __future__ import annotations

import msgspec


class JoustView(msgspec.Struct, frozen=True, kw_only=True):
    """Both structures and the passes left."""

    structure: tuple[int, ...]
    rounds: int
