"""Position files: a referee sets up any situation from a TOML ``[position]`` table.

```toml
[position]
turn = 3            # optional, default 1
initiative = 0      # player holding the initiative
weather = "broken"  # clear skies | broken | rain | thunderstorm
wind = 2            # facing the clouds move towards
[[position.aircraft]]
datasheet = "Fw-802 E-1 Hawk"
player = 0
experience = "green"
col = 5
row = 10
facing = "N"        # SE NE N NW SW S
altitude = 3
speed = 4
damage = 0          # optional
loads = []          # optional
[[position.clouds]]
col = 8
row = 8
size = 7
[[position.ground]]          # a ground target: its value list and d6 roll
value = 1
roll = 6
col = 9
row = 12
hostile_to = 0               # the squadron it fights (-1: both)
[[position.objectives]]
col = 4
row = 9
owner = 0
kind = "recon"               # recon | candidate | meeting | train
```

An aircraft may also give ``systems`` (an airship's docking-point systems), ``role``
(recon, agent, cargo), ``status`` (flying, landed, grounded), ``ammo`` (per weapon: 0 full,
1 half, 2 empty), ``gear_damaged`` and ``wounded``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

import msgspec

from aerodrome.api import Setup, SpecError
from aerodrome.engine.specs import convert
from aerodrome_dockfighters.board import FACING_NAMES
from aerodrome_dockfighters.docking import fit
from aerodrome_dockfighters.ground import place
from aerodrome_dockfighters.missions import check_mission_values
from aerodrome_dockfighters.options import SIDES, bot_seats
from aerodrome_dockfighters.rules import check_loads, max_speed, min_speed
from aerodrome_dockfighters.specs import EXPERIENCE, Experience, builtin
from aerodrome_dockfighters.state import Aircraft, Cloud, DfState, Objective, Squadron

#: At most this many aircraft in a position: a squadron has at most 14 pilots and crews
#: ("up to 8 pilots, 2 airship crews or 4 bomber crews"), 20 a side leaves room for its
#: dockfighters and a mission's own aircraft.
MAX_AIRCRAFT = 40
#: Ground targets: the biggest missions place 14 points (Bomb Run) or a runway and 12 points
#: (The Airstrip Visit), one target per point at most.
MAX_GROUND = 30
#: Objectives: D3+1 or 3 a mission, the ale train; two missions a scenario.
MAX_OBJECTIVES = 10
#: Clouds: 2 medium and 4 small (weather.1), smoke clouds besides.
MAX_CLOUDS = 20
#: Cloud sizes: 7 (medium, a hex and its ring), 3 (small), 1 (a single hex).
CLOUD_SIZES = (1, 3, 7)

Count = Annotated[int, msgspec.Meta(ge=0, le=99)]
Side = Annotated[int, msgspec.Meta(ge=0, le=1)]
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=80)]


class PlacedAircraft(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    datasheet: Name
    player: Side
    experience: Experience = "green"
    col: int
    row: int
    facing: str = "N"
    altitude: int = 3
    speed: int = 3
    damage: Count = 0
    loads: Annotated[list[Name], msgspec.Meta(max_length=10)] = []
    systems: Annotated[list[Name], msgspec.Meta(max_length=10)] = []
    role: Literal["", "recon", "agent", "cargo"] = ""
    status: Literal["flying", "landed", "grounded"] = "flying"
    ammo: Annotated[
        list[Annotated[int, msgspec.Meta(ge=0, le=2)]], msgspec.Meta(max_length=10)
    ] = []
    gear_damaged: bool = False
    wounded: bool = False


class PlacedGround(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    value: Annotated[int, msgspec.Meta(ge=1, le=3)]
    roll: Annotated[int, msgspec.Meta(ge=1, le=6)]
    col: int
    row: int
    hostile_to: Annotated[int, msgspec.Meta(ge=-1, le=1)] = -1
    damage: Count = 0
    facing: str = "N"


class PlacedObjective(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    col: int
    row: int
    owner: Side = 0
    kind: Literal["recon", "candidate", "meeting", "train"] = "recon"


class PlacedCloud(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    col: int
    row: int
    size: int = 7


class Position(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    turn: Annotated[int, msgspec.Meta(ge=1, le=12)] = 1
    initiative: Side = 0
    weather: str = "clear skies"
    wind: Annotated[int, msgspec.Meta(ge=0, le=5)] = 0
    cloud_speed: Annotated[int, msgspec.Meta(ge=1, le=3)] = 1
    missions: Annotated[list[Name], msgspec.Meta(min_length=2, max_length=2)] = msgspec.field(
        default_factory=lambda: ["aerial-dominance"] * 2
    )
    aircraft: Annotated[list[PlacedAircraft], msgspec.Meta(max_length=MAX_AIRCRAFT)]
    clouds: Annotated[list[PlacedCloud], msgspec.Meta(max_length=MAX_CLOUDS)] = []
    ground: Annotated[list[PlacedGround], msgspec.Meta(max_length=MAX_GROUND)] = []
    objectives: Annotated[list[PlacedObjective], msgspec.Meta(max_length=MAX_OBJECTIVES)] = []
    bot_seats: Annotated[list[Side], msgspec.Meta(max_length=2)] = []


def _on_board(state: DfState, col: int, row: int, where: str) -> int:
    if not (0 <= col < state.width and 0 <= row < state.height):
        raise SpecError(f"{where}: col/row off the {state.width}x{state.height} board")
    return row * state.width + col


def from_position(setup: Setup, raw: Mapping[str, Any], source: str) -> DfState:
    """Build a state at the start of a turn's movement phase from a ``[position]`` table.
    Every value is checked against the rules' bounds; an error names the file and field."""
    specs = builtin()
    top = specs.tables.max_altitude
    pos = convert(raw, Position, f"{source}: [position]")
    here = f"{source}: [position]"
    if pos.weather not in specs.weather.levels:
        raise SpecError(f"{here}.weather: unknown weather {pos.weather!r}")
    try:
        check_mission_values(list(pos.missions))
    except SpecError as exc:
        raise SpecError(f"{here}.missions: {exc}") from None
    bots = bot_seats(setup, pos.bot_seats)
    state = DfState(
        setup=setup.name,
        width=specs.board.width,
        height=specs.board.height,
        turn=pos.turn,
        initiative=pos.initiative,
        weather_set=True,
        weather=specs.weather.levels.index(pos.weather),
        wind=pos.wind,
        cloud_speed=pos.cloud_speed,
        squadrons=[
            Squadron(player=p, side=SIDES[p], mission=pos.missions[p], bot=p in bots)
            for p in (0, 1)
        ],
        aircraft=[],
    )
    for i, c in enumerate(pos.clouds):
        where = f"{here}.clouds[{i}]"
        _on_board(state, c.col, c.row, where)
        if c.size not in CLOUD_SIZES:
            raise SpecError(
                f"{where}.size: one of {', '.join(map(str, CLOUD_SIZES))}, not {c.size}"
            )
        state.clouds.append(Cloud(col=c.col, row=c.row, size=c.size))
    taken: dict[tuple[int, int], int] = {}
    for i, p in enumerate(pos.aircraft):
        where = f"{here}.aircraft[{i}]"
        ds = specs.aircraft.get(p.datasheet)
        if ds is None:
            raise SpecError(f"{where}.datasheet: unknown aircraft {p.datasheet!r}")
        if p.facing not in FACING_NAMES:
            raise SpecError(f"{where}.facing: one of {', '.join(FACING_NAMES)}")
        cell = _on_board(state, p.col, p.row, where)
        check_loads(p.datasheet, list(p.loads), f"{where}.loads")
        if not 0 <= p.damage <= ds.structure:
            raise SpecError(f"{where}.damage: 0..{ds.structure}")
        if not 1 <= p.altitude <= top:
            raise SpecError(f"{where}.altitude: 1..{top} (clause move.15), not {p.altitude}")
        craft = Aircraft(
            id=len(state.aircraft),
            player=p.player,
            side=SIDES[p.player],
            datasheet=p.datasheet,
            pilot=f"{SIDES[p.player]} pilot {i + 1}",
            experience=EXPERIENCE.index(p.experience),
            cell=cell if p.status != "grounded" else -1,
            facing=FACING_NAMES.index(p.facing),
            altitude=p.altitude,
            speed=p.speed,
            damage=p.damage,
            loads=list(p.loads),
            ammo=[0] * len(ds.weapons),
            deployed=True,
            role=p.role,
            status=p.status,
            gear_damaged=p.gear_damaged,
            wounded=p.wounded,
        )
        lo = min_speed(craft, ds) if p.status == "flying" else 0
        hi = max_speed(craft, ds)
        if not lo <= p.speed <= hi:
            raise SpecError(
                f"{where}.speed: {lo}..{hi} for {p.datasheet} (clauses move.4-5), not {p.speed}"
            )
        if p.status == "flying":
            other = taken.setdefault((cell, p.altitude), i)
            if other != i:
                raise SpecError(
                    f"{where}: the same hex and altitude as aircraft[{other}] (clause move.16)"
                )
        state.aircraft.append(craft)
        if p.systems:
            try:
                fit(state, craft, list(p.systems))
            except SpecError as exc:
                raise SpecError(f"{where}.systems: {exc}") from None
        if len(state.aircraft) > MAX_AIRCRAFT:
            raise SpecError(
                f"{where}.systems: more than {MAX_AIRCRAFT} aircraft with the docked dockfighters"
            )
        if p.ammo:
            if len(p.ammo) != len(craft.ammo):
                raise SpecError(f"{where}.ammo: {len(craft.ammo)} values, 0 full, 1 half, 2 empty")
            craft.ammo = list(p.ammo)
    for i, g in enumerate(pos.ground):
        where = f"{here}.ground[{i}]"
        if g.facing not in FACING_NAMES:
            raise SpecError(f"{where}.facing: one of {', '.join(FACING_NAMES)}")
        unit = place(
            state,
            g.value,
            g.roll,
            _on_board(state, g.col, g.row, where),
            hostile_to=g.hostile_to,
            facing=FACING_NAMES.index(g.facing),
        )
        if g.damage > unit.structure:
            raise SpecError(f"{where}.damage: 0..{unit.structure} for a {unit.name}")
        unit.damage = g.damage
    for i, o in enumerate(pos.objectives):
        cell = _on_board(state, o.col, o.row, f"{here}.objectives[{i}]")
        state.objectives.append(
            Objective(id=len(state.objectives), cell=cell, owner=o.owner, kind=o.kind)
        )
    return state
