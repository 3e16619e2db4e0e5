"""The end of a scenario: fame for kills and the mission, victories, bail-outs brought home
or captured, the way home, hospital and workshop (rulebook: Scenario Setup step 11,
Campaign: Rules for Free Play). The mission's report is made by hand here; the bridge's
reading of real games is tested with the whole campaign.

Mutations tried: a green pilot brought home for 0 (the return test), the workshop at more
than 50 % only (the 50 % test), the landing check skipped (setup.8 test), the hospital kept
for two missions (the release test).
"""

from __future__ import annotations

import pytest

from aerodrome.engine.testing import ScriptedDice
from aerodrome_dockfighters.campaign import aftermath, bridge, campaign, files
from aerodrome_dockfighters.campaign.journal import PayReturn, Recruited, Sent, Side, TakeAbility
from aerodrome_dockfighters.campaign.procedure import Party
from aerodrome_dockfighters.campaign.sheet import AceAbility, LeaderFile, Squadron
from tests.plugins.dockfighters.campaign.helpers import HAWK, Stub, crew, report, squadron


def sides(
    sq: Squadron, pilots: list[str], club: bool = False, datasheet: str = HAWK
) -> tuple[Side, Side]:
    mine = tuple(
        Sent(
            pilot=n,
            kind=sq.pilot(n).kind,
            serial=i + 1,
            datasheet=datasheet,  # type: ignore[union-attr]
            experience=sq.pilot(n).level,
        )
        for i, n in enumerate(pilots)
    )  # type: ignore[union-attr]
    theirs = (
        Sent(
            pilot="Karl",
            kind="pilot",
            serial=1,
            datasheet="Do-335 L-3 Arrow",
            experience=2,
            club=club,
        ),
    )
    return Side(squadron=sq.name, faction="Bavaria", mission="aerial-dominance", sent=mine), Side(
        squadron="them", faction="Saxony", mission="aerial-dominance", sent=theirs
    )


def settle(
    sq: Squadron,
    leader: Stub,
    rep: bridge.Report,
    both: tuple[Side, Side],
    dice: list[int] | None = None,
    monkeypatch: pytest.MonkeyPatch | None = None,
) -> Party:
    if monkeypatch is not None:
        monkeypatch.setattr(aftermath, "Dice", lambda seed: ScriptedDice(dice or []))
    party = Party(sq, leader)
    party.outcome = aftermath.settle(party, 0, rep, both, 7)  # type: ignore[attr-defined]
    return party


@pytest.mark.clause(
    "dockfighters.fame.1",
    "dockfighters.fame.2",
    "dockfighters.fame.4",
    "dockfighters.challenge.2",
    "dockfighters.pilot.7",
    "dockfighters.campaign.free.1",
)
def test_fame_for_kills_the_mission_and_a_club_member() -> None:
    sq = squadron()
    kills = [
        bridge.Kill(
            seat=0, by=0, victim_seat=1, victim=0, experience=2, klass="standard fighter", fame=3
        ),
        bridge.Kill(
            seat=0, by=1, victim_seat=1, victim=-1, experience=1, klass="dockfighter", fame=0
        ),
        bridge.Kill(
            seat=1, by=0, victim_seat=0, victim=1, experience=0, klass="standard fighter", fame=1
        ),
    ]
    rep = report(
        [
            crew(victories=3, kills=1),
            crew(fate="killed", aircraft_lost=True, home=False, victories=1, kills=1),
        ],
        kills=kills,
        mission=((True, 2), (False, 0)),
    )
    party = settle(sq, Stub(), rep, sides(sq, ["Hans", "Fritz"], club=True))
    assert [(x.why, x.fame) for x in party.lines] == [
        ("kill", 3),
        ("club bounty", 1),
        ("mission", 2),
    ]
    assert sq.pilot("Hans").victories == 3 and sq.pilot("Fritz").status == "killed"  # type: ignore[union-attr]
    assert sq.plane(2).status == "lost" and sq.won == 1 and sq.missions == 1  # type: ignore[union-attr]
    assert (
        party.outcome.kills == 2
        and party.outcome.losses == 1
        and party.outcome.pilots_lost == ("Fritz",)
    )  # type: ignore[attr-defined]


@pytest.mark.clause("dockfighters.campaign.return.1")
@pytest.mark.parametrize(("box", "cost"), [(0, None), (2, 2), (5, 3), (8, 4)])
def test_bringing_a_bailed_out_pilot_home(box: int, cost: int | None) -> None:
    sq = squadron(fame=10)
    hans = sq.pilot("Hans")
    assert hans is not None
    hans.box, hans.victories = box, 5
    rep = report([crew(fate="bailed out", aircraft_lost=True, home=False), crew()])
    party = settle(sq, Stub(pay=True), rep, sides(sq, ["Hans", "Fritz"]))
    if cost is None:  # "A green pilot has no fame and always goes straight into the next POW camp"
        assert hans.status == "captured" and party.lines == [] and party.choices == []
    else:
        assert hans.status == "ready" and [x.fame for x in party.lines] == [-cost]
        assert party.choices == [PayReturn(pilot="Hans", pay=True)]


@pytest.mark.clause("dockfighters.campaign.return.1")
def test_not_paid_cannot_pay_defender() -> None:
    sq = squadron(fame=10)
    hans, fritz = sq.pilot("Hans"), sq.pilot("Fritz")
    assert hans is not None and fritz is not None
    hans.box = fritz.box = 2
    bailed = report([crew(fate="bailed out", aircraft_lost=True, home=False)] * 2)
    settle(sq, Stub(pay=False), bailed, sides(sq, ["Hans", "Fritz"]))
    assert hans.status == fritz.status == "captured"
    poor = squadron(fame=1)
    poor.barracks[0].box = 2
    party = settle(
        poor,
        Stub(pay=True),
        report([crew(fate="bailed out", aircraft_lost=True, home=False), crew()]),
        sides(poor, ["Hans", "Fritz"]),
    )
    assert poor.barracks[0].status == "captured" and party.choices == []  # "or cannot"
    home = squadron()
    home.barracks[0].box = 8
    defended = report([crew(fate="bailed out", aircraft_lost=True, home=False), crew()], defender=0)
    party = settle(home, Stub(pay=False), defended, sides(home, ["Hans", "Fritz"]))
    assert (
        home.barracks[0].status == "ready" and party.lines == []
    )  # the Airstrip Visit's defenders


@pytest.mark.clause("dockfighters.setup.8")
@pytest.mark.parametrize(
    ("roll", "wounded", "lost", "status"),
    [
        (4, False, False, "ready"),
        (1, False, True, "hospital"),
        (1, True, True, "killed"),
        (6, True, False, "hospital"),
    ],
)
def test_the_way_home_of_a_damaged_plane(
    roll: int, wounded: bool, lost: bool, status: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    sq = squadron()
    sq.barracks[0].box = 2  # experienced: 4+
    rep = report([crew(damage=4, wounded=wounded), crew(gear_damaged=False)])
    settle(sq, Stub(), rep, sides(sq, ["Hans", "Fritz"]), [roll], monkeypatch)
    assert sq.plane(1).status == ("lost" if lost else "workshop")  # type: ignore[union-attr]
    assert sq.pilot("Hans").status == status  # type: ignore[union-attr]


@pytest.mark.clause("dockfighters.campaign.hospital.1", "dockfighters.leader.heroic.1")
def test_hospital_for_the_next_mission_only(monkeypatch: pytest.MonkeyPatch) -> None:
    sq = squadron()
    rep = report([crew(wounded=True), crew(wounded=True)])
    sq.leader = LeaderFile(pilot="Sepp", tree=1, levels=1)  # Heroic: back at once on a 6
    settle(sq, Stub(), rep, sides(sq, ["Hans", "Fritz"]), [6, 5], monkeypatch)
    assert [sq.pilot(n).status for n in ("Hans", "Fritz")] == ["ready", "hospital"]  # type: ignore[union-attr]
    rep = report([crew(), crew()])
    settle(sq, Stub(), rep, sides(sq, ["Sepp", "Alois"]), [], monkeypatch)
    assert sq.pilot("Fritz").status == "ready"  # type: ignore[union-attr]


@pytest.mark.clause(
    "dockfighters.campaign.workshop.1",
    "dockfighters.campaign.workshop.2",
    "dockfighters.leader.scrounge.1",
)
def test_the_workshop(monkeypatch: pytest.MonkeyPatch) -> None:
    sq = squadron()
    # Hawk: structure 3, yellow 2. 1 damage and 1 critical: ready; 2 criticals: workshop
    rep = report([crew(damage=1, crits=1), crew(crits=2)])
    settle(sq, Stub(), rep, sides(sq, ["Hans", "Fritz"]), [], monkeypatch)
    assert [sq.plane(n).status for n in (1, 2)] == ["ready", "workshop"]  # type: ignore[union-attr]
    settle(sq, Stub(), report([crew(), crew()]), sides(sq, ["Sepp", "Alois"]), [], monkeypatch)
    assert sq.plane(2).status == "ready"  # type: ignore[union-attr]
    ship = bridge.catalogue()["Albatross"]
    assert aftermath._to_workshop(crew(damage=ship.structure // 2), ship)  # "up to 50%"
    assert not aftermath._to_workshop(crew(damage=ship.structure // 2 - 1, crits=1), ship)
    assert aftermath._to_workshop(crew(crits=2), ship)  # "2 unrepaired critical damage"
    sq.leader = LeaderFile(pilot="Sepp", tree=3, levels=1)  # Scrounge: back at once on a 6
    settle(
        sq,
        Stub(),
        report([crew(crits=2), crew(crits=2)]),
        sides(sq, ["Hans", "Fritz"]),
        [6, 2],
        monkeypatch,
    )
    assert [sq.plane(n).status for n in (1, 2)] == ["ready", "workshop"]  # type: ignore[union-attr]


@pytest.mark.clause("dockfighters.pilot.8", "dockfighters.leader.1")
def test_an_ace_chooses_after_five_more_victories_and_a_lost_leader_goes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sq = squadron()
    hans = sq.pilot("Hans")
    assert hans is not None
    hans.box, hans.victories, hans.rolled_at = 8, 8, 5
    hans.abilities = [AceAbility(name="Sharpshooter")]
    sq.leader = LeaderFile(pilot="Fritz", tree=1)
    rep = report([crew(victories=2), crew(fate="killed", aircraft_lost=True, home=False)])
    party = settle(sq, Stub(take=1), rep, sides(sq, ["Hans", "Fritz"]), [3], monkeypatch)
    assert hans.abilities == [AceAbility(name="Sharpshooter", level=2)]
    assert party.choices == [TakeAbility(pilot="Hans", ability="Sharpshooter", level=2)]
    assert sq.leader is None


@pytest.mark.clause("dockfighters.campaign.sortie.2")
def test_a_squadron_that_cannot_fly_is_disbanded() -> None:
    sq = squadron()
    for plane in sq.hangar[1:]:
        plane.status = "lost"
    assert not campaign.can_fly(sq)
    with pytest.raises(campaign.CampaignError, match="cannot get 2 planes and 2 pilots airborne"):
        campaign.scenario(sq, squadron("Saxony"), [Stub(), Stub()], ["konrad", "konrad"], 1)
    campaign.disband(sq, "no planes")
    assert sq.disbanded
    with pytest.raises(campaign.CampaignError, match="disbanded"):
        campaign.recruit(sq, "Kurt")


@pytest.mark.clause("dockfighters.setup.3", "dockfighters.mission.duel.1")
def test_the_squadron_drawn_into_a_duel_earns_its_five_but_does_not_win_it() -> None:
    """ "If the opponent manages to shoot down 2 more planes, he receives 5 extra fame
    points"; "Only the squadron leader who paid for the mission can receive the mission
    reward and qualify for its fulfilment": the drawn squadron's 5 fame is a "drawn in" line,
    the mission is not won (nor lost) by it, and its file reads back. Mutation caught: the
    drawn squadron counted as the mission's winner (two winners of one Duel)."""
    sq = squadron("Saxony")
    mine = tuple(
        Sent(pilot=n, kind="pilot", serial=i + 1, datasheet="Do-335 L-3 Arrow", experience=0)
        for i, n in enumerate(["Karl", "Otto"])
    )
    theirs = (Sent(pilot="Hans", kind="pilot", serial=1, datasheet=HAWK, experience=0),)
    both = (
        Side(squadron="them", faction="Bavaria", mission="duel", sent=theirs),
        Side(squadron=sq.name, faction="Saxony", mission="duel", sent=mine),
    )
    party = Party(sq, Stub())
    rep = report([crew()], [crew(), crew()], mission=((False, 0), (True, 5)))
    outcome = aftermath.settle(party, 1, rep, both, 7)
    assert outcome.drawn and not outcome.mission_won
    assert [(x.why, x.fame) for x in party.lines] == [("drawn in", 5)]
    assert (sq.won, sq.lost, sq.drawn) == (0, 0, 1)
    sq.fame += 5
    sq.journal.append(Recruited(name="x", ledger=tuple(party.lines)))
    assert files.decode(files.encode(sq), "drawn.json").drawn == 1
