"""Squadron files: one JSON file per squadron, written atomically, read with checks.

Nothing is lost: a file is written to a temporary file beside it, flushed and fsynced, then
moved into place (and the folder fsynced, :func:`aerodrome.files.fsync_folder`), so a reader
sees the old file or the whole new one. The two files of a scenario are both written to
temporary files first and only then moved into place; every target is checked
(:func:`aerodrome.files.check_output`) before anything is written.

A file is sealed with the SHA-256 of its content (``digest``). A file that does not decode,
breaks a rule of the sheet, or whose seal is broken (edited by hand) is refused with one line
naming the file and the field; for a broken seal the squadron is rebuilt from the journal and
the first field that differs is named.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import secrets
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import msgspec

from aerodrome.errors import AerodromeError
from aerodrome.files import check_output, fsync_folder, read_limited
from aerodrome_dockfighters.campaign import bridge
from aerodrome_dockfighters.campaign.campaign import rebuild
from aerodrome_dockfighters.campaign.journal import lines
from aerodrome_dockfighters.campaign.ledger import total
from aerodrome_dockfighters.campaign.sheet import FORMAT, CampaignError, Squadron
from aerodrome_dockfighters.campaign.specs import KINDS, tables

#: A squadron file is refused above this size (a journal of thousands of scenarios fits).
MAX_BYTES = 256 * 1024 * 1024
_DECODER = msgspec.json.Decoder(Squadron)


def encode(sq: Squadron) -> bytes:
    """The file's bytes: indented JSON, sealed (deterministic: same squadron, same bytes)."""
    sq.digest = ""
    sq.digest = hashlib.sha256(msgspec.json.encode(sq)).hexdigest()
    return msgspec.json.format(msgspec.json.encode(sq), indent=1) + b"\n"


def _seal_ok(sq: Squadron) -> bool:
    seal = sq.digest
    sq.digest = ""
    try:
        return hashlib.sha256(msgspec.json.encode(sq)).hexdigest() == seal
    finally:
        sq.digest = seal


def decode(data: bytes, source: str) -> Squadron:
    """Decode and check a squadron file's bytes; errors name ``source`` and the field."""
    try:
        sq = _DECODER.decode(data)
    except msgspec.ValidationError as exc:
        raise CampaignError(f"{source}: {_path(str(exc))}") from None
    except msgspec.DecodeError as exc:
        raise CampaignError(f"{source}: not a squadron file (JSON: {exc})") from None
    if sq.format != FORMAT:
        raise CampaignError(f"{source}: format: {sq.format}, this aerodrome reads format {FORMAT}")
    problem = check(sq)
    if problem:
        raise CampaignError(f"{source}: {problem}")
    if not _seal_ok(sq):
        raise CampaignError(f"{source}: {_edited(sq)}")
    return sq


def _path(message: str) -> str:
    """msgspec's "Expected `int`, got `str` - at `$.fame`" as "$.fame: expected `int`, got `str`"."""
    text, sep, where = message.rpartition(" - at ")
    if not sep:
        return f"not a squadron file ({message})"
    return f"{where.strip('`')}: {text[:1].lower()}{text[1:]}"


def check(sq: Squadron) -> str | None:
    """The sheet's own rules (one line naming the field), or None."""
    c = tables().campaign
    got = total(lines(sq.journal))
    if got != sq.fame:
        return f"$.fame: {sq.fame}, but the journal's fame ledger adds up to {got} [dockfighters.fame.6]"
    names = [p.name for p in sq.barracks]
    if len(set(names)) != len(names):
        return "$.barracks: two personal files with one name"
    for kind in KINDS:
        have = len(sq.active(kind))
        if have > c.barracks.limit(kind):
            return f"$.barracks: {have} {kind}s, the sheet has {c.barracks.limit(kind)} slots [dockfighters.campaign.recruit.1]"
    serials = [p.serial for p in sq.hangar]
    if len(set(serials)) != len(serials) or any(s >= sq.next_serial for s in serials):
        return "$.hangar: serial numbers must be unique and below next_serial"
    for n, plane in enumerate(sq.hangar):
        if bridge.aircraft(plane.datasheet) is None:
            return f"$.hangar[{n}].datasheet: unknown aircraft {plane.datasheet!r}"
    ships = sum(1 for p in sq.aircraft() if bridge.catalogue()[p.datasheet].klass == "airship")
    if ships > c.max_airships:
        return f"$.hangar: {ships} airships, at most {c.max_airships} [dockfighters.campaign.aircraft.2]"
    for n, item in enumerate(sq.equipment):
        if item not in tables().depot:
            return f"$.equipment[{n}]: unknown equipment {item!r}"
    if sq.leader is not None and sq.pilot(sq.leader.pilot) is None:
        return f"$.leader.pilot: {sq.leader.pilot!r} is not in the barracks"
    if not sq.journal:
        return "$.journal: empty; a squadron's journal starts with its founding"
    return None


def _edited(sq: Squadron) -> str:
    """Name the first field that differs from the squadron its journal describes."""
    try:
        rebuilt = rebuild(sq.journal, "$.journal")
    except AerodromeError as exc:
        return f"the journal does not replay ({exc}); the file was edited by hand"
    mine = msgspec.to_builtins(sq)
    theirs = msgspec.to_builtins(rebuilt)
    for field in ("digest",):
        mine.pop(field, None)
        theirs.pop(field, None)
    where = _first_difference(mine, theirs, "$")
    if where is None:
        return "digest: the seal does not match the content; the file was edited by hand"
    path, a, b = where
    return (
        f"{path}: {_short(a)} in the file, {_short(b)} by its journal; the file was edited by hand"
    )


def _first_difference(a: Any, b: Any, path: str) -> tuple[str, Any, Any] | None:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            if key not in a or key not in b:
                return f"{path}.{key}", a.get(key, "(missing)"), b.get(key, "(missing)")
            got = _first_difference(a[key], b[key], f"{path}.{key}")
            if got:
                return got
        return None
    if isinstance(a, list) and isinstance(b, list):
        for n, (x, y) in enumerate(zip(a, b, strict=False)):
            got = _first_difference(x, y, f"{path}[{n}]")
            if got:
                return got
        if len(a) != len(b):
            return f"{path}", f"{len(a)} items", f"{len(b)} items"
        return None
    return None if a == b else (path, a, b)


def _short(value: Any) -> str:
    text = msgspec.json.encode(value).decode()
    return text if len(text) <= 60 else text[:57] + "..."


# -- reading and writing --------------------------------------------------------------------------
def load(path: Path) -> Squadron:
    """Read and check the squadron file ``path`` (a file larger than :data:`MAX_BYTES` is
    refused before it is read)."""
    return decode(read(path), str(path))


def read(path: Path) -> bytes:
    try:
        return read_limited(path, "", MAX_BYTES)
    except AerodromeError as exc:
        raise CampaignError(str(exc)) from None


def check_writable(paths: Iterable[Path], *, update: bool = True) -> None:
    """Fail now (one line naming the file) unless every one of ``paths`` can be written, so
    that no mission is played only to find that its files cannot be saved. ``update``: the
    squadrons' own files, rewritten whole; otherwise an existing file is warned about."""
    for path in paths:
        try:
            check_output(path, "", update=update)
        except AerodromeError as exc:
            raise CampaignError(str(exc)) from None


def save(items: Iterable[tuple[Path, Squadron]]) -> None:
    """Write every squadron atomically: all temporary files first, then each moved into place."""
    staged: list[tuple[str, Path]] = []
    try:
        for path, sq in items:
            staged.append((_stage(path, encode(sq)), path))
        for tmp, path in staged:
            os.replace(tmp, path)
            fsync_folder(path.parent)
        staged = []
    finally:
        for tmp, _ in staged:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def _stage(path: Path, data: bytes) -> str:
    check_writable([path])
    folder = path.parent
    # the file keeps its permissions; a new one gets the umask's, like every file aerodrome
    # writes (a temporary file of mkstemp's would make it private: 0600)
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except OSError:
        mode = 0o666
    tmp = str(folder / f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), mode)
    except OSError as exc:
        raise CampaignError(f"{path}: cannot write: {exc.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise CampaignError(f"{path}: cannot write: {exc.strerror}") from None
    return tmp


def walk(paths: Iterable[Path]) -> Iterator[tuple[Path, Squadron]]:
    for path in paths:
        yield path, load(path)
