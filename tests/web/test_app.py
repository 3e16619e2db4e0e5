"""The app of ``aerodrome serve`` through Starlette's test client: a game started from the API
is played by its person while the bot answers in the server; every request is checked (a
one-line JSON error for each kind of wrong request); no seat's link acts for another seat;
the server's games are bounded, resumed after a restart, and undone as ``play`` undoes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from aerodrome.plugins import Plugins
from aerodrome.ui.web.app import MAX_BODY, create_app
from aerodrome.ui.web.tables import Tables

HOST = "http://127.0.0.1"


def client(tables: Tables, **options: Any) -> TestClient:
    return TestClient(
        create_app(tables, allowed_hosts=["127.0.0.1"], seed=5, **options), base_url=HOST
    )


def start(c: TestClient, ruleset: str, seats: list[str], **more: Any) -> list[str]:
    """A new game; the tokens of its persons' seats."""
    r = c.post("/api/games", json={"ruleset": ruleset, "seats": seats, **more})
    assert r.status_code == 200, r.text
    return [link["link"].removeprefix("/seat/") for link in r.json()["links"]]


def one_line_error(r: Any, status: int, words: str) -> None:
    assert r.status_code == status, r.text
    assert r.headers["content-type"].startswith("application/json")
    message = r.json()["error"]
    assert "\n" not in message and words in message, message


def test_a_person_plays_against_the_bot_in_the_server(plugins: Plugins) -> None:
    tables = Tables(plugins, None)
    c = client(tables)
    assert c.get("/").status_code == 200
    catalogue = c.get("/api/rulesets").json()
    assert {"classic", "df40k", "victoriana", "dockfighters"} <= {
        r["name"] for r in catalogue["rulesets"]
    }
    (token,) = start(c, "df40k", ["person", "bot"])
    assert c.get(f"/seat/{token}").status_code == 200
    moves = 0
    while True:
        seen = c.get(f"/api/seat/{token}").json()
        if seen["over"]:
            break
        assert seen["asked"], "the bot must have answered: the person is asked or it is over"
        assert seen["prompt"] and seen["choices"] and seen["board"].startswith("<svg")
        r = c.post(f"/api/seat/{token}/act", json={"choice": 0, "version": seen["version"]})
        assert r.status_code == 200, r.text
        assert r.json()["version"] == seen["version"] + 1
        moves += 1
        assert moves < 200
    assert moves > 0
    assert "won by" in seen["over"] or "no side wins" in seen["over"]
    assert seen["log"] and not seen["choices"]
    (table,) = tables.tables.values()
    assert table.game.is_over()


def test_every_request_is_checked_with_a_one_line_error(plugins: Plugins) -> None:
    c = client(Tables(plugins, None))
    (token,) = start(c, "classic", ["person", "bot"])
    act = f"/api/seat/{token}/act"
    one_line_error(c.post(act, content=b'{"choice": 0, "version": 0}'), 415, "JSON body")
    one_line_error(
        c.post(act, content=b"x" * (MAX_BODY + 1), headers={"content-type": "application/json"}),
        413,
        f"{MAX_BODY} bytes",
    )
    one_line_error(
        c.post(act, content=b"{nope", headers={"content-type": "application/json"}),
        400,
        "not JSON",
    )
    one_line_error(c.post(act, json={"choice": -1, "version": 0}), 422, "$.choice")
    one_line_error(c.post(act, json={"choice": 0, "version": 0, "seat": 1}), 422, "seat")
    one_line_error(c.post(act, json={"choice": 0}), 422, "version")
    seen = c.get(f"/api/seat/{token}").json()
    one_line_error(c.post(act, json={"choice": 0, "version": seen["version"] + 3}), 409, "moved on")
    one_line_error(
        c.post(act, json={"choice": 10**6, "version": seen["version"]}), 409, "choice 1000000"
    )
    one_line_error(c.get("/api/seat/" + "A" * 43), 404, "no such seat")
    one_line_error(c.get("/api/seat/short"), 404, "no such seat")
    one_line_error(c.get("/seat/" + token[:-1] + "x"), 404, "no such seat")
    one_line_error(c.get("/nowhere"), 404, "Not Found")
    one_line_error(c.post("/api/games", json={"ruleset": "nope", "seats": ["person"]}), 422, "nope")
    one_line_error(
        c.post("/api/games", json={"ruleset": "classic", "seats": ["person", "wizard"]}),
        422,
        "'wizard' is not a kind of seat",
    )
    one_line_error(
        c.post("/api/games", json={"ruleset": "classic", "seats": ["person"]}), 422, "2 seats"
    )
    one_line_error(
        c.post("/api/games", json={"ruleset": "classic", "seats": ["bot", "bot"]}),
        422,
        "a person's",
    )
    one_line_error(c.get("/seat/" + token + "/save"), 409, "once the game is over")


def test_another_host_name_is_refused(plugins: Plugins) -> None:
    """A page of another site that made its own name point at 127.0.0.1 (DNS rebinding)."""
    c = client(Tables(plugins, None))
    assert c.get("/api/rulesets", headers={"host": "evil.example"}).status_code == 400
    assert c.get("/api/rulesets").status_code == 200


def test_no_seat_acts_or_reads_for_another(plugins: Plugins) -> None:
    """Two friends: a seat's link answers only for its own seat; while the other seat is
    asked, the first can neither act nor see that seat's choices."""
    tables = Tables(plugins, None)
    c = client(tables)
    first, second = start(c, "classic", ["person", "friend"])
    a = c.get(f"/api/seat/{first}").json()
    b = c.get(f"/api/seat/{second}").json()
    assert (a["player"], b["player"]) == (0, 1)
    asked, other = (first, second) if a["asked"] else (second, first)
    waiting = c.get(f"/api/seat/{other}").json()
    assert not waiting["asked"] and waiting["choices"] == [] and waiting["prompt"] is None
    (table,) = tables.tables.values()
    before = list(table.game.history)
    r = c.post(f"/api/seat/{other}/act", json={"choice": 0, "version": waiting["version"]})
    one_line_error(r, 409, "not your turn")
    assert table.game.history == before
    r = c.post(f"/api/seat/{asked}/act", json={"choice": 0, "version": waiting["version"]})
    assert r.status_code == 200
    assert len(table.game.history) == len(before) + 1
    assert table.game.history[-1][0] == (0 if asked == first else 1)


def test_the_number_of_games_is_bounded(plugins: Plugins) -> None:
    c = client(Tables(plugins, None, limit=1))
    start(c, "df40k", ["person", "bot"])
    r = c.post("/api/games", json={"ruleset": "df40k", "seats": ["person", "bot"]})
    one_line_error(r, 503, "holds 1 games already")
    assert "aerodrome serve --max-games N" in r.json()["error"]


def test_a_restarted_server_resumes_its_games(plugins: Plugins, tmp_path: Path) -> None:
    tables = Tables(plugins, tmp_path)
    c = client(tables)
    (token,) = start(c, "victoriana", ["person", "bot"])
    for _ in range(3):
        seen = c.get(f"/api/seat/{token}").json()
        if seen["over"]:
            break
        c.post(f"/api/seat/{token}/act", json={"choice": 0, "version": seen["version"]})
    (table,) = tables.tables.values()
    files = list(tmp_path.glob("*.json"))
    assert [f.stem for f in files] == [table.id]
    assert not list(tmp_path.glob(".*.tmp")), "a temporary file was left behind"
    again = Tables(plugins, tmp_path)
    assert again.load() == []
    (resumed,) = again.tables.values()
    assert resumed.game.history == table.game.history
    assert resumed.game.log_bytes() == table.game.log_bytes()
    after = client(again).get(f"/api/seat/{token}").json()
    before = client(tables).get(f"/api/seat/{token}").json()
    assert {k: v for k, v in after.items() if k != "version"} == {
        k: v for k, v in before.items() if k != "version"
    }
    files[0].write_text("{broken")
    problems = Tables(plugins, tmp_path).load()
    assert len(problems) == 1 and str(files[0]) in problems[0] and "\n" not in problems[0]


def test_undo_against_bots_takes_a_decision_back(plugins: Plugins) -> None:
    tables = Tables(plugins, None)
    c = client(tables)
    (token,) = start(c, "dockfighters", ["person", "bot"])
    seen = c.get(f"/api/seat/{token}").json()
    assert not seen["undo"], "nothing to undo before the first decision"
    (table,) = tables.tables.values()
    at = len(table.game.history)
    c.post(f"/api/seat/{token}/act", json={"choice": 0, "version": seen["version"]})
    seen = c.get(f"/api/seat/{token}").json()
    assert seen["undo"]
    r = c.post(f"/api/seat/{token}/undo", json={"version": seen["version"]})
    assert r.status_code == 200, r.text
    assert len(table.game.history) == at and len(table.undone) == 1
    friends = client(Tables(plugins, None))
    first, _ = start(friends, "classic", ["person", "friend"])
    v = friends.get(f"/api/seat/{first}").json()
    assert not v["undo"]
    r = friends.post(f"/api/seat/{first}/undo", json={"version": v["version"]})
    one_line_error(r, 409, "agents only")


def test_the_replay_of_a_seat_shows_only_that_seat_until_the_end(plugins: Plugins) -> None:
    tables = Tables(plugins, None)
    c = client(tables)
    first, _ = start(c, "classic", ["person", "friend"])
    page = c.get(f"/seat/{first}/replay")
    assert page.status_code == 200
    assert "Seat 1 (German player)" in page.text
    assert "Referee" not in page.text and "Seat 2 (American player)</option>" not in page.text
    assert "script-src 'unsafe-inline'" in page.headers["content-security-policy"]


@pytest.mark.parametrize("kind", ["bot", "search", "random"])
def test_every_kind_of_agent_seat_plays_in_the_server(plugins: Plugins, kind: str) -> None:
    """The agents the start page offers answer in the server until the person is asked."""
    tables = Tables(plugins, None)
    c = client(tables)
    (token,) = start(c, "df40k", ["person", kind])
    seen = c.get(f"/api/seat/{token}").json()
    assert seen["asked"] or seen["over"]
    r = c.post(f"/api/seat/{token}/act", json={"choice": 0, "version": seen["version"]})
    assert r.status_code == 200, r.text
    (table,) = tables.tables.values()
    assert any(p == 1 for p, _ in table.game.history), f"the {kind} seat never answered"


def test_a_simultaneous_decision_takes_both_answers_drawn_before_either(plugins: Plugins) -> None:
    """df40k's orders are given by both players at once: the second answer, from a page drawn
    before the first was given, is still taken (the other's commitment changed the version,
    not the question); an answer from a page older than the question is refused."""
    tables = Tables(plugins, None)
    c = client(tables)
    first, second = start(c, "df40k", ["person", "friend"])
    (table,) = tables.tables.values()
    while len(table.waiting()) < 2:  # to the first orders: both seats asked
        asked = first if 0 in table.waiting() else second
        v = c.get(f"/api/seat/{asked}").json()["version"]
        assert c.post(f"/api/seat/{asked}/act", json={"choice": 0, "version": v}).status_code == 200
    a = c.get(f"/api/seat/{first}").json()
    b = c.get(f"/api/seat/{second}").json()
    assert a["asked"] and b["asked"] and a["version"] == b["version"]
    r = c.post(f"/api/seat/{first}/act", json={"choice": 0, "version": a["version"]})
    assert r.status_code == 200, r.text
    stale = c.post(f"/api/seat/{second}/act", json={"choice": 0, "version": b["version"] - 1})
    one_line_error(stale, 409, "moved on")
    r = c.post(f"/api/seat/{second}/act", json={"choice": 0, "version": b["version"]})
    assert r.status_code == 200, r.text
