"""Issue 27 item 2: every Dask connection is bounded by ``--dask-timeout`` and by a size limit
on what it reads. A server that answers garbage, one that accepts and never answers, one
that answers a first connection and then hangs, a TLS CA file that is no certificate: one
line each, in about the timeout. A local cluster and its dashboard listen on 127.0.0.1."""

from __future__ import annotations

import asyncio
import socket
import ssl
import struct
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.robustness.conftest import Outcome, run_cli

pytest.importorskip("distributed")

#: Seconds a refused connection may take at most, with --dask-timeout 1 (it hung for ever).
PROMPT = 30.0
GARBAGE = b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n" * 4


def _fake_handshake() -> bytes:
    """A message shaped like Dask's first one (frame count, lengths, frames)."""
    frame = b"\x81\xa2op\xa9handshake" + b"\x00" * 16
    body = struct.pack("QQ", 1, len(frame)) + frame
    return struct.pack("Q", len(body)) + body


@contextmanager
def server(behaviour: str, context: ssl.SSLContext | None = None) -> Iterator[int]:
    """A TCP (or TLS) server on 127.0.0.1 that ``behaviour``s: ``garbage`` answers HTTP,
    ``silent`` accepts and never answers, ``once`` sends a Dask-like handshake to its first
    connection only and then hangs like ``silent``. Yields its port."""
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.2)
    held: list[socket.socket] = []
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                continue
            try:
                if context is not None:
                    conn.settimeout(5)
                    conn = context.wrap_socket(conn, server_side=True)
                if behaviour == "garbage":
                    conn.sendall(GARBAGE)
                elif behaviour == "once" and not held:
                    conn.sendall(_fake_handshake())
            except OSError:
                pass
            held.append(conn)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield listener.getsockname()[1]
    finally:
        stop.set()
        thread.join(5)
        for conn in held:
            conn.close()
        listener.close()


def _bounded(*args: str) -> tuple[Outcome, float]:
    """``aerodrome ARGS`` in a thread; fails the test if it outlives :data:`PROMPT`."""
    box: dict[str, Outcome] = {}
    start = time.monotonic()
    worker = threading.Thread(target=lambda: box.setdefault("r", run_cli(*args)), daemon=True)
    worker.start()
    worker.join(PROMPT)
    assert not worker.is_alive(), f"{args} still waiting after {PROMPT:g} s"
    return box["r"], time.monotonic() - start


def _simulate(address: str, *more: str) -> list[str]:
    return ["simulate", "joust", "-n", "2", "-q", "--dask", address, "--dask-timeout", "1", *more]


def test_a_server_answering_garbage_is_one_line() -> None:
    with server("garbage") as port:
        result, _ = _bounded(*_simulate(f"tcp://127.0.0.1:{port}"))
    result.one_line_error("--dask", "not a Dask scheduler")


def test_a_server_that_never_answers_is_given_up_after_the_timeout() -> None:
    with server("silent") as port:
        result, seconds = _bounded(*_simulate(f"tcp://127.0.0.1:{port}"))
    result.one_line_error("--dask", "no answer within 1 s")
    assert seconds < 10


def test_a_server_that_hangs_after_its_first_answer_is_given_up_too() -> None:
    with server("once") as port:
        result, seconds = _bounded(*_simulate(f"tcp://127.0.0.1:{port}"))
    assert "Traceback" not in result.err and result.code == 1, result.err
    result.one_line_error("--dask")
    assert seconds < 15


def test_the_messages_dask_reads_are_bounded() -> None:
    from distributed.comm import tcp

    from aerodrome.runs.cluster import MAX_MESSAGE, bounded_messages

    original = tcp.read_bytes_rw
    with bounded_messages(), pytest.raises(OSError, match="not trusted"):
        asyncio.run(tcp.read_bytes_rw(None, 3 * 2**60))  # garbage announced 3 EiB
    with bounded_messages(limit=8), pytest.raises(OSError, match="9 bytes"):
        asyncio.run(tcp.read_bytes_rw(None, 9))
    assert tcp.read_bytes_rw is original and MAX_MESSAGE >= 2**20


# -- TLS ----------------------------------------------------------------------------------------
def test_a_ca_file_that_is_no_certificate_is_one_line(tmp_path: Path) -> None:
    junk = tmp_path / "junk.pem"
    junk.write_text("not a certificate\n")
    with server("silent") as port:
        result, _ = _bounded(
            *_simulate(
                f"tls://127.0.0.1:{port}",
                "--dask-tls-ca-file",
                str(junk),
                "--dask-tls-cert",
                str(junk),
                "--dask-tls-key",
                str(junk),
            )
        )
    result.one_line_error("--dask-tls-ca-file", "not a PEM CA certificate")


def test_tls_needs_the_client_certificate_and_key(tmp_path: Path) -> None:
    ca = tmp_path / "ca.pem"
    ca.write_text("")
    result, _ = _bounded(*_simulate("tls://127.0.0.1:1", "--dask-tls-ca-file", str(ca)))
    result.one_line_error("--dask", "--dask-tls-cert and --dask-tls-key")


def _server_context(pki: dict[str, Path]) -> ssl.SSLContext:
    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH, cafile=str(pki["ca"]))
    ctx.load_cert_chain(str(pki["server"]), str(pki["server-key"]))
    ctx.verify_mode = ssl.CERT_REQUIRED
    return ctx


def _tls(pki: dict[str, Path], port: int, ca: str = "ca") -> list[str]:
    return _simulate(
        f"tls://127.0.0.1:{port}",
        "--dask-tls-ca-file",
        str(pki[ca]),
        "--dask-tls-cert",
        str(pki["client"]),
        "--dask-tls-key",
        str(pki["client-key"]),
    )


def test_tls_garbage_and_silence_are_one_line(pki: dict[str, Path]) -> None:
    with server("garbage", _server_context(pki)) as port:
        result, _ = _bounded(*_tls(pki, port))
    result.one_line_error("--dask", "not a Dask scheduler")
    with server("silent", _server_context(pki)) as port:
        result, _ = _bounded(*_tls(pki, port))
    result.one_line_error("--dask", "no answer within 1 s")


def test_a_scheduler_of_another_ca_is_refused(pki: dict[str, Path]) -> None:
    with server("garbage", _server_context(pki)) as port:
        result, _ = _bounded(*_tls(pki, port, ca="other-ca"))
    result.one_line_error("--dask", "TLS handshake failed")


def test_a_key_that_does_not_match_is_one_line(pki: dict[str, Path]) -> None:
    args = _tls(pki, 1)
    args[args.index("--dask-tls-key") + 1] = str(pki["server-key"])
    result, _ = _bounded(*args)
    result.one_line_error("--dask-tls-cert", "not a PEM certificate and its private key")


# -- a local cluster --------------------------------------------------------------------------------
def test_a_local_cluster_and_its_dashboard_listen_on_loopback_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import distributed

    from aerodrome.runs.parallel import Config, Engine
    from tests.conftest import PLUGINS

    seen: list[Any] = []

    class Spy(distributed.LocalCluster):  # type: ignore[misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            seen.append(self)

    monkeypatch.setattr(distributed, "LocalCluster", Spy)
    config = Config(ruleset="joust", setup="duel", agents=("random", "random"), games=2, seed=1)
    addresses: list[str] = []

    def progress(_: int) -> None:  # while the cluster runs
        (cluster,) = seen
        http = cluster.scheduler.http_server
        addresses.extend(s.getsockname()[0] for s in http._sockets.values())
        addresses.append(cluster.scheduler.address)

    records = list(Engine(PLUGINS, workers=1, dask="local").run([config], on_progress=progress))
    assert len(records) == 2
    assert addresses and all(
        a in ("127.0.0.1", "tcp://127.0.0.1") or a.startswith("tcp://127.0.0.1:") for a in addresses
    ), addresses
