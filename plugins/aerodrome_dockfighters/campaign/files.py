"""Squadron files: one JSON file per squadron, written atomically, read with checks.

Nothing is lost: a file is written to a temporary file beside it, flushed and fsynced, then
moved into place (and the folder fsynced, :func:`aerodrome.engine.files.fsync_folder`), so a reader
sees the old file or the whole new one; every target is checked
(:func:`aerodrome.engine.files.check_output`) before anything is written.

A scenario between two squadrons is one commit (:func:`save_pair`): the second file's new
bytes wait beside it in a pending file (``.NAME.pending``, naming the scenario and the first
file) before the first file is moved into place - that move is the commit - and then the
second. Whatever stops the command (a kill, a full disk), the next read of the second file
(:func:`load`) finishes it when the first file holds the scenario, or drops the pending file
when it does not: both files show the scenario or neither does. Both journals carry the
scenario's ``id``; :func:`check_pair` refuses two files that disagree (an old copy put back)
with one line naming both and how to recover.

A file is sealed with the SHA-256 of its content (``digest``): the seal catches accidents (a
damaged file, an edit that forgot to reseal it), not forgery - whoever can write the file
can recompute it; ``campaign show --verify`` and ``campaign replay`` rebuild the squadron
from its journal. A file that does not decode, breaks a rule of the sheet, or whose seal is
broken is refused with one line naming the file and the field; for a broken seal the
squadron is rebuilt from the journal and the first field that differs is named.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import secrets
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, Literal

import msgspec

from aerodrome.api import AerodromeError
from aerodrome.engine.files import check_output, fsync_folder, read_limited
from aerodrome_dockfighters.campaign import bridge
from aerodrome_dockfighters.campaign.campaign import rebuild
from aerodrome_dockfighters.campaign.journal import Scenario, Uid, lines
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


class _Format(msgspec.Struct):
    format: int = 0


_FORMAT = msgspec.json.Decoder(_Format)


def decode(data: bytes, source: str) -> Squadron:
    """Decode and check a squadron file's bytes; errors name ``source`` and the field."""
    try:
        version = _FORMAT.decode(data).format
    except (msgspec.ValidationError, msgspec.DecodeError):
        version = FORMAT  # the full decode names what is wrong
    if version != FORMAT:
        raise CampaignError(
            f"{source}: format: {version}, this aerodrome reads format {FORMAT} (the campaign's rules "
            "changed with issue 26 - the armament at step 8, the weather after the set-up, no kill "
            "for a crash - and an older journal does not replay under them); found a new squadron "
            "with 'aerodrome campaign new'"
        )
    try:
        sq = _DECODER.decode(data)
    except msgspec.ValidationError as exc:
        raise CampaignError(f"{source}: {_path(str(exc))}") from None
    except msgspec.DecodeError as exc:
        raise CampaignError(f"{source}: not a squadron file (JSON: {exc})") from None
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


def verify(sq: Squadron, source: str) -> None:
    """Refuse ``sq`` unless the squadron its journal rebuilds (every scenario played again)
    is the same file: what the seal cannot promise, since anyone can recompute it."""
    try:
        rebuilt = rebuild(sq.journal, "$.journal")
    except AerodromeError as exc:
        raise CampaignError(f"{source}: the journal does not replay ({exc})") from None
    if encode(rebuilt) != encode(sq):
        raise CampaignError(
            f"{source}: {_edited(sq).removesuffix('; the file was edited by hand')}; the file does not follow from its journal"
        )


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
    refused before it is read), after finishing or dropping an interrupted scenario waiting
    beside it (:func:`recover`)."""
    recover(path)
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
    """Write each squadron atomically (one file a change; a scenario between two squadrons
    is :func:`save_pair`)."""
    for path, sq in items:
        tmp = _stage(path, encode(sq))
        try:
            _move(tmp, path)
        except OSError as exc:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise CampaignError(f"{path}: cannot write: {exc.strerror}") from None


def _move(tmp: str, path: Path) -> None:
    os.replace(tmp, path)
    fsync_folder(path.parent)


# -- a scenario between two squadrons: one commit ----------------------------------------------
class Pending(msgspec.Struct, forbid_unknown_fields=True):
    """The second file of a scenario, waiting beside it until the first file holds the
    scenario: the scenario's id, the first file (absolute) and the second file's new bytes."""

    pending: Literal["aerodrome campaign scenario"]
    scenario: Uid
    first: str
    file: str


_PENDING = msgspec.json.Decoder(Pending)


def pending_path(path: Path) -> Path:
    """Where the second file of an interrupted scenario waits: ``.NAME.pending`` beside it."""
    return path.parent / f".{path.name}.pending"


def _holds(sq: Squadron, scenario: str) -> bool:
    return any(isinstance(e, Scenario) and e.id == scenario for e in sq.journal)


def save_pair(first: tuple[Path, Squadron], second: tuple[Path, Squadron], scenario: str) -> None:
    """Write the two squadrons of a scenario as one commit: the second file's bytes wait in
    its pending file, the first file is moved into place (the commit), then the second and
    the pending file is removed. An error before the commit leaves both files as they were;
    after it, one line names both files and the next read of the second finishes it."""
    (path1, sq1), (path2, sq2) = first, second
    check_writable([path1, path2])
    data1, data2 = encode(sq1), encode(sq2)
    waiting = pending_path(path2)
    intent = Pending(
        pending="aerodrome campaign scenario",
        scenario=scenario,
        first=str(path1.resolve()),
        file=data2.decode(),
    )
    tmp1 = _stage(path1, data1)
    try:
        _move(_stage(waiting, msgspec.json.encode(intent)), waiting)
    except (OSError, CampaignError) as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp1)
        raise CampaignError(
            f"{path2}: cannot write beside it ({_reason(exc)}); nothing is recorded in {path1} or {path2}"
        ) from None
    try:
        _move(tmp1, path1)  # the commit
    except OSError as exc:
        for leftover in (tmp1, waiting):
            with contextlib.suppress(OSError):
                os.unlink(leftover)
        raise CampaignError(
            f"{path1}: cannot write: {exc.strerror}; nothing is recorded in {path1} or {path2}"
        ) from None
    try:
        tmp2 = _stage(path2, data2)
        try:
            _move(tmp2, path2)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(tmp2)
            raise
        os.unlink(waiting)
        fsync_folder(waiting.parent)
    except (OSError, CampaignError) as exc:
        raise CampaignError(
            f"{path2}: cannot write ({_reason(exc)}); the scenario is recorded in {path1} and waits in "
            f"{waiting.name} beside {path2}: the next aerodrome command on {path2} finishes it"
        ) from None


def _reason(exc: Exception) -> str:
    if isinstance(exc, OSError):
        return exc.strerror or str(exc)
    return str(exc).rpartition(": ")[2] or str(exc)


def recover(path: Path) -> None:
    """Finish or drop a scenario interrupted between its two files (:func:`save_pair`): the
    pending file beside ``path`` is written over ``path`` when its first file holds the
    scenario (the commit was made), and dropped when it does not."""
    waiting = pending_path(path)
    if not waiting.exists():
        return
    try:
        intent = _PENDING.decode(read_limited(waiting, "", MAX_BYTES))
    except (AerodromeError, msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise CampaignError(
            f"{path}: {waiting} is not a pending scenario ({exc}); delete it to keep {path} as it is"
        ) from None
    first = Path(intent.first)
    try:
        committed = _holds(decode(read(first), str(first)), intent.scenario)
    except CampaignError as exc:
        raise CampaignError(
            f"{path}: a scenario with {first} was interrupted and waits in {waiting}, but {first} cannot be "
            f"read to tell whether it was recorded ({exc}); put {first} back, or delete {waiting} to keep "
            f"{path} without it"
        ) from None
    if committed:
        check_writable([path])
        tmp = _stage(path, intent.file.encode())
        try:
            _move(tmp, path)
        except OSError as exc:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise CampaignError(
                f"{path}: cannot finish the scenario recorded in {first} ({exc.strerror}); it waits in "
                f"{waiting}"
            ) from None
    try:
        os.unlink(waiting)
    except OSError as exc:
        raise CampaignError(f"{path}: cannot remove {waiting}: {exc.strerror}") from None
    fsync_folder(waiting.parent)


def check_pair(first: tuple[Path, Squadron], second: tuple[Path, Squadron]) -> None:
    """Refuse two squadron files whose journals disagree about the scenarios they flew
    against each other (one line naming both, and how to recover)."""
    (path1, sq1), (path2, sq2) = first, second
    mine, theirs = sq1.shared(sq2.uid), sq2.shared(sq1.uid)
    if mine == theirs:
        return
    for has, lacks, ids, others in ((path1, path2, mine, theirs), (path2, path1, theirs, mine)):
        missing = [x for x in ids if x not in others]
        if missing:
            x = missing[0]
            raise CampaignError(
                f"{has} and {lacks} disagree: scenario {x} between them is in {has} but not in {lacks} "
                f"(an older copy of {lacks}?): put back the copy of {lacks} that has it, or roll {has} back "
                f"to before it with 'aerodrome campaign replay {has} --until {x} --write {has}'"
            )
    raise CampaignError(
        f"{path1} and {path2} disagree about the order of the scenarios between them; put back "
        "copies of both from one moment"
    )


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
