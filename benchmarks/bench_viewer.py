"""The replay viewer (issue #15): how fast a page of 1,000 actions loads in headless
Chromium (Debian's package, driven by Playwright as the browser tests do), and what it
weighs.

- :func:`bench_page_1000_actions`: the first 1,000 actions of a random game of classic's
  four-player set-up (five views: the referee and four seats). Target: loaded in under 2 s.
- :func:`bench_page_dockfighters`: the longest picture of the built-in rulesets (a hex map
  with every hex drawn), over a whole random game of its longest set-up.

A ruleset that draws no SVG yet gets a stand-in picture (``stand_in_pictures`` in the
figures): a 16 × 22 board of squares and one line of text per value of the observation, so
that the pictures change from step to step as a real board's would. Re-run once the
ruleset's own ``draw_svg`` is in.

Load time is measured from the navigation to the moment the page's script has drawn the
first step (``html[data-ready]``), as the browser reports it (``performance.now()``), the
median and worst of several fresh tabs; ``step_ms`` is the mean time of one step forward
(picture put together and drawn, log highlighted) over every step of the game.
"""

from __future__ import annotations

import copy
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

import msgspec

from aerodrome.engine.agents import agent_seed
from aerodrome.engine.driver import drive
from aerodrome.engine.game import Game
from aerodrome.plugins import load_plugins
from aerodrome.runs.viewer import record_game, write_page

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
#: Target: a page of 1,000 actions loads in under this many seconds.
TARGET_SECONDS = 2.0
#: Fresh tabs timed per page.
LOADS = 7


def _random_game(name: str, setup: str, actions: int) -> Game[Any, Any, Any]:
    """The first ``actions`` actions of the first seeded random game that has that many (or
    the longest of the first 20 seeds)."""
    ruleset = load_plugins().ruleset(name)
    from aerodrome.engine.agents import random_agent

    best: Game[Any, Any, Any] | None = None
    for seed in range(20):
        game = Game(ruleset, setup, seed)
        agents = [
            random_agent(ruleset, p, agent_seed(seed, p)) for p in range(len(game.setup.seats))
        ]
        drive(game, agents, limit=actions)
        if best is None or len(game.history) > len(best.history):
            best = game
        if len(game.history) >= actions:
            break
    assert best is not None
    return best


def _leaves(value: Any, path: str = "") -> list[str]:
    if isinstance(value, dict):
        return [line for k, v in value.items() for line in _leaves(v, f"{path}.{k}")]
    if isinstance(value, list):
        return [line for i, v in enumerate(value) for line in _leaves(v, f"{path}[{i}]")]
    return [f"{path}: {value}"]


def stand_in_svg(view: Any) -> str:
    """A stand-in picture of ``view`` for a ruleset that draws none (see the docstring)."""
    board = "".join(
        f'<rect x="{20 * c}" y="{20 * r}" width="20" height="20" fill="#eee" stroke="#999"/>'
        for r in range(22)
        for c in range(16)
    )
    lines = "".join(
        f'<text x="340" y="{12 + 12 * i}" font-size="10">{escape(line)}</text>'
        for i, line in enumerate(_leaves(msgspec.to_builtins(view)))
    )
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900">{board}{lines}</svg>'


def _measure(name: str, setup: str, actions: int) -> dict[str, Any]:
    from playwright import sync_api

    played = _random_game(name, setup, actions)
    ruleset = played.ruleset
    stand_in = ruleset.draw_svg(played.observation(None)) is None
    if stand_in:
        ruleset = copy.copy(ruleset)
        ruleset.draw_svg = stand_in_svg  # type: ignore[method-assign]
    start = time.perf_counter()
    rec = record_game(ruleset, played.setup, played.seed, played.history)
    recorded = time.perf_counter() - start
    folder = Path(tempfile.mkdtemp(prefix="aerodrome-viewer-bench-"))
    path = write_page(rec, folder / "page.html")
    loads: list[float] = []
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            for _ in range(LOADS):
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                errors: list[str] = []
                page.on("pageerror", lambda e: errors.append(str(e)))  # noqa: B023
                page.goto(path.as_uri(), wait_until="load")
                page.wait_for_selector("html[data-ready=true]")
                loads.append(page.evaluate("performance.now()") / 1000)
                assert not errors, errors
                step_ms = page.evaluate(
                    """() => {
                        const next = document.getElementById("next");
                        const t = performance.now();
                        let n = 0;
                        while (!next.disabled) { next.click(); n++; }
                        return n ? (performance.now() - t) / n : 0;
                    }"""
                )
                page.close()
        finally:
            browser.close()
    size = path.stat().st_size
    path.unlink()
    folder.rmdir()
    return {
        "ruleset": name,
        "setup": setup,
        "actions": rec.actions,
        "views": len(rec.views),
        "pictures_drawn": sum(len(v.pictures) for v in rec.views),
        "distinct_pictures": len(rec.runs),
        "pieces": len(rec.pieces),
        "page_kib": round(size / 1024),
        "record_seconds": round(recorded, 2),
        "load_seconds_median": round(statistics.median(loads), 3),
        "load_seconds_max": round(max(loads), 3),
        "step_ms": round(step_ms, 2),
        "target_seconds": TARGET_SECONDS,
        "stand_in_pictures": stand_in,
    }


def bench_page_1000_actions() -> dict[str, Any]:
    """1,000 actions of classic, four seats: loaded in under 2 s?"""
    figures = _measure("classic", "four-player", 1000)
    figures["met"] = figures["load_seconds_max"] < TARGET_SECONDS and figures["actions"] == 1000
    return figures


def bench_page_dockfighters() -> dict[str, Any]:
    """A whole random game of Dockfighters' longest set-up (the largest pictures)."""
    return _measure("dockfighters", "airstrip-visit", 1000)
