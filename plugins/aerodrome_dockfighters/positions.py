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
```
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from aerodrome.errors import SpecError
from aerodrome.ruleset import Setup
from aerodrome.specs import convert
from aerodrome_dockfighters.board import FACING_NAMES
from aerodrome_dockfighters.missions import SIDES
from aerodrome_dockfighters.specs import EXPERIENCE, Experience, builtin
from aerodrome_dockfighters.state import Aircraft, Cloud, DfState, Squadron


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
        for name in p.loads:
            if name not in specs.weapons:
                raise SpecError(f"{where}.loads: unknown load {name!r}")
        state.aircraft.append(Aircraft(
            id=i, player=p.player, side=SIDES[p.player], datasheet=p.datasheet,
            pilot=f"{SIDES[p.player]} pilot {i + 1}", experience=EXPERIENCE.index(p.experience),
            cell=cell, facing=FACING_NAMES.index(p.facing), altitude=p.altitude, speed=p.speed,
            damage=p.damage, loads=list(p.loads), ammo=[0] * len(ds.weapons), deployed=True,
        ))
    return state
