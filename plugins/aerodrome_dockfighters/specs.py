"""Spec types of Dockfighters: datasheets, weapons, tables, ground targets and missions.

Every number the rules use lives in ``specs/dockfighters/*.toml`` and is decoded into the
frozen msgspec Structs below. Values the rulebook does not print (datasheets, movement
templates, the critical-damage table, board sizes...) carry ``assumed = true`` and a reason.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

from aerodrome.data import Record
from aerodrome.specs import Assumed, builtin_specs, load

Experience = Literal["green", "experienced", "veteran", "ace"]
Agility = Literal["very low", "low", "medium", "high", "very high"]

#: Experience levels in rising order (clause pilot.1); the index is the level.
EXPERIENCE: tuple[Experience, ...] = ("green", "experienced", "veteran", "ace")
#: Agility levels in rising order; the index is the level.
AGILITY: tuple[Agility, ...] = ("very low", "low", "medium", "high", "very high")
AircraftClass = Literal[
    "standard fighter", "advanced fighter", "fighterbomber", "bomber", "airship", "dockfighter"
]
Arc = Literal[
    "front", "rear", "left", "right", "turret", "same-or-higher", "same-or-lower",
    "top", "down", "airship-left", "airship-right",
]
#: The arc of a weapon system on an airship's docking point (clauses airship.19-20).
SIDE_ARC: dict[str, Arc] = {"left": "airship-left", "right": "airship-right", "top": "same-or-higher"}


# -- datasheets -----------------------------------------------------------------------------
class Mount(Record, frozen=True):
    """An onboard weapon (or docking-point weapon) on a datasheet: attack dice short/medium/long."""

    weapon: str
    dice: tuple[int, int, int]
    arc: Arc = "front"


class Datasheet(Assumed, frozen=True, kw_only=True):
    """An aircraft datasheet (clause sheet.1). Airships give ``reverse_speed`` instead of a
    minimum speed (clause airship.3); ``yellow``/``red`` are the structure track sections."""

    name: str
    faction: str
    klass: AircraftClass
    max_speed: int
    min_speed: int
    engine_power: int
    agility: Agility
    yellow: int
    red: int
    engines: int = 1
    weapons: tuple[Mount, ...] = ()
    load_points: int = 0
    docking_points: tuple[str, ...] = ()
    value: int = 1

    @property
    def structure(self) -> int:
        return self.yellow + self.red


class Hangar(Record, frozen=True):
    aircraft: tuple[Datasheet, ...]


class ClassRules(Assumed, frozen=True, kw_only=True):
    """What an aircraft class changes in the rules."""

    name: AircraftClass
    easy_target: bool = False
    loads_lower_agility: bool = False
    flies_low_freely: bool = False
    fame_bonus: int = 0
    bombs_from_altitude: bool = False
    special_manoeuvres: bool = True
    counts_as_planes: int = 1


class Classes(Record, frozen=True):
    klass: tuple[ClassRules, ...]


# -- weapons ----------------------------------------------------------------------------------
class Weapon(Assumed, frozen=True, kw_only=True):
    """A weapon: its damage profile (lowest face dealing 1, 2, 3 damage points), kind and rules.

    ``damage = [4, 6]`` reads "1 point on 4+, 2 points on 6" (clause damage.3).
    ``discipline`` is the fire-discipline target by experience (clause fire.2), empty when no
    roll is needed.
    """

    name: str
    kind: Literal["machine gun", "cannon", "bomb", "air-air missile", "air-ground missile", "acm", "flak", "artillery"]
    damage: tuple[int, ...]
    discipline: tuple[int, ...] = ()
    dice: tuple[int, int, int] = (0, 0, 0)
    reroll_hits: bool = False
    air_targets: bool = True
    ground_targets: bool = True
    harms_armour: bool = False
    load_points: int = 1
    any_altitude: bool = False
    to_hit: int = 0
    area: int = 0
    smoke: int = 0


class Armoury(Record, frozen=True):
    weapon: tuple[Weapon, ...]


# -- tables -----------------------------------------------------------------------------------
class Template(Assumed, frozen=True, kw_only=True):
    """A movement template of an agility: hexes before the first turn point and between
    later ones, at most ``points`` turn points; ``at_end`` puts the only point at the end."""

    agility: Agility
    first: int
    spacing: int
    points: int = 3
    at_end: bool = False


class ArcSpec(Assumed, frozen=True, kw_only=True):
    """An arc as ranges of sectors (see :mod:`aerodrome.grid.arcs`), each ``[first, last]``
    counter-clockwise and inclusive."""

    name: Arc
    sectors: tuple[tuple[int, int], ...] = ()
    altitude: Literal["any", "same-or-higher", "same-or-lower", "higher", "lower"] = "any"


class CriticalEffect(Assumed, frozen=True, kw_only=True):
    roll: tuple[int, ...]
    effect: Literal["engine", "controls", "weapon", "gear", "fuel", "cockpit", "docking-point"]
    text: str


class Tables(Assumed, frozen=True, kw_only=True):
    """The game's tables (clauses check.1, fire.2, weather.*, move.6, crit.1, arc.*)."""

    pilot_check: tuple[int, int, int, int]
    ground_experience: tuple[int, int, int, int]
    range_bands: tuple[int, int, int]
    base_to_hit: int
    tailing_range: int
    leave_board_penalty: int
    flying_low_speed: int
    max_altitude: int
    turns: int
    templates: tuple[Template, ...]
    arcs: tuple[ArcSpec, ...]
    critical: tuple[CriticalEffect, ...]
    critical_airship: tuple[CriticalEffect, ...]


class Weather(Assumed, frozen=True, kw_only=True):
    """Weather tables (clauses weather.1-13)."""

    levels: tuple[str, ...]
    setup_roll: tuple[int, int, int, int, int, int]
    cloud_speed: dict[str, tuple[int, int, int, int, int, int]]
    wind_change: tuple[int, int, int, int, int, int]
    clouds_medium: int
    clouds_small: int
    medium_size: int
    small_size: int
    broken_altitudes: tuple[int, int]
    storm_altitudes: tuple[int, int]
    squall_speed: int


class GroundTarget(Record, frozen=True):
    roll: tuple[int, ...]
    name: str
    structure: int
    mobile: bool = False
    armoured: bool = False
    dice: tuple[int, int, int] = (0, 0, 0)
    damage: tuple[int, ...] = ()


class GroundList(Record, frozen=True):
    value: int
    target: tuple[GroundTarget, ...]


class GroundTables(Record, frozen=True):
    list: tuple[GroundList, ...]


class Board(Assumed, frozen=True, kw_only=True):
    width: int
    height: int
    zone_depth: int


class Mission(Assumed, frozen=True, kw_only=True):
    key: str
    name: str
    value: int
    fame_cost: int
    fame_win: int
    turns: int = 12
    ground_points: int = 0
    ground_values: tuple[int, ...] = ()
    playable: bool = False


class Missions(Record, frozen=True):
    board: Board
    mission: tuple[Mission, ...]
    max_mission_value: int


# -- loading ------------------------------------------------------------------------------
SPEC_TYPES: dict[str, type[Record]] = {
    "aircraft.toml": Hangar,
    "classes.toml": Classes,
    "weapons.toml": Armoury,
    "tables.toml": Tables,
    "weather.toml": Weather,
    "ground_targets.toml": GroundTables,
    "missions.toml": Missions,
}


class Specs:
    """All spec files of the ruleset, decoded once, with lookups by name."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.hangar = load(root / "aircraft.toml", Hangar)
        self.classes = {c.name: c for c in load(root / "classes.toml", Classes).klass}
        self.weapons = {w.name: w for w in load(root / "weapons.toml", Armoury).weapon}
        self.tables = load(root / "tables.toml", Tables)
        self.weather = load(root / "weather.toml", Weather)
        self.ground = {g.value: g for g in load(root / "ground_targets.toml", GroundTables).list}
        missions = load(root / "missions.toml", Missions)
        self.board = missions.board
        self.missions = {m.key: m for m in missions.mission}
        self.max_mission_value = missions.max_mission_value
        self.aircraft = {a.name: a for a in self.hangar.aircraft}
        self.templates = {t.agility: t for t in self.tables.templates}
        self.arcs = {a.name: a for a in self.tables.arcs}
        self._fitted: dict[tuple[str, tuple[str, ...]], tuple[Mount, ...]] = {}

    def fitted_mounts(self, datasheet: str, systems: tuple[str, ...]) -> tuple[Mount, ...]:
        """The weapon systems an airship carries on its docking points, in docking-point
        order: side mounts fire into their side's arc, the top mount at the same or higher
        altitude (clauses airship.4, airship.19-20). Kept per combination once built."""
        key = (datasheet, systems)
        got = self._fitted.get(key)
        if got is None:
            out = []
            for point, system in zip(self.aircraft[datasheet].docking_points, systems, strict=False):
                w = self.weapons.get(system)
                if w is not None:
                    out.append(Mount(weapon=system, dice=w.dice, arc=SIDE_ARC[point]))
            got = self._fitted[key] = tuple(out)
        return got


@cache
def builtin() -> Specs:
    """The built-in specs of the ruleset."""
    return Specs(builtin_specs("dockfighters"))
