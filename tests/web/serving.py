"""A real ``aerodrome serve`` app for the tests: uvicorn in a thread on a free port of
127.0.0.1, its games in a temporary folder, and every version of every table kept (a copy of
the game after each change) so that a test can check what a page received against the game
as it stood."""

from __future__ import annotations

import copy
import dataclasses
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from aerodrome.engine.game import Game
from aerodrome.plugins import Plugins
from aerodrome.ui.web.app import create_app
from aerodrome.ui.web.tables import Table, Tables


class Kept(Tables):
    """Tables that keep a copy of each table's game at every version it had."""

    def __init__(self, plugins: Plugins, folder: Path | None) -> None:
        super().__init__(plugins, folder)
        self.versions: dict[tuple[str, int], Table] = {}

    def write(self, table: Table) -> None:
        with table.lock:
            game: Game[Any, Any, Any] = copy.deepcopy(table.game)
            self.versions[table.id, table.version] = dataclasses.replace(
                table, game=game, undone=list(table.undone), changed=None
            )
        super().write(table)


@dataclasses.dataclass
class Server:
    url: str
    tables: Kept


@contextmanager
def serving(plugins: Plugins, folder: Path, seed: int = 7) -> Iterator[Server]:
    import uvicorn

    tables = Kept(plugins, folder)
    app = create_app(tables, allowed_hosts=["127.0.0.1", "localhost"], seed=seed)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=1)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield Server(f"http://127.0.0.1:{port}", tables)
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()
