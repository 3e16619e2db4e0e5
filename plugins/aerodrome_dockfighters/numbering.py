"""Dockfighters for learning agents (issue 17): a fixed numbering of every action a set-up's
decisions can offer, and an observation as a fixed-length list of numbers.

The numbering is a list of segments, one per action type in a fixed order, each a mixed-radix
number over the action's fields; the radices come from the set-up (:class:`Capacity`: its
aircraft, their weapon mounts and loads, its ground targets, the speeds of its datasheets).
The observation vector has fixed slots for every ruleset-wide bound (40 aircraft, 30 ground
targets...), documented slot by slot in ``docs/rules/dockfighters.md``.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from aerodrome_dockfighters import challenges
from aerodrome_dockfighters.board import board, zone_cells
from aerodrome_dockfighters.options import SIDES, DfSetup, options_of
from aerodrome_dockfighters.specs import builtin
from aerodrome_dockfighters.state import (
    GROUND,
    Activate,
    Attack,
    ChooseValue,
    Declare,
    Deploy,
    DfAction,
    HoldFire,
    Jettison,
    LayMine,
    Manoeuvre,
    Place,
    PlaceToken,
    Plan,
    Release,
    Repair,
    Undock,
)
from aerodrome_dockfighters.view import DfView

TOKENS = ("cloud", "objective", "ground")
ROLES = ("recon", "agent")
LATERAL = (".", "L", "R", "FL", "FR", "RL", "RR")
VERTICAL = (".", "+", "-")
#: Plan templates: -5 Tesla coil, -4 stay, -3 take off, -2 land, -1 Immelmann, 0-4 agility.
TEMPLATES = range(-5, 5)
CLIMBS = range(-2, 3)
ALTITUDES = range(1, 6)
#: Aircraft a mission adds by itself, at most: D2 recon planes, a recon or a cargo airship.
MISSION_AIRCRAFT = {"recon-escort": 2, "flying-eye": 1, "cargo-escort": 1}
#: The Airstrip Visit's runway: five hexes, each a ground target.
RUNWAY = 5


@dataclass(frozen=True)
class Capacity:
    """The bounds of a set-up's actions: aircraft ids, weapon mounts and loads per aircraft,
    ground targets, speeds."""

    aircraft: int
    mounts: int
    loads: int
    ground: int
    speeds: tuple[int, int]


def capacity(setup: DfSetup) -> Capacity:
    """The bounds of ``setup`` from its options and the specs (dice never raise them)."""
    specs = builtin()
    options = options_of(setup)
    count = mounts = loads = 0
    sheets = []
    for p, force in enumerate(options.forces):
        side = SIDES[p]
        for sortie in force:
            ds = specs.aircraft[sortie.datasheet]
            sheets.append(ds)
            count += 1
            if ds.klass == "airship":
                mounts = max(mounts, len(specs.fitted_mounts(ds.name, tuple(sortie.loads))))
                docked = sortie.loads.count("dockfighter")
                count += docked
                if docked:
                    sheets.append(_hangar(side, "dockfighter"))
            else:
                loads = max(loads, len(sortie.loads))
        extra = MISSION_AIRCRAFT.get(options.missions[p], 0)
        count += extra
        if extra:
            sheets += [
                _hangar(side, "standard fighter"),
                _hangar(side, "airship"),
                specs.aircraft["Albatross"],
            ]
    league, targets, flown = challenges.capacity(options.missions)  # the ace challenges' League
    count += league
    sheets += [specs.aircraft[name] for name in flown]
    mounts = max([mounts, *(len(ds.weapons) for ds in sheets)])
    ground = (RUNWAY if options.missions[0] == "airstrip-visit" else 0) + targets
    for p, key in enumerate(options.missions):
        mission = specs.missions[key]
        if mission.ground_points and (key != "airstrip-visit" or p == 0):
            ground += mission.ground_points
    lo = min([0, *(ds.min_speed for ds in sheets)])
    hi = max(ds.max_speed for ds in sheets) + 1  # a recon plane flies 1 faster
    return Capacity(aircraft=count, mounts=mounts, loads=loads, ground=ground, speeds=(lo, hi))


def _hangar(side: str, klass: str) -> Any:
    specs = builtin()
    return specs.aircraft[
        next(a.name for a in specs.hangar.aircraft if a.faction == side and a.klass == klass)
    ]


class Numbering:
    """The fixed numbering of one set-up's actions."""

    def __init__(self, setup: DfSetup) -> None:
        cap = self.capacity = capacity(setup)
        specs = builtin()
        b = board(specs.board.width, specs.board.height)
        self.cells = b.size
        self.zone = [*zone_cells(b, 0), *zone_cells(b, 1)]
        self.zone_index = {c: i for i, c in enumerate(self.zone)}
        lo, hi = cap.speeds
        self.speeds = range(lo, hi + 1)
        A, T = cap.aircraft, cap.aircraft + cap.ground
        #: (type, sizes of its fields): the segments in order.
        self.segments: list[tuple[type, tuple[int, ...]]] = [
            (Place, (A, len(self.zone))),
            (Deploy, (A, len(self.zone), len(ALTITUDES), len(self.speeds))),
            (PlaceToken, (len(TOKENS), self.cells)),
            (ChooseValue, (3,)),
            (Declare, (A, len(ROLES))),
            (Activate, (A,)),
            (Plan, (A, len(TEMPLATES), len(self.speeds), len(CLIMBS))),
            (Manoeuvre, (A, len(LATERAL), len(VERTICAL))),
            (Attack, (A, T, 1 << cap.mounts, 1 << cap.loads)),
            (HoldFire, (A,)),
            (Repair, (A,)),
            (Jettison, (A,)),
            (Release, (A, cap.loads)),
            (Undock, (A, self.cells)),
            (LayMine, (A, self.cells)),
        ]
        self.start: dict[type, int] = {}
        total = 0
        for kind, sizes in self.segments:
            self.start[kind] = total
            total += _product(sizes)
        self.count = total

    # -- action -> number ---------------------------------------------------------------------
    def number(self, action: DfAction) -> int:
        kind = type(action)
        sizes = dict(self.segments)[kind]
        digits = self._digits(action)
        n = 0
        for digit, size in zip(digits, sizes, strict=True):
            if not 0 <= digit < size:
                raise ValueError(f"{action.describe()} is outside the numbering of this set-up")
            n = n * size + digit
        return self.start[kind] + n

    def _digits(self, x: DfAction) -> tuple[int, ...]:
        lo = self.speeds.start
        if isinstance(x, Place):
            return x.aircraft, self.zone_index.get(x.cell, -1)
        if isinstance(x, Deploy):
            return x.aircraft, self.zone_index.get(x.cell, -1), x.altitude - 1, x.speed - lo
        if isinstance(x, PlaceToken):
            return TOKENS.index(x.kind), x.cell
        if isinstance(x, ChooseValue):
            return (x.value - 1,)
        if isinstance(x, Declare):
            return x.aircraft, ROLES.index(x.role)
        if isinstance(x, Plan):
            return x.aircraft, x.template - TEMPLATES.start, x.speed - lo, x.climb - CLIMBS.start
        if isinstance(x, Manoeuvre):
            return x.aircraft, LATERAL.index(x.lateral), VERTICAL.index(x.vertical)
        if isinstance(x, Attack):
            target = x.target if x.target < GROUND else self.capacity.aircraft + x.target - GROUND
            return x.aircraft, target, _mask(x.mounts), _mask(x.loads)
        if isinstance(x, Release):
            return x.aircraft, x.load
        if isinstance(x, Undock | LayMine):
            return x.aircraft, x.cell
        return (x.aircraft,)  # Activate, HoldFire, Repair, Jettison

    # -- number -> action ---------------------------------------------------------------------
    def action(self, index: int) -> DfAction:
        if not 0 <= index < self.count:
            raise ValueError(f"action number {index} is outside 0..{self.count - 1}")
        for kind, sizes in reversed(self.segments):
            if index >= self.start[kind]:
                action: DfAction = _BUILD[kind](self, _split(index - self.start[kind], sizes))
                return action
        raise AssertionError("unreachable")


def _product(sizes: Sequence[int]) -> int:
    n = 1
    for s in sizes:
        n *= s
    return n


def _split(n: int, sizes: Sequence[int]) -> tuple[int, ...]:
    out = []
    for size in reversed(sizes):
        n, digit = divmod(n, size)
        out.append(digit)
    return tuple(reversed(out))


def _mask(indices: tuple[int, ...]) -> int:
    return sum(1 << i for i in indices)


def _unmask(mask: int) -> tuple[int, ...]:
    return tuple(i for i in range(mask.bit_length()) if mask >> i & 1)


def _target(nb: Numbering, t: int) -> int:
    return t if t < nb.capacity.aircraft else GROUND + t - nb.capacity.aircraft


_BUILD: dict[type, Callable[[Numbering, tuple[int, ...]], Any]] = {
    Place: lambda nb, d: Place(aircraft=d[0], cell=nb.zone[d[1]]),
    Deploy: lambda nb, d: Deploy(
        aircraft=d[0], cell=nb.zone[d[1]], altitude=d[2] + 1, speed=nb.speeds[d[3]]
    ),
    PlaceToken: lambda nb, d: PlaceToken(kind=TOKENS[d[0]], cell=d[1]),
    ChooseValue: lambda nb, d: ChooseValue(value=d[0] + 1),
    Declare: lambda nb, d: Declare(aircraft=d[0], role=ROLES[d[1]]),
    Activate: lambda nb, d: Activate(aircraft=d[0]),
    Plan: lambda nb, d: Plan(
        aircraft=d[0], template=TEMPLATES[d[1]], speed=nb.speeds[d[2]], climb=CLIMBS[d[3]]
    ),
    Manoeuvre: lambda nb, d: Manoeuvre(
        aircraft=d[0], lateral=LATERAL[d[1]], vertical=VERTICAL[d[2]]
    ),
    Attack: lambda nb, d: Attack(
        aircraft=d[0], target=_target(nb, d[1]), mounts=_unmask(d[2]), loads=_unmask(d[3])
    ),
    HoldFire: lambda nb, d: HoldFire(aircraft=d[0]),
    Repair: lambda nb, d: Repair(aircraft=d[0]),
    Jettison: lambda nb, d: Jettison(aircraft=d[0]),
    Release: lambda nb, d: Release(aircraft=d[0], load=d[1]),
    Undock: lambda nb, d: Undock(aircraft=d[0], cell=d[1]),
    LayMine: lambda nb, d: LayMine(aircraft=d[0], cell=d[1]),
}


# -- the observation as numbers -----------------------------------------------------------------
#: Slots of the observation vector (ruleset-wide bounds, as for position files).
AIRCRAFT_SLOTS, GROUND_SLOTS, OBJECTIVE_SLOTS, CLOUD_SLOTS, ACM_SLOTS, MINE_SLOTS = (
    40,
    30,
    10,
    20,
    8,
    12,
)
STATUSES = ("flying", "docked", "landed", "grounded", "destroyed", "left", "missing")
ACTIVATIONS = ("waiting", "moving", "moved", "firing", "fired")
OBJECTIVE_KINDS = ("recon", "candidate", "meeting", "not", "train", "stopped", "gone")
AIRCRAFT_ROLES = ("recon", "agent", "cargo")
AIRCRAFT_FEATURES = 2 + 2 + 6 + 5 + len(STATUSES) + len(ACTIVATIONS) + len(AIRCRAFT_ROLES) + 1
GROUND_FEATURES = 9
OBJECTIVE_FEATURES = 5 + len(OBJECTIVE_KINDS)
CLOUD_FEATURES = 6
ACM_FEATURES = 4
MINE_FEATURES = 3


def _scale(value: int, top: int) -> float:
    """``value / top``, kept within -1..1.5."""
    return max(-1.0, min(1.5, value / top))


def _one_hot(value: Any, options: Sequence[Any]) -> list[float]:
    return [1.0 if value == o else 0.0 for o in options]


class Numbers(list[float]):
    """An observation vector's numbers with the same numbers packed as native float32
    (``f32``): a learning environment takes the packing as it is instead of packing 1,878
    numbers again (:mod:`aerodrome.bridges.rl.translate`)."""

    __slots__ = ("f32",)

    f32: bytes


#: The numbers of the aircraft of the last view encoded, by slot: (record, board width,
#: height, numbers, the numbers packed), reused while the view's aircraft at that slot is
#: equal to the record (an equality test of frozen records in C, cheaper than hashing them
#: for a memo: issue 40); and the whole block of the last view's aircraft.
_slots: list[tuple[Any, int, int, tuple[float, ...], bytes]] = []
_last_block: list[tuple[Any, int, int, list[float], bytes]] = [
    (None, 0, 0, [], b"")
]  # replaced whole
_padding: dict[int, tuple[float, ...]] = {}
_packers: dict[int, struct.Struct] = {}


def _zeros(n: int) -> tuple[float, ...]:
    """``n`` zeros (the padding of empty slots), made once per length."""
    got = _padding.get(n)
    if got is None:
        got = _padding[n] = (0.0,) * n
    return got


def _pack(numbers: Sequence[float]) -> bytes:
    """``numbers`` as native float32."""
    n = len(numbers)
    packer = _packers.get(n)
    if packer is None:
        packer = _packers[n] = struct.Struct(f"={n}f")
    return packer.pack(*numbers)


def _aircraft_block(
    aircraft: tuple[Any, ...], width: int, height: int
) -> tuple[list[float], bytes]:
    """The numbers of the aircraft slots in use, and their packing (the last view's reused
    where an aircraft is equal to the one in its slot then)."""
    last = _last_block[0]
    if last[0] == aircraft and last[1] == width and last[2] == height:
        return last[3], last[4]
    shown = aircraft[:AIRCRAFT_SLOTS]
    slots = _slots
    if len(slots) < len(shown):
        slots.extend([_NO_SLOT] * (len(shown) - len(slots)))
    numbers: list[float] = []
    packed: list[bytes] = []
    for i, a in enumerate(shown):
        slot = slots[i]
        if slot[0] == a and slot[1] == width and slot[2] == height:
            numbers += slot[3]
            packed.append(slot[4])
        else:
            got = _aircraft(a, width, height)
            f32 = _pack(got)
            slots[i] = (a, width, height, got, f32)
            numbers += got
            packed.append(f32)
    block = b"".join(packed)
    _last_block[0] = (aircraft, width, height, numbers, block)
    return numbers, block


def _aircraft(a: Any, width: int, height: int) -> tuple[float, ...]:
    """The numbers of one aircraft on a board ``width`` × ``height``."""
    specs = builtin()
    ds = specs.aircraft[a.datasheet]
    w, h = width - 1, height - 1
    on = a.cell >= 0
    return (
        1.0,
        float(a.player),
        (a.cell % width) / w if on else -1.0,
        (a.cell // width) / h if on else -1.0,
        *_ONE_HOT_6.get(a.facing, _NONE_6),
        a.altitude / specs.tables.max_altitude,
        a.speed / 10,
        (ds.structure - a.damage) / ds.structure,
        a.experience / 3,
        len(a.loads) / 4,
        *_STATUS.get(a.status, _NO_STATUS),
        *_ACTIVATION.get(a.activation, _NO_ACTIVATION),
        *_ROLE.get(a.role, _NO_ROLE),
        sum(a.ammo) / (2 * len(a.ammo)) if a.ammo else 0.0,
    )


def observation_vector(view: DfView) -> Numbers:
    """``view`` as numbers (see docs/rules/dockfighters.md, "The observation as numbers"),
    with their float32 packing (:class:`Numbers`). Each section after the table (the
    squadrons, the aircraft, the ground targets, objectives, clouds, ACMs and mines) is the
    last view's while its records are equal (:func:`_kept`)."""
    width, height = view.width, view.height
    out = Numbers(
        [
            min(view.turn, 30) / 30,
            view.last_turn / 30,
            float(view.initiative),
            view.cloud_speed / 3,
            *_ONE_HOT_4.get(view.weather, _NONE_4),
            *_ONE_HOT_6.get(view.wind, _NONE_6),
            1.0 if view.fire_mark >= 0 else 0.0,
            1.0 if view.over else 0.0,
        ]
    )
    chunks = [b""]  # the table's packing, made when the table is complete
    _kept(out, chunks, "squadrons", view.squadrons, width, height, _squadrons, 0, 0)
    move = view.move
    out += (
        [1.0, move.aircraft / AIRCRAFT_SLOTS, move.index / 4, move.speed / 10]
        if move
        else [0.0] * 4
    )
    chunks[0] = _pack(out)
    numbers, f32 = _aircraft_block(view.aircraft, width, height)
    out += numbers
    chunks.append(f32)
    _pad(out, chunks, AIRCRAFT_FEATURES * max(0, AIRCRAFT_SLOTS - len(view.aircraft)))
    _kept(
        out, chunks, "ground", view.ground, width, height, _grounds, GROUND_SLOTS, GROUND_FEATURES
    )
    _kept(
        out,
        chunks,
        "objectives",
        view.objectives,
        width,
        height,
        _objectives,
        OBJECTIVE_SLOTS,
        OBJECTIVE_FEATURES,
    )
    _kept(out, chunks, "clouds", view.clouds, width, height, _clouds, CLOUD_SLOTS, CLOUD_FEATURES)
    _kept(out, chunks, "acms", view.acms, width, height, _acms, ACM_SLOTS, ACM_FEATURES)
    _kept(out, chunks, "mines", view.mines, width, height, _mines, MINE_SLOTS, MINE_FEATURES)
    out.f32 = b"".join(chunks)
    return out


def _one_hots(options: Sequence[Any]) -> tuple[dict[Any, tuple[float, ...]], tuple[float, ...]]:
    """Each option's :func:`_one_hot` numbers (made once, looked up at every view), and the
    zeros of a value that is none of them."""
    return {v: tuple(_one_hot(v, options)) for v in options}, (0.0,) * len(options)


_ONE_HOT_4, _NONE_4 = _one_hots(range(4))
_ONE_HOT_6, _NONE_6 = _one_hots(range(6))
_STATUS, _NO_STATUS = _one_hots(STATUSES)
_ACTIVATION, _NO_ACTIVATION = _one_hots(ACTIVATIONS)
_ROLE, _NO_ROLE = _one_hots(AIRCRAFT_ROLES)
#: The last view's numbers of each section: (records, board width, height, numbers, their
#: packing), by section.
_sections: dict[str, tuple[Any, int, int, list[float], bytes]] = {}
Section = Callable[[Sequence[Any], int, int], list[float]]


def _kept(
    out: list[float],
    chunks: list[bytes],
    name: str,
    items: Sequence[Any],
    width: int,
    height: int,
    numbers: Section,
    cap: int,
    features: int,
) -> None:
    """Section ``name``'s numbers onto ``out`` (its first ``cap`` items, then the padding of
    the empty slots; every item when ``cap`` is 0) and their packing onto ``chunks`` (the
    squadrons' packing goes with the table's: not onto ``chunks``): the last view's while
    its items are equal (frozen records compared in C: issue 40)."""
    last = _sections.get(name)
    if last is not None and last[1] == width and last[2] == height and last[0] == items:
        got, f32 = last[3], last[4]
    else:
        got = numbers(items[:cap] if cap else items, width, height)
        pad = features * max(0, cap - len(items))
        if pad:
            got += _zeros(pad)
        f32 = _pack(got) if cap else b""
        _sections[name] = (items, width, height, got, f32)
    out += got
    if cap:
        chunks.append(f32)


def _squadrons(squadrons: Sequence[Any], width: int, height: int) -> list[float]:
    missions = _missions()
    out: list[float] = []
    for sq in squadrons:
        out += [
            _scale(sq.fame, 20),
            _scale(sq.kills, 10),
            _scale(sq.losses, 10),
            _scale(sq.ground_kills, 10),
            *_one_hot(sq.mission, missions),
        ]
    return out


def _missions() -> list[str]:
    """The ruleset's missions in order (their one-hot slots)."""
    return sorted(builtin().missions)


def _grounds(ground: Sequence[Any], width: int, height: int) -> list[float]:
    w, h = width - 1, height - 1
    out: list[float] = []
    for g in ground:
        on = g.cell >= 0
        out += [
            1.0,
            (g.cell % width) / w if on else -1.0,
            (g.cell // width) / h if on else -1.0,
            g.damage / g.structure if g.structure else 0.0,
            1.0 if g.damage >= g.structure else 0.0,
            *_one_hot(g.hostile_to, (0, 1)),
            1.0 if any(g.dice) else 0.0,
            1.0 if g.mobile else 0.0,
        ]
    return out


def _objectives(objectives: Sequence[Any], width: int, height: int) -> list[float]:
    w, h = width - 1, height - 1
    out: list[float] = []
    for o in objectives:
        on = o.cell >= 0
        out += [
            1.0,
            (o.cell % width) / w if on else -1.0,
            (o.cell // width) / h if on else -1.0,
            float(o.owner),
            1.0 if o.done else 0.0,
            *_one_hot(o.kind, OBJECTIVE_KINDS),
        ]
    return out


def _clouds(clouds: Sequence[Any], width: int, height: int) -> list[float]:
    w, h = width - 1, height - 1
    out: list[float] = []
    for c in clouds:
        placed = c.col >= 0 or bool(c.cells)
        out += [
            1.0,
            1.0 if placed else 0.0,
            c.col / w if c.col >= 0 else -1.0,
            c.row / h if c.row >= 0 else -1.0,
            c.size / 7,
            min(c.smoke, 5) / 5,
        ]
    return out


def _acms(acms: Sequence[Any], width: int, height: int) -> list[float]:
    w, h = width - 1, height - 1
    out: list[float] = []
    for x in acms:
        on = x.cell >= 0
        out += [
            1.0,
            (x.cell % width) / w if on else -1.0,
            (x.cell // width) / h if on else -1.0,
            x.facing / 5,
        ]
    return out


def _mines(mines: Sequence[Any], width: int, height: int) -> list[float]:
    w, h = width - 1, height - 1
    out: list[float] = []
    for m in mines:
        out += [1.0, (m.cell % width) / w, (m.cell // width) / h]
    return out


def _pad(out: list[float], chunks: list[bytes], pad: int) -> None:
    """``pad`` zeros onto ``out``, packed onto ``chunks``."""
    if pad:
        out += _zeros(pad)
        chunks.append(_zero_bytes(pad))


def _zero_bytes(n: int) -> bytes:
    """``n`` float32 zeros, made once per length."""
    got = _zero_packed.get(n)
    if got is None:
        got = _zero_packed[n] = bytes(4 * n)
    return got


_zero_packed: dict[int, bytes] = {}
_NO_SLOT: tuple[Any, int, int, tuple[float, ...], bytes] = (None, 0, 0, (), b"")


def vector_length() -> int:
    """The length of every observation vector."""
    return (
        16
        + 2 * (4 + len(builtin().missions))
        + 4
        + AIRCRAFT_FEATURES * AIRCRAFT_SLOTS
        + GROUND_FEATURES * GROUND_SLOTS
        + OBJECTIVE_FEATURES * OBJECTIVE_SLOTS
        + CLOUD_FEATURES * CLOUD_SLOTS
        + ACM_FEATURES * ACM_SLOTS
        + MINE_FEATURES * MINE_SLOTS
    )
