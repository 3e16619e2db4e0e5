"""``aerodrome serve`` in a real browser (Debian's chromium driven by Playwright): a person
starts a game of every ruleset from the start page and plays it to its end by clicking, on
the board where a choice has a place, else in the list; and two browsers play one game as
two friends, every JSON each page received (and its final text) checked to hold nothing of
the other seat's secrets (classic's hands and Hit guns, df40k's orders; see
:mod:`tests.web.secrets_check`)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from aerodrome.plugins import Plugins
from tests.browser.test_report_browser import ARGS, CHROMIUM
from tests.web.secrets_check import Found, check
from tests.web.serving import Server, serving

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="needs Debian's chromium at /usr/bin/chromium (apt-get install chromium)",
)

#: (ruleset, set-up, seed): short games, so that the whole game is clicked through.
GAMES = [
    ("classic", "two-player", 2),
    ("df40k", "first-blood", 1),
    ("victoriana", "11-group", 1),
    ("dockfighters", "duel", 1),
]
#: A person's decisions at most in one test (the games above take 5 to 60).
MOST = 150
#: The decisions of a two-browser game checked (hands, guns and two rounds of orders).
TWO_BROWSERS_DECISIONS = 30


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright import sync_api

    with sync_api.sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(scope="module")
def server(plugins: Plugins, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serving(plugins, tmp_path_factory.mktemp("games")) as running:
        yield running


def watched(page: Any) -> list[str]:
    """The page's console errors, failed requests and uncaught exceptions, as they come."""
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("requestfailed", lambda r: errors.append(f"failed: {r.url}"))
    return errors


def settled(page: Any) -> str:
    """Wait until the page shows a question, waits for another seat, or the end."""
    page.wait_for_selector(
        "html[data-state=asked], html[data-state=over], html[data-state=waiting]"
    )
    return str(page.get_attribute("html", "data-state"))


def click_a_choice(page: Any, rng: random.Random, on_board: list[int]) -> None:
    """One decision by clicking: a place on the board (its choices alone, or the one it
    stands for), else a choice of the list; returns when the page shows the next version."""
    version = page.get_attribute("html", "data-version")
    targets = page.locator("#board .target")
    if targets.count() and rng.random() < 0.8:
        targets.nth(rng.randrange(targets.count())).click()
        on_board[0] += 1
        page.wait_for_function(
            "v => document.documentElement.dataset.version !== v"
            " || !document.getElementById('picked').hidden",
            arg=version,
        )
    if page.get_attribute("html", "data-version") == version:
        buttons = page.locator("button.choice:visible")
        count = buttons.count()
        if count == 0:  # every choice folded in its group: open one
            page.locator("#choices details:not([open]) > summary").first.click()
            buttons = page.locator("button.choice:visible")
            count = buttons.count()
        assert count, "asked, with no choice to click"
        from playwright.sync_api import TimeoutError as ClickTimeout

        try:
            buttons.nth(rng.randrange(count)).click(timeout=10_000)
        except ClickTimeout:  # the list was drawn again meanwhile
            if page.get_attribute("html", "data-version") == version:
                raise
            return  # the other seat answered first (seen in CI under load): asked again
        page.wait_for_function("v => document.documentElement.dataset.version !== v", arg=version)


@pytest.mark.parametrize(("name", "setup", "seed"), GAMES, ids=[g[0] for g in GAMES])
def test_a_person_plays_a_whole_game_against_the_bot_by_clicking(
    browser: Any, server: Server, name: str, setup: str, seed: int
) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    errors = watched(page)
    rng = random.Random(seed)
    try:
        page.goto(server.url + "/", wait_until="load")
        page.wait_for_selector("html[data-ready=true]")
        page.select_option("#ruleset", name)
        page.select_option("#setup", setup)
        assert page.locator(".seat-kind").count() == 2
        page.locator(".seat-kind").nth(0).select_option("person")
        page.locator(".seat-kind").nth(1).select_option("bot")
        page.fill("#seed", str(seed))
        page.click("#start-game")
        page.wait_for_url("**/seat/**")
        on_board = [0]
        decisions = 0
        while settled(page) != "over":
            assert page.get_attribute("html", "data-state") == "asked", "a bot seat never moved"
            assert page.locator("#board svg").count() == 1
            click_a_choice(page, rng, on_board)
            decisions += 1
            assert decisions <= MOST, f"{name}: no end after {MOST} decisions"
        assert "The game is over" in page.inner_text("#prompt")
        assert page.locator("#log li").count() > 0
        assert page.locator("#save").is_visible()
        assert on_board[0] > 0, f"{name}: no choice was ever on the board"
        with page.expect_popup() as popup:
            page.click("#replay")
        replayed = popup.value
        replayed.wait_for_selector("html[data-ready=true]")
        assert "Referee" in replayed.inner_text("#viewer")  # over: every view
        replayed.close()
    finally:
        page.close()
    assert errors == []
    tables = [t for t in server.tables.tables.values() if t.game.ruleset.name == name]
    assert any(t.game.is_over() for t in tables)


@pytest.mark.parametrize(("name", "setup"), [("classic", "two-player"), ("df40k", "first-blood")])
def test_two_browsers_play_one_game_and_neither_holds_the_others_secrets(
    browser: Any, server: Server, name: str, setup: str
) -> None:
    start = browser.new_page()
    start.goto(server.url + "/", wait_until="load")
    start.wait_for_selector("html[data-ready=true]")
    start.select_option("#ruleset", name)
    start.select_option("#setup", setup)
    start.locator(".seat-kind").nth(0).select_option("person")
    start.locator(".seat-kind").nth(1).select_option("friend")
    start.fill("#seed", "4")
    start.click("#start-game")
    start.wait_for_selector("#links:not([hidden])")
    links = [start.locator("a.seat-link").nth(i).get_attribute("href") for i in range(2)]
    start.close()
    contexts = [browser.new_context() for _ in links]  # two browsers: nothing shared
    pages, received, errors = [], [], []
    for context, link in zip(contexts, links, strict=True):
        page = context.new_page()
        got: list[Any] = []
        page.on(
            "response",
            lambda r, got=got: (
                got.append(r.json())
                if "/api/seat/" in r.url and r.url.count("/") == 5 and r.ok
                else None
            ),
        )
        errors.append(watched(page))
        page.goto(server.url + str(link), wait_until="load")
        pages.append(page)
        received.append(got)
    rng = random.Random(4)
    on_board = [0]
    decisions = 0
    try:
        while True:
            states = [settled(p) for p in pages]
            if all(s == "over" for s in states):
                break
            asked = [p for p, s in zip(pages, states, strict=True) if s == "asked"]
            if not asked:
                pages[0].wait_for_timeout(100)
                continue
            click_a_choice(asked[0], rng, on_board)
            decisions += 1
            if decisions >= TWO_BROWSERS_DECISIONS:
                break
        texts = [p.inner_text("body") for p in pages]
    finally:
        for context in contexts:
            context.close()
    assert errors == [[], []]
    (table,) = [
        t
        for t in server.tables.tables.values()
        if t.kinds == ["person", "friend"] and t.game.ruleset.name == name
    ]
    found = Found()
    for seat, got in enumerate(received):
        assert len(got) > 5, "the page received too few views to check"
        for data in got:
            assert data["player"] == seat
            check(server.tables.versions[table.id, data["version"]], seat, data, found)
    # The pages' final text: nothing the other seat alone saw.
    for seat, text in enumerate(texts):
        for hidden in found.hidden.get(seat, ()):
            assert hidden not in text, (seat, hidden)
    assert found.all_hidden(), "no event was hidden from a seat: nothing was tested"
    assert table.version >= 5
