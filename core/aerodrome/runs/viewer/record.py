"""Recording a game for the viewer: the picture and the event log of every view after every
action.

Step 0 is the game as it starts; step ``n`` the game after its ``n``-th action. The views
are the referee's and each seat's. A view's picture at a step is the ruleset's
:meth:`~aerodrome.engine.ruleset.Ruleset.draw_svg` of that viewer's observation, and its log holds
the sentences (:func:`aerodrome.engine.describe.event_text`) of the events that viewer may see
(:meth:`~aerodrome.engine.events.Event.visible_to`), each with the step it happened at. Nothing a
seat's view holds comes from anything but its observation and its events: an opponent's
hidden cards, guns or orders stay out of it exactly as they stay out of its observation.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import msgspec

from aerodrome.engine.describe import event_text, seat_label
from aerodrome.engine.describe import svg as svg_of
from aerodrome.engine.driver import Observer, answer
from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.game import Game
from aerodrome.engine.ruleset import Result, Ruleset, Setup
from aerodrome.plugins import Plugins
from aerodrome.runs.saves import SaveFile, replay
from aerodrome.runs.viewer.pictures import PictureBook

#: The referee: sees everything.
REFEREE = "referee"
#: A view's picture number when the ruleset draws no SVG pictures.
NO_PICTURE = -1


class View(msgspec.Struct, frozen=True, kw_only=True):
    """One viewer's replay: ``pictures[step]`` is a picture number (or :data:`NO_PICTURE`);
    ``log`` is flat ``[step, text number, step, text number, ...]`` in the order events
    happened."""

    label: str
    pictures: list[int]
    log: list[int]


class Recording(msgspec.Struct, frozen=True, kw_only=True):
    """Everything the viewer page shows (see :mod:`aerodrome.runs.viewer.pictures` for
    ``pieces`` and ``runs``); ``rounds[step]`` is the round the game is in at that step."""

    title: str
    ruleset: str
    setup: str
    seed: int
    actions: int
    outcome: str | None
    draws: bool
    rounds: list[int]
    pieces: list[str]
    runs: list[list[int]]
    texts: list[str]
    views: list[View]


def viewer_of(text: str, setup: Setup, option: str = "--viewer") -> int | None:
    """The viewer named on the command line: ``referee`` (``None``) or a seat counted from 1."""
    value = text.strip().lower()
    if value == REFEREE:
        return None
    seats = len(setup.seats)
    if value.isdigit() and 1 <= int(value) <= seats:
        return int(value) - 1
    raise AerodromeError(
        f"{option} {text!r}: expected {REFEREE!r} or a seat from 1 to {seats} of setup "
        f"{setup.name!r}"
    )


def outcome(result: Result) -> str:
    """How a finished game ended, in a few words."""
    won = f"won by {' and '.join(result.winners)}" if result.winners else "no side wins"
    return f"{won}: {result.reason}, {result.rounds} rounds"


class Recorder(Observer):
    """Takes a snapshot of every view after every action: an observer of a driven or
    replayed game (:class:`~aerodrome.engine.driver.Observer`: the start and each action), or call
    :meth:`snap` with the game at its start, then after each action.

    ``viewers``: whose views to record (``None`` the referee, else a seat); default the
    referee's and every seat's. A page for one seat records only that seat's view, so that
    nothing of another view (not even a piece of its pictures) is in it."""

    def __init__(
        self,
        ruleset: Ruleset[Any, Any, Any],
        setup: Setup,
        seed: int,
        title: str | None = None,
        viewers: Sequence[int | None] | None = None,
    ) -> None:
        self.ruleset, self.setup, self.seed = ruleset, setup, seed
        self.title = title if title is not None else ruleset.title
        self.viewers: list[int | None] = (
            [None, *range(len(setup.seats))] if viewers is None else list(viewers)
        )
        self.labels = [
            "Referee (sees everything)" if v is None else seat_label(setup, v) for v in self.viewers
        ]
        self.book = PictureBook()
        self.texts: list[str] = []
        self._text: dict[str, int] = {}
        self.pictures: list[list[int]] = [[] for _ in self.viewers]
        self.logs: list[list[int]] = [[] for _ in self.viewers]
        self.rounds: list[int] = []
        self._seen = 0
        self._last: list[tuple[Any, int] | None] = [None for _ in self.viewers]
        self._draws = False
        self._outcome: str | None = None

    def snap(self, game: Game[Any, Any, Any]) -> None:
        """Record the step the game is at (its start, or just after an action)."""
        step = len(self.rounds)
        self.rounds.append(game.round)
        events = game.log[self._seen :]
        self._seen = len(game.log)
        for i, viewer in enumerate(self.viewers):
            view = game.observation(viewer)
            self.pictures[i].append(self._picture(i, view))
            log = self.logs[i]
            for event in events:
                if event.visible_to(viewer):
                    text = event_text(self.ruleset, self.setup, event, view)
                    if text:
                        log += (step, self._number(text))
        self._outcome = outcome(game.result()) if game.is_over() else None

    def start(self, game: Game[Any, Any, Any]) -> None:
        self.snap(game)

    def action(self, game: Game[Any, Any, Any], player: int, action: Any) -> None:
        self.snap(game)

    def _picture(self, i: int, view: Any) -> int:
        """The picture number of viewer ``i``'s ``view`` (drawn only when it changed)."""
        last = self._last[i]
        if last is not None and last[0] == view:
            return last[1]
        svg = svg_of(self.ruleset, view)
        number = NO_PICTURE if svg is None else self.book.add(svg)
        self._draws = self._draws or svg is not None
        self._last[i] = (view, number)
        return number

    def _number(self, text: str) -> int:
        found = self._text.get(text)
        if found is None:
            found = self._text[text] = len(self.texts)
            self.texts.append(text)
        return found

    def recording(self) -> Recording:
        """What was recorded, ready for the page."""
        if not self.rounds:
            raise AerodromeError("nothing recorded: snap() the game at its start first")
        return Recording(
            title=self.title,
            ruleset=self.ruleset.name,
            setup=self.setup.title,
            seed=self.seed,
            actions=len(self.rounds) - 1,
            outcome=self._outcome,
            draws=self._draws,
            rounds=self.rounds,
            pieces=self.book.pieces,
            runs=self.book.runs,
            texts=self.texts,
            views=[
                View(label=label, pictures=pictures, log=log)
                for label, pictures, log in zip(self.labels, self.pictures, self.logs, strict=True)
            ],
        )


def record_game(
    ruleset: Ruleset[Any, Any, Any],
    setup: Setup,
    seed: int,
    actions: Iterable[tuple[int, Any]],
    *,
    position: dict[str, Any] | None = None,
    title: str | None = None,
) -> Recording:
    """Play ``actions`` (``(player, action)`` pairs, e.g. a game's ``history``) from ``seed``
    again, recording every step; ``title`` heads the page (default: the ruleset's)."""
    game = Game(ruleset, setup, seed, position=position)
    recorder = Recorder(ruleset, setup, seed, title)
    recorder.start(game)
    for player, action in actions:
        answer(game, player, action, recorder)
    return recorder.recording()


def record_save(
    save: SaveFile, plugins: Plugins, source: str = "<save>", *, until: int | None = None
) -> tuple[Game[Any, Any, Any], Recording]:
    """Replay ``save`` (its first ``until`` actions, if given) recording every step; returns
    the replayed game (to verify) and the recording."""
    ruleset = plugins.ruleset(save.ruleset)
    recorder = Recorder(ruleset, ruleset.setup(save.setup).with_bots(save.bots), save.seed)
    game = replay(save, plugins, source, until=until, observers=(recorder,))
    return game, recorder.recording()
