"""Konrad's flight planning: simulating a move on the board without playing it, searching
the moves that pass over a target, and judging the room left before the board edge.

Pure functions of the observed state; the rules of movement come from
:mod:`aerodrome_dockfighters.movement`.
"""

from __future__ import annotations

from typing import Any

import msgspec

from aerodrome_dockfighters import combat, movement, rules
from aerodrome_dockfighters.airspace import margin
from aerodrome_dockfighters.board import board
from aerodrome_dockfighters.specs import AGILITY, builtin
from aerodrome_dockfighters.state import Plan
from aerodrome_dockfighters.views import Craft, Scene

MIN_ALTITUDE = 2  # konrad.18
#: Hexes from the edge at which Konrad counts as reaching the border (konrad.7, assumed).
EDGE = 5


def search_pass(
    state: Scene, a: Craft, level: int, target: int, goal: int, *,
    speeds: list[int] | None = None, end_on: bool = False, land: bool = False,
) -> tuple[Plan, list[tuple[str, str]]] | None:
    """A move whose path crosses ``target`` (or ends on it with ``end_on``): every speed
    the engine allows and every left/straight/right at the turn points of the template of
    ``level``; the one ending nearest the target otherwise is not returned (None)."""
    specs = builtin()
    ds = rules.sheet(a, specs)
    b = board(state.width, state.height)
    lo, hi = rules.min_speed(a, ds), rules.max_speed(a, ds)
    if speeds is None:
        speeds = list(range(max(1, a.speed - ds.engine_power - 1), min(a.speed + ds.engine_power, hi) + 1))
    if goal <= 1 and not specs.classes[ds.klass].flies_low_freely:  # konrad.18: at most 3 low
        speeds = [v for v in speeds if v <= specs.tables.flying_low_speed] or speeds
    for speed in speeds:
        pts = movement.turn_points(speed, specs.templates[AGILITY[level]])
        for choice in _laterals(len(pts)):
            cell, facing, alt, moved, delta = a.cell, a.facing, a.altitude, 0, 0
            path = [cell]
            moves: list[tuple[str, str]] = []
            for p, lat in zip(pts, choice, strict=True):
                cell = movement.straight(b, cell, facing, p - moved, path)
                if cell < 0:
                    break
                moved = p
                ver = "-" if alt > goal else "+" if alt < goal else "."
                facing = (facing + (1 if lat == "L" else 5 if lat == "R" else 0)) % 6
                alt += 1 if ver == "+" else -1 if ver == "-" else 0
                delta += (-1 if lat != "." else 0) + (-1 if ver == "+" else 1 if ver == "-" else 0)
                moves.append((lat, ver))
            if cell < 0:
                continue
            cell = movement.straight(b, cell, facing, speed - moved, path)
            if cell < 0 or not lo <= speed + delta <= hi:
                continue
            if land:
                stop = movement.straight(b, cell, facing, ds.min_speed, None)
                ok = alt == 1 and stop >= 0 and b.distance(stop, target) <= 1
            else:
                ok = cell == target if end_on else target in path[1:]
            if ok:
                return Plan(aircraft=a.id, speed=speed, template=level), moves
    return None


def _laterals(n: int) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = [()]
    for _ in range(n):
        out = [(*c, x) for c in out for x in (".", "L", "R")]
    return out


def safety(state: Scene, end: tuple[int, int, int]) -> int:
    """Room at the end of a move: the edge distance, plus 3 when 3 more hexes straight on
    stay on the board (an aircraft heading out needs its turns now)."""
    b = board(state.width, state.height)
    ahead = movement.straight(b, end[0], end[1], 3, None)
    return margin(state, end[0]) + (3 if ahead >= 0 else 0)


def firing_position(state: Scene, a: Craft, end: tuple[int, int, int], t: Craft) -> bool:
    """Whether ``a`` at ``end`` (cell, facing, altitude) brings a weapon to bear on ``t``."""
    moved = msgspec.structs.replace(a, cell=end[0], facing=end[1], altitude=end[2])
    return any(combat.mount_dice(state, moved, i, t) > 0 for i in range(len(rules.mounts(a))))


def simulate(
    state: Scene, a: Craft, speed: int, level: int, steer: Any, *, climb_to: int, levels: int = 5
) -> tuple[list[tuple[str, str]], tuple[int, int, int] | None]:
    """Fly ``speed`` hexes on the template of ``level``, turning at each turn point towards
    ``steer(cell, facing)`` and climbing or diving one level a point towards ``climb_to``,
    skipping turns and climbs that would end below minimum speed (konrad.11). Returns the
    manoeuvres and the end (cell, facing, altitude), or None for the end when it leaves the board."""
    specs = builtin()
    ds = rules.sheet(a, specs)
    b = board(state.width, state.height)
    lo = rules.min_speed(a, ds)
    hi = rules.max_speed(a, ds)
    pts = movement.turn_points(speed, specs.templates[AGILITY[level]])
    cell, facing, alt, moved, delta = a.cell, a.facing, a.altitude, 0, 0
    moves: list[tuple[str, str]] = []
    for i, p in enumerate(pts):
        cell = movement.straight(b, cell, facing, p - moved, None)
        if cell < 0:
            return moves, None
        moved = p
        remaining = len(pts) - i - 1
        want = steer(cell, facing)
        lat = "." if want == facing else "L" if (want - facing) % 6 <= 3 else "R"
        ver = "+" if alt < climb_to and alt < specs.tables.max_altitude else "-" if alt > max(climb_to, MIN_ALTITUDE) else "."
        if abs(alt - a.altitude) >= levels:
            ver = "."
        fmin, fmax = movement.future_range(remaining, alt, specs.tables.max_altitude)
        # keep the end within the speed limits (the least-costly future is "straight, level")
        if lat != "." and speed + delta - 1 + (1 if ver == "-" else -1 if ver == "+" else 0) < lo:
            lat = "."
        if ver == "+" and speed + delta + (-1 if lat != "." else 0) - 1 < lo:
            ver = "."
        if ver == "-" and speed + delta + (-1 if lat != "." else 0) + 1 > hi:
            ver = "."
        del fmin, fmax
        if lat == "L":
            facing = (facing + 1) % 6
        elif lat == "R":
            facing = (facing + 5) % 6
        alt += 1 if ver == "+" else -1 if ver == "-" else 0
        delta += (-1 if lat != "." else 0) + (-1 if ver == "+" else 1 if ver == "-" else 0)
        moves.append((lat, ver))
    cell = movement.straight(b, cell, facing, abs(speed) - moved, None)
    if cell < 0:
        return moves, None
    return moves, (cell, facing, alt)
