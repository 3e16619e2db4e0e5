"""For learning agents (issue #17): a fixed numbering of every action a set-up's decisions can
offer, and an observation as a fixed-length list of numbers.

The numbering is made from the set-up's aircraft and crews (which never change during a
game): the manoeuvres, the Squadron Phase's answers for every aircraft, then each
character's possible actions, the end of a turn and the free attacks. It covers games
started from the set-up; a position file that brings other aircraft numbers its own.
The observation's slots are documented in docs/rules/victoriana.md ("For learning agents").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

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


def observation_vector(view: DogfightView) -> Sequence[float]:
    """The view as numbers: 3 + 2 x 16 slots for the table, 16 per aircraft, 9 per character
    (docs/rules/victoriana.md lists them)."""
    out: list[float] = [view.round / specs.rules().sortie.rounds]
    out.extend(1.0 if view.phase == p else 0.0 for p in PHASES[1:])
    sides = view.sides
    for i, side in enumerate(sides):
        start = len(view.roster.crafts[i])
        out.append(view.left.get(side, 0) / start if start else 0.0)
        chosen = view.manoeuvre.get(side)
        out.extend(1.0 if chosen == m else 0.0 for m in MANOEUVRES)
        out.append(view.pools.get(side, 0) / DICE)
        out.append(view.rolled.get(side, 0) / DICE)
        out.append(1.0 if view.winner == side else 0.0)
        out.append(view.net / DICE if view.winner == side else 0.0)
        out.append(view.to_spend / DICE if view.winner == side else 0.0)
        out.append(view.to_remove / DICE if view.winner == side else 0.0)
        out.append(view.tactical_carry.get(side, 0) / DICE)
        out.append(view.tactical_dice.get(side, 0) / DICE)
        out.append(1.0 if view.order and view.order[0] == side else 0.0)
        out.append(float(i))  # which side this block is (0: the friendly squadron)
        out.append(
            1.0
            if view.free_attack_on >= 0 and view.crafts[view.free_attack_on].side == side
            else 0.0
        )
    initiative = {cid: n for n, cid in enumerate(view.initiative)}
    count = len(view.crafts)
    for c in view.crafts:
        full = spec_of(c).health
        out.append(float(sides.index(c.side)))
        out.append(c.health / full)
        out.extend(1.0 if c.status == s else 0.0 for s in STATUSES)
        out.append(c.handling / HANDLING)
        out.append(float(c.special))
        out.append(float(c.named))
        out.append(float(c.vital_damage))
        out.append(sum(b.amount for b in c.defence) / ARMOUR)
        out.append((initiative[c.id] + 1) / count if c.id in initiative else 0.0)
    for a in view.airmen:
        out.append(a.health / specs.rules().character.health)
        out.extend(1.0 if a.status == s else 0.0 for s in CREW_STATUSES)
        out.append(a.actions / 2.0)
        out.append(a.spot / DICE)
        out.append(float(a.pilot))
    return out
