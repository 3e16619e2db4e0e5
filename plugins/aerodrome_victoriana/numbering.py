"""For learning agents (issue #17): a fixed numbering of every action a set-up's decisions can
offer, and an observation as a fixed-length list of numbers.

The numbering is made from the set-up's aircraft and crews (which never change during a
game): the manoeuvres, the Squadron Phase's answers for every aircraft, then each
character's possible actions, the end of a turn and the free attacks. It covers games
started from the set-up; a position file that brings other aircraft numbers its own.
The observation's slots are documented in docs/rules/victoriana.md ("For learning agents").
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import Any, Literal, cast

from aerodrome.api import IllegalActionError
from aerodrome_victoriana import specs
from aerodrome_victoriana.acting import END_TURN, station_weapons
from aerodrome_victoriana.common import jobs_of, spec_of
from aerodrome_victoriana.state import (
    MANOEUVRE_CHOICES,
    MANOEUVRES,
    SPEND_ON_FIGHTERS,
    Airman,
    Attack,
    BailOut,
    Chase,
    Craft,
    DamageRoll,
    Defend,
    DogfightState,
    DropBomb,
    EmergencyLanding,
    Escape,
    FreeAttack,
    LeaveBattle,
    RemoveFighter,
    Repair,
    Spot,
    Tactical,
    VictorianaAction,
)
from aerodrome_victoriana.view import DogfightView

SKILLS: tuple[Literal["perception", "gunnery"], ...] = ("perception", "gunnery")


class Numbering:
    """Every action of a set-up, numbered in a fixed order (see the module docstring)."""

    __slots__ = ("actions", "ids")

    def __init__(self, state: DogfightState) -> None:
        actions: list[VictorianaAction] = [*MANOEUVRE_CHOICES, SPEND_ON_FIGHTERS]
        crafts = state.crafts
        for target in crafts:  # damage rolls on a special aircraft (victoriana.squadron.9)
            if target.special:
                actions.extend(
                    DamageRoll(target=target.id, craft=c.id, weapon=w)
                    for c in crafts
                    if c.side != target.side
                    for w in range(len(spec_of(c).weapons))
                )
        actions.extend(RemoveFighter(craft=c.id) for c in crafts if not c.special)
        actions.extend(LeaveBattle(craft=c.id) for c in crafts if not c.pc)
        for a in state.airmen:
            actions.extend(_character(state, a))
        actions.append(END_TURN)
        actions.extend(
            FreeAttack(craft=c.id, weapon=w) for c in crafts for w in range(len(spec_of(c).weapons))
        )
        self.actions = tuple(actions)
        self.ids = {a: i for i, a in enumerate(self.actions)}

    def id_of(self, action: VictorianaAction) -> int:
        found = self.ids.get(action)
        if found is None:
            raise IllegalActionError(f"{type(action).__name__} is not an action of this set-up")
        return found

    def action(self, index: int) -> VictorianaAction:
        if not 0 <= index < len(self.actions):
            raise IllegalActionError(f"action number {index} is outside 0..{len(self.actions) - 1}")
        return self.actions[index]


def _character(state: DogfightState, a: Airman) -> list[VictorianaAction]:
    """Every action character ``a`` could ever take (victoriana.pilot.*, crew.*, optional.*)."""
    craft = state.crafts[a.craft]
    rules = state.rules
    foes = [c.id for c in state.crafts if c.side != craft.side]
    friends = [c.id for c in state.crafts if c.side == craft.side]
    mates = [m for m in craft.crew if m != a.id]
    out: list[VictorianaAction] = [
        Attack(airman=a.id, target=f, weapon=w)
        for w in station_weapons(craft.spec, a.station)
        for f in foes
    ]
    if "Bombardier" in jobs_of(state, a):
        for optional, stock in ((False, craft.bombs), (True, craft.optional_bombs)):
            out.extend(
                DropBomb(airman=a.id, line=line, count=n, optional=optional)
                for line, left in enumerate(stock)
                for n in range(1, left + 1)
            )
    spots = [Spot(airman=a.id, mate=m, skill=s) for m in mates for s in SKILLS]
    if a.pilot:
        out.extend(Defend(airman=a.id, ward=c) for c in friends)
        out.append(Escape(airman=a.id))
        out.extend(Chase(airman=a.id, target=t) for t in foes)
        out.extend(
            spots
            if rules.skip_squadron
            else [Tactical(airman=a.id, skill="aviation"), Tactical(airman=a.id, skill="tactics")]
        )
        if rules.emergency_landings:
            out.append(EmergencyLanding(airman=a.id))
    else:
        out.append(Repair(airman=a.id))
        out.extend(spots)
    if rules.emergency_landings:
        out.append(BailOut(airman=a.id))
    return out


# -- the observation as numbers --------------------------------------------------------------
STATUSES = (
    "flying",
    "destroyed",
    "removed",
    "crashed",
    "escaped",
    "chasing",
    "landed",
    "withdrawn",
)
CREW_STATUSES = ("aboard", "out", "descending", "down", "dead")
PHASES = ("squadron", "combat", "over")
#: Scales: dice and successes of a Squadron Roll, Defend bonuses, Handling.
DICE = 50.0
ARMOUR = 10.0
HANDLING = 5.0


#: The numbers of the aircraft and of the characters of the last view encoded, with the
#: very records they were worked out from. A state replaces a record when it changes
#: (``update_craft``, ``update_airman``: the records are frozen), so an unchanged one is the
#: same object in the next view: the last numbers are patched where a record is another
#: object, found by identity, which costs far less than hashing the records (issue 40).
#: Each: (records, context, numbers, their float32 packing); the context is the initiative
#: and the sides for the aircraft, the characters' health for the characters.
#: Each holds one tuple, replaced whole (a reader sees one consistent entry, threads or not).
_last_fleet: list[tuple[Any, ...]] = [((), None, [], b"")]
_last_crew: list[tuple[Any, ...]] = [((), None, [], b"")]
#: Numbers per aircraft and per character.
CRAFT_WIDTH = 8 + len(STATUSES)
AIRMAN_WIDTH = 4 + len(CREW_STATUSES)
_PACKERS = {n: struct.Struct(f"={n}f") for n in (CRAFT_WIDTH, AIRMAN_WIDTH)}
_STATUS = {s: tuple(1.0 if s == t else 0.0 for t in STATUSES) for s in STATUSES}
_CREW = {s: tuple(1.0 if s == t else 0.0 for t in CREW_STATUSES) for s in CREW_STATUSES}
_MANOEUVRE: dict[str, tuple[float, ...]] = {
    m: tuple(1.0 if m == n else 0.0 for n in MANOEUVRES) for m in MANOEUVRES
}
_NO_MANOEUVRE = (0.0,) * len(MANOEUVRES)
_PHASE = {p: tuple(1.0 if p == q else 0.0 for q in PHASES[1:]) for p in PHASES}


def _craft(c: Craft, side: int, place: int, count: int) -> tuple[float, ...]:
    """The 16 numbers of aircraft ``c`` (``place``: its initiative place, -1 for none)."""
    return (
        float(side),
        c.health / spec_of(c).health,
        *_STATUS.get(c.status, (0.0,) * len(STATUSES)),
        c.handling / HANDLING,
        float(c.special),
        float(c.named),
        float(c.vital_damage),
        sum(b.amount for b in c.defence) / ARMOUR,
        (place + 1) / count if place >= 0 else 0.0,
    )


def _airman(a: Airman, health: float) -> tuple[float, ...]:
    """The 9 numbers of character ``a``."""
    return (
        a.health / health,
        *_CREW.get(a.status, (0.0,) * len(CREW_STATUSES)),
        a.actions / 2.0,
        a.spot / DICE,
        float(a.pilot),
    )


class Numbers(list[float]):
    """An observation vector's numbers with the same numbers packed as native float32
    (``f32``): a learning environment takes the packing as it is instead of packing the
    740 numbers again (:mod:`aerodrome.bridges.rl.translate`)."""

    __slots__ = ("f32",)

    f32: bytes


def observation_vector(view: DogfightView) -> Numbers:
    """The view as numbers: 3 + 2 x 16 slots for the table, 16 per aircraft, 9 per character
    (docs/rules/victoriana.md lists them), with their float32 packing (:class:`Numbers`).
    The aircraft's and characters' numbers are the last view's, patched where a record is
    another object (:data:`_last_fleet`)."""
    rules = specs.rules()
    out = Numbers([view.round / rules.sortie.rounds])
    out.extend(_PHASE.get(view.phase, (0.0, 0.0)))
    sides = view.sides
    winner = view.winner
    free = view.crafts[view.free_attack_on].side if view.free_attack_on >= 0 else None
    first = view.order[0] if view.order else None
    for i, side in enumerate(sides):
        start = len(view.roster.crafts[i])
        won = winner == side
        out.append(view.left.get(side, 0) / start if start else 0.0)
        out.extend(_MANOEUVRE.get(view.manoeuvre.get(side, ""), _NO_MANOEUVRE))
        out += (
            view.pools.get(side, 0) / DICE,
            view.rolled.get(side, 0) / DICE,
            1.0 if won else 0.0,
            view.net / DICE if won else 0.0,
            view.to_spend / DICE if won else 0.0,
            view.to_remove / DICE if won else 0.0,
            view.tactical_carry.get(side, 0) / DICE,
            view.tactical_dice.get(side, 0) / DICE,
            1.0 if first == side else 0.0,
            float(i),  # which side this block is (0: the friendly squadron)
            1.0 if free == side else 0.0,
        )
    table = struct.pack(f"={len(out)}f", *out)
    health = float(rules.character.health)
    crafts, order = view.crafts, view.initiative
    fleet, fleet_f32 = _patched(_last_fleet, crafts, (order, sides), CRAFT_WIDTH, _crafts_of)
    crew, crew_f32 = _patched(_last_crew, view.airmen, health, AIRMAN_WIDTH, _airmen_of)
    out += fleet
    out += crew
    out.f32 = table + fleet_f32 + crew_f32
    return out


def _crafts_of(
    crafts: tuple[Craft, ...], context: object, changed: list[int]
) -> list[tuple[float, ...]]:
    """The numbers of ``crafts[i]`` for each ``i`` in ``changed`` (context: the initiative
    and the sides)."""
    order, sides = cast(tuple[tuple[int, ...], tuple[str, ...]], context)
    initiative = {cid: n for n, cid in enumerate(order)}
    side_of = {side: i for i, side in enumerate(sides)}
    count = len(crafts)
    return [
        _craft(c, side_of[c.side], initiative.get(c.id, -1), count)
        for c in (crafts[i] for i in changed)
    ]


def _airmen_of(
    airmen: tuple[Airman, ...], health: object, changed: list[int]
) -> list[tuple[float, ...]]:
    """The numbers of ``airmen[i]`` for each ``i`` in ``changed``."""
    assert isinstance(health, float)
    return [_airman(airmen[i], health) for i in changed]


def _patched(
    last: list[tuple[Any, ...]],
    records: tuple[Any, ...],
    context: object,
    width: int,
    make: Callable[[tuple[Any, ...], object, list[int]], list[tuple[float, ...]]],
) -> tuple[list[float], bytes]:
    """The numbers of ``records`` (``width`` each) and their float32 packing: the last
    ones (``last``: records, context, numbers, packing) patched where a record is another
    object, or made afresh for another context or number of records. A list once returned
    is never changed (a patch makes a new one)."""
    before, known, numbers, packed = last[0]
    count = len(records)
    if len(before) == count and known == context:
        changed = [i for i, r in enumerate(records) if r is not before[i]]
        if not changed:
            return numbers, packed
        out = numbers.copy()
        buffer = bytearray(packed)
        pack = _PACKERS[width].pack
        for i, got in zip(changed, make(records, context, changed), strict=True):
            at = i * width
            out[at : at + width] = got
            buffer[4 * at : 4 * (at + width)] = pack(*got)
        packed = bytes(buffer)
    else:
        out = [x for got in make(records, context, list(range(count))) for x in got]
        packed = struct.pack(f"={len(out)}f", *out)
    last[0] = (records, context, out, packed)
    return out, packed
