"""Where ``--dask`` runs games, and how safely: the address, TLS, and clean worker starts.

A Dask cluster is *trusted code*: it runs the code the client sends it, and the client
unpickles what it sends back, so whoever controls the scheduler or a worker can run code in
the client. :func:`dask_target` therefore refuses an unencrypted, unauthenticated ``tcp://``
address that is not on this machine unless ``--dask-insecure`` is given, and builds Dask's
TLS security (``--dask-tls-ca-file``, ``--dask-tls-cert``, ``--dask-tls-key``) for
``tls://``. See ``docs/security.md``.

Worker processes started on this machine (the process pool and ``--dask local``) start with a
clean ``sys.path`` (:func:`clean_start`): a ``selectors.py`` or a ``*.dist-info`` lying in the
current directory is never imported or loaded as a plugin there.

Every connection is bounded (:func:`dask_client`): the TLS files are read and checked before
any work (:func:`tls_context`); a scheduler is first probed with a socket of our own
(:func:`probe`: it must answer within ``--dask-timeout`` with a Dask handshake of sane size,
so a server that answers garbage or never answers is one line); Dask's own client is then
started within the same timeout, and every message it reads is bounded by
:data:`MAX_MESSAGE` (Dask trusts an 8-byte length: garbage asked it for 3 EiB). A local
cluster and its dashboard listen on 127.0.0.1 only.
"""

from __future__ import annotations

import contextlib
import importlib
import ipaddress
import os
import re
import socket
import ssl
import struct
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.files import read_limited

T = TypeVar("T")

#: Seconds a run waits for a Dask cluster that has no worker before it gives up.
DEFAULT_TIMEOUT = 120.0
LOCAL = "local"
_ADDRESS = re.compile(
    r"^(?P<scheme>[a-z]+)://(?P<host>\[[0-9a-fA-F:.]+\]|[A-Za-z0-9_.-]+):(?P<port>[0-9]{1,5})$"
)
_SCHEMES = ("tcp", "tls")
#: This machine only: where a local cluster, its workers and its dashboard listen.
LOOPBACK = "127.0.0.1"
#: The largest message read from a Dask cluster (bytes). A chunk's answer is its games' JSON
#: Lines (about 10 KiB a game with the comparison's detail); 256 MiB is far above any chunk.
MAX_MESSAGE = 256 * 2**20
#: The largest first message (handshake) a scheduler may send: a few hundred bytes in Dask.
MAX_HANDSHAKE = 2**20
#: The largest TLS file read (a CA bundle of a few hundred certificates is under 1 MiB).
MAX_TLS_FILE = 4 * 2**20


class DaskTarget(msgspec.Struct, frozen=True, kw_only=True):
    """A checked ``--dask`` target: ``local``, or a scheduler address with its security."""

    address: str
    tls_ca_file: str | None = None
    tls_cert: str | None = None
    tls_key: str | None = None
    insecure: bool = False
    timeout: float = DEFAULT_TIMEOUT

    @property
    def local(self) -> bool:
        return self.address == LOCAL

    def security(self) -> Any:
        """Dask's ``Security`` for a ``tls://`` address (None otherwise)."""
        if not self.address.startswith("tls://"):
            return None
        security: Any = importlib.import_module("distributed.security").Security
        return security(
            tls_ca_file=self.tls_ca_file,
            tls_client_cert=self.tls_cert,
            tls_client_key=self.tls_key,
            require_encryption=True,
        )


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a name or an address, IPv6 in brackets) is this machine."""
    host = host.strip("[]")
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def dask_target(
    address: str | DaskTarget,
    *,
    tls_ca_file: Path | str | None = None,
    tls_cert: Path | str | None = None,
    tls_key: Path | str | None = None,
    insecure: bool = False,
    timeout: float = DEFAULT_TIMEOUT,
) -> DaskTarget:
    """Check ``--dask ADDRESS`` and its security options; errors in one line."""
    if isinstance(address, DaskTarget):
        return address
    tls = {
        "--dask-tls-ca-file": tls_ca_file,
        "--dask-tls-cert": tls_cert,
        "--dask-tls-key": tls_key,
    }
    given = [k for k, v in tls.items() if v is not None]
    if not timeout > 0 or timeout > 86_400:
        raise AerodromeError(f"--dask-timeout {timeout:g}: give seconds from 1 to 86400")
    if address == LOCAL:
        if given:
            raise AerodromeError(f"{given[0]}: --dask local runs on this machine, without TLS")
        return DaskTarget(address=LOCAL, timeout=timeout)
    m = _ADDRESS.match(address)
    if m is None:
        raise AerodromeError(
            f"--dask {address}: expected 'local' or a scheduler address SCHEME://HOST:PORT "
            "(tls://scheduler.example.org:8786)"
        )
    scheme, host, port = m["scheme"], m["host"], int(m["port"])
    if scheme not in _SCHEMES:
        raise AerodromeError(
            f"--dask {address}: the scheme {scheme}:// is not supported (use tls://, or tcp:// "
            "on this machine)"
        )
    if not 1 <= port <= 65535:
        raise AerodromeError(f"--dask {address}: port {port} is not between 1 and 65535")
    if scheme == "tcp" and given:
        raise AerodromeError(f"{given[0]}: TLS options need a tls:// address, not {address}")
    if scheme == "tcp" and not insecure and not is_loopback(host):
        raise AerodromeError(
            f"--dask {address}: tcp:// is neither encrypted nor authenticated, and a Dask "
            "cluster runs code in this process; use tls:// with --dask-tls-ca-file, "
            "--dask-tls-cert and --dask-tls-key, or accept the risk with --dask-insecure "
            "(see docs/security.md)"
        )
    if scheme == "tls" and tls_ca_file is None:
        raise AerodromeError(
            f"--dask {address}: tls:// needs --dask-tls-ca-file (and usually --dask-tls-cert "
            "and --dask-tls-key) to check the scheduler"
        )
    if scheme == "tls" and (tls_cert is None or tls_key is None):
        raise AerodromeError(
            f"--dask {address}: tls:// needs --dask-tls-cert and --dask-tls-key too (Dask's "
            "TLS authenticates the client as well as the scheduler)"
        )
    for option, value in tls.items():
        if value is not None:  # regular files, bounded: a FIFO given as a CA does not block
            read_limited(value, option, MAX_TLS_FILE)
    if scheme == "tls":
        tls_context(str(tls_ca_file), str(tls_cert), str(tls_key))
    return DaskTarget(
        address=address,
        tls_ca_file=None if tls_ca_file is None else str(tls_ca_file),
        tls_cert=None if tls_cert is None else str(tls_cert),
        tls_key=None if tls_key is None else str(tls_key),
        insecure=insecure,
        timeout=timeout,
    )


def _is_cwd(entry: str, cwd: str | None) -> bool:
    if entry in ("", "."):
        return True
    if cwd is None:
        return False
    try:
        return os.path.realpath(entry) == cwd
    except (OSError, ValueError):
        return False


@contextmanager
def clean_start() -> Iterator[None]:
    """While worker processes start: no current directory on ``sys.path`` (workers copy it)
    and ``PYTHONSAFEPATH=1`` (a worker interpreter started with ``-c`` does not put the
    current directory first either). Both are restored afterwards."""
    try:
        cwd: str | None = os.path.realpath(os.getcwd())
    except OSError:
        cwd = None
    saved_path = list(sys.path)
    saved_env = os.environ.get("PYTHONSAFEPATH")
    sys.path[:] = [p for p in sys.path if not _is_cwd(p, cwd)]
    os.environ["PYTHONSAFEPATH"] = "1"
    try:
        yield
    finally:
        sys.path[:] = saved_path
        if saved_env is None:
            os.environ.pop("PYTHONSAFEPATH", None)
        else:
            os.environ["PYTHONSAFEPATH"] = saved_env


def drop_cwd_from_path() -> None:
    """In a worker: remove the current directory from ``sys.path`` if it is there."""
    try:
        cwd: str | None = os.path.realpath(os.getcwd())
    except OSError:
        cwd = None
    sys.path[:] = [p for p in sys.path if not _is_cwd(p, cwd)]


# -- bounded connections ------------------------------------------------------------------------
def tls_context(ca_file: str, cert: str, key: str) -> ssl.SSLContext:
    """The client's TLS context, built as Dask builds it (CA checked, client certificate, TLS
    1.2 at least, no host name check: Dask clusters use their own CA and IP addresses); a
    file that is no PEM certificate or key is one line naming its option."""
    try:
        ctx = ssl.create_default_context(ssl.Purpose.SERVER_AUTH, cafile=ca_file)
    except (ssl.SSLError, ValueError, OSError) as exc:
        raise AerodromeError(
            f"--dask-tls-ca-file {ca_file}: not a PEM CA certificate ({_reason(exc)})"
        ) from None
    try:
        ctx.load_cert_chain(cert, key)
    except (ssl.SSLError, ValueError, OSError) as exc:
        raise AerodromeError(
            f"--dask-tls-cert {cert} / --dask-tls-key {key}: not a PEM certificate and its "
            f"private key ({_reason(exc)})"
        ) from None
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_REQUIRED
    return ctx


def _reason(exc: BaseException) -> str:
    if isinstance(exc, ssl.SSLError) and exc.reason:
        return str(exc.reason).replace("_", " ").lower()
    return str(exc) or type(exc).__name__


def _host_port(address: str) -> tuple[str, int]:
    m = _ADDRESS.match(address)
    assert m is not None, address  # checked by dask_target
    return m["host"].strip("[]"), int(m["port"])


def _read_exactly(sock: socket.socket, n: int, deadline: float) -> bytes:
    data = bytearray()
    while len(data) < n:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        sock.settimeout(left)
        chunk = sock.recv(min(n - len(data), 65536))
        if not chunk:
            raise ConnectionError("the connection was closed")
        data += chunk
    return bytes(data)


def probe(target: DaskTarget) -> None:
    """Check that the scheduler at ``target`` speaks Dask, bounded in time and size: connect
    (and shake hands in TLS) and read its first message (a scheduler sends its handshake
    at once), all within ``target.timeout``; the message's announced length must be at most
    :data:`MAX_HANDSHAKE` and its frames consistent. Errors are one line naming the address."""
    host, port = _host_port(target.address)
    where = f"--dask {target.address}"
    deadline = time.monotonic() + target.timeout
    try:
        sock = socket.create_connection((host, port), timeout=target.timeout)
    except TimeoutError:
        raise AerodromeError(f"{where}: no connection within {target.timeout:g} s") from None
    except OSError as exc:
        raise AerodromeError(f"{where}: cannot connect: {exc.strerror or exc}") from None
    try:
        if target.address.startswith("tls://"):
            ctx = tls_context(str(target.tls_ca_file), str(target.tls_cert), str(target.tls_key))
            sock.settimeout(max(0.001, deadline - time.monotonic()))
            sock = ctx.wrap_socket(sock, server_hostname=host)
        (size,) = struct.unpack("Q", _read_exactly(sock, 8, deadline))
        if not 16 <= size <= MAX_HANDSHAKE:
            raise AerodromeError(
                f"{where}: not a Dask scheduler (its first message announces {size:,} bytes; "
                f"a Dask handshake is a few hundred)"
            )
        body = _read_exactly(sock, size, deadline)
        (frames,) = struct.unpack("Q", body[:8])
        lengths = struct.unpack(f"{frames}Q", body[8 : 8 + 8 * frames]) if frames < 64 else ()
        if not 1 <= frames < 64 or 8 + 8 * frames + sum(lengths) > size:
            raise AerodromeError(f"{where}: not a Dask scheduler (its first message is not)")
    except TimeoutError:
        raise AerodromeError(
            f"{where}: no answer within {target.timeout:g} s (--dask-timeout); is it a Dask "
            "scheduler?"
        ) from None
    except ssl.SSLError as exc:
        raise AerodromeError(f"{where}: the TLS handshake failed ({_reason(exc)})") from None
    except (OSError, struct.error) as exc:
        raise AerodromeError(f"{where}: not a Dask scheduler ({exc})") from None
    finally:
        sock.close()


def _within(seconds: float, what: str, work: Callable[[], T]) -> T:
    """``work()``, given up after ``seconds`` (its thread is left to end with the process:
    Dask's client reads its handshake without a timeout of its own)."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = work()
        except BaseException as exc:  # handed to the caller's thread
            box["error"] = exc

    thread = threading.Thread(target=run, name="aerodrome-dask-connect", daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        raise AerodromeError(f"{what}: no answer within {seconds:g} s (--dask-timeout)")
    if "error" in box:
        raise box["error"]
    value: T = box["value"]
    return value


@contextmanager
def bounded_messages(limit: int = MAX_MESSAGE) -> Iterator[None]:
    """While a run talks to Dask: every message Dask reads is at most ``limit`` bytes (Dask
    allocates the length a peer announces before reading it). Restored afterwards."""
    try:
        tcp: Any = importlib.import_module("distributed.comm.tcp")
    except ImportError:
        yield
        return
    original = getattr(tcp, "read_bytes_rw", None)
    if original is None:  # another Dask: its reads stay as they are (the probe still bounds)
        yield
        return

    async def bounded(stream: Any, n: int) -> Any:
        if n > limit:
            raise OSError(f"a message of {n:,} bytes (more than {limit:,}): not trusted")
        return await original(stream, n)

    tcp.read_bytes_rw = bounded
    try:
        yield
    finally:
        tcp.read_bytes_rw = original


@contextmanager
def dask_client(target: DaskTarget, workers: int) -> Iterator[Any]:
    """A Dask client for ``target`` (``local``: a cluster of ``workers`` processes started on
    127.0.0.1 for the run, its dashboard too), every connection bounded (see the module);
    closed, and a local cluster shut down, at the end, on an error or an interrupt."""
    import logging

    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise AerodromeError("--dask needs Dask: pip install 'aerodrome[dask]'") from None
    where = f"--dask {target.address}"
    cluster: Any = None
    client: Any = None
    with bounded_messages():
        try:
            if target.local:
                with clean_start():
                    cluster = distributed.LocalCluster(
                        n_workers=workers,
                        threads_per_worker=1,
                        processes=True,
                        host=LOOPBACK,
                        dashboard_address=f"{LOOPBACK}:0",
                        silence_logs=logging.ERROR,
                    )
                client = distributed.Client(cluster)
            else:
                probe(target)
                security = target.security()
                client = _within(
                    target.timeout,
                    where,
                    lambda: distributed.Client(
                        target.address, timeout=target.timeout, security=security
                    ),
                )
        except (OSError, TimeoutError) as exc:
            if cluster is not None:
                cluster.close()
            raise AerodromeError(f"{where}: cannot connect: {exc}") from None
        except BaseException:
            if cluster is not None:
                cluster.close()
            raise
        try:
            yield client
        finally:
            with contextlib.suppress(Exception):  # a scheduler gone away: nothing to close
                client.close(timeout=target.timeout)
            if cluster is not None:
                cluster.close(timeout=target.timeout)
