"""``aerodrome serve`` as a person runs it: the command serves a working table on 127.0.0.1
(the start page, a game started, its seat's page and view), stops on Ctrl-C, and started
again resumes the game from its folder; another address than a loopback one is served with
a warning; a folder that cannot hold the games is one line."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from aerodrome.ui.cli.serve import allowed_hosts, loopback
from tests.conftest import stderr_apart


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def get(url: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="GET" if body is None else "POST")
    if body is not None:
        request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=30) as response:
        raw = response.read()
        kind = response.headers.get("content-type", "")
    return json.loads(raw) if kind.startswith("application/json") else raw.decode()


def serve(folder: Path, port: int) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "aerodrome.ui.cli", "serve", "--port", str(port)]
    command += ["--games", str(folder)]
    return subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=dict(os.environ, PYTHONUTF8="1", COLUMNS="200"),
    )


def wait(url: str, process: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(
                f"serve stopped: {process.stdout.read() if process.stdout else ''}"
            )
        try:
            get(url)
            return
        except OSError:
            time.sleep(0.2)
    raise AssertionError("serve did not answer within 60 s")


def stop(process: subprocess.Popen[str]) -> str:
    process.send_signal(signal.SIGINT)
    out, _ = process.communicate(timeout=30)
    return out


def test_serve_serves_a_table_and_resumes_it_after_a_restart(tmp_path: Path) -> None:
    folder, port = tmp_path / "games", free_port()
    url = f"http://127.0.0.1:{port}"
    first = serve(folder, port)
    try:
        wait(url + "/", first)
        assert "Start the game" in get(url + "/")
        made = get(url + "/api/games", {"ruleset": "df40k", "seats": ["person", "bot"], "seed": 3})
        (link,) = made["links"]
        assert "your seat" in get(url + link["link"])
        view = get(url + "/api" + link["link"])
        assert view["asked"] and view["choices"]
        answered = get(
            url + "/api" + link["link"] + "/act", {"choice": 0, "version": view["version"]}
        )
        assert answered["version"] == view["version"] + 1
        before = get(url + "/api" + link["link"])
    finally:
        out = stop(first)
    assert "aerodrome table at http://127.0.0.1:" in out and "(0 games resumed)" in out
    assert "Traceback" not in out
    assert (folder.stat().st_mode & 0o077) == 0, "the games folder is readable by others"
    second = serve(folder, port)
    try:
        wait(url + "/", second)
        after = get(url + "/api" + link["link"])
    finally:
        out = stop(second)
    assert "(1 game resumed)" in out
    assert after["log"] == before["log"] and after["choices"] == before["choices"]


def test_only_a_loopback_address_is_served_without_a_warning() -> None:
    assert loopback("127.0.0.1") and loopback("localhost") and loopback("::1")
    assert not loopback("0.0.0.0") and not loopback("192.168.1.20")
    assert allowed_hosts("0.0.0.0") is None
    assert "localhost" in (allowed_hosts("127.0.0.1") or [])


def test_serving_on_another_address_warns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    from aerodrome.ui.cli import app

    ran: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: ran.append(options))
    runner = stderr_apart()
    result = runner.invoke(app, ["serve", "--host", "0.0.0.0", "--games", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "serving on 0.0.0.0: anybody who can reach this address" in result.stderr
    assert ran and ran[0]["host"] == "0.0.0.0"
    quiet = runner.invoke(app, ["serve", "--games", str(tmp_path)])
    assert quiet.exit_code == 0 and "anybody" not in quiet.stderr
    assert ran[1]["host"] == "127.0.0.1"


def test_a_games_folder_that_is_a_file_is_one_line(tmp_path: Path) -> None:
    spot = tmp_path / "file"
    spot.write_text("x")
    command = [sys.executable, "-m", "aerodrome.ui.cli", "serve", "--games", str(spot)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    (line,) = done.stderr.strip().splitlines()
    assert "--games" in line and "not a folder" in line
