"""The Dockfighters ruleset: the turn (phases 1.1-3.2), decisions, result, observation.

Turn (clause turn.1): deployment (first turn only), 1.1 ACMs, 1.2 ground targets,
1.3 airships, 1.4 other aircraft; 2.1 ground targets fire, 2.2 all others fire; 3.1 weather,
3.2 turn counter and initiative. The game ends when the counter reaches 13 or a side has
lost (turn.2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from aerodrome.data import Action
from aerodrome.errors import IllegalActionError
from aerodrome.ruleset import Result, Ruleset, Setup
from aerodrome.specs import builtin_specs
from aerodrome.turns import Context, Decision, Phase, Step, TurnSequence
from aerodrome_dockfighters import combat, docking, mines, movement, rules
from aerodrome_dockfighters.missions import SIDES, forces, lost, setups, success, zone
from aerodrome_dockfighters.specs import SPEC_TYPES, builtin
from aerodrome_dockfighters.state import (
    ACTIONS,
    Activate,
    Aircraft,
    Attack,
    Deploy,
    DfObservation,
    DfState,
    HoldFire,
    Jettison,
    LayMine,
    Manoeuvre,
    Place,
    Plan,
    Release,
    Repair,
    Squadron,
    Undock,
)
from aerodrome_dockfighters.weather import setup_weather, weather_phase

if TYPE_CHECKING:
    from rich.console import RenderableType


# -- order of play ----------------------------------------------------------------------------
def interleave(state: DfState, ids: list[int], first: int) -> list[int]:
    """Alternate the two squadron leaders' aircraft, ``first`` first (order.3, combat.4)."""
    mine = [[i for i in ids if state.aircraft[i].player == p] for p in (0, 1)]
    out: list[int] = []
    turn = first
    while mine[0] or mine[1]:
        if mine[turn]:
            out.append(mine[turn].pop(0))
        turn = 1 - turn
    return out


def move_queue(state: DfState, airships: bool) -> list[int]:
    """Ascending experience (a friendly radar lifts one level, airship.16), within a level the
    leader without initiative first, alternating (order.1-3); the leader picks which of his
    aircraft of the level goes when it is his turn (the ``activate`` decision)."""
    out: list[int] = []
    for level in range(4):
        ids = [
            a.id for a in state.aircraft
            if a.status in ("flying", "landed", "grounded", "docked")
            and min(3, a.experience + docking.radar_bonus(state, a)) == level
            and (rules.sheet(a).klass == "airship") == airships
        ]
        out += interleave(state, ids, 1 - state.initiative)
    return out


def fire_queue(state: DfState) -> list[int]:
    """Descending experience, the initiative loser first in a level (combat.3-4)."""
    out: list[int] = []
    for level in (3, 2, 1, 0):
        ids = [a.id for a in state.aircraft if a.status == "flying" and a.experience == level]
        out += interleave(state, ids, 1 - state.initiative)
    return out


def may_fire(state: DfState, a: Aircraft) -> bool:
    """Flying, or shot down at its own experience level this turn (combat.5)."""
    return a.status == "flying" or (a.status == "destroyed" and a.down_mark == state.fire_mark >= 0)


# -- steps ------------------------------------------------------------------------------------
def _deploy_run(state: DfState, ctx: Context) -> Decision | None:
    if state.stage != "deploy":
        return None
    while state.queue:
        a = state.aircraft[state.queue[0]]
        state.active = a.id
        if state.placing < 0:
            return Decision(players=(a.player,), kind="place", prompt=f"Where does #{a.id} {a.datasheet} set up?")
        return Decision(players=(a.player,), kind="deploy", prompt=f"Altitude and speed of #{a.id} {a.datasheet}")
    state.stage = "play"
    state.active = -1
    return None


def _deploy_resolve(state: DfState, ctx: Context, answers: Mapping[int, Action]) -> bool:
    (action,) = answers.values()
    if isinstance(action, Place):
        state.placing = action.cell
        return True
    assert isinstance(action, Deploy)
    state.placing = -1
    a = state.aircraft[action.aircraft]
    a.cell, a.altitude, a.speed, a.deployed = action.cell, action.altitude, action.speed, True
    a.facing = 2 if a.player == 0 else 5
    state.queue.pop(0)
    return True


def _acm_move(state: DfState, ctx: Context) -> Decision | None:
    """Phase 1.1: aerial cruise missiles fly (acm.1-3)."""
    if state.stage != "play" or not state.acms:
        return None
    from aerodrome_dockfighters import acm

    acm.fly(state, ctx)
    _note_gone(state)
    return None


def _ground_move(state: DfState, ctx: Context) -> Decision | None:
    """Phase 1.2: mobile ground targets may turn (direction-change diagram) and move 1 hex
    (ground.move.1-2)."""
    if state.stage != "play":
        return None
    from aerodrome_dockfighters.board import board
    from aerodrome_dockfighters.objectives import move_train

    move_train(state, ctx)
    b = board(state.width, state.height)
    for g in state.ground:
        if not g.mobile or g.damage >= g.structure:
            continue
        g.facing = (g.facing + builtin().weather.wind_change[ctx.dice.d(6, f"{g.name} direction") - 1]) % 6
        nxt = b.step[g.cell * 6 + g.facing]
        if nxt >= 0:
            g.cell = nxt
        else:
            g.facing = (g.facing + 3) % 6
    return None


def _make_move_run(airships: bool) -> Any:
    tag = "1.3" if airships else "1.4"

    def run(state: DfState, ctx: Context) -> Decision | None:
        if state.stage == "deploy":
            return None
        if state.stage != tag:
            state.stage = tag
            state.queue = move_queue(state, airships)
            state.active = -1
            state.move = None
        while True:
            if state.move is not None:
                a = state.aircraft[state.move.aircraft]
                if a.status != "flying":
                    state.move = None
                    continue
                return Decision(players=(a.player,), kind="manoeuvre", prompt=f"#{a.id}: turn point")
            if state.active >= 0:
                a = state.aircraft[state.active]
                if a.status in ("flying", "landed", "grounded", "docked"):
                    return Decision(players=(a.player,), kind="plan", prompt=f"#{a.id} {a.datasheet}: speed and template")
                state.active = -1
            if not state.queue:
                state.stage = f"{tag} done"
                return None
            choice = candidates(state, lambda a: a.status in ("flying", "landed", "grounded", "docked"))
            if len(choice) > 1:
                return Decision(players=(state.aircraft[choice[0]].player,), kind="activate",
                                prompt="Which aircraft moves next?")
            state.active = state.queue.pop(0)
            _activated(state)

    return run


def _activated(state: DfState) -> None:
    """A jammer works on aircraft that start their move near it (airship.17)."""
    a = state.aircraft[state.active]
    a.jammed = docking.jammed(state, a)


def candidates(state: DfState, ok: Any) -> list[int]:
    """The queued aircraft that the leader owning the head of the queue may activate now:
    his, of the same experience level (order.3, combat.4; in movement a friendly radar lifts
    an aircraft one level, airship.16)."""
    moving = state.stage in ("1.3", "1.4")

    def level(a: Aircraft) -> int:
        return min(3, a.experience + docking.radar_bonus(state, a)) if moving else a.experience

    head = state.aircraft[state.queue[0]]
    top = level(head)
    return [
        i for i in state.queue
        if state.aircraft[i].player == head.player and level(state.aircraft[i]) == top
        and ok(state.aircraft[i])
    ]


def _activate(state: DfState, action: Activate) -> None:
    state.queue.remove(action.aircraft)
    state.queue.insert(0, action.aircraft)


def _move_resolve(state: DfState, ctx: Context, answers: Mapping[int, Action]) -> bool:
    (action,) = answers.values()
    if isinstance(action, Activate):
        _activate(state, action)
        state.active = state.queue.pop(0)
        _activated(state)
    elif isinstance(action, Undock):
        docking.undock(state, state.aircraft[action.aircraft], action)
        state.active = -1
    elif isinstance(action, Plan):
        a = state.aircraft[action.aircraft]
        state.active = -1
        state.move = movement.start(state, a, action, ctx)
    elif isinstance(action, Manoeuvre):
        assert state.move is not None
        state.move = movement.manoeuvre(state, state.move, action, ctx)
    _note_gone(state)
    return True


def _ground_fire(state: DfState, ctx: Context) -> Decision | None:
    if state.stage == "deploy":
        return None
    docking.service(state)
    combat.ground_fire(state, ctx)
    _note_gone(state)
    return None


def _fire_run(state: DfState, ctx: Context) -> Decision | None:
    if state.stage == "deploy":
        return None
    if state.stage != "2.2":
        state.stage = "2.2"
        state.queue = fire_queue(state)
        state.active = -1
    while state.queue:
        a = state.aircraft[state.queue[0]]
        state.fire_mark = state.turn * 10 + a.experience
        if state.active != a.id:
            choice = candidates(state, lambda x: can_act(state, x))
            if len(choice) > 1:
                return Decision(players=(a.player,), kind="activate", prompt="Which aircraft fires next?")
        if can_act(state, a):
            state.active = a.id
            return Decision(players=(a.player,), kind="fire", prompt=f"#{a.id} {a.datasheet}: fire?")
        state.queue.pop(0)
    state.stage = "2.2 done"
    state.active = -1
    state.fire_mark = -1
    _note_gone(state)
    return None


def can_act(state: DfState, a: Aircraft) -> bool:
    """Whether ``a`` has anything to do in the fire phase."""
    from aerodrome_dockfighters.acm import release_options

    return may_fire(state, a) and a.cell >= 0 and bool(
        combat.attack_options(state, a) or rules.can_repair(a, state.turn) or release_options(state, a)
        or (a.loads and a.status == "flying") or mines.lay_options(state, a)
    )


def _fire_resolve(state: DfState, ctx: Context, answers: Mapping[int, Action]) -> bool:
    (action,) = answers.values()
    if isinstance(action, Activate):
        _activate(state, action)
        state.active = action.aircraft
        return True
    a = state.aircraft[state.queue.pop(0)]
    if isinstance(action, Attack):
        combat.resolve(state, a, action, ctx)
        _note_gone(state)
    elif isinstance(action, Repair):
        rules.repair(state, a, ctx)
    elif isinstance(action, LayMine):  # airship.13: does not use up the other systems
        mines.lay(state, a, action)
        state.queue.insert(0, a.id)
    elif isinstance(action, Jettison):  # load.2: does not use up the attack
        state.log.append(f"#{a.id} jettisons {', '.join(a.loads)}")
        a.loads = []
        state.queue.insert(0, a.id)
    elif isinstance(action, Release):
        from aerodrome_dockfighters import acm

        acm.release(state, a, action, ctx)
        state.queue.insert(0, a.id)  # releasing does not use up the aircraft's attack
        _note_gone(state)
    return True


def _weather(state: DfState, ctx: Context) -> Decision | None:
    if state.stage == "deploy":
        return None
    weather_phase(state, ctx)
    _note_gone(state)
    return None


def _end_turn(state: DfState, ctx: Context) -> Decision | None:
    """Phase 3.2 (turn.3): the turn counter moves up, the initiative passes."""
    if state.stage == "deploy":
        return None
    _note_gone(state)
    state.turn += 1
    state.initiative = 1 - state.initiative
    state.stage = "play"
    if state.turn > state.last_turn:
        from aerodrome_dockfighters.objectives import extend

        extend(state, ctx)
    if state.turn > state.last_turn or any(lost(state, p) for p in (0, 1)):
        state.over = True
    return None


def _note_gone(state: DfState) -> None:
    """Record the turn a squadron lost its last aircraft on the board (Aerial Dominance's
    'before turn 6 ends'); the game itself ends at the end of the turn (turn.2)."""
    for p in (0, 1):
        side = state.squadrons[p].side
        if side not in state.all_gone_turn and lost(state, p):
            state.all_gone_turn[side] = state.turn


# -- the ruleset --------------------------------------------------------------------------------
class Dockfighters(Ruleset[DfState]):
    """Dockfighters: The Ale Wars."""

    name = "dockfighters"
    title = "Dockfighters: The Ale Wars"
    rulebook = "rulebooks/dockfighters-the-ale-wars.txt"
    state_type = DfState
    action_types = ACTIONS

    def setups(self) -> Sequence[Setup]:
        return setups()

    def specs_dir(self) -> Path:
        return builtin_specs("dockfighters")

    def spec_types(self) -> Mapping[str, type[Any]]:
        return SPEC_TYPES

    def sequence(self) -> TurnSequence[DfState]:
        return TurnSequence(phases=(
            Phase(name="1 Movement", steps=(
                Step("set-up", _deploy_run, _deploy_resolve, clause="dockfighters.setup.7"),
                Step("1.1 cruise missiles", _acm_move, clause="dockfighters.acm.1"),
                Step("1.2 ground targets", _ground_move, clause="dockfighters.ground.move.2"),
                Step("1.3 airships", _make_move_run(True), _move_resolve, clause="dockfighters.order.1"),
                Step("1.4 aircraft", _make_move_run(False), _move_resolve, clause="dockfighters.order.2"),
            )),
            Phase(name="2 Combat", steps=(
                Step("2.1 ground targets fire", _ground_fire, clause="dockfighters.combat.1"),
                Step("2.2 all others fire", _fire_run, _fire_resolve, clause="dockfighters.combat.3"),
            )),
            Phase(name="3 Weather", steps=(
                Step("3.1 weather", _weather, clause="dockfighters.weather.4"),
                Step("3.2 turn counter", _end_turn, clause="dockfighters.turn.3"),
            )),
        ))

    def initial_state(self, setup: Setup, ctx: Context) -> DfState:
        specs = builtin()
        missions = list(setup.options.get("missions", ["aerial-dominance"] * 2))
        from aerodrome_dockfighters.missions import check_mission_values

        check_mission_values(missions)
        state = DfState(
            setup=setup.name, width=specs.board.width, height=specs.board.height,
            squadrons=[Squadron(player=p, side=SIDES[p], mission=missions[p]) for p in (0, 1)],
            aircraft=[],
        )
        for p, side in enumerate(forces(setup)):
            for n, (name, exp, loads, pilot) in enumerate(side):
                ds = specs.aircraft[name]
                if ds.klass != "airship":
                    rules.check_loads(name, list(loads), f"setup {setup.name}: forces[{p}][{n}]")
                if ds.klass == "dockfighter":
                    exp = max(0, exp - 1)  # dockfighter.3
                craft = Aircraft(
                    id=len(state.aircraft), player=p, side=SIDES[p], datasheet=name,
                    pilot=pilot, experience=exp,
                    loads=[] if ds.klass == "airship" else list(loads),
                    ammo=[0] * len(ds.weapons), speed=max(ds.min_speed, 0),
                )
                state.aircraft.append(craft)
                if ds.klass == "airship" and loads:  # an airship's list names its systems
                    docking.fit(state, craft, list(loads))
        from aerodrome_dockfighters.objectives import add_special_aircraft, setup_mission

        for p in (1, 0):  # objectives are placed beginning with the opposing leader
            setup_mission(state, p, ctx)
        for p in (0, 1):
            add_special_aircraft(state, p, ctx)
        for p in (0, 1):  # the declared recon or agent aircraft: the first of the roster (assumed)
            role = {"aerial-surveillance": "recon", "agents-insertion": "agent", "ale-raid": "agent"}.get(
                state.squadrons[p].mission
            )
            if role:
                next(a for a in state.aircraft if a.player == p).role = role
        if state.runway:
            _airfield_defence(state, 1, ctx)
        # setup.1 (without fame bids): initiative by d6, ties rolled again
        while True:
            r0, r1 = ctx.dice.d(6, "initiative Bavaria"), ctx.dice.d(6, "initiative Saxony")
            if r0 != r1:
                break
        state.initiative = 0 if r0 > r1 else 1
        from aerodrome_dockfighters.missions import scenario_fame

        for sq, fame in zip(state.squadrons, scenario_fame(state), strict=True):
            sq.fame = fame
        setup_weather(state, ctx)
        # setup.7: the initiative loser sets up first, lowest experience first, alternating
        ids = sorted(
            (i for i in range(len(state.aircraft)) if not state.aircraft[i].deployed and state.aircraft[i].status == "flying"),
            key=lambda i: state.aircraft[i].experience,
        )
        first = 1 - state.initiative
        if state.squadrons[0].mission == "duel":  # mission.duel.1: the defender sets up first
            first = 1
        state.queue = interleave(state, ids, first)
        return state

    def position_state(self, setup: Setup, position: Mapping[str, Any], source: str) -> DfState:
        from aerodrome_dockfighters.positions import from_position

        return from_position(setup, position, source)

    # -- decisions ----------------------------------------------------------------------
    def legal_actions(self, state: DfState, decision: Decision, player: int) -> Sequence[Action]:
        kind = decision.kind
        if kind == "place":
            return place_options(state, state.aircraft[state.active])
        if kind == "deploy":
            return deploy_options(state, state.aircraft[state.active], state.placing)
        if kind == "activate":
            if state.stage == "2.2":
                ids = candidates(state, lambda x: can_act(state, x))
            else:
                ids = candidates(state, lambda x: x.status in ("flying", "landed", "grounded", "docked"))
            return [Activate(aircraft=i) for i in ids]
        if kind == "plan":
            a = state.aircraft[state.active]
            if a.status == "docked":
                return [*docking.undock_options(state, a), Plan(aircraft=a.id, speed=0, template=movement.STAY)]
            return movement.plan_options(state, a)
        if kind == "manoeuvre":
            assert state.move is not None
            return movement.manoeuvre_options(state, state.move)
        if kind == "fire":
            a = state.aircraft[state.active]
            from aerodrome_dockfighters.acm import release_options

            extra: list[Action] = [Repair(aircraft=a.id)] if rules.can_repair(a, state.turn) else []
            extra += release_options(state, a)
            if a.loads and a.status == "flying":
                extra.append(Jettison(aircraft=a.id))
            extra += mines.lay_options(state, a)
            return [*combat.attack_options(state, a), *extra, HoldFire(aircraft=a.id)]
        raise IllegalActionError(f"unknown decision {kind!r}")

    def observation(self, state: DfState, player: int | None) -> DfObservation:
        return DfObservation(player=player, state=state)

    def is_over(self, state: DfState) -> bool:
        return state.over

    def result(self, state: DfState, rounds: int) -> Result:
        winners: list[str] = []
        fame: dict[str, float] = {}
        for p in (0, 1):
            sq = state.squadrons[p]
            ok, won = success(state, p)
            if ok:
                winners.append(sq.side)
            fame[f"fame_{sq.side}"] = float(sq.fame + won)
        reason = "turn 13 reached" if state.turn > state.last_turn else "a squadron has no aircraft left"
        return Result(
            winners=tuple(winners), reason=reason if state.over else "unfinished",
            rounds=rounds, finished=state.over,
            kills={sq.side: sq.kills for sq in state.squadrons},
            losses={sq.side: sq.losses for sq in state.squadrons},
            stats=fame,
        )

    def describe_action(self, state: DfState, action: Action) -> str:
        if isinstance(action, Attack):
            info = combat.summary(state, action)
            return f"{action.describe()} ({info.get('dice', '?')} dice, {info['need']}+)"
        if isinstance(action, Deploy | Undock | Place):
            col, row = action.cell % state.width, action.cell // state.width
            what = {Deploy: "deploy", Undock: "undock", Place: "set up"}[type(action)]
            extra = f", altitude {action.altitude}, speed {action.speed}" if isinstance(action, Deploy) else ""
            return f"#{action.aircraft} {state.aircraft[action.aircraft].datasheet}: {what} at column {col}, row {row}{extra}"
        if isinstance(action, Plan) and action.template >= 0:
            a = state.aircraft[action.aircraft]
            if action.template > rules.agility(a, rules.sheet(a)):
                return f"{action.describe()} (increased agility: pilot check)"
        return action.describe()

    def render(self, state: DfState, player: int | None) -> RenderableType:
        from aerodrome_dockfighters.render import render

        return render(state, player)

    def invariants(self, state: DfState) -> list[str]:
        specs = builtin()
        broken: list[str] = []
        seen: dict[tuple[int, int], int] = {}
        for a in state.aircraft:
            ds = specs.aircraft[a.datasheet]
            if not 0 <= a.damage <= ds.structure:
                broken.append(f"#{a.id} damage {a.damage} outside 0..{ds.structure}")
            if any(not 0 <= x <= 2 for x in a.ammo):
                broken.append(f"#{a.id} ammunition {a.ammo} outside full..empty")
            if a.status != "flying" or not a.deployed:
                continue
            key = (a.cell, a.altitude)
            if key in seen:
                broken.append(f"#{a.id} and #{seen[key]} share cell {a.cell} altitude {a.altitude}")
            seen[key] = a.id
            if not 1 <= a.altitude <= specs.tables.max_altitude:
                broken.append(f"#{a.id} altitude {a.altitude}")
            if state.move is None and not rules.min_speed(a, ds) <= a.speed <= rules.max_speed(a, ds):
                broken.append(f"#{a.id} speed {a.speed} outside its limits")
        return broken

    def material(self, state: DfState) -> dict[str, float]:
        specs = builtin()
        out = {s: 0.0 for s in SIDES}
        for a in state.aircraft:
            if a.status == "flying":
                out[a.side] += specs.aircraft[a.datasheet].value
        return out


def _airfield_defence(state: DfState, player: int, ctx: Context) -> None:
    """mission.airstrip.2: the defender starts D3 aircraft airborne at altitude 1 and minimum
    speed near the runway (positions by dice, assumed); the others are grounded."""
    from aerodrome_dockfighters.board import board

    b = board(state.width, state.height)
    mine = [a for a in state.aircraft if a.player == player]
    airborne = ctx.dice.d(3, "airborne defenders")
    zone_cells = list(dict.fromkeys(c for r in state.runway for c in b.within(r, 3)))
    for n, a in enumerate(mine):
        a.deployed = True
        if n >= airborne:
            a.status, a.cell = "grounded", -1
            continue
        free = [c for c in zone_cells if not movement.occupied(state, c, 1, a.id)]
        a.cell = free[ctx.dice.d(len(free), "defender position") - 1]
        a.altitude, a.speed, a.facing = 1, rules.sheet(a).min_speed, 2


def place_options(state: DfState, a: Aircraft) -> list[Place]:
    """The cells of the set-up zone with a free altitude left (setup.7)."""
    from aerodrome_dockfighters.objectives import entry_altitudes

    alts = entry_altitudes(state, a)
    taken = {(o.cell, o.altitude) for o in state.aircraft if o.deployed and o.status == "flying"}
    return [Place(aircraft=a.id, cell=c) for c in zone(state, a.player) if any((c, h) not in taken for h in alts)]


def deploy_options(state: DfState, a: Aircraft, cell: int = -1) -> list[Deploy]:
    """Free altitude and speed on any free cell of the set-up zone (setup.7); with ``cell``
    only on that cell."""
    specs = builtin()
    ds = specs.aircraft[a.datasheet]
    taken = {(o.cell, o.altitude) for o in state.aircraft if o.deployed and o.status == "flying"}
    out: list[Deploy] = []
    from aerodrome_dockfighters.objectives import entry_altitudes

    lo = max(ds.min_speed, 0 if ds.klass == "airship" else 1)
    altitudes = entry_altitudes(state, a)
    for here in zone(state, a.player) if cell < 0 else [cell]:
        for alt in altitudes:
            if (here, alt) in taken:
                continue
            for speed in range(lo, ds.max_speed + 1):
                out.append(Deploy(aircraft=a.id, cell=here, altitude=alt, speed=speed))
    return out


def copy(state: DfState) -> DfState:
    return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=DfState)
