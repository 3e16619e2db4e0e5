"""Konrad's flight planning: simulating a move on the board without playing it, searching the
moves that pass over (or end near) a target, and telling when a move reaches the border.

Pure functions of the observation; the rules of movement come from
:mod:`aerodrome_dockfighters.movement`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import msgspec

from aerodrome_dockfighters import combat, movement, rules
from aerodrome_dockfighters.airspace import margin
from aerodrome_dockfighters.board import board
from aerodrome_dockfighters.specs import AGILITY, builtin
from aerodrome_dockfighters.state import Plan
from aerodrome_dockfighters.view import AnyGround, Craft, Scene

#: "Bots never drop below altitude 2, except when they try to land or attack ground targets"
#: (konrad.18).
MIN_ALTITUDE = 2

Moves = list[tuple[str, str]]
#: The end of a simulated move: (cell, facing, altitude).
End = tuple[int, int, int]


class Flight(msgspec.Struct, frozen=True, kw_only=True):
    """A simulated move: its plan, manoeuvres, the hexes flown over (``path``, with the
    altitude over each), the path indices turned at and the end."""

    plan: Plan
    moves: tuple[tuple[str, str], ...]
    path: tuple[int, ...]
    alts: tuple[int, ...]
    turned_at: tuple[int, ...]
    end: End
    speed: int


def at_border(state: Scene, end: End | None) -> bool:
    """Whether a move ending at ``end`` reaches the border of the map (konrad.7): it leaves
    the board, or ends on an edge hex, or facing off the board from the hex it ends on."""
    if end is None:
        return True
    return (
        margin(state, end[0]) == 0 or board(state.width, state.height).step[end[0] * 6 + end[1]] < 0
    )


def _laterals(n: int) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = [()]
    for _ in range(n):
        out = [(*c, x) for c in out for x in (".", "L", "R")]
    return out


def flights(
    state: Scene,
    a: Craft,
    level: int,
    goal: int,
    *,
    speeds: list[int] | None = None,
) -> Iterator[Flight]:
    """Every move of ``a`` on the template of ``level``: each speed the engine allows (or
    ``speeds``), each of straight/left/right at the turn points, climbing or diving one level
    a point towards ``goal``; moves leaving the board or ending outside the speed limits are
    left out."""
    specs = builtin()
    ds = rules.sheet(a, specs)
    b = board(state.width, state.height)
    lo, hi = rules.min_speed(a, ds), rules.max_speed(a, ds)
    if speeds is None:
        speeds = list(
            range(max(1, a.speed - ds.engine_power - 1), min(a.speed + ds.engine_power, hi) + 1)
        )
    top = specs.tables.max_altitude
    for speed in speeds:
        pts = movement.turn_points(speed, specs.templates[AGILITY[level]])
        for choice in _laterals(len(pts)):
            cell, facing, alt, moved, delta = a.cell, a.facing, a.altitude, 0, 0
            path = [cell]
            alts = [alt]
            turned: list[int] = []
            moves: Moves = []
            for p, lat in zip(pts, choice, strict=True):
                cell = movement.straight(b, cell, facing, p - moved, path)
                if cell < 0:
                    break
                alts += [alt] * (len(path) - len(alts))
                moved = p
                ver = "-" if alt > goal else "+" if alt < goal and alt < top else "."
                if lat != ".":
                    turned.append(len(path) - 1)
                facing = (facing + (1 if lat == "L" else 5 if lat == "R" else 0)) % 6
                alt += 1 if ver == "+" else -1 if ver == "-" else 0
                delta += (-1 if lat != "." else 0) + (-1 if ver == "+" else 1 if ver == "-" else 0)
                moves.append((lat, ver))
            if cell < 0:
                continue
            cell = movement.straight(b, cell, facing, speed - moved, path)
            alts += [alt] * (len(path) - len(alts))
            if cell < 0 or not lo <= speed + delta <= hi:
                continue
            yield Flight(
                plan=Plan(aircraft=a.id, speed=speed, template=level),
                moves=tuple(moves),
                path=tuple(path),
                alts=tuple(alts),
                turned_at=tuple(turned),
                end=(cell, facing, alt),
                speed=speed + delta,
            )


def search(
    state: Scene,
    a: Craft,
    level: int,
    goal: int,
    ok: Callable[[Flight], bool],
    *,
    speeds: list[int] | None = None,
) -> tuple[Plan, Moves] | None:
    """The first of :func:`flights` that ``ok`` accepts and that does not reach the border."""
    for f in flights(state, a, level, goal, speeds=speeds):
        if ok(f) and not at_border(state, f.end):
            return f.plan, list(f.moves)
    return None


def low_speeds(state: Scene, a: Craft, goal: int) -> list[int] | None:
    """konrad.18: down at altitude 1 "all other aircraft will fly at a maximum speed of 3"
    (fighterbombers faster); None: no limit."""
    specs = builtin()
    ds = rules.sheet(a, specs)
    if goal > 1 or specs.classes[ds.klass].flies_low_freely:
        return None
    lo, hi = rules.min_speed(a, ds), rules.max_speed(a, ds)
    speeds = range(max(1, a.speed - ds.engine_power - 1), min(a.speed + ds.engine_power, hi) + 1)
    return [v for v in speeds if lo <= v <= specs.tables.flying_low_speed] or [max(lo, min(speeds))]


def search_pass(
    state: Scene,
    a: Craft,
    level: int,
    target: int,
    goal: int,
    *,
    speeds: list[int] | None = None,
    end_on: bool = False,
    land: bool = False,
) -> tuple[Plan, Moves] | None:
    """A move whose path crosses ``target`` (or ends on it with ``end_on``; or, with
    ``land``, ends at altitude 1 where a straight landing at minimum speed stops beside it)."""
    b = board(state.width, state.height)
    ds = rules.sheet(a)
    if speeds is None:
        speeds = low_speeds(state, a, goal)

    def ok(f: Flight) -> bool:
        if land:
            stop = movement.straight(b, f.end[0], f.end[1], ds.min_speed, None)
            return f.end[2] == 1 and stop >= 0 and b.distance(stop, target) <= 1
        return f.end[0] == target if end_on else target in f.path[1:]

    return search(state, a, level, goal, ok, speeds=speeds)


def bombs_over(target: int, goal: int) -> Callable[[Flight], bool]:
    """A bomb run (ground.hit.2): over the target's hex, "without turning at the target hex or
    the hex before", the move ending at altitude ``goal``."""

    def ok(f: Flight) -> bool:
        if f.end[2] != goal or target not in f.path[1:]:
            return False
        k = f.path.index(target)
        return not any(p in (k, k - 1) for p in f.turned_at)

    return ok


def approach(
    state: Scene,
    a: Craft,
    level: int,
    goal: int,
    target: int,
    run: Callable[[Flight], bool],
    run_goal: int,
    *,
    tries: int = 20,
) -> tuple[Plan, Moves] | None:
    """The move that sets up ``run`` (a bomb run or an attack on a ground target) for the
    next one: of this move's flights, ranked by how nearly they end with the target dead
    ahead and within the next move's reach (at altitude ``goal``, fast enough to turn), the
    first from which a flight of the next move is a ``run``; else the best ranked."""
    specs = builtin()
    b = board(state.width, state.height)
    ds = rules.sheet(a, specs)
    turning = specs.templates[AGILITY[level]].first
    ranked: list[tuple[tuple[int, int], Flight]] = []
    for f in flights(state, a, level, goal):
        if at_border(state, f.end) or f.end[0] == target:
            continue
        sec = b.sector(f.end[1], f.end[0], target)
        d = b.distance(f.end[0], target)
        reach = f.speed + ds.engine_power
        score = 2 * min(sec, 24 - sec) + (0 if 1 <= d <= reach else abs(d - reach))
        score += abs(f.end[2] - goal) + (8 if f.speed < turning else 0)
        ranked.append(((score, -f.speed), f))
    if not ranked:
        return None
    ranked.sort(key=lambda x: x[0])
    base = rules.agility(a, ds, specs)
    # a clumsy aircraft (few moves to choose from) looks two moves ahead, an agile one one
    depth = 2 if len(ranked) <= 12 else 1

    def can_run(craft: Craft, f: Flight, depth: int) -> bool:
        moved = msgspec.structs.replace(
            craft, cell=f.end[0], facing=f.end[1], altitude=f.end[2], speed=f.speed
        )
        nxt = [
            g
            for g in flights(
                state, moved, base, run_goal, speeds=low_speeds(state, moved, run_goal)
            )
            if not at_border(state, g.end)
        ]
        if any(run(g) for g in nxt):
            return True
        return depth > 1 and any(can_run(moved, g, depth - 1) for g in nxt)

    for _, f in ranked[:tries]:
        if can_run(a, f, depth):
            return f.plan, list(f.moves)
    return ranked[0][1].plan, list(ranked[0][1].moves)


def firing_position(state: Scene, a: Craft, end: End, t: Craft) -> bool:
    """Whether ``a`` at ``end`` (cell, facing, altitude) brings a weapon to bear on ``t``."""
    if (
        board(state.width, state.height).distance(end[0], t.cell) - 1
        > builtin().tables.range_bands[-1]
    ):
        return False  # out of range of every hex of its hull (what combat.mount_dice checks first)
    moved = msgspec.structs.replace(a, cell=end[0], facing=end[1], altitude=end[2])
    return any(combat.mount_dice(state, moved, i, t) > 0 for i in range(len(rules.mounts(a))))


def ground_position(state: Scene, a: Craft, end: End, g: AnyGround) -> int:
    """The dice ``a`` at ``end`` brings to bear on the ground target ``g`` with its onboard
    weapons and air-to-ground missiles (bombs need a bomb run, see :func:`bombs_over`)."""
    moved = msgspec.structs.replace(a, cell=end[0], facing=end[1], altitude=end[2], path=(end[0],))
    dice = sum(combat.ground_mount_dice(state, moved, i, g) for i in range(len(rules.mounts(a))))
    return dice + sum(combat.ground_load_dice(state, moved, name, g) for name in a.loads)


def simulate(
    state: Scene,
    a: Craft,
    speed: int,
    level: int,
    steer: Any,
    *,
    climb_to: int,
    levels: int = 5,
    floor: int = MIN_ALTITUDE,
) -> tuple[Moves, End | None]:
    """Fly ``speed`` hexes on the template of ``level``, turning at each turn point towards
    ``steer(cell, facing)`` and climbing or diving one level a point towards ``climb_to``
    (never below ``floor``, konrad.18), skipping turns and climbs that would end below minimum
    speed (konrad.11). Returns the manoeuvres and the end (cell, facing, altitude), or None
    for the end when it leaves the board."""
    specs = builtin()
    ds = rules.sheet(a, specs)
    b = board(state.width, state.height)
    lo = rules.min_speed(a, ds)
    hi = rules.max_speed(a, ds)
    pts = movement.turn_points(speed, specs.templates[AGILITY[level]])
    cell, facing, alt, moved, delta = a.cell, a.facing, a.altitude, 0, 0
    moves: Moves = []
    for p in pts:
        cell = movement.straight(b, cell, facing, p - moved, None)
        if cell < 0:
            return moves, None
        moved = p
        want = steer(cell, facing)
        lat = "." if want == facing else "L" if (want - facing) % 6 <= 3 else "R"
        ver = (
            "+"
            if alt < climb_to and alt < specs.tables.max_altitude
            else "-"
            if alt > max(climb_to, floor)
            else "."
        )
        if abs(alt - a.altitude) >= levels:
            ver = "."
        # keep the end within the speed limits (the least-costly future is "straight, level")
        if lat != "." and speed + delta - 1 + (1 if ver == "-" else -1 if ver == "+" else 0) < lo:
            lat = "."
        if ver == "+" and speed + delta + (-1 if lat != "." else 0) - 1 < lo:
            ver = "."
        if ver == "-" and speed + delta + (-1 if lat != "." else 0) + 1 > hi:
            ver = "."
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
