"""The campaign rules a referee found deviating from the book (issue 26), each checked
against the book's own words (quoted in the test and in the clause's summary)."""

from __future__ import annotations

import pytest

from aerodrome.testing import ScriptedDice
from aerodrome_dockfighters import rules
from aerodrome_dockfighters.campaign import bridge, procedure
from aerodrome_dockfighters.campaign.journal import Pick, Send, Side
from aerodrome_dockfighters.campaign.sheet import LeaderFile
from tests.plugins.dockfighters.campaign.helpers import squadron


@pytest.mark.clause("dockfighters.leader.ruthless.1", "dockfighters.check.1")
def test_a_ruthless_leaders_wounded_fly_one_level_lower_and_no_more() -> None:
    """Ruthless, green level: "Pilot or crew flies wounded, -1 experience level for the
    mission". An experienced pilot out of hospital flies as a green one: his pilot checks
    need the green 5+, not 6+ (a level lower and +1 for the wound on top: the penalty twice).
    Mutation caught: the old +1 for a wound in the engine's check_target."""
    sq = squadron()
    sq.barracks[0].box = 2  # Hans: experienced at his next mission
    sq.barracks[0].status = "hospital"
    sq.leader = LeaderFile(pilot="Alois", tree=2, levels=1)
    picks = (Pick(pilot="Hans", serial=1), Pick(pilot="Fritz", serial=2))
    sent = procedure.sortie(sq, Send(picks=picks), ScriptedDice([]))
    assert (sent[0].wounded, sent[0].experience) == (True, 0)
    other = squadron("Saxony")
    theirs = procedure.sortie(
        other,
        Send(picks=(Pick(pilot="Karl", serial=1), Pick(pilot="Otto", serial=2))),
        ScriptedDice([]),
    )
    sides = (
        Side(squadron=sq.name, faction="Bavaria", mission="aerial-dominance", sent=sent),
        Side(squadron=other.name, faction="Saxony", mission="aerial-dominance", sent=theirs),
    )
    game = bridge.new_game(bridge.setup(sides, 0, ()), 1)
    hans = next(a for a in game.state.aircraft if a.pilot == "Hans")
    assert hans.wounded and hans.experience == 0
    assert rules.check_target(hans) == 5
    assert bridge.check_target(sent[0].experience) == 5  # his landing check after the mission
