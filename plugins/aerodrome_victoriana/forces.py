"""Building the aircraft and characters of a battle from set-up (or position) data."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from aerodrome.api import Seat, Setup, SpecError
from aerodrome.engine.specs import convert
from aerodrome_victoriana import specs
from aerodrome_victoriana.common import handling_of
from aerodrome_victoriana.options import VictorianaOptions
from aerodrome_victoriana.state import (
    Airman,
    Craft,
    DogfightState,
    copy_covers_state,
    copy_state,
    roster_of,
)

#: A set-up of Victoriana (its options checked to be VictorianaOptions when a game starts).
VSetup = Setup[VictorianaOptions]


def to_setup(spec: specs.SetupSpec) -> VSetup:
    return Setup(
        name=spec.name,
        title=spec.title,
        description=spec.description,
        seats=tuple(Seat(name=s.seat, side=s.key) for s in spec.side),
        options=VictorianaOptions(rules=spec.rules, side=spec.side),
        max_rounds=spec.max_rounds,
    )


def check_options(options: VictorianaOptions, source: str) -> None:
    """Cross-checks naming the field at fault (SpecError)."""
    book = specs.rules()
    if len(options.side) != 2:
        raise SpecError(
            f"{source}: $.side: a dogfight has exactly two sides, got {len(options.side)}"
        )
    if options.side[0].key == options.side[1].key:
        raise SpecError(f"{source}: $.side: the two sides need different keys")
    try:
        book.weather_of(options.rules.weather)
    except KeyError:
        known = ", ".join(w.key for w in book.weather)
        raise SpecError(
            f"{source}: $.rules.weather: unknown weather {options.rules.weather!r} (known: {known})"
        ) from None
    try:
        book.environment_of(options.rules.environment)
    except KeyError:
        known = ", ".join(e.key for e in book.environment)
        raise SpecError(
            f"{source}: $.rules.environment: unknown environment {options.rules.environment!r} (known: {known})"
        ) from None
    for i, side in enumerate(options.side):
        if not side.flight:
            raise SpecError(f"{source}: $.side[{i}].flight: a side needs at least one aircraft")
        if sum(f.count for f in side.flight) > specs.MAX_AIRCRAFT:
            raise SpecError(
                f"{source}: $.side[{i}].flight: a side brings at most {specs.MAX_AIRCRAFT} aircraft"
            )
        for j, f in enumerate(side.flight):
            where = f"{source}: $.side[{i}].flight[{j}]"
            if f.aircraft not in specs.aircraft():
                raise SpecError(
                    f"{where}.aircraft: unknown aircraft {f.aircraft!r} (known: {', '.join(specs.aircraft())})"
                )
            if f.crew not in specs.crew_templates():
                raise SpecError(f"{where}.crew: unknown crew template {f.crew!r}")
            if f.count < 1:
                raise SpecError(f"{where}.count: must be at least 1")
            spec = specs.aircraft()[f.aircraft]
            if f.fitted and not spec.optional_ordnance:
                raise SpecError(f"{where}.fitted: the {spec.name} has no optional ordnance")
            if f.health and (
                len(f.health) != f.count or any(not 0 < h <= spec.health for h in f.health)
            ):
                raise SpecError(f"{where}.health: give one Health per aircraft, 1..{spec.health}")
            if len(f.names) > f.count * len(spec.crew):
                raise SpecError(
                    f"{where}.names: {len(f.names)} names for {f.count * len(spec.crew)} characters"
                )


def build_state(options: VictorianaOptions, source: str) -> DogfightState:
    check_options(options, source)
    book = specs.rules()
    crafts: list[Craft] = []
    airmen: list[Airman] = []
    for side in options.side:
        numbers: dict[str, int] = {}
        for f in side.flight:
            spec = specs.aircraft()[f.aircraft]
            for k in range(f.count):
                numbers[f.aircraft] = numbers.get(f.aircraft, 0) + 1
                cid = len(crafts)
                named = f.pc or f.npc
                label = f"{spec.name} #{numbers[f.aircraft]}"
                if named and f.names:
                    label = f"{spec.name} ({f.names[0].split()[-1]})"
                crew: list[int] = []
                for st, station in enumerate(spec.crew):
                    idx = st + k * len(spec.crew)
                    name = (
                        f.names[idx]
                        if idx < len(f.names)
                        else f"{label} {'/'.join(station.jobs).lower()}"
                    )
                    airmen.append(
                        Airman(
                            id=len(airmen),
                            name=name,
                            craft=cid,
                            station=st,
                            template=f.crew,
                            health=book.character.health,
                        )
                    )
                    crew.append(len(airmen) - 1)
                craft = Craft(
                    id=cid,
                    spec=spec.key,
                    side=side.key,
                    label=label,
                    role=spec.role,
                    named=named,
                    pc=f.pc,
                    special=named or spec.role != "fighter",
                    health=f.health[k] if f.health else spec.health,
                    bombs=tuple(o.count for o in spec.ordnance),
                    optional_bombs=tuple(o.count for o in spec.optional_ordnance)
                    if f.fitted
                    else (),
                    crew=tuple(crew),
                )
                crafts.append(msgspec.structs.replace(craft, handling=handling_of(craft)))
    sides = [s.key for s in options.side]
    return DogfightState(
        rules=options.rules,
        sides=sides,
        crafts=crafts,
        airmen=airmen,
        roster=roster_of(sides, crafts),
        left={s: sum(1 for c in crafts if c.side == s) for s in sides},
        named=[c.id for c in crafts if c.named],
    )


_DECODER = msgspec.msgpack.Decoder(DogfightState)


class Templates:
    """Initial states by set-up (name and options), kept by the ruleset instance: a set-up is
    built and checked once, every game then gets its own copy (:func:`copy_state`: several
    times faster than building)."""

    def __init__(self, limit: int = 256) -> None:
        self._built: dict[tuple[str, VictorianaOptions], DogfightState] = {}
        self._limit = limit

    @staticmethod
    def key(setup: VSetup) -> tuple[str, VictorianaOptions]:
        """What tells set-ups apart: the name and the options (a frozen value)."""
        return setup.name, setup.options

    def state_for(self, setup: VSetup) -> DogfightState:
        key = self.key(setup)
        template = self._built.get(key)
        if template is None:
            template = state_for_setup(setup)
            if len(self._built) >= self._limit:
                self._built.clear()
            self._built[key] = template
        if not copy_covers_state():  # a new mutable field: copy through msgpack
            return _DECODER.decode(msgspec.msgpack.encode(template))
        return copy_state(template)


def state_for_setup(setup: VSetup) -> DogfightState:
    """A new initial state for ``setup`` (checked within bounds, then built): done once per
    set-up (:class:`Templates`), every game then copies it."""
    options = _checked(setup)
    return build_state(options, f"setup {setup.name!r}")


def _checked(setup: VSetup) -> VictorianaOptions:
    """The set-up's options, their bounds checked (a Struct built in code is not validated
    when it is made: a set-up a plugin builds by hand is checked here)."""
    where = f"setup {setup.name!r} options"
    return convert(msgspec.to_builtins(setup.options), VictorianaOptions, where)


class Position(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A position file's ``[position]`` table: the set-up's shape plus the round and the
    Squadron Roll carry-overs."""

    rules: specs.OptionalRules | None = None
    side: tuple[specs.SideSpec, ...] | None = None
    round: specs.Positive = 1
    tactical_carry: dict[str, specs.Dice] = {}
    tactical_dice: dict[str, specs.Dice] = {}


def state_for_position(setup: VSetup, position: Mapping[str, Any], source: str) -> DogfightState:
    pos = convert(position, Position, source)
    base = _checked(setup)
    options = VictorianaOptions(rules=pos.rules or base.rules, side=pos.side or base.side)
    state = build_state(options, source)
    if [s.key for s in options.side] != list(setup.sides):
        raise SpecError(
            f"{source}: $.side: sides {state.sides} differ from the setup's seats {list(setup.sides)}"
        )
    for name, table in (
        ("tactical_carry", pos.tactical_carry),
        ("tactical_dice", pos.tactical_dice),
    ):
        for k, v in table.items():
            if k not in state.sides or v < 0:
                raise SpecError(f"{source}: $.{name}.{k}: needs a side key and a count >= 0")
    last = specs.rules().sortie.rounds
    if not 1 <= pos.round <= last:
        raise SpecError(f"{source}: $.round: must be 1..{last} (the sortie's rounds)")
    state.tactical_carry = dict(pos.tactical_carry)
    state.tactical_dice = dict(pos.tactical_dice)
    return state


def setups() -> Sequence[VSetup]:
    return [to_setup(s) for s in specs.setup_specs()]
