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
"""

from __future__ import annotations

import ipaddress
import os
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import msgspec

from aerodrome.errors import AerodromeError

#: Seconds a run waits for a Dask cluster that has no worker before it gives up.
DEFAULT_TIMEOUT = 120.0
LOCAL = "local"
_ADDRESS = re.compile(
    r"^(?P<scheme>[a-z]+)://(?P<host>\[[0-9a-fA-F:.]+\]|[A-Za-z0-9_.-]+):(?P<port>[0-9]{1,5})$"
)
_SCHEMES = ("tcp", "tls")


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
        import importlib

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
    if (tls_cert is None) != (tls_key is None):
        raise AerodromeError("--dask-tls-cert and --dask-tls-key go together")
    for option, value in tls.items():
        if value is not None and not Path(value).is_file():
            raise AerodromeError(f"{option} {value}: no such file")
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
