"""What ``aerodrome play`` prints: the board, what happened, the choices, the result.

The screen is plain lines a person (and a test) can read:

- a rule (``──── Round 3 ────``) opens every picture of the board, and the line after the
  picture starts with ``▶``: the decision owed, or the result;
- every thing that happens is one line starting with ``·``, a plain sentence (never a
  record, an index or ``player 0``), as :func:`aerodrome.engine.describe.event_text` words it;
- the choices are numbered lines, grouped (:func:`aerodrome.ui.choices.group`).

Colours are few and readable on dark and light terminals (bold, and cyan for the numbers one
types); ``NO_COLOR`` turns them off (rich reads it). Names from specs and plugins are printed
literally, never as markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.text import Text

from aerodrome.engine.describe import event_text, label, picture, prompt, seat_label
from aerodrome.engine.events import Event
from aerodrome.engine.game import Game
from aerodrome.engine.ruleset import Result, Setup
from aerodrome.ui.choices import Line, spoken
from aerodrome.ui.cli.output import console, literal, one_line, show

NUMBER = "bold cyan"
HEADING = "bold"
WARNING = "bold red"
#: The mark of a line telling what happened, and of the line after a picture of the board.
EVENT_MARK = "·"
DECISION_MARK = "▶"
#: Between the choices of a line that differ in their last word only.
ALTERNATIVE = "·"
#: Before the number of a choice: on its own, and under a header; then more for each deeper
#: group (a heading of depth ``n`` is indented ``n`` times :data:`DEPTH`).
INDENT = ("  ", "     ")
DEPTH = "   "


def say_line(text: Text) -> None:
    """One line, never wrapped by rich (the terminal wraps it): a test reads it whole."""
    console.print(text, soft_wrap=True, highlight=False)


def note(text: str, style: str = "") -> None:
    say_line(literal(one_line(text), style))


def warn(text: str) -> None:
    note(text, WARNING)


def clear() -> None:
    """Clear a terminal's screen (a hot seat hands it over); nothing on a pipe."""
    if console.is_terminal:
        console.clear()


def event_lines(
    game: Game[Any, Any, Any], events: Sequence[Event], viewer: int | None
) -> list[str]:
    """The sentences of ``events`` as ``viewer`` reads them (events not worth a line left out)."""
    if not events:
        return []
    view = game.observation(viewer)
    out: list[str] = []
    for event in events:
        text = event_text(game.ruleset, game.setup, event, view)
        if text:
            out.append(one_line(text))
    return out


def events(game: Game[Any, Any, Any], happened: Sequence[Event], viewer: int | None) -> None:
    for text in event_lines(game, happened, viewer):
        say_line(literal(f"{EVENT_MARK} {text}"))


def where(game: Game[Any, Any, Any]) -> str:
    return f"Round {game.round}" if game.round > 0 else "Set-up"


def board(
    game: Game[Any, Any, Any], viewer: int | None, title: str, *, compact: bool = False
) -> None:
    """A rule titled ``title``, then the ruleset's picture of what ``viewer`` sees (the
    compact one of a play screen, or the whole one)."""
    console.rule(literal(title), style=HEADING)
    show(picture(game.ruleset, game.observation(viewer), compact=compact))


def seat_board(game: Game[Any, Any, Any], player: int, *, compact: bool = False) -> None:
    """The board as ``player`` sees it, under a rule naming the round and the seat."""
    board(game, player, f"{where(game)} · {seat_label(game.setup, player)}", compact=compact)


# -- a play screen: at most SCREEN_ROWS rows -------------------------------------------------
#: The rows of one play screen at 100 columns: the last events, the rule, the compact
#: picture, the question, a page of choices, the hint and the prompt.
SCREEN_ROWS = 50
#: Rows kept for the question, a page of choices, the "more" line, the hint and the prompt.
DECISION_ROWS = 14
#: Rows of chances ``odds`` shows at once.
ODDS_ROWS = 24
#: The last events get at least this many rows, however tall the picture.
EVENT_ROWS = 4


def rows(text: str) -> int:
    """The rows ``text`` takes on the console (long lines wrap)."""
    width = max(20, console.width)
    return sum(max(1, -(-cell_len(line) // width)) for line in text.split("\n"))


def picture_rows(game: Game[Any, Any, Any], player: int | None) -> int:
    """The rows the compact picture of ``player``'s view takes on the console."""
    drawn = picture(game.ruleset, game.observation(player), compact=True)
    return len(console.render_lines(drawn, console.options, pad=False))


def event_tail(texts: Sequence[str], budget: int) -> None:
    """The last of ``texts`` that fit in ``budget`` rows (one line first says how many
    earlier ones ``log`` shows)."""
    kept: list[str] = []
    used = 0
    for text in reversed(texts):
        need = rows(f"{EVENT_MARK} {text}")
        if used + need > budget - (1 if len(kept) + 1 < len(texts) else 0):
            break
        kept.append(text)
        used += need
    left = len(texts) - len(kept)
    if left:
        lines = "1 earlier line" if left == 1 else f"{left} earlier lines"
        note(f"{EVENT_MARK} … {lines}: log shows them")
    for text in reversed(kept):
        say_line(literal(f"{EVENT_MARK} {text}"))


def log_tail(game: Game[Any, Any, Any], player: int, lines: int) -> None:
    """The last ``lines`` sentences of what ``player`` may have seen happen."""
    seen = [e for e in game.log if e.visible_to(player)]
    texts = event_lines(game, seen, player)[-lines:]
    note(f"The last {len(texts)} lines of what happened:", HEADING)
    for text in texts:
        note(f"{EVENT_MARK} {text}")


def decision(game: Game[Any, Any, Any], player: int, choices: int) -> None:
    decided = game.decision()
    asked = prompt(game.ruleset, decided, game.observation(player)) if decided is not None else ""
    many = "1 choice" if choices == 1 else f"{choices} choices"
    header = Text(f"{DECISION_MARK} ", style=HEADING)
    header.append(literal(seat_label(game.setup, player), HEADING))
    header.append(literal(f": {one_line(asked)} ({many})"))
    say_line(header)


def forced_line(game: Game[Any, Any, Any], player: int, action: Any) -> str:
    """The line telling that ``player``'s only choice was played for them."""
    view = game.observation(player)
    decided = game.decision()
    asked = prompt(game.ruleset, decided, view) if decided is not None else ""
    said = spoken(label(game.ruleset, action, view))
    question = f" ({one_line(asked).rstrip('.')})" if asked else ""
    return one_line(f"{seat_label(game.setup, player)}{question}: the only choice, played: {said}.")


def choice_lines(lines: Sequence[Line], extra: dict[int, str] | None = None) -> None:
    """The laid-out choices, a number first on every line (in colour): a group's heading
    (``  RED-1 …``), the choices under it, more indented (``       1 to 15,2 facing N · 2
    facing S``), a choice on its own (``    9 End the turn``).
    ``extra`` adds text after a choice (its odds)."""
    for line in lines:
        if not line.items:
            say_line(literal(f"{INDENT[0]}{DEPTH * line.indent}{line.header} …"))
            continue
        text = Text(INDENT[min(line.indent, 1)] + DEPTH * max(0, line.indent - 1))
        for k, (number, rest) in enumerate(line.items):
            if k == 0:
                text.append(f"{number:>3}", NUMBER)
                text.append(literal(f" {line.header} {rest}" if line.header else f" {rest}"))
            else:
                text.append(f" {ALTERNATIVE} ")
                text.append(str(number), NUMBER)
                text.append(literal(f" {rest}"))
            if extra and number in extra:
                text.append(literal(f" — {extra[number]}"))
        say_line(text)


def sides_text(setup: Setup, sides: Sequence[str]) -> str:
    """Sides as people read them: the seat that plays one ("Seat 1 (Red ace)"), or the side
    with its seats ("German (Seats 1 and 2)")."""
    parts = []
    for side in sides:
        seats = [p for p, s in enumerate(setup.seats) if s.side == side]
        if len(seats) == 1:
            parts.append(seat_label(setup, seats[0]))
        elif seats:
            numbers = " and ".join(", ".join(str(p + 1) for p in seats).rsplit(", ", 1))
            parts.append(f"{side} (Seats {numbers})")
        else:
            parts.append(side)
    return " and ".join(parts)


def result_text(setup: Setup, result: Result, humans: Sequence[int]) -> list[str]:
    """The result in words, and what it means for the person playing (if one is)."""
    rounds = "1 round" if result.rounds == 1 else f"{result.rounds} rounds"
    if not result.finished:
        lines = [f"Unfinished after {rounds}: {result.reason}."]
    elif result.winners:
        verb = "wins" if len(result.winners) == 1 else "win"
        lines = [f"{sides_text(setup, result.winners)} {verb} after {rounds}: {result.reason}."]
    else:
        lines = [f"A draw after {rounds}: {result.reason}."]
    if len(humans) == 1 and result.finished:
        side = setup.seats[humans[0]].side
        you = (
            "You win."
            if side in result.winners
            else "A draw."
            if not result.winners
            else "You lose."
        )
        lines.append(you)
    return lines


def result(game: Game[Any, Any, Any], humans: Sequence[int], *, compact: bool = False) -> None:
    viewer = humans[0] if len(humans) == 1 else None
    board(game, viewer, "The end", compact=compact)
    first, *rest = result_text(game.setup, game.result(), humans)
    text = Text(f"{DECISION_MARK} Result: ", style=HEADING)
    text.append(literal(first, HEADING))
    say_line(text)
    for line in rest:
        note(line, HEADING)
