"""The campaign rules a referee found deviating from the book (issue 26), each checked
against the book's own words (quoted in the test and in the clause's summary)."""

from __future__ import annotations

import pytest

from aerodrome.engine.testing import ScriptedDice
from aerodrome_dockfighters import docking, rules
from aerodrome_dockfighters.campaign import (
    aftermath,
    bridge,
    campaign,
    files,
    leadership,
    procedure,
)
from aerodrome_dockfighters.campaign.journal import Arm, BailOut, Pick, Send, Side
from aerodrome_dockfighters.campaign.procedure import Party
from aerodrome_dockfighters.campaign.sheet import CampaignError, LeaderFile
from aerodrome_dockfighters.campaign.specs import tables
from tests.plugins.dockfighters.campaign.helpers import (
    ARROW,
    HAWK,
    SPRITE,
    Stub,
    crew,
    report,
    squadron,
)
from tests.plugins.dockfighters.helpers import plane, scripted, state


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


@pytest.mark.clause("dockfighters.campaign.workshop.1", "dockfighters.airship.14")
def test_the_workshop_counts_the_damage_received_not_the_damage_left() -> None:
    """ "If an aircraft is damaged up to 50% of its structure points or receives 2 critical
    damage during a mission, it is marked as 'in workshop'": a fighter shot to its yellow
    section and mended by a docking clamp in the mission (airship.14: "1 structure point or 1
    critical damage repaired") still goes to the workshop; so does one that received two
    criticals and had one mended. Mutation caught: the workshop reading the damage and
    criticals left at the end (the old CrewReport.damage / crits)."""
    s = state(plane(HAWK, 0, 8, 12), plane(ARROW, 1, 8, 2), plane("Albatross", 0, 3, 12))
    a = s.aircraft[0]
    ds = rules.sheet(a)
    rules.damage(s, a, ds.yellow, scripted([1]), 1, crit=True)  # the critical: a 1, an engine hit
    assert (a.damage, a.damage_taken, a.crits_taken) == (ds.yellow, ds.yellow, 1)
    a.status, a.docked_to = "docked", 2
    for _ in range(ds.yellow + 1):
        docking.service(s, scripted([]))  # the clamp mends a critical, then a point a turn
    assert a.damage == 0 and a.crits == [] and a.damage_taken == ds.yellow
    info = bridge.catalogue()[HAWK]
    mended = crew(damage=0, crits=0, damage_taken=a.damage_taken, crits_taken=a.crits_taken)
    assert aftermath._to_workshop(mended, info)
    twice = crew(damage=1, crits=1, damage_taken=1, crits_taken=2)
    assert aftermath._to_workshop(twice, info)  # "receives 2 critical damage"
    assert not aftermath._to_workshop(crew(damage=1, crits=1), info)  # one repairs itself


@pytest.mark.clause("dockfighters.leader.2")
def test_the_skills_table_has_a_green_an_experienced_and_a_veteran_row() -> None:
    """The squadron leader skills table "has one row per skill level, with the fame point
    cost of unlocking the level in brackets": Green (2 fame points), Experienced (4 fame
    points), Veteran (6 fame points) - no Ace row. An ace leader who has unlocked the veteran
    level has unlocked his whole tree. Mutation caught: the old fourth, "ace" level for 8
    fame (Heroic on 3+, two Drunken passes...)."""
    t = tables().leaders
    assert [(level.name, level.cost) for level in t.level] == [
        ("green", 2),
        ("experienced", 4),
        ("veteran", 6),
    ]
    assert all(
        [s.level for s in tree.skill] == ["green", "experienced", "veteran"] for tree in t.tree
    )
    sq = squadron(fame=30)
    sq.barracks[0].box = len(tables().campaign.ladder.boxes) - 1  # Hans is an ace
    sq.leader = LeaderFile(pilot="Hans", tree=1, levels=3)
    with pytest.raises(CampaignError, match="every level of his tree"):
        leadership.unlock(sq)
    assert leadership.effect(sq).hospital == 4  # the veteran stand-in is his best


@pytest.mark.clause(
    "dockfighters.setup.4", "dockfighters.campaign.sortie.1", "dockfighters.campaign.sortie.2"
)
def test_an_airship_alone_is_the_two_mandatory_planes() -> None:
    """ "2 planes are mandatory for each scenario ... These 2 planes do not cost any fame
    points ... Remember: a dockfighter is treated as a weapon, not an aircraft, and airships
    are treated as 2 aircraft." An airship with its crew flies a mission alone, at no cost,
    and a squadron left with an airship and its crew is not combat ineffective. Mutation
    caught: counting the aircraft sent rather than the planes (the old ``len(picks)`` and
    pairs of aircraft and pilots)."""
    sq = squadron(fame=10)
    campaign.buy(sq, "Albatross")
    campaign.recruit(sq, "Zeppelin crew", "airship crew")
    ship = sq.hangar[-1].serial
    sent = procedure.sortie(
        sq, Send(picks=(Pick(pilot="Zeppelin crew", serial=ship),)), ScriptedDice([])
    )
    assert len(sent) == 1 and procedure.planes(sent) == 2
    parties = [
        Party(sq, Stub(picks=(Pick(pilot="Zeppelin crew", serial=ship),))),
        Party(None, None),
    ]
    parties[1].recorded = Side(squadron="them", faction="Saxony", mission="aerial-dominance")
    parties[0].mission = parties[1].mission = "aerial-dominance"
    procedure.send(parties, [0, 1], 1)
    assert parties[0].lines == []  # no extra planes to pay for
    for fighter in sq.hangar[:-1]:
        fighter.status = "lost"
    for p in sq.barracks:
        if p.kind == "pilot":
            p.status = "killed"
    assert campaign.can_fly(sq)  # not disbanded: the airship is two planes


class _Bails(Stub):
    """A leader who bails out of every damaged plane on the way home."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[tuple[str, int, int]] = []

    def bail_out(self, sq, pilot, land: int, bail: int, wounded: bool) -> bool:  # type: ignore[no-untyped-def]
        self.asked.append((pilot.name, land, bail))
        return True


@pytest.mark.clause("dockfighters.setup.8")
@pytest.mark.parametrize(("roll", "status"), [(4, "ready"), (3, "killed")])
def test_a_pilot_may_bail_out_instead_of_trying_to_land(
    roll: int, status: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Step 11: "Each plane with damaged gear and/or that is damaged must pass a pilot check,
    or the plane crashes and is lost ... He can opt to bail out instead of trying to land, by
    a successful pilot check." The leader is asked; a pilot who bails out loses the plane and
    comes down over his own base (no fame to bring him home, not wounded) on a passed check,
    and is killed on a failed one ("Bailing out ... If failed: Pilot or crew is killed").
    Mutation caught: the landing check made without asking (main's code)."""
    sq = squadron()
    sq.barracks[0].box = 2  # Hans is experienced: 4+
    leader = _Bails()
    party = Party(sq, leader)
    sent = procedure.sortie(
        sq,
        Send(picks=(Pick(pilot="Hans", serial=1), Pick(pilot="Fritz", serial=2))),
        ScriptedDice([]),
    )
    both = (
        Side(squadron=sq.name, faction="Bavaria", mission="aerial-dominance", sent=sent),
        Side(squadron="them", faction="Saxony", mission="aerial-dominance"),
    )
    monkeypatch.setattr(aftermath, "Dice", lambda seed: ScriptedDice([roll]))
    outcome = aftermath.settle(party, 0, report([crew(damage=4), crew()]), both, 7)
    assert leader.asked == [("Hans", 4, 4)]
    assert party.choices == [BailOut(pilot="Hans", bail=True)]
    assert sq.plane(1).status == "lost"  # type: ignore[union-attr]
    assert sq.pilot("Hans").status == status  # type: ignore[union-attr]
    assert party.lines == []  # no return fee over the home base
    assert outcome.bailed_home == (("Hans",) if status == "ready" else ())


class _Armer(Stub):
    """A leader who arms after seeing the set-up: bombs only when his targets are there."""

    def __init__(self, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.seen: list[bridge.SetUp | None] = []

    def arm(self, sq, sent, seat, seen):  # type: ignore[no-untyped-def]
        self.seen.append(seen)
        mine = [g for g in seen.ground if g.seat == seat]
        bombs = ("AB 250 bomb",) * (2 if mine else 0)
        return Arm(
            picks=tuple(
                Pick(pilot=s.pilot, serial=s.serial, loads=bombs if s.datasheet == SPRITE else ())
                for s in sent
            )
        )


@pytest.mark.clause("dockfighters.setup.10", "dockfighters.setup.11", "dockfighters.setup.4")
def test_the_planes_are_armed_once_the_missions_are_set_up() -> None:
    """Scenario Setup: "4. Both squadron leaders choose what they will send on a mission ... 6.
    Loser of the initiative sets up his mission. 7. Winner of the initiative sets up his
    mission. 8. Armament phase of planes. 9. Weather conditions are determined." Who is sent
    is chosen without loads; the leader arms his planes knowing the ground targets rolled
    and placed and where the aircraft are, before the weather; the journal replays it.
    Mutation caught: the loads fixed with who is sent (main's code took them at step 4: no
    armament decision, nothing of the set-up seen)."""
    a, b = squadron(fame=10), squadron("Saxony")
    campaign.buy(a, SPRITE)
    sprite = a.hangar[-1].serial
    leader = _Armer(
        mission="big-hunt", picks=(Pick(pilot="Hans", serial=sprite), Pick(pilot="Fritz", serial=1))
    )
    before = campaign.copy_of(a)
    ea, _ = campaign.scenario(a, b, [leader, Stub()], ["konrad", "konrad"], 3)
    (seen,) = leader.seen
    assert seen is not None and seen.missions[ea.player] == "big-hunt"
    mine = [g for g in seen.ground if g.seat == ea.player]
    assert mine and all(g.hex != "-" for g in mine)  # rolled and placed before the armament
    assert all(c.hex != "-" for c in seen.aircraft if c.seat == ea.player)  # and set up
    kinds = [type(c).__name__ for c in ea.choices]
    assert kinds.index("Send") < kinds.index("Arm")
    send = next(c for c in ea.choices if isinstance(c, Send))
    assert all(not p.loads for p in send.picks)
    flown = {s.serial: s.loads for s in ea.sides[ea.player].sent}
    assert flown[sprite] == ("AB 250 bomb",) * 2
    campaign.apply(before, ea, "journal[-1]")  # the journal plays it again: the same file
    assert files.encode(before) == files.encode(a)
