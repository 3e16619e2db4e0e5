"""The classic hookspecs, reached through the real plugin manager (firstresult hooks)."""

from __future__ import annotations

import pytest

from aerodrome import hookimpl
from aerodrome.plugins import load_plugins
from aerodrome_classic.state import PlayCard, ShotDown, TakeOff
from tests.plugins.classic.helpers import (
    act,
    decline_take_offs,
    events,
    game,
    move_to,
    plane,
    position,
)


class BothDownOnTies:
    @hookimpl
    def aerodrome_classic_head_on(self, attacker_burst: int, defender_burst: int) -> str | None:
        return "both_down" if attacker_burst == defender_burst else None


class FiveCards:
    @hookimpl
    def aerodrome_classic_cards_at_take_off(self, kills: int, standard: int) -> int | None:
        return 5 if kills == 0 else None


@pytest.mark.clause("classic.headon.2")
def test_variant_plugin_changes_head_on_ties() -> None:
    plugins = load_plugins(extra=[("both-down", BothDownOnTies())])
    ruleset = plugins.ruleset("classic")
    g = game(
        position(
            "American",
            plane("GREEN-1", 5, 12, "N"),
            plane("GREEN-2", 0, 21, flying=False),
            plane("RED-1", 5, 9, "S"),
            plane("RED-2", 0, 0, flying=False),
            hands={"GREEN": ["B3"], "RED": ["B3", "B4"]},
        ),
        dice=[2, 2],
        ruleset=ruleset,  # type: ignore[arg-type]
    )
    decline_take_offs(g)
    move_to(g, "GREEN-1", [(5, 12), (5, 11), (5, 10)], "N")
    act(g, PlayCard(card="B3"))
    assert {e.plane for e in events(g, ShotDown)} == {"GREEN-1", "RED-1"}


@pytest.mark.clause("classic.aces.4")
def test_variant_plugin_changes_cards_at_take_off() -> None:
    plugins = load_plugins(extra=[("five-cards", FiveCards())])
    ruleset = plugins.ruleset("classic")
    for kills, expect in ((0, 5), (1, 6)):
        g = game(
            position(
                "German",
                plane("RED-1", 0, 0, flying=False, kills=kills),
                plane("GREEN-1", 0, 21, flying=False),
            ),
            dice=[3, 4],
            ruleset=ruleset,  # type: ignore[arg-type]
        )
        act(g, TakeOff(plane="RED-1"))
        assert len(g.state.squadrons["RED"].hand) == expect
