"""Konrad, the rulebook's solo bot (clauses konrad.*), as an aerodrome agent.

Konrad decides from its PlayerView only: the frozen observation (``views.DfView``), the
decision and the legal actions; it never sees the game's state. Its own rolls (spotting,
agility boost, patrol direction) use the agent's seeded generator, so a game is still
replayed from its actions alone. Its status per aircraft (Patrol / Attack / escape) lives in
the agent; it spots "as soon as the movement phase starts and after it ends" from the
positions the observation keeps of those two moments. Each move is planned whole when the
aircraft is activated (the Plan decision) and then flown turn point by turn point.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from aerodrome.api import Action, PlayerView
from aerodrome_dockfighters import challenges, combat, movement, placement, rules
from aerodrome_dockfighters.board import arc_sectors, board
from aerodrome_dockfighters.bot_moves import ATTACK, ESCAPE, PATROL, KonradMoves
from aerodrome_dockfighters.options import LEAGUE
from aerodrome_dockfighters.specs import AGILITY, builtin
from aerodrome_dockfighters.state import (
    GROUND,
    Activate,
    Attack,
    ChooseValue,
    Declare,
    Deploy,
    HoldFire,
    Jettison,
    LayMine,
    Manoeuvre,
    Place,
    PlaceToken,
    Plan,
    Release,
    Repair,
    Undock,
)
from aerodrome_dockfighters.view import Craft, DfView, Scene, SightingView

#: Spotting targets (konrad.3): in arc beyond 9 hexes, out of arc within 3, within 6.
SPOT_FAR, SPOT_NEAR, SPOT_MID = 4, 5, 6
#: Guarding bots stay within this many hexes of their ward (konrad.13).
GUARD_RANGE = 6
#: The two moments of a turn at which Konrad spots (konrad.3).
START, END = 0, 1


def spot_need(base: int, bot_experience: int, enemy_experience: int) -> int:
    """The roll a spotting check needs (konrad.3-4): the case's number made harder by the
    spotted pilot's experience above the bot's (easier when below)."""
    return base + (enemy_experience - bot_experience)


def spot_base(state: Scene, bot: Any, enemy: Any) -> int | None:
    """The spotting case of ``enemy`` for ``bot`` (anything with cell and facing: an aircraft
    or a sighting): 0 (automatic), 4, 5, 6 or None."""
    specs = builtin()
    b = board(state.width, state.height)
    d = b.distance(bot.cell, enemy.cell)
    front = arc_sectors(specs.arcs["front"].sectors)
    in_arc = b.sector(bot.facing, bot.cell, enemy.cell) in front
    if in_arc:
        return 0 if d <= specs.tables.range_bands[-1] else SPOT_FAR
    if d <= specs.tables.range_bands[0]:
        return SPOT_NEAR
    if d <= specs.tables.range_bands[1]:
        return SPOT_MID
    return None


class Konrad(KonradMoves):
    """The Konrad procedure for every aircraft of one player."""

    def __init__(
        self,
        player: int,
        seed: int,
        *,
        escape: str | None = None,
        ranged: bool = False,
        guard: bool = False,
        priority: str | None = None,
    ) -> None:
        """``escape``: the escape behaviour (``retreat``, ``avoid``, ``repair``; the rulebook's
        default is none, konrad.2); ``ranged``: Ranged attack, ``guard``: Guard the nearest
        friendly airship or mission aircraft (konrad.13); ``priority``: the aircraft class to
        lock on to first (konrad.8)."""
        self.player = player
        self.rng = random.Random(seed)
        self.escape = escape
        self.ranged = ranged
        self.guard = guard
        self.priority = priority
        self.status: dict[int, str] = {}
        self.before_escape: dict[int, str] = {}
        self.plans: dict[int, list[tuple[str, str]]] = {}
        self.goals: dict[int, int] = {}  # the ground target each aircraft flies to
        self.spotted: set[tuple[int, int]] = set()
        self.tried: set[tuple[int, int]] = set()  # (aircraft, turn): its one try was made

    # -- the agent protocol -------------------------------------------------------------
    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        first = legal[0]
        if isinstance(first, Manoeuvre):  # planned whole when the move began
            return self._manoeuvre(first.aircraft, legal)
        if isinstance(first, Undock):
            return first  # dockfighters launch at once
        state = view.observation()
        assert isinstance(state, DfView)
        if state.squadrons[self.player].mission == LEAGUE:  # "Opponents start in the mode: Attack"
            for a in state.aircraft:
                if a.player == self.player:
                    self.status.setdefault(a.id, ATTACK)
        self.spot(state)
        if isinstance(first, Deploy | Place):
            return self._deploy(state, legal)
        if isinstance(first, Declare):  # the fastest aircraft flies the mission
            return max(
                legal,
                key=lambda x: (
                    rules.sheet(state.aircraft[x.aircraft]).max_speed
                    if isinstance(x, Declare)
                    else 0
                ),
            )
        if isinstance(first, ChooseValue):
            return self._value(state, legal)
        if isinstance(first, PlaceToken):  # tokens: the leader's free choice
            return legal[self.rng.randrange(len(legal))]
        if isinstance(first, Activate):
            return self._activate(state, legal)
        if isinstance(first, Plan):
            return self._plan(state, state.aircraft[first.aircraft], legal)
        if isinstance(first, Attack | HoldFire | Repair | Release | Jettison | LayMine):
            return self._fire(state, legal)
        return first

    def rank(self, view: PlayerView, legal: Sequence[Action]) -> list[tuple[Action, float]]:
        """Konrad's choice first, then the other legal actions by how near they come to it,
        the nearness the procedure itself falls back on: plans of the same template and the
        nearest speed (:meth:`_pick`), manoeuvres of the same turn without the climb or dive
        (:meth:`_manoeuvre`), attacks by their expected hits (konrad.15); otherwise the
        order of the legal actions. Scores are minus the distance (0 for the choice)."""
        chosen = self.choose(view, legal)
        rest = [a for a in legal if a != chosen]
        if isinstance(chosen, Plan):
            plan = chosen

            def far(a: Action) -> float:
                if not isinstance(a, Plan):
                    return 99.0
                return 10.0 * (a.template != plan.template) + abs(a.speed - plan.speed)

        elif isinstance(chosen, Manoeuvre):
            want = chosen

            def far(a: Action) -> float:
                if not isinstance(a, Manoeuvre):
                    return 99.0
                return 2.0 * (a.lateral != want.lateral) + (a.vertical != want.vertical)

        elif isinstance(chosen, Attack):
            state = view.observation()
            assert isinstance(state, DfView)
            shooter = state.aircraft[chosen.aircraft]
            best = self._expected_hits(state, shooter, chosen)

            def far(a: Action) -> float:
                if not isinstance(a, Attack):
                    return best + 1.0
                return best - self._expected_hits(state, shooter, a)

        else:
            order = {a: float(i) for i, a in enumerate(rest)}

            def far(a: Action) -> float:
                return order[a]

        rest.sort(key=far)
        return [(chosen, 0.0), *((a, -far(a)) for a in rest)]

    # -- status ---------------------------------------------------------------------------
    def spot(self, state: DfView) -> None:
        """konrad.3: "As soon as the movement phase starts and after it ends, check for a
        status change for all bots who are currently in Patrol status": from the positions
        the observation keeps of those moments, in the order they happened, each once. "The
        bot only tries to spot a single aircraft per turn": a bot that tried as the movement
        phase started does not try again after it ends; one with nothing to spot then may."""
        moments = sorted(
            (
                (state.move_start_turn, START, state.move_start),
                (state.move_end_turn, END, state.move_end),
            ),
            key=lambda m: (m[0], m[1]),
        )
        for turn, moment, seen in moments:
            if turn <= 0 or (turn, moment) in self.spotted:
                continue
            self.spotted.add((turn, moment))
            where = {s.aircraft: s for s in seen}
            for s in seen:
                a = state.aircraft[s.aircraft]
                if (
                    a.player != self.player
                    or self.status.get(a.id, PATROL) != PATROL
                    or (a.id, turn) in self.tried
                ):
                    continue
                enemies = [
                    where[e.aircraft] for e in seen if state.aircraft[e.aircraft].player != a.player
                ]
                if self._spot_from(state, a, s, enemies):
                    self.tried.add((a.id, turn))

    def _spot_from(
        self, state: DfView, a: Craft, me: SightingView, enemies: list[SightingView]
    ) -> bool:
        """One check: "Stop at the first check that applies" - the enemy that "can be spotted
        with the best chance"; in arc within 9 hexes at once, otherwise a d6 against the
        case's number made harder by the enemy's experience above the bot's (konrad.3-4).
        True when there was an enemy to try for (the turn's try is made)."""
        best: int | None = None
        for e in enemies:
            base = spot_base(state, me, e)
            if base is None:
                continue
            need = (
                0
                if base == 0
                else spot_need(base, a.experience, state.aircraft[e.aircraft].experience)
            )
            if best is None or need < best:
                best = need
        if best is None:
            return False
        if best == 0 or self.rng.randint(1, 6) >= min(best, 6):
            self.status[a.id] = ATTACK
        return True

    def check_status(self, state: Scene, a: Craft) -> str:
        """Patrol → Attack when attacked (konrad.17); spotting is done by :meth:`spot`."""
        status = self.status.get(a.id, PATROL)
        if status == PATROL and a.attacked_turn >= state.turn - 1 and a.attacked_turn > 0:
            status = ATTACK
        self.status[a.id] = status
        return status

    # -- decisions ------------------------------------------------------------------------
    def _activate(self, state: Scene, legal: Sequence[Action]) -> Action:
        """konrad.1: read the map like a book from the initiative holder's side; the first
        bot aircraft found goes first (the Bavarian edge is the bottom: its reading order
        is the cell order; from the Saxon edge it is reversed)."""
        sign = 1 if state.initiative == 0 else -1
        return min(
            legal,
            key=lambda x: sign * state.aircraft[x.aircraft].cell if isinstance(x, Activate) else 0,
        )

    def _value(self, state: Scene, legal: Sequence[Action]) -> Action:
        """A ground target's value list, the leader's free choice (gt.1): the highest that
        fits, the fewest and toughest targets, except for its own Fighter Sweep, where every
        destroyed target counts and it takes the lowest ("targets with value 1 are moving
        and more numerous")."""
        values = [x.value for x in legal if isinstance(x, ChooseValue)]
        owner = placement.ground_owner(state)
        sweep = owner == self.player and state.squadrons[owner].mission == "fighter-sweep"
        want = min(values) if sweep else max(values)
        return next(x for x in legal if isinstance(x, ChooseValue) and x.value == want)

    def _deploy(self, state: Scene, legal: Sequence[Action]) -> Action:
        centre = state.width // 2

        def key(d: Action) -> tuple[int, int, int]:
            assert isinstance(d, Deploy | Place)
            ds = rules.sheet(state.aircraft[d.aircraft])
            col = d.cell % state.width
            if isinstance(d, Place):
                return (abs(col - centre + (d.aircraft % 3) * 2), 0, 0)
            return (
                abs(col - centre + (d.aircraft % 3) * 2),
                abs(d.altitude - 3),
                abs(d.speed - (ds.max_speed - 1)),
            )

        return min(legal, key=key)

    def _plan(self, state: Scene, a: Craft, legal: Sequence[Action]) -> Action:
        if challenges.waits_for_mug(state, a):  # challenge.one.1: a round on the ground
            return next(
                (p for p in legal if isinstance(p, Plan) and p.template == movement.STAY), legal[0]
            )
        if a.status in ("landed", "grounded"):  # take off at once
            return next(
                (p for p in legal if isinstance(p, Plan) and p.template == movement.TAKE_OFF),
                legal[0],
            )
        specs = builtin()
        ds = rules.sheet(a, specs)
        status = self.check_status(state, a)
        level = rules.agility(a, ds, specs)
        if status == ATTACK and self.rng.randint(1, 6) >= 5 and level + 1 < len(AGILITY):
            level += 1  # konrad.5: agility boost, with the pilot check of the rules
        status = self.check_escape(state, a)
        job: Any = None
        if status != ESCAPE and a.role:  # Fly to the mission's objectives (konrad.13)
            job = self._mission(state, a, level, legal)
        if job is None and status != ESCAPE:  # Fly to the mission's ground targets
            job = self._ground(state, a, level, legal)
        if isinstance(job, Plan):
            return job
        if isinstance(job, tuple):
            return self._pick(job[0], job[1], legal)
        ward = self._ward(state, a) if self.guard and status != ESCAPE else None
        if (
            ward is not None
            and board(state.width, state.height).distance(a.cell, ward.cell) > GUARD_RANGE
        ):
            plan, moves = self._fly_to(state, a, level, ward.cell, ward.altitude, legal)
        elif status == ESCAPE:
            plan, moves = self._escape(state, a, level, legal)
        elif status == PATROL:
            plan, moves = self._patrol(state, a, level, legal)
        else:
            plan, moves = self._attack(state, a, level, legal)
        return self._pick(plan, moves, legal)

    # -- escaping (konrad.6, konrad.14) ---------------------------------------------------
    def check_escape(self, state: Scene, a: Craft) -> str:
        """With an escape behaviour: 1 structure point left or nothing left to shoot with
        turns to it; repair or reloading turns back to the status before (konrad.6)."""
        status = self.status.get(a.id, PATROL)
        if self.escape is None:
            return status
        ds = rules.sheet(a)
        guns = rules.mounts(a)
        armed = a.loads or any(i not in a.weapons_out and a.ammo[i] < 2 for i in range(len(guns)))
        beaten = ds.structure - a.damage <= 1 or not armed
        if beaten and status != ESCAPE:
            self.before_escape[a.id] = status
            status = ESCAPE
        elif not beaten and status == ESCAPE:
            status = self.before_escape.get(a.id, PATROL)
        self.status[a.id] = status
        return status

    def _pick(self, plan: Plan, moves: list[tuple[str, str]], legal: Sequence[Action]) -> Action:
        """The planned move, or the legal plan nearest to it (never a landing, take-off or an
        Immelmann the plan did not ask for)."""
        self.plans[plan.aircraft] = moves
        if plan in legal:
            return plan
        plans = [p for p in legal if isinstance(p, Plan)]
        same = [p for p in plans if p.template == plan.template]
        pool = same or [p for p in plans if p.template >= 0] or plans
        if not pool:
            return legal[0]
        return min(pool, key=lambda p: (abs(p.speed - plan.speed), -p.template))

    def _manoeuvre(self, aircraft: int, legal: Sequence[Action]) -> Action:
        """The planned manoeuvre; if it is not legal, the same turn without the climb or dive,
        never diving below the bot's floor (konrad.18)."""
        queue = self.plans.get(aircraft) or []
        want = queue.pop(0) if queue else (".", ".")
        m = Manoeuvre(aircraft=aircraft, lateral=want[0], vertical=want[1])
        if m in legal:
            return m
        options = [x for x in legal if isinstance(x, Manoeuvre)]

        def rank(x: Manoeuvre) -> tuple[int, int, int]:
            return (x.lateral != want[0], x.vertical == "-", x.vertical != ".")

        return min(options, key=rank) if options else legal[0]

    def _fire(self, state: Scene, legal: Sequence[Action]) -> Action:
        """Never jettisons its loads. konrad.15: "The bot always attacks the target where it has the best chance to score
        hits and where it can bring a maximum number of attack dice to bear" ... "Konrad uses
        all weapons at once", external loads included: of the attacks on each target the one
        with every weapon and load that bears; the target with the most expected hits."""
        attacks = [x for x in legal if isinstance(x, Attack)]
        first = legal[0]
        assert isinstance(first, Attack | HoldFire | Repair | Release | Jettison | LayMine)
        a = state.aircraft[first.aircraft]
        releases = [x for x in legal if isinstance(x, Release)]
        if releases and self._on_the_line(state, a):
            return releases[0]
        mines = [x for x in legal if isinstance(x, LayMine)]
        if mines:  # laying a mine does not use up the attack (airship.13)
            return mines[0]
        if not attacks:
            repairs = [x for x in legal if isinstance(x, Repair)]
            return repairs[0] if repairs else next(x for x in legal if isinstance(x, HoldFire))
        self.check_status(state, a)
        whole: dict[int, Attack] = {}
        for x in attacks:  # per target the attack firing the most weapons and loads
            have = whole.get(x.target)
            if have is None or len(x.mounts) + len(x.loads) > len(have.mounts) + len(have.loads):
                whole[x.target] = x
        return max(whole.values(), key=lambda x: (self._expected_hits(state, a, x), -x.target))

    @staticmethod
    def _expected_hits(state: Scene, a: Craft, x: Attack) -> float:
        if x.target >= GROUND:
            g = state.ground[x.target - GROUND]
            need = max(2, min(6, combat.to_hit_ground(a, g)))
            dice = sum(combat.ground_mount_dice(state, a, i, g) for i in x.mounts)
            dice += sum(combat.ground_load_dice(state, a, a.loads[j], g) for j in x.loads)
        else:
            t = state.aircraft[x.target]
            need = max(2, min(6, combat.to_hit_air(state, a, t)))
            dice = sum(combat.mount_dice(state, a, i, t) for i in x.mounts)
            dice += sum(combat.load_dice(state, a, a.loads[j], t) for j in x.loads)
        return dice * (7 - need) / 6

    @staticmethod
    def _on_the_line(state: Scene, a: Craft) -> bool:
        """An enemy dead ahead within two ACM flights: worth a cruise missile."""
        b = board(state.width, state.height)
        return any(
            e.player != a.player
            and e.status == "flying"
            and e.cell != a.cell
            and b.sector(a.facing, a.cell, e.cell) == 0
            and b.distance(a.cell, e.cell) <= 10
            for e in state.aircraft
        )
