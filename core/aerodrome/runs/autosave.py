"""The writer of the save ``aerodrome play --save`` keeps while the game goes on: appended
to, action by action, in O(1) an action (format ``aerodrome-save/2``; read by
:func:`aerodrome.runs.saves.read_save`, :func:`aerodrome.runs.saves.parse_stream`).

A whole save (``aerodrome-save/1``, :func:`aerodrome.runs.saves.write_save`) is one JSON object:
writing it after every action rewrote the whole game each time (a 1,627-action game took
67.8 s with ``--save`` against 9.5 s without). This one is JSON Lines:

- line 1, the header: ruleset, setup, seed, position, bots, seats, versions, the undos made
  before the file was written (a resumed game) and the event log's digest at the start;
- one line per action: ``{"player": 0, "action": {...}, "log_lines": N, "log_sha256": ...}``,
  the digest of the event log after it;
- one line per undo: ``{"undo": {...}, "log_lines": N, "log_sha256": ...}``: the game went
  back to ``undo.at`` actions (the lines after that point are taken back, kept for the
  record) and its dice were reseeded.

Every prefix of whole lines is a save that replays and verifies: a crash loses at most the
line being written, which the reader drops (a last line without its newline). A line whose
digest is left out (the lines :meth:`SaveWriter.open` writes for a resumed game, but the
last) is replayed and not checked on its own; the last line of every write carries one.

:class:`SaveWriter` is the writer: :meth:`~SaveWriter.open` writes the header (and the
actions so far) atomically, :meth:`~SaveWriter.action` appends one line per action,
:meth:`~SaveWriter.undo` one per undo, :meth:`~SaveWriter.sync` makes it durable (before a
person decides, at the end), :meth:`~SaveWriter.close` ends it.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from aerodrome.engine.data import Record
from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.files import describe_os_error, fsync_folder, write_atomic
from aerodrome.engine.game import Game
from aerodrome.runs.saves import (
    STREAM_FORMAT,
    Header,
    LogDigest,
    Step,
    Undo,
    UndoLine,
    encode_record,
    game_params,
    saved_actions,
)
from aerodrome.runs.versions import versions_of


def _line(record: Record) -> bytes:
    return msgspec.json.encode(record) + b"\n"


class SaveWriter:
    """``play --save``'s writer: the save of one game, kept in step with it in O(1) an action.

    :param path: the save (checked by the command before the game).
    :param option: the option named in errors.
    :param seats: who plays each seat (``"human"``, ``"bot"``), for ``--resume``.
    """

    def __init__(self, path: Path, option: str = "--save", *, seats: Sequence[str] | None = None):
        self.path = path
        self.option = option
        self.seats = tuple(seats) if seats is not None else None
        self._fd: int | None = None
        self._size = 0
        self._digest = LogDigest()
        #: Actions of the game's history written so far.
        self.written = 0

    @property
    def opened(self) -> bool:
        return self._fd is not None

    def _error(self, what: str) -> AerodromeError:
        return AerodromeError(f"{self.option} {self.path}: {what}")

    def open(self, game: Game[Any, Any, Any], undone: Sequence[Undo] = ()) -> None:
        """Start the file (atomically, replacing what was there): the header, and the actions
        of ``game`` played so far (a resumed game, its undos in the header); then keep it
        open to append to."""
        digest = LogDigest()
        now: dict[str, Any] = {"log_sha256": digest.of(game), "log_lines": len(game.log)}
        header = Header(
            format=STREAM_FORMAT,
            ruleset=game.ruleset.name,
            setup=game.setup.name,
            seed=game.seed,
            position=game.position,
            bots=game.setup.bots,
            seats=self.seats,
            undone=tuple(undone),
            versions=versions_of(game.ruleset),
            params=game_params(game),
            **(now if not game.history else {}),
        )
        lines = [encode_record(header) + b"\n"]
        steps = saved_actions(game.history)
        for i, saved in enumerate(steps):  # the digest on the last (replayed, not re-hashed)
            at_end: dict[str, Any] = now if i == len(steps) - 1 else {}
            lines.append(_line(Step(player=saved.player, action=saved.action, **at_end)))
        write_atomic(self.path, b"".join(lines), self.option)
        self._digest = digest
        self.close()
        try:
            flags = os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0)
            self._fd = os.open(self.path, flags | getattr(os, "O_NOFOLLOW", 0))
            self._size = os.fstat(self._fd).st_size
        except OSError as exc:
            raise self._error(f"cannot open: {describe_os_error(exc)}") from None
        self.written = len(game.history)

    @staticmethod
    def _log(game: Game[Any, Any, Any], digest: LogDigest) -> dict[str, Any]:
        return {"log_sha256": digest.of(game), "log_lines": len(game.log)}

    def action(self, game: Game[Any, Any, Any]) -> None:
        """Append ``game``'s last action (one line, with the digest of its log now)."""
        player, action = game.history[-1]
        saved = saved_actions([(player, action)])[0]
        self._append(
            _line(Step(player=player, action=saved.action, **self._log(game, self._digest)))
        )
        self.written = len(game.history)

    def undo(self, record: Undo, game: Game[Any, Any, Any]) -> None:
        """Append an undo: ``game`` is the game it went back to (rebuilt, reseeded)."""
        self._digest = LogDigest()
        self._append(_line(UndoLine(undo=record, **self._log(game, self._digest))))
        self.written = len(game.history)

    def _append(self, data: bytes) -> None:
        fd = self._fd
        if fd is None:
            raise self._error("not open (SaveWriter.open first)")
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            self._size += len(data)
        except OSError as exc:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, self._size)  # back to the last whole line
            raise self._error(
                f"cannot write: {describe_os_error(exc)} (the save holds the game up to the "
                "last whole action)"
            ) from None

    def sync(self) -> None:
        """Make what was appended durable (fsync): before a person decides, at the end."""
        if self._fd is None:
            return
        try:
            os.fsync(self._fd)
        except OSError as exc:
            raise self._error(f"cannot write: {describe_os_error(exc)}") from None
        fsync_folder(self.path.parent)

    def close(self) -> None:
        """Sync and close the file (again: nothing happens)."""
        if self._fd is None:
            return
        try:
            self.sync()
        finally:
            fd, self._fd = self._fd, None
            os.close(fd)
