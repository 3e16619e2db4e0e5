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
from aerodrome.errors import IllegalActionError, SpecError
from aerodrome.ruleset import Capabilities, Result, Ruleset, Setup
from aerodrome.specs import builtin_specs
from aerodrome.turns import Context, Decision, Phase, Step, TurnSequence
from aerodrome_dockfighters import (
    careers,
    challenges,
    combat,
    docking,
    mines,
    movement,
    placement,
    rules,
)
from aerodrome_dockfighters.acm import release_options
from aerodrome_dockfighters.airspace import occupied, sky
from aerodrome_dockfighters.board import board
from aerodrome_dockfighters.deployment import deploy_options, place_options, setup_order
from aerodrome_dockfighters.missions import (
    SIDES,
    check_mission_values,
    forces,
    mission_exit,
    scenario_fame,
    setups,
    success,
)
from aerodrome_dockfighters.objectives import add_special_aircraft, setup_mission
from aerodrome_dockfighters.phases import (
    acm_move,
    can_act,
    candidates,
    deploy_resolve,
    deploy_run,
    end_turn,
    fire_resolve,
    fire_run,
    ground_fire,
    ground_move,
    interleave,
    make_move_run,
    move_resolve,
    weather_resolve,
    weather_step,
)
from aerodrome_dockfighters.positions import bot_seats, from_position
from aerodrome_dockfighters.render import render
from aerodrome_dockfighters.specs import SPEC_TYPES, builtin
from aerodrome_dockfighters.state import (
    ACTIONS,
    Activate,
    Aircraft,
    Attack,
    Deploy,
    DfState,
    HoldFire,
    Jettison,
    Place,
    Plan,
    Repair,
    Squadron,
    Task,
    Undock,
)
from aerodrome_dockfighters.svg import to_svg
from aerodrome_dockfighters.views import DfView
from aerodrome_dockfighters.weather import setup_weather

if TYPE_CHECKING:
    from rich.console import RenderableType


# -- the ruleset --------------------------------------------------------------------------------
class Dockfighters(Ruleset[DfState]):
    """Dockfighters: The Ale Wars."""

    name = "dockfighters"
    title = "Dockfighters: The Ale Wars"
    rulebook = "rulebooks/dockfighters-the-ale-wars.txt"
    capabilities = Capabilities(hidden_information=False, simultaneous=False)
    action_types = ACTIONS

    def setups(self) -> Sequence[Setup]:
        return setups()

    def specs_dir(self) -> Path:
        return builtin_specs("dockfighters")

    def spec_types(self) -> Mapping[str, type[Any]]:
        return {**SPEC_TYPES, "challenges.toml": challenges.Challenges}

    def sequence(self) -> TurnSequence[DfState]:
        return TurnSequence(phases=(
            Phase(name="1 Movement", steps=(
                Step("set-up", deploy_run, deploy_resolve, clause="dockfighters.setup.7"),
                Step("1.1 cruise missiles", acm_move, clause="dockfighters.acm.1"),
                Step("1.2 ground targets", ground_move, clause="dockfighters.ground.move.2"),
                Step("1.3 airships", make_move_run(True), move_resolve, clause="dockfighters.order.1"),
                Step("1.4 aircraft", make_move_run(False), move_resolve, clause="dockfighters.order.2"),
            )),
            Phase(name="2 Combat", steps=(
                Step("2.1 ground targets fire", ground_fire, clause="dockfighters.combat.1"),
                Step("2.2 all others fire", fire_run, fire_resolve, clause="dockfighters.combat.3"),
            )),
            Phase(name="3 Weather", steps=(
                Step("3.1 weather", weather_step, weather_resolve, clause="dockfighters.weather.4"),
                Step("3.2 turn counter", end_turn, clause="dockfighters.turn.3"),
            )),
        ))

    def initial_state(self, setup: Setup, ctx: Context) -> DfState:
        specs = builtin()
        missions = list(setup.options.get("missions", ["aerial-dominance"] * 2))
        if len(missions) != 2 or not all(isinstance(m, str) for m in missions):
            raise SpecError(f"setup {setup.name}: missions: one mission name per squadron, not {missions!r}")
        challenges.check_pairing(missions, f"setup {setup.name}")
        check_mission_values(missions)
        bots = bot_seats(setup.options.get("bot_seats", []), f"setup {setup.name}: bot_seats")
        campaign = careers.options(setup.options.get("campaign"), f"setup {setup.name}")
        sides = careers.sides(campaign)
        state = DfState(
            setup=setup.name, width=specs.board.width, height=specs.board.height,
            squadrons=[
                Squadron(player=p, side=sides[p], mission=missions[p], bot=p in bots,
                         nation=careers.nation(campaign, p), leadership=careers.leadership(campaign, p))
                for p in (0, 1)
            ],
            aircraft=[],
        )
        for p, side in enumerate(forces(setup)):
            for n, (name, exp, loads, pilot) in enumerate(side):
                ds = specs.aircraft[name]
                where = f"setup {setup.name}: forces[{p}][{n}]"
                if ds.klass != "airship":
                    rules.check_loads(name, list(loads), where)
                if ds.klass == "dockfighter":
                    exp = max(0, exp - 1)  # dockfighter.3
                craft = Aircraft(
                    id=len(state.aircraft), player=p, side=sides[p], datasheet=name,
                    pilot=pilot, experience=exp,
                    loads=[] if ds.klass == "airship" else list(loads),
                    ammo=[0] * len(ds.weapons), speed=max(ds.min_speed, 0),
                )
                crew = careers.crew(campaign, p, n)
                if crew.damage >= ds.structure:
                    raise SpecError(f"{where}: campaign damage {crew.damage} would destroy the {name}")
                careers.man(craft, crew)
                state.aircraft.append(craft)
                if ds.klass == "airship" and loads:  # an airship's list names its systems
                    docking.fit(state, craft, list(loads))
        challenges.setup(state, ctx)
        for p in (1, 0):
            setup_mission(state, p, ctx)
        for p in (0, 1):
            add_special_aircraft(state, p, ctx)
        if state.runway:
            _airfield_defence(state, 1, ctx)
        if campaign.initiative >= 0:  # setup.1: won with fame bids in the campaign's set-up
            state.initiative = campaign.initiative
        else:  # setup.1 (without fame bids): initiative by d6, ties rolled again
            while True:
                r0, r1 = ctx.dice.d(6, "initiative Bavaria"), ctx.dice.d(6, "initiative Saxony")
                if r0 != r1:
                    break
            state.initiative = 0 if r0 > r1 else 1
        for sq, fame in zip(state.squadrons, scenario_fame(state), strict=True):
            sq.fame = fame
        setup_weather(state, ctx)
        loser = 1 - state.initiative  # setup.6: the initiative loser sets up his mission first
        for p in (loser, 1 - loser):
            state.tasks += placement.mission_tasks(state, p, ctx)
        for p in (0, 1):  # the recon or agent aircraft is declared by its leader
            role = {"aerial-surveillance": "recon", "agents-insertion": "agent", "ale-raid": "agent"}.get(
                state.squadrons[p].mission
            )
            if role:
                state.tasks.insert(0, Task(kind="declare", player=p, owner=p, objective=role))
        if state.weather:
            state.tasks += placement.cloud_tasks(state)
        # setup.7: the initiative loser sets up first, lowest experience first, alternating
        ids = setup_order(state)
        first = 1 - state.initiative
        if state.squadrons[0].mission == "duel":  # mission.duel.1: the defender sets up first
            first = 1
        state.queue = interleave(state, ids, first)
        return state

    def position_state(self, setup: Setup, position: Mapping[str, Any], source: str) -> DfState:
        return from_position(setup, position, source)

    # -- decisions ----------------------------------------------------------------------
    def legal_actions(self, state: DfState, decision: Decision, player: int) -> Sequence[Action]:
        kind = decision.kind
        if kind == "token":
            return placement.options(state, state.tasks[0])
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
            extra: list[Action] = [Repair(aircraft=a.id)] if rules.can_repair(a, state.turn) else []
            extra += release_options(state, a)
            if a.loads and a.status == "flying":
                extra.append(Jettison(aircraft=a.id))
            extra += mines.lay_options(state, a)
            return [*combat.attack_options(state, a), *extra, HoldFire(aircraft=a.id)]
        raise IllegalActionError(f"unknown decision {kind!r}")

    def observation(self, state: DfState, player: int | None) -> DfView:
        """The whole game (Dockfighters hides nothing) as a frozen value: frozen Structs and
        tuples copied from the state, sharing nothing mutable with it (see views.py)."""
        return observe(state, player)

    def is_over(self, state: DfState) -> bool:
        return state.over

    def result(self, state: DfState, rounds: int) -> Result:
        winners: list[str] = []
        stats: dict[str, float] = {}
        for p in (0, 1):
            sq = state.squadrons[p]
            ok, won = success(state, p)
            if ok:
                winners.append(sq.side)
            stats[f"fame_{sq.side}"] = float(sq.fame + won)
            stats[f"objective_{sq.side}"] = 1.0 if ok else 0.0
        stats["aircraft"] = float(len(state.aircraft))
        stats["off_edge"] = float(sum(
            1 for a in state.aircraft if a.status in ("left", "missing") and not mission_exit(state, a)
        ))
        reason = "turn 13 reached" if state.turn > state.last_turn else "a squadron has no aircraft left"
        return Result(
            winners=tuple(winners), reason=reason if state.over else "unfinished",
            rounds=rounds, finished=state.over,
            kills={sq.side: sq.kills for sq in state.squadrons},
            losses={sq.side: sq.losses for sq in state.squadrons},
            engagements=state.engagements,
            stats=stats,
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
        return render(state, player)

    def svg(self, state: DfState, player: int | None) -> str:
        """The hex board as SVG (aircraft, altitude, speed, clouds)."""
        return to_svg(state)

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
    b = board(state.width, state.height)
    mine = [a for a in state.aircraft if a.player == player]
    airborne = ctx.dice.d(3, "airborne defenders")
    zone_cells = list(dict.fromkeys(c for r in state.runway for c in b.within(r, 3)))
    for n, a in enumerate(mine):
        a.deployed = True
        if n >= airborne:
            a.status, a.cell = "grounded", -1
            continue
        free = [c for c in zone_cells if not occupied(state, c, 1, a.id)]
        a.cell = free[ctx.dice.d(len(free), "defender position") - 1]
        a.altitude, a.speed, a.facing = 1, rules.sheet(a).min_speed, 2


def copy(state: DfState) -> DfState:
    return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=DfState)


def observe(state: DfState, player: int | None) -> DfView:
    """A frozen copy of ``state``, the same for every ``player`` (nothing is hidden), with
    its clouds worked out (views.py)."""
    view = msgspec.convert(state, DfView, from_attributes=True)
    return msgspec.structs.replace(view, sky=sky(state))
