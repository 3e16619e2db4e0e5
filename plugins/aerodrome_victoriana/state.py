"""The state of a Victoriana dogfight, its actions and the kinds of decision.

One mutable msgspec Struct (:class:`DogfightState`) holds the game; where the turn is (which
step, whose turn of the Combat Phase) is the core sequencer's (:mod:`aerodrome_victoriana.sequence`).
The aircraft and characters in it are frozen records (:class:`Craft`, :class:`Airman`): a
rule changes one by putting a changed copy in its place (:func:`update_craft`,
:func:`update_airman`), so a player's observation can hold the very same records without
sharing anything mutable with the state (issue #12: observations are values).
Player 0 is the friendly squadron (the players, white dice), player 1 the enemy squadron
(the game master, black dice).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from functools import cache
from types import MappingProxyType
from typing import Any, Literal, get_args, get_origin

import msgspec

from aerodrome.api import Action
from aerodrome_victoriana.specs import OptionalRules, crew_templates, spec_cached

Manoeuvre = Literal["attack", "defend", "escape", "tactical"]
MANOEUVRES: tuple[Manoeuvre, ...] = ("attack", "defend", "escape", "tactical")

#: Craft status: ``flying`` is in the dogfight; everything else has left it.
FLYING = "flying"
GONE_LOST = ("destroyed", "removed", "crashed")  # counted as losses

_replace = msgspec.structs.replace


class DefenceBonus(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """Armour added by a Defend action until the defender's next turn (victoriana.pilot.2)."""

    by: int
    amount: int


class Craft(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One aircraft (or monster) in the battle (a frozen record: see :func:`update_craft`)."""

    id: int
    spec: str
    side: str
    label: str
    role: str
    named: bool = False
    pc: bool = False
    special: bool = False
    health: int
    handling: int = 0
    status: str = FLYING
    bombs: tuple[int, ...] = ()
    optional_bombs: tuple[int, ...] = ()
    crew: tuple[int, ...] = ()
    vital_damage: bool = False
    defence: tuple[DefenceBonus, ...] = ()
    escaped_at: int = -1

    @property
    def flying(self) -> bool:
        return self.status == FLYING


class Airman(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A pilot or crew member of the kind of character ``template`` (crew.toml), whose
    :attr:`pools` are whole Heresy dice pools by skill. The station's jobs are the
    datasheet's (:func:`aerodrome_victoriana.common.jobs_of`). A frozen record: see
    :func:`update_airman`."""

    id: int
    name: str
    craft: int
    station: int
    template: str
    health: int
    status: str = "aboard"  # aboard | out | descending | down | dead
    actions: int = 0
    spot: int = 0
    turn_start: int = -1
    prev_turn_start: int = -1
    lost: tuple[int, ...] = ()
    lands_round: int = 0

    @property
    def pilot(self) -> bool:
        return self.station == 0

    @property
    def pools(self) -> Mapping[str, int]:
        """Dice pools by skill, from the crew template (read-only, shared)."""
        return _pools(self.template)


@spec_cached
def _pools(template: str) -> Mapping[str, int]:
    return MappingProxyType(crew_templates()[template].pools())


class Roster(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The aircraft of each side, fixed at set-up (an aircraft never changes side or role):
    ids indexed like :attr:`DogfightState.sides`. ``fighters`` are the fighters of the
    Squadron Phase, the aircraft that are not special (victoriana.squadron.15);
    ``specials`` the others."""

    crafts: tuple[tuple[int, ...], ...] = ()
    fighters: tuple[tuple[int, ...], ...] = ()
    specials: tuple[tuple[int, ...], ...] = ()


def roster_of(sides: list[str], crafts: list[Craft]) -> Roster:
    def ids(side: str, keep: Any) -> tuple[int, ...]:
        return tuple(c.id for c in crafts if c.side == side and keep(c))

    return Roster(
        crafts=tuple(ids(s, lambda c: True) for s in sides),
        fighters=tuple(ids(s, lambda c: not c.special) for s in sides),
        specials=tuple(ids(s, lambda c: c.special) for s in sides),
    )


class DogfightState(msgspec.Struct, kw_only=True, gc=False):
    """The whole game."""

    rules: OptionalRules
    sides: list[str]
    crafts: list[Craft]
    airmen: list[Airman]
    roster: Roster
    left: dict[str, int] = {}
    #: Aircraft with PCs or important NPCs aboard (fixed at set-up): with the Squadron
    #: Phase, only their characters act in the Combat Phase (victoriana.combat.1).
    named: list[int] = []
    #: The sortie's range and ammunition are spent: its last round is over
    #: (victoriana.aircraft.9; the round itself is the core's clock, ``ctx.round``).
    spent: bool = False
    serial: int = 0
    # squadron phase: the manoeuvres and the roll of this round (empty until it is rolled)
    manoeuvre: dict[str, str] = {}
    pools: dict[str, int] = {}
    rolled: dict[str, int] = {}
    winner: str = ""
    net: int = 0
    to_spend: int = 0
    to_remove: int = 0
    tactical_carry: dict[str, int] = {}
    tactical_dice: dict[str, int] = {}
    # combat phase: the order of this round's turns (empty outside the Combat Phase)
    order: list[str] = []
    initiative: list[int] = []
    #: Whether a character has acted this round (the first gets the initiative bonus).
    first_done: bool = False
    free_attack_on: int = -1
    stats: dict[str, int] = {}


def update_craft(state: DogfightState, craft: int, **changes: Any) -> Craft:
    """Put a copy of aircraft ``craft`` with ``changes`` in its place; returns it. Always
    starts from the state's current record, so a stale copy held by the caller never undoes
    an earlier change."""
    new: Craft = _replace(state.crafts[craft], **changes)
    state.crafts[craft] = new
    return new


def update_airman(state: DogfightState, airman: int, **changes: Any) -> Airman:
    """Put a copy of character ``airman`` with ``changes`` in its place; returns it (see
    :func:`update_craft`)."""
    new: Airman = _replace(state.airmen[airman], **changes)
    state.airmen[airman] = new
    return new


# -- copying ---------------------------------------------------------------------------------
#: The fields of the state holding mutable containers: what :func:`copy_state` copies
#: (everything else is immutable: numbers, strings, frozen Structs, and is shared).
_MUTABLE = frozenset(
    {
        "sides",
        "crafts",
        "airmen",
        "left",
        "named",
        "manoeuvre",
        "pools",
        "rolled",
        "tactical_carry",
        "tactical_dice",
        "order",
        "initiative",
        "stats",
    }
)


def copy_state(state: DogfightState) -> DogfightState:
    """A copy of ``state`` sharing only its immutable parts (the frozen aircraft and
    character records, strings, the optional rules): what a new game gets from the set-up's
    built state. Much lighter than a decode. :func:`copy_covers_state` checks that this
    function knows every mutable field."""
    new = _replace(state)  # with no changes: a shallow copy
    new.crafts = list(state.crafts)
    new.airmen = list(state.airmen)
    new.sides = list(state.sides)
    new.left = dict(state.left)
    new.named = list(state.named)
    new.manoeuvre = dict(state.manoeuvre)
    new.pools = dict(state.pools)
    new.rolled = dict(state.rolled)
    new.tactical_carry = dict(state.tactical_carry)
    new.tactical_dice = dict(state.tactical_dice)
    new.order = list(state.order)
    new.initiative = list(state.initiative)
    new.stats = dict(state.stats)
    return new


def _frozen_struct(kind: Any) -> bool:
    return (
        isinstance(kind, type)
        and issubclass(kind, msgspec.Struct)
        and kind.__struct_config__.frozen
    )


@cache
def copy_covers_state() -> bool:
    """Whether :func:`copy_state` copies every field of the state that holds something
    mutable (a list, dict or set, or a Struct that is not frozen), and the records it
    shares are frozen."""
    mutable = set()
    for field in msgspec.structs.fields(DogfightState):
        kind = get_origin(field.type) or field.type
        if kind in (list, dict, set) or (
            isinstance(kind, type) and issubclass(kind, msgspec.Struct) and not _frozen_struct(kind)
        ):
            mutable.add(field.name)
        if kind is list and not all(
            _frozen_struct(a) or a in (int, str) for a in get_args(field.type)
        ):
            return False
    return mutable == _MUTABLE and all(
        _frozen_struct(t) for t in (Craft, Airman, DefenceBonus, Roster)
    )


# -- actions ---------------------------------------------------------------------------------
class Kind(StrEnum):
    """The decisions of a dogfight (the values are those of the saved logs)."""

    MANOEUVRE = "manoeuvre"  # victoriana.squadron.7
    SPEND = "spend"  # victoriana.squadron.8-10
    REMOVE = "remove"  # victoriana.squadron.8
    ESCAPE = "escape"  # victoriana.squadron.12
    ACT = "act"  # victoriana.combat.4
    FREE_ATTACK = "free-attack"  # victoriana.pilot.5


class ChooseManoeuvre(Action, frozen=True):
    """The squadron's secret manoeuvre for this round (victoriana.squadron.7)."""

    manoeuvre: Manoeuvre


#: The four manoeuvres, built once (the legal choices; bots answer with these very objects).
MANOEUVRE_CHOICES = tuple(ChooseManoeuvre(manoeuvre=m) for m in MANOEUVRES)


class DamageRoll(Action, frozen=True):
    """Spend successes on a damage roll against a special aircraft with ``craft``'s weapon
    (victoriana.squadron.9)."""

    target: int
    craft: int
    weapon: int


class SpendOnFighters(Action, frozen=True):
    """Spend the remaining successes removing enemy fighters (victoriana.squadron.8)."""


SPEND_ON_FIGHTERS = SpendOnFighters()


class RemoveFighter(Action, frozen=True):
    """The losing side takes one of its fighters out of the dogfight."""

    craft: int


class LeaveBattle(Action, frozen=True):
    """One friendly aircraft leaves the battle after an Escape manoeuvre."""

    craft: int


class Attack(Action, frozen=True):
    airman: int
    target: int
    weapon: int


class Defend(Action, frozen=True):
    airman: int
    ward: int


class Escape(Action, frozen=True):
    airman: int


class Chase(Action, frozen=True):
    airman: int
    target: int


class Tactical(Action, frozen=True):
    airman: int
    skill: Literal["aviation", "tactics"]


class DropBomb(Action, frozen=True):
    """Drop ``count`` bombs of ordnance line ``line`` (``optional``: the fitted ordnance)."""

    airman: int
    line: int
    count: int
    optional: bool = False


class Repair(Action, frozen=True):
    airman: int


class Spot(Action, frozen=True):
    airman: int
    mate: int
    skill: Literal["perception", "gunnery"]


class EmergencyLanding(Action, frozen=True):
    airman: int


class BailOut(Action, frozen=True):
    airman: int


class EndTurn(Action, frozen=True):
    """No more actions by these characters this round."""


class FreeAttack(Action, frozen=True):
    """The free attack on an aircraft that failed to escape (victoriana.pilot.6)."""

    craft: int
    weapon: int


ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseManoeuvre,
    DamageRoll,
    SpendOnFighters,
    RemoveFighter,
    LeaveBattle,
    Attack,
    Defend,
    Escape,
    Chase,
    Tactical,
    DropBomb,
    Repair,
    Spot,
    EmergencyLanding,
    BailOut,
    EndTurn,
    FreeAttack,
)

#: The actions of a character in the Combat Phase (each names its ``airman``).
CharacterAction = (
    Attack
    | Defend
    | Escape
    | Chase
    | Tactical
    | DropBomb
    | Repair
    | Spot
    | EmergencyLanding
    | BailOut
)
#: Every answer a dogfight's decisions take.
VictorianaAction = (
    ChooseManoeuvre
    | DamageRoll
    | SpendOnFighters
    | RemoveFighter
    | LeaveBattle
    | Attack
    | Defend
    | Escape
    | Chase
    | Tactical
    | DropBomb
    | Repair
    | Spot
    | EmergencyLanding
    | BailOut
    | EndTurn
    | FreeAttack
)
