"""A server that runs for weeks (issue 37, item 4): finished games expire and can be deleted
by a seat, new games are capped per address and in rate, the cap says how to raise it, game
files and their folder are their owner's only whatever existed before, and a bad link is a
page for a browser and JSON for the API.

Mutations caught (each tried): ``expire`` comparing the cutoff the wrong way (a finished
game kept forever: the full server stays full); ``can_delete`` returning True (another
person's running game deleted); ``_owner_only`` not changing an existing folder's mode
(0755 stays); ``write`` without ``mode=FILE_MODE`` (a pre-existing 0644 file stays 0644
after the next move); ``wants_page`` always False (a browser gets raw JSON).
"""

from __future__ import annotations

import stat
from pathlib import Path

from starlette.testclient import TestClient

from aerodrome.engine.errors import AerodromeError
from aerodrome.plugins import Plugins
from aerodrome.ui.web.tables import Limits, Tables, games_folder
from tests.web.test_app import client, one_line_error, start

DAY = 86400.0


class Clock:
    """A wall clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def finish(c: TestClient, token: str) -> None:
    """Play the seat's first choice until the game is over (df40k: a few moves)."""
    for _ in range(200):
        seen = c.get(f"/api/seat/{token}").json()
        if seen["over"]:
            return
        c.post(f"/api/seat/{token}/act", json={"choice": 0, "version": seen["version"]})
    raise AssertionError("the game did not end")


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_full_server_is_freed_by_expiry_and_by_deletion(plugins: Plugins, tmp_path: Path) -> None:
    clock = Clock()
    tables = Tables(plugins, tmp_path, limits=Limits(games=2, expire=2 * DAY), clock=clock)
    c = client(tables)
    (first,) = start(c, "df40k", ["person", "bot"])
    (second,) = start(c, "df40k", ["person", "bot"])
    r = c.post("/api/games", json={"ruleset": "df40k", "seats": ["person", "bot"]})
    one_line_error(r, 503, "holds 2 games already")
    assert "--max-games N" in r.json()["error"] and "2 days" in r.json()["error"]

    # the first game ends; two days later it is dropped, its file deleted, its link dead
    finish(c, first)
    (ended,) = [t for t in tables.tables.values() if t.finished is not None]
    assert ended.finished == clock.now
    clock.now += 2 * DAY - 60
    one_line_error(
        c.post("/api/games", json={"ruleset": "df40k", "seats": ["person", "bot"]}),
        503,
        "holds 2 games already",
    )
    clock.now += 120
    (third,) = start(c, "df40k", ["person", "bot"])
    assert not (tmp_path / f"{ended.id}.json").exists()
    one_line_error(c.get(f"/api/seat/{first}"), 404, "no such seat")

    # a seat holder deletes a game: room again, the file gone
    table, _ = tables.seat(second) or (None, None)
    assert table is not None
    r = c.delete(f"/api/seat/{second}")
    assert r.status_code == 200 and r.json() == {"deleted": table.id}
    assert not (tmp_path / f"{table.id}.json").exists()
    start(c, "df40k", ["person", "bot"])
    assert len(tables.tables) == 2 and third

    # a restarted server drops the finished games past their time when it loads
    finish(c, third)
    clock.now += 3 * DAY
    again = Tables(plugins, tmp_path, limits=Limits(games=2, expire=2 * DAY), clock=clock)
    assert again.load() == []
    assert all(t.finished is None for t in again.tables.values())
    assert len(list(tmp_path.glob("*.json"))) == len(again.tables) == 1


def test_a_running_game_with_another_person_cannot_be_deleted(plugins: Plugins) -> None:
    c = client(Tables(plugins, None))
    mine, theirs = start(c, "df40k", ["person", "friend"])
    one_line_error(c.delete(f"/api/seat/{mine}"), 409, "another person plays in this game")
    assert c.get(f"/api/seat/{theirs}").status_code == 200
    one_line_error(c.delete("/api/seat/" + "x" * 43), 404, "no such seat")


def test_one_address_is_capped_and_rate_limited(plugins: Plugins) -> None:
    clock = Clock()
    tables = Tables(
        plugins, None, limits=Limits(games=50, per_client=3, rate=4, window=60), clock=clock
    )
    c = client(tables)
    tokens = [start(c, "df40k", ["person", "bot"])[0] for _ in range(3)]
    r = c.post("/api/games", json={"ruleset": "df40k", "seats": ["person", "bot"]})
    one_line_error(r, 429, "3 unfinished games here already")
    assert "--max-per-client N" in r.json()["error"]
    finish(c, tokens[0])  # a finished game no longer counts against the cap
    start(c, "df40k", ["person", "bot"])
    r = c.post("/api/games", json={"ruleset": "df40k", "seats": ["person", "bot"]})
    one_line_error(r, 429, "4 new games from your address in the last 60 s")
    assert int(r.headers["retry-after"]) >= 1
    clock.now += 61
    c.delete(f"/api/seat/{tokens[1]}")  # under the cap again; the window has passed
    start(c, "df40k", ["person", "bot"])


def test_game_files_and_their_folder_are_the_owners_only(plugins: Plugins, tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    assert games_folder(folder) == folder and mode(folder) == 0o700

    tables = Tables(plugins, folder)
    c = client(tables)
    (token,) = start(c, "df40k", ["person", "bot"])
    (path,) = folder.glob("*.json")
    assert mode(path) == 0o600
    # a file made readable by others (a copy, a restore) is fixed when the server loads it
    path.chmod(0o644)
    again = Tables(plugins, folder)
    assert again.load() == [] and mode(path) == 0o600
    # and every later write keeps it the owner's
    path.chmod(0o644)
    seen = c.get(f"/api/seat/{token}").json()
    c.post(f"/api/seat/{token}/act", json={"choice": 0, "version": seen["version"]})
    assert mode(path) == 0o600


def test_a_folder_that_cannot_be_made_private_is_refused(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "shared"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    monkeypatch.setattr(Path, "chmod", lambda self, m: None)  # a mode nobody may change
    try:
        games_folder(folder)
    except AerodromeError as exc:
        message = str(exc)
    else:
        raise AssertionError("a folder readable by others was accepted")
    assert message.startswith(f"--games {folder}: the folder stays readable by others")
    assert "\n" not in message


def test_a_bad_link_is_a_page_for_a_browser_and_json_for_the_api(plugins: Plugins) -> None:
    c = client(Tables(plugins, None))
    bad = "/seat/" + "x" * 43
    page = c.get(bad, headers={"accept": "text/html,application/xhtml+xml"})
    assert page.status_code == 404
    assert page.headers["content-type"].startswith("text/html")
    assert "no such seat: check the link you were given" in page.text
    assert '<a href="/">' in page.text
    api = c.get("/api" + bad, headers={"accept": "text/html"})
    one_line_error(api, 404, "no such seat")
    one_line_error(c.get(bad), 404, "no such seat")
