"""Movement (phase 1.3/1.4): speed, templates, turn points, turns, climbs, dives, Immelmann,
barrel roll, flying low, board edge, occupied hexes.

A move is asked as a short chain of decisions so that legal-move enumeration stays small
and fast: first a :class:`Plan` (new speed and template, or an Immelmann), then one
:class:`Manoeuvre` per turn point of the template. Options that could no longer end the move
within the aircraft's speed limits are not offered (a squadron leader never flies into a
tailspin on purpose), nor options ending on an occupied hex while another end is free.
"""

from __future__ import annotations

from aerodrome_dockfighters import rules
from aerodrome_dockfighters.airspace import airship_cells, bump, leave_board, occupied, storm_cells
from aerodrome_dockfighters.board import Board, board
from aerodrome_dockfighters.context import DfContext, announce
from aerodrome_dockfighters.docking import tesla, tesla_ready, try_dock
from aerodrome_dockfighters.events import (
    AirshipDescended,
    Immelmann,
    MoveEnded,
    Punched,
    TookOff,
)
from aerodrome_dockfighters.objectives import after_move, photograph, touch_down
from aerodrome_dockfighters.specs import AGILITY, Specs, Template, builtin
from aerodrome_dockfighters.state import Aircraft, DfState, Manoeuvre, MoveProgress, Plan

LATERAL = (".", "L", "R", "FL", "FR", "RL", "RR")
VERTICAL = (".", "+", "-")
#: Barrel roll hex directions relative to the facing (clause barrel.1): forward left/right,
#: rear left/right.
ROLL_DIRECTION = {"FL": 1, "FR": 5, "RL": 2, "RR": 4}
LATERAL_SPEED = {".": 0, "L": -1, "R": -1, "FL": -1, "FR": -1, "RL": -1, "RR": -1}
VERTICAL_SPEED = {".": 0, "+": -1, "-": 1}
IMMELMANN = -1
LAND = -2
TAKE_OFF = -3
STAY = -4
TESLA = -5


def turn_points(speed: int, t: Template) -> tuple[int, ...]:
    """Hexes moved before each turn point of template ``t`` at movement ``speed``
    (clause move.7; e.g. medium at speed 6: ``(3, 6)``, very high at 5: ``(0, 3)``); kept
    per speed and template on the specs object."""
    return builtin().turn_points(speed, t)


def straight(b: Board, cell: int, facing: int, hexes: int, path: list[int] | None) -> int:
    """Fly ``hexes`` straight ahead (backwards when negative, airships); -1 when the aircraft
    leaves the board (clause move.17)."""
    d = facing if hexes >= 0 else (facing + 3) % 6
    step = b.step
    for _ in range(abs(hexes)):
        cell = step[cell * 6 + d]
        if cell < 0:
            return -1
        if path is not None:
            path.append(cell)
    return cell


def punch(state: DfState, ship: Aircraft, ctx: DfContext) -> None:
    """Clause airship.21: a moving airship pushes the aircraft in its way (not airships) to
    the nearest free hex without changing their facing. A passed check lets the owner change
    altitude (read: he keeps it); a failed one lets the airship player choose (read: one level
    down, +1 speed, and at altitude 1 a crash credited to the airship)."""
    b = board(state.width, state.height)
    mine = airship_cells(state, ship)
    for o in state.aircraft:
        if (
            o.id == ship.id
            or o.status != "flying"
            or o.altitude != ship.altitude
            or o.cell not in mine
        ):
            continue
        if rules.sheet(o).klass == "airship":
            continue
        for c in b.within(o.cell, 4)[1:]:
            if c not in mine and not occupied(state, c, o.altitude, o.id):
                o.cell = c
                break
        announce(ctx, Punched, airship=ship.id, aircraft=o.id, cell=o.cell)
        if rules.pilot_check(state, o, ctx, "punched out of the way"):
            continue
        if o.altitude <= 1:
            rules.destroy(
                state, o, ctx, ship.id, excess=0, why="pushed into the ground", bail=False
            )
            continue
        o.altitude -= 1
        o.speed += 1
        if occupied(state, o.cell, o.altitude, o.id):
            bump(state, o)
        rules.overspeed(state, o, ctx, ship.id)


def can_climb(a: Aircraft, specs: Specs) -> bool:
    """Descending airships cannot climb (clause airship.6)."""
    ds = specs.aircraft[a.datasheet]
    return not (ds.klass == "airship" and a.damage >= ds.yellow)


# -- plans --------------------------------------------------------------------------------------
def ground_options(state: DfState, a: Aircraft) -> list[Plan]:
    """A landed or grounded aircraft takes off at minimum speed, or stays (move.11); on the
    Airstrip Visit one grounded aircraft a turn may start (mission.airstrip.2)."""
    ds = builtin().aircraft[a.datasheet]
    stay = Plan(aircraft=a.id, speed=0, template=STAY)
    if a.status == "grounded" and (state.takeoff_turn == state.turn or not state.runway):
        return [stay]
    return [Plan(aircraft=a.id, speed=ds.min_speed, template=TAKE_OFF), stay]


def plan_options(state: DfState, a: Aircraft, specs: Specs | None = None) -> list[Plan]:
    """Every legal start of a move (clauses move.1, move.6, move.12, immelmann.*, move.10)."""
    s = specs or builtin()
    ds = s.aircraft[a.datasheet]
    if a.status in ("landed", "grounded"):
        return ground_options(state, a)
    b = board(state.width, state.height)
    top = s.tables.max_altitude
    lo, hi = rules.min_speed(a, ds), rules.max_speed(a, ds)
    ep = ds.engine_power
    is_airship = ds.klass == "airship"
    first_speed = a.speed - (ep + 1)
    first_speed = max(first_speed, lo if is_airship else 1)  # airship.3: not beyond reverse
    speeds = range(first_speed, min(a.speed + ep, hi) + 1)
    agil = rules.agility(a, ds, s)
    levels = list(range(agil + 1)) + (
        [agil + 1] if agil + 1 < len(AGILITY) and not is_airship else []
    )
    climb_ok = can_climb(a, s)
    known = builtin()  # turn_points' specs
    templates = [
        (level, t, known.points_by_speed(t))
        for level, t in ((level, s.templates[AGILITY[level]]) for level in levels)
    ]
    ahead = b.step[a.cell * 6 + a.facing] if s.classes[ds.klass].special_manoeuvres else -1
    ahead_free: dict[int, bool] = {}  # Immelmann: is the hex ahead free at that altitude?
    straight_free: dict[int, bool] = {}  # no turn point: is the end hex free at that speed?
    out: list[Plan] = []
    free_end: list[Plan] = []
    room_up = (
        top - a.altitude if climb_ok else 0
    )  # how far the turn points can still climb or dive (move.8-9)
    room_down = a.altitude - 1
    for speed in speeds:
        for level, t, by_speed in templates:
            pts = by_speed.get(speed)
            if pts is None:
                pts = by_speed[speed] = known.turn_points(speed, t)
            n = len(pts)
            # speed + min(n, room_down) < lo or speed - n - min(n, room_up) > hi (inline)
            if (
                speed + (n if n < room_down else room_down) < lo
                or speed - n - (n if n < room_up else room_up) > hi
            ):
                continue
            plan = Plan(aircraft=a.id, speed=speed, template=level)
            out.append(plan)
            if pts:
                free_end.append(plan)
            else:  # no turn point: straight on; is the end hex free? (the same for every level)
                free = straight_free.get(speed)
                if free is None:
                    end = straight(b, a.cell, a.facing, speed, None)
                    free = straight_free[speed] = end < 0 or not occupied(
                        state, end, a.altitude, a.id
                    )
                if free:
                    free_end.append(plan)
        if ahead < 0:
            continue
        for climb in (2, 1, -1, -2):  # immelmann.2: up or down, never level
            alt = a.altitude + climb
            if not (1 <= alt <= top and lo <= speed - climb <= hi):
                continue
            plan = Plan(aircraft=a.id, speed=speed, template=IMMELMANN, climb=climb)
            out.append(plan)
            free = ahead_free.get(alt)
            if free is None:
                free = ahead_free[alt] = not occupied(state, ahead, alt, a.id)
            if free:
                free_end.append(plan)
    if is_airship and tesla_ready(state, a):  # airship.18: straight on, unaltered
        free_end.append(Plan(aircraft=a.id, speed=a.speed, template=TESLA))
    has_gear = ds.klass not in ("airship", "dockfighter")  # dockfighters house no gear
    if has_gear and a.altitude == 1 and a.speed - (ep + 1) <= lo <= a.speed + ep:
        end = straight(b, a.cell, a.facing, lo, None)
        if end >= 0 and not occupied(state, end, 1, a.id):
            free_end.append(Plan(aircraft=a.id, speed=lo, template=LAND))
    return free_end or out or [Plan(aircraft=a.id, speed=max(a.speed, lo), template=0)]


def start(state: DfState, a: Aircraft, plan: Plan, ctx: DfContext) -> MoveProgress | None:
    """Begin the move of ``plan``; returns the progress when manoeuvre decisions follow."""
    s = builtin()
    ds = s.aircraft[a.datasheet]
    b = board(state.width, state.height)
    if plan.template in (LAND, TAKE_OFF, STAY):
        _ground_move(state, a, plan, ctx)
        return None
    if plan.template == TESLA:
        path = [a.cell]
        end = straight(b, a.cell, a.facing, plan.speed, path)
        a.path, a.path_alts, a.turned_at = path, [a.altitude] * len(path), []
        if end < 0:
            _off_board(state, a, ctx, path[-1], a.facing if plan.speed >= 0 else (a.facing + 3) % 6)
            return None
        a.cell = end
        _after_move(state, a, plan.speed, a.altitude, False, ctx)
        if a.status == "flying":
            tesla(state, a, ctx)
        return None
    if plan.template == IMMELMANN:  # immelmann.1-3: the whole move
        ahead = b.step[a.cell * 6 + a.facing]
        start_alt = a.altitude
        a.cell = ahead
        a.facing = (a.facing + 3) % 6
        a.altitude += plan.climb
        a.speed = plan.speed - plan.climb
        a.path, a.path_alts = [ahead], [a.altitude]
        a.turned_at = [0]
        announce(ctx, Immelmann, aircraft=a.id, cell=a.cell, altitude=a.altitude, speed=a.speed)
        _after_move(state, a, plan.speed, start_alt, a.altitude == 1 and plan.climb < 0, ctx)
        return None
    boosted = plan.template > rules.agility(a, ds, s)  # move.12: increased agility
    if boosted and not rules.pilot_check(state, a, ctx, "increased agility"):
        rules.critical(state, a, ctx)
        if a.status != "flying":
            return None
    t = s.templates[AGILITY[plan.template]]
    prog = MoveProgress(
        aircraft=a.id,
        speed=plan.speed,
        template=plan.template,
        points=list(turn_points(plan.speed, t)),
        cell=a.cell,
        facing=a.facing,
        altitude=a.altitude,
        start_altitude=a.altitude,
        path=[a.cell],
        path_alts=[a.altitude],
    )
    return _advance(state, a, prog, ctx)


def _advance(
    state: DfState, a: Aircraft, prog: MoveProgress, ctx: DfContext
) -> MoveProgress | None:
    """Fly straight to the next turn point, or to the end of the move."""
    b = board(state.width, state.height)
    target = prog.points[prog.index] if prog.index < len(prog.points) else abs(prog.speed)
    n = target - prog.moved
    sign = 1 if prog.speed >= 0 else -1
    cell = straight(b, prog.cell, prog.facing, sign * n, prog.path)
    prog.path_alts += [prog.altitude] * (len(prog.path) - len(prog.path_alts))
    if cell < 0:
        a.path, a.path_alts = prog.path, prog.path_alts
        _off_board(state, a, ctx, prog.path[-1], prog.facing if sign > 0 else (prog.facing + 3) % 6)
        return None
    prog.cell = cell
    prog.moved = target
    if prog.index < len(prog.points):
        return prog
    _finish(state, a, prog, ctx)
    return None


def manoeuvre_options(
    state: DfState, prog: MoveProgress, specs: Specs | None = None
) -> list[Manoeuvre]:
    """Legal choices at the current turn point (clauses move.7-9, barrel.1-3)."""
    s = specs or builtin()
    a = state.aircraft[prog.aircraft]
    ds = s.aircraft[a.datasheet]
    b = board(state.width, state.height)
    top = s.tables.max_altitude
    lo, hi = rules.min_speed(a, ds), rules.max_speed(a, ds)
    remaining = len(prog.points) - prog.index - 1
    at_end = prog.points[prog.index] >= abs(prog.speed)
    rolls = s.classes[ds.klass].special_manoeuvres and not at_end
    climb_ok = can_climb(a, s)
    last = remaining == 0
    sign = 1 if prog.speed >= 0 else -1
    out: list[Manoeuvre] = []
    free: list[Manoeuvre] = []
    for lat in LATERAL:
        if lat in ROLL_DIRECTION:
            if not rolls:
                continue
            cell = b.step[prog.cell * 6 + (prog.facing + ROLL_DIRECTION[lat]) % 6]
            if cell < 0:
                continue
            facing = prog.facing
        else:
            cell = prog.cell
            facing = (prog.facing + (1 if lat == "L" else -1 if lat == "R" else 0)) % 6
        end: int | None = None
        for ver in VERTICAL:
            if ver == "+" and (prog.altitude >= top or not climb_ok):
                continue
            if ver == "-" and prog.altitude <= 1:
                continue
            alt = prog.altitude + (1 if ver == "+" else -1 if ver == "-" else 0)
            now = prog.speed + prog.delta + LATERAL_SPEED[lat] + VERTICAL_SPEED[ver]
            # the lowest and highest speed change the remaining turn points can make (move.8-9)
            down = alt - 1
            if now + (remaining if remaining < down else down) < lo:
                continue
            up = top - alt
            if now - remaining - ((remaining if remaining < up else up) if climb_ok else 0) > hi:
                continue
            m = Manoeuvre(aircraft=a.id, lateral=lat, vertical=ver)
            out.append(m)
            if last:
                if end is None:  # the end hex: the same for every vertical choice
                    end = straight(b, cell, facing, sign * (abs(prog.speed) - prog.moved), None)
                if end >= 0 and occupied(state, end, alt, a.id):
                    continue
            free.append(m)
    return free or out or [Manoeuvre(aircraft=a.id, lateral=".", vertical=".")]


def manoeuvre(
    state: DfState, prog: MoveProgress, m: Manoeuvre, ctx: DfContext
) -> MoveProgress | None:
    """Apply a manoeuvre at the turn point and fly on (speed changes wait for the end, move.3)."""
    a = state.aircraft[prog.aircraft]
    b = board(state.width, state.height)
    if m.lateral != ".":
        prog.turned_at.append(len(prog.path) - 1)  # the path index of the hex turned at
    if m.vertical == "+":  # the climb or dive is made at the turn point (move.8)
        prog.altitude += 1
    elif m.vertical == "-":
        prog.altitude -= 1
        if prog.altitude == 1:
            prog.low = True
    if m.lateral in ROLL_DIRECTION:
        prog.cell = b.step[prog.cell * 6 + (prog.facing + ROLL_DIRECTION[m.lateral]) % 6]
        prog.path.append(prog.cell)
        prog.path_alts.append(prog.altitude)
    elif m.lateral == "L":
        prog.facing = (prog.facing + 1) % 6
    elif m.lateral == "R":
        prog.facing = (prog.facing + 5) % 6
    prog.delta += LATERAL_SPEED[m.lateral] + VERTICAL_SPEED[m.vertical]
    prog.plan += m.lateral + m.vertical + " "
    prog.index += 1
    return _advance(state, a, prog, ctx)


def _finish(state: DfState, a: Aircraft, prog: MoveProgress, ctx: DfContext) -> None:
    """End of the move: place the aircraft, apply the speed changes (move.3) and checks."""
    a.cell = prog.cell
    a.facing = prog.facing
    a.altitude = prog.altitude
    a.speed = prog.speed + prog.delta
    a.path, a.path_alts = prog.path, prog.path_alts
    a.turned_at = prog.turned_at
    _after_move(state, a, prog.speed, prog.start_altitude, prog.low or prog.altitude == 1, ctx)


def _ended(a: Aircraft, ctx: DfContext) -> None:
    """The log says where the aircraft ended its move (move.3; after a bump off an occupied
    hex), before the checks that follow it."""
    announce(
        ctx,
        MoveEnded,
        aircraft=a.id,
        cell=a.cell,
        facing=a.facing,
        altitude=a.altitude,
        speed=a.speed,
    )


def _after_move(
    state: DfState, a: Aircraft, speed: int, start_alt: int, low: bool, ctx: DfContext
) -> None:
    s = builtin()
    ds = s.aircraft[a.datasheet]
    if occupied(state, a.cell, a.altitude, a.id):
        bump(state, a)
    _ended(a, ctx)
    if ds.klass == "airship":
        punch(state, a, ctx)
        _airship_descent(state, a, ctx)
        after_move(state, a, ctx)
        return
    # move.4 / move.5: over maximum or under minimum speed
    if a.speed > rules.max_speed(a, ds):
        rules.destroy(state, a, ctx, -1, excess=0, why="over maximum speed")
        return
    if a.speed < rules.min_speed(a, ds):
        rules.destroy(state, a, ctx, -1, excess=0, why="tailspin")
        return
    # move.13 / move.14: flying low
    low = low and speed > s.tables.flying_low_speed and not s.classes[ds.klass].flies_low_freely
    if low and not rules.pilot_check(state, a, ctx, "flying low"):
        rules.destroy(state, a, ctx, -1, excess=0, why="hit a ground object", bail=False)
        return
    # weather.10: into or out of a thunderstorm cloud, one check per move
    storm = storm_cells(state)
    in_storm = bool(storm) and any(c in storm for c in a.path)
    if in_storm and not rules.pilot_check(state, a, ctx, "thunderstorm"):
        rules.critical(state, a, ctx)
    after_move(state, a, ctx)
    try_dock(state, a, ctx)


def _ground_move(state: DfState, a: Aircraft, plan: Plan, ctx: DfContext) -> None:
    """Landing (move.10): straight at minimum speed at altitude 1, landed at the end; with
    damaged gear a pilot check or the plane is lost and the pilot wounded (killed if already
    wounded, check.2). Taking off (move.11): straight at minimum speed, ends at altitude 1."""
    b = board(state.width, state.height)
    if plan.template == STAY:
        return
    path = [a.cell] if a.cell >= 0 else []
    if plan.template == TAKE_OFF:
        if a.status == "grounded":  # from the end of the runway (mission.airstrip.2)
            a.cell, a.facing = state.runway[0], state.runway_facing
            path = [a.cell]
            state.takeoff_turn = state.turn
            hits = sum(1 for g in state.ground if g.name == "Runway" for _ in range(g.damage))
            for _ in range(hits):
                if not rules.pilot_check(state, a, ctx, "take off from a bombed runway"):
                    rules.critical(state, a, ctx)
        a.status, a.altitude, a.deployed = "flying", 1, True
    cell = straight(b, a.cell, a.facing, plan.speed, path)
    a.path, a.path_alts, a.turned_at = path, [a.altitude] * len(path), []
    if cell < 0:
        _off_board(state, a, ctx, path[-1], a.facing)
        return
    a.cell, a.speed = cell, plan.speed
    if occupied(state, a.cell, a.altitude, a.id):
        bump(state, a)
    if plan.template == TAKE_OFF:
        announce(ctx, TookOff, aircraft=a.id, cell=a.cell)
        return
    touch_down(state, a, ctx)


def _airship_descent(state: DfState, a: Aircraft, ctx: DfContext) -> None:
    """Clauses airship.6-7: a damaged airship drops 1 (7 damage) or 2 (10 damage) levels at
    the end of each move; hitting the ground destroys it with all crew. Its damage brought it
    down: the last damage point takes the kill (fame.3, fame.5: "When an airship is shot
    down ... the fame reward for a burning airship is enhanced by +2")."""
    ds = rules.sheet(a)
    drop = 2 if a.damage >= ds.structure else 1 if a.damage >= ds.yellow else 0
    if drop:
        a.altitude -= drop
        announce(ctx, AirshipDescended, aircraft=a.id, altitude=a.altitude)
        if a.altitude < 1:
            a.altitude = 1
            rules.destroy(
                state, a, ctx, a.last_hit_by, excess=0, why="airship hit the ground", bail=False
            )


def _off_board(state: DfState, a: Aircraft, ctx: DfContext, last: int, heading: int) -> None:
    """The move runs off the board (move.17): a recon aircraft still photographs what it
    flew over, then the aircraft has left."""
    photograph(state, a, ctx)
    leave_board(state, a, ctx, last, heading)
