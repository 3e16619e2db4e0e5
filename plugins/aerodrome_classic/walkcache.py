"""The walk tables of a board, cached on disk so that a process loads them instead of
building them (about 1 s of CPU, paid by every worker of a run before the cache).

The file lives in the user's cache folder (``$AERODROME_CACHE_DIR``, else the platform's:
``$XDG_CACHE_HOME/aerodrome`` or ``~/.cache/aerodrome``, ``~/Library/Caches/aerodrome``,
``%LOCALAPPDATA%\\aerodrome\\Cache``); ``AERODROME_CACHE_DIR=off`` turns it off. Its name
carries a checksum of everything the tables depend on (board spec, squadron sides, the
walk coding), so a changed board gets its own file. The file is the SHA-256 of its payload
followed by the payload (msgpack); a file that is truncated, edited, unreadable or of another
format is ignored and rebuilt. Writing is atomic (a temporary file in the same folder, then
``os.replace``); a folder that cannot be written leaves the tables built in memory, as
needed, exactly as without a cache. Nothing here ever raises into a game.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
import tempfile
from pathlib import Path

import msgspec

from aerodrome_classic.walks import REACH

#: Bump when the coding of the walks or the grouping into tables changes.
FORMAT = 1
_ENV = "AERODROME_CACHE_DIR"
#: a cache file is about 4 MB; anything much larger is not ours (and is not read)
MAX_BYTES = 64 * 1024 * 1024
_OFF = {"off", "none", "0", "false", "no"}


class StoredTable(msgspec.Struct, array_like=True, forbid_unknown_fields=True):
    """The walks of one table: its start square's number, walk length, the slots of
    :attr:`Board.tables` it fills and the codes of its route choices."""

    cell: int
    length: int
    slots: list[int]
    codes: list[bytes]


class WalkFile(msgspec.Struct, forbid_unknown_fields=True):
    format: int
    key: str
    tables: list[StoredTable]


_ENCODER = msgspec.msgpack.Encoder()
_DECODER = msgspec.msgpack.Decoder(WalkFile)


def cache_dir() -> Path | None:
    """The user's cache folder for aerodrome, or None when caching is turned off."""
    env = os.environ.get(_ENV)
    if env is not None:
        if env.strip().lower() in _OFF or not env.strip():
            return None
        return Path(env)
    try:
        home = Path.home()
    except (RuntimeError, KeyError):  # no home folder known: no cache
        return None
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA")
        return (
            Path(base) / "aerodrome" / "Cache"
            if base
            else home / "AppData" / "Local" / "aerodrome" / "Cache"
        )
    if sys.platform == "darwin":
        return home / "Library" / "Caches" / "aerodrome"
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".cache") / "aerodrome"


def board_key(description: bytes) -> str:
    """The checksum naming the cache file of a board (``description``: the board spec and
    squadron sides, encoded)."""
    h = hashlib.sha256()
    h.update(b"aerodrome-classic-walks:%d:%d:" % (FORMAT, REACH))
    h.update(description)
    return h.hexdigest()[:32]


def cache_file(key: str) -> Path | None:
    folder = cache_dir()
    return None if folder is None else folder / f"classic-walks-{key}.bin"


def load(path: Path, key: str) -> list[StoredTable] | None:
    """The stored tables of board ``key``, or None if the file is missing or not sound."""
    try:
        if path.stat().st_size > MAX_BYTES:
            return None
        data = path.read_bytes()
    except OSError:
        return None
    digest, payload = data[:32], data[32:]
    if len(digest) != 32 or hashlib.sha256(payload).digest() != digest:
        return None
    try:
        stored = _DECODER.decode(payload)
    except (msgspec.DecodeError, msgspec.ValidationError):
        return None
    if stored.format != FORMAT or stored.key != key:
        return None
    return stored.tables


def save(path: Path, key: str, tables: list[StoredTable]) -> bool:
    """Write the tables atomically; False (and nothing written) if the folder is not
    writable or the disk is full."""
    payload = _ENCODER.encode(WalkFile(format=FORMAT, key=key, tables=tables))
    tmp: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as out:
            out.write(hashlib.sha256(payload).digest())
            out.write(payload)
        os.replace(tmp, path)
        tmp = None
        return True
    except OSError:
        return False
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def writable(path: Path) -> bool:
    """Whether the cache file's folder exists (or can be made) and can be written."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return os.access(path.parent, os.W_OK | os.X_OK)
