"""The campaign's tables: ``specs/dockfighters/campaign/*.toml`` decoded into frozen Structs.

``campaign.toml``: costs, limits, the experience track and the depots; ``aces.toml``: the ace
abilities (stand-ins); ``leaders.toml``: the squadron leader's skill trees;
``briefings.toml``: what each mission asks, offered with it. Errors name the
file and the field path; values the rulebook does not print carry ``assumed = true``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from aerodrome.api import Record
from aerodrome.engine.specs import Assumed, builtin_specs, load

Experience = Literal["green", "experienced", "veteran", "ace"]
#: Experience levels in rising order (clause pilot.1); the index is the level.
EXPERIENCE: tuple[Experience, ...] = ("green", "experienced", "veteran", "ace")
#: The rows of the squadron leader skills table: Green, Experienced, Veteran (clause leader.2).
LEADER_LEVELS: tuple[Experience, ...] = EXPERIENCE[:3]
AircraftClass = Literal[
    "standard fighter", "advanced fighter", "fighterbomber", "bomber", "airship", "dockfighter"
]
Kind = Literal["pilot", "airship crew", "bomber crew"]
Mod = Annotated[int, Meta(ge=-5, le=5)]
KINDS: tuple[Kind, ...] = ("pilot", "airship crew", "bomber crew")
Fame = Annotated[int, Meta(ge=0, le=40)]
Roll = Annotated[int, Meta(ge=1, le=6)]
Count = Annotated[int, Meta(ge=0, le=14)]


class Barracks(Record, frozen=True):
    pilot: Count
    airship_crew: Count = msgspec.field(default=0, name="airship crew")
    bomber_crew: Count = msgspec.field(default=0, name="bomber crew")

    def limit(self, kind: Kind) -> int:
        return {
            "pilot": self.pilot,
            "airship crew": self.airship_crew,
            "bomber crew": self.bomber_crew,
        }[kind]


class Crews(Record, frozen=True):
    """Which aircraft classes each kind of personal file flies (clause pilot.4)."""

    pilot: tuple[AircraftClass, ...]
    airship_crew: tuple[AircraftClass, ...] = msgspec.field(default=(), name="airship crew")
    bomber_crew: tuple[AircraftClass, ...] = msgspec.field(default=(), name="bomber crew")

    def flies(self, kind: Kind) -> tuple[AircraftClass, ...]:
        return {
            "pilot": self.pilot,
            "airship crew": self.airship_crew,
            "bomber crew": self.bomber_crew,
        }[kind]


class Ladder(Assumed, frozen=True, kw_only=True):
    """The personal file's boxes (clauses pilot.2, pilot.5, pilot.6)."""

    boxes: Annotated[tuple[Experience, ...], Meta(min_length=3, max_length=30)]
    veteran_victories: Count
    ace_victories: Count
    more_victories: Annotated[int, Meta(ge=1, le=14)]

    def __post_init__(self) -> None:
        super().__post_init__()
        levels = [EXPERIENCE.index(b) for b in self.boxes]
        if levels != sorted(levels) or self.boxes[0] != "green" or self.boxes[-1] != "ace":
            raise ValueError("boxes: rising from green to ace")


class Depot(Assumed, frozen=True, kw_only=True):
    """An item of the ammunition or docking-point depot (clause campaign.equipment.2)."""

    name: Annotated[str, Meta(min_length=1, max_length=80)]
    cost: Fame = 0
    automatic: bool = False
    docking: bool = False


class Campaign(Record, frozen=True, kw_only=True):
    start_fame: Fame
    start_fighters: Annotated[int, Meta(ge=2, le=8)]
    start_pilots: Annotated[int, Meta(ge=2, le=8)]
    recruit_cost: Fame
    free_planes: Annotated[int, Meta(ge=0, le=4)]
    extra_plane_cost: Fame
    max_airships: Annotated[int, Meta(ge=0, le=4)]
    return_cost: tuple[Fame, Fame, Fame, Fame]
    bid_value: Annotated[int, Meta(ge=1, le=6)]
    experience_points: tuple[Fame, Fame, Fame, Fame]
    inferior_bonus: Fame
    all_inferior_bonus: Fame
    club_discount: Fame
    club_bounty: Fame
    max_bid_rounds: Annotated[int, Meta(ge=1, le=100)]
    barracks: Barracks
    crews: Crews
    ladder: Ladder
    depot: tuple[Depot, ...]


class Modifiers(Record, frozen=True, omit_defaults=True):
    """What an ace ability changes in play: ``hit``, ``ground_hit``, ``check``, ``bail`` and
    ``discipline`` lower his target numbers (negative is better), ``evade`` raises the target
    number of attacks at him, ``agility`` raises his aircraft's agility level (the engine's
    ``Knacks``, see :mod:`.bridge`)."""

    hit: Mod = 0
    ground_hit: Mod = 0
    evade: Mod = 0
    check: Mod = 0
    bail: Mod = 0
    discipline: Mod = 0
    agility: Annotated[int, Meta(ge=0, le=2)] = 0

    def __add__(self, other: Modifiers) -> Modifiers:
        return Modifiers(
            **{f: getattr(self, f) + getattr(other, f) for f in self.__struct_fields__}
        )


class Ability(Record, frozen=True):
    """An ace ability: its d6 roll, name, and what it does at level 1 and level 2."""

    roll: Roll
    name: Annotated[str, Meta(min_length=1, max_length=60)]
    level1: Modifiers
    level2: Modifiers


class AceKind(Assumed, frozen=True, kw_only=True):
    name: Kind
    ability: Annotated[tuple[Ability, ...], Meta(min_length=6, max_length=6)]

    def __post_init__(self) -> None:
        super().__post_init__()
        if sorted(a.roll for a in self.ability) != [1, 2, 3, 4, 5, 6]:
            raise ValueError(f"{self.name}: one ability for each face of the d6")


class Aces(Record, frozen=True):
    kind: tuple[AceKind, ...]


class Effect(Record, frozen=True, omit_defaults=True):
    """What an unlocked skill level gives (see leaders.toml)."""

    hospital: Annotated[int, Meta(ge=0, le=6)] = 0
    workshop: Annotated[int, Meta(ge=0, le=6)] = 0
    wounded_flies: bool = False
    wounded_penalty: Annotated[int, Meta(ge=0, le=3)] = 0
    damaged_flies: bool = False
    mission_discount: Fame = 0
    equipment_discount: Fame = 0
    aircraft_discount: Fame = 0
    reroll_checks: Annotated[int, Meta(ge=0, le=6)] = 0
    reroll_attacks: Annotated[int, Meta(ge=0, le=6)] = 0
    ignore_wounds: Annotated[int, Meta(ge=0, le=6)] = 0
    pass_checks: Annotated[int, Meta(ge=0, le=6)] = 0
    first_shot_harder: bool = False


class Skill(Assumed, frozen=True, kw_only=True):
    level: Experience
    text: Annotated[str, Meta(min_length=1, max_length=200)]
    effect: Effect


class Tree(Record, frozen=True, kw_only=True):
    roll: Roll
    name: Annotated[str, Meta(min_length=1, max_length=40)]
    text: str = ""
    skill: Annotated[tuple[Skill, ...], Meta(min_length=3, max_length=3)]

    def __post_init__(self) -> None:
        if tuple(s.level for s in self.skill) != LEADER_LEVELS:
            raise ValueError(f"{self.name}: one skill per level: green, experienced, veteran")


class LevelCost(Assumed, frozen=True, kw_only=True):
    name: Experience
    cost: Fame


class Leaders(Record, frozen=True):
    level: Annotated[tuple[LevelCost, ...], Meta(min_length=3, max_length=3)]
    tree: Annotated[tuple[Tree, ...], Meta(min_length=6, max_length=6)]

    def __post_init__(self) -> None:
        if tuple(x.name for x in self.level) != LEADER_LEVELS:
            raise ValueError("level: green, experienced, veteran (the skills table's rows)")
        if sorted(t.roll for t in self.tree) != [1, 2, 3, 4, 5, 6]:
            raise ValueError("tree: one skill tree for each face of the d6")


class Briefing(Record, frozen=True):
    """What a mission asks: its "Mission:" line in the mission booklet."""

    key: Annotated[str, Meta(min_length=1, max_length=40)]
    text: Annotated[str, Meta(min_length=1, max_length=200)]


class Briefings(Record, frozen=True):
    mission: tuple[Briefing, ...]


#: Spec files of the campaign (relative to the ruleset's spec folder) and their types.
SPEC_TYPES: dict[str, type[Record]] = {
    "campaign/campaign.toml": Campaign,
    "campaign/aces.toml": Aces,
    "campaign/leaders.toml": Leaders,
    "campaign/briefings.toml": Briefings,
}


class Tables:
    """Every campaign table, decoded once, with lookups."""

    def __init__(self, root: Path) -> None:
        self.campaign = load(root / "campaign.toml", Campaign)
        self.leaders = load(root / "leaders.toml", Leaders)
        aces = load(root / "aces.toml", Aces)
        self.aces = {k.name: {a.roll: a for a in k.ability} for k in aces.kind}
        self.depot = {d.name: d for d in self.campaign.depot}
        self.trees = {t.roll: t for t in self.leaders.tree}
        self.briefings = {b.key: b.text for b in load(root / "briefings.toml", Briefings).mission}

    def ability(self, kind: Kind, name: str) -> Ability:
        return next(a for a in self.aces[kind].values() if a.name == name)


@cache
def tables() -> Tables:
    """The built-in campaign tables."""
    return Tables(builtin_specs("dockfighters") / "campaign")
