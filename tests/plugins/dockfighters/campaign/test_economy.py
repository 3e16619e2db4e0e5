"""The squadron's purse: founding, recruiting, aircraft, equipment (rulebook: Campaign: Rules
for Free Play, Squadron Documents).

Mutations tried: the barracks limits off by one (the 15th crew test), the airship limit
counting lost airships (the replacement test), equipment paid twice, a free recruit.
"""

from __future__ import annotations

import pytest

from aerodrome_dockfighters.campaign import bridge, campaign, economy
from aerodrome_dockfighters.campaign.ledger import total
from aerodrome_dockfighters.campaign.sheet import CampaignError
from aerodrome_dockfighters.campaign.specs import tables
from tests.plugins.dockfighters.campaign.helpers import ARROW, HARRIER, HAWK, squadron


@pytest.mark.clause("dockfighters.campaign.1")
def test_a_new_squadron() -> None:
    sq = squadron("Saxony")
    assert [p.datasheet for p in sq.hangar] == [ARROW] * 4 and all(
        p.status == "ready" for p in sq.hangar
    )
    assert [p.name for p in sq.barracks] == ["Karl", "Otto", "Paul", "Emil"]
    assert all(p.experience == "green" and p.kind == "pilot" for p in sq.barracks)
    assert sq.fame == 0 and sq.journal[0].ledger == ()
    with pytest.raises(CampaignError, match="4 named green pilots"):
        campaign.found("x", "Bavaria", ["a", "b", "c"], 1)
    with pytest.raises(CampaignError, match="name of his own"):
        campaign.found("x", "Bavaria", ["a", "a", "c", "d"], 1)
    with pytest.raises(CampaignError, match="faction"):
        campaign.found("x", "Prussia", ["a", "b", "c", "d"], 1)


@pytest.mark.clause("dockfighters.campaign.recruit.1")
def test_recruiting_costs_one_fame_up_to_fourteen() -> None:
    sq = squadron(fame=20)
    campaign.recruit(sq, "Kurt")
    assert sq.fame == 19 and sq.pilot("Kurt") is not None
    for n in range(3):
        campaign.recruit(sq, f"Pilot {n}")
    for n in range(2):
        campaign.recruit(sq, f"Crew {n}", "airship crew")
    for n in range(4):
        campaign.recruit(sq, f"Bomber {n}", "bomber crew")
    assert len(sq.active()) == 14 and sq.fame == 10
    for kind in ("pilot", "airship crew", "bomber crew"):
        with pytest.raises(CampaignError, match="14 slots in use"):
            campaign.recruit(sq, "Number 15", kind)
    sq.barracks[0].status = "killed"  # "or replace a lost one"
    campaign.recruit(sq, "Replacement")
    with pytest.raises(CampaignError, match="already"):
        campaign.recruit(sq, "Kurt", "bomber crew")


@pytest.mark.clause("dockfighters.campaign.recruit.1")
def test_an_unaffordable_recruit_changes_nothing() -> None:
    sq = squadron()
    before = len(sq.journal)
    with pytest.raises(
        CampaignError, match="fame: recruiting Kurt costs 1 fame, the squadron has 0"
    ):
        campaign.recruit(sq, "Kurt")
    assert len(sq.journal) == before and sq.pilot("Kurt") is None


@pytest.mark.clause("dockfighters.campaign.aircraft.1")
def test_aircraft_at_their_point_value() -> None:
    sq = squadron(fame=10)
    campaign.buy(sq, HARRIER)
    campaign.buy(sq, HARRIER)  # "So 2 Advanced fighters cost you 4 fame points"
    assert sq.fame == 6 and [p.serial for p in sq.hangar][-2:] == [5, 6]
    assert total(sq.journal[-1].ledger) == -bridge.aircraft(HARRIER).value == -2  # type: ignore[union-attr]
    with pytest.raises(CampaignError, match="Bavaria squadron can buy"):
        campaign.buy(sq, ARROW)
    with pytest.raises(CampaignError, match="can buy"):
        campaign.buy(sq, "Bv-101 A-1 Dragonfly")  # a dockfighter comes with its docking system


@pytest.mark.clause("dockfighters.campaign.aircraft.2")
def test_at_most_two_airships() -> None:
    sq = squadron(fame=30)
    campaign.buy(sq, "Albatross")
    campaign.buy(sq, "Albatross")
    with pytest.raises(CampaignError, match="only 2 can be bought"):
        campaign.buy(sq, "Albatross")
    next(p for p in sq.hangar if p.datasheet == "Albatross").status = "lost"
    campaign.buy(sq, "Albatross")  # a lost airship is replaced


@pytest.mark.clause("dockfighters.campaign.equipment.1")
def test_equipment_is_paid_once() -> None:
    sq = squadron(fame=10)
    campaign.equip(sq, "Swarm missiles")
    assert sq.fame == 9 and economy.usable(sq, "Swarm missiles")
    with pytest.raises(CampaignError, match="paid for once"):
        campaign.equip(sq, "Swarm missiles")
    with pytest.raises(CampaignError, match="automatically"):
        campaign.equip(sq, "AB 250 bomb")
    assert economy.usable(sq, "AB 250 bomb") and not economy.usable(sq, "radar")


@pytest.mark.clause("dockfighters.campaign.equipment.2")
def test_the_depots_as_printed() -> None:
    depot = tables().depot
    printed = {
        "SD 250 cluster bomb": 1,
        "RB 250 smoke bomb": 2,
        "Swarm missiles": 1,
        "Panzerschreck rocket": 2,
        "Magnetic missiles": 2,
        "Swordwhale ACM": 1,
        "heavy anti-aircraft turret": 3,
        "docking clamp": 3,
        "dockfighter": 6,
        "artillery turret": 3,
        "magnetic railgun": 6,
        "radar": 3,
        "jammer": 6,
    }
    assert {k: depot[k].cost for k in printed} == printed
    assert all(
        depot[k].automatic
        for k in ("AB 250 bomb", "Nebelwerfer rocket", "light anti-aircraft turret")
    )
    assert all(bridge.is_weapon(k) or depot[k].docking for k in depot)
    assert depot["Hurricane ACM"].assumed


@pytest.mark.clause("dockfighters.leader.publicity.2", "dockfighters.leader.publicity.3")
def test_the_publicity_expert_pays_less() -> None:
    sq = squadron(fame=30)
    campaign.promote(sq, "Hans")
    assert sq.leader is not None
    sq.leader.tree = 4
    sq.leader.levels = 3
    assert economy.equipment_price(sq, "dockfighter") == 5
    assert economy.equipment_price(sq, "Swarm missiles") == 1  # "to a minimum of 1"
    assert economy.aircraft_price(sq, HARRIER) == 1 and economy.aircraft_price(sq, HAWK) == 1
    assert economy.aircraft_price(sq, "Albatross") == 5
