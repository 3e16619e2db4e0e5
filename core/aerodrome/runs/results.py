"""The results file of ``simulate --out`` and ``compare --out``: JSON Lines, one game a line.

Every line is a :class:`~aerodrome.engine.records.GameRecord` sealed with a checksum (a last field
``"check"``: 16 hex digits of BLAKE2b over the record without it), so a record edited by hand
or damaged on disk is told from a good one. A run holds an exclusive lock on the file while it
reads and appends (``fcntl.flock``; ``msvcrt.locking`` on Windows), so two runs on one file do
not both play and append the same games: the second one stops at once with a clear error.

A file that is not a results file (no sealed record among its first lines: a CSV, a save, a
symbolic link) is refused before anything is read into the run or written to it.

Reading is forgiving but never silent: a line that is not a sealed record (broken JSON, a
wrong checksum, a line too long) is skipped with a warning (:class:`ResultsFileWarning`) and
its game is played again; the lines after it are kept. A last line without its newline (a run
killed mid-write) is cut off. The checksum guards against accidents, not against someone who
recomputes it: see ``docs/security.md``.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType
from typing import BinaryIO

import msgspec

from aerodrome.engine.errors import AerodromeError, AerodromeWarning
from aerodrome.engine.files import check_output, describe_os_error
from aerodrome.engine.records import GameRecord

#: The field that seals a line.
CHECK = b',"check":"'
_DIGITS = 16
#: The longest line read; a record is about 2 KiB (with the comparison's detail: ~10 KiB).
MAX_LINE = 2**20
#: Broken lines warned about one by one; the rest are counted in one last warning.
MAX_WARNINGS = 10
#: Seconds between two fsyncs of a results file while a run appends to it.
FSYNC_EVERY = 1.0

_DECODER = msgspec.json.Decoder(GameRecord)
#: How a line of a results file begins (a record's first field): a file holding only the
#: start of one was cut by a kill during its first write.
RECORD_START = b'{"index":'
#: How far a file is looked into for a sealed record before it is taken as a results file.
SCAN_LINES = 64
SCAN_BYTES = 4 * 2**20


class ResultsFileWarning(AerodromeWarning):
    """A line of a results file was skipped (its game is played again)."""


def _digest(body: bytes) -> bytes:
    return hashlib.blake2b(body, digest_size=_DIGITS // 2).hexdigest().encode()


def seal(record: bytes) -> bytes:
    """The line of an encoded record (a JSON object, no newline): checksum added."""
    return record[:-1] + CHECK + _digest(record) + b'"}\n'


def unseal(line: bytes) -> bytes | None:
    """The record of a sealed ``line`` (without its newline), or None if the seal is
    missing or does not match."""
    at = line.rfind(CHECK)
    end = len(line) - 2
    if at < 0 or not line.endswith(b'"}') or end - at - len(CHECK) != _DIGITS:
        return None
    body = line[:at] + b"}"
    return body if _digest(body) == line[at + len(CHECK) : end] else None


def decode_line(line: bytes) -> GameRecord | str:
    """The record of a sealed line, or why it is not one."""
    body = unseal(line)
    if body is None:
        return "no valid checksum (edited, damaged, or not written by aerodrome)"
    try:
        return _DECODER.decode(body)
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        return f"not a game record ({exc})"


def is_results_file(f: BinaryIO) -> bool:
    """Whether the open file ``f`` (read from its start) is a results file: empty, holding a
    sealed record among its first :data:`SCAN_LINES` lines (:data:`SCAN_BYTES`), or only
    the start of a first record (a run killed while writing it)."""
    f.seek(0)
    seen = 0
    for _ in range(SCAN_LINES):
        line = f.readline(MAX_LINE)
        if not line:
            return seen == 0
        if line.endswith(b"\n") and not isinstance(decode_line(line[:-1]), str):
            return True
        if not line.endswith(b"\n") and seen == 0 and len(line) < MAX_LINE:
            return RECORD_START.startswith(line[: len(RECORD_START)])  # torn first record
        seen += len(line)
        if seen >= SCAN_BYTES:
            break
    return False


def _lock(fd: int) -> bool:
    """Take the exclusive lock of the open file ``fd`` without waiting; False if taken."""
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


class ResultsFile:
    """A results file opened by one run: locked, read once, then appended to.

    Use as a context manager; :meth:`records` yields the games already in it, :meth:`append`
    adds sealed lines (fsynced at most every :data:`FSYNC_EVERY` seconds and at the end)."""

    def __init__(self, path: Path, option: str = "--out") -> None:
        self.path = check_output(path, option, regular=True, update=True)
        self.option = option
        self._fd: int | None = None
        self._synced = time.monotonic()
        self._size = 0

    def _error(self, what: str) -> AerodromeError:
        return AerodromeError(f"{self.option} {self.path}: {what}")

    def __enter__(self) -> ResultsFile:
        flags = os.O_RDWR | os.O_CREAT | os.O_APPEND | getattr(os, "O_BINARY", 0)
        flags |= getattr(os, "O_NOFOLLOW", 0)  # checked: not a symbolic link; nor made one since
        try:
            fd = os.open(self.path, flags, 0o666)
        except OSError as exc:
            raise self._error(f"cannot open: {describe_os_error(exc)}") from None
        try:
            locked = _lock(fd)
        except OSError as exc:
            os.close(fd)
            raise self._error(f"cannot lock: {describe_os_error(exc)}") from None
        if not locked:
            os.close(fd)
            raise self._error(
                "another aerodrome run is writing this file; wait for it to end, or give "
                "another file"
            )
        self._fd = fd
        self._size = os.fstat(fd).st_size
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        with contextlib.suppress(OSError):
            os.fsync(fd)
        os.close(fd)  # closing releases the lock

    def records(self) -> Iterator[GameRecord]:
        """Every record in the file, in order; broken lines are skipped with a warning, a
        last line without its newline is cut off."""
        broken = 0
        good_end = 0
        number = 0
        try:  # through the locked descriptor (on Windows a lock also bars other handles)
            opened = (
                os.fdopen(os.dup(self._fd), "rb") if self._fd is not None else self.path.open("rb")
            )
            with opened as f:
                if not is_results_file(f):
                    raise self._error(
                        "not a results file of aerodrome (no sealed game record in its first "
                        "lines): give a new file name, or remove this file; it was not changed"
                    )
                f.seek(0)
                while True:
                    line = f.readline(MAX_LINE)
                    if not line:
                        break
                    number += 1
                    if not line.endswith(b"\n"):
                        if len(line) < MAX_LINE:  # the last line, cut short by a kill
                            break
                        while line and not line.endswith(b"\n"):  # skip the rest of it
                            line = f.readline(MAX_LINE)
                        got: GameRecord | str = f"longer than {MAX_LINE:,} bytes"
                    else:
                        got = decode_line(line[:-1])
                    good_end = f.tell()
                    if isinstance(got, str):
                        broken += 1
                        if broken <= MAX_WARNINGS:
                            self._warn(f"line {number}: {got}; skipped, its game is played again")
                        continue
                    yield got
        except OSError as exc:
            raise self._error(f"cannot read: {describe_os_error(exc)}") from None
        if broken > MAX_WARNINGS:
            self._warn(f"{broken - MAX_WARNINGS} more broken lines skipped")
        if self._fd is not None and good_end < os.fstat(self._fd).st_size:
            os.ftruncate(self._fd, good_end)
            self._size = good_end

    def _warn(self, message: str) -> None:
        warnings.warn(ResultsFileWarning(f"{self.option} {self.path} {message}"), stacklevel=3)

    def append(self, lines: bytes) -> None:
        """Append sealed ``lines`` (whole lines); on an error the file is cut back to its
        last whole line and the error names the file (the games so far are kept)."""
        fd = self._fd
        assert fd is not None, "append() outside of `with ResultsFile(...)`"
        try:
            view = memoryview(lines)
            while view:
                view = view[os.write(fd, view) :]
            self._size += len(lines)
            now = time.monotonic()
            if now - self._synced >= FSYNC_EVERY:
                os.fsync(fd)
                self._synced = now
        except OSError as exc:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, self._size)
            raise self._error(
                f"cannot write: {describe_os_error(exc)} (the games written so far are kept: "
                "run the same command again to go on)"
            ) from None
