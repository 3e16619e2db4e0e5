"""Files the project reads and writes, made safe.

Every output is checked before any work starts (:func:`check_output`,
:func:`check_output_folder`): a game is never played only to find at the end that its save
cannot be written. Every file is written atomically (:func:`write_atomic`: a temporary file
in the same folder, flushed, fsynced, then renamed over the target), so a reader never sees
half a file and a full disk leaves the old file whole. Every :class:`OSError` becomes an
:class:`~aerodrome.engine.errors.AerodromeError` of one line naming the option and the path.
A writer killed outright (``SIGKILL``, a power cut: no ``finally`` runs) leaves its
temporary file behind; the next start of the command that owns the file removes it
(:func:`remove_leftovers`, called by :func:`check_output` and :func:`check_output_folder`).

Every user file is read by :func:`read_limited`: regular files only (a folder, a FIFO, a
device is refused at once, and opening never blocks), at most :data:`MAX_INPUT_BYTES`
(refused before it is read).
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import stat
import warnings
from collections.abc import Iterable, Sequence
from pathlib import Path

from aerodrome.engine.errors import AerodromeError, AerodromeWarning

#: The largest spec, position or save file read (bytes). The longest games save in well under
#: 1 MiB (a classic game of 1,000 decisions: about 120 KiB); 16 MiB leaves a wide margin and
#: bounds the memory of parsing (about 8 times the file's size) to about 130 MiB.
MAX_INPUT_BYTES = 16 * 2**20


def describe_os_error(exc: OSError) -> str:
    """The reason of ``exc`` in words (``No space left on device``), without the path."""
    if exc.errno == errno.ENOENT:
        return "no such file or folder"
    return exc.strerror or type(exc).__name__


def _fail(option: str, path: Path | str, what: str) -> AerodromeError:
    label = f"{option} {path}" if option else str(path)
    return AerodromeError(f"{label}: {what}")


def _stat(path: Path, option: str) -> os.stat_result | None:
    try:
        return path.stat()
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        raise _fail(option, path, "a part of the path is a file, not a folder") from None
    except OSError as exc:
        raise _fail(option, path, f"cannot use: {describe_os_error(exc)}") from None


def names_folder(path: Path | str) -> bool:
    """Whether ``path`` as typed ends with a slash: it names a folder, never a file."""
    text = os.fspath(path)
    return text.endswith(("/", os.sep)) or (os.altsep is not None and text.endswith(os.altsep))


def _check_folder_writable(folder: Path, option: str, path: Path | str) -> None:
    st = _stat(folder, option)
    if st is None:
        raise _fail(option, path, f"the folder {folder} does not exist")
    if not stat.S_ISDIR(st.st_mode):
        raise _fail(option, path, f"{folder} is not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise _fail(option, path, f"the folder {folder} is not writable")


class ReplacedWarning(AerodromeWarning):
    """An output file that exists will be replaced (said before any work starts)."""


def _symlink(p: Path, option: str, path: Path | str, regular: bool) -> None:
    """Refuse a symbolic link as an output, unless it leads to a device or a pipe
    (``/dev/stdout``) and ``regular`` is not asked: writing through a link would change a
    file elsewhere, and replacing it would silently break the link."""
    try:
        if not p.is_symlink():
            return
        target = os.readlink(p)
    except OSError:
        return
    st = _stat(p, option)
    if st is None:
        raise _fail(option, path, f"is a symbolic link to {target}, which does not exist")
    if regular or stat.S_ISREG(st.st_mode) or stat.S_ISDIR(st.st_mode):
        raise _fail(
            option, path, f"is a symbolic link (to {target}); give the path of the file itself"
        )


#: The name of :func:`write_atomic`'s temporary file beside ``name``:
#: ``.{name}.{the writer's process id}.{8 hex digits}.tmp``.
TEMPORARY = re.compile(r"\.(?P<name>.+)\.(?P<pid>[1-9][0-9]{0,9})\.[0-9a-f]{8}\.tmp")


def _running(pid: int) -> bool:
    """Whether process ``pid`` runs on this machine (True when that cannot be told)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)  # signal 0: only asks (POSIX; never called on Windows)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):  # another user's process, or no answer: keep its file
        return True
    return True


def remove_leftovers(folder: Path | str, names: Iterable[str] | None = None) -> list[Path]:
    """Remove the temporary files :func:`write_atomic` left in ``folder`` when its process was
    killed before it could clean up (``SIGKILL``, a power cut), for the files ``names`` (every
    file of the folder when ``None``); returns the paths removed. A temporary file is a
    leftover when the process named in it no longer runs on this machine: a write under way
    in another process is never touched (a folder shared with another machine or container,
    whose processes this one cannot see, is not cleaned: do not share one). Anything that
    cannot be listed or removed is left as it is, silently: a leftover wastes space, it
    breaks nothing. POSIX only (elsewhere nothing is removed)."""
    if os.name != "posix":
        return []
    wanted = None if names is None else set(names)
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        found = TEMPORARY.fullmatch(entry.name)
        if found is None or (wanted is not None and found["name"] not in wanted):
            continue
        try:
            if not entry.is_file(follow_symlinks=False) or _running(int(found["pid"])):
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(Path(entry.path))
    return removed


def check_output(
    path: Path | str,
    option: str,
    *,
    regular: bool = False,
    update: bool = False,
    clean: bool = True,
) -> Path:
    """Fail now unless ``path`` can be written as a file: the writer policy of every output.

    Not a folder (also not a path ending with a slash), not a symbolic link (but to a device,
    such as ``/dev/stdout``), in an existing, writable folder. A device or a pipe is accepted
    unless ``regular`` (a results file must be a regular file: it is read back, locked and
    appended to). An existing file is never replaced without a word: a
    :class:`ReplacedWarning` says so now, unless ``update`` (the command's own file, updated
    in place: a results file appended to, a save resumed, a squadron file).

    ``clean``: the temporary files a killed writer of this very file left beside it are
    removed (:func:`remove_leftovers`): the command that owns the file starts clean."""
    if names_folder(path):
        raise _fail(option, path, "names a folder; give a file name")
    p = Path(path)
    _symlink(p, option, path, regular)
    st = _stat(p, option)
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise _fail(option, path, "is a folder; give a file name")
    if st is not None and not stat.S_ISREG(st.st_mode):
        if regular:
            raise _fail(option, path, "is not a regular file")
        if not os.access(p, os.W_OK):
            raise _fail(option, path, "is not writable")
        return p
    _check_folder_writable(p.parent, option, path)
    if st is not None and not update:
        label = f"{option} {path}" if option else str(path)
        warnings.warn(
            ReplacedWarning(f"{label}: the file exists and will be replaced"), stacklevel=2
        )
    if clean:
        remove_leftovers(p.parent, [p.name])
    return p


def check_output_folder(path: Path | str, option: str, files: Sequence[str] = ()) -> Path:
    """Fail now unless ``path`` is a writable folder or can be created as one. Of ``files``
    (the names the command writes there), the ones that exist are named now in a
    :class:`ReplacedWarning`: they will be replaced; the temporary files a killed writer of
    one of them left there are removed (:func:`remove_leftovers`)."""
    p = Path(path)
    st = _stat(p, option)
    if st is not None:
        if not stat.S_ISDIR(st.st_mode):
            raise _fail(option, path, "exists and is not a folder")
        if not os.access(p, os.W_OK | os.X_OK):
            raise _fail(option, path, "the folder is not writable")
        there = [name for name in files if os.path.lexists(p / name)]
        if there:
            warnings.warn(
                ReplacedWarning(f"{option} {path}: {', '.join(there)} there will be replaced"),
                stacklevel=2,
            )
        if files:
            remove_leftovers(p, files)
        return p
    parent = p.parent
    while _stat(parent, option) is None and parent != parent.parent:
        parent = parent.parent
    _check_folder_writable(parent, option, path)
    return p


def make_folder(path: Path, option: str) -> None:
    """Create the folder ``path`` (and its parents); errors in one line."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise _fail(option, path, "exists and is not a folder") from None
    except OSError as exc:
        raise _fail(option, path, f"cannot create the folder: {describe_os_error(exc)}") from None


def fsync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (where the platform allows it)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def write_atomic(
    path: Path | str,
    data: bytes | str,
    option: str = "",
    *,
    durable: bool = True,
    mode: int | None = None,
) -> Path:
    """Write ``data`` to ``path`` atomically: a temporary file beside it, fsynced (when
    ``durable``), renamed over ``path``. On any error the old file (if any) is untouched, the
    temporary file removed, and an :class:`AerodromeError` names ``option`` and ``path``;
    an interruption (``KeyboardInterrupt``) removes the temporary file too, and goes on.

    A device or a pipe (``/dev/stdout``, ``/dev/full``) cannot be replaced: it is written
    directly, and its errors are reported the same way.

    ``mode``: the file's permission bits whatever the old file's or the umask (``0o600`` for a
    file that holds secrets); by default an existing file keeps its own."""
    # announced (and its leftovers cleaned) by the command's own check
    p = check_output(path, option, update=True, clean=False)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    st = _stat(p, option)
    if st is not None and not stat.S_ISREG(st.st_mode):
        try:
            fd = os.open(p, os.O_WRONLY)
            try:
                _write_all(fd, raw)
            finally:
                os.close(fd)
        except OSError as exc:
            raise _fail(option, path, f"cannot write: {describe_os_error(exc)}") from None
        return p
    fixed = mode
    mode = fixed if fixed is not None else stat.S_IMODE(st.st_mode) if st is not None else 0o666
    tmp = p.with_name(f".{p.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), mode)
        try:
            if fixed is not None and hasattr(os, "fchmod"):
                os.fchmod(fd, fixed)
            _write_all(fd, raw)
            if durable:
                os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, p)
    except OSError as exc:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise _fail(option, path, f"cannot write: {describe_os_error(exc)}") from None
    except BaseException:  # Ctrl-C or a signal's exception mid-write: no orphan left
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    if durable:
        fsync_folder(p.parent)
    return p


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "is a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "is a pipe (FIFO), not a regular file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "is a device, not a regular file"
    if stat.S_ISSOCK(mode):
        return "is a socket, not a regular file"
    return "is not a regular file"


def read_limited(path: Path | str, what: str = "", limit: int = MAX_INPUT_BYTES) -> bytes:
    """The bytes of the user file ``path``: the one reader of every file a user gives (spec,
    position, save, squadron, test file, TLS file). Regular files only: a folder, a pipe
    (FIFO), a device or a socket is refused at once (opening never blocks: a FIFO without a
    writer does not hang), and so is a file larger than ``limit`` (before it is read)."""
    p = Path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        if not hasattr(os, "O_NONBLOCK"):  # Windows: look before opening
            st = p.stat()
            if not stat.S_ISREG(st.st_mode):
                raise _fail(what, path, _kind(st.st_mode))
        fd = os.open(p, flags)
    except IsADirectoryError:
        raise _fail(what, path, "is a folder, not a file") from None
    except OSError as exc:
        raise _fail(what, path, f"cannot read: {describe_os_error(exc)}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise _fail(what, path, _kind(st.st_mode))
        if st.st_size > limit:
            raise _fail(what, path, f"too large: {st.st_size:,} bytes (the limit is {limit:,})")
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 2**20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
    except OSError as exc:
        raise _fail(what, path, f"cannot read: {describe_os_error(exc)}") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise _fail(what, path, f"too large: more than {limit:,} bytes")
    return data
