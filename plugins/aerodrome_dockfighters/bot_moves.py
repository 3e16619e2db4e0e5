"""Konrad's movement procedures (clauses konrad.7-14): Patrol, Attack with its lock-on,
the Immelmann check, the turn-about at the border, the escape behaviours, Fly to and Guard.

A mixin of :class:`aerodrome_dockfighters.bot.Konrad`, which owns the status per aircraft
and answers the decisions; each procedure returns the whole move it plans (a
:class:`~aerodrome_dockfighters.state.Plan` and its manoeuvres).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from aerodrome.data import Action
from aerodrome_dockfighters import docking, movement, rules
from aerodrome_dockfighters.board import arc_sectors, board
from aerodrome_dockfighters.flight import (
    EDGE,
    MIN_ALTITUDE,
    firing_position,
    safety,
    search_pass,
    simulate,
)
from aerodrome_dockfighters.specs import builtin
from aerodrome_dockfighters.state import Plan
from aerodrome_dockfighters.views import Craft, Scene

PATROL, ATTACK, ESCAPE = "patrol", "attack", "escape"
#: Patrol direction by d6 (konrad.7): hexsides to the left (+) or right (-).
PATROL_TURN = (2, 1, 0, 0, -1, -2)


class KonradMoves:
    """The movement procedures; the agent sets the attributes below."""

    rng: random.Random
    escape: str | None
    ranged: bool
    priority: str | None
    status: dict[int, str]
    before_escape: dict[int, str]

    @staticmethod
    def _ward(state: Scene, a: Craft) -> Craft | None:
        """Guard (konrad.13): the nearest friendly airship or mission aircraft."""
        b = board(state.width, state.height)
        wards = [
            o for o in state.aircraft
            if o.player == a.player and o.id != a.id and o.status == "flying"
            and (o.role or rules.sheet(o).klass == "airship")
        ]
        return min(wards, key=lambda o: b.distance(a.cell, o.cell)) if wards else None

    def _escape(
        self, state: Scene, a: Craft, level: int, legal: Sequence[Action]
    ) -> tuple[Plan, list[tuple[str, str]]]:
        specs = builtin()
        ds = rules.sheet(a, specs)
        hi = rules.max_speed(a, ds)
        if self.escape == "repair":
            home = [
                o for o in state.aircraft
                if o.player == a.player and o.id != a.id and docking.has(o, "docking clamp")
            ]
            if not home:
                self.status[a.id] = self.before_escape.get(a.id, PATROL)
                return self._attack(state, a, level, legal)
            b = board(state.width, state.height)
            ship = min(home, key=lambda o: b.distance(a.cell, o.cell))
            return self._fly_to(state, a, level, ship.cell, ship.altitude)
        want = self.escape_direction(state, a)
        if self.escape == "avoid":  # like Retreat, but no speed or altitude change, no exit
            speed, goal = a.speed, a.altitude
        else:  # Retreat: full speed; dive for speed, or climb once at full speed
            speed = min(a.speed + ds.engine_power, hi)
            goal = a.altitude
            if speed + ds.engine_power < hi and a.altitude >= 3:
                goal = a.altitude - 1
            elif speed == hi and a.altitude < specs.tables.max_altitude:
                goal = a.altitude + 1
        moves, end = simulate(state, a, speed, level, lambda cell, facing: want, climb_to=goal)
        if self.escape == "avoid" and (end is None or safety(state, end) < EDGE):
            return self._turn_about(state, a, level, speed)
        return Plan(aircraft=a.id, speed=speed, template=level), moves

    @staticmethod
    def escape_direction(state: Scene, a: Craft) -> int:
        """konrad.14 Retreat 4: away from the enemy behind first, then the nearest (12 o'clock
        clockwise on ties); of the directions that open the distance the middle one, of two
        the right-hand one."""
        b = board(state.width, state.height)
        rear = arc_sectors(builtin().arcs["rear"].sectors)
        enemies = [e for e in state.aircraft if e.player != a.player and e.status == "flying" and e.cell != a.cell]
        if not enemies:
            return a.facing

        def order(e: Craft) -> tuple[int, int, int]:
            sec = b.sector(a.facing, a.cell, e.cell)
            return (0 if sec in rear else 1, b.distance(a.cell, e.cell), (-sec) % 24)

        foe = min(enemies, key=order)
        here = b.distance(a.cell, foe.cell)
        away = [
            d for d in range(6)
            if (n := b.step[a.cell * 6 + d]) < 0 or b.distance(n, foe.cell) > here
        ]
        if not away:
            return a.facing
        # order the opening directions clockwise round the circle and take the middle
        start = next((d for d in away if (d + 1) % 6 not in away), away[0])
        run = [start]
        while (run[-1] + 5) % 6 in away and len(run) < len(away):
            run.append((run[-1] + 5) % 6)
        return run[len(run) // 2] if len(run) != 2 else run[1]

    def _fly_to(
        self, state: Scene, a: Craft, level: int, cell: int, altitude: int, *, leave: bool = False
    ) -> tuple[Plan, list[tuple[str, str]]]:
        """Fly to (konrad.13): the Attack speed rule and turns towards a point; ``leave``
        lets the move run off the board (a mission exit)."""
        b = board(state.width, state.height)
        ds = rules.sheet(a)
        dist = b.distance(a.cell, cell)
        lo, hi = rules.min_speed(a, ds), rules.max_speed(a, ds)
        if leave or dist - 3 > a.speed:
            speed = min(a.speed + ds.engine_power, hi)
        elif a.speed + 2 > dist:
            speed = max(a.speed - ds.engine_power - 1, lo)
        else:
            speed = a.speed
        if altitude <= 1 and not builtin().classes[ds.klass].flies_low_freely:
            speed = min(speed, max(lo, builtin().tables.flying_low_speed))  # konrad.18

        def steer(here: int, facing: int) -> int:
            if here == cell:
                return facing
            sec = b.sector(facing, here, cell)
            if sec in (0, 1, 23):
                return facing
            return (facing + 1) % 6 if 0 < sec < 12 else (facing + 5) % 6

        moves, end = simulate(state, a, speed, level, steer, climb_to=altitude)
        if end is None and not leave:
            return self._turn_about(state, a, level, speed)
        return Plan(aircraft=a.id, speed=speed, template=level), moves

    # -- mission aircraft: Fly to the mission's targets (konrad.13) -------------------------
    def _mission(
        self, state: Scene, a: Craft, level: int, legal: Sequence[Action]
    ) -> tuple[Plan, list[tuple[str, str]]] | Action | None:
        """A recon, agent or cargo aircraft flies to its mission's next target: the nearest
        objective not yet photographed, the meeting point (or the next candidate), the train,
        the board edge to leave by. None: nothing left to fly to (normal behaviour)."""
        b = board(state.width, state.height)
        key = state.squadrons[a.player].mission
        mine = [o for o in state.objectives if o.owner == a.player]
        ds = rules.sheet(a)
        if a.role == "cargo" or (a.role == "recon" and key == "recon-escort" and mine and all(o.done for o in mine)):
            far = 0 if (a.role == "cargo") == (a.player == 0) else state.height - 1
            return self._fly_to(state, a, level, b.cell(a.cell % state.width, far), a.altitude, leave=True)
        if a.role == "recon":
            todo = [o for o in mine if not o.done]
            if not todo:
                return None
            goal = 3 if key == "aerial-surveillance" else 4 if key == "flying-eye" else a.altitude
            target = min(todo, key=lambda o: b.distance(a.cell, o.cell))
            found = search_pass(state, a, level, target.cell, goal)
            return found or self._fly_to(state, a, level, target.cell, goal)
        if a.role == "agent":
            train = [o for o in mine if o.kind == "train"]
            meeting = [o for o in mine if o.kind == "meeting" and not o.done]
            cands = [o for o in mine if o.kind == "candidate"]
            order = train or meeting or sorted(cands, key=lambda o: b.distance(a.cell, o.cell))
            if not order:
                return None
            target = order[0]
            dist = b.distance(a.cell, target.cell)
            if meeting and a.altitude == 1:
                for p in legal:
                    if isinstance(p, Plan) and p.template == movement.LAND:
                        stop = movement.straight(b, a.cell, a.facing, p.speed, None)
                        if stop >= 0 and b.distance(stop, target.cell) <= 1:
                            return p
            low = 1 if (meeting or train) and dist <= 6 else MIN_ALTITUDE
            if train and a.altitude == 1:  # end over the train at minimum speed
                found = search_pass(state, a, level, target.cell, 1, speeds=[ds.min_speed], end_on=True)
                if found is not None:
                    return found
            found = None
            if meeting and dist <= 8:  # set up the landing run
                found = search_pass(state, a, level, target.cell, 1, land=True)
            if found is None and dist <= 8:
                found = search_pass(state, a, level, target.cell, low)
            return found or self._fly_to(state, a, level, target.cell, low)
        return None

    # -- movement procedures ----------------------------------------------------------------
    def _patrol(self, state: Scene, a: Craft, level: int) -> tuple[Plan, list[tuple[str, str]]]:
        """konrad.7: full speed, a rolled direction, turn towards it, climb to the ceiling."""
        ds = rules.sheet(a)
        speed = min(a.speed + ds.engine_power, rules.max_speed(a, ds))
        want = (a.facing + PATROL_TURN[self.rng.randint(1, 6) - 1]) % 6
        top = builtin().tables.max_altitude
        moves, end = simulate(state, a, speed, level, lambda cell, facing: want, climb_to=top, levels=1)
        if end is None or safety(state, end) < EDGE:  # the border: turn about
            return self._turn_about(state, a, level, speed)
        return Plan(aircraft=a.id, speed=speed, template=level), moves

    def _turn_about(self, state: Scene, a: Craft, level: int, speed: int) -> tuple[Plan, list[tuple[str, str]]]:
        """konrad.7: at the border turn about (180 degrees), at whatever speed and height lets
        the aircraft turn and stay on the board (the scenarios here let no bot escape)."""
        ds = rules.sheet(a)
        lo, hi = rules.min_speed(a, ds), rules.max_speed(a, ds)
        fast = min(a.speed + ds.engine_power, hi)
        slow = max(1, a.speed - ds.engine_power - 1)
        best: tuple[int, Plan, list[tuple[str, str]]] | None = None
        for want in ((a.facing + 3) % 6, (a.facing + 2) % 6, (a.facing + 4) % 6):
            for v in range(fast, slow - 1, -1):
                for lv in range(level, -1, -1):
                    for goal in (a.altitude, a.altitude - 2):
                        moves, end = simulate(state, a, v, lv, lambda cell, facing, w=want: w, climb_to=goal)
                        if end is None:
                            continue
                        room = safety(state, end)
                        if best is None or room > best[0]:
                            best = (room, Plan(aircraft=a.id, speed=v, template=lv), moves)
                        if room >= EDGE:
                            return best[1], best[2]
        if best is not None:
            return best[1], best[2]
        return Plan(aircraft=a.id, speed=max(lo, min(speed, hi)), template=level), []

    def _attack(
        self, state: Scene, a: Craft, level: int, legal_plans: Sequence[Action] = ()
    ) -> tuple[Plan, list[tuple[str, str]]]:
        """konrad.8-12: lock on to the targets in order, Immelmann first, then manoeuvre."""
        b = board(state.width, state.height)
        ds = rules.sheet(a)
        enemies = [e for e in state.aircraft if e.player != a.player and e.status == "flying"]
        if not enemies:
            return self._patrol(state, a, level)
        waiting = set(state.queue)  # not yet moved this phase

        def order(e: Craft) -> tuple[int, int, int]:
            clock = (-b.sector(a.facing, a.cell, e.cell)) % 24 if e.cell != a.cell else 0
            return (1 if e.id in waiting else 0, b.distance(a.cell, e.cell), clock)

        targets = sorted(enemies, key=order)
        if self.priority:  # konrad.8: the mission's priority targets first
            targets.sort(key=lambda e: rules.sheet(e).klass != self.priority)
        if self.ranged:  # konrad.13: skip targets within 10 hexes unless none is farther
            far = [t for t in targets if b.distance(a.cell, t.cell) >= 10]
            targets = far or targets[-1:]
        fallback: tuple[Plan, list[tuple[str, str]]] | None = None
        for t in targets:
            imm = self._immelmann(state, a, t)
            if imm is not None and imm in legal_plans:
                return imm, []
            dist = b.distance(a.cell, t.cell)
            lo, hi = rules.min_speed(a, ds), rules.max_speed(a, ds)
            if dist - 3 > a.speed:
                speed = min(a.speed + ds.engine_power, hi)
            elif a.speed + 2 > dist:
                speed = max(a.speed - ds.engine_power - 1, lo)
            else:
                speed = a.speed
            goal = t.altitude + 1 if t.altitude >= a.altitude else max(MIN_ALTITUDE, t.altitude + 1)

            def steer(cell: int, facing: int, tgt: Craft = t) -> int:
                front = arc_sectors(builtin().arcs["front"].sectors)
                if cell == tgt.cell:
                    return facing
                sec = b.sector(facing, cell, tgt.cell)
                if sec in front:
                    return facing
                return (facing + 1) % 6 if 0 < sec < 12 else (facing + 5) % 6

            moves, end = simulate(state, a, speed, level, steer, climb_to=goal)
            plan = Plan(aircraft=a.id, speed=speed, template=level)
            if end is None or safety(state, end) < EDGE:
                if fallback is None:
                    fallback = self._turn_about(state, a, level, speed)
                continue
            if fallback is None:
                fallback = (plan, moves)
            if end is not None and firing_position(state, a, end, t):
                return plan, moves
        assert fallback is not None
        return fallback

    def _immelmann(self, state: Scene, a: Craft, t: Craft) -> Plan | None:
        """konrad.9: an Immelmann into a firing position, up if speed allows, else down."""
        specs = builtin()
        ds = rules.sheet(a, specs)
        if not specs.classes[ds.klass].special_manoeuvres:
            return None
        b = board(state.width, state.height)
        ahead = b.step[a.cell * 6 + a.facing]
        if ahead < 0:
            return None
        lo, hi = rules.min_speed(a, ds), rules.max_speed(a, ds)
        for climb in (2, 1, -1, -2):
            alt = a.altitude + climb
            final = a.speed - climb
            if not (MIN_ALTITUDE <= alt <= specs.tables.max_altitude and lo <= final <= hi):
                continue
            end = (ahead, (a.facing + 3) % 6, alt)
            if firing_position(state, a, end, t):
                return Plan(aircraft=a.id, speed=a.speed, template=-1, climb=climb)
        return None
