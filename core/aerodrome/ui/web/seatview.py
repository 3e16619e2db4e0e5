"""What one seat's page receives: built from that seat's observation and the events it may see,
nothing else; and what a spectator's page receives: the public events only.

:func:`seat_view` is the whole JSON a seat is sent: the board (the ruleset's SVG of the
seat's observation), the sentences of the events the seat may see (worded from its view,
:func:`aerodrome.engine.describe.event_text`), per turn, the sentences of the events only this
seat saw (its hand, its secret placements and orders: ``mine``), the terminal's picture of
its observation beside the board (its hand, its aircraft: ``glance``), the place of the last
move it saw, who is asked, and — when the seat is asked — the question (``Presentation.prompt``),
its legal actions as labels (path, text, place, the board's places a choice without a
place names in its words: ``marks``, or the one piece it names: ``at``) with their exact odds where the ruleset has
:class:`~aerodrome.engine.capabilities.Odds`. The referee's state, another seat's observation,
its log or its legal actions never enter it: a test plays games with secrets and checks the
JSON of each seat against the other's.

:func:`spectator_view` is a spectator's JSON: the seats, the events seen by every seat
(``seen_by`` unset), and a board only where the ruleset has no hidden information
(:func:`public_board`).
"""

from __future__ import annotations

import html
import io
import re
from collections.abc import Callable
from typing import Any

from rich.console import Console, Group
from rich.table import Table as Grid

from aerodrome.engine.capabilities import Odds, Presentation, capability
from aerodrome.engine.describe import event_text, label, prompt, seat_label, svg
from aerodrome.engine.events import ActionTaken, Event, RoundStarted
from aerodrome.engine.game import Game
from aerodrome.runs.viewer.record import outcome
from aerodrome.ui.web.tables import Table

#: The last sentences a page is sent (the whole log is the replay viewer's).
LOG_LINES = 200
#: The last sentences of the seat's own secrets a page is sent.
MINE_LINES = 40
#: The columns of the terminal's picture the side panel shows (``draw_compact``'s width).
GLANCE_COLUMNS = 100
_PLACE = re.compile(r'data-place="([^"]+)"')
_WORD = re.compile(r"[^\s;()\[\]]+")
#: A piece of the board's picture and its name: its ``<title>``, else its first ``<text>``.
_PIECE = re.compile(
    r'<g data-place="(piece:[^"]+)"[^>]*>\s*(?:<title>([^<]+)</title>|(?:<(?!text)[^>]*>\s*)*'
    r"<text[^>]*>([^<]+)</text>)"
)


def _where(table: Table) -> str:
    game = table.game
    turn = f"Round {game.round}" if game.round > 0 else "Set-up"
    return f"{game.ruleset.title} · {game.setup.title} · {turn}"


def _turns(game: Game[Any, Any, Any], lines: list[tuple[int, str]]) -> list[dict[str, Any]]:
    """``lines`` (round, sentence) as turns in game order: ``{"title", "lines"}``."""
    out: list[dict[str, Any]] = []
    for round_, line in lines:
        title = f"Round {round_}" if round_ > 0 else "Set-up"
        if not out or out[-1]["title"] != title:
            out.append({"title": title, "lines": []})
        out[-1]["lines"].append(line)
    return out


def _sentences(
    game: Game[Any, Any, Any], view: Any, keep: Callable[[Event], bool], last: int
) -> list[tuple[int, str]]:
    """The sentences of the events of the log that ``keep`` keeps, worded from ``view``,
    each with its round; the last ``last`` of them."""
    out: list[tuple[int, str]] = []
    round_ = 0
    for event in game.log:
        if isinstance(event, RoundStarted):
            round_ = event.round
        if keep(event):
            text = event_text(game.ruleset, game.setup, event, view)
            if text:
                out.append((round_, " ".join(text.split())))
    return out[-last:]


def log_lines(table: Table, player: int) -> list[str]:
    """The sentences of every event ``player`` may see, worded from their view now."""
    game = table.game
    view = game.observation(player)
    return [line for _, line in _sentences(game, view, seen_by(player), len(game.log))]


def seen_by(player: int) -> Callable[[Event], bool]:
    """Whether ``player`` may see an event."""
    return lambda event: event.visible_to(player)


def secret_to(player: int) -> Callable[[Event], bool]:
    """Whether an event is one ``player`` saw and some other seat did not."""
    return lambda event: event.seen_by is not None and event.visible_to(player)


def board_places(board: str | None) -> set[str]:
    """The places the board's picture marks (its ``data-place`` attributes)."""
    return set(_PLACE.findall(board or ""))


def marks(text: str, places: set[str]) -> list[str]:
    """The board's places named in the words of ``text``, in order, once each (a choice of
    several squares at once, such as where the AA guns stand)."""
    out: list[str] = []
    for word in _WORD.findall(text):
        word = word.rstrip(",.:")
        if word in places and word not in out:
            out.append(word)
    return out


def piece_names(board: str | None) -> dict[str, str]:
    """The pieces of the board's picture by their names (``"Spitfire Mk I #2"`` ->
    ``"piece:1"``); a name two pieces share is left out."""
    found: dict[str, str] = {}
    shared: set[str] = set()
    for place, title, text in _PIECE.findall(board or ""):
        name = " ".join(html.unescape(title or text).split())
        if name in found and found[name] != place:
            shared.add(name)
        found[name] = place
    return {name: place for name, place in found.items() if name not in shared and name}


def named_piece(text: str, pieces: dict[str, str]) -> str | None:
    """The one piece whose name ``text`` holds (as whole words), else ``None``."""
    hits: set[str] = set()
    for name, place in pieces.items():
        at = text.find(name)
        while at >= 0:
            before = text[at - 1 : at]
            after = text[at + len(name) : at + len(name) + 1]
            if not before.isalnum() and not after.isalnum():
                hits.add(place)
                break
            at = text.find(name, at + 1)
    return hits.pop() if len(hits) == 1 else None


def choices(table: Table, player: int, board: str | None = None) -> list[dict[str, Any]]:
    """``player``'s legal actions now, numbered as :meth:`Table.act` counts them."""
    game = table.game
    view = game.observation(player)
    odds = capability(game.ruleset, Odds)
    places = board_places(board)
    pieces = piece_names(board)
    out: list[dict[str, Any]] = []
    for i, action in enumerate(game.legal_actions(player)):
        said = label(game.ruleset, action, view)
        item: dict[str, Any] = {"n": i, "text": said.text, "path": list(said.path)}
        if said.place is not None:
            item["place"] = said.place
        else:
            named = marks(said.text, places)
            if named:
                item["marks"] = named
            elif not said.path:
                piece = named_piece(said.text, pieces)
                if piece is not None:
                    item["at"] = piece
        chance = odds.action_odds(action, view) if odds is not None else None
        if chance:
            item["odds"] = chance
        out.append(item)
    return out


def last_move(
    game: Game[Any, Any, Any],
    player: int | None,
    view: Any,
    places: dict[tuple[int, Any], str | None] | None = None,
) -> dict[str, Any] | None:
    """The latest action the reader saw that has a place on the board: who, and where (the
    place it had when it was offered, from ``places``, :attr:`Table.places`; else its label
    worded from ``view``, for a game resumed from its file)."""
    for event in reversed(game.log):
        if not isinstance(event, ActionTaken) or not event.visible_to(player):
            continue
        if player is None and event.seen_by is not None:
            continue
        key = (event.player, event.action)
        kept = places is not None and _hashable(event.action) and key in places
        if places is not None and kept:
            place = places[key]
        else:
            try:
                place = label(game.ruleset, event.action, view).place
            except (LookupError, ValueError, AttributeError):
                continue  # a label of an earlier moment that the present view cannot word
        if place is not None:
            return {"place": place, "seat": seat_label(game.setup, event.player)}
    return None


def _hashable(action: Any) -> bool:
    try:
        hash(action)
    except TypeError:
        return False
    return True


def _who(table: Table, player: int | None, seat: int) -> str:
    """Who plays ``seat``, for the reader ``player``: "you", a person's name (or "a
    person"), or the agent's kind."""
    if seat == player:
        return "you"
    if table.tokens[seat] is None:
        return table.kinds[seat]
    return table.name(seat) or "a person"


def glance(game: Game[Any, Any, Any], view: Any) -> str | None:
    """The terminal's play-screen picture of ``view`` as plain text (the ruleset's
    ``draw_compact``), without its board where it puts the board in a first column beside a
    panel: a seat's hand, its aircraft's state, the score at a glance. ``None``: the ruleset
    presents nothing."""
    shown = capability(game.ruleset, Presentation)
    if shown is None:
        return None
    picture = shown.draw_compact(view)
    if isinstance(picture, Grid) and len(picture.columns) >= 2 and picture.row_count == 1:
        picture = Group(*(cell for column in picture.columns[1:] for cell in column.cells))
    console = Console(
        width=GLANCE_COLUMNS, record=True, file=io.StringIO(), color_system=None, emoji=False
    )
    console.print(picture)
    return "\n".join(line.rstrip() for line in console.export_text().splitlines()).strip("\n")


def _seats(table: Table, player: int | None) -> list[dict[str, Any]]:
    waiting = table.waiting()
    return [
        {
            "label": seat_label(table.game.setup, p),
            "who": _who(table, player, p),
            "name": table.name(p),
            "asked": p in waiting,
        }
        for p in range(len(table.game.setup.seats))
    ]


def seat_view(table: Table, player: int) -> dict[str, Any]:
    """The JSON of ``player``'s page (see the module docstring)."""
    with table.lock:
        game = table.game
        view = game.observation(player)
        waiting = table.waiting()
        asked = player in waiting
        decision = game.decision()
        board = svg(game.ruleset, view)
        data: dict[str, Any] = {
            "version": table.version,
            "seat": seat_label(game.setup, player),
            "player": player,
            "where": _where(table),
            "seats": _seats(table, player),
            "board": board,
            "log": _turns(game, _sentences(game, view, seen_by(player), LOG_LINES)),
            "mine": [line for _, line in _sentences(game, view, secret_to(player), MINE_LINES)],
            "glance": glance(game, view),
            "last": last_move(game, player, view, table.places),
            "over": outcome(game.result()) if game.is_over() else None,
            "asked": asked,
            "prompt": prompt(game.ruleset, decision, view)
            if asked and decision is not None
            else None,
            "choices": choices(table, player, board) if asked else [],
            "undo": table.can_undo(player) and not game.is_over(),
        }
        return data


def public_board(game: Game[Any, Any, Any]) -> tuple[str | None, Any]:
    """The picture of the game every seat sees alike, and the observation it is drawn
    from: only where the ruleset declares no hidden information (its ``Capabilities``; every
    seat's observation is then the same, so the first seat's is nobody's secret). Else
    ``(None, None)``: a ruleset with hands, hidden guns or orders draws its board for a seat
    or the referee only, and no outsider's view is guessed at."""
    if game.ruleset.capabilities.hidden_information:
        return None, None
    view = game.observation(0)
    return svg(game.ruleset, view), view


def public_lines(game: Game[Any, Any, Any], last: int) -> list[tuple[int, str]]:
    """The sentences of the events every seat sees, each worded as every seat reads it: a
    ruleset words an event from its reader's view, and a wording that differs from seat to
    seat may hold what one seat alone knows, so such an event is told by its seat alone
    ("Seat 2 (...) acts."), or not at all. Each with its round; the last ``last``."""
    views = [game.observation(p) for p in range(len(game.setup.seats))]
    out: list[tuple[int, str]] = []
    round_ = 0
    for event in game.log:
        if isinstance(event, RoundStarted):
            round_ = event.round
        if event.seen_by is not None:
            continue
        said = {event_text(game.ruleset, game.setup, event, view) for view in views}
        if len(said) == 1:
            text = said.pop()
        elif isinstance(event, ActionTaken):
            text = f"{seat_label(game.setup, event.player)} acts."
        else:
            text = None
        if text:
            out.append((round_, " ".join(text.split())))
    return out[-last:]


def spectator_view(table: Table) -> dict[str, Any]:
    """A spectator's JSON: the seats, the public events (those every seat sees, worded as
    every seat reads them: :func:`public_lines`), the result, and the board where the
    ruleset has no hidden information; never a question, a choice, a hand or an order."""
    with table.lock:
        game = table.game
        board, view = public_board(game)
        return {
            "version": table.version,
            "spectator": True,
            "where": _where(table),
            "seats": _seats(table, None),
            "board": board,
            "log": _turns(game, public_lines(game, LOG_LINES)),
            "mine": [],
            "glance": None,
            "last": last_move(game, None, view, table.places) if view is not None else None,
            "over": outcome(game.result()) if game.is_over() else None,
            "asked": False,
            "prompt": None,
            "choices": [],
            "undo": False,
        }
