"""Spec data of the Victoriana dogfight: aircraft datasheets, rule numbers, crew pools, set-ups.

Every number lives in ``specs/victoriana/*.toml``; this module only declares their shapes
(msgspec Structs) and loads them once. Values the rulebook does not give carry
``assumed = true`` and a ``reason`` (:class:`aerodrome.engine.specs.Assumed`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from msgspec import Meta

from aerodrome.api import Record
from aerodrome.engine.specs import Assumed, builtin_specs, load
from aerodrome.engine.specs import spec_cached as spec_cached  # for the modules of derived tables

Role = Literal["fighter", "bomber", "monster"]
SKILLS = ("aviation", "gunnery", "tactics", "perception", "athletics", "repair")

# -- bounds (issue #19; docs/rules/victoriana.md, "Limits") ---------------------------------
#: Dice in one pool or one table entry: ``aerodrome odds victoriana`` answers up to 200.
MAX_DICE = 200
#: Aircraft a side may bring: the book's example has 21 in all; 100 a side keeps every
#: Squadron Roll pool within MAX_DICE (100 + Handling, +half for Defend is 160 or so).
MAX_AIRCRAFT = 100
Dice = Annotated[int, Meta(ge=0, le=MAX_DICE)]
Count = Annotated[int, Meta(ge=0, le=MAX_AIRCRAFT)]
Small = Annotated[int, Meta(ge=0, le=20)]
Points = Annotated[int, Meta(ge=0, le=1000)]
Positive = Annotated[int, Meta(ge=1, le=1000)]
Name = Annotated[str, Meta(min_length=1, max_length=200, pattern=r"\S")]
Face = Annotated[int, Meta(ge=1, le=6)]


# -- aircraft ------------------------------------------------------------------------------
class Station(Record, frozen=True):
    """A crew position; ``jobs`` split by the datasheet's slashes (victoriana.aircraft.2)."""

    jobs: Annotated[tuple[Name, ...], Meta(min_length=1, max_length=6)]


class Weapon(Record, frozen=True):
    """One armament line: the station's job, linked guns, mount, damage dice, AP."""

    station: Name
    count: Annotated[int, Meta(ge=1, le=MAX_AIRCRAFT)]
    name: Name
    mount: str
    damage: Dice
    ap: Small = 0

    def label(self) -> str:
        ap = f" AP{self.ap}" if self.ap else ""
        return f"{self.count}x {self.name} {self.mount} ({self.damage}{ap})"


class Ordnance(Record, frozen=True):
    count: Count
    weight_lb: Annotated[int, Meta(ge=0, le=50_000)]
    note: str = ""


class AircraftSpec(Assumed, frozen=True, kw_only=True):
    """A datasheet (victoriana.aircraft.*)."""

    key: Name
    name: Name
    nation: str
    designation: str
    role: Role
    length_ft: Points
    wingspan_ft: Points
    movement_mph: Annotated[int, Meta(ge=0, le=5000)]
    movement_kmh: Annotated[int, Meta(ge=0, le=8000)]
    handling: Small
    health: Positive
    armour: Annotated[int, Meta(ge=0, le=100)]
    crew: Annotated[tuple[Station, ...], Meta(max_length=20)]
    weapons: Annotated[tuple[Weapon, ...], Meta(max_length=20)]
    handling_black: bool = False
    ordnance: Annotated[tuple[Ordnance, ...], Meta(max_length=20)] = ()
    optional_ordnance: Annotated[tuple[Ordnance, ...], Meta(max_length=20)] = ()
    optional_handling_penalty: Small = 0

    def __post_init__(self) -> None:
        super().__post_init__()
        if not self.crew:
            raise ValueError(f"aircraft {self.key}: needs at least the pilot's station")
        for w in self.weapons:
            if self.station_of(w.station) is None:
                raise ValueError(
                    f"aircraft {self.key}: weapon {w.name!r} names no crew job {w.station!r}"
                )

    def station_of(self, job: str) -> int | None:
        """The index of the station holding ``job`` (victoriana.aircraft.2)."""
        for i, s in enumerate(self.crew):
            if job in s.jobs:
                return i
        return None

    @property
    def chase_pool(self) -> int:
        """Movement as a chase dice pool: mph ÷ 10, rounded down (victoriana.aircraft.4)."""
        return self.movement_mph // 10

    @property
    def handling_value(self) -> int:
        """Handling as a signed number: black-dice Handling counts negative."""
        return -self.handling if self.handling_black else self.handling


class AircraftBook(Record, frozen=True):
    aircraft: tuple[AircraftSpec, ...]


# -- rule numbers --------------------------------------------------------------------------
class TestsRule(Assumed, frozen=True, kw_only=True):
    success: Annotated[int, Meta(ge=1, le=20)]
    partial: Small


class DamageRule(Assumed, frozen=True, kw_only=True):
    dice_explode: bool
    attack_net_adds_pips: bool


class AttackRule(Assumed, frozen=True, kw_only=True):
    black_base: Dice


class EscapeRule(Assumed, frozen=True, kw_only=True):
    black_outnumbered: Dice


class BombRule(Assumed, frozen=True, kw_only=True):
    black: Dice
    dice_per_500lb: Small


class RepairRule(Assumed, frozen=True, kw_only=True):
    black: Dice


class SquadronRule(Assumed, frozen=True, kw_only=True):
    attack_fighter_cost: Annotated[int, Meta(ge=1, le=100)]
    attack_special_cost: Annotated[int, Meta(ge=1, le=100)]
    defend_fighter_cost: Annotated[int, Meta(ge=1, le=100)]
    defend_special_cost: Annotated[int, Meta(ge=1, le=100)]


class InitiativeRule(Assumed, frozen=True, kw_only=True):
    first_actor_bonus: Small


class MultiActionRule(Assumed, frozen=True, kw_only=True):
    black_per_extra: Dice
    max_actions: Annotated[int, Meta(ge=1, le=10)]


class CrewDamageRule(Assumed, frozen=True, kw_only=True):
    damage_dice: Dice
    vital_black: Dice
    pilot: tuple[Face, ...]
    crew: tuple[Face, ...]
    vital: tuple[Face, ...]


class ParachuteRule(Assumed, frozen=True, kw_only=True):
    damage: Points
    athletics_black: Dice
    descent_die: Annotated[int, Meta(ge=1, le=100)]


class CharacterRule(Assumed, frozen=True, kw_only=True):
    health: Positive


class SortieRule(Assumed, frozen=True, kw_only=True):
    rounds: Positive


class BreakOffRule(Assumed, frozen=True, kw_only=True):
    """A squadron with at most ``left_percent`` % of its aircraft left and no advantage in
    numbers breaks off at the end of a round (victoriana.turn.4)."""

    left_percent: Annotated[int, Meta(ge=0, le=100)]


class Environment(Assumed, frozen=True, kw_only=True):
    key: Name
    name: Name
    black: Dice
    damage: Points


class Weather(Assumed, frozen=True, kw_only=True):
    key: Name
    name: Name
    black: Dice


class NightRule(Assumed, frozen=True, kw_only=True):
    black: Dice


class RulesBook(Record, frozen=True):
    tests: TestsRule
    damage: DamageRule
    attack: AttackRule
    escape: EscapeRule
    bomb: BombRule
    repair: RepairRule
    squadron: SquadronRule
    initiative: InitiativeRule
    multi_action: MultiActionRule
    crew_damage: CrewDamageRule
    parachute: ParachuteRule
    character: CharacterRule
    sortie: SortieRule
    break_off: BreakOffRule
    environment: tuple[Environment, ...]
    weather: tuple[Weather, ...]
    night: NightRule

    def environment_of(self, key: str) -> Environment:
        for e in self.environment:
            if e.key == key:
                return e
        raise KeyError(key)

    def weather_of(self, key: str) -> Weather:
        for w in self.weather:
            if w.key == key:
                return w
        raise KeyError(key)


# -- characters ----------------------------------------------------------------------------
class CrewTemplate(Assumed, frozen=True, kw_only=True):
    """Stand-in dice pools (attribute + skill) of a kind of character."""

    key: Name
    name: Name
    aviation: Dice
    gunnery: Dice
    tactics: Dice
    perception: Dice
    athletics: Dice
    repair: Dice

    def pools(self) -> dict[str, int]:
        return {s: getattr(self, s) for s in SKILLS}


class CrewBook(Record, frozen=True):
    template: tuple[CrewTemplate, ...]


# -- set-ups -------------------------------------------------------------------------------
class OptionalRules(Record, frozen=True):
    """The switches of the optional rules (victoriana.optional.*)."""

    skip_squadron: bool = False
    emergency_landings: bool = False
    crew_damage: bool = False
    weather: Name = "clear"
    night: bool = False
    environment: Name = "roads-or-fields"


class Flight(Record, frozen=True):
    """``count`` aircraft of one type (at most :data:`MAX_AIRCRAFT`), their crews' template,
    the characters' names station by station, and (positions) their Health."""

    aircraft: Name
    count: Annotated[int, Meta(ge=1, le=MAX_AIRCRAFT)] = 1
    pc: bool = False
    npc: bool = False
    crew: Name = "airman"
    fitted: bool = False
    names: Annotated[tuple[Name, ...], Meta(max_length=20 * MAX_AIRCRAFT)] = ()
    health: Annotated[tuple[Positive, ...], Meta(max_length=MAX_AIRCRAFT)] = ()


class SideSpec(Record, frozen=True):
    key: Name
    seat: Name
    flight: Annotated[tuple[Flight, ...], Meta(max_length=MAX_AIRCRAFT)]


class SetupSpec(Assumed, frozen=True, kw_only=True):
    """A set-up: printed in the rulebook (its worked example), or a stand-in marked
    ``assumed`` with matched forces (issue #13: bot against bot within 40-60 %)."""

    name: Name
    title: Name
    side: tuple[SideSpec, ...]
    description: str = ""
    max_rounds: Positive = 60
    rules: OptionalRules = OptionalRules()


class SetupBook(Record, frozen=True):
    setup: tuple[SetupSpec, ...]


# -- loading -------------------------------------------------------------------------------
SPEC_TYPES: dict[str, type[Record]] = {
    "aircraft.toml": AircraftBook,
    "rules.toml": RulesBook,
    "crew.toml": CrewBook,
    "setups.toml": SetupBook,
}


def specs_dir() -> Path:
    return builtin_specs("victoriana")


@spec_cached
def aircraft() -> dict[str, AircraftSpec]:
    """Every datasheet by key."""
    return {a.key: a for a in load(specs_dir() / "aircraft.toml", AircraftBook).aircraft}


@spec_cached
def rules() -> RulesBook:
    return load(specs_dir() / "rules.toml", RulesBook)


@spec_cached
def crew_templates() -> dict[str, CrewTemplate]:
    return {t.key: t for t in load(specs_dir() / "crew.toml", CrewBook).template}


@spec_cached
def setup_specs() -> tuple[SetupSpec, ...]:
    return load(specs_dir() / "setups.toml", SetupBook).setup
