"""Airship docking-point systems (clauses airship.4, airship.10-23, dockfighter.1-6): fitting
them, dockfighters launching and docking, docking clamps, radar, jammer and the Tesla coil.

Air mines are in :mod:`aerodrome_dockfighters.mines`.
"""

from __future__ import annotations

from aerodrome.api import SpecError
from aerodrome_dockfighters import rules
from aerodrome_dockfighters.airspace import occupied
from aerodrome_dockfighters.board import board
from aerodrome_dockfighters.context import DfContext, announce
from aerodrome_dockfighters.events import (
    Destroyed,
    Docked,
    PilotFate,
    TeslaFired,
    Undocked,
)
from aerodrome_dockfighters.specs import builtin
from aerodrome_dockfighters.state import Aircraft, DfState, Undock
from aerodrome_dockfighters.view import Craft

SYSTEMS = (
    "light anti-aircraft turret",
    "heavy anti-aircraft turret",
    "artillery turret",
    "magnetic railgun",
    "bomb racks",
    "docking clamp",
    "radar",
    "jammer",
    "dockfighter",
    "tesla coil",
    "air mine launcher",
)
SIDE_ONLY = ("docking clamp", "dockfighter")  # airship.23
RANGE = 6  # radar and jammer (airship.16-17)
TESLA_RANGE = 3


def fit(state: DfState, ship: Aircraft, systems: list[str]) -> None:
    """Fit ``systems`` on the airship's docking points in order; a dockfighter system brings
    its dockfighter, docked, its pilot one level below the crew (dockfighter.1, .3)."""
    specs = builtin()
    ds = rules.sheet(ship)
    if len(systems) > len(ds.docking_points):
        raise SpecError(
            f"{ship.datasheet} has {len(ds.docking_points)} docking points, not {len(systems)}"
        )
    for point, system in zip(ds.docking_points, systems, strict=False):
        if system not in SYSTEMS:
            raise SpecError(f"unknown docking point system {system!r} [dockfighters.airship.4]")
        if system in SIDE_ONLY and point == "top":
            raise SpecError(
                f"a {system} mounts only on a side docking point [dockfighters.airship.23]"
            )
    ship.systems = list(systems)
    ship.ammo = [0] * len(rules.mounts(ship))
    nation = (state.squadrons[ship.player].nation if state.squadrons else "") or ship.side
    fighter = next(
        a for a in specs.hangar.aircraft if a.faction == nation and a.klass == "dockfighter"
    )
    for point, system in zip(ds.docking_points, systems, strict=False):
        if system == "dockfighter":
            state.aircraft.append(
                Aircraft(
                    id=len(state.aircraft),
                    player=ship.player,
                    side=ship.side,
                    datasheet=fighter.name,
                    pilot=f"{ship.side} dockfighter pilot",
                    experience=max(0, ship.experience - 1),
                    status="docked",
                    docked_to=ship.id,
                    dock_side=point,
                    deployed=True,
                    ammo=[0] * len(fighter.weapons),
                    speed=fighter.min_speed,
                )
            )


def has(ship: Craft, system: str) -> bool:
    return ship.status == "flying" and system in ship.systems


def side_cells(state: DfState, ship: Aircraft, side: str) -> list[int]:
    """The two hexes beside the airship's base on ``side`` (airship.14)."""
    b = board(state.width, state.height)
    dirs = (1, 2) if side == "left" else (5, 4)
    return [c for d in dirs if (c := b.step[ship.cell * 6 + (ship.facing + d) % 6]) >= 0]


def undock_options(state: DfState, a: Aircraft) -> list[Undock]:
    """Launch beside the airship on the docking side (dockfighter.1, airship.15)."""
    ship = state.aircraft[a.docked_to]
    return [
        Undock(aircraft=a.id, cell=c)
        for c in side_cells(state, ship, a.dock_side)
        if not occupied(state, c, ship.altitude, a.id)
    ]


def undock(state: DfState, a: Aircraft, action: Undock, ctx: DfContext) -> None:
    ship = state.aircraft[a.docked_to]
    ds = rules.sheet(a)
    a.status, a.cell, a.altitude, a.facing = "flying", action.cell, ship.altitude, ship.facing
    a.speed, a.docked_to, a.path, a.turned_at = ds.min_speed, -1, [action.cell], []
    a.path_alts = [a.altitude]
    announce(ctx, Undocked, aircraft=a.id, airship=ship.id, cell=action.cell)


def try_dock(state: DfState, a: Aircraft, ctx: DfContext) -> None:
    """After a move: beside a friendly airship's docking clamp (same facing) or its own
    dockfighter docking point (any facing), same altitude, speed within 1: docked
    (airship.14, dockfighter.2): "as soon as the aircraft ends its movement in this way, it
    is docked"."""
    if a.status != "flying":
        return
    is_dockfighter = rules.sheet(a).klass == "dockfighter"
    for ship in state.aircraft:
        if (
            ship.player != a.player
            or ship.status != "flying"
            or not ship.systems
            or ship.altitude != a.altitude
        ):
            continue
        if abs(ship.speed - a.speed) > 1:
            continue
        ds = rules.sheet(ship)
        for point, system in zip(ds.docking_points, ship.systems, strict=False):
            fits = (system == "dockfighter" and is_dockfighter) or (
                system == "docking clamp" and not is_dockfighter and a.facing == ship.facing
            )
            if fits and point in ("left", "right") and a.cell in side_cells(state, ship, point):
                if any(
                    o.docked_to == ship.id and o.dock_side == point and o.status == "docked"
                    for o in state.aircraft
                ):
                    continue
                a.status, a.cell, a.docked_to, a.dock_side = "docked", -1, ship.id, point
                announce(ctx, Docked, aircraft=a.id, airship=ship.id, side=point)
                return


def service(state: DfState, ctx: DfContext) -> None:
    """Shooting phase: docked aircraft get their ammunition back and one structure point or
    critical repaired by the clamp crew (airship.14)."""
    for a in state.aircraft:
        if a.status != "docked":
            continue
        if state.aircraft[a.docked_to].status != "flying":
            a.status, a.fate = "destroyed", "killed"  # lost with its airship
            announce(ctx, Destroyed, aircraft=a.id, why="lost with its airship", by=-1)
            announce(ctx, PilotFate, aircraft=a.id, fate=a.fate)
            continue
        a.ammo = [0] * len(a.ammo)
        if a.crits:
            effect = a.crits.pop()
            if effect == "controls":
                a.agility_loss -= 1
            elif effect == "engine":
                a.engine_hits -= 1
                a.speed_loss -= 1
            elif effect == "weapon" and a.weapons_out:
                a.weapons_out.pop()
            elif effect == "gear":
                a.gear_damaged = False
            elif effect == "cockpit":
                a.wounded = False
        elif a.damage > 0:
            a.damage -= 1


def radar_bonus(state: DfState, a: Aircraft) -> int:
    """airship.16: +1 experience level for moving within 6 hexes of a friendly radar."""
    if a.cell < 0:
        return 0
    for ship in state.aircraft:  # the cheap questions first: most aircraft carry no systems
        if (
            ship.systems
            and ship.player == a.player
            and ship.id != a.id
            and has(ship, "radar")
            and board(state.width, state.height).distance(ship.cell, a.cell) <= RANGE
        ):
            return 1
    return 0


def jammed(state: DfState, a: Aircraft) -> bool:
    """airship.17: starting a move within 6 hexes of an enemy jammer: one agility level less."""
    b = board(state.width, state.height)
    return any(
        ship.player != a.player
        and has(ship, "jammer")
        and a.cell >= 0
        and b.distance(ship.cell, a.cell) <= RANGE
        for ship in state.aircraft
    )


def tesla_ready(state: DfState, ship: Aircraft) -> bool:
    return has(ship, "tesla coil") and ship.tesla_turn < state.turn - 1


def recharging(state: DfState, a: Aircraft) -> bool:
    """airship.18: no other system in the turn of the coil and the next."""
    return a.tesla_turn >= state.turn - 1


def tesla(state: DfState, ship: Aircraft, ctx: DfContext) -> None:
    """airship.18: the airship is invulnerable this turn; every aircraft within 3 hexes makes
    a pilot check or takes a critical."""
    b = board(state.width, state.height)
    ship.tesla_turn = state.turn
    announce(ctx, TeslaFired, airship=ship.id)
    for a in state.aircraft:
        if a.id == ship.id or a.status != "flying" or b.distance(ship.cell, a.cell) > TESLA_RANGE:
            continue
        if not rules.pilot_check(state, a, ctx, "Tesla coil"):
            rules.critical(state, a, ctx)
