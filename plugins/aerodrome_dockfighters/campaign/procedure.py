"""The scenario set-up (rulebook: Scenario Setup, steps 1-9; clauses setup.*): initiative
with fame bids, the missions, who is sent, the superior and the inferior squadron, and - once
the engine has set the missions up (steps 6 and 7) - the armament (step 8). Steps 6, 7 and
9 (the weather) and the mission itself are played by the engine (:mod:`.bridge`).

A party is a squadron with its leader, or only the :class:`~.journal.Side` it brought
(the other squadron when one file's journal is replayed, or the League of a challenge).
Every decision a leader makes is recorded as a :data:`~.journal.Choice`, so the set-up can
be made again from the journal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from msgspec.structs import replace

from aerodrome.api import Dice, derive_seed
from aerodrome_dockfighters.campaign import bridge, personal
from aerodrome_dockfighters.campaign.economy import usable
from aerodrome_dockfighters.campaign.journal import (
    Arm,
    BailOut,
    Bid,
    Choice,
    ChooseMission,
    InPlay,
    PayReturn,
    Pick,
    Send,
    Sent,
    Side,
    TakeAbility,
)
from aerodrome_dockfighters.campaign.leadership import effect, in_play
from aerodrome_dockfighters.campaign.ledger import Line, total
from aerodrome_dockfighters.campaign.sheet import CampaignError, PersonalFile, Squadron
from aerodrome_dockfighters.campaign.specs import tables
from aerodrome_dockfighters.campaign.words import plural


class Leader(Protocol):
    """Whoever makes a squadron leader's decisions: the bot, a person, or a journal."""

    def bid(
        self, sq: Squadron, own: int, other: int, other_bid: int | None, budget: int
    ) -> int: ...

    def mission(
        self, sq: Squadron, allowed: Sequence[str], other: str | None, budget: int
    ) -> str: ...

    def send(self, sq: Squadron, mission: str, other: str, budget: int) -> Send: ...

    def arm(
        self, sq: Squadron, sent: Sequence[Sent], seat: int, seen: bridge.SetUp | None
    ) -> Arm: ...

    def pay_return(self, sq: Squadron, pilot: PersonalFile, cost: int) -> bool: ...

    def bail_out(
        self, sq: Squadron, pilot: PersonalFile, land: int, bail: int, wounded: bool
    ) -> bool: ...

    def take_ability(
        self, sq: Squadron, pilot: PersonalFile, options: Sequence[TakeAbility]
    ) -> TakeAbility: ...


class Scripted:
    """A leader reading its decisions from a journal entry, in order."""

    def __init__(self, choices: Sequence[Choice], where: str) -> None:
        self.choices = list(choices)
        self.where = where
        self.used = 0

    def _next(self, kind: type) -> Choice:
        if self.used >= len(self.choices):
            raise CampaignError(f"{self.where}.choices: a {kind.__name__} decision is missing")
        got = self.choices[self.used]
        if not isinstance(got, kind):
            raise CampaignError(
                f"{self.where}.choices[{self.used}]: a {kind.__name__} decision comes here, not {type(got).__name__}"
            )
        self.used += 1
        return got

    def bid(self, sq: Squadron, own: int, other: int, other_bid: int | None, budget: int) -> int:
        got = self._next(Bid)
        assert isinstance(got, Bid)
        return got.fame

    def mission(self, sq: Squadron, allowed: Sequence[str], other: str | None, budget: int) -> str:
        got = self._next(ChooseMission)
        assert isinstance(got, ChooseMission)
        return got.mission

    def send(self, sq: Squadron, mission: str, other: str, budget: int) -> Send:
        got = self._next(Send)
        assert isinstance(got, Send)
        return got

    def arm(self, sq: Squadron, sent: Sequence[Sent], seat: int, seen: bridge.SetUp | None) -> Arm:
        got = self._next(Arm)
        assert isinstance(got, Arm)
        return got

    def pay_return(self, sq: Squadron, pilot: PersonalFile, cost: int) -> bool:
        got = self._next(PayReturn)
        assert isinstance(got, PayReturn)
        if got.pilot != pilot.name:
            raise CampaignError(
                f"{self.where}.choices[{self.used - 1}]: the decision is about {got.pilot}, not {pilot.name}"
            )
        return got.pay

    def bail_out(
        self, sq: Squadron, pilot: PersonalFile, land: int, bail: int, wounded: bool
    ) -> bool:
        got = self._next(BailOut)
        assert isinstance(got, BailOut)
        if got.pilot != pilot.name:
            raise CampaignError(
                f"{self.where}.choices[{self.used - 1}]: the decision is about {got.pilot}, not {pilot.name}"
            )
        return got.bail

    def take_ability(
        self, sq: Squadron, pilot: PersonalFile, options: Sequence[TakeAbility]
    ) -> TakeAbility:
        got = self._next(TakeAbility)
        assert isinstance(got, TakeAbility)
        return got

    def check_done(self) -> None:
        if self.used != len(self.choices):
            raise CampaignError(
                f"{self.where}.choices: {len(self.choices) - self.used} decisions were never asked for"
            )


@dataclass
class Party:
    """One side of the set-up: a squadron and its leader, or a recorded side."""

    sq: Squadron | None
    leader: Leader | None
    recorded: Side | None = None
    choices: list[Choice] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    bids: list[int] = field(default_factory=list)
    mission: str = ""
    drawn: bool = False
    sent: tuple[Sent, ...] = ()
    side: Side | None = None

    @property
    def budget(self) -> int:
        return (self.sq.fame if self.sq else 0) + total(self.lines)

    @property
    def name(self) -> str:
        if self.sq is not None:
            return self.sq.name
        assert self.recorded is not None
        return self.recorded.squadron


def _recorded_bid(party: Party, n: int) -> int:
    assert party.recorded is not None
    bids = party.recorded.bids
    return bids[n] if n < len(bids) else 0


# -- step 1: initiative ---------------------------------------------------------------------------
def initiative(parties: Sequence[Party], dice: Dice) -> tuple[int, list[tuple[int, int]]]:
    """ "Both squadron leaders roll for initiative (d6). The one with the higher roll holds the
    initiative. Both squadron leaders (starting with the loser) can invest fame points to bump
    the roll (1 fame point is worth a +1 result). In case of a draw, roll again, but the fame
    spent again until a winner is determined" (clause setup.1). A draw of the bare dice is
    rolled again before anybody bids; fame spent in a round that ends in a draw is gone.
    Returns the winner (party index) and the rolls."""
    c = tables().campaign
    rolls: list[tuple[int, int]] = []
    for _ in range(c.max_bid_rounds):
        r = (dice.d(6, "initiative"), dice.d(6, "initiative"))
        rolls.append(r)
        if r[0] == r[1]:
            continue
        loser = 0 if r[0] < r[1] else 1
        winner = 1 - loser
        n = len(parties[0].bids)  # bidding rounds so far
        low = _bid(parties[loser], r[loser], r[winner], None, n)
        high = _bid(parties[winner], r[winner], r[loser] + low * c.bid_value, low, n)
        totals = {loser: r[loser] + low * c.bid_value, winner: r[winner] + high * c.bid_value}
        if totals[0] != totals[1]:
            return (0 if totals[0] > totals[1] else 1), rolls
    while True:  # the dice alone after the last round of bids
        r = (dice.d(6, "initiative"), dice.d(6, "initiative"))
        rolls.append(r)
        if r[0] != r[1]:
            return (0 if r[0] > r[1] else 1), rolls


def _bid(party: Party, own: int, other: int, other_bid: int | None, n: int) -> int:
    if party.sq is None:
        fame = _recorded_bid(party, n)
    else:
        assert party.leader is not None
        fame = party.leader.bid(party.sq, own, other, other_bid, party.budget)
        if not 0 <= fame <= party.budget:
            raise CampaignError(
                f"fame: a bid of {fame} fame, the squadron has {party.budget} to bid with [dockfighters.setup.1]"
            )
        party.choices.append(Bid(fame=fame))
        if fame:
            party.lines.append(
                Line(fame=-fame, why="initiative bid", note=f"+{fame} on a roll of {own}")
            )
    party.bids.append(fame)
    return fame


# -- steps 2 and 3: the missions -------------------------------------------------------------------
def choosable(limit: int) -> list[str]:
    """The missions of the mission booklet with a value up to ``limit`` (not the ace
    challenges, which "have no mission value")."""
    out = [
        m.key
        for m in bridge.missions().values()
        if 1 <= m.value <= limit and m.key not in bridge.CHALLENGES and m.key != bridge.LEAGUE
    ]
    return sorted(out, key=lambda k: (bridge.missions()[k].value, k))


def missions(parties: Sequence[Party], winner: int) -> None:
    """ "The winner of the initiative chooses his mission first. Generally, the mission value
    of all missions set up in a scenario must not exceed 5" ... "If a squadron leader opts
    for a value 5 mission, the opposing squadron is 'drawn' into that mission and cannot
    choose a mission for himself" (clauses setup.2, setup.3)."""
    top = bridge.max_mission_value()
    first = _mission(parties[winner], choosable(top), None)
    value = bridge.missions()[first].value
    loser = parties[1 - winner]
    if value >= top:
        loser.mission, loser.drawn = first, True
        return
    _mission(loser, choosable(top - value), first)


def _mission(party: Party, allowed: list[str], other: str | None) -> str:
    if party.sq is None:
        assert party.recorded is not None
        key = party.recorded.mission
    else:
        assert party.leader is not None
        key = party.leader.mission(party.sq, allowed, other, party.budget)
        party.choices.append(ChooseMission(mission=key))
    if key not in allowed:
        info = bridge.missions().get(key)
        if info is None:
            raise CampaignError(
                f"mission: no mission is called {key!r}; this one may be one of {', '.join(allowed)} "
                "[dockfighters.setup.2]"
            )
        why = f"value {info.value}"
        limit = max((bridge.missions()[k].value for k in allowed), default=0)
        raise CampaignError(
            f"mission: {key!r} ({why}) cannot be flown here: the missions of a scenario have a value of "
            f"{bridge.max_mission_value()} at most, this one up to {limit}"
            + (f" beside {other!r}" if other else "")
            + " [dockfighters.setup.2]"
        )
    party.mission = key
    return key


# -- step 4 and 8: who is sent, with what ----------------------------------------------------------
def flies(kind: str, klass: str) -> bool:
    """Clause pilot.4: fighter pilots fly fighters and fighterbombers, bomber crews bombers,
    airship crews airships."""
    return klass in tables().campaign.crews.flies(kind)  # type: ignore[arg-type]


def planes(sent: Sequence[Sent]) -> int:
    """Planes sent: an airship counts 2, a dockfighter (a docking-point system) none."""
    return sum(bridge.catalogue()[s.datasheet].planes for s in sent)


def sortie(sq: Squadron, send: Send, dice: Dice, least: int | None = None) -> tuple[Sent, ...]:
    """Check the picks and mark the personal files for the mission (clauses setup.4,
    setup.10, pilot.4, pilot.9, leader.ruthless.*): "2 planes are mandatory for each
    scenario ... airships are treated as 2 aircraft" (an airship with its crew is enough);
    ``least``: the fewest aircraft instead (an ace challenge may be flown by the ace alone)."""
    e = effect(sq)
    picks = send.picks
    c = tables().campaign
    if least is None:
        known = [plane for pick in picks if (plane := sq.plane(pick.serial)) is not None]
        count = sum(bridge.catalogue()[plane.datasheet].planes for plane in known)
        if count < c.free_planes:
            raise CampaignError(
                f"send: {plural(count, 'plane')}; 2 planes are mandatory for each scenario (an airship counts as "
                "2) [dockfighters.campaign.sortie.1]"
            )
    elif len(picks) < least:
        raise CampaignError(
            f"send: {plural(len(picks), 'aircraft', 'aircraft')}; at least {least} [dockfighters.campaign.sortie.1]"
        )
    pilots = [p.pilot for p in picks]
    serials = [p.serial for p in picks]
    if len(set(pilots)) != len(pilots) or len(set(serials)) != len(serials):
        raise CampaignError(
            "send: each pilot or crew and each aircraft goes once [dockfighters.setup.4]"
        )
    out: list[Sent] = []
    for n, pick in enumerate(picks):
        where = f"send.picks[{n}]"
        p = sq.pilot(pick.pilot)
        plane = sq.plane(pick.serial)
        if p is None or not p.active:
            raise CampaignError(
                f"{where}: {pick.pilot!r} is not in the barracks [dockfighters.setup.4]"
            )
        if p.status == "hospital" and not e.wounded_flies:
            raise CampaignError(
                f"{where}: {p.name} is in hospital and misses this mission [dockfighters.campaign.hospital.1]"
            )
        if plane is None or plane.status == "lost":
            raise CampaignError(
                f"{where}: no aircraft #{pick.serial} in the hangar [dockfighters.setup.4]"
            )
        if plane.status == "workshop" and not e.damaged_flies:
            raise CampaignError(
                f"{where}: #{plane.serial} {plane.datasheet} is in the workshop and misses this mission "
                "[dockfighters.campaign.workshop.1]"
            )
        info = bridge.catalogue()[plane.datasheet]
        if not flies(p.kind, info.klass):
            raise CampaignError(
                f"{where}: a {p.kind} cannot fly a {info.klass} ({plane.datasheet}) [dockfighters.pilot.4]"
            )
        if pick.loads:
            raise CampaignError(
                f"{where}.loads: the planes are armed at step 8, once the missions are set up, not "
                "when they are sent [dockfighters.setup.10]"
            )
        wounded = p.status == "hospital"
        damage = info.yellow if plane.status == "workshop" else 0
        personal.mark_box(p, dice)
        level = max(0, p.level - e.wounded_penalty) if wounded else p.level
        out.append(
            Sent(
                pilot=p.name,
                kind=p.kind,
                serial=plane.serial,
                datasheet=plane.datasheet,
                experience=level,
                wounded=wounded,
                damage=damage,
                modifiers=personal.modifiers(p),
                club=p.club,
            )
        )
    return tuple(out)


def _check_loads(sq: Squadron, pick: Pick, info: bridge.AircraftInfo, where: str) -> None:
    depot = tables().depot
    for item in pick.loads:
        d = depot.get(item)
        docking = info.klass == "airship"
        if d is None or d.docking != docking:
            what = "docking-point systems" if docking else "external loads"
            raise CampaignError(
                f"{where}.loads: {item!r} is not one of the depot's {what} [dockfighters.setup.10]"
            )
        if not usable(sq, item):
            raise CampaignError(
                f"{where}.loads: {item} is not unlocked; the squadron has {', '.join(sq.equipment) or 'nothing'} "
                "[dockfighters.campaign.equipment.1]"
            )
    if info.klass == "airship":
        if len(pick.loads) > info.docking_points:
            raise CampaignError(
                f"{where}.loads: {info.name} has {info.docking_points} docking points, not {len(pick.loads)} "
                "[dockfighters.airship.4]"
            )
        for n, item in enumerate(pick.loads):
            if not bridge.fits_point(info.name, n, item):
                raise CampaignError(
                    f"{where}.loads[{n}]: a {item} mounts only on a side docking point [dockfighters.airship.23]"
                )
        return
    try:
        bridge.check_loads(info.name, pick.loads, where)
    except Exception as exc:
        raise CampaignError(str(exc)) from None


def send(parties: Sequence[Party], seats: Sequence[int], seed: int) -> None:
    """Step 4: both leaders choose who is sent; each pays for the planes beyond
    the two free ones ("an airship counts as 2 planes") and its mission's fame cost, less
    the Publicity expert's and a club member's discount (clauses setup.3, setup.4,
    campaign.sortie.1, challenge.2)."""
    c = tables().campaign
    for n, party in enumerate(parties):
        other = parties[1 - n].mission
        if party.sq is None:
            assert party.recorded is not None
            party.sent = party.recorded.sent
            party.side = party.recorded
            continue
        assert party.leader is not None
        choice = party.leader.send(party.sq, party.mission, other, party.budget)
        party.choices.append(choice)
        dice = Dice(derive_seed(seed, "set-up", seats[n]))
        party.sent = sortie(party.sq, choice, dice)
        count = planes(party.sent)
        extra = max(0, count - c.free_planes) * c.extra_plane_cost
        cost = 0 if party.drawn else bridge.missions()[party.mission].fame_cost
        if cost:
            cost = max(
                0,
                cost
                - effect(party.sq).mission_discount
                - (c.club_discount if any(s.club for s in party.sent) else 0),
            )
        if cost + extra > party.budget:
            raise CampaignError(
                f"fame: the mission costs {cost} and {count - c.free_planes} more planes {extra}; the squadron has "
                f"{party.budget} left [dockfighters.setup.3]"
            )
        if cost:
            party.lines.append(
                Line(fame=-cost, why="mission cost", note=bridge.missions()[party.mission].name)
            )
        if extra:
            party.lines.append(Line(fame=-extra, why="extra planes", note=f"{count} planes sent"))
        party.side = Side(
            squadron=party.sq.name,
            faction=party.sq.faction,
            mission=party.mission,
            sent=party.sent,
            bids=tuple(party.bids),
            in_play=in_play(party.sq),
        )


# -- step 5: superior and inferior ------------------------------------------------------------------
def figures(sent: Sequence[Sent]) -> tuple[int, int, int]:
    """Planes (an airship 2), summed experience (green 1 ... ace 4), summed plane values."""
    points = tables().campaign.experience_points
    return (
        planes(sent),
        sum(points[s.experience] for s in sent),
        sum(bridge.catalogue()[s.datasheet].value for s in sent),
    )


def inferior(parties: Sequence[Party]) -> None:
    """ "If one squadron is inferior in a category, the inferior squadron receives 2 fame
    points for every category in which it is inferior ... If a squadron is inferior in all 3
    categories, it receives ... 7 fame points in total" (clause setup.5)."""
    c = tables().campaign
    stats = [figures(p.sent) for p in parties]
    for n, party in enumerate(parties):
        if party.sq is None:
            continue
        worse = [
            name
            for name, mine, theirs in zip(
                ("planes", "experience", "value"), stats[n], stats[1 - n], strict=True
            )
            if mine < theirs
        ]
        bonus = c.all_inferior_bonus if len(worse) == 3 else c.inferior_bonus * len(worse)
        if bonus:
            party.lines.append(
                Line(fame=bonus, why="inferior", note=f"inferior in {', '.join(worse)}")
            )


# -- step 8: the armament ----------------------------------------------------------------------------
def arm(parties: Sequence[Party], seats: Sequence[int], seen: bridge.SetUp | None) -> None:
    """Step 8: "Planes can be equipped with external loads before the start of a mission";
    airships' docking points "in the same phase as armament of the aircraft takes place"
    (clause setup.10). Each leader arms what he sent once the missions are set up (6/7),
    knowing ``seen`` - the ground targets rolled, the objectives, where the aircraft are -
    and before the weather is determined (9). A recorded side comes armed."""
    for n, party in enumerate(parties):
        if party.sq is None:
            continue
        assert party.leader is not None and party.side is not None
        choice = party.leader.arm(party.sq, party.sent, seats[n], seen)
        party.choices.append(choice)
        party.sent = armed(party.sq, party.sent, choice)
        party.side = replace(party.side, sent=party.sent)


def armed(sq: Squadron, sent: Sequence[Sent], choice: Arm) -> tuple[Sent, ...]:
    """``sent`` with the loads of ``choice``, checked: one entry per aircraft sent, in order;
    loads and systems of the depots the squadron has unlocked or gets automatically, within
    the aircraft's load or docking points."""
    if [(p.pilot, p.serial) for p in choice.picks] != [(s.pilot, s.serial) for s in sent]:
        names = ", ".join(f"{s.pilot}={s.serial}" for s in sent)
        raise CampaignError(
            f"arm: one entry for each aircraft sent, in order ({names}) [dockfighters.setup.10]"
        )
    out = []
    for n, (pick, s) in enumerate(zip(choice.picks, sent, strict=True)):
        _check_loads(sq, pick, bridge.catalogue()[s.datasheet], f"arm.picks[{n}]")
        out.append(replace(s, loads=pick.loads))
    return tuple(out)


def in_play_of(party: Party) -> InPlay:
    return party.side.in_play if party.side else InPlay()
