"""Konrad, the rulebook's solo bot (clauses konrad.*), as an aerodrome agent.

Konrad decides from its PlayerView only: the frozen observation (``views.DfView``), the
decision and the legal actions; it never sees the game's state. Its own
rolls (spotting, agility boost, patrol direction) use the agent's seeded generator, so a game
is still replayed from its actions alone. Its status per aircraft (Patrol / Attack) lives in
the agent. Each move is planned whole when the aircraft is activated (the Plan decision) and
then flown turn point by turn point.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from aerodrome.agents import Agent, PlayerView
from aerodrome.data import Action
from aerodrome_dockfighters import combat, movement, rules
from aerodrome_dockfighters.board import arc_sectors, board
from aerodrome_dockfighters.bot_moves import ATTACK, ESCAPE, PATROL, KonradMoves
from aerodrome_dockfighters.specs import AGILITY, builtin
from aerodrome_dockfighters.state import (
    GROUND,
    Activate,
    Attack,
    ChooseValue,
    Declare,
    Deploy,
    HoldFire,
    Manoeuvre,
    Place,
    PlaceToken,
    Plan,
    Release,
    Repair,
    Undock,
)
from aerodrome_dockfighters.views import Craft, DfView, Scene

#: Spotting targets (konrad.3): in arc beyond 9 hexes, out of arc within 3, within 6.
SPOT_FAR, SPOT_NEAR, SPOT_MID = 4, 5, 6
#: Guarding bots stay within this many hexes of their ward (konrad.13).
GUARD_RANGE = 6


def spot_need(base: int, bot_experience: int, enemy_experience: int) -> int:
    """The roll a spotting check needs (konrad.3-4): the case's number made harder by the
    spotted pilot's experience above the bot's (easier when below)."""
    return base + (enemy_experience - bot_experience)


def spot_base(state: Scene, bot: Craft, enemy: Craft) -> int | None:
    """The spotting case of ``enemy`` for ``bot``: 0 (automatic), 4, 5, 6 or None."""
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
        self, player: int, seed: int, *, escape: str | None = None, ranged: bool = False,
        guard: bool = False, priority: str | None = None,
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
        self.spotted: dict[int, int] = {}

    # -- the agent protocol -------------------------------------------------------------
    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        first = legal[0]
        if isinstance(first, Manoeuvre):  # planned whole when the move began
            return self._manoeuvre(first.aircraft, legal)
        if isinstance(first, Undock):
            return first  # dockfighters launch at once
        state = view.observation()
        assert isinstance(state, DfView)
        if isinstance(first, Deploy | Place):
            return self._deploy(state, legal)
        if isinstance(first, Declare):  # the fastest aircraft flies the mission
            return max(legal, key=lambda x: rules.sheet(state.aircraft[x.aircraft]).max_speed if isinstance(x, Declare) else 0)
        if isinstance(first, PlaceToken | ChooseValue):  # tokens: the leader's free choice
            if isinstance(first, ChooseValue):
                return max(legal, key=lambda x: x.value if isinstance(x, ChooseValue) else 0)
            return legal[self.rng.randrange(len(legal))]
        if isinstance(first, Activate):
            return self._activate(state, legal)
        if isinstance(first, Plan):
            return self._plan(state, state.aircraft[first.aircraft], legal)
        if isinstance(first, Attack | HoldFire):
            return self._fire(state, legal)
        return first

    # -- status ---------------------------------------------------------------------------
    def check_status(self, state: Scene, a: Craft) -> str:
        """Patrol → Attack by spotting (konrad.3) or when attacked (konrad.17); one try a turn."""
        status = self.status.get(a.id, PATROL)
        if status == PATROL and a.attacked_turn >= state.turn - 1 and a.attacked_turn > 0:
            status = ATTACK
        if status == PATROL and self.spotted.get(a.id) != state.turn:
            self.spotted[a.id] = state.turn
            best: int | None = None
            for e in state.aircraft:
                if e.player == a.player or e.status != "flying":
                    continue
                base = spot_base(state, a, e)
                if base is None:
                    continue
                need = 0 if base == 0 else spot_need(base, a.experience, e.experience)
                if best is None or need < best:
                    best = need
            if best is not None and (best == 0 or self.rng.randint(1, 6) >= min(best, 6)):
                status = ATTACK
        self.status[a.id] = status
        return status

    # -- decisions ------------------------------------------------------------------------
    def _activate(self, state: Scene, legal: Sequence[Action]) -> Action:
        """konrad.1: read the map like a book from the initiative holder's side; the first
        bot aircraft found goes first (the Bavarian edge is the bottom: its reading order
        is the cell order; from the Saxon edge it is reversed)."""
        sign = 1 if state.initiative == 0 else -1
        return min(legal, key=lambda x: sign * state.aircraft[x.aircraft].cell if isinstance(x, Activate) else 0)

    def _deploy(self, state: Scene, legal: Sequence[Action]) -> Action:
        centre = state.width // 2

        def key(d: Action) -> tuple[int, int, int]:
            assert isinstance(d, Deploy | Place)
            ds = rules.sheet(state.aircraft[d.aircraft])
            col = d.cell % state.width
            if isinstance(d, Place):
                return (abs(col - centre + (d.aircraft % 3) * 2), 0, 0)
            return (abs(col - centre + (d.aircraft % 3) * 2), abs(d.altitude - 3), abs(d.speed - (ds.max_speed - 1)))

        return min(legal, key=key)

    def _plan(self, state: Scene, a: Craft, legal: Sequence[Action]) -> Action:
        if a.status in ("landed", "grounded"):  # take off at once
            return next((p for p in legal if isinstance(p, Plan) and p.template == movement.TAKE_OFF), legal[0])
        specs = builtin()
        ds = rules.sheet(a, specs)
        status = self.check_status(state, a)
        level = rules.agility(a, ds, specs)
        if status == ATTACK and self.rng.randint(1, 6) >= 5 and level + 1 < len(AGILITY):
            level += 1  # konrad.5: agility boost, with the pilot check of the rules
        status = self.check_escape(state, a)
        job = self._mission(state, a, level, legal) if a.role and status != ESCAPE else None
        if isinstance(job, Plan):
            return job
        if isinstance(job, tuple):
            return self._pick(job[0], job[1], legal)
        ward = self._ward(state, a) if self.guard and status != ESCAPE else None
        if ward is not None and board(state.width, state.height).distance(a.cell, ward.cell) > GUARD_RANGE:
            plan, moves = self._fly_to(state, a, level, ward.cell, ward.altitude)
        elif status == ESCAPE:
            plan, moves = self._escape(state, a, level, legal)
        elif status == PATROL:
            plan, moves = self._patrol(state, a, level)
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
        if plan in legal:
            self.plans[plan.aircraft] = moves
            return plan
        plans = [p for p in legal if isinstance(p, Plan)]
        same = [p for p in plans if p.template == plan.template]
        pool = same or [p for p in plans if p.template >= 0] or plans
        if not pool:
            return legal[0]
        best = min(pool, key=lambda p: abs(p.speed - plan.speed))
        self.plans[plan.aircraft] = moves
        return best

    def _manoeuvre(self, aircraft: int, legal: Sequence[Action]) -> Action:
        queue = self.plans.get(aircraft) or []
        want = queue.pop(0) if queue else (".", ".")
        m = Manoeuvre(aircraft=aircraft, lateral=want[0], vertical=want[1])
        if m in legal:
            return m
        for alt in legal:
            if isinstance(alt, Manoeuvre) and alt.lateral == want[0]:
                return alt
        return legal[0]

    def _fire(self, state: Scene, legal: Sequence[Action]) -> Action:
        """konrad.15: the attack with the most expected hits, all weapons at once."""
        attacks = [x for x in legal if isinstance(x, Attack)]
        a = state.aircraft[legal[0].aircraft]  # type: ignore[attr-defined]
        releases = [x for x in legal if isinstance(x, Release)]
        if releases and self._on_the_line(state, a):
            return releases[0]
        if not attacks:
            repairs = [x for x in legal if isinstance(x, Repair)]
            return repairs[0] if repairs else next(x for x in legal if isinstance(x, HoldFire))
        self.check_status(state, a)

        def value(x: Attack) -> float:
            if x.target >= GROUND:
                return 0.1 * len(x.mounts)
            t = state.aircraft[x.target]
            need = max(2, min(6, combat.to_hit_air(state, a, t)))
            dice = sum(combat.mount_dice(state, a, i, t) for i in x.mounts)
            dice += sum(combat.load_dice(state, a, a.loads[j], t) for j in x.loads)
            return dice * (7 - need) / 6 + 0.01 * (len(x.mounts) + len(x.loads))

        return max(attacks, key=value)

    @staticmethod
    def _on_the_line(state: Scene, a: Craft) -> bool:
        """An enemy dead ahead within two ACM flights: worth a cruise missile."""
        b = board(state.width, state.height)
        return any(
            e.player != a.player and e.status == "flying" and e.cell != a.cell
            and b.sector(a.facing, a.cell, e.cell) == 0 and b.distance(a.cell, e.cell) <= 10
            for e in state.aircraft
        )

def konrad(ruleset: Any, player: int, seed: int) -> Agent:
    """The agent factory registered as ``bot`` and ``konrad``."""
    return Konrad(player, seed)


def konrad_variant(
    escape: str | None = None, ranged: bool = False, guard: bool = False, priority: str | None = None
) -> Any:
    """A factory of Konrad with an escape behaviour or another behaviour."""

    def factory(ruleset: Any, player: int, seed: int) -> Agent:
        return Konrad(player, seed, escape=escape, ranged=ranged, guard=guard, priority=priority)

    return factory
