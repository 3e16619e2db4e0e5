"""What a player observes: a frozen copy of the game (Dockfighters hides nothing).

:class:`DfView` mirrors :class:`~aerodrome_dockfighters.state.DfState` field by field with
frozen Structs and tuples, so nothing reachable from an observation is mutable or shared with
the state: an agent that tries to change what it sees gets an error, and the game goes on
unchanged. It also carries the :class:`Sky` (the clouded cells), built once for the
observation. Rule functions that only read (arcs, dice at a target, occupancy, clouds) take
either the state or an observation: :data:`Scene` and :data:`Craft`.
"""

from __future__ import annotations

import msgspec

from aerodrome_dockfighters.state import (
    Activation,
    Aircraft,
    Cloud,
    DfState,
    GroundUnit,
    Knacks,
    PilotFate,
    Status,
)


class Sky(msgspec.Struct, frozen=True, kw_only=True):
    """Where the clouds are: the cells clouded at each altitude (``at[h]``), the cells of
    thunderstorm clouds and every cell under a cloud; built once per cloud layout."""

    key: tuple[object, ...] = ()
    at: tuple[frozenset[int], ...] = ()
    storm: frozenset[int] = frozenset()
    covered: frozenset[int] = frozenset()


class AircraftView(msgspec.Struct, frozen=True, kw_only=True):
    """An aircraft as observed (see :class:`~aerodrome_dockfighters.state.Aircraft`)."""

    id: int
    player: int
    side: str
    datasheet: str
    pilot: str
    experience: int
    cell: int = -1
    facing: int = 2
    altitude: int = 3
    speed: int = 0
    status: Status = "flying"
    fate: PilotFate = "fit"
    damage: int = 0
    crits: tuple[str, ...] = ()
    damage_taken: int = 0
    crits_taken: int = 0
    engine_hits: int = 0
    agility_loss: int = 0
    speed_loss: int = 0
    weapons_out: tuple[int, ...] = ()
    ammo: tuple[int, ...] = ()
    loads: tuple[str, ...] = ()
    gear_damaged: bool = False
    wounded: bool = False
    kills: int = 0
    ground_kills: int = 0
    last_hit_by: int = -1
    attacked_turn: int = 0
    down_mark: int = -1
    path: tuple[int, ...] = ()
    path_alts: tuple[int, ...] = ()
    turned_at: tuple[int, ...] = ()
    deployed: bool = False
    role: str = ""
    provided: bool = False
    exit_edge: str = ""
    systems: tuple[str, ...] = ()
    docked_to: int = -1
    dock_side: str = ""
    jammed: bool = False
    tesla_turn: int = -9
    mines_laid: int = 0
    knacks: Knacks = Knacks()
    activation: Activation = "waiting"


class CloudView(msgspec.Struct, frozen=True, kw_only=True):
    col: int
    row: int
    size: int
    smoke: int = 0
    cells: tuple[int, ...] = ()


class GroundView(msgspec.Struct, frozen=True, kw_only=True):
    id: int
    name: str
    value: int
    cell: int
    structure: int
    damage: int = 0
    facing: int = 0
    mobile: bool = False
    armoured: bool = False
    dice: tuple[int, ...] = ()
    profile: tuple[int, ...] = ()
    hostile_to: int = -1
    destroyed_by: int = -1
    bombs_only: bool = False
    altitude: int = 0


class AcmView(msgspec.Struct, frozen=True, kw_only=True):
    id: int
    weapon: str
    launcher: int
    cell: int
    facing: int
    turns: int = 0


class MineView(msgspec.Struct, frozen=True, kw_only=True):
    id: int
    cell: int
    laid: int
    layer: int


class MoveView(msgspec.Struct, frozen=True, kw_only=True):
    aircraft: int
    speed: int
    template: int
    points: tuple[int, ...]
    index: int = 0
    cell: int
    facing: int
    altitude: int
    start_altitude: int
    moved: int = 0
    delta: int = 0
    path: tuple[int, ...] = ()
    path_alts: tuple[int, ...] = ()
    turned_at: tuple[int, ...] = ()
    low: bool = False
    plan: str = ""


class ObjectiveView(msgspec.Struct, frozen=True, kw_only=True):
    id: int
    cell: int
    owner: int
    kind: str = "recon"
    done: bool = False
    facing: int = 0
    stop_in: int = -1


class LeadershipView(msgspec.Struct, frozen=True, kw_only=True):
    reroll_checks: int = 0
    reroll_attacks: int = 0
    ignore_wounds: int = 0
    pass_checks: int = 0
    first_shot_harder: bool = False
    first_shot_turn: int = 0


class SquadronView(msgspec.Struct, frozen=True, kw_only=True):
    player: int
    side: str
    mission: str
    fame: int = 0
    kills: int = 0
    losses: int = 0
    ground_kills: int = 0
    bot: bool = False
    nation: str = ""
    leadership: LeadershipView = LeadershipView()


class SightingView(msgspec.Struct, frozen=True, kw_only=True, array_like=True):
    aircraft: int
    cell: int
    facing: int
    altitude: int


class DfView(msgspec.Struct, frozen=True, kw_only=True):
    """What every player (and the referee) observes: the whole game, frozen. The rulebook
    hides nothing, so every seat sees the same value."""

    setup: str
    width: int
    height: int
    turn: int = 1
    last_turn: int = 12
    initiative: int = 0
    engagements: int = 0
    squadrons: tuple[SquadronView, ...]
    aircraft: tuple[AircraftView, ...]
    ground: tuple[GroundView, ...] = ()
    objectives: tuple[ObjectiveView, ...] = ()
    acms: tuple[AcmView, ...] = ()
    mines: tuple[MineView, ...] = ()
    runway: tuple[int, ...] = ()
    runway_facing: int = 2
    takeoff_turn: int = 0
    extended: bool = False
    clouds: tuple[CloudView, ...] = ()
    weather_set: bool = False
    weather: int = 0
    wind: int = 0
    cloud_speed: int = 1
    move: MoveView | None = None
    fire_mark: int = -1
    over: bool = False
    move_start: tuple[SightingView, ...] = ()
    move_end: tuple[SightingView, ...] = ()
    move_start_turn: int = 0
    move_end_turn: int = 0
    sky: Sky = Sky()


#: A game to read from: the state itself or an observation of it.
Scene = DfState | DfView
#: An aircraft to read from: the state's or an observation's.
Craft = Aircraft | AircraftView
#: Fields of the state an observation leaves out, with the reason.
NOT_OBSERVED: dict[str, str] = {
    "all_gone_turn": "bookkeeping for the result (Aerial Dominance's turn 6)"
}
#: A cloud to read from.
AnyCloud = Cloud | CloudView
#: A ground target to read from.
AnyGround = GroundUnit | GroundView
