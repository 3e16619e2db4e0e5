"""Spec types of Dogfight 40,000: weapons, flyers, the rule numbers and the setups.

Every number lives in ``specs/df40k/*.toml``; tables the rulebook does not give carry
``assumed = true`` and a reason (the ``Assumed`` mixin).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal, TypeVar, get_args, get_origin

import msgspec
from msgspec import Meta

from aerodrome.api import Record, SpecError
from aerodrome.engine.specs import Assumed, builtin_specs, load, read_mapping, spec_cached
from aerodrome_df40k.limits import (
    CHARACTERISTIC,
    MOUNTS,
    ArmourPiercing,
    ArmourValue,
    Characteristic,
    Face,
    Force,
    GargoylePool,
    Modifier,
    Mounts,
    Name,
    Points,
    Shots,
    Strength,
    Title,
    ToHit,
    Turns,
    readable,
)

RULESET = "df40k"

T = TypeVar("T")

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
    strength: Strength
    ap: ArmourPiercing
    shots: Shots
    kind: WeaponKind

    @property
    def one_shot(self) -> bool:
        return self.kind != "gun"


class WeaponsFile(Record, frozen=True, kw_only=True):
    weapon: dict[Name, Weapon]


class Mount(Record, frozen=True, kw_only=True):
    """A weapon on a flyer: which profile, where it points, twin-linked or not."""

    weapon: Name
    facing: Facing
    twin_linked: bool = False
    count: Mounts = 1


class Armour(Record, frozen=True, kw_only=True):
    front: ArmourValue
    side: ArmourValue
    rear: ArmourValue


class Flyer(Assumed, frozen=True, kw_only=True):
    title: Title
    race: Name
    bs: Characteristic
    initiative: Characteristic
    armour: Armour
    weapons: Annotated[tuple[Mount, ...], Meta(max_length=MOUNTS)]
    points: Points = 100
    large: bool = False
    damage_table: Name = "vehicle"


class FlyersFile(Record, frozen=True, kw_only=True):
    flyer: dict[Name, Flyer]


class OrderModifiers(Assumed, frozen=True, kw_only=True, rename="kebab"):
    intercept: Modifier
    escort: Modifier
    ground_support: Modifier = 0
    disengage: Modifier = 0

    def of(self, order: str) -> int:
        if order == "intercept":
            return self.intercept
        if order == "escort":
            return self.escort
        if order == "ground-support":
            return self.ground_support
        return self.disengage


class CarriedModifiers(Assumed, frozen=True, kw_only=True, rename="kebab"):
    rocket: Modifier
    big_bomb: Modifier
    bomb: Modifier
    gun: Modifier = 0

    def of(self, kind: str) -> int:
        return {"rocket": self.rocket, "big-bomb": self.big_bomb, "bomb": self.bomb}.get(kind, 0)


class Waaagh(Record, frozen=True, kw_only=True):
    race: Name
    initiative_multiplier: Annotated[int, Meta(ge=1, le=2)]
    orders: tuple[OrderKind, ...]


class Gargoyles(Record, frozen=True, kw_only=True):
    race: Name
    success: Face


class DogfightRules(Record, frozen=True, kw_only=True):
    die: Annotated[int, Meta(ge=2, le=20)]
    extra_attacker_bonus: Annotated[int, Meta(ge=0, le=6)]
    extra_attacker_dice: Annotated[int, Meta(ge=0, le=6)]
    orders: OrderModifiers
    carried: CarriedModifiers
    waaagh: Waaagh
    gargoyles: Gargoyles


class Shooting(Assumed, frozen=True, kw_only=True):
    to_hit: Annotated[tuple[ToHit, ...], Meta(min_length=1, max_length=CHARACTERISTIC + 1)]

    def needed(self, bs: int) -> int:
        return self.to_hit[min(max(bs, 0), len(self.to_hit) - 1)]


class Scatter(Assumed, frozen=True, kw_only=True):
    hit_faces: Annotated[tuple[Face, ...], Meta(max_length=6)]


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
    turns: Turns
    first_order_turn: Turns
    ground_run_drops_bombs: bool

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.first_order_turn > self.turns:
            raise ValueError(
                f"first_order_turn {self.first_order_turn} is after the last turn ({self.turns})"
            )


class RulesFile(Record, frozen=True, kw_only=True):
    dogfight: DogfightRules
    shooting: Shooting
    scatter: Scatter
    damage: dict[Name, DamageTable]
    battle: Battle


class SetupSpec(Assumed, frozen=True, kw_only=True):
    """A match-up. One printed in the rulebook (the worked example's forces) stays as
    printed; any other is a stand-in (``assumed = true``) whose forces are matched so that
    bot-vs-bot battles are balanced (docs/rules/df40k.md, table of set-ups)."""

    name: Name
    title: Title
    sides: tuple[Name, Name]
    forces: tuple[Force, Force]
    description: str = ""
    gargoyles: tuple[GargoylePool, GargoylePool] = (0, 0)
    turns: Turns | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.sides[0] == self.sides[1]:
            raise ValueError(f"the two sides are both called {self.sides[0]!r}")


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
        self.weapons = _load(root / "weapons.toml", WeaponsFile).weapon
        self.flyers = _load(root / "flyers.toml", FlyersFile).flyer
        self.rules = _load(root / "rules.toml", RulesFile)
        self.setups = _load(root / "setups.toml", SetupsFile).setup
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
        self._carried: dict[tuple[str, tuple[int, ...], tuple[int, ...]], tuple[str, ...]] = {}

    def carried(self, ftype: str, spent: tuple[int, ...], lost: tuple[int, ...]) -> tuple[str, ...]:
        """The kinds of one-shot ordnance (:data:`EJECTABLE`, in that order) a flyer of type
        ``ftype`` still carries with these weapon slots ``spent`` and ``lost``: each kind
        gives its DF modifier once (df40k.dogfight.3) and may be ejected (df40k.victory.12)."""
        key = (ftype, spent, lost)
        got = self._carried.get(key)
        if got is None:
            kinds = {
                self.weapons[m.weapon].kind
                for slot, m in enumerate(self.mounts[ftype])
                if slot not in spent and slot not in lost
            }
            got = self._carried[key] = tuple(k for k in EJECTABLE if k in kinds)
        return got


def _load(path: Path, type_: type[T]) -> T:
    """:func:`aerodrome.engine.specs.load`, but an error inside a named table (``[flyer.harpy]``)
    names the entry (``$.flyer.harpy.bs``) where msgspec writes ``$.flyer[...].bs``."""
    try:
        return load(path, type_)
    except SpecError as exc:
        if "[...]" not in str(exc):
            raise SpecError(readable(str(exc))) from None
        raw = read_mapping(path)
        for field in msgspec.structs.fields(type_):  # type: ignore[arg-type]
            table = raw.get(field.encode_name)
            if get_origin(field.type) is not dict or not isinstance(table, dict):
                continue
            key_type, entry_type = get_args(field.type)
            for name, entry in table.items():
                where = f"`$.{field.encode_name}.{name}"
                for value, kind in ((name, key_type), (entry, entry_type)):
                    try:
                        msgspec.convert(value, kind, strict=True)
                    except msgspec.ValidationError as bad:
                        message = str(bad).replace("`$", where, 1)
                        raise SpecError(f"{path}: {readable(message)}") from None
        raise SpecError(readable(str(exc))) from None


@spec_cached
def builtin() -> Specs:
    """The built-in specs (``specs/df40k``)."""
    return Specs(builtin_specs(RULESET))
