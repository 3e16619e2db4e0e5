"""One decision of a person at the terminal: the choices laid out, then what they type.

A number chooses by the list's numbering; words and coordinates choose the one action whose
sentence holds them all (``15,2 N``, ``adler``), or narrow the list when several do (the next
words are then matched among those first). Enter shows the next part of a long list. Commands:
``?``/``help``, ``list``, ``odds [words]``, ``board``, ``log [N]``, ``undo``, ``quit``.
Anything else gets one line saying why it is not a choice, and the question again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import aerodrome.ui.cli.screen as screen
from aerodrome.engine.capabilities import ChoiceLabel, Odds, capability
from aerodrome.engine.describe import label, seat_label
from aerodrome.engine.game import Game
from aerodrome.engine.terminal import escape
from aerodrome.ui.choices import Line, example, group, match, spoken
from aerodrome.ui.cli.output import one_line

#: Rows of choices shown at once (a play screen fits 50 rows; on a smaller terminal
#: :func:`screen.page_rows` shows fewer); Enter shows the next ones.
PAGE = screen.BIG_PAGE
QUIT = frozenset({"q", "quit", "exit"})
HELP = frozenset({"?", "h", "help"})
MORE = frozenset({"", "more", "+"})
LIST = frozenset({"list", "all", "ls"})

HELP_TEXT = (
    "How to choose:",
    "  NUMBER            the choice with that number",
    "  WORDS             the choice whose sentence holds all of them: a square as column,row",
    "                    (12,7 or 12 7), a facing (N, E, S, W or north...), a name or a word;",
    "                    several matches narrow the list, the next words choose among them",
    "  Enter or more     the next part of a long list;  list  the whole list again",
    "  odds [WORDS]      the exact chances of the choices that roll dice (or of those matching)",
    "  board             the board again;  log [N]  the last N lines of what happened",
    "  undo              back to your previous decision (in a game against bots only)",
    "  quit              stop; with --save the game is kept: aerodrome play --resume FILE",
)


class Table(Protocol):
    """What a decision needs from the game being played."""

    def show_board(self, player: int) -> None: ...

    def show_log(self, player: int, lines: int) -> None: ...

    def can_undo(self, player: int) -> bool: ...


@dataclass(frozen=True)
class Answer:
    """A person's answer: an ``action``, or a ``command`` for the game (``undo``, ``quit``)."""

    action: Any = None
    command: str = ""


class Decision:
    """The choices of ``player`` now, and the state of their list (the words narrowing it, the
    part shown)."""

    def __init__(
        self,
        game: Game[Any, Any, Any],
        player: int,
        table: Table,
        help_text: Sequence[str] = HELP_TEXT,
    ) -> None:
        self.game = game
        self.help_text = help_text
        self.player = player
        self.table = table
        self.legal = list(game.legal_actions(player))
        self.view = game.observation(player)
        ruleset = game.ruleset
        self.labels = [_one_line(label(ruleset, a, self.view)) for a in self.legal]
        self.texts = [spoken(lab) for lab in self.labels]
        self.among: list[int] = list(range(len(self.legal)))
        self.lines: list[Line] = []
        self.shown = 0

    # -- the list --------------------------------------------------------------------------
    def _lay_out(self, among: Sequence[int]) -> None:
        self.among = list(among)
        self.lines = group([(i + 1, self.labels[i]) for i in self.among])
        self.shown = 0

    def _page(self) -> None:
        """The next part of the list, and how much is left."""
        end, used = self.shown, 0
        while end < len(self.lines):
            need = screen.rows(_plain(self.lines[end]))
            if used and used + need > screen.page_rows():
                break
            end, used = end + 1, used + need
        # a header is never the last line of a part
        if end < len(self.lines) and not self.lines[end - 1].items:
            end -= 1
        end = _whole_if_one_left(self.lines, end)
        screen.choice_lines(self.lines[self.shown : end])
        self.shown = end
        left = sum(len(line.items) for line in self.lines[end:])
        if left:
            screen.note(
                f"  … {left} more: press Enter to see them, or type words to narrow the list"
            )

    def _hint(self) -> None:
        words = example(self.texts, self.among[0]) if self.among else None
        such = f" (such as {words})" if words and not words.isdigit() else ""
        more = "Enter for more, " if self.shown < len(self.lines) else ""
        undo = "undo, " if self.table.can_undo(self.player) else ""
        screen.note(f"Type a number or words{such}; {more}odds, {undo}? for help, quit.")

    def show(self, among: Sequence[int] | None = None) -> None:
        self._lay_out(range(len(self.legal)) if among is None else among)
        screen.decision(self.game, self.player, len(self.legal))
        self._page()
        self._hint()

    # -- what was typed ----------------------------------------------------------------------
    def _number(self, typed: str) -> Answer | None:
        n = int(typed)
        if 1 <= n <= len(self.legal):
            return Answer(self.legal[n - 1])
        screen.warn(f"'{typed}' is not a choice: the numbers go from 1 to {len(self.legal)}.")
        return None

    def _words(self, typed: str) -> Answer | None:
        narrowed = len(self.among) < len(self.legal)
        found = match(typed, self.texts, self.among).found if narrowed else ()
        if not found:
            result = match(typed, self.texts)
            found = result.found
            if not found:
                if result.unknown:
                    missing = ", ".join(result.unknown)
                    screen.warn(
                        f"'{typed}' is not a choice: no choice says {missing} (? for help)."
                    )
                else:
                    screen.warn(f"'{typed}' is not a choice: none says all of it (? for help).")
                return None
        if len(found) == 1:
            return Answer(self.legal[found[0]])
        screen.note(f"{len(found)} choices match '{typed}': a number or more words chooses one.")
        self._lay_out(found)
        self._page()
        return None

    def _odds(self, words: str) -> None:
        among = self.among
        if words:
            among = list(match(words, self.texts).found)
            if not among:
                screen.warn(f"odds {words}: no choice matches '{words}'.")
                return
        odds = capability(self.game.ruleset, Odds)
        extra = {}
        for i in among:
            text = odds.action_odds(self.legal[i], self.view) if odds is not None else None
            if text:
                extra[i + 1] = one_line(text)
        if not extra:
            screen.warn("No odds to show: none of these choices rolls dice the odds cover.")
            return
        shown = [i for i in among if i + 1 in extra]
        screen.note("Exact chances (computed, not sampled):", screen.HEADING)
        lines = group([(i + 1, self.labels[i]) for i in shown], merge=False)
        used, end = 0, 0
        while end < len(lines):  # a page of them: the screen keeps its 50 rows
            texts = lines[end].texts()
            need = screen.rows(
                f"{_plain(lines[end])} — {' '.join(extra.get(n, '') for n, _ in texts)}"
            )
            if used and used + need > min(screen.ODDS_ROWS, screen.screen_rows() - 4):
                break
            end, used = end + 1, used + need
        end = _whole_if_one_left(lines, end)
        screen.choice_lines(lines[:end], extra)
        left = sum(len(line.items) for line in lines[end:])
        if left:
            screen.note(f"  … and {left} more: odds WORDS shows those matching WORDS")

    def _help(self) -> None:
        """The help, then the question and the choices again (not the board: the help stays
        on the screen; ``board`` shows it)."""
        for line in self.help_text:
            screen.note(line)
        self.show(self.among)

    def answer(self, typed: str) -> Answer | None:
        """What ``typed`` means: an answer, or ``None`` (the question stands)."""
        text = typed.strip()
        word, _, rest = text.partition(" ")
        low = word.lower()
        if text.lower() in QUIT:
            return Answer(command="quit")
        if text.lower() == "undo":
            return Answer(command="undo")
        if text.lower() in HELP:
            self._help()
        elif text.lower() in MORE:
            if self.shown < len(self.lines):
                self._page()
            else:
                screen.note("That is the whole list: type a number or words (? for help).")
        elif text.lower() in LIST:
            self._lay_out(range(len(self.legal)))
            self._page()
        elif low == "odds":
            self._odds(rest.strip())
        elif text.lower() == "board":
            self.table.show_board(self.player)
        elif low == "log" and (not rest.strip() or rest.strip().isdigit()):
            self.table.show_log(self.player, int(rest) if rest.strip() else 30)
        elif text.isdigit():
            return self._number(text)
        else:
            return self._words(text)
        return None


def _whole_if_one_left(lines: Sequence[Line], end: int) -> int:
    """Where a part of ``lines`` ends: at ``end``, unless that would hide a single choice,
    which is shown instead (a "1 more" line takes the row the choice would)."""
    return len(lines) if sum(len(line.items) for line in lines[end:]) == 1 else end


def _plain(line: Line) -> str:
    """A laid-out line as printed (for counting its rows)."""
    indent = screen.INDENT[min(line.indent, 1)] + screen.DEPTH * max(0, line.indent - 1)
    if not line.items:
        return f"{screen.INDENT[0]}{screen.DEPTH * line.indent}{line.header} …"
    said = " · ".join(f"{n} {t}" for n, t in line.items)
    return f"{indent}    {line.header} {said}"


def _one_line(found: ChoiceLabel) -> ChoiceLabel:
    """A label whose every part is one line of plain text."""
    return ChoiceLabel(
        text=one_line(found.text), path=tuple(one_line(p) for p in found.path), place=found.place
    )


def ask(
    game: Game[Any, Any, Any],
    player: int,
    table: Table,
    read: Callable[[str], str],
    *,
    help_text: Sequence[str] = HELP_TEXT,
) -> Answer:
    """Show ``player``'s choices and read until they answer (end of input: ``quit``);
    ``help_text`` is what ``?`` prints before the board and the choices again."""
    decision = Decision(game, player, table, help_text)
    decision.show()
    prompt = escape(f"{seat_label(game.setup, player)} › ")  # input() prints it raw
    while True:
        try:
            typed = read(prompt)
        except EOFError:
            return Answer(command="quit")
        answered = decision.answer(typed)
        if answered is not None:
            return answered
