"""The end of a scenario (step 11; clauses setup.8, fame.1-6, campaign.return.1,
campaign.hospital.1, campaign.workshop.1-2, challenge.2): the mission's fame and the kills',
the pilots' victories, bail-outs brought home or captured, the planes' way home, the hospital
and the workshop.

"When a mission is played to the end, there is some book keeping to do." The squadron's
leader decides what to pay; the dice are the scenario's own (seeded from its seed and the
squadron's seat), so a replay rolls them again.
"""

from __future__ import annotations

from collections.abc import Sequence

from aerodrome.api import Dice, derive_seed
from aerodrome_dockfighters.campaign import bridge, personal
from aerodrome_dockfighters.campaign.journal import (
    BailOut,
    Flown,
    Outcome,
    PayReturn,
    Side,
    TakeAbility,
)
from aerodrome_dockfighters.campaign.leadership import effect, leader_active
from aerodrome_dockfighters.campaign.ledger import Line
from aerodrome_dockfighters.campaign.procedure import Party
from aerodrome_dockfighters.campaign.sheet import PersonalFile, Squadron
from aerodrome_dockfighters.campaign.specs import EXPERIENCE, tables


def settle(
    party: Party, seat: int, report: bridge.Report, sides: Sequence[Side], seed: int
) -> Outcome:
    """Book the mission for ``party``'s squadron (sitting in ``seat``)."""
    sq = party.sq
    assert sq is not None and party.leader is not None
    c = tables().campaign
    e = effect(sq)
    dice = Dice(derive_seed(seed, "aftermath", seat))
    side = sides[seat]
    _release(sq)
    for k in report.kills:
        if k.seat != seat:
            continue
        victims = sides[k.victim_seat].sent
        if k.fame:  # fame.1-3: the victim's experience, +1 bomber, +2 airship, 0 a dockfighter
            whose = f"{victims[k.victim].pilot}'s " if k.victim >= 0 else "a "
            by = f", shot down by {side.sent[k.by].pilot}" if k.by >= 0 else ""
            party.lines.append(
                Line(
                    fame=k.fame,
                    why="kill",
                    note=f"{whose}{EXPERIENCE[k.experience]} {k.klass}{by}",
                )
            )
        if k.victim >= 0 and k.klass != "dockfighter" and victims[k.victim].club:  # challenge.2
            party.lines.append(
                Line(
                    fame=c.club_bounty,
                    why="club bounty",
                    note=f"{victims[k.victim].pilot} shot down",
                )
            )
    ok, won = report.mission[seat]
    drawn = is_drawn(sides, seat)
    mission = bridge.missions()[side.mission].name
    if drawn:  # setup.3: "Only the squadron leader who paid for the mission can ... qualify"
        ok = False
        sq.drawn += 1
        if won:
            party.lines.append(Line(fame=won, why="drawn in", note=_drawn_note(side.mission)))
    else:
        if won:
            party.lines.append(Line(fame=won, why="mission", note=f"{mission} won"))
        if ok:
            sq.won += 1
        else:
            sq.lost += 1
    lost: list[str] = []
    wounded: list[str] = []
    workshop: list[int] = []
    bailed: list[str] = []
    flown: list[Flown] = []
    for s, crew in zip(side.sent, report.crews[seat], strict=True):
        p = sq.pilot(s.pilot)
        plane = sq.plane(s.serial)
        assert p is not None and plane is not None
        info = bridge.catalogue()[plane.datasheet]
        p.victories += crew.victories
        plane_lost = crew.aircraft_lost
        aircraft = crew.how if plane_lost else "home"
        hurt = crew.wounded
        fate = crew.fate
        told = ""
        if fate == "bailed out":
            fate = _bring_home(party, p, seat == report.defender)
            told = "bailed out, brought home" if fate == "fit" else "bailed out, captured"
        elif (
            crew.home
            and not plane_lost
            and info.gear
            and (crew.gear_damaged or crew.damage >= info.yellow)
        ):
            # setup.8: "Each plane with damaged gear and/or that is damaged must pass a pilot
            # check, or the plane crashes and is lost. The pilot gets wounded; so if he is
            # already wounded, he gets killed. He can opt to bail out instead of trying to
            # land, by a successful pilot check."
            land = bridge.check_target(s.experience, s.modifiers.check)
            bail = bridge.check_target(s.experience, s.modifiers.check + s.modifiers.bail)
            if _bail_out(party, p, land, bail, crew.wounded):
                plane_lost, aircraft = True, "abandoned"  # no fame to bring him home
                roll = dice.d(6, f"{s.pilot} bails out of #{s.serial} over the base ({bail}+)")
                if roll >= bail and roll != 1:
                    bailed.append(p.name)
                    told = "bailed out over the base"
                else:
                    fate = "killed"  # check.1: a failed bail-out kills the pilot
            else:
                roll = dice.d(6, f"{s.pilot} lands #{s.serial} back at base ({land}+)")
                if not (roll >= land and roll != 1):
                    plane_lost, aircraft = True, "crashed landing"
                    fate = "killed" if crew.wounded else fate
                    hurt = True
        if plane_lost:
            plane.status = "lost"
        victories = {"kills": crew.kills, "ground": crew.victories - crew.kills}
        if fate in ("killed", "missing", "captured"):
            p.status = fate  # type: ignore[assignment]
            lost.append(p.name)
            flown.append(
                Flown(
                    pilot=p.name, serial=s.serial, aircraft=aircraft, fate=told or fate, **victories
                )
            )
            continue
        if hurt:  # campaign.hospital.1; Heroic: back at once on the roll
            if (
                e.hospital
                and dice.d(6, f"{p.name} back from hospital at once ({e.hospital}+)") >= e.hospital
            ):
                told = told or "wounded, back from hospital at once"
            else:
                p.status = "hospital"
                wounded.append(p.name)
                told = told or "wounded"
        if not plane_lost and _to_workshop(crew, info):  # campaign.workshop.1-2; Scrounge
            if (
                e.workshop
                and dice.d(6, f"#{plane.serial} back from the workshop at once ({e.workshop}+)")
                >= e.workshop
            ):
                aircraft = "back from the workshop at once"
            else:
                plane.status = "workshop"
                workshop.append(plane.serial)
                aircraft = "workshop"
        flown.append(
            Flown(pilot=p.name, serial=s.serial, aircraft=aircraft, fate=told or "fit", **victories)
        )
    for s in side.sent:
        p = sq.pilot(s.pilot)
        assert p is not None
        if p.active:
            personal.more_abilities(p, dice, lambda pilot, options: _take(party, pilot, options))
    if sq.leader is not None and not leader_active(sq):
        sq.leader = None  # leader.1: the squadron needs a new squadron leader
    sq.missions += 1
    return Outcome(
        mission_won=ok,
        drawn=drawn,
        flown=tuple(flown),
        kills=sum(1 for k in report.kills if k.seat == seat),
        ground_kills=sum(x.victories - x.kills for x in report.crews[seat]),
        losses=sum(1 for k in report.kills if k.victim_seat == seat and k.victim >= 0),
        pilots_lost=tuple(lost),
        wounded=tuple(wounded),
        bailed_home=tuple(bailed),
        workshop=tuple(workshop),
        turns=report.turns,
    )


def is_drawn(sides: Sequence[Side], seat: int) -> bool:
    """Whether ``seat`` was drawn into the other's value-5 mission (setup.2: its chooser sits
    in the first seat)."""
    mission = sides[seat].mission
    return (
        seat == 1
        and sides[0].mission == mission
        and bridge.missions()[mission].value >= bridge.max_mission_value()
    )


def _drawn_note(mission: str) -> str:
    """Why the squadron drawn into a value-5 mission earns its fame: The Duel's "If the
    opponent manages to shoot down 2 more planes, he receives 5 extra fame points"; The
    Airstrip Visit's "If the defending player is able to prevent the attacking player from
    reaching his mission goals, he earns 5 fame points"."""
    name = bridge.missions()[mission].name
    if mission == "airstrip-visit":
        return f"held off {name}"
    return f"shot down 2 more than it lost in {name}"


def _release(sq: Squadron) -> None:
    """ "After that mission, he or she is marked in the 'combat ready' section again ... The
    same logic applies to aircraft and airships" (campaign.hospital.1, campaign.workshop.1)."""
    for p in sq.barracks:
        if p.status == "hospital":
            p.status = "ready"
    for plane in sq.hangar:
        if plane.status == "workshop":
            plane.status = "ready"


def _to_workshop(crew: bridge.CrewReport, info: bridge.AircraftInfo) -> bool:
    """ "If an aircraft is damaged up to 50% of its structure points or receives 2 critical
    damage during a mission, it is marked as 'in workshop'" (campaign.workshop.1); step 11:
    "yellow structure points marked off, and/or at least 2 critical hits". What it received
    counts, repaired in the mission or not (a docking clamp mends a plane, the workshop still
    gets it); one critical repairs itself. An airship "returns with 2 unrepaired critical
    damage" (campaign.workshop.2): its criticals left at the end count."""
    crits = crew.crits if info.klass == "airship" else crew.crits_taken
    return crew.damage_taken * 2 >= info.structure or crew.damage_taken >= info.yellow or crits >= 2


def _bring_home(party: Party, p: PersonalFile, defender: bool) -> str:
    """campaign.return.1: "The costs for returning are: 2 for an experienced pilot, 3 for a
    veteran and 4 for an ace. If the squadron leader does not pay the fame necessary, or
    cannot, the pilot is lost"; a green pilot "always goes straight into the next POW camp".
    The Airstrip Visit's defenders bail out over friendly territory and come home free."""
    sq = party.sq
    assert sq is not None and party.leader is not None
    if defender:
        return "fit"
    cost = tables().campaign.return_cost[p.level]
    if cost == 0:
        return "captured"
    if cost > party.budget:
        return "captured"
    pay = party.leader.pay_return(sq, p, cost)
    party.choices.append(PayReturn(pilot=p.name, pay=pay))
    if not pay:
        return "captured"
    if cost:
        party.lines.append(
            Line(fame=-cost, why="return", note=f"{p.experience} {p.name} brought home")
        )
    return "fit"


def _bail_out(party: Party, p: PersonalFile, land: int, bail: int, wounded: bool) -> bool:
    """The leader's choice for a damaged plane on the way home: land or bail out (setup.8)."""
    assert party.sq is not None and party.leader is not None
    bail_out = party.leader.bail_out(party.sq, p, land, bail, wounded)
    party.choices.append(BailOut(pilot=p.name, bail=bail_out))
    return bail_out


def _take(party: Party, p: PersonalFile, options: list[TakeAbility]) -> TakeAbility:
    assert party.sq is not None and party.leader is not None
    pick = party.leader.take_ability(party.sq, p, options)
    party.choices.append(pick)
    return pick
