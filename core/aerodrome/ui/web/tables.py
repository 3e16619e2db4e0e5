"""The games a server holds: a :class:`Table` per game, kept by a :class:`Tables`.

A table is a :class:`~aerodrome.engine.game.Game` with a plan per seat (a person, or an agent by
name as ``aerodrome play --seat`` spells it), a secret token per person's seat
(``secrets.token_urlsafe``: the seat's link) and the undos so far. The agents move in the
server (:func:`aerodrome.engine.driver.drive`, the persons' seats external); a person's answer comes
in with :meth:`Table.act`. After every change the table is written atomically to its file in
the server's folder (the save of the game, the seats and the tokens), so that a restarted
server resumes every game where it stood (:meth:`Tables.load`).

Nothing here decides what a seat may see: :mod:`aerodrome.ui.web.seatview` does, from the seat's
observation and its events only.
"""

from __future__ import annotations

import os
import re
import secrets
import stat
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from aerodrome.engine.agents import Agent
from aerodrome.engine.data import Action
from aerodrome.engine.describe import label, seat_label
from aerodrome.engine.dice import derive_seed
from aerodrome.engine.driver import Observer, answer, drive
from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.files import describe_os_error, read_limited, write_atomic
from aerodrome.engine.game import Game
from aerodrome.plugins import Plugins
from aerodrome.runs.saves import (
    SaveFile,
    Undo,
    rebuild,
    replay,
    restarts,
    saved_actions,
    to_save,
    verify,
)
from aerodrome.ui.cli.seats import HUMAN, SeatPlan, agents, bot_seats, check_agents, plan_of

FORMAT = "aerodrome-table/1"
#: How many games one server holds at most (a new game beyond them is refused).
MAX_TABLES = 64
#: A finished game is dropped this long after its end (its file deleted), by default.
EXPIRE_SECONDS = 7 * 24 * 3600.0
#: Games one client (one address) may have unfinished at once, by default.
MAX_PER_CLIENT = 16
#: New games one client may start in :data:`RATE_WINDOW` seconds, by default.
RATE_GAMES = 10
RATE_WINDOW = 60.0
#: A table's file holds the seats' secret links: its owner's only.
FILE_MODE = 0o600
FOLDER_MODE = 0o700
#: A table's file is at most this big (a long game's save with its undos).
MAX_TABLE_BYTES = 16 * 1024 * 1024
#: What the start page offers for a seat, and the agent each stands for (``None``: a person).
SEAT_KINDS: dict[str, str | None] = {
    "person": None,  # the person starting the game, in this browser
    "friend": None,  # another person, with a link of their own
    "bot": "bot",
    "search": "mcts:300ms",
    "random": "random",
    "konrad": "konrad",  # Dockfighters' solo bot (offered where the ruleset has it)
}
#: The longest name a person gives.
MAX_NAME = 40
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,64}$")


def new_token() -> str:
    """A seat's secret: 32 random bytes, URL-safe (43 characters)."""
    return secrets.token_urlsafe(32)


def valid_token(text: str) -> bool:
    """Whether ``text`` can be a token at all (checked before any lookup)."""
    return bool(_TOKEN.match(text))


class TableFile(msgspec.Struct, frozen=True, kw_only=True):
    """A table as written to its file: the game's save (with its seats and undos), each
    seat's token (``None``: an agent's seat) and the seats the start page chose."""

    format: str
    id: str
    save: SaveFile
    tokens: tuple[str | None, ...]
    kinds: tuple[str, ...]
    #: When the game ended (seconds since the epoch), for its expiry; ``None``: not over.
    finished: float | None = None
    #: The names the persons gave (``""``: none), one per seat.
    names: tuple[str, ...] = ()
    #: The spectators' token (public events only); ``None`` in files of older servers.
    watch: str | None = None


def clean_name(text: str) -> str:
    """A person's name as given: control characters dropped, spaces collapsed, at most
    :data:`MAX_NAME` characters (shown with ``textContent``, never as HTML)."""
    shown = "".join(c if c.isprintable() else " " for c in text)
    return " ".join(shown.split())[:MAX_NAME]


@dataclass
class Table:
    """One game at the server (see the module docstring)."""

    id: str
    game: Game[Any, Any, Any]
    plans: list[SeatPlan]
    kinds: list[str]
    tokens: list[str | None]
    seats: list[Agent | None]
    undone: list[Undo] = field(default_factory=list)
    #: When the game ended (seconds since the epoch), ``None`` while it goes on.
    finished: float | None = None
    #: The address that started the game (for the per-client cap; not written to its file).
    client: str | None = None
    #: The names the persons gave, one per seat (``""``: none).
    names: list[str] = field(default_factory=list)
    #: The spectators' token: its link sees only what every seat sees.
    watch: str | None = None
    #: Changes with every action or undo: the pages fetch their seat's view again.
    version: int = 0
    lock: threading.RLock = field(default_factory=threading.RLock)
    #: Called (holding the lock) after every change: the server writes the table.
    changed: Callable[[Table], None] | None = None
    #: The version at which each seat's present question was asked: a page drawn since then
    #: may answer it (another seat's commitment to a simultaneous decision changes the
    #: version, not the question).
    asked_since: dict[int, int] = field(default_factory=dict)
    #: Where each answer was on the board, worded from its player's view of the moment it was
    #: offered, by (player, action), the latest of equal ones: the last move is outlined there
    #: (a label worded later, from a view that has moved on, may point elsewhere: a
    #: Dockfighters manoeuvre's hex is reckoned from the move in progress). Replaced, never
    #: changed, at every answer: a copy of the table keeps the places of its moment.
    places: dict[tuple[int, Action], str | None] = field(default_factory=dict)
    _asked: frozenset[int] = frozenset()

    # -- who is who ----------------------------------------------------------------------
    def seat_of(self, token: str) -> int | None:
        """The seat whose token is ``token`` (compared in constant time), else ``None``."""
        found = None
        for player, mine in enumerate(self.tokens):
            if mine is not None and secrets.compare_digest(mine, token):
                found = player
        return found

    def name(self, player: int) -> str:
        """The name ``player``'s person gave, else ``""``."""
        return self.names[player] if 0 <= player < len(self.names) else ""

    def people(self) -> list[int]:
        return [p for p, t in enumerate(self.tokens) if t is not None]

    def waiting(self) -> tuple[int, ...]:
        return () if self.game.is_over() else self.game.waiting_for()

    # -- playing -------------------------------------------------------------------------
    def _moved(self, since: int) -> None:
        """A new version: the seats asked now whose question is new (they were not asked, or
        answered since the history had ``since`` actions) are asked from this version on."""
        self.version += 1
        answered = {p for p, _ in self.game.history[since:]}
        asked = frozenset(self.waiting())
        for p in asked:
            if p not in self._asked or p in answered:
                self.asked_since[p] = self.version
        self._asked = asked

    def run_agents(self) -> int:
        """The agents answer until the game waits only on persons (or is over)."""
        with self.lock:
            since = len(self.game.history)
            made = drive(self.game, self.seats, _Places(self))
            if made or not self._asked:
                self._moved(since)
            return made

    def act(self, player: int, choice: int, version: int) -> None:
        """``player`` chooses their ``choice``-th legal action (as their page numbered them
        at ``version``); then the agents move. A stale page or a seat not asked is refused
        (:class:`AerodromeError`, one line)."""
        with self.lock:
            if player not in self.waiting():
                raise AerodromeError("it is not your turn: nothing is asked of your seat now")
            if not self.asked_since.get(player, 0) <= version <= self.version:
                raise AerodromeError(
                    "the game has moved on since this page was drawn: choose again"
                )
            legal = self.game.legal_actions(player)
            if not 0 <= choice < len(legal):
                raise AerodromeError(f"choice {choice}: expected 0 to {len(legal) - 1}")
            since = len(self.game.history)
            places = _Places(self)
            answer(self.game, player, legal[choice], places)
            drive(self.game, self.seats, places)
            self._moved(since)
            self._changed()

    def alone(self, player: int) -> bool:
        """Whether every seat but ``player``'s is an agent's (no other person plays)."""
        return all(t is None for p, t in enumerate(self.tokens) if p != player)

    def can_undo(self, player: int) -> bool:
        """Whether ``player`` may take a decision back now: every other seat is an agent's
        and ``player`` has decided before (as ``aerodrome play`` allows it)."""
        return self.alone(player) and any(p == player for p, _ in self.game.history)

    def undo(self, player: int, version: int) -> None:
        """Back to ``player``'s previous decision (reseeding the dice from there, kept in the
        save's undos, as ``aerodrome play``'s ``undo``)."""
        with self.lock:
            if version != self.version:
                raise AerodromeError("the game has moved on since this page was drawn")
            if not self.can_undo(player):
                raise AerodromeError(
                    "undo is for a game against agents only, after your first decision"
                )
            game = self.game
            at = max(i for i, (p, _) in enumerate(game.history) if p == player)
            record = Undo(
                at=at,
                by=player,
                reason=f"{seat_label(game.setup, player)} took back a decision",
                actions=saved_actions(game.history[at:]),
                reseed=derive_seed(game.seed, "undo", len(self.undone) + 1),
            )
            self.undone.append(record)
            self.game = rebuild(game, game.history[:at], restarts(self.undone))
            self._asked = frozenset()  # every question asked anew
            self._moved(at)
            self._changed()

    def _changed(self) -> None:
        if self.changed is not None:
            self.changed(self)

    # -- its file ------------------------------------------------------------------------
    def save(self) -> SaveFile:
        with self.lock:
            return to_save(self.game, seats=[plan.spec for plan in self.plans], undone=self.undone)

    def file(self) -> TableFile:
        return TableFile(
            format=FORMAT,
            id=self.id,
            save=self.save(),
            tokens=tuple(self.tokens),
            kinds=tuple(self.kinds),
            finished=self.finished,
            names=tuple(self.names),
            watch=self.watch,
        )

    def can_delete(self, player: int) -> bool:
        """Whether ``player`` may delete the game: once it is over, or while every other
        seat is an agent's (no other person loses a game they are playing)."""
        return self.alone(player) or self.game.is_over()


class _Places(Observer):
    """Keeps in :attr:`Table.places` where each answer taken was, from the view its player
    had when it was offered."""

    __slots__ = ("table", "view")

    def __init__(self, table: Table) -> None:
        self.table = table
        self.view: Any = None

    def decision(self, game: Game[Any, Any, Any], player: int, legal: Sequence[Action]) -> None:
        self.view = game.observation(player)

    def action(self, game: Game[Any, Any, Any], player: int, action: Action) -> None:
        try:
            place = label(game.ruleset, action, self.view).place
            hash(action)  # a third-party action with a list in it is not kept
        except (LookupError, ValueError, AttributeError, TypeError):
            return
        self.table.places = {**self.table.places, (player, action): place}


def seat_plans(plugins: Plugins, ruleset: str, kinds: Sequence[str]) -> list[SeatPlan]:
    """One plan per seat from the start page's kinds (``person``, ``friend``, ``bot``,
    ``search``, ``random``); an unknown kind or an agent the ruleset lacks is one line."""
    plans: list[SeatPlan] = []
    for i, kind in enumerate(kinds):
        if kind not in SEAT_KINDS:
            raise AerodromeError(
                f"seats[{i}]: {kind!r} is not a kind of seat ({', '.join(SEAT_KINDS)})"
            )
        agent = SEAT_KINDS[kind]
        plans.append(SeatPlan(HUMAN) if agent is None else plan_of(agent, f"seats[{i}]"))
    return check_agents(plugins, ruleset, plans)


@dataclass(frozen=True)
class Limits:
    """What keeps a server that runs for weeks from filling up: at most ``games`` games,
    each finished one dropped ``expire`` seconds after its end, at most ``per_client``
    unfinished games started from one address, and at most ``rate`` new games from one
    address in ``window`` seconds."""

    games: int = MAX_TABLES
    expire: float = EXPIRE_SECONDS
    per_client: int = MAX_PER_CLIENT
    rate: int = RATE_GAMES
    window: float = RATE_WINDOW


class Refused(AerodromeError):
    """A new game refused by the server's limits: ``status`` 503 when the server is full,
    429 when one address asked too much; ``retry`` is the wait in seconds that would let it
    through (``None``: waiting does not help)."""

    def __init__(self, message: str, status: int = 429, retry: float | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry = retry


class Tables:
    """Every game of a server, within its :class:`Limits`, each written to ``folder``
    (``None``: kept in memory only, for tests) after every change. ``clock`` is the wall
    clock (seconds since the epoch) the expiry and the rate limit read."""

    def __init__(
        self,
        plugins: Plugins,
        folder: Path | None,
        limit: int = MAX_TABLES,
        *,
        limits: Limits | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.plugins = plugins
        self.folder = folder
        self.limits = limits if limits is not None else Limits(games=limit)
        self.clock = clock
        self.tables: dict[str, Table] = {}
        self._by_token: dict[str, tuple[Table, int]] = {}
        self._by_watch: dict[str, Table] = {}
        self._started: dict[str, list[float]] = {}
        self.lock = threading.Lock()

    # -- finding a seat --------------------------------------------------------------------
    def seat(self, token: str) -> tuple[Table, int] | None:
        """The table and seat of ``token``, or ``None`` (never which part was wrong)."""
        if not valid_token(token):
            return None
        with self.lock:
            found = self._by_token.get(token)
        if found is None:
            return None
        table, player = found
        return (table, player) if table.seat_of(token) == player else None

    def spectator(self, token: str) -> Table | None:
        """The table whose spectators' token is ``token``, or ``None``."""
        if not valid_token(token):
            return None
        with self.lock:
            found = self._by_watch.get(token)
        if found is None or found.watch is None:
            return None
        return found if secrets.compare_digest(found.watch, token) else None

    # -- limits ------------------------------------------------------------------------------
    def expire(self) -> list[str]:
        """Drop every game that ended more than ``limits.expire`` seconds ago (its file
        deleted); returns their ids."""
        cutoff = self.clock() - self.limits.expire
        with self.lock:
            old = [
                t for t in self.tables.values() if t.finished is not None and t.finished <= cutoff
            ]
        for table in old:
            self.delete(table)
        return [t.id for t in old]

    def _admit(self, client: str | None) -> None:
        """Refuse a new game from ``client`` beyond the rate limit or its cap (one line that
        says what to wait for or how the server's owner raises the limit)."""
        if client is None:
            return
        now = self.clock()
        limits = self.limits
        with self.lock:
            recent = [s for s in self._started.get(client, []) if s > now - limits.window]
            self._started[client] = recent
            if len(recent) >= limits.rate:
                wait = recent[0] + limits.window - now
                raise Refused(
                    f"{len(recent)} new games from your address in the last "
                    f"{limits.window:.0f} s: wait {wait:.0f} s",
                    retry=wait,
                )
            mine = sum(1 for t in self.tables.values() if t.client == client and t.finished is None)
            if mine >= limits.per_client:
                raise Refused(
                    f"your address has {mine} unfinished games here already (at most "
                    f"{limits.per_client}): finish or delete one first; the server's owner "
                    "can raise it with `aerodrome serve --max-per-client N`"
                )
            recent.append(now)

    def delete(self, table: Table) -> None:
        """Drop ``table`` and delete its file."""
        with self.lock:
            self.tables.pop(table.id, None)
            for token in table.tokens:
                if token is not None:
                    self._by_token.pop(token, None)
            if table.watch is not None:
                self._by_watch.pop(table.watch, None)
        path = self.path(table)
        if path is not None:
            try:
                path.unlink(missing_ok=True)
            except OSError as exc:
                raise AerodromeError(
                    f"--games {path}: cannot delete: {describe_os_error(exc)}"
                ) from None

    # -- new games ---------------------------------------------------------------------------
    def start(
        self,
        ruleset: str,
        setup: str | None,
        kinds: Sequence[str],
        seed: int,
        client: str | None = None,
        names: Sequence[str] = (),
    ) -> Table:
        """A new game of ``ruleset`` (``setup``: its name, ``None`` the first) seated by
        ``kinds``, started from the address ``client`` (``None``: no per-client limits),
        with the persons' ``names`` (one per seat, or none); its agents make their first
        moves. Finished games past their time are dropped first."""
        self.expire()
        self._admit(client)
        rules = self.plugins.ruleset(ruleset)
        chosen = rules.setup(setup)
        if len(kinds) != len(chosen.seats):
            raise AerodromeError(
                f"seats: set-up {chosen.name!r} has {len(chosen.seats)} seats, got {len(kinds)}"
            )
        plans = seat_plans(self.plugins, rules.name, kinds)
        if all(not plan.human for plan in plans):
            raise AerodromeError("seats: at least one seat must be a person's")
        chosen = chosen.with_bots(bot_seats(self.plugins, rules.name, plans))
        game = Game(rules, chosen, seed)
        tokens = [new_token() if plan.human else None for plan in plans]
        table = self._table(secrets.token_hex(8), game, plans, list(kinds), tokens, [])
        table.client = client
        table.names = [clean_name(names[p]) if p < len(names) else "" for p in range(len(kinds))]
        table.watch = new_token()
        self._add(table)
        table.run_agents()
        self.write(table)
        return table

    def _table(
        self,
        id: str,
        game: Game[Any, Any, Any],
        plans: list[SeatPlan],
        kinds: list[str],
        tokens: list[str | None],
        undone: list[Undo],
    ) -> Table:
        seats = agents(self.plugins, game, plans)
        return Table(id, game, plans, kinds, tokens, seats, undone, changed=self.write)

    def _add(self, table: Table) -> None:
        with self.lock:
            if len(self.tables) >= self.limits.games:
                days = self.limits.expire / 86400
                raise Refused(
                    f"this server holds {self.limits.games} games already: no room for another "
                    f"(a finished game is dropped {days:g} days after its end, or deleted by "
                    "a seat; the server's owner can raise the limit with "
                    "`aerodrome serve --max-games N`)",
                    status=503,
                )
            self.tables[table.id] = table
            for player, token in enumerate(table.tokens):
                if token is not None:
                    self._by_token[token] = (table, player)
            if table.watch is not None:
                self._by_watch[table.watch] = table

    # -- files -------------------------------------------------------------------------------
    def path(self, table: Table) -> Path | None:
        return None if self.folder is None else self.folder / f"{table.id}.json"

    def write(self, table: Table) -> None:
        """The table's file, written atomically (a temporary file renamed over it),
        readable by the server's owner only (it holds the seats' links). A game that has
        just ended is stamped with the time, for its expiry."""
        if table.finished is None and table.game.is_over():
            table.finished = self.clock()
        path = self.path(table)
        if path is None:
            return
        with table.lock:
            data = msgspec.json.encode(table.file())
        write_atomic(path, data, "--games", mode=FILE_MODE)

    def load(self) -> list[str]:
        """Every table of the folder, its game replayed from its save (checked against the
        save's log digest), each file made its owner's only; finished games past their time
        are dropped. Returns one line per file that could not be resumed."""
        problems: list[str] = []
        if self.folder is None:
            return problems
        for path in sorted(self.folder.glob("*.json")):
            try:
                secure_file(path)
                self._load(path)
            except AerodromeError as exc:
                problems.append(f"{path}: {exc}")
        self.expire()
        return problems

    def _load(self, path: Path) -> None:
        raw = read_limited(path, "a game", MAX_TABLE_BYTES)
        try:
            saved = msgspec.json.decode(raw, type=TableFile)
        except msgspec.ValidationError as exc:
            raise AerodromeError(f"not a table of this server: {exc}") from None
        except msgspec.DecodeError as exc:
            raise AerodromeError(f"not JSON: {exc}") from None
        if saved.format != FORMAT or saved.id != path.stem:
            raise AerodromeError(f"expected {FORMAT!r} with the id {path.stem!r}")
        save = saved.save
        game = replay(save, self.plugins, str(path), own_params=True)
        verify(save, game)
        plans = check_agents(
            self.plugins,
            game.ruleset.name,
            [plan_of(s, f"{path}: $.save.seats") for s in save.seats or ()],
        )
        if len(plans) != len(game.setup.seats) or len(saved.tokens) != len(plans):
            raise AerodromeError("the seats do not match the set-up")
        for plan, token in zip(plans, saved.tokens, strict=True):
            if plan.human != (token is not None) or (token is not None and not valid_token(token)):
                raise AerodromeError("a person's seat without a token, or an agent's with one")
        table = self._table(
            saved.id, game, plans, list(saved.kinds), list(saved.tokens), list(save.undone)
        )
        table.finished = saved.finished
        table.names = [clean_name(n) for n in saved.names]
        kept = saved.watch is not None and valid_token(saved.watch)
        table.watch = saved.watch if kept else new_token()
        self._add(table)
        table.run_agents()
        if not kept:  # a file of an older server: its spectators' link from now on
            self.write(table)


def _owner_only(path: Path, mode: int, what: str) -> None:
    """Make ``path`` its owner's only (``mode``), or refuse it in one line."""
    try:
        st = path.stat()
        if stat.S_IMODE(st.st_mode) & ~mode:
            path.chmod(mode)
            st = path.stat()
    except OSError as exc:
        raise AerodromeError(
            f"--games {path}: cannot make the {what} its owner's only "
            f"({mode:o}): {describe_os_error(exc)}"
        ) from None
    if stat.S_IMODE(st.st_mode) & ~mode:
        raise AerodromeError(
            f"--games {path}: the {what} stays readable by others "
            f"({stat.S_IMODE(st.st_mode):o}, not {mode:o}): it would show the seats' links"
        )


def secure_file(path: Path) -> None:
    """A game's file, its owner's only (:data:`FILE_MODE`): fixed if it was not."""
    _owner_only(path, FILE_MODE, "game's file")


def games_folder(path: Path) -> Path:
    """The server's folder of games, made if missing, and readable by its owner only
    (:data:`FOLDER_MODE`, whatever it was before: it holds the seats' tokens); refused in one
    line if it cannot be made so."""
    if path.exists() and not path.is_dir():
        raise AerodromeError(f"--games {path}: not a folder")
    try:
        path.mkdir(parents=True, mode=FOLDER_MODE, exist_ok=True)
    except OSError as exc:
        raise AerodromeError(
            f"--games {path}: cannot make the folder: {describe_os_error(exc)}"
        ) from None
    if not path.is_dir():
        raise AerodromeError(f"--games {path}: not a folder")
    if not os.access(path, os.W_OK):
        raise AerodromeError(f"--games {path}: cannot write there")
    _owner_only(path, FOLDER_MODE, "folder")
    return path
