"""Spec types of Dogfight 40,000: weapons, flyers, the rule numbers and the setups.

Every number lives in ``specs/df40k/*.toml``; tables the rulebook does not give carry
``assumed = true`` and a reason (the ``Assumed`` mixin).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

from aerodrome.data import Record
from aerodrome.errors import SpecError
from aerodrome.specs import Assumed, builtin_specs, load

RULESET = "df40k"

WeaponKind = Literal["gun", "rocket", "bomb", "big-bomb"]
Facing = Literal["front", "rear", "hull"]
OrderKind = Literal["intercept", "ground-support", "escort", "disengage"]
Effect = Literal[
    "crew-shaken",
    "crew-stunned",
    "pilot-stunned",
    "weapon-destroyed",
    "immobilised",
    "destroyed",
]

#: Damage results that stop a flyer shooting and taking Intercept orders next turn.
CREW_RESULTS: frozenset[str] = frozenset({"crew-shaken", "crew-stunned", "pilot-stunned"})
#: Kinds of ordnance a Disengaging flyer may eject (df40k.victory.12).
EJECTABLE: tuple[str, ...] = ("rocket", "bomb", "big-bomb")


class Weapon(Assumed, frozen=True, kw_only=True):
    strength: int
    ap: int
    shots: int
    kind: WeaponKind

    @property
    def one_shot(self) -> bool:
        return self.kind != "gun"


class WeaponsFile(Record, frozen=True, kw_only=True):
    weapon: dict[str, Weapon]


class Mount(Record, frozen=True, kw_only=True):
    """A weapon on a flyer: which profile, where it points, twin-linked or not."""

    weapon: str
    facing: Facing
    twin_linked: bool = False
    count: int = 1


class Armour(Record, frozen=True, kw_only=True):
    front: int
    side: int
    rear: int


class Flyer(Assumed, frozen=True, kw_only=True):
    title: str
    race: str
    bs: int
    initiative: int
    armour: Armour
    weapons: tuple[Mount, ...]
    points: int = 100
    large: bool = False
    damage_table: str = "vehicle"


class FlyersFile(Record, frozen=True, kw_only=True):
    flyer: dict[str, Flyer]


class OrderModifiers(Assumed, frozen=True, kw_only=True, rename="kebab"):
    intercept: int
    escort: int
    ground_support: int = 0
    disengage: int = 0

    def of(self, order: str) -> int:
        if order == "intercept":
            return self.intercept
        if order == "escort":
            return self.escort
        if order == "ground-support":
            return self.ground_support
        return self.disengage


class CarriedModifiers(Assumed, frozen=True, kw_only=True, rename="kebab"):
    rocket: int
    big_bomb: int
    bomb: int
    gun: int = 0

    def of(self, kind: str) -> int:
        return {"rocket": self.rocket, "big-bomb": self.big_bomb, "bomb": self.bomb}.get(kind, 0)


class Waaagh(Record, frozen=True, kw_only=True):
    race: str
    initiative_multiplier: int
    orders: tuple[str, ...]


class Gargoyles(Record, frozen=True, kw_only=True):
    race: str
    success: int


class DogfightRules(Record, frozen=True, kw_only=True):
    die: int
    extra_attacker_bonus: int
    extra_attacker_dice: int
    orders: OrderModifiers
    carried: CarriedModifiers
    waaagh: Waaagh
    gargoyles: Gargoyles


class Shooting(Assumed, frozen=True, kw_only=True):
    to_hit: tuple[int, ...]

    def needed(self, bs: int) -> int:
        return self.to_hit[min(max(bs, 0), len(self.to_hit) - 1)]


class Scatter(Assumed, frozen=True, kw_only=True):
    hit_faces: tuple[int, ...]


class DamageTable(Assumed, frozen=True, kw_only=True):
    glancing: tuple[Effect, ...]
    penetrating: tuple[Effect, ...]
    no_weapon_left: Effect
    immobilised_flyer_destroyed: bool

    def __post_init__(self) -> None:
        super().__post_init__()
        if len(self.glancing) != 6 or len(self.penetrating) != 6:
            raise ValueError("a damage table needs one result per face of a d6")


class Battle(Assumed, frozen=True, kw_only=True):
    turns: int
    first_order_turn: int
    ground_run_drops_bombs: bool


class RulesFile(Record, frozen=True, kw_only=True):
    dogfight: DogfightRules
    shooting: Shooting
    scatter: Scatter
    damage: dict[str, DamageTable]
    battle: Battle


class SetupSpec(Record, frozen=True, kw_only=True):
    name: str
    title: str
    sides: tuple[str, str]
    forces: tuple[tuple[str, ...], tuple[str, ...]]
    description: str = ""
    gargoyles: tuple[int, int] = (0, 0)
    turns: int | None = None


class SetupsFile(Record, frozen=True, kw_only=True):
    setup: tuple[SetupSpec, ...]


SPEC_TYPES: dict[str, type[Record]] = {
    "weapons.toml": WeaponsFile,
    "flyers.toml": FlyersFile,
    "rules.toml": RulesFile,
    "setups.toml": SetupsFile,
}


class Specs:
    """All spec files of the ruleset, loaded once and cross-checked."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.weapons = load(root / "weapons.toml", WeaponsFile).weapon
        self.flyers = load(root / "flyers.toml", FlyersFile).flyer
        self.rules = load(root / "rules.toml", RulesFile)
        self.setups = load(root / "setups.toml", SetupsFile).setup
        for name, flyer in self.flyers.items():
            for i, mount in enumerate(flyer.weapons):
                if mount.weapon not in self.weapons:
                    raise SpecError(
                        f"{root / 'flyers.toml'}: $.flyer.{name}.weapons[{i}].weapon: "
                        f"unknown weapon {mount.weapon!r}"
                    )
            if flyer.damage_table not in self.rules.damage:
                raise SpecError(
                    f"{root / 'flyers.toml'}: $.flyer.{name}.damage_table: "
                    f"unknown table {flyer.damage_table!r}"
                )
        for j, setup in enumerate(self.setups):
            for side, force in enumerate(setup.forces):
                for k, ftype in enumerate(force):
                    if ftype not in self.flyers:
                        raise SpecError(
                            f"{root / 'setups.toml'}: $.setup[{j}].forces[{side}][{k}]: "
                            f"unknown flyer {ftype!r}"
                        )
        #: Expanded mounts per flyer type (``count`` unrolled).
        self.mounts: dict[str, tuple[Mount, ...]] = {
            name: tuple(m for m in flyer.weapons for _ in range(m.count))
            for name, flyer in self.flyers.items()
        }

    def weapon_of(self, ftype: str, slot: int) -> Weapon:
        return self.weapons[self.mounts[ftype][slot].weapon]


@cache
def builtin() -> Specs:
    """The built-in specs (``specs/df40k``)."""
    return Specs(builtin_specs(RULESET))
