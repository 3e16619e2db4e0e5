"""A person flying their squadron's seat of a campaign mission at the terminal
(``aerodrome campaign scenario --seat 1=human``, ``campaign challenge --seat human``).

The mission is asked through ``aerodrome play``'s prompt (choices by words and squares, ``?``,
``odds``, ``board``, ``log``) and shown as ``play`` shows a game: every thing the person may
see happen is one line, printed once, as it happens (the last action's too), and the end of
the mission is the board and the result in words. A campaign mission is one whole: there is
no save to resume and no ``undo`` (it would change what the journal replays), and ``quit``
abandons it with nothing recorded.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.text import Text

import aerodrome.ui.cli.screen as screen
from aerodrome.api import Action, ChoiceLabel
from aerodrome.engine.describe import seat_label
from aerodrome.engine.game import Game
from aerodrome.ui.choices import group, match
from aerodrome.ui.cli.output import literal, one_line
from aerodrome.ui.cli.prompt import HELP_TEXT, QUIT, ask
from aerodrome_dockfighters.campaign.campaign import Abandoned
from aerodrome_dockfighters.campaign.sheet import CampaignError
from aerodrome_dockfighters.specs import EXPERIENCE
from aerodrome_dockfighters.text import label

#: play's help, with what ``undo`` and ``quit`` do in a campaign mission.
HELP = (
    *(line for line in HELP_TEXT if not line.lstrip().startswith(("undo", "quit"))),
    "  undo              not in a campaign mission: the journal keeps the mission as flown",
    "  quit              abandon the mission: nothing is recorded in either squadron file",
)
NO_UNDO = (
    "undo is not possible in a campaign mission (the journal keeps it as flown); choose, or quit."
)


class Person:
    """The seat of a person: asks their decisions, prints what they may see happen (each line
    once), and the end of the mission (:meth:`ended`)."""

    def __init__(self, read: Callable[[str], str] = input) -> None:
        self.read = read
        self.shown = 0  # events of the log already printed (or not for this person)
        self.player: int | None = None

    def flush(self, game: Game[Any, Any, Any], player: int) -> None:
        """Print what happened since the last call that ``player`` may see."""
        fresh = [e for e in game.log[self.shown :] if e.visible_to(player)]
        self.shown = len(game.log)
        screen.events(game, fresh, player)

    def __call__(
        self, game: Game[Any, Any, Any], player: int, legal: list[Action]
    ) -> Action | None:
        """``player``'s decision (one of ``legal``); None when they quit."""
        if self.player is None:
            self.roster(game, player)
        self.player = player
        self.flush(game, player)
        table = _Table(game)
        table.show_board(player)
        answer = ask(game, player, table, self._read, help_text=HELP)
        if answer.command == "quit":
            return None
        chosen: Action = answer.action
        if chosen not in legal:  # play's prompt offers the game's own legal list
            raise CampaignError(f"{chosen!r} is not among the choices offered")
        return chosen

    def _read(self, prompt: str) -> str:
        """What the person types; ``undo`` is refused here and the question stands."""
        while True:
            typed = self.read(prompt)
            if typed.strip().lower() != "undo":
                return typed
            screen.warn(NO_UNDO)

    @staticmethod
    def roster(game: Game[Any, Any, Any], player: int) -> None:
        """Who flies which aircraft (its id on the map): the map and the aircraft table name
        the aircraft, the squadron files the pilots."""
        view = game.observation(player)
        for seat in sorted({a.player for a in view.aircraft}):
            flown = "; ".join(
                f"{label(view, a.id)} by {a.pilot} ({EXPERIENCE[a.experience]})"
                for a in view.aircraft
                if a.player == seat
            )
            screen.note(f"{seat_label(game.setup, seat)} flies {flown}.")

    @staticmethod
    def tell(lines: Sequence[str]) -> None:
        """Lines the person reads before the mission (each squadron's fame of the set-up)."""
        for line in lines:
            screen.note(line)

    def ended(self, game: Game[Any, Any, Any]) -> None:
        """The rest of what happened, the board at the end and the result in words."""
        player = 0 if self.player is None else self.player
        self.flush(game, player)
        screen.result(game, [player])


class _Table:
    """What play's prompt needs from a campaign mission: the board, the log; no undo."""

    def __init__(self, game: Game[Any, Any, Any]) -> None:
        self.game = game

    def show_board(self, player: int) -> None:
        screen.seat_board(self.game, player)

    def show_log(self, player: int, lines: int) -> None:
        screen.log_tail(self.game, player, lines)

    def can_undo(self, player: int) -> bool:
        return False


# -- the squadron leader's questions before and after the mission ---------------------------------
def choose(read: Callable[[str], str], who: str, question: str, texts: Sequence[str]) -> int:
    """Ask ``who`` (a squadron) ``question`` among ``texts``, laid out as play lays out
    choices; the index chosen, by its number or its words. ``quit`` (or the end of the input)
    abandons the scenario: nothing is recorded."""
    many = "1 choice" if len(texts) == 1 else f"{len(texts)} choices"
    header = Text(f"{screen.DECISION_MARK} ", style=screen.HEADING)
    header.append(literal(f"{who}: {one_line(question)} ({many})"))
    screen.say_line(header)
    screen.choice_lines(
        group([(i + 1, ChoiceLabel(text=one_line(t))) for i, t in enumerate(texts)], merge=False)
    )
    screen.note("Type a number or words; quit abandons the scenario (nothing is recorded).")
    among: list[int] | None = None
    while True:
        try:
            typed = read(f"{who} › ").strip()
        except EOFError:
            typed = "quit"
        if typed.lower() in QUIT:
            raise Abandoned("the scenario was left before its end; nothing is recorded")
        if typed.lower() == "undo":
            screen.warn(NO_UNDO)
            continue
        if typed.isdigit():
            if 1 <= int(typed) <= len(texts):
                return int(typed) - 1
            screen.warn(f"'{typed}' is not a choice: the numbers go from 1 to {len(texts)}.")
            continue
        found = match(typed, texts, among).found if among else ()
        found = found or match(typed, texts).found
        if len(found) == 1:
            return found[0]
        if not found:
            screen.warn(
                f"'{typed}' is not a choice: none says all of it (quit abandons the scenario)."
            )
            continue
        among = list(found)
        screen.note(f"{len(found)} choices match '{typed}': a number or more words chooses one.")
        screen.choice_lines(
            group([(i + 1, ChoiceLabel(text=one_line(texts[i]))) for i in found], merge=False)
        )
