"""What one seat's page receives: built from that seat's observation and the events it may see,
nothing else.

:func:`seat_view` is the whole JSON a seat is sent: the board (the ruleset's SVG of the
seat's observation), the sentences of the events the seat may see (worded from its view,
:func:`aerodrome.engine.describe.event_text`), who is asked, and — when the seat is asked — the
question (``Presentation.prompt``), its legal actions as labels (path, text, place) with
their exact odds where the ruleset has :class:`~aerodrome.engine.capabilities.Odds`. The referee's
state, another seat's observation, its log or its legal actions never enter it: a test
plays games with secrets and checks the JSON of each seat against the other's.
"""

from __future__ import annotations

from typing import Any

from aerodrome.engine.capabilities import Odds, capability
from aerodrome.engine.describe import event_text, label, prompt, seat_label, svg
from aerodrome.runs.viewer.record import outcome
from aerodrome.ui.web.tables import Table

#: The last sentences a page is sent (the whole log is the replay viewer's).
LOG_LINES = 200


def _where(table: Table) -> str:
    game = table.game
    turn = f"Round {game.round}" if game.round > 0 else "Set-up"
    return f"{game.ruleset.title} · {game.setup.title} · {turn}"


def log_lines(table: Table, player: int) -> list[str]:
    """The sentences of every event ``player`` may see, worded from their view now."""
    game = table.game
    view = game.observation(player)
    out: list[str] = []
    for event in game.log:
        if event.visible_to(player):
            text = event_text(game.ruleset, game.setup, event, view)
            if text:
                out.append(" ".join(text.split()))
    return out


def choices(table: Table, player: int) -> list[dict[str, Any]]:
    """``player``'s legal actions now, numbered as :meth:`Table.act` counts them."""
    game = table.game
    view = game.observation(player)
    odds = capability(game.ruleset, Odds)
    out: list[dict[str, Any]] = []
    for i, action in enumerate(game.legal_actions(player)):
        said = label(game.ruleset, action, view)
        item: dict[str, Any] = {"n": i, "text": said.text, "path": list(said.path)}
        if said.place is not None:
            item["place"] = said.place
        chance = odds.action_odds(action, view) if odds is not None else None
        if chance:
            item["odds"] = chance
        out.append(item)
    return out


def seat_view(table: Table, player: int) -> dict[str, Any]:
    """The JSON of ``player``'s page (see the module docstring)."""
    with table.lock:
        game = table.game
        view = game.observation(player)
        waiting = table.waiting()
        asked = player in waiting
        decision = game.decision()
        data: dict[str, Any] = {
            "version": table.version,
            "seat": seat_label(game.setup, player),
            "player": player,
            "where": _where(table),
            "seats": [
                {
                    "label": seat_label(game.setup, p),
                    "who": "you" if p == player else table.kinds[p],
                    "asked": p in waiting,
                }
                for p in range(len(game.setup.seats))
            ],
            "board": svg(game.ruleset, view),
            "log": log_lines(table, player)[-LOG_LINES:],
            "over": outcome(game.result()) if game.is_over() else None,
            "asked": asked,
            "prompt": prompt(game.ruleset, decision, view)
            if asked and decision is not None
            else None,
            "choices": choices(table, player) if asked else [],
            "undo": table.can_undo(player) and not game.is_over(),
        }
        return data
