"""The HTML report of ``aerodrome compare --report`` in a real browser (Debian's chromium
driven by Playwright): it loads from disk with no console error and shows every plot."""

from __future__ import annotations

from pathlib import Path

import pytest

from aerodrome.metrics.compare import run_comparison
from aerodrome.plugins import Plugins
from aerodrome.report import PLOTS, write_report

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

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="needs Debian's chromium at /usr/bin/chromium (apt-get install chromium)",
)


def test_report_loads_without_errors_and_shows_every_plot(plugins: Plugins, tmp_path: Path) -> None:
    from playwright import sync_api  # the test extra; with chromium present it must run

    result = run_comparison(plugins, ["joust"], games=20, seed=1, workers=1)
    page_path = write_report(result, tmp_path / "report")
    errors: list[str] = []
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            failed: list[str] = []
            page.on("requestfailed", lambda r: failed.append(r.url))
            page.goto(page_path.as_uri(), wait_until="load")
            assert page.title() == "aerodrome compare"
            assert page.locator("#metrics tbody tr").count() == len(result.metrics)
            for plot_id, title, _ in PLOTS:
                figure = page.locator(f"figure#{plot_id}")
                assert figure.locator("h3").inner_text() == title
                svg = figure.locator("svg")
                assert svg.count() == 1
                svg.scroll_into_view_if_needed()
                assert svg.is_visible(), plot_id
                box = svg.bounding_box()
                assert box is not None and box["width"] > 300 and box["height"] > 150, plot_id
                assert svg.locator("path").count() > 10, plot_id  # axes, ticks and data drawn
        finally:
            browser.close()
    assert errors == []
    assert failed == []
