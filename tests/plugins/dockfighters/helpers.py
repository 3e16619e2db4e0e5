"""Helpers for the dockfighters tests: states from position tables, scripted dice."""

from __future__ import annotations

from typing import Any

from aerodrome.engine.events import Event
from aerodrome.engine.ruleset import Setup
from aerodrome.engine.testing import scripted_context
from aerodrome_dockfighters.context import BOOK, DfContext
from aerodrome_dockfighters.hooks import Variants
from aerodrome_dockfighters.missions import setups
from aerodrome_dockfighters.positions import from_position
from aerodrome_dockfighters.state import DfState

SETUP: Setup = setups()[0]


def plane(datasheet: str, player: int, col: int, row: int, **kw: Any) -> dict[str, Any]:
    return {"datasheet": datasheet, "player": player, "col": col, "row": row, **kw}


def state(*aircraft: dict[str, Any], **kw: Any) -> DfState:
    return from_position(SETUP, {"aircraft": list(aircraft), **kw}, "<test>")


def scripted(
    faces: Any = (), events: list[Event] | None = None, variants: Variants = BOOK
) -> DfContext:
    """A rules context whose dice show ``faces`` (events go to ``events`` if given)."""
    return DfContext(scripted_context(list(faces), events=events), variants)


def weather_phase(s: DfState, ctx: DfContext) -> None:
    """Phase 3.1 on a state whose skies stay cloudy or clear: the weather changes, then the
    wind and the clouds (clouds returning from clear skies are the leaders' to place)."""
    from aerodrome_dockfighters.weather import weather_change, weather_move

    assert not weather_change(s, ctx), (
        "clouds return: the leaders place them (phases.weather_changes)"
    )
    weather_move(s, ctx)


def place_tokens(game: Any, *, aircraft: bool = True) -> None:
    """Answer the placement decisions (objectives, ground targets, clouds) with the first
    legal choice, and (``aircraft``) the set-up of aircraft too, until the first move."""
    kinds = ("token", "place", "deploy") if aircraft else ("token",)
    while game.decision() is not None and game.decision().kind in kinds:
        player = game.waiting_for()[0]
        game.apply(player, game.legal_actions(player)[0])


def asked_aircraft(game: Any) -> Any:
    """The aircraft the pending decision is about (the one placed, moved or fired: every
    answer names it)."""
    player = game.waiting_for()[0]
    return game.state.aircraft[game.legal_actions(player)[0].aircraft]
