"""The lobby's side of the server: the kinds of seat each ruleset offers (Konrad where
Dockfighters has it), the persons' names (cleaned, kept in the game's file, shown to the
other seat instead of "person"), and the spectators' link (its own token, a view with no
question, no choice and nothing of a seat's own)."""

from __future__ import annotations

from pathlib import Path

import msgspec

from aerodrome.plugins import Plugins
from aerodrome.ui.web.seatview import marks, named_piece, piece_names
from aerodrome.ui.web.tables import MAX_NAME, Tables, clean_name
from tests.web.test_app import client, one_line_error


def test_each_ruleset_offers_the_seats_it_can_fill(plugins: Plugins) -> None:
    c = client(Tables(plugins, None))
    kinds = {r["name"]: r["kinds"] for r in c.get("/api/rulesets").json()["rulesets"]}
    assert "konrad" in kinds["dockfighters"]
    assert "konrad" not in kinds["classic"]
    assert {"person", "bot", "search"} <= set(kinds["classic"])
    r = c.post("/api/games", json={"ruleset": "dockfighters", "seats": ["person", "konrad"]})
    assert r.status_code == 200, r.text
    r = c.post("/api/games", json={"ruleset": "classic", "seats": ["person", "konrad"]})
    one_line_error(r, 422, "konrad")


def test_names_are_cleaned_kept_and_shown_to_the_other_seat(
    plugins: Plugins, tmp_path: Path
) -> None:
    tables = Tables(plugins, tmp_path)
    c = client(tables)
    r = c.post(
        "/api/games",
        json={
            "ruleset": "df40k",
            "seats": ["person", "person"],
            "names": ["Ann <b>\u0007 &amp;", ""],
        },
    )
    assert r.status_code == 200, r.text
    game = r.json()
    assert [link["name"] for link in game["links"]] == ["Ann <b> &amp;", ""]
    assert game["watch"].startswith("/watch/")
    mine, theirs = (link["link"].removeprefix("/seat/") for link in game["links"])
    seats = c.get(f"/api/seat/{theirs}").json()["seats"]
    assert [s["who"] for s in seats] == ["Ann <b> &amp;", "you"]
    assert [s["who"] for s in c.get(f"/api/seat/{mine}").json()["seats"]] == ["you", "a person"]
    # Restarted: the names and the spectators' link are where they were.
    restarted = Tables(plugins, tmp_path)
    assert restarted.load() == []
    c2 = client(restarted)
    assert c2.get(f"/api/seat/{theirs}").json()["seats"][0]["who"] == "Ann <b> &amp;"
    assert c2.get("/api" + game["watch"]).status_code == 200
    too_long = c.post(
        "/api/games",
        json={"ruleset": "df40k", "seats": ["person", "bot"], "names": ["x" * (MAX_NAME + 1)]},
    )
    one_line_error(too_long, 422, "names")


def test_a_clean_name_has_no_control_characters() -> None:
    assert clean_name("  Ann\n\t Lee\u202e ") == "Ann Lee"
    assert len(clean_name("y" * 100)) == MAX_NAME


def test_the_spectators_link_sees_no_seat_and_acts_for_none(plugins: Plugins) -> None:
    c = client(Tables(plugins, None))
    r = c.post("/api/games", json={"ruleset": "classic", "seats": ["person", "bot"]})
    game = r.json()
    watch = game["watch"].removeprefix("/watch/")
    seat = game["links"][0]["link"].removeprefix("/seat/")
    seen = c.get(f"/api/watch/{watch}").json()
    assert seen["spectator"] is True
    assert seen["choices"] == [] and seen["prompt"] is None and seen["mine"] == []
    assert all(s["who"] != "you" for s in seen["seats"])
    assert c.get(f"/watch/{watch}").status_code == 200
    # The spectators' token is no seat's, and a seat's token is no spectator's.
    one_line_error(
        c.post(f"/api/seat/{watch}/act", json={"choice": 0, "version": 0}), 404, "no such"
    )
    one_line_error(c.get(f"/api/watch/{seat}"), 404, "no such game to watch")
    page = c.get(f"/watch/{seat}", headers={"Accept": "text/html"})
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")


def test_marks_are_the_boards_places_a_choice_names() -> None:
    places = {"0,1", "3,0", "12,0", "13,1", "piece:RED-1"}
    text = "Hit AA pieces on RED 0,1 3,0; YELLOW 12,0 13,1 (Miss on the other dot squares)"
    assert marks(text, places) == ["0,1", "3,0", "12,0", "13,1"]
    assert marks("to 10,1, facing N", places) == []  # 10,1 is not 0,1


def test_a_game_of_an_older_server_gets_a_spectators_link_once(
    plugins: Plugins, tmp_path: Path
) -> None:
    tables = Tables(plugins, tmp_path)
    table = tables.start("df40k", None, ["person", "bot"], seed=3)
    path = tmp_path / f"{table.id}.json"
    older = msgspec.structs.replace(table.file(), watch=None, names=())
    path.write_bytes(msgspec.json.encode(older))
    restarted = Tables(plugins, tmp_path)
    assert restarted.load() == []
    watch = restarted.tables[table.id].watch
    assert watch is not None and restarted.spectator(watch) is restarted.tables[table.id]
    again = Tables(plugins, tmp_path)
    assert again.load() == []
    assert again.tables[table.id].watch == watch  # written once, kept since
    assert again.tables[table.id].name(0) == ""


def test_a_choice_naming_one_piece_is_at_that_piece() -> None:
    board = (
        '<svg><g data-place="piece:1"><rect x="0"/><text x="1">Spitfire Mk I #2</text></g>'
        '<g data-place="piece:9"><title>Spitfire Mk I #20</title></g>'
        '<g data-place="piece:3"><text>Wyvern &amp; #1</text></g></svg>'
    )
    pieces = piece_names(board)
    assert pieces == {
        "Spitfire Mk I #2": "piece:1",
        "Spitfire Mk I #20": "piece:9",
        "Wyvern & #1": "piece:3",
    }
    assert named_piece("Remove Spitfire Mk I #2, health 12 of 12", pieces) == "piece:1"
    assert named_piece("Remove Spitfire Mk I #20", pieces) == "piece:9"  # not #2
    assert named_piece("Damage roll on Wyvern & #1 with Spitfire Mk I #2", pieces) is None
