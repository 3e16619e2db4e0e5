"""A game of ``aerodrome play`` from its first decision to its result: persons and agents
take turns, everything a person may see is printed as it happens, the save is kept after
every action (one line appended, :class:`aerodrome.runs.autosave.SaveWriter`; made durable before
a person decides), ``undo`` takes a person's last decision back, Ctrl-C keeps the game.

Who sees what: with one person at the table the events that person may see are kept and
shown on their next screen, the last that fit (a screen is at most 50 rows at 100 columns,
or the terminal's height down to 24 rows at 80 columns, :func:`screen.screen_rows`: those
events, the compact picture or a window of it, the question and a page of choices; ``log``
shows the earlier ones, ``board`` the whole picture); with several (a hot seat) the events all of them may see, and each person's
private ones (their own secret orders) just before their decision; with none (bots only)
everything, printed as it happens. A decision with a single legal answer is played at once,
with a line saying so. In a hot seat of a game with hidden information the screen is handed over
between two persons' decisions: the next one presses Enter when only they are looking (on a
terminal the screen is cleared first).
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import aerodrome.ui.cli.screen as screen
from aerodrome.engine.agents import Agent, PlayerView
from aerodrome.engine.data import Action
from aerodrome.engine.describe import seat_label
from aerodrome.engine.dice import derive_seed
from aerodrome.engine.driver import Observer, answer, drive
from aerodrome.engine.events import Event
from aerodrome.engine.game import Game
from aerodrome.engine.terminal import escape
from aerodrome.runs.autosave import SaveWriter
from aerodrome.runs.saves import Undo, rebuild, restarts, saved_actions
from aerodrome.ui.cli.prompt import QUIT, Answer, ask
from aerodrome.ui.cli.seats import SeatPlan

#: What ``play`` exits with when a person interrupts it (Ctrl-C), as shells count SIGINT.
INTERRUPTED = 130


class _Screen(Observer):
    """The table's screen, watching every action (the agents' and the persons'): what
    everybody may see is printed as it happens; the action is applied (a save may follow)."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def action(self, game: Game[Any, Any, Any], player: int, action: Any) -> None:
        self.session.applying = False
        self.session.flush()


class _Autosave(Observer):
    """The save writer's observer: one line appended after every action (not fsynced: a
    person's turn makes it durable, see :meth:`Session.write`)."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def action(self, game: Game[Any, Any, Any], player: int, action: Any) -> None:
        self.session.write(durable=False)


class _Applying:
    """An agent whose choice, once made, marks the session as applying it."""

    def __init__(self, agent: Agent, session: Session) -> None:
        self.agent = agent
        self.session = session

    def choose(self, view: PlayerView[Any, Any], legal: Sequence[Action]) -> Action:
        chosen = self.agent.choose(view, legal)
        self.session.applying = True
        return chosen


@contextlib.contextmanager
def no_interrupt() -> Iterator[None]:
    """Hold Ctrl-C (SIGINT) back until the block is done, where the platform allows it (a
    save is never left half written, nor its temporary file behind)."""
    mask = getattr(signal, "pthread_sigmask", None)
    if mask is None or threading.current_thread() is not threading.main_thread():
        yield
        return
    old = mask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        mask(signal.SIG_SETMASK, old)


class Session:
    """``game`` played by ``plans`` (one per seat; ``agents``: ``None`` for a person), saved
    to ``save`` (if given) with the undos so far (``undone``)."""

    def __init__(
        self,
        game: Game[Any, Any, Any],
        plans: Sequence[SeatPlan],
        agents: Sequence[Agent | None],
        save: Path | None,
        undone: Sequence[Undo] = (),
        read: Callable[[str], str] = input,
    ) -> None:
        self.game = game
        self.plans = list(plans)
        self.agents = list(agents)
        self.save = save
        self.undone = list(undone)
        self.read = read
        self.humans = [p for p, plan in enumerate(plans) if plan.human]
        self.saver = (
            SaveWriter(save, seats=[plan.spec for plan in self.plans]) if save is not None else None
        )
        self.shown = 0  # events of the log already printed (or not for anybody here)
        self.private = {h: len(game.log) for h in self.humans}  # per person, for a hot seat
        self.applying = False
        self.last_person: int | None = None
        #: Rows printed since the last screen outside it (the notes opening a game).
        self.noted = 0
        #: Sentences of what happened, not printed yet (see :meth:`flush`).
        self.backlog: list[str] = []
        #: The actions (indices in the history) a person did not choose: their only choice.
        self.forced: set[int] = set()
        #: Who watches the game being played: the screen, then the autosave.
        self.watchers: tuple[Observer, ...] = (_Screen(self), _Autosave(self))
        #: The agents as drive's seats (a person's seat external): each marks the session
        #: as applying once it has chosen (Ctrl-C while a bot thinks still saves).
        self.seats = [_Applying(a, self) if a is not None else None for a in self.agents]

    # -- what people see ------------------------------------------------------------------
    @property
    def viewer(self) -> int | None:
        """Whose view words the lines everybody at the table may see: a person's (never the
        referee's, who sees what some persons may not), the referee's with bots only."""
        return self.humans[0] if self.humans else None

    def _public(self, event: Event) -> bool:
        return all(event.visible_to(h) for h in self.humans)

    def flush(self) -> None:
        """What happened since the last call that everybody at the table may see: printed at
        once with bots only; with persons kept until the next screen (:meth:`show_events`),
        which shows the last of them that fit."""
        log = self.game.log
        fresh = [e for e in log[self.shown :] if self._public(e)]
        self.shown = len(log)
        if not self.humans:
            screen.events(self.game, fresh, self.viewer)
            return
        self.backlog.extend(screen.event_lines(self.game, fresh, self.viewer))

    def show_events(self, budget: int) -> None:
        """The events kept since the last screen: the last ones fitting ``budget`` rows."""
        if self.backlog:
            screen.event_tail(self.backlog, budget)
        self.backlog = []

    def _own(self, player: int) -> None:
        """A person's own private events since their last decision (a hot seat only)."""
        log = self.game.log
        if len(self.humans) > 1:
            mine = [
                e
                for e in log[self.private[player] :]
                if e.visible_to(player) and not self._public(e)
            ]
            if mine:
                screen.note(f"Only {seat_label(self.game.setup, player)} sees:", screen.HEADING)
                screen.events(self.game, mine, player)
        self.private[player] = len(log)

    def show_board(self, player: int) -> None:
        """The whole picture (the ``board`` command)."""
        screen.seat_board(self.game, player)

    def show_screen_events(self) -> None:
        """The events kept since the last screen, before the result's compact picture."""
        viewer = self.humans[0] if len(self.humans) == 1 else None
        drawn = screen.picture_rows(self.game, viewer)
        self.show_events(max(screen.event_rows(), screen.screen_rows() - 6 - drawn))

    def show_screen(self, player: int) -> None:
        """The top of a play screen: the last events that fit, then the compact picture
        (the question and the choices follow: at most :data:`screen.SCREEN_ROWS` rows)."""
        rows = screen.picture_budget(self.noted)  # a small terminal: the picture's window
        drawn = screen.picture_rows(self.game, player, rows)
        budget = screen.screen_rows() - 1 - drawn - screen.decision_rows() - self.noted
        self.noted = 0
        self.show_events(max(screen.event_rows(), budget))
        screen.seat_board(self.game, player, compact=True, rows=rows)

    def show_log(self, player: int, lines: int) -> None:
        screen.log_tail(self.game, player, lines)

    def recap(self, lines: int = 8) -> None:
        """Where a resumed game stands: the last few lines of what happened."""
        seen = [e for e in self.game.log if e.visible_to(self.viewer) and self._public(e)]
        for text in screen.event_lines(self.game, seen, self.viewer)[-lines:]:
            screen.note(f"{screen.EVENT_MARK} {text}")
        self.shown = len(self.game.log)
        for h in self.humans:
            self.private[h] = len(self.game.log)

    # -- saving: the one user of the save writer --------------------------------------------
    def write(self, *, durable: bool = True, undo: Undo | None = None) -> None:
        """Bring the save (if any) up to the game: started the first time (the actions so far
        with it, a resumed game's), then one line appended per action played since (or the
        ``undo`` just made); fsynced when ``durable``. Ctrl-C waits until the line is whole."""
        saver = self.saver
        if saver is None:
            return
        with no_interrupt():
            if not saver.opened:
                saver.open(self.game, self.undone)
            elif undo is not None:
                saver.undo(undo, self.game)
            elif saver.written < len(self.game.history):
                if saver.written != len(self.game.history) - 1:  # one call per action
                    raise AssertionError("the save fell behind the game")
                saver.action(self.game)
            if durable:
                saver.sync()

    def close(self) -> None:
        """The save made durable and closed (at the end, or when a person stops)."""
        if self.saver is not None:
            with no_interrupt():
                self.saver.close()

    # -- undo -----------------------------------------------------------------------------
    def can_undo(self, player: int) -> bool:
        """Whether ``player`` may take a decision back now: every other seat is a bot's and
        ``player`` has decided before."""
        alone = all(not plan.human for p, plan in enumerate(self.plans) if p != player)
        return alone and any(
            p == player and i not in self.forced for i, (p, _) in enumerate(self.game.history)
        )

    def undo(self, player: int) -> None:
        """Back to ``player``'s previous decision: their answer and everything after it are
        taken back, kept in the save's ``undone``, and the dice from there on reseeded."""
        game = self.game
        others = [p for p in range(len(self.plans)) if p != player and self.plans[p].human]
        if others:
            screen.warn(
                f"undo is for a game against bots only: {seat_label(game.setup, others[0])} "
                "is played by a person."
            )
            return
        mine = [i for i, (p, _) in enumerate(game.history) if p == player and i not in self.forced]
        if not mine:
            screen.warn("Nothing to undo: this is your first decision.")
            return
        at = mine[-1]
        taken = game.history[at:]
        record = Undo(
            at=at,
            by=player,
            reason=f"{seat_label(game.setup, player)} took back a decision",
            actions=saved_actions(taken),
            reseed=derive_seed(game.seed, "undo", len(self.undone) + 1),
        )
        self.undone.append(record)
        self.game = rebuild(game, game.history[:at], restarts(self.undone))
        self.forced = {i for i in self.forced if i < at}
        self.backlog = []
        self.shown = len(self.game.log)
        self.private = {h: len(self.game.log) for h in self.humans}
        count = "1 action" if len(taken) == 1 else f"{len(taken)} actions"
        screen.note(
            f"↶ Undone: {count} taken back, to your decision of "
            f"{screen.where(self.game).lower()}. The dice from here on are new ones.",
            screen.HEADING,
        )
        self.write(undo=record)

    # -- playing ----------------------------------------------------------------------------
    def turn(self) -> bool:
        """The agents answer (:func:`aerodrome.engine.driver.drive`, the persons' seats external)
        until a person owes an answer, then that person answers; ``False`` when they quit."""
        drive(self.game, self.seats, *self.watchers)
        game = self.game
        if game.is_over():
            return True
        player = game.waiting_for()[0]
        self.write()  # before waiting for a person: durable
        if not self._hand_over(player):
            return False
        self._own(player)
        legal = game.legal_actions(player)
        if len(legal) == 1:  # nothing to choose: played, with a line saying so
            self.forced.add(len(game.history))
            self.backlog.append(screen.forced_line(game, player, legal[0]))
            self.applying = True
            answer(game, player, legal[0], *self.watchers)
            return True
        self.show_screen(player)
        said: Answer = ask(game, player, self, self.read)
        if said.command == "quit":
            return False
        if said.command == "undo":
            self.undo(player)
            return True
        self.applying = True  # until the action is applied: no save (see consistent)
        answer(game, player, said.action, *self.watchers)
        return True

    def _hand_over(self, player: int) -> bool:
        """In a hot seat with hidden information, the next person takes the screen (``False``:
        they quit instead)."""
        before, self.last_person = self.last_person, player
        hidden = self.game.ruleset.capabilities.hidden_information
        if len(self.humans) < 2 or not hidden or before in (None, player):
            return True
        who = seat_label(self.game.setup, player)
        screen.clear()
        try:
            answer = self.read(escape(f"Hand over to {who}: press Enter when only they can see › "))
        except EOFError:
            return False
        return answer.strip().lower() not in QUIT

    def play(self) -> bool:
        """Play until the game is over (``True``) or a person quits (``False``)."""
        while self.turn():
            if self.game.is_over():
                return True
        return False

    def consistent(self) -> bool:
        """Whether the game is between actions (not stopped inside one)."""
        return not self.applying
