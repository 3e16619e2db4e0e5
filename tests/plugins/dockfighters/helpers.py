"""Helpers for the dockfighters tests: states from position tables, scripted dice."""

from __future__ import annotations

from typing import Any

from aerodrome.ruleset import Setup
from aerodrome_dockfighters.missions import setups
from aerodrome_dockfighters.positions import from_position
from aerodrome_dockfighters.state import DfState

SETUP: Setup = setups()[0]


def plane(datasheet: str, player: int, col: int, row: int, **kw: Any) -> dict[str, Any]:
    return {"datasheet": datasheet, "player": player, "col": col, "row": row, **kw}


def state(*aircraft: dict[str, Any], **kw: Any) -> DfState:
    return from_position(SETUP, {"aircraft": list(aircraft), **kw}, "<test>")
