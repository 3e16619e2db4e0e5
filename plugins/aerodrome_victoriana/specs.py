"""Spec data of the Victoriana dogfight: aircraft datasheets, rule numbers, crew pools, set-ups.

Every number lives in ``specs/victoriana/*.toml``; this module only declares their shapes
(msgspec Structs) and loads them once. Values the rulebook does not give carry
``assumed = true`` and a ``reason`` (:class:`aerodrome.specs.Assumed`).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

from aerodrome.data import Record
from aerodrome.specs import Assumed, builtin_specs, load

Role = Literal["fighter", "bomber", "monster"]
SKILLS = ("aviation", "gunnery", "tactics", "perception", "athletics", "repair")


# -- aircraft ------------------------------------------------------------------------------
class Station(Record, frozen=True):
    """A crew position; ``jobs`` split by the datasheet's slashes (victoriana.aircraft.2)."""

    jobs: tuple[str, ...]


class Weapon(Record, frozen=True):
    """One armament line: the station's job, linked guns, mount, damage dice, AP."""

    station: str
    count: int
    name: str
    mount: str
    damage: int
    ap: int = 0

    def label(self) -> str:
        ap = f" AP{self.ap}" if self.ap else ""
        return f"{self.count}x {self.name} {self.mount} ({self.damage}{ap})"


class Ordnance(Record, frozen=True):
    count: int
    weight_lb: int
    note: str = ""


class AircraftSpec(Assumed, frozen=True, kw_only=True):
    """A datasheet (victoriana.aircraft.*)."""

    key: str
    name: str
    nation: str
    designation: str
    role: Role
    length_ft: int
    wingspan_ft: int
    movement_mph: int
    movement_kmh: int
    handling: int
    health: int
    armour: int
    crew: tuple[Station, ...]
    weapons: tuple[Weapon, ...]
    handling_black: bool = False
    ordnance: tuple[Ordnance, ...] = ()
    optional_ordnance: tuple[Ordnance, ...] = ()
    optional_handling_penalty: int = 0

    def __post_init__(self) -> None:
        super().__post_init__()
        if not self.crew:
            raise ValueError(f"aircraft {self.key}: needs at least the pilot's station")
        for w in self.weapons:
            if self.station_of(w.station) is None:
                raise ValueError(f"aircraft {self.key}: weapon {w.name!r} names no crew job {w.station!r}")

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
    success: int
    partial: int


class DamageRule(Assumed, frozen=True, kw_only=True):
    dice_explode: bool
    attack_net_adds_pips: bool


class AttackRule(Assumed, frozen=True, kw_only=True):
    black_base: int


class EscapeRule(Assumed, frozen=True, kw_only=True):
    black_outnumbered: int


class BombRule(Assumed, frozen=True, kw_only=True):
    black: int
    dice_per_500lb: int


class RepairRule(Assumed, frozen=True, kw_only=True):
    black: int


class SquadronRule(Assumed, frozen=True, kw_only=True):
    attack_fighter_cost: int
    attack_special_cost: int
    defend_fighter_cost: int
    defend_special_cost: int


class InitiativeRule(Assumed, frozen=True, kw_only=True):
    first_actor_bonus: int


class MultiActionRule(Assumed, frozen=True, kw_only=True):
    black_per_extra: int
    max_actions: int


class CrewDamageRule(Assumed, frozen=True, kw_only=True):
    damage_dice: int
    vital_black: int
    pilot: tuple[int, ...]
    crew: tuple[int, ...]
    vital: tuple[int, ...]


class ParachuteRule(Assumed, frozen=True, kw_only=True):
    damage: int
    athletics_black: int
    descent_die: int


class CharacterRule(Assumed, frozen=True, kw_only=True):
    health: int


class SortieRule(Assumed, frozen=True, kw_only=True):
    rounds: int


class BreakOffRule(Assumed, frozen=True, kw_only=True):
    """A squadron with at most ``left_percent`` % of its aircraft left and no advantage in
    numbers breaks off at the end of a round (victoriana.turn.4)."""

    left_percent: int


class Environment(Assumed, frozen=True, kw_only=True):
    key: str
    name: str
    black: int
    damage: int


class Weather(Assumed, frozen=True, kw_only=True):
    key: str
    name: str
    black: int


class NightRule(Assumed, frozen=True, kw_only=True):
    black: int


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

    key: str
    name: str
    aviation: int
    gunnery: int
    tactics: int
    perception: int
    athletics: int
    repair: int

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
    weather: str = "clear"
    night: bool = False
    environment: str = "roads-or-fields"


class Flight(Record, frozen=True):
    aircraft: str
    count: int = 1
    pc: bool = False
    npc: bool = False
    crew: str = "airman"
    fitted: bool = False
    names: tuple[str, ...] = ()
    health: tuple[int, ...] = ()


class SideSpec(Record, frozen=True):
    key: str
    seat: str
    flight: tuple[Flight, ...]


class SetupSpec(Assumed, frozen=True, kw_only=True):
    """A set-up: printed in the rulebook (its worked example), or a stand-in marked
    ``assumed`` with matched forces (issue #13: bot against bot within 40-60 %)."""

    name: str
    title: str
    side: tuple[SideSpec, ...]
    description: str = ""
    max_rounds: int = 60
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


@cache
def aircraft() -> dict[str, AircraftSpec]:
    """Every datasheet by key."""
    return {a.key: a for a in load(specs_dir() / "aircraft.toml", AircraftBook).aircraft}


@cache
def rules() -> RulesBook:
    return load(specs_dir() / "rules.toml", RulesBook)


@cache
def crew_templates() -> dict[str, CrewTemplate]:
    return {t.key: t for t in load(specs_dir() / "crew.toml", CrewBook).template}


@cache
def setup_specs() -> tuple[SetupSpec, ...]:
    return load(specs_dir() / "setups.toml", SetupBook).setup
