"""``aerodrome serve`` in a real browser (Debian's chromium driven by Playwright).

Two persons play a whole game of every ruleset, each in a browser context of their own (one
at 1366x900, one a 390x844 phone), started from the lobby, by clicking: on the board where
the game is about places (a piece, then a square or hex; the facing by a second click or an
arrow key; the AA guns square by square), else the per-flyer selectors or the list. At every
turn of each page the board and the question are in view, an update never moves the page, no
list shows more than a dozen buttons, and every JSON each page received is checked to hold
nothing of the other seat's secrets (see :mod:`tests.web.secrets_check`); a spectator's page
follows one game and is checked the same way. The games take the docs' screenshots
(``AERODROME_DOCS_IMAGES=1`` writes them to ``docs/images/table-RULESET.png``)."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

from aerodrome.plugins import Plugins
from tests.browser.test_report_browser import ARGS, CHROMIUM
from tests.web.secrets_check import Found, check, check_spectator
from tests.web.serving import Server, serving

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="needs Debian's chromium at /usr/bin/chromium (apt-get install chromium)",
)

#: (ruleset, set-up, seed): short games, clicked through to their end by two persons.
GAMES = [
    ("classic", "two-player", 2),
    ("df40k", "first-blood", 1),
    ("victoriana", "skirmish", 1),
    ("dockfighters", "duel", 1),
]
#: The set-ups cut to this many rounds: random clicks rarely end classic's game, and make
#: Dockfighters' duel last 1 to 12 turns.
SHORT = {"classic": 2, "dockfighters": 1}
#: Decisions of one game at most (the games above take 10 to 60).
MOST = 160
#: The most buttons one screen of choices may show.
MOST_BUTTONS = 14
SIZES = [(1366, 900), (390, 844)]
#: Where the screenshots go: the docs' images with ``AERODROME_DOCS_IMAGES=1`` (to refresh
#: them), else a temporary folder (a test run leaves the docs as they are).
DOCS_IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"


@pytest.fixture(scope="module")
def images(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if os.environ.get("AERODROME_DOCS_IMAGES") == "1":
        return DOCS_IMAGES
    return tmp_path_factory.mktemp("images")


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
    def short(rules: Any, rounds: int) -> Any:
        whole = rules.setup
        return lambda name=None: msgspec.structs.replace(whole(name), max_rounds=rounds)

    with pytest.MonkeyPatch.context() as patch:
        for name, rounds in SHORT.items():
            rules = plugins.ruleset(name)
            patch.setattr(rules, "setup", short(rules, rounds))
        with serving(plugins, tmp_path_factory.mktemp("games")) as running:
            yield running


def watched(page: Any) -> list[str]:
    """The page's console errors, failed requests and uncaught exceptions, as they come."""
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on(
        "requestfailed",
        lambda r: errors.append(f"failed: {r.url}") if "/events" not in r.url else None,
    )
    return errors


def received(page: Any, kind: str = "seat") -> list[Any]:
    """Every view the page fetches (``/api/seat/TOKEN`` or ``/api/watch/TOKEN``), as JSON."""
    got: list[Any] = []

    def keep(r: Any) -> None:
        if f"/api/{kind}/" in r.url and r.url.count("/") == 5 and r.ok:
            got.append(r.json())

    page.on("response", keep)
    return got


def state(page: Any) -> str:
    return str(page.get_attribute("html", "data-state"))


def settled(page: Any) -> str:
    """Wait until the page shows a question, waits for another seat, or the end."""
    page.wait_for_selector(
        "html[data-state=asked], html[data-state=over], html[data-state=waiting]"
    )
    return state(page)


def in_view(page: Any, selector: str) -> bool:
    box = None
    for _ in range(5):  # the page may be drawing an update at this very moment
        page.wait_for_selector(selector, timeout=5000)
        box = page.locator(selector).bounding_box()
        if box is not None:
            break
        page.wait_for_timeout(50)
    size = page.viewport_size
    assert box is not None, selector
    return bool(
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"] + 1
        and box["y"] + box["height"] <= size["height"] + 1
    )


def start_game(browser: Any, server: Server, name: str, setup: str, seed: int) -> list[str]:
    """The lobby starts a game of a person and a friend; returns their links (and checks
    that the lobby keeps the game among its open games, with a spectator link)."""
    lobby = browser.new_page(viewport={"width": 1366, "height": 900})
    errors = watched(lobby)
    lobby.goto(server.url + "/", wait_until="load")
    lobby.wait_for_selector("html[data-ready=true]")
    lobby.select_option("#ruleset", name)
    lobby.select_option("#setup", setup)
    assert lobby.locator(".seat-kind").count() == 2
    lobby.locator(".seat-kind").nth(0).select_option("person")
    lobby.locator(".seat-kind").nth(1).select_option("person")
    lobby.locator(".seat-name").nth(0).fill("Ann <b>&amp;")
    lobby.locator(".seat-name").nth(1).fill("Bob")
    lobby.fill("#seed", str(seed))
    lobby.click("#start-game")
    lobby.wait_for_selector("#games-list li a.seat-link")
    game = lobby.locator("#games-list li").first
    links = [str(game.locator("a.seat-link").nth(i).get_attribute("href")) for i in range(2)]
    assert game.locator("a.watch-link").count() == 1
    assert "Ann <b>&amp;" in game.inner_text()  # a name is text, never markup
    assert lobby.locator("#games-list b").count() == 0
    lobby.close()
    assert errors == []
    return links


def buttons_shown(page: Any) -> int:
    return int(page.locator("#choices button:visible").count())


def others(page: Any) -> int:
    """What the page offers to click besides the board."""
    return int(
        page.locator("#choices select.order, #choice-list:visible").count()
        + page.locator("#choices button.choice:visible:not(.back):not(.clear)").count()
    )


def one_step(page: Any, rng: random.Random, tally: dict[str, int]) -> None:
    """One click toward a decision: a place on the board (most often), a selector, a
    button or the list box. Returns once the page has drawn what the click did."""
    version = page.get_attribute("html", "data-version")
    targets = page.locator("#board .target:not(.picked):visible")
    n = targets.count()
    picked = page.locator("#board .picked").count()
    facings = page.locator("#choices button.choice", has_text="facing")
    if picked and facings.count() and rng.random() < 0.5:
        page.keyboard.press(rng.choice(["ArrowUp", "ArrowRight", "ArrowDown", "ArrowLeft"]))
        tally["keys"] += 1
    elif page.locator("#choices select.order").count():
        if n and rng.random() < 0.5:  # a flyer on the board: its selector
            targets.nth(rng.randrange(n)).click()
            assert page.evaluate("document.activeElement.className") == "order"
        orders = page.locator("#choices select.order")
        first = orders.first
        options = first.locator("option")
        first.select_option(index=rng.randrange(options.count()))
        page.click("#choices button.commit")
        tally["orders"] += 1
    elif n and (rng.random() < 0.85 or not others(page)):
        targets.nth(rng.randrange(n)).click()
        tally["board"] += 1
    elif page.locator("#choice-list:visible").count():
        box = page.locator("#choice-list")
        box.select_option(index=rng.randrange(box.locator("option").count()))
        page.click("#choices .listbox button")
        tally["list"] += 1
    else:
        choices = page.locator("#choices button.choice:visible:not(.back):not(.clear)")
        count = choices.count()
        assert count, "nothing to click: " + page.inner_html("#decision")
        choices.nth(rng.randrange(count)).click()
        tally["buttons"] += 1
    page.wait_for_function(
        "v => document.documentElement.dataset.version !== v"
        " || document.documentElement.dataset.state !== 'sending'",
        arg=version,
    )


#: Dockfighters' movement questions (a plan, a turn point): answered by clicking a hex.
MOVES = ("speed and template?", ": turn point")


def hex_targets(page: Any) -> list[str]:
    """The hexes (not pieces) the board offers to click now."""
    places = page.locator("#board .target").evaluate_all("l => l.map(e => e.dataset.place)")
    return [str(p) for p in places if not str(p).startswith("piece:")]


def decide(page: Any, rng: random.Random, tally: dict[str, int]) -> str | None:
    """Click until the page's question is answered (its version changes). A movement
    question of Dockfighters is answered by clicking a hex it may fly to, then, where several
    answers end there, one of them: returns the hex clicked (else ``None``)."""
    version = page.get_attribute("html", "data-version")
    clicked = None
    if any(words in page.inner_text("#prompt") for words in MOVES):
        hexes = hex_targets(page)
        tally["moves"] += 1
        if hexes:
            clicked = rng.choice(hexes)
            page.locator(f'#board .target[data-place="{clicked}"]').click()
            tally["board"] += 1
            page.wait_for_function(
                "v => document.documentElement.dataset.version !== v"
                " || document.documentElement.dataset.state !== 'sending'",
                arg=version,
            )
            if page.get_attribute("html", "data-version") == version:  # a second choice
                assert page.locator("#board .picked").count() == 1
                assert not hex_targets(page)  # the hex is picked: its answers are listed
                assert buttons_shown(page) <= MOST_BUTTONS
    for _ in range(40):
        if page.get_attribute("html", "data-version") != version or state(page) != "asked":
            return clicked
        assert buttons_shown(page) <= MOST_BUTTONS, page.inner_text("#choices")
        one_step(page, rng, tally)
        if page.get_attribute("html", "data-version") != version or state(page) != "asked":
            return clicked
    raise AssertionError("forty clicks and still asked: " + page.inner_text("#decision"))


@pytest.mark.parametrize(("name", "setup", "seed"), GAMES, ids=[g[0] for g in GAMES])
def test_two_persons_play_a_whole_game_by_clicking_and_see_no_secret_of_the_other(
    browser: Any, server: Server, images: Path, name: str, setup: str, seed: int
) -> None:
    links = start_game(browser, server, name, setup, seed)
    contexts = [browser.new_context(viewport={"width": w, "height": h}) for w, h in SIZES]
    pages, got, errors = [], [], []
    for context, link in zip(contexts, links, strict=True):
        page = context.new_page()
        got.append(received(page))
        errors.append(watched(page))
        page.goto(server.url + link, wait_until="load")
        pages.append(page)
    spectator = contexts[0].new_page()
    spectated = received(spectator, "watch")
    errors.append(watched(spectator))
    table = next(t for t in server.tables.tables.values() if f"/seat/{t.tokens[0]}" == links[0])
    spectator.goto(server.url + f"/watch/{table.watch}", wait_until="load")
    rng = random.Random(seed)
    tally = {"board": 0, "keys": 0, "orders": 0, "list": 0, "buttons": 0, "moves": 0}
    by_hex: list[tuple[str, str]] = []  # Dockfighters: (hex clicked, where the move went)
    decisions = 0
    shots: set[int] = set()
    try:
        while True:
            states = [settled(p) for p in pages]
            if all(s == "over" for s in states):
                break
            asked = [i for i, s in enumerate(states) if s == "asked"]
            if not asked:
                pages[0].wait_for_timeout(100)
                continue
            i = asked[0]
            page = pages[i]
            # The person asked looks at their own screen: Chromium draws a page that is not
            # in front at a few frames a second, and each click waited about 2 s for two
            # frames to find its target stable (Dockfighters' game: 43 s, 12 s in front).
            page.bring_to_front()
            # Asked: the page is where the person left it (an update never scrolls it), and
            # the board and the question are both in view.
            assert page.evaluate("window.scrollY") == 0, f"{name}: the page moved"
            assert in_view(page, "#board svg"), f"{name}: the board is not in view"
            assert in_view(page, "#prompt"), f"{name}: the question is not in view"
            targets = page.locator("#board .target").count()
            if i not in shots and decisions >= 4 and (targets or decisions >= 8):
                shots.add(i)
                suffix = "" if i == 0 else "-phone"
                page.screenshot(path=str(images / f"table-{name}{suffix}.png"))
            before = len(table.game.history)
            clicked = decide(page, rng, tally)
            if clicked is not None:  # the answer taken is one that flies to that hex
                player, action = next(a for a in table.game.history[before:] if a[0] == i)
                by_hex.append((clicked, str(table.places[player, action])))
            decisions += 1
            page.evaluate("window.scrollTo(0, 0)")  # as a person scrolls back up
            assert decisions <= MOST, f"{name}: no end after {MOST} decisions"
        for i, page in enumerate(pages):
            if i not in shots:  # never asked after the first moves: the end, then
                suffix = "" if i == 0 else "-phone"
                page.screenshot(path=str(images / f"table-{name}{suffix}.png"))
            assert "The game is over" in page.inner_text("#prompt")
            assert page.locator("#save").is_visible()
        spectator.wait_for_selector("html[data-state=over]")
        texts = [p.inner_text("body") for p in pages]
        watcher_text = spectator.inner_text("body")
    finally:
        for context in contexts:
            context.close()
    assert errors == [[], [], []]
    assert tally["board"] > 0, f"{name}: nothing was played on the board: {tally}"
    if name == "dockfighters":  # every move chosen by the hex it flies to
        assert tally["moves"] > 3 and len(by_hex) == tally["moves"], (tally, by_hex)
        assert all(clicked == went for clicked, went in by_hex), by_hex
    found = Found()
    for seat, views in enumerate(got):
        assert len(views) > 3, "the page received too few views to check"
        for data in views:
            assert data["player"] == seat
            check(server.tables.versions[table.id, data["version"]], seat, data, found)
    for data in spectated:
        check_spectator(server.tables.versions[table.id, data["version"]], data, found)
    # The pages' final text: nothing the other seat alone saw.
    for seat, text in enumerate(texts):
        for hidden in found.hidden.get(seat, ()):
            assert hidden not in text, (seat, hidden)
    for hidden in found.hidden.get(-1, ()):
        assert hidden not in watcher_text, hidden
    assert table.game.is_over()


def test_an_update_never_moves_the_page(browser: Any, server: Server) -> None:
    """A person has scrolled down to read (the phone's page, the wide page's side panel);
    the other seat moves and the page is drawn again: nothing moves under them."""
    table = server.tables.start("classic", "two-player", ["person", "friend"], seed=5)
    for (w, h), scroller in zip(SIZES, ["#side", "window"], strict=True):
        context = browser.new_context(viewport={"width": w, "height": h})
        page = context.new_page()
        errors = watched(page)
        page.goto(server.url + f"/seat/{table.tokens[0]}", wait_until="load")
        settled(page)
        if scroller == "window":  # the phone's page scrolls
            page.evaluate("window.scrollTo(0, 150)")
            where = "window.scrollY"
        else:  # the wide page does not: its side panel does, when it is long
            page.evaluate("document.querySelector('#side').scrollTop = 120")
            where = "document.querySelector('#side').scrollTop"
        before = page.evaluate(where)
        assert before > 0 or scroller != "window"
        version = page.get_attribute("html", "data-version")
        player = table.waiting()[-1]
        table.act(player, 0, table.version)  # the other seat, or this one, answers elsewhere
        page.wait_for_function(
            "v => document.documentElement.dataset.version !== v", arg=version, timeout=10_000
        )
        assert page.evaluate(where) == before
        if scroller != "window":
            assert page.evaluate("window.scrollY") == 0
        context.close()
        assert errors == []


def test_a_person_against_the_bot_undoes_and_replays(browser: Any, server: Server) -> None:
    """Against a bot: a decision taken back with Undo, and the replay of one's own view."""
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    errors = watched(page)
    page.goto(server.url + "/", wait_until="load")
    page.wait_for_selector("html[data-ready=true]")
    page.select_option("#ruleset", "df40k")
    page.select_option("#setup", "first-blood")
    page.locator(".seat-kind").nth(1).select_option("bot")
    page.fill("#seed", "3")
    page.click("#start-game")
    page.wait_for_url("**/seat/**")
    assert settled(page) == "asked"
    page.click("#choices button.commit")
    page.wait_for_selector("#undo:not([hidden])")
    version = page.get_attribute("html", "data-version")
    page.click("#undo")
    page.wait_for_function("v => document.documentElement.dataset.version !== v", arg=version)
    assert settled(page) == "asked"
    with page.expect_popup() as popup:
        page.click("#replay")
    replayed = popup.value
    replayed.wait_for_selector("html[data-ready=true]")
    replayed.close()
    first = page.url
    page.goto(server.url + "/", wait_until="load")  # the lobby remembers the game
    page.wait_for_selector("#games-list li .status:not(:empty)")
    game = page.locator("#games-list li").first
    assert "Dogfight 40,000" in game.inner_text()
    assert game.locator("a.seat-link").get_attribute("href") == first.removeprefix(server.url)
    game.locator("button.rematch").click()  # the same seats, new dice: opened at once
    page.wait_for_url(lambda url: url != first and "/seat/" in url)
    assert settled(page) == "asked"
    page.goto(server.url + "/", wait_until="load")
    page.wait_for_selector("#games-list li:nth-child(2)")
    page.close()
    assert errors == []


def a_move_of_two_planes(server: Server) -> Any:
    """A classic game of two persons, played by the bots up to a move of seat 1 where two
    planes may move."""
    from aerodrome.engine.agents import PlayerView, agent_seed
    from aerodrome.ui.web.seatview import choices

    plugins = server.tables.plugins
    table = server.tables.start("classic", "two-player", ["person", "friend"], seed=3)
    bots = [
        plugins.agent("classic", "bot").factory(table.game.ruleset, p, agent_seed(3, p))
        for p in range(2)
    ]
    for _ in range(40):
        player = table.waiting()[0]
        legal = table.game.legal_actions(player)
        if player == 0 and len({c["path"][0] for c in choices(table, 0) if c["path"]}) > 1:
            break
        chosen = bots[player].choose(PlayerView(table.game, player), legal)
        table.act(player, list(legal).index(chosen), table.version)
    return table


def focused_in_the_list(browser: Any, server: Server) -> tuple[Any, Any, list[str], str]:
    """Seat 0's page of :func:`a_move_of_two_planes` on a phone's screen, asked, the focus on
    the list's first choice: the table, the page, its errors and the version shown."""
    table = a_move_of_two_planes(server)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    errors = watched(page)
    page.goto(server.url + f"/seat/{table.tokens[0]}", wait_until="load")
    assert settled(page) == "asked"
    version = page.get_attribute("html", "data-version")
    page.focus("#choices button.choice")
    return table, page, errors, version


def test_a_move_is_made_from_the_keyboard_alone(browser: Any, server: Server) -> None:
    """The list is the keyboard's path: Tab to it, Enter on a plane, on a square, on a
    facing (each level takes the focus when drawn), never more than a dozen buttons."""
    table, page, errors, version = focused_in_the_list(browser, server)
    for _ in range(8):
        assert buttons_shown(page) <= MOST_BUTTONS
        if page.get_attribute("html", "data-state") == "sending":
            break  # the last Enter sent the move: the page waits for the table's answer
        if page.get_attribute("html", "data-version") != version:
            break
        focused = page.evaluate("document.activeElement.closest('#choices') !== null")
        assert focused, "the focus left the list"
        page.keyboard.press("Enter")
        page.wait_for_timeout(50)
    page.wait_for_function("v => document.documentElement.dataset.version !== v", arg=version)
    assert any(p == 0 for p, _ in table.game.history[-3:])
    page.close()
    assert errors == []


def test_the_focus_stays_in_the_list_when_the_table_redraws_it(
    browser: Any, server: Server
) -> None:
    """A keyboard user's focus is in the list when an update from the table (here the seat's
    own move, made elsewhere) draws the list again: it stays in the list, at the same place.
    Mutation caught: render() giving the focus back only after a pick from the list (the
    keyboard test's flake under load, a second load of the page drawing the list anew)."""
    table, page, errors, version = focused_in_the_list(browser, server)
    table.act(0, 0, table.version)  # the seat's first choice, made from elsewhere
    page.wait_for_function("v => document.documentElement.dataset.version !== v", arg=version)
    assert tuple(table.waiting()[:1]) == (0,) and state(page) == "asked"  # asked again: a list
    assert page.evaluate("document.activeElement.closest('#choices') !== null")
    page.close()
    assert errors == []


@pytest.mark.parametrize("facing", ["key", "click"])
def test_a_classic_move_is_a_plane_then_a_square_then_a_facing(
    browser: Any, server: Server, facing: str
) -> None:
    """Classic's move, on the board alone: the planes that may move are the targets; a
    plane clicked, its squares are; a square clicked, the arrow key up or a second click
    above the square gives the facing N."""
    table = a_move_of_two_planes(server)
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    errors = watched(page)
    page.goto(server.url + f"/seat/{table.tokens[0]}", wait_until="load")
    assert settled(page) == "asked"
    assert "Move" in page.inner_text("#prompt")
    places = [
        str(p)
        for p in page.locator("#board .target").evaluate_all("l => l.map(e => e.dataset.place)")
    ]
    assert len(places) >= 2 and all(p.startswith("piece:") for p in places), places
    assert buttons_shown(page) <= MOST_BUTTONS
    page.locator("#board .target").first.click()
    squares = [
        str(p)
        for p in page.locator("#board .target").evaluate_all("l => l.map(e => e.dataset.place)")
    ]
    assert len(squares) > 1 and not any(p.startswith("piece:") for p in squares), squares
    version = page.get_attribute("html", "data-version")
    for k in range(len(squares)):  # a square where the plane may face several ways
        page.locator("#board .target").nth(k).click()
        if page.locator("#choices button", has_text="facing N").count():
            break
        page.click("#choices button.back")
    assert page.get_attribute("html", "data-version") == version
    assert page.locator("#board .picked").count() == 1
    if facing == "key":
        page.keyboard.press("ArrowUp")
    else:
        box = page.locator("#board .picked").bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] - box["height"] * 1.5)
    page.wait_for_function("v => document.documentElement.dataset.version !== v", arg=version)
    from aerodrome.engine.describe import sentence

    moved = [action for p, action in table.game.history if p == 0][-1]
    assert "facing N" in sentence(table.game.ruleset, moved, table.game.observation(0))
    page.close()
    assert errors == []
