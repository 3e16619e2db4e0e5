"""The squadron leader: promotion, the d6 skill tree, unlocking levels, what each tree gives
(rulebook: Expansion Rules, Squadron Leader).

Mutations tried: two active leaders allowed, a level unlocked twice in one mission, the
experience requirement ignored, the best-of aggregation replaced by the last level's.
"""

from __future__ import annotations

import pytest

from aerodrome_dockfighters.campaign import campaign, leadership
from aerodrome_dockfighters.campaign.journal import InPlay, Promoted
from aerodrome_dockfighters.campaign.sheet import CampaignError, LeaderFile
from aerodrome_dockfighters.campaign.specs import tables
from tests.plugins.dockfighters.campaign.helpers import squadron


@pytest.mark.clause("dockfighters.leader.1")
def test_one_leader_and_his_tree_by_a_d6() -> None:
    sq = squadron(fame=10, seed=3)
    campaign.promote(sq, "Fritz")
    entry = sq.journal[-1]
    assert (
        isinstance(entry, Promoted)
        and 1 <= entry.tree <= 6
        and sq.leader == LeaderFile(pilot="Fritz", tree=entry.tree)
    )
    with pytest.raises(CampaignError, match="one active squadron leader, Fritz"):
        campaign.promote(sq, "Hans")
    again = squadron(fame=10, seed=3)
    campaign.promote(again, "Fritz")
    assert again.leader == sq.leader  # the squadron's seed and journal decide the roll
    sq.barracks[1].status = "killed"
    campaign.promote(sq, "Hans")  # the lost leader is replaced
    assert sq.leader is not None and sq.leader.pilot == "Hans"
    with pytest.raises(CampaignError, match="not a pilot"):
        campaign.promote(sq, "Nobody")


@pytest.mark.clause("dockfighters.leader.2")
def test_levels_one_a_mission_in_order_with_the_experience() -> None:
    sq = squadron(fame=30)
    campaign.promote(sq, "Hans")
    assert [lv.cost for lv in tables().leaders.level] == [2, 4, 6]
    campaign.unlock(sq)
    assert sq.fame == 28 and sq.leader is not None and sq.leader.levels == 1
    with pytest.raises(CampaignError, match="one skill can be unlocked per mission"):
        campaign.unlock(sq)
    sq.missions += 1
    with pytest.raises(CampaignError, match="needs him experienced"):
        campaign.unlock(sq)
    sq.barracks[0].box = 2  # an experienced leader
    campaign.unlock(sq)
    assert sq.fame == 24 and sq.leader.levels == 2
    sq.missions += 1
    sq.barracks[0].box = 5
    sq.barracks[0].victories = 1
    poor = sq.fame - 5
    sq.fame = 5
    with pytest.raises(CampaignError, match="costs 6 fame"):
        campaign.unlock(sq)
    sq.fame += poor
    campaign.unlock(sq)
    assert sq.leader.levels == 3


@pytest.mark.clause(
    "dockfighters.leader.heroic.1",
    "dockfighters.leader.heroic.2",
    "dockfighters.leader.heroic.3",
    "dockfighters.leader.scrounge.1",
    "dockfighters.leader.scrounge.2",
    "dockfighters.leader.scrounge.3",
)
@pytest.mark.parametrize("levels", [1, 2, 3])
def test_heroic_and_scrounge_thresholds(levels: int) -> None:
    sq = squadron()
    sq.leader = LeaderFile(pilot="Hans", tree=1, levels=levels)
    assert leadership.effect(sq).hospital == 7 - levels
    sq.leader = LeaderFile(pilot="Hans", tree=3, levels=levels)
    assert leadership.effect(sq).workshop == 7 - levels and leadership.effect(sq).hospital == 0


@pytest.mark.clause(
    "dockfighters.leader.ruthless.1",
    "dockfighters.leader.ruthless.2",
    "dockfighters.leader.ruthless.3",
)
def test_ruthless_levels() -> None:
    sq = squadron()
    sq.leader = LeaderFile(pilot="Hans", tree=2, levels=1)
    e = leadership.effect(sq)
    assert e.wounded_flies and e.wounded_penalty == 1 and not e.damaged_flies
    sq.leader.levels = 2
    assert leadership.effect(sq).wounded_penalty == 0
    sq.leader.levels = 3
    assert leadership.effect(sq).damaged_flies


@pytest.mark.clause(
    "dockfighters.leader.publicity.1",
    "dockfighters.leader.publicity.2",
    "dockfighters.leader.publicity.3",
)
def test_publicity_levels() -> None:
    sq = squadron()
    sq.leader = LeaderFile(pilot="Hans", tree=4, levels=3)
    e = leadership.effect(sq)
    assert (e.mission_discount, e.equipment_discount, e.aircraft_discount) == (1, 1, 1)


@pytest.mark.clause(
    "dockfighters.leader.dread.1",
    "dockfighters.leader.dread.2",
    "dockfighters.leader.dread.3",
    "dockfighters.leader.drunken.1",
    "dockfighters.leader.drunken.2",
    "dockfighters.leader.drunken.3",
)
def test_dread_and_drunken_go_into_play() -> None:
    sq = squadron()
    sq.leader = LeaderFile(pilot="Hans", tree=5, levels=3)
    assert leadership.in_play(sq) == InPlay(reroll_checks=2, reroll_attacks=1)
    sq.leader = LeaderFile(pilot="Hans", tree=6, levels=2)
    assert leadership.in_play(sq) == InPlay(ignore_wounds=1, pass_checks=1, first_shot_harder=True)
    sq.leader.levels = 3
    assert leadership.in_play(sq) == InPlay(ignore_wounds=2, pass_checks=1, first_shot_harder=True)
    sq.barracks[0].status = "captured"  # "Only his skills are relevant": a lost leader has none
    assert leadership.in_play(sq) == InPlay() and leadership.skills(sq) == []


def test_the_six_trees_and_their_printed_cells() -> None:
    trees = tables().trees
    assert [trees[r].name for r in range(1, 7)] == [
        "Heroic",
        "Ruthless",
        "Scrounge",
        "Publicity expert",
        "Dread",
        "Drunken",
    ]
    assert trees[5].skill[0].text.startswith("Once a game a skill check can be re-rolled")
    assert all(
        t.skill[2].assumed and not t.skill[0].assumed and not t.skill[1].assumed
        for t in trees.values()
    )
