"""The HTML report of ``aerodrome compare --report`` and ``aerodrome sweep --report`` in a real
browser (Debian's chromium driven by Playwright, never a downloaded browser): it loads from
disk with no console error, leads with the verdicts, shows every plot, and no text of any
plot lies outside its SVG or on top of other text."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from aerodrome.plugins import Plugins, load_plugins
from aerodrome.studies.compare.run import run_comparison
from aerodrome.studies.compare.sweep import parse_range, run_sweep
from aerodrome.studies.report import PLOTS, write_report
from tests.conftest import example_module
from tests.core import countdown

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
#: Pixels a text may stray over its SVG's edge (anti-aliasing).
SLACK = 0.5

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="needs Debian's chromium at /usr/bin/chromium (apt-get install chromium)",
)


def toy_plugins() -> Plugins:
    """The example ruleset and the comparison's toy (with a variant and parameters)."""
    return load_plugins(extra=[("joust", example_module()), ("countdown", countdown)])


def open_page(pw: Any, page_path: Path, errors: list[str], failed: list[str]) -> Any:
    browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("requestfailed", lambda r: failed.append(r.url))
    page.goto(page_path.as_uri(), wait_until="load")
    return browser, page


def inside(box: dict[str, float], frame: dict[str, float]) -> bool:
    return (
        box["x"] >= frame["x"] - SLACK
        and box["y"] >= frame["y"] - SLACK
        and box["x"] + box["width"] <= frame["x"] + frame["width"] + SLACK
        and box["y"] + box["height"] <= frame["y"] + frame["height"] + SLACK
    )


def overlap(a: dict[str, float], b: dict[str, float]) -> float:
    w = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
    h = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
    return max(0.0, w) * max(0.0, h)


def check_texts(page: Any) -> int:
    """Every text of every plot inside its SVG, and no two texts of a plot on top of each
    other; returns how many texts were checked."""
    checked = 0
    svgs = page.locator("figure svg")
    for i in range(svgs.count()):
        svg = svgs.nth(i)
        svg.scroll_into_view_if_needed()
        where = svg.evaluate("s => s.closest('figure').id")
        frame = svg.bounding_box()
        assert frame is not None and frame["width"] > 300, where
        # matplotlib draws each text (title, labels, ticks, legend) as a group text_N
        boxes = svg.evaluate(
            """s => Array.from(s.querySelectorAll('g[id^="text_"]')).map(g => {
                   const r = g.getBoundingClientRect();
                   return {x: r.x, y: r.y, width: r.width, height: r.height};
               }).filter(r => r.width > 0 && r.height > 0)"""
        )
        assert len(boxes) >= 5, f"{where}: {len(boxes)} texts"
        for box in boxes:
            assert inside(box, frame), f"{where}: a text at {box} leaves its SVG {frame}"
        for a, b in itertools.combinations(boxes, 2):
            assert overlap(a, b) < 1.0, f"{where}: texts at {a} and {b} overlap"
        checked += len(boxes)
    return checked


def test_the_compare_report_leads_with_verdicts_and_keeps_text_in_its_plots(
    tmp_path: Path,
) -> None:
    from playwright import sync_api  # the test extra; with chromium present it must run

    result = run_comparison(
        toy_plugins(),
        ["countdown", "joust"],
        variants=["burn-a-die", "red-rolls-one-more"],
        games=20,
        workers=1,
    )
    assert result.verdicts
    page_path = write_report(result, tmp_path / "report")
    errors: list[str] = []
    failed: list[str] = []
    with sync_api.sync_playwright() as pw:
        browser, page = open_page(pw, page_path, errors, failed)
        try:
            assert page.title() == "aerodrome compare"
            # the verdicts come first: the first section, in the first screenful
            first = page.locator("section").first
            assert first.get_attribute("id") == "verdicts"
            box = first.bounding_box()
            assert box is not None and box["y"] + box["height"] < 900
            assert first.is_visible()
            text = first.inner_text()
            for v in result.verdicts:
                assert v.label in text and "balance" in v.text and "unchanged" not in v.text
            table = page.locator("#difference-table").bounding_box()
            assert table is not None and table["y"] > box["y"]
            assert page.locator("#metrics tbody tr").count() == len(result.metrics)
            for plot_id, title, _ in PLOTS:
                figure = page.locator(f"figure#{plot_id}")
                assert figure.locator("h3").inner_text() == title
                assert figure.locator("svg").is_visible(), plot_id
            assert check_texts(page) > 40
        finally:
            browser.close()
    assert errors == []
    assert failed == []


def test_the_sweep_report_plots_each_metric_against_the_parameter(tmp_path: Path) -> None:
    from playwright import sync_api

    sweep = run_sweep(
        toy_plugins(),
        "countdown",
        parse_range("length=2..9"),
        games=12,
        seed=1,
        target=("duration-turns", 7.0),
        workers=1,
    )
    page_path = write_report(sweep.comparison, tmp_path / "report", sweep=sweep)
    errors: list[str] = []
    failed: list[str] = []
    with sync_api.sync_playwright() as pw:
        browser, page = open_page(pw, page_path, errors, failed)
        try:
            assert page.locator("section").first.get_attribute("id") == "verdicts"
            assert "crosses 7" in page.locator("#crossing").inner_text()
            assert page.locator("figure.sweep").count() == len(sweep.metrics)
            assert check_texts(page) > 40
        finally:
            browser.close()
    assert errors == []
    assert failed == []


def test_the_sensitivity_report_draws_a_tornado_per_metric(tmp_path: Path) -> None:
    """``aerodrome sensitivity --report``: a tornado chart per metric, every text inside its
    SVG and none on another, a bar linking to its change's sample game, no console error."""
    from playwright import sync_api

    from aerodrome.studies.sensitivity import run_study
    from aerodrome.studies.sensitivity_report import write_sensitivity_report
    from tests.conftest import PLUGINS

    result, plans = run_study(PLUGINS, "df40k", games=20, seed=2, workers=1)
    page_path = write_sensitivity_report(result, tmp_path / "report", PLUGINS, plans)
    errors: list[str] = []
    failed: list[str] = []
    with sync_api.sync_playwright() as pw:
        browser, page = open_page(pw, page_path, errors, failed)
        try:
            assert page.locator("figure svg").count() == len(result.metrics)
            assert check_texts(page) > 3 * len(result.metrics)
            links = page.locator("figure svg a")
            assert links.count() >= len(result.changes)
            href = links.first.get_attribute("xlink:href") or links.first.get_attribute("href")
            assert href is not None and (tmp_path / "report" / href).is_file()
        finally:
            browser.close()
    assert errors == []
    assert failed == []
