"""Plain sentences for events and seats, the same for the terminal, replays and the browser.

The core describes its own events (the start, rounds, phases, dice, actions, the end); a
ruleset describes its own through its :class:`~aerodrome.engine.capabilities.Presentation`. Players are
named by seat as people count them: "Seat 1 (German)", never "player 0".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from aerodrome.engine.capabilities import ChoiceLabel, Presentation, capability
from aerodrome.engine.data import Action
from aerodrome.engine.events import (
    ActionTaken,
    DecisionCommitted,
    DiceRolled,
    Event,
    GameEnded,
    GameStarted,
    PhaseStarted,
    RoundStarted,
)
from aerodrome.engine.ruleset import Ruleset, Setup

if TYPE_CHECKING:
    from rich.console import RenderableType

    from aerodrome.engine.turns import Decision


def seat_label(setup: Setup, player: int) -> str:
    """ "Seat 2 (American)": a seat as people count them, with the name the set-up gives it."""
    if 0 <= player < len(setup.seats):
        return f"Seat {player + 1} ({setup.seats[player].name})"
    return f"Seat {player + 1}"


def _faces(faces: tuple[int, ...]) -> str:
    return ", ".join(map(str, faces))


def _sides(winners: tuple[str, ...]) -> str:
    return " and ".join(winners)


def dice_sentence(event: DiceRolled, purpose: str | None = None, dice: str | None = None) -> str:
    """ "PURPOSE: 3 dice (d6) show 1, 4, 6." (a ruleset may say the ``purpose`` and the
    ``dice`` its own way, e.g. "13 dice and 4 more for their 6s")."""
    kept = f" (counting {_faces(event.kept)})" if event.kept is not None else ""
    if dice is None:
        dice = "a die" if len(event.faces) == 1 else f"{len(event.faces)} dice"
    show = "shows" if len(event.faces) == 1 else "show"
    said = event.purpose if purpose is None else purpose
    return f"{said}: {dice} (d{event.sides}) {show} {_faces(event.faces)}{kept}."


def core_event_text(setup: Setup, title: str, event: Event) -> str | None:
    """A sentence for one of the core's own events; ``None`` for any other event."""
    if isinstance(event, DiceRolled):
        return dice_sentence(event)
    if isinstance(event, RoundStarted):
        return f"Round {event.round} begins."
    if isinstance(event, PhaseStarted):
        return f"Set-up: {event.phase}." if event.round == 0 else f"Phase: {event.phase}."
    if isinstance(event, GameStarted):
        return f"{title}, set-up {setup.title!r}, seed {event.seed}."
    if isinstance(event, GameEnded):
        outcome = f"won by {_sides(event.winners)}" if event.winners else "no side wins"
        return f"The game ends after {event.rounds} rounds, {outcome}: {event.reason}."
    return None


def _generic(event: Event) -> str:
    """The last resort for an event nobody describes: its kind and values, without markup."""
    fields = msgspec.structs.asdict(event)
    fields.pop("seen_by", None)
    name = type(event).__name__
    shown = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in fields.items())
    return f"{name}: {shown}." if shown else f"{name}."


def label(ruleset: Ruleset[Any, Any, Any], action: Action, view: Any) -> ChoiceLabel:
    """``action`` as a choice for the player of ``view`` (``Presentation.label``; without a
    :class:`~aerodrome.engine.capabilities.Presentation`: the action's ``describe()``)."""
    shown = capability(ruleset, Presentation)
    return shown.label(action, view) if shown is not None else ChoiceLabel(text=action.describe())


def sentence(ruleset: Ruleset[Any, Any, Any], action: Action, view: Any) -> str:
    """``action`` as the log tells it to the reader of ``view`` (``Presentation.sentence``;
    without one: the action's ``describe()``)."""
    shown = capability(ruleset, Presentation)
    return shown.sentence(action, view) if shown is not None else action.describe()


def prompt(ruleset: Ruleset[Any, Any, Any], decision: Decision, view: Any) -> str:
    """The question of ``decision`` for the player of ``view``, worded now
    (``Presentation.prompt``; without one: its kind, "Choose: pass")."""
    shown = capability(ruleset, Presentation)
    if shown is not None:
        return shown.prompt(decision, view)
    return f"Choose: {decision.kind}"


def event_text(
    ruleset: Ruleset[Any, Any, Any], setup: Setup, event: Event, view: Any
) -> str | None:
    """A sentence for ``event`` as the player whose observation is ``view`` reads it: the
    core's own events first, then the ruleset's (``Presentation.event_text``), then a
    generic line for an event nobody describes. ``None``: not worth a line. A roll of dice
    is the ruleset's ``dice_text`` when it says it its own way."""
    if isinstance(event, DiceRolled):
        shown = capability(ruleset, Presentation)
        own = shown.dice_text(event, view) if shown is not None else None
        if own is not None:
            return own
    text = core_event_text(setup, ruleset.title, event)
    if text is not None:
        return text
    if isinstance(event, ActionTaken):
        return f"{seat_label(setup, event.player)}: {sentence(ruleset, event.action, view)}."
    if isinstance(event, DecisionCommitted):
        said = sentence(ruleset, event.action, view)
        return f"{seat_label(setup, event.player)} commits in secret: {said}."
    if type(event).__module__ == "aerodrome.engine.events":
        return None
    shown = capability(ruleset, Presentation)
    text = shown.event_text(event, view) if shown is not None else None
    if text is None:
        return _generic(event)
    return text or None


# -- pictures ----------------------------------------------------------------------------------
def picture(ruleset: Ruleset[Any, Any, Any], view: Any, *, compact: bool = False) -> RenderableType:
    """The ruleset's terminal picture of ``view`` (its ``Presentation.draw``, or
    ``draw_compact`` for a play screen), else the observation pretty-printed."""
    shown = capability(ruleset, Presentation)
    if shown is not None:
        return shown.draw_compact(view) if compact else shown.draw(view)
    from rich.pretty import Pretty

    return Pretty(msgspec.to_builtins(view))


def svg(ruleset: Ruleset[Any, Any, Any], view: Any) -> str | None:
    """The ruleset's SVG picture of ``view`` (``Presentation.draw_svg``); ``None``: the
    ruleset presents nothing (it has no :class:`~aerodrome.engine.capabilities.Presentation`)."""
    shown = capability(ruleset, Presentation)
    return shown.draw_svg(view) if shown is not None else None
