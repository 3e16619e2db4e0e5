"""What a scout sees: a frozen value, with the other scout's height hidden."""

from __future__ import annotations

import msgspec


class CloudsView(msgspec.Struct, frozen=True, kw_only=True):
    """Both structures, whose turn it is, the heights this viewer may see (its own; the
    referee's view, both: ``None`` for a height it may not see), what the last dive revealed,
    and the rounds left."""

    structure: tuple[int, ...]
    asking: int
    height: tuple[int | None, ...]
    revealed: tuple[int, int] | None
    rounds: int
