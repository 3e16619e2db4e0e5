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

import os
from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.text import Text

from aerodrome.engine.capabilities import Presentation, capability
from aerodrome.engine.describe import event_text, label, picture, prompt, seat_label
from aerodrome.engine.events import Event
from aerodrome.engine.game import Game
from aerodrome.engine.ruleset import Result, Setup
from aerodrome.ui.choices import Line, spoken
from aerodrome.ui.cli.output import SafeConsole, console, literal, one_line, show

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
    game: Game[Any, Any, Any],
    viewer: int | None,
    title: str,
    *,
    compact: bool = False,
    rows: int | None = None,
) -> None:
    """A rule titled ``title``, then the ruleset's picture of what ``viewer`` sees (the
    compact one of a play screen, in at most ``rows`` rows on a small terminal: a window
    around the viewer's pieces, :func:`compact_lines`; or the whole one)."""
    console.rule(literal(title), style=HEADING)
    if compact and small():
        for line in compact_lines(game, viewer, rows):
            say_line(line)
        return
    show(picture(game.ruleset, game.observation(viewer), compact=compact))


def seat_board(
    game: Game[Any, Any, Any], player: int, *, compact: bool = False, rows: int | None = None
) -> None:
    """The board as ``player`` sees it, under a rule naming the round and the seat."""
    title = f"{where(game)} · {seat_label(game.setup, player)}"
    board(game, player, title, compact=compact, rows=rows)


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


def picture_rows(game: Game[Any, Any, Any], player: int | None, rows: int | None = None) -> int:
    """The rows the compact picture of ``player``'s view takes on the console (on a small
    terminal: its window in at most ``rows`` rows)."""
    if small():
        return len(compact_lines(game, player, rows))
    drawn = picture(game.ruleset, game.observation(player), compact=True)
    return len(console.render_lines(drawn, console.options, pad=False))


# -- a small terminal: 80 columns, 24 rows ----------------------------------------------------
#: The fewest rows a play screen fits (an 80x24 terminal). A terminal lower than
#: :data:`SCREEN_ROWS` gets screens of its height: a shorter page of choices
#: (:data:`SMALL_PAGE`), the last event or two, and a window of the compact picture around the
#: person's own pieces, with a line saying what is left out (``board`` shows it all).
SMALL_ROWS = 24
#: Rows of choices a page shows on a small terminal, and on a whole play screen.
SMALL_PAGE = 4
BIG_PAGE = 8
#: A small screen's rows for the question (two), a page of choices, the "more" line, the
#: hint (two), the prompt, and the line of the answer typed at the last prompt.
SMALL_DECISION_ROWS = SMALL_PAGE + 7
#: The last events get at least this many rows on a small screen.
SMALL_EVENT_ROWS = 2
#: The fewest rows a window of the picture takes (its first line, one more, the note).
WINDOW_ROWS = 3
#: Draws a ruleset's picture as lines (names in it are data, never markup).
_pictures = SafeConsole(markup=False, emoji=False)


def terminal_rows() -> int:
    """The terminal's height as ``play`` lays its screens out: ``LINES`` when set, the
    terminal's own, else :data:`SCREEN_ROWS` (a pipe has no height: its reader scrolls)."""
    lines = os.environ.get("LINES", "")
    if lines.isdigit():
        return int(lines)
    return console.height if console.is_terminal else SCREEN_ROWS


def small() -> bool:
    """Whether the terminal is lower than a whole play screen (:data:`SCREEN_ROWS`)."""
    return terminal_rows() < SCREEN_ROWS


def screen_rows() -> int:
    """The rows of one play screen: :data:`SCREEN_ROWS`, or the terminal's height when it
    is lower (at least :data:`SMALL_ROWS`)."""
    return max(SMALL_ROWS, min(SCREEN_ROWS, terminal_rows()))


def decision_rows() -> int:
    """The rows a screen keeps for the question, a page of choices, the hint and the prompt."""
    return SMALL_DECISION_ROWS if small() else DECISION_ROWS


def event_rows() -> int:
    """The rows the last events get at least."""
    return SMALL_EVENT_ROWS if small() else EVENT_ROWS


def page_rows() -> int:
    """The rows of choices one page shows."""
    return SMALL_PAGE if small() else BIG_PAGE


def picture_budget(noted: int = 0) -> int:
    """The rows a small screen leaves for the compact picture, after its rule, the last
    events, the question and its choices, and ``noted`` rows of notes above."""
    return max(WINDOW_ROWS, screen_rows() - 1 - decision_rows() - event_rows() - noted)


def own_marks(game: Game[Any, Any, Any], player: int | None) -> list[str]:
    """What marks ``player``'s own pieces in the ruleset's compact picture, if the ruleset
    says (its presentation's optional ``own_marks(view, player)``): the window of a small
    screen keeps the lines holding them."""
    shown = capability(game.ruleset, Presentation)
    find = getattr(shown, "own_marks", None)
    if player is None or find is None:
        return []
    return [m for m in find(game.observation(player), player) if m]


def window(lines: Sequence[str], rows: int, marks: Sequence[str]) -> tuple[int, int] | None:
    """The lines ``[start, end)`` of a picture of ``lines`` shown in ``rows`` rows besides
    its first line (a ruler, a title) and a note: those holding the most ``marks``, centred
    on them; ``None`` when the whole picture fits."""
    if len(lines) <= rows:
        return None
    keep = max(1, rows - 2)
    hits = [i for i, line in enumerate(lines) if i and any(m in line for m in marks)]
    best, key = 1, (-1, 0.0)
    for start in range(1, len(lines) - keep + 1):
        inside = [h for h in hits if start <= h < start + keep]
        middle = start + (keep - 1) / 2
        off = abs(sum(inside) / len(inside) - middle) if inside else 0.0
        if (len(inside), -off) > key:
            best, key = start, (len(inside), -off)
    return best, best + keep


def compact_lines(
    game: Game[Any, Any, Any], viewer: int | None, rows: int | None = None
) -> list[Text]:
    """The compact picture of what ``viewer`` sees as lines of the console's width, at most
    ``rows`` of them (default :func:`picture_budget`): when it is taller, its first line, the
    window of it holding ``viewer``'s own pieces (:func:`own_marks`, :func:`window`) and a
    line saying which lines are shown and that ``board`` shows them all."""
    budget = picture_budget() if rows is None else max(WINDOW_ROWS, rows)
    drawn = picture(game.ruleset, game.observation(viewer), compact=True)
    options = _pictures.options.update(width=console.width)
    lines: list[Text] = []
    for segments in _pictures.render_lines(drawn, options, pad=False):
        line = Text()
        for segment in segments:
            if segment.control is None:
                line.append(segment.text, segment.style)
        line.rstrip()
        lines.append(line)
    while lines and not lines[-1].plain:
        lines.pop()
    shown = window([line.plain for line in lines], budget, own_marks(game, viewer))
    if shown is None:
        return lines
    start, end = shown
    note = (
        f"  ⋮ lines {start + 1}-{end} of the {len(lines)} of the picture"
        f"{' (your pieces)' if viewer is not None else ''}; board shows it whole"
    )
    return [lines[0], *lines[start:end], Text(note, style="dim")]


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
