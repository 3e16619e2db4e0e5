"""Terminal picture of the board (placeholder)."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from aerodrome_dockfighters.state import DfState


def render(state: DfState, player: int | None) -> RenderableType:
    return Text(f"turn {state.turn}")
