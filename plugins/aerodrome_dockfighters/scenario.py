"""Setting a scenario up (clauses setup.1-7): the state before the first turn, then the
one-off set-up phases of the sequencer, in the book's order.

1. The state: the squadrons' aircraft from the set-up's options, what the missions bring by
   themselves (the train, the runway, recon planes and airships, the airfield's defenders),
   the initiative roll, the fame, and the objective tokens the leaders will place (they
   wait in hand: ``cell`` -1).
2. ``Set-up: mission aircraft``: each leader whose mission needs one names its recon or
   agent aircraft.
3. ``Set-up: objectives and ground targets``: for each mission, the initiative loser's first
   (setup.6), its ground targets (a value list chosen, a d6 rolled, the target placed,
   alternately beginning with the opponent, gt.1), then its objectives (alternately,
   beginning with the opponent).
4. ``Set-up: aircraft``: the initiative loser sets up one aircraft, lowest experience first,
   then the winner, alternately (setup.7; The Duel: the defender first); each on a hex of
   its zone, then at a free altitude and speed.
5. ``Set-up: weather``: "At the end of the mission setup, the weather conditions are
   determined" (setup.11, weather.1-3): the roll, the wind, and the clouds dealt to the
   leaders' hands (``col`` -1).
6. ``Set-up: clouds``: big clouds first, then the small ones, alternately beginning with the
   initiative loser (weather.2).
"""

from __future__ import annotations

from collections.abc import Mapping

from aerodrome.api import Ask, Decision, SpecError
from aerodrome_dockfighters import careers, challenges, docking, placement, rules
from aerodrome_dockfighters.airspace import occupied
from aerodrome_dockfighters.board import board
from aerodrome_dockfighters.context import DfContext
from aerodrome_dockfighters.deployment import deploy_options, place_options, setup_order
from aerodrome_dockfighters.missions import check_mission_values, forces, scenario_fame
from aerodrome_dockfighters.objectives import add_special_aircraft, setup_mission
from aerodrome_dockfighters.options import DfSetup, bot_seats, check
from aerodrome_dockfighters.order import interleave
from aerodrome_dockfighters.specs import builtin
from aerodrome_dockfighters.state import (
    Aircraft,
    ChooseValue,
    Declare,
    Deploy,
    DfState,
    Kind,
    Place,
    PlaceToken,
    Squadron,
)
from aerodrome_dockfighters.weather import setup_weather

#: The squadron leaders' facing as they enter: Bavaria north, Saxony south.
ENTRY_FACING = (2, 5)


def initial_state(setup: DfSetup, ctx: DfContext) -> DfState:
    """The state before the set-up phases (setup.1-5 and what each mission brings)."""
    specs = builtin()
    options = check(setup)
    missions = list(options.missions)
    challenges.check_pairing(missions, f"setup {setup.name}")
    check_mission_values(missions)
    bots = bot_seats(setup)
    campaign = careers.options(options.campaign, f"setup {setup.name}")  # issue 10
    sides = careers.sides(campaign)
    state = DfState(
        setup=setup.name,
        width=specs.board.width,
        height=specs.board.height,
        squadrons=[
            Squadron(
                player=p,
                side=sides[p],
                mission=missions[p],
                bot=p in bots,
                nation=careers.nation(campaign, p),
                leadership=careers.leadership(campaign, p),
            )
            for p in (0, 1)
        ],
        aircraft=[],
    )
    if ctx.variants.mission_turns is not None:  # mission.1: 12 turns, unless a variant says
        turns = ctx.variants.mission_turns(standard=state.last_turn)
        if turns is not None:
            state.last_turn = turns
    for p, side in enumerate(forces(setup)):
        for n, (name, exp, loads, pilot) in enumerate(side):
            ds = specs.aircraft[name]
            where = f"setup {setup.name}: forces[{p}][{n}]"
            if ds.klass != "airship":
                rules.check_loads(name, list(loads), where)
            if ds.klass == "dockfighter":
                exp = max(0, exp - 1)  # dockfighter.3
            craft = Aircraft(
                id=len(state.aircraft),
                player=p,
                side=sides[p],
                datasheet=name,
                pilot=pilot,
                experience=exp,
                loads=[] if ds.klass == "airship" else list(loads),
                ammo=[0] * len(ds.weapons),
                speed=max(ds.min_speed, 0),
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
    for sq, fame in zip(state.squadrons, campaign.fame or scenario_fame(state), strict=True):
        sq.fame = fame  # setup.3-5: the campaign's ledger when it books the set-up itself
    loser = 1 - state.initiative  # setup.6: the initiative loser sets up his mission first
    for p in (loser, 1 - loser):
        placement.deal_objectives(state, p, ctx)
    return state


def _airfield_defence(state: DfState, player: int, ctx: DfContext) -> None:
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


# -- 2. the mission aircraft ------------------------------------------------------------------------
def declare_step(state: DfState, ctx: DfContext) -> Ask[DfState, Declare]:
    """The leader names the aircraft that flies his mission (the recon or agent aircraft)."""
    player = int(ctx.item)
    role = placement.ROLES[state.squadrons[player].mission]
    decision = Decision(players=(player,), kind=Kind.TOKEN, subject=("declare", role))
    return ctx.ask(decision, lambda s, p: placement.declare_options(s, player), _declared)


def _declared(state: DfState, ctx: DfContext, answers: Mapping[int, Declare]) -> bool:
    (answer,) = answers.values()
    placement.declare(state, answer, ctx)
    return False


# -- 3. objectives and ground targets -------------------------------------------------------------
def missions_in_order(state: DfState) -> list[int]:
    """The missions set up in turn: the initiative loser's first (setup.6)."""
    return [1 - state.initiative, state.initiative]


def ground_targets_step(
    state: DfState, ctx: DfContext
) -> Ask[DfState, ChooseValue | PlaceToken] | None:
    """The mission's ground targets, one at a time: the value list, then the hex (gt.1)."""
    owner = int(ctx.item)
    chooser = placement.ground_chooser(state, owner)
    near_runway = state.squadrons[owner].mission == "airstrip-visit"
    target = placement.target_in_hand(state, owner)
    if target is not None:
        decision = Decision(players=(chooser,), kind=Kind.TOKEN, subject=("ground", target.name))
        return ctx.ask(
            decision, lambda s, p: placement.token_options(s, "ground", near_runway), _ground_placed
        )
    if not placement.choosing_values(state, owner):
        return None
    left = placement.points_left(state, owner)
    decision = Decision(players=(chooser,), kind=Kind.TOKEN, subject=("value", left))
    return ctx.ask(decision, lambda s, p: placement.value_options(s, owner), _value_chosen)


def _value_chosen(
    state: DfState, ctx: DfContext, answers: Mapping[int, ChooseValue | PlaceToken]
) -> bool:
    (answer,) = answers.values()
    assert isinstance(answer, ChooseValue)
    placement.choose_value(state, int(ctx.item), answer, ctx)
    return True


def _ground_placed(
    state: DfState, ctx: DfContext, answers: Mapping[int, ChooseValue | PlaceToken]
) -> bool:
    (answer,) = answers.values()
    assert isinstance(answer, PlaceToken)
    target = placement.target_in_hand(state, int(ctx.item))
    assert target is not None
    placement.place_target(state, target, answer, ctx)
    return True


def objectives_step(state: DfState, ctx: DfContext) -> Ask[DfState, PlaceToken] | None:
    """The mission's objective tokens, placed alternately beginning with the opponent."""
    found = placement.objective_in_hand(state, int(ctx.item))
    if found is None:
        return None
    _, player = found
    decision = Decision(players=(player,), kind=Kind.TOKEN, subject=("objective",))
    return ctx.ask(
        decision, lambda s, p: placement.token_options(s, "objective"), _objective_placed
    )


def _objective_placed(state: DfState, ctx: DfContext, answers: Mapping[int, PlaceToken]) -> bool:
    (answer,) = answers.values()
    found = placement.objective_in_hand(state, int(ctx.item))
    assert found is not None
    placement.place_objective(state, found[0], answer)
    return True


# -- 4. the aircraft --------------------------------------------------------------------------------
def setup_sequence(state: DfState) -> list[int]:
    """setup.7: the initiative loser sets up one aircraft, then the winner, alternately, the
    lowest experience first (The Duel: the defender first, mission.duel.1)."""
    first = 1 - state.initiative
    if state.squadrons[0].mission == "duel":
        first = 1
    return interleave(state, setup_order(state), first)


def place_step(state: DfState, ctx: DfContext) -> Ask[DfState, Place]:
    a = state.aircraft[int(ctx.item)]
    decision = Decision(players=(a.player,), kind=Kind.PLACE, subject=a.id)
    aircraft = a.id
    return ctx.ask(decision, lambda s, p: place_options(s, s.aircraft[aircraft]), _placed)


def _placed(state: DfState, ctx: DfContext, answers: Mapping[int, Place]) -> bool:
    (answer,) = answers.values()
    state.aircraft[answer.aircraft].cell = answer.cell
    return False


def deploy_step(state: DfState, ctx: DfContext) -> Ask[DfState, Deploy]:
    a = state.aircraft[int(ctx.item)]
    decision = Decision(players=(a.player,), kind=Kind.DEPLOY, subject=a.id)
    aircraft = a.id
    return ctx.ask(
        decision,
        lambda s, p: deploy_options(s, s.aircraft[aircraft], s.aircraft[aircraft].cell),
        _deployed,
    )


def _deployed(state: DfState, ctx: DfContext, answers: Mapping[int, Deploy]) -> bool:
    (answer,) = answers.values()
    a = state.aircraft[answer.aircraft]
    a.cell, a.altitude, a.speed, a.deployed = answer.cell, answer.altitude, answer.speed, True
    a.facing = ENTRY_FACING[a.player]
    return False


# -- 5. the weather -------------------------------------------------------------------------------
def weather_step(state: DfState, ctx: DfContext) -> None:
    """Step 9: "At the end of the mission setup, the weather conditions are determined. ...
    The loser of initiative rolls for the weather conditions. Then, beginning with the loser
    of initiative, the big clouds are placed" (clauses setup.11, weather.1-3): rolled once the
    objectives, ground targets and aircraft are set up; the clouds go to the leaders' hands."""
    setup_weather(state, ctx)
    if state.weather:
        placement.deal_clouds(state)


# -- 6. clouds ---------------------------------------------------------------------------------------
def cloud_step(state: DfState, ctx: DfContext) -> Ask[DfState, PlaceToken]:
    """A leader places a cloud of his hand (weather.2; weather.13 in the weather phase)."""
    index = int(ctx.item)
    size = state.clouds[index].size
    decision = Decision(
        players=(placement.cloud_placer(state, index),), kind=Kind.TOKEN, subject=("cloud", size)
    )
    return ctx.ask(decision, lambda s, p: placement.token_options(s, "cloud"), _cloud_placed)


def _cloud_placed(state: DfState, ctx: DfContext, answers: Mapping[int, PlaceToken]) -> bool:
    (answer,) = answers.values()
    placement.place_cloud(state, state.clouds[int(ctx.item)], answer)
    return False
