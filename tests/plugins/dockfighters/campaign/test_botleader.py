"""The bot squadron leader's judgement (issue 10: "makes the spending and mission choices
sensibly, so a whole campaign can run unattended"): it gets two pairs airborne before it
spends on anything else, keeps a reserve, promotes a leader, never chooses a mission it
cannot pay for, sends the free planes (a third only when rich), arms bombs against its own
ground targets,
and goes to the League's challenges only with an ace and fame to spare.

Mutations caught: spending the reserve on recruits (the reserve test), a mission chosen by
its fame win alone (the affordable-mission test: a value-5 mission), bombs on a
dogfight or at the other's targets (the loads test), a challenge with 1 fame (the challenge test).
"""

from __future__ import annotations

import pytest

from aerodrome.engine.testing import ScriptedDice
from aerodrome_dockfighters.campaign import bridge, campaign, procedure
from aerodrome_dockfighters.campaign.botleader import RESERVE, BotLeader
from aerodrome_dockfighters.campaign.sheet import CampaignError
from tests.plugins.dockfighters.campaign.helpers import HAWK, SPRITE, squadron

#: Every mission a scenario may pair, by value.
ALL = [k for k, m in bridge.missions().items() if m.value > 0]


@pytest.mark.clause("dockfighters.campaign.sortie.2", "dockfighters.leader.1")
def test_two_pairs_airborne_first_then_a_reserve() -> None:
    sq = squadron(fame=3)
    for plane in sq.hangar[1:]:
        plane.status = "lost"
    bot = BotLeader(1)
    bot.spend(sq)
    assert campaign.can_fly(sq)  # a Hawk bought with the fame it had
    assert sq.leader is not None  # and a squadron leader promoted (it costs nothing)
    short = squadron(fame=RESERVE + 1)  # 4 planes, 2 pilots left
    for p in short.barracks[2:]:
        p.status = "killed"
    bot.spend(short)
    assert (
        len(short.active("pilot")) == 3 and short.fame == RESERVE
    )  # one recruit, the reserve kept


@pytest.mark.clause("dockfighters.setup.2", "dockfighters.setup.3")
def test_an_affordable_mission_worth_most() -> None:
    bot = BotLeader(1)
    poor = squadron(fame=1)
    chosen = bot.mission(poor, ALL, None, poor.fame)
    assert bridge.missions()[chosen].fame_cost == 0  # nothing it cannot pay (and keep a reserve)
    rich = squadron(fame=20)
    chosen = bot.mission(rich, ALL, None, rich.fame)
    assert bridge.missions()[chosen].fame_cost + RESERVE <= rich.fame
    assert (
        chosen == "cargo-escort"
    )  # the most fame for its cost by Konrad's chances (10 x 0.99 - 4)


@pytest.mark.clause("dockfighters.campaign.sortie.1", "dockfighters.setup.10")
def test_the_free_planes_a_third_when_rich_and_bombs_on_ground_targets() -> None:
    bot = BotLeader(1)
    poor = squadron()
    assert len(bot.send(poor, "aerial-dominance", "aerial-dominance", poor.fame).picks) == 2
    rich = squadron(fame=12)
    campaign.buy(rich, SPRITE)  # a fighterbomber
    send = bot.send(rich, "bomb-run", "aerial-dominance", rich.fame)
    assert len(send.picks) == 3 and all(not p.loads for p in send.picks)  # armed at step 8
    sent = procedure.sortie(rich, send, ScriptedDice([]))
    target = bridge.GroundSeen(
        seat=0, name="Truck", value=1, hex="9,12", structure=1, armoured=False, mobile=True
    )
    seen = bridge.SetUp(missions=("bomb-run", "aerial-dominance"), ground=(target,))
    armed = {p.serial: p.loads for p in bot.arm(rich, sent, 0, seen).picks}
    sprite = next(s.serial for s in sent if s.datasheet == SPRITE)
    assert armed[sprite] and all(x == "AB 250 bomb" for x in armed[sprite])
    theirs = bridge.SetUp(missions=("aerial-dominance", "bomb-run"), ground=(target,))
    assert not any(p.loads for p in bot.arm(rich, sent, 1, theirs).picks)  # not its targets
    dogfight = bot.send(rich, "aerial-dominance", "aerial-dominance", rich.fame).picks
    assert all(rich.plane(p.serial).datasheet in (HAWK, SPRITE) for p in dogfight)  # type: ignore[union-attr]


@pytest.mark.clause("dockfighters.challenge.1")
def test_challenges_only_with_an_ace_fame_and_a_pause() -> None:
    bot = BotLeader(1)
    sq = squadron(fame=30)
    assert bot.wants_challenge(sq) == 0
    with pytest.raises(CampaignError, match="no ready ace fighter pilot"):
        bot.send(sq, "ace-challenge-1", bridge.LEAGUE, sq.fame)
    hans = sq.pilot("Hans")
    assert hans is not None
    hans.box, hans.victories = 8, 5
    assert bot.wants_challenge(sq) == 1
    assert bot.send(sq, "ace-challenge-1", bridge.LEAGUE, sq.fame).picks[0].pilot == "Hans"
    poor = squadron(fame=1)
    ace = poor.pilot("Hans")
    assert ace is not None
    ace.box, ace.victories = 8, 5
    assert bot.wants_challenge(poor) == 0  # 1 fame: no spare fame for the challenge
