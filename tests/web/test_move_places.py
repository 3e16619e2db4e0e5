"""Dockfighters' moves are chosen by clicking the hex they go to: every movement answer (a
plan, a manoeuvre at a turn point) carries as its ``place`` the hex where it takes its
aircraft before the next choice, and a page's click on a hex narrows the choice to the
answers ending there (a second small choice among them: the template, a climb or a dive).

The contract is checked against the rules themselves: in random games of several set-ups
(fighters, airships, an airstrip), each answer chosen is labelled from the view of the moment
it is offered, taken, and the aircraft is found where its label said (the move's present hex
while the move goes on, else the last hex of its path, before any bump off an occupied hex)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from aerodrome.engine.describe import label
from aerodrome.plugins import Plugins
from aerodrome.ui.web.seatview import choices
from aerodrome.ui.web.tables import Tables
from aerodrome_dockfighters.state import Manoeuvre, Plan
from aerodrome_dockfighters.text import where

SETUPS = ["duel", "airship-battle", "airstrip-visit", "mixed-squadrons"]


def reached(view: Any, aircraft: int) -> int:
    """Where ``aircraft`` stands in ``view``: its move's present hex, else its path's end."""
    if view.move is not None and view.move.aircraft == aircraft:
        return int(view.move.cell)
    a = view.aircraft[aircraft]
    return int(a.path[-1]) if a.path else int(a.cell)


@pytest.mark.parametrize("setup", SETUPS)
def test_every_movement_answer_is_placed_on_the_hex_it_flies_to(
    plugins: Plugins, setup: str
) -> None:
    rng = random.Random(setup)
    checked = {"Plan": 0, "Manoeuvre": 0, "off": 0, "shared": 0}
    for seed in range(3):
        table = Tables(plugins, None).start(
            "dockfighters", setup, ["person", "friend"], seed=seed + 11
        )
        game = table.game
        for _ in range(400):
            if game.is_over():
                break
            player = table.waiting()[0]
            legal = game.legal_actions(player)
            view = game.observation(player)
            pick = rng.randrange(len(legal))
            action = legal[pick]
            if isinstance(action, Plan | Manoeuvre):
                said = label(game.ruleset, action, view).place
                table.act(player, pick, table.version)
                after = game.observation(player)
                if said == f"piece:{action.aircraft}":  # off the board: the aircraft left it
                    assert after.aircraft[action.aircraft].status != "flying", action
                    checked["off"] += 1
                else:
                    end = where(after, reached(after, action.aircraft))
                    assert said == end, (setup, seed, action)
                    checked[type(action).__name__] += 1
                places = [c.get("place") for c in choices(table, player)]
                checked["shared"] += len(places) - len(set(places))
            else:
                table.act(player, pick, table.version)
    assert checked["Plan"] > 3 and checked["Manoeuvre"] > 3, checked


def test_a_page_offers_the_hexes_of_a_move_and_a_second_choice_where_they_meet(
    plugins: Plugins,
) -> None:
    """The seat's JSON at a manoeuvre: each answer at a hex of the board (not the aircraft),
    and the answers sharing a hex differ only by what the second choice tells apart."""
    table = Tables(plugins, None).start("dockfighters", "duel", ["person", "friend"], seed=1)
    game = table.game
    rng = random.Random(2)
    for _ in range(200):
        player = table.waiting()[0]
        legal = game.legal_actions(player)
        if isinstance(legal[0], Manoeuvre) and len(legal) > 3:
            break
        table.act(player, rng.randrange(len(legal)), table.version)
    else:
        pytest.fail("no manoeuvre of several answers was asked")
    offered = choices(table, player)
    places = [c["place"] for c in offered]
    assert not any(p.startswith("piece:") for p in places), places
    assert len(set(places)) > 1  # several hexes to click
    by_place: dict[str, list[str]] = {}
    for c in offered:
        by_place.setdefault(c["place"], []).append(c["text"])
    assert any(len(texts) > 1 for texts in by_place.values())  # a second choice somewhere
    for texts in by_place.values():
        assert len(set(texts)) == len(texts)  # told apart by their words


def test_the_last_move_is_outlined_where_it_went_not_where_the_present_move_points(
    plugins: Plugins,
) -> None:
    """The page outlines the last move at the hex it flew to, as it was offered: worded from
    the present view (the next turn point of the move in progress) it would point further on."""
    from aerodrome.ui.web.seatview import seat_view

    table = Tables(plugins, None).start("dockfighters", "duel", ["person", "friend"], seed=1)
    game = table.game
    rng = random.Random(4)
    seen = 0
    for _ in range(300):
        if game.is_over():
            break
        player = table.waiting()[0]
        legal = game.legal_actions(player)
        pick = rng.randrange(len(legal))
        action = legal[pick]
        said = label(game.ruleset, action, game.observation(player)).place
        table.act(player, pick, table.version)
        last = seat_view(table, player)["last"]
        if isinstance(action, Manoeuvre) and said is not None and game.history[-1][1] == action:
            assert last == {"place": said, "seat": last["seat"]}, (action, said, last)
            seen += 1
    assert seen > 3
