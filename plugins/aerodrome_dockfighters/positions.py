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
from typing import Any

import msgspec

from aerodrome.errors import SpecError
from aerodrome.ruleset import Setup
from aerodrome.specs import convert
from aerodrome_dockfighters.board import FACING_NAMES
from aerodrome_dockfighters.docking import fit
from aerodrome_dockfighters.ground import place
from aerodrome_dockfighters.missions import SIDES
from aerodrome_dockfighters.rules import check_loads
from aerodrome_dockfighters.specs import EXPERIENCE, Experience, builtin
from aerodrome_dockfighters.state import Aircraft, Cloud, DfState, Objective, Squadron


class PlacedAircraft(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    datasheet: str
    player: int
    experience: Experience = "green"
    col: int
    row: int
    facing: str = "N"
    altitude: int = 3
    speed: int = 3
    damage: int = 0
    loads: list[str] = []
    systems: list[str] = []
    role: str = ""
    status: str = "flying"
    ammo: list[int] = []
    gear_damaged: bool = False
    wounded: bool = False


class PlacedGround(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    value: int
    roll: int
    col: int
    row: int
    hostile_to: int = -1
    damage: int = 0
    facing: str = "N"


class PlacedObjective(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    col: int
    row: int
    owner: int = 0
    kind: str = "recon"


class PlacedCloud(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    col: int
    row: int
    size: int = 7


class Position(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    turn: int = 1
    initiative: int = 0
    weather: str = "clear skies"
    wind: int = 0
    cloud_speed: int = 1
    missions: list[str] = msgspec.field(default_factory=lambda: ["aerial-dominance"] * 2)
    aircraft: list[PlacedAircraft]
    clouds: list[PlacedCloud] = []
    ground: list[PlacedGround] = []
    objectives: list[PlacedObjective] = []


def from_position(setup: Setup, raw: Mapping[str, Any], source: str) -> DfState:
    """Build a state at the start of a turn's movement phase from a ``[position]`` table."""
    specs = builtin()
    pos = convert(dict(raw), Position, f"{source}: [position]")
    if pos.weather not in specs.weather.levels:
        raise SpecError(f"{source}: [position].weather: unknown weather {pos.weather!r}")
    state = DfState(
        setup=setup.name, width=specs.board.width, height=specs.board.height, turn=pos.turn,
        initiative=pos.initiative, weather=specs.weather.levels.index(pos.weather), wind=pos.wind,
        cloud_speed=pos.cloud_speed, stage="play",
        squadrons=[Squadron(player=p, side=SIDES[p], mission=pos.missions[p]) for p in (0, 1)],
        aircraft=[], clouds=[Cloud(col=c.col, row=c.row, size=c.size) for c in pos.clouds],
    )
    for i, p in enumerate(pos.aircraft):
        where = f"{source}: [position].aircraft[{i}]"
        ds = specs.aircraft.get(p.datasheet)
        if ds is None:
            raise SpecError(f"{where}.datasheet: unknown aircraft {p.datasheet!r}")
        if p.player not in (0, 1):
            raise SpecError(f"{where}.player: must be 0 or 1")
        if p.facing not in FACING_NAMES:
            raise SpecError(f"{where}.facing: one of {', '.join(FACING_NAMES)}")
        cell = p.row * state.width + p.col
        if not (0 <= p.col < state.width and 0 <= p.row < state.height):
            raise SpecError(f"{where}: col/row off the {state.width}x{state.height} board")
        check_loads(p.datasheet, list(p.loads), f"{where}.loads")
        if p.status not in ("flying", "landed", "grounded"):
            raise SpecError(f"{where}.status: flying, landed or grounded")
        if not 0 <= p.damage <= ds.structure:
            raise SpecError(f"{where}.damage: 0..{ds.structure}")
        craft = Aircraft(
            id=len(state.aircraft), player=p.player, side=SIDES[p.player], datasheet=p.datasheet,
            pilot=f"{SIDES[p.player]} pilot {i + 1}", experience=EXPERIENCE.index(p.experience),
            cell=cell if p.status != "grounded" else -1, facing=FACING_NAMES.index(p.facing),
            altitude=p.altitude, speed=p.speed, damage=p.damage, loads=list(p.loads),
            ammo=[0] * len(ds.weapons), deployed=True, role=p.role, status=p.status,  # type: ignore[arg-type]
            gear_damaged=p.gear_damaged, wounded=p.wounded,
        )
        state.aircraft.append(craft)
        if p.systems:
            try:
                fit(state, craft, list(p.systems))
            except SpecError as exc:
                raise SpecError(f"{where}.systems: {exc}") from None
        if p.ammo:
            if len(p.ammo) != len(craft.ammo) or any(not 0 <= x <= 2 for x in p.ammo):
                raise SpecError(f"{where}.ammo: {len(craft.ammo)} values, 0 full, 1 half, 2 empty")
            craft.ammo = list(p.ammo)
    for i, g in enumerate(pos.ground):
        where = f"{source}: [position].ground[{i}]"
        if g.value not in (1, 2, 3) or not 1 <= g.roll <= 6 or g.facing not in FACING_NAMES:
            raise SpecError(f"{where}: value 1-3, roll 1-6, facing one of {', '.join(FACING_NAMES)}")
        unit = place(state, g.value, g.roll, g.row * state.width + g.col, hostile_to=g.hostile_to,
                     facing=FACING_NAMES.index(g.facing))
        unit.damage = g.damage
    for o in pos.objectives:
        state.objectives.append(Objective(id=len(state.objectives), cell=o.row * state.width + o.col,
                                          owner=o.owner, kind=o.kind))
    return state
