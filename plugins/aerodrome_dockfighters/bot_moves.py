"""Konrad's movement procedures (clauses konrad.7-14, konrad.18): Patrol, Attack with its
lock-on, the Immelmann check, the 180-degree turn at the border, the escape behaviours, and
Fly to (the missions' recon, agent and cargo aircraft; the ground targets of a ground-attack
mission) and Guard.

A mixin of :class:`aerodrome_dockfighters.bot.Konrad`, which owns the status per aircraft
and answers the decisions; each procedure returns the whole move it plans (a
:class:`~aerodrome_dockfighters.state.Plan` and its manoeuvres). Everything is read from the
observation.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from aerodrome.api import Action
from aerodrome_dockfighters import challenges, docking, movement, rules
from aerodrome_dockfighters.airspace import margin
from aerodrome_dockfighters.board import arc_sectors, board
from aerodrome_dockfighters.flight import (
    MIN_ALTITUDE,
    Flight,
    Moves,
    approach,
    at_border,
    bombs_over,
    firing_position,
    ground_position,
    low_speeds,
    search,
    search_pass,
    simulate,
)
from aerodrome_dockfighters.specs import builtin
from aerodrome_dockfighters.state import Plan
from aerodrome_dockfighters.view import AnyGround, Craft, Scene

PATROL, ATTACK, ESCAPE = "patrol", "attack", "escape"
#: Patrol direction by d6 (konrad.7): hexsides to the left (+) or right (-).
PATROL_TURN = (2, 1, 0, 0, -1, -2)
#: Missions whose winning conditions name ground targets.
GROUND_MISSIONS = ("fighter-sweep", "big-hunt", "bomb-run", "airstrip-visit", "ace-challenge-2")
#: Hexes from a ground target at which an attack run is planned (a move at most).
RUN_DISTANCE = 8

Planned = tuple[Plan, Moves]


class KonradMoves:
    """The movement procedures; the agent sets the attributes below."""

    rng: random.Random
    escape: str | None
    ranged: bool
    priority: str | None
    status: dict[int, str]
    before_escape: dict[int, str]
    goals: dict[int, int]

    @staticmethod
    def _ward(state: Scene, a: Craft) -> Craft | None:
        """Guard (konrad.13): the nearest friendly airship or mission aircraft."""
        b = board(state.width, state.height)
        wards = [
            o
            for o in state.aircraft
            if o.player == a.player
            and o.id != a.id
            and o.status == "flying"
            and (o.role or rules.sheet(o).klass == "airship")
        ]
        return min(wards, key=lambda o: b.distance(a.cell, o.cell)) if wards else None

    # -- the border ---------------------------------------------------------------------------
    def _about_turn(
        self, state: Scene, a: Craft, level: int, speed: int, legal: Sequence[Action]
    ) -> Planned:
        """konrad.7: "In case you reach the border of the game map, turn 180 degrees": the
        Immelmann, the manoeuvre by which "an aircraft can turn 180 degrees" (up when the
        minimum speed allows, else down; never below altitude 2); an airship (no special
        manoeuvres) or an aircraft that cannot fly one turns towards the reverse direction at
        each turn point, at the speed and template that keep it on the board."""
        plans = [p for p in legal if isinstance(p, Plan) and p.template == movement.IMMELMANN]
        for climb in (2, 1, -1, -2):
            ups = [p for p in plans if p.climb == climb and a.altitude + climb >= MIN_ALTITUDE]
            if ups:
                return min(ups, key=lambda p: (abs(p.speed - speed), p.speed)), []
        return self._turn_towards(state, a, level, speed, (a.facing + 3) % 6)

    def _turn_towards(self, state: Scene, a: Craft, level: int, speed: int, want: int) -> Planned:
        """Turn towards ``want`` at each turn point: of the speeds the engine allows (``speed``
        first) and the templates up to ``level``, either way round, the move that stays on the
        board, turns the furthest towards ``want`` and ends with the most room."""
        ds = rules.sheet(a)
        lo, hi = rules.min_speed(a, ds), rules.max_speed(a, ds)
        slow = max(lo, 1, a.speed - ds.engine_power - 1)
        fast = min(a.speed + ds.engine_power, hi)
        speeds = [speed] + [v for v in range(fast, slow - 1, -1) if v != speed]
        best: tuple[tuple[int, int, int, int], Planned] | None = None
        for v in speeds:
            for lv in range(level, -1, -1):
                for side in (1, 5):

                    def steer(cell: int, facing: int, s: int = side) -> int:
                        return facing if facing == want else (facing + s) % 6

                    moves, end = simulate(state, a, v, lv, steer, climb_to=a.altitude)
                    if end is None:
                        continue
                    off = (end[1] - want) % 6
                    key = (
                        int(not at_border(state, end)),
                        -min(off, 6 - off),
                        margin(state, end[0]),
                        -abs(v - speed),
                    )
                    if best is None or key > best[0]:
                        best = (key, (Plan(aircraft=a.id, speed=v, template=lv), moves))
        if best is not None:
            return best[1]
        return Plan(aircraft=a.id, speed=max(lo, min(speed, hi)), template=level), []

    # -- escape (konrad.6, konrad.14) ----------------------------------------------------------
    def _escape(self, state: Scene, a: Craft, level: int, legal: Sequence[Action]) -> Planned:
        specs = builtin()
        ds = rules.sheet(a, specs)
        hi = rules.max_speed(a, ds)
        if self.escape == "repair":
            home = [
                o
                for o in state.aircraft
                if o.player == a.player and o.id != a.id and docking.has(o, "docking clamp")
            ]
            if not home:
                self.status[a.id] = self.before_escape.get(a.id, PATROL)
                return self._attack(state, a, level, legal)
            b = board(state.width, state.height)
            ship = min(home, key=lambda o: b.distance(a.cell, o.cell))
            return self._fly_to(state, a, level, ship.cell, ship.altitude, legal)
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
        if self.escape == "avoid" and at_border(state, end):  # "they turn 180 degrees"
            return self._turn_towards(state, a, level, a.speed, (a.facing + 3) % 6)
        return Plan(aircraft=a.id, speed=speed, template=level), moves

    @staticmethod
    def escape_direction(state: Scene, a: Craft) -> int:
        """konrad.14 Retreat 4: away from the enemy behind first, then the nearest (12 o'clock
        clockwise on ties); of the directions that open the distance the middle one, of two
        the right-hand one."""
        b = board(state.width, state.height)
        rear = arc_sectors(builtin().arcs["rear"].sectors)
        enemies = [
            e
            for e in state.aircraft
            if e.player != a.player and e.status == "flying" and e.cell != a.cell
        ]
        if not enemies:
            return a.facing

        def order(e: Craft) -> tuple[int, int, int]:
            sec = b.sector(a.facing, a.cell, e.cell)
            return (0 if sec in rear else 1, b.distance(a.cell, e.cell), (-sec) % 24)

        foe = min(enemies, key=order)
        here = b.distance(a.cell, foe.cell)
        away = [
            d
            for d in range(6)
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

    # -- Fly to (konrad.13) --------------------------------------------------------------------
    def _fly_to(
        self,
        state: Scene,
        a: Craft,
        level: int,
        cell: int,
        altitude: int,
        legal: Sequence[Action],
        *,
        leave: bool = False,
        far: bool = False,
    ) -> Planned:
        """Fly to (konrad.13): the Attack speed rule and turns towards a point; ``leave``
        lets the move run off the board (a mission exit); otherwise at the border it turns
        180 degrees (konrad.7)."""
        b = board(state.width, state.height)
        specs = builtin()
        ds = rules.sheet(a, specs)
        dist = b.distance(a.cell, cell)
        lo, hi = rules.min_speed(a, ds), rules.max_speed(a, ds)
        if leave or far or dist - 3 > a.speed:
            speed = min(a.speed + ds.engine_power, hi)
        elif a.speed + 2 > dist:
            speed = max(a.speed - ds.engine_power - 1, lo)
        else:
            speed = a.speed
        floor = MIN_ALTITUDE if altitude >= MIN_ALTITUDE else altitude
        if floor <= 1 and not specs.classes[ds.klass].flies_low_freely:
            speed = max(
                min(speed, specs.tables.flying_low_speed), lo, a.speed - ds.engine_power - 1
            )  # konrad.18

        def steer(here: int, facing: int) -> int:
            if here == cell:
                return facing
            sec = b.sector(facing, here, cell)
            if sec in (0, 1, 23):
                return facing
            return (facing + 1) % 6 if 0 < sec < 12 else (facing + 5) % 6

        moves, end = simulate(state, a, speed, level, steer, climb_to=altitude, floor=floor)
        if at_border(state, end) and not leave:
            return self._about_turn(state, a, level, speed, legal)
        return Plan(aircraft=a.id, speed=speed, template=level), moves

    # -- mission aircraft: Fly to the mission's targets (konrad.13) ----------------------------
    def _mission(
        self, state: Scene, a: Craft, level: int, legal: Sequence[Action]
    ) -> Planned | Action | None:
        """A recon, agent or cargo aircraft flies to its mission's next target: the nearest
        objective not yet photographed, the meeting point (or the next candidate), the train,
        the board edge to leave by. None: nothing left to fly to (normal behaviour)."""
        b = board(state.width, state.height)
        key = state.squadrons[a.player].mission
        mine = [o for o in state.objectives if o.owner == a.player]
        ds = rules.sheet(a)
        if a.role == "ace":  # an ace challenge (challenge.*): the cross, then home
            aim = challenges.bot_goal(state, a)
            if aim is None:
                return None
            cell, altitude, leave = aim
            if not leave and b.distance(a.cell, cell) <= RUN_DISTANCE:
                found = search_pass(state, a, level, cell, altitude)
                if found is not None:
                    return found
            return self._fly_to(state, a, level, cell, altitude, legal, leave=leave)
        if a.role == "cargo" or (
            a.role == "recon" and key == "recon-escort" and mine and all(o.done for o in mine)
        ):
            far = 0 if (a.role == "cargo") == (a.player == 0) else state.height - 1
            return self._fly_to(
                state, a, level, b.cell(a.cell % state.width, far), a.altitude, legal, leave=True
            )
        if a.role == "recon":
            todo = [o for o in mine if not o.done]
            if not todo:
                return None
            goal = 3 if key == "aerial-surveillance" else 4 if key == "flying-eye" else a.altitude
            target = min(todo, key=lambda o: b.distance(a.cell, o.cell))
            found = search_pass(state, a, level, target.cell, goal)
            return found or self._fly_to(state, a, level, target.cell, goal, legal)
        if a.role == "agent":
            train = [o for o in mine if o.kind == "train"]
            meeting = [o for o in mine if o.kind == "meeting" and not o.done]
            cands = [o for o in mine if o.kind == "candidate"]
            order = train or meeting or sorted(cands, key=lambda o: b.distance(a.cell, o.cell))
            if not order:
                return None
            target = order[0]
            dist = b.distance(a.cell, target.cell)
            bot = state.squadrons[a.player].bot
            if meeting and a.altitude == 1 and not bot:
                for p in legal:
                    if isinstance(p, Plan) and p.template == movement.LAND:
                        stop = movement.straight(b, a.cell, a.facing, p.speed, None)
                        if stop >= 0 and b.distance(stop, target.cell) <= 1:
                            return p
            low = 1 if (meeting or train) and dist <= 6 else MIN_ALTITUDE
            if (train or (meeting and bot)) and dist <= RUN_DISTANCE:
                # konrad.19: a bot lands by flying over the place at altitude 1
                found = search_pass(state, a, level, target.cell, 1)
                if found is not None:
                    return found
            if train and a.altitude == 1:  # end over the train at minimum speed
                found = search_pass(
                    state, a, level, target.cell, 1, speeds=[ds.min_speed], end_on=True
                )
                if found is not None:
                    return found
            found = None
            if meeting and dist <= RUN_DISTANCE and not bot:  # set up the landing run
                found = search_pass(state, a, level, target.cell, 1, land=True)
            if found is None and dist <= RUN_DISTANCE:
                found = search_pass(state, a, level, target.cell, low)
            return found or self._fly_to(state, a, level, target.cell, low, legal)
        return None

    # -- Fly to the mission's ground targets (konrad.13, konrad.18) ----------------------------
    @staticmethod
    def ground_targets(state: Scene, a: Craft) -> list[AnyGround]:
        """The ground targets ``a``'s mission names that ``a`` can still harm: with bombs, an
        air-to-ground missile or an onboard weapon that harms it (gt.2-4, ground.hit.6)."""
        if state.squadrons[a.player].mission not in GROUND_MISSIONS:
            return []
        specs = builtin()
        loads = [specs.weapons[n] for n in a.loads]
        guns = [
            specs.weapons[m.weapon]
            for i, m in enumerate(rules.mounts(a))
            if i not in a.weapons_out and (i >= len(a.ammo) or a.ammo[i] < 2)
        ]
        out = []
        for g in state.ground:
            if g.damage >= g.structure or g.hostile_to not in (a.player, -1):
                continue
            if state.squadrons[a.player].mission != "airstrip-visit" and g.hostile_to != a.player:
                continue
            armour = g.armoured
            by_load = any(
                w.ground_targets
                and w.kind in ("bomb", "air-ground missile")
                and (not armour or w.harms_armour)
                for w in loads
            )
            by_gun = not g.bombs_only and any(
                w.ground_targets and w.kind != "bomb" and (not armour or w.harms_armour)
                for w in guns
            )
            if by_load or by_gun:
                out.append(g)
        return out

    def _ground(
        self, state: Scene, a: Craft, level: int, legal: Sequence[Action]
    ) -> Planned | None:
        """Fly to the nearest ground target of the mission and attack it: "Bots never drop
        below altitude 2, except when they ... attack ground targets. In that case:
        fighterbombers will fly faster than 3; all other aircraft will fly at a maximum speed
        of 3 until climbing again" (konrad.18). Bombs need a straight run over the target at
        altitude 1 (bombers and airships drop them from any altitude, ground.hit.1-2); guns
        and missiles need the target in the arc from altitude 1."""
        targets = self.ground_targets(state, a)
        if not targets:
            return None
        specs = builtin()
        b = board(state.width, state.height)
        ds = rules.sheet(a, specs)
        # "the target is predefined": the one chosen first, while it can still be harmed
        g = next((x for x in targets if x.id == self.goals.get(a.id)), None)
        if g is None:
            g = min(targets, key=lambda x: (b.distance(a.cell, x.cell), x.id))
            self.goals[a.id] = g.id
        dist = b.distance(a.cell, g.cell)
        if g.altitude:  # a target balloon (challenge.two.1): fly at it as at an air target
            return self._fly_to(state, a, level, g.cell, g.altitude, legal)
        high = ds.klass in ("bomber", "airship")
        bombs = any(specs.weapons[n].kind == "bomb" for n in a.loads)
        run = a.altitude if high else 1
        if dist > 2 * RUN_DISTANCE:
            return self._fly_to(
                state, a, level, g.cell, run if high else MIN_ALTITUDE, legal, far=True
            )
        # a bomb run over the target, or guns and missiles at it from altitude 1; or this move
        # sets one up for the next (a fighter one level above, diving into the run)

        def aims(f: Flight) -> bool:
            return f.end[2] == 1 and ground_position(state, a, f.end, g) > 0

        attack, attack_goal = (bombs_over(g.cell, run), run) if bombs else (aims, 1)
        found = search(
            state, a, level, attack_goal, attack, speeds=low_speeds(state, a, attack_goal)
        )
        if found is None and bombs and not high:
            found = search(state, a, level, 1, aims, speeds=low_speeds(state, a, 1))
        if found is not None:
            return found
        height = run if high else MIN_ALTITUDE
        found = approach(state, a, level, height, g.cell, attack, attack_goal)
        return found or self._fly_to(state, a, level, g.cell, height, legal, far=True)

    # -- Patrol (konrad.7) ---------------------------------------------------------------------
    def _patrol(self, state: Scene, a: Craft, level: int, legal: Sequence[Action] = ()) -> Planned:
        """konrad.7: full speed, a rolled direction, turn towards it, climb to the ceiling;
        at the border turn 180 degrees."""
        ds = rules.sheet(a)
        speed = min(a.speed + ds.engine_power, rules.max_speed(a, ds))
        want = (a.facing + PATROL_TURN[self.rng.randint(1, 6) - 1]) % 6
        top = builtin().tables.max_altitude
        moves, end = simulate(
            state, a, speed, level, lambda cell, facing: want, climb_to=top, levels=1
        )
        if at_border(state, end):
            return self._about_turn(state, a, level, speed, legal)
        return Plan(aircraft=a.id, speed=speed, template=level), moves

    # -- Attack (konrad.8-12) ------------------------------------------------------------------
    def _attack(self, state: Scene, a: Craft, level: int, legal: Sequence[Action] = ()) -> Planned:
        """konrad.8-12: lock on to the targets in order: an Immelmann into a firing position,
        else the speed rule and a turn towards the target at each turn point; a target that
        gives no firing position (or only by reaching the border) is skipped, "except if it is
        the last possible target. In that case continue"."""
        b = board(state.width, state.height)
        ds = rules.sheet(a)
        enemies = [e for e in state.aircraft if e.player != a.player and e.status == "flying"]
        if not enemies:
            return self._patrol(state, a, level, legal)
        waiting = {e.id for e in enemies if e.activation == "waiting"}  # not yet moved this turn

        def order(e: Craft) -> tuple[int, int, int]:
            clock = (-b.sector(a.facing, a.cell, e.cell)) % 24 if e.cell != a.cell else 0
            return (1 if e.id in waiting else 0, b.distance(a.cell, e.cell), clock)

        targets = sorted(enemies, key=order)
        if self.priority:  # konrad.8: the mission's priority targets first
            targets.sort(key=lambda e: rules.sheet(e).klass != self.priority)
        if self.ranged:  # konrad.13: skip targets within 10 hexes unless none is farther
            far = [t for t in targets if b.distance(a.cell, t.cell) >= 10]
            targets = far or targets[-1:]
        front = arc_sectors(builtin().arcs["front"].sectors)
        lo, hi = rules.min_speed(a, ds), rules.max_speed(a, ds)
        for n, t in enumerate(targets):
            imm = self._immelmann(state, a, t)
            if imm is not None and imm in legal:
                return imm, []
            dist = b.distance(a.cell, t.cell)
            if dist - 3 > a.speed:
                speed = min(a.speed + ds.engine_power, hi)
            elif a.speed + 2 > dist:
                speed = max(a.speed - ds.engine_power - 1, lo)
            else:
                speed = a.speed
            goal = t.altitude + 1 if t.altitude >= a.altitude else max(MIN_ALTITUDE, t.altitude + 1)
            moves, end = simulate(
                state, a, speed, level, self._steer(state, t, front), climb_to=goal
            )
            plan = Plan(aircraft=a.id, speed=speed, template=level)
            if not at_border(state, end) and end is not None and firing_position(state, a, end, t):
                return plan, moves
            if n == len(targets) - 1:  # the last possible target: continue
                if at_border(state, end):
                    return self._about_turn(state, a, level, speed, legal)
                return plan, moves
        raise AssertionError("unreachable: the last target always returns")

    @staticmethod
    def _steer(state: Scene, t: Craft, front: frozenset[int]) -> Callable[[int, int], int]:
        """konrad.11: at each turn point turn towards the target; in the arc keep direction."""
        b = board(state.width, state.height)

        def steer(cell: int, facing: int) -> int:
            if cell == t.cell:
                return facing
            sec = b.sector(facing, cell, t.cell)
            if sec in front:
                return facing
            return (facing + 1) % 6 if 0 < sec < 12 else (facing + 5) % 6

        return steer

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
