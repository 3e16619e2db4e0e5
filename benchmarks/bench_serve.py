"""The browser table's server under load (issue 37): how many concurrent games and moves a
second ``aerodrome serve`` holds.

:func:`bench_serve` starts ``aerodrome serve`` as a command (uvicorn, one process, in a
subprocess on a free port of 127.0.0.1, a temporary ``--games`` folder, its limits raised
so that the load is not refused), then drives N games at once, each between two scripted
HTTP clients (httpx, one asyncio loop in this process), as two browser pages would: each
client fetches its seat's view (``GET /api/seat/TOKEN``: the board's SVG, the log, the
choices), and when asked posts a random choice (``POST /api/seat/TOKEN/act``) and fetches
its view again; a client not asked looks again after :data:`POLL` seconds (a page waits
for the server's event instead). A game over, its pair starts a new one. Every level of N is
played for :data:`WINDOW` seconds of wall time, for df40k's first-blood and classic's
two-player set-up, and gives the moves taken a second (answers accepted by the server), the
views served a second and the latencies of the answers and of the views (median, 95th and
99th percentiles, ms). A level is *held* when the 95th percentile of its answers stays under
:data:`HELD_MS` (a click answered within half a second).

The reference, measured in the same run: the raw engine's decisions a second for the same
set-ups, random agents in this process, no server (:func:`engine_rate`). Both run on the
same machine: the server's process and the clients' share its cores (2 on the reference
machine); the clients' process takes its part of them.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

#: The set-ups played: (ruleset, set-up).
SETUPS = (("df40k", "first-blood"), ("classic", "two-player"))
#: Concurrent games of each level.
LEVELS = (4, 8, 16, 32)
#: Wall seconds each level is played.
WINDOW = 8.0
#: Seconds a client not asked waits before it looks again.
POLL = 0.25
#: A level is held while the 95th percentile of its answers is under this many ms.
HELD_MS = 500.0
#: CPU seconds of the raw engine's reference per set-up.
ENGINE_SECONDS = 2.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def engine_rate(ruleset: str, setup: str, seconds: float = ENGINE_SECONDS) -> float:
    """The raw engine's decisions per CPU second: random agents play games of ``setup`` in
    this process, without a server, for about ``seconds``."""
    from aerodrome.engine.agents import agent_seed, random_agent
    from aerodrome.engine.driver import drive
    from aerodrome.engine.game import Game
    from aerodrome.plugins import load_plugins

    rules = load_plugins().ruleset(ruleset)
    made, seed = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        game = Game(rules, rules.setup(setup), seed=seed)
        seats = [random_agent(rules, p, agent_seed(seed, p)) for p in range(len(game.setup.seats))]
        made += drive(game, seats)
        seed += 1
    return made / (time.process_time() - start)


class Load:
    """What the clients of one level saw."""

    def __init__(self) -> None:
        self.moves = 0
        self.views = 0
        self.games = 0
        self.refused = 0
        self.dropped = 0
        self.act_ms: list[float] = []
        self.view_ms: list[float] = []


async def _send(client: Any, load: Load, method: str, path: str, **kw: Any) -> Any:
    """A request, sent again when the connection is dropped under it (a kept-alive
    connection the server closed as it was reused, as a browser retries it): counted."""
    import httpx

    for _ in range(5):
        try:
            return await client.request(method, path, **kw)
        except httpx.TransportError:
            load.dropped += 1
    return await client.request(method, path, **kw)


async def _seat(client: Any, token: str, rng: random.Random, load: Load, until: float) -> None:
    """One page: its view, and when asked a random choice, until the game ends or time is up."""
    while time.perf_counter() < until:
        t = time.perf_counter()
        r = await _send(client, load, "GET", f"/api/seat/{token}")
        load.view_ms.append((time.perf_counter() - t) * 1000)
        load.views += 1
        data = r.json()
        if data["over"]:
            return
        if not data["asked"]:
            await asyncio.sleep(POLL)
            continue
        choice = rng.randrange(len(data["choices"]))
        t = time.perf_counter()
        r = await _send(
            client,
            load,
            "POST",
            f"/api/seat/{token}/act",
            json={"choice": choice, "version": data["version"]},
        )
        if r.status_code == 200:
            load.act_ms.append((time.perf_counter() - t) * 1000)
            load.moves += 1
        else:  # the other seat's answer moved the game on (a simultaneous decision): again
            load.refused += 1


async def _pair(client: Any, ruleset: str, setup: str, seed: int, load: Load, until: float) -> None:
    """Two persons' pages playing game after game until time is up."""
    rng = random.Random(seed)
    while time.perf_counter() < until:
        r = await _send(
            client,
            load,
            "POST",
            "/api/games",
            json={
                "ruleset": ruleset,
                "setup": setup,
                "seats": ["person", "friend"],
                "seed": rng.randrange(10**6),
            },
        )
        r.raise_for_status()
        load.games += 1
        tokens = [link["link"].removeprefix("/seat/") for link in r.json()["links"]]
        await asyncio.gather(
            *(_seat(client, t, random.Random(rng.random()), load, until) for t in tokens)
        )


async def _level(url: str, ruleset: str, setup: str, games: int, window: float) -> Load:
    import httpx

    load = Load()
    limits = httpx.Limits(max_connections=2 * games + 4, max_keepalive_connections=2 * games + 4)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=60.0) as client:
        until = time.perf_counter() + window
        await asyncio.gather(
            *(_pair(client, ruleset, setup, 1000 * games + k, load, until) for k in range(games))
        )
    return load


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)


@contextlib.contextmanager
def _server(folder: Path) -> Any:
    """``aerodrome serve`` on a free port (limits raised for the load); yields its URL."""
    import httpx

    port = _free_port()
    command = [
        sys.executable,
        "-m",
        "aerodrome.ui.cli",
        "serve",
        "--port",
        str(port),
        "--games",
        str(folder),
        "--max-games",
        "10000",
        "--max-per-client",
        "10000",
        "--rate",
        "10000",
    ]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            if process.poll() is not None:
                raise RuntimeError(f"aerodrome serve ended: {process.stderr.read().decode()}")  # type: ignore[union-attr]
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(url + "/api/rulesets", timeout=1.0).status_code == 200:
                    break
            time.sleep(0.1)
        else:
            raise RuntimeError("aerodrome serve did not answer within 30 s")
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def bench_serve(*, seconds: float | None = None) -> dict[str, Any]:
    """Concurrent games and moves a second of `aerodrome serve`, with the raw engine's rate."""
    try:
        import httpx  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as exc:
        return {"skipped": f"needs the web extra and httpx ({exc.name} is missing)"}
    window = seconds or WINDOW
    out: dict[str, Any] = {
        "cores": os.cpu_count(),
        "window_s": window,
        "poll_s": POLL,
        "held_ms": HELD_MS,
    }
    with tempfile.TemporaryDirectory() as tmp, _server(Path(tmp) / "games") as url:
        for ruleset, setup in SETUPS:
            engine = engine_rate(ruleset, setup)
            rows = []
            held = 0
            for games in LEVELS:
                load = asyncio.run(_level(url, ruleset, setup, games, window))
                rate = load.moves / window
                p95 = _pct(load.act_ms, 0.95)
                if p95 < HELD_MS:
                    held = games
                rows.append(
                    {
                        "games": games,
                        "moves_per_s": round(rate, 1),
                        "views_per_s": round(load.views / window, 1),
                        "games_started": load.games,
                        "stale_answers": load.refused,
                        "dropped_connections": load.dropped,
                        "act_ms_p50": _pct(load.act_ms, 0.5),
                        "act_ms_p95": p95,
                        "act_ms_p99": _pct(load.act_ms, 0.99),
                        "view_ms_p50": _pct(load.view_ms, 0.5),
                        "view_ms_p95": _pct(load.view_ms, 0.95),
                        "engine_ratio": round(rate / engine, 4),
                    }
                )
            out[f"{ruleset}/{setup}"] = {
                "engine_decisions_per_cpu_s": round(engine, 1),
                "most_games_held": held,
                "best_moves_per_s": max(r["moves_per_s"] for r in rows),
                "levels": rows,
            }
    return out


def render_serve(figures: dict[str, Any]) -> str:
    """The figures as a table, one line per set-up and level."""
    if "skipped" in figures:
        return f"serve: skipped: {figures['skipped']}"
    lines = [
        f"serve: {figures['window_s']:g} s a level on {figures['cores']} cores; held: answers' "
        f"p95 under {figures['held_ms']:g} ms",
        f"{'set-up':<22} {'games':>5} {'moves/s':>8} {'views/s':>8} {'act p50':>8} "
        f"{'p95':>7} {'p99':>7} {'view p95':>9} {'engine':>9}",
    ]
    for key, found in figures.items():
        if not isinstance(found, dict):
            continue
        for row in found["levels"]:
            lines.append(
                f"{key:<22} {row['games']:>5} {row['moves_per_s']:>8.1f} "
                f"{row['views_per_s']:>8.1f} {row['act_ms_p50']:>8.1f} {row['act_ms_p95']:>7.1f} "
                f"{row['act_ms_p99']:>7.1f} {row['view_ms_p95']:>9.1f} "
                f"{found['engine_decisions_per_cpu_s']:>9.1f}"
            )
        lines.append(
            f"{key:<22} held {found['most_games_held']} games at once; raw engine "
            f"{found['engine_decisions_per_cpu_s']:.0f} decisions/CPU s"
        )
    return "\n".join(lines)
