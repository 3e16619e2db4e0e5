"""Spec types of Dockfighters: datasheets, weapons, tables, ground targets and missions.

Every number the rules use lives in ``specs/dockfighters/*.toml`` and is decoded into the
frozen msgspec Structs below. Values the rulebook does not print (datasheets, movement
templates, the critical-damage table, board sizes...) carry ``assumed = true`` and a reason.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from msgspec import Meta

from aerodrome.api import Record
from aerodrome.engine.specs import Assumed, builtin_specs, load, spec_cached

#: Bounds of spec values: what the rulebook allows, or a sane ceiling far above every
#: aircraft and table of the game (an error names the file and the field path).
Name = Annotated[str, Meta(min_length=1, max_length=80)]
Speed = Annotated[int, Meta(ge=-6, le=12)]  # hexes a turn: a board is crossed in 2-3 turns
Small = Annotated[int, Meta(ge=0, le=12)]
Dice = Annotated[int, Meta(ge=0, le=20)]
Face = Annotated[int, Meta(ge=1, le=7)]  # a d6 face to reach; 7: never
Points = Annotated[int, Meta(ge=0, le=40)]  # structure, fame, mission points
Hexes = Annotated[int, Meta(ge=0, le=30)]

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
    "front",
    "rear",
    "left",
    "right",
    "turret",
    "same-or-higher",
    "same-or-lower",
    "top",
    "down",
    "airship-left",
    "airship-right",
]
#: The arc of a weapon system on an airship's docking point (clauses airship.19-20).
SIDE_ARC: dict[str, Arc] = {
    "left": "airship-left",
    "right": "airship-right",
    "top": "same-or-higher",
}


# -- datasheets -----------------------------------------------------------------------------
class Mount(Record, frozen=True):
    """An onboard weapon (or docking-point weapon) on a datasheet: attack dice short/medium/long."""

    weapon: Name
    dice: tuple[Dice, Dice, Dice]
    arc: Arc = "front"


class Datasheet(Assumed, frozen=True, kw_only=True):
    """An aircraft datasheet (clause sheet.1). Airships give ``reverse_speed`` instead of a
    minimum speed (clause airship.3); ``yellow``/``red`` are the structure track sections."""

    name: Name
    faction: Name
    klass: AircraftClass
    max_speed: Annotated[int, Meta(ge=1, le=12)]
    min_speed: Speed
    engine_power: Small
    agility: Agility
    yellow: Points
    red: Annotated[int, Meta(ge=1, le=40)]
    engines: Annotated[int, Meta(ge=1, le=8)] = 1
    weapons: Annotated[tuple[Mount, ...], Meta(max_length=12)] = ()
    load_points: Small = 0
    docking_points: Annotated[tuple[Literal["top", "left", "right"], ...], Meta(max_length=8)] = ()
    value: Points = 1

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.min_speed > self.max_speed:
            raise ValueError(f"min_speed {self.min_speed} is above max_speed {self.max_speed}")

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
    fame_bonus: Small = 0
    bombs_from_altitude: bool = False
    special_manoeuvres: bool = True
    counts_as_planes: Small = 1


class Classes(Record, frozen=True):
    klass: tuple[ClassRules, ...]


# -- weapons ----------------------------------------------------------------------------------
class Weapon(Assumed, frozen=True, kw_only=True):
    """A weapon: its damage profile (lowest face dealing 1, 2, 3 damage points), kind and rules.

    ``damage = [4, 6]`` reads "1 point on 4+, 2 points on 6" (clause damage.3).
    ``discipline`` is the fire-discipline target by experience (clause fire.2), empty when no
    roll is needed.
    """

    name: Name
    kind: Literal[
        "machine gun",
        "cannon",
        "bomb",
        "air-air missile",
        "air-ground missile",
        "acm",
        "flak",
        "artillery",
    ]
    damage: Annotated[tuple[Face, ...], Meta(min_length=1, max_length=6)]
    discipline: Annotated[tuple[Face, ...], Meta(max_length=4)] = ()
    dice: tuple[Dice, Dice, Dice] = (0, 0, 0)
    reroll_hits: bool = False
    air_targets: bool = True
    ground_targets: bool = True
    harms_armour: bool = False
    load_points: Small = 1
    any_altitude: bool = False
    to_hit: Annotated[int, Meta(ge=0, le=7)] = 0
    area: Small = 0
    smoke: Small = 0


class Armoury(Record, frozen=True):
    weapon: tuple[Weapon, ...]


# -- tables -----------------------------------------------------------------------------------
class Template(Assumed, frozen=True, kw_only=True):
    """A movement template of an agility: hexes before the first turn point and between
    later ones, at most ``points`` turn points; ``at_end`` puts the only point at the end."""

    agility: Agility
    first: Hexes
    spacing: Hexes
    points: Annotated[int, Meta(ge=1, le=6)] = 3
    at_end: bool = False


class ArcSpec(Assumed, frozen=True, kw_only=True):
    """An arc as ranges of sectors (see :mod:`aerodrome.grid.arcs`), each ``[first, last]``
    counter-clockwise and inclusive."""

    name: Arc
    sectors: tuple[
        tuple[Annotated[int, Meta(ge=0, le=23)], Annotated[int, Meta(ge=0, le=23)]], ...
    ] = ()
    altitude: Literal["any", "same-or-higher", "same-or-lower", "higher", "lower"] = "any"


class CriticalEffect(Assumed, frozen=True, kw_only=True):
    roll: tuple[Annotated[int, Meta(ge=1, le=6)], ...]
    effect: Literal["engine", "controls", "weapon", "gear", "fuel", "cockpit", "docking-point"]
    text: str


class Tables(Assumed, frozen=True, kw_only=True):
    """The game's tables (clauses check.1, fire.2, weather.*, move.6, crit.1, arc.*)."""

    pilot_check: tuple[Face, Face, Face, Face]
    ground_experience: tuple[int, int, int, int]
    range_bands: tuple[Hexes, Hexes, Hexes]
    base_to_hit: Face
    tailing_range: Hexes
    leave_board_penalty: Small
    flying_low_speed: Small
    max_altitude: Annotated[int, Meta(ge=1, le=10)]
    turns: Annotated[int, Meta(ge=1, le=30)]
    templates: tuple[Template, ...]
    arcs: tuple[ArcSpec, ...]
    critical: tuple[CriticalEffect, ...]
    critical_airship: tuple[CriticalEffect, ...]


Level = Annotated[int, Meta(ge=0, le=3)]  # clear skies, broken, rain, thunderstorm
CloudSpeed = Annotated[int, Meta(ge=1, le=6)]
Turn = Annotated[int, Meta(ge=-1, le=1)]  # one hexside left, none, right
Altitude = Annotated[int, Meta(ge=1, le=10)]


class Weather(Assumed, frozen=True, kw_only=True):
    """Weather tables (clauses weather.1-13)."""

    levels: tuple[Name, Name, Name, Name]
    setup_roll: tuple[Level, Level, Level, Level, Level, Level]
    cloud_speed: dict[
        str, tuple[CloudSpeed, CloudSpeed, CloudSpeed, CloudSpeed, CloudSpeed, CloudSpeed]
    ]
    wind_change: tuple[Turn, Turn, Turn, Turn, Turn, Turn]
    clouds_medium: Annotated[int, Meta(ge=0, le=10)]
    clouds_small: Annotated[int, Meta(ge=0, le=10)]
    medium_size: Literal[1, 3, 7]
    small_size: Literal[1, 3, 7]
    broken_altitudes: tuple[Altitude, Altitude]
    storm_altitudes: tuple[Altitude, Altitude]
    squall_speed: CloudSpeed


class GroundTarget(Record, frozen=True):
    roll: tuple[Annotated[int, Meta(ge=1, le=6)], ...]
    name: Name
    structure: Annotated[int, Meta(ge=1, le=40)]
    mobile: bool = False
    armoured: bool = False
    dice: tuple[Dice, Dice, Dice] = (0, 0, 0)
    damage: Annotated[tuple[Face, ...], Meta(max_length=6)] = ()


class GroundList(Record, frozen=True):
    value: Annotated[int, Meta(ge=1, le=3)]
    target: tuple[GroundTarget, ...]


class GroundTables(Record, frozen=True):
    list: tuple[GroundList, ...]


class Board(Assumed, frozen=True, kw_only=True):
    width: Annotated[int, Meta(ge=8, le=60)]
    height: Annotated[int, Meta(ge=8, le=60)]
    zone_depth: Annotated[int, Meta(ge=1, le=3)]


class Mission(Assumed, frozen=True, kw_only=True):
    key: Name
    name: Name
    value: Annotated[int, Meta(ge=0, le=5)]
    fame_cost: Points
    fame_win: Points
    turns: Annotated[int, Meta(ge=1, le=30)] = 12
    ground_points: Hexes = 0
    ground_values: tuple[Annotated[int, Meta(ge=1, le=3)], ...] = ()
    playable: bool = False


class Missions(Record, frozen=True):
    board: Board
    mission: tuple[Mission, ...]
    max_mission_value: Annotated[int, Meta(ge=1, le=10)]


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
        self._points: dict[tuple[int, Template], tuple[int, ...]] = {}
        self._points_by_speed: dict[Template, dict[int, tuple[int, ...]]] = {}

    def turn_points(self, speed: int, t: Template) -> tuple[int, ...]:
        """Hexes moved before each turn point of template ``t`` at movement ``speed`` (clause
        move.7): the first after ``t.first`` hexes, then every ``t.spacing``, at most
        ``t.points`` of them; a template ``at_end`` turns only in the end hex."""
        key = (speed, t)
        got = self._points.get(key)
        if got is None:
            n = abs(speed)
            out: list[int] = []
            if t.at_end:
                out.append(n)
            else:
                p = t.first
                while p <= n and len(out) < t.points:
                    out.append(p)
                    if t.spacing <= 0:
                        break
                    p += t.spacing
            got = self._points[key] = tuple(out)
        return got

    def points_by_speed(self, t: Template) -> dict[int, tuple[int, ...]]:
        """:meth:`turn_points` of ``t`` by speed, as far as asked so far (fill it with
        ``turn_points``): the template is hashed once per listing, not once per speed."""
        got = self._points_by_speed.get(t)
        if got is None:
            got = self._points_by_speed[t] = {}
        return got

    def fitted_mounts(self, datasheet: str, systems: tuple[str, ...]) -> tuple[Mount, ...]:
        """The weapon systems an airship carries on its docking points, in docking-point
        order: side mounts fire into their side's arc, the top mount at the same or higher
        altitude (clauses airship.4, airship.19-20). Kept per combination once built."""
        key = (datasheet, systems)
        got = self._fitted.get(key)
        if got is None:
            out = []
            for point, system in zip(
                self.aircraft[datasheet].docking_points, systems, strict=False
            ):
                w = self.weapons.get(system)
                if w is not None:
                    out.append(Mount(weapon=system, dice=w.dice, arc=SIDE_ARC[point]))
            got = self._fitted[key] = tuple(out)
        return got


@spec_cached
def builtin() -> Specs:
    """The built-in specs of the ruleset."""
    return Specs(builtin_specs("dockfighters"))
