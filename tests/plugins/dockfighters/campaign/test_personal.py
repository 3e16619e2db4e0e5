"""Personal files: the experience track with its victory gates, the victory track, aces'
abilities and their level 2 (rulebook: Personal Files).

Mutations tried: the veteran gate removed from ``next_box`` (red: the stuck-experienced
test), the ace roll made at 4 victories, level 2 offered for an ability he has not got.
"""

from __future__ import annotations

import pytest

from aerodrome.engine.testing import ScriptedDice
from aerodrome_dockfighters.campaign import personal
from aerodrome_dockfighters.campaign.journal import TakeAbility
from aerodrome_dockfighters.campaign.sheet import AceAbility, CampaignError, PersonalFile
from aerodrome_dockfighters.campaign.specs import Modifiers, tables


def fly(p: PersonalFile, times: int, dice: list[int] | None = None) -> list[str]:
    d = ScriptedDice(dice or [])
    out = []
    for _ in range(times):
        personal.mark_box(p, d)
        out.append(p.experience)
    return out


@pytest.mark.clause("dockfighters.pilot.2", "dockfighters.pilot.9", "dockfighters.pilot.1")
def test_green_for_two_missions_experienced_from_the_third() -> None:
    p = PersonalFile(name="Hans")
    assert p.experience == "green"
    assert fly(p, 3) == ["green", "green", "experienced"]
    assert p.missions == 3 and p.box == 2


@pytest.mark.clause("dockfighters.pilot.5")
def test_no_veteran_without_a_victory() -> None:
    p = PersonalFile(name="Hans")
    assert fly(p, 9)[-1] == "experienced"  # "he cannot rise above experienced pilot level"
    p.victories = 1
    assert fly(p, 1) == ["veteran"]


@pytest.mark.clause("dockfighters.pilot.6", "dockfighters.pilot.3")
def test_five_victories_unlock_the_ace_box_and_its_ability() -> None:
    p = PersonalFile(name="Hans", victories=5)
    levels = fly(p, 9, [4])
    # five victories early only "unlocked the requirement": the missions still count
    assert levels[:2] == ["green", "green"] and levels[-1] == "ace"
    assert len(tables().campaign.ladder.boxes) == 9
    assert p.abilities == [AceAbility(name=tables().aces["pilot"][4].name)]
    assert p.rolled_at == 5
    p2 = PersonalFile(name="Fritz", victories=4, box=7)
    assert fly(p2, 1) == ["veteran"]  # 4 victories: the red box stays locked


@pytest.mark.clause("dockfighters.pilot.8")
def test_five_more_victories_a_new_roll_and_level_two() -> None:
    first = tables().aces["pilot"][1].name
    p = PersonalFile(
        name="Hans", victories=10, box=8, abilities=[AceAbility(name=first)], rolled_at=5
    )
    options = personal.ability_options(p, 2)
    assert options == [
        TakeAbility(pilot="Hans", ability=tables().aces["pilot"][2].name, level=1),
        TakeAbility(pilot="Hans", ability=first, level=2),
    ]
    personal.more_abilities(p, ScriptedDice([2]), lambda pilot, opts: opts[1])
    assert p.abilities == [AceAbility(name=first, level=2)] and p.rolled_at == 10
    mods = personal.modifiers(p)
    assert mods == tables().aces["pilot"][1].level2
    # the same ability rolled again offers only level 2 of those at level 1: none left here
    p.victories = 15
    personal.more_abilities(p, ScriptedDice([1]), lambda pilot, opts: opts[0])
    assert p.abilities == [AceAbility(name=first, level=2)]


@pytest.mark.clause("dockfighters.pilot.8")
def test_an_ability_not_offered_is_refused() -> None:
    p = PersonalFile(
        name="Hans", victories=10, box=8, abilities=[AceAbility(name="Sharpshooter")], rolled_at=5
    )
    with pytest.raises(CampaignError, match="cannot take"):
        personal.more_abilities(
            p,
            ScriptedDice([2]),
            lambda pilot, opts: TakeAbility(pilot="Hans", ability="Lucky devil", level=2),
        )


@pytest.mark.clause("dockfighters.pilot.3")
def test_crews_have_their_own_ace_abilities() -> None:
    crew = PersonalFile(name="Crew", kind="airship crew", victories=5, box=7)
    personal.mark_box(crew, ScriptedDice([1]))
    assert crew.abilities[0].name == tables().aces["airship crew"][1].name
    assert personal.modifiers(crew) == tables().aces["airship crew"][1].level1
    assert Modifiers(hit=-1) + Modifiers(hit=-1, check=1) == Modifiers(hit=-2, check=1)
