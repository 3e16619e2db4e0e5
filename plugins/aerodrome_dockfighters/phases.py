"""The steps of a turn (phases 1.1-3.2), driven by the core's sequencer.

Turn (clause turn.1): 1.1 ACMs, 1.2 ground targets, 1.3 airships, 1.4 other aircraft;
2.1 ground targets fire, 2.2 all others fire; 3.1 weather, 3.2 turn counter and initiative.
Phases 1.3, 1.4 and 2.2 are a ``ForEach`` over the turns of the squadron leaders
(:mod:`aerodrome_dockfighters.order`): in each the leader picks one of his aircraft and the
step asks its questions in a loop (the plan, then one manoeuvre per turn point; or fire,
after a released missile, a jettison or a mine). What the loop needs between two questions is
the game itself: the aircraft's ``activation`` and the move under way (``state.move``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from aerodrome.api import Ask, Decision
from aerodrome_dockfighters import (
    acm,
    challenges,
    combat,
    docking,
    mines,
    movement,
    placement,
    rules,
)
from aerodrome_dockfighters.acm import release_options
from aerodrome_dockfighters.board import board
from aerodrome_dockfighters.context import DfContext, announce
from aerodrome_dockfighters.events import Jettisoned
from aerodrome_dockfighters.missions import lost
from aerodrome_dockfighters.objectives import extend, move_train
from aerodrome_dockfighters.order import (
    MOVABLE,
    fire_candidates,
    in_hand,
    may_fire,
    move_candidates,
)
from aerodrome_dockfighters.specs import builtin
from aerodrome_dockfighters.state import (
    Activate,
    Aircraft,
    Attack,
    DfAction,
    DfState,
    HoldFire,
    Jettison,
    Kind,
    LayMine,
    Manoeuvre,
    Plan,
    Release,
    Repair,
    Sighting,
    Undock,
)
from aerodrome_dockfighters.weather import weather_change, weather_move

Asked = Ask[DfState, Any]


# -- 1.1 and 1.2 ----------------------------------------------------------------------------------
def sightings(state: DfState) -> list[Sighting]:
    """Where every flying aircraft is now (konrad.3: the bot spots "as soon as the movement
    phase starts and after it ends")."""
    return [
        Sighting(aircraft=a.id, cell=a.cell, facing=a.facing, altitude=a.altitude)
        for a in state.aircraft
        if a.status == "flying" and a.cell >= 0
    ]


def acm_move(state: DfState, ctx: DfContext) -> None:
    """Phase 1.1: aerial cruise missiles fly (acm.1-3). The movement phase starts here."""
    state.move_start, state.move_start_turn = sightings(state), state.turn
    if state.acms:
        acm.fly(state, ctx)
        _note_gone(state)


def ground_move(state: DfState, ctx: DfContext) -> None:
    """Phase 1.2: the ale train runs; mobile ground targets may turn (direction-change diagram)
    and move 1 hex (ground.move.1-2)."""
    move_train(state, ctx)
    b = board(state.width, state.height)
    for g in state.ground:
        if not g.mobile or g.damage >= g.structure:
            continue
        g.facing = (
            g.facing
            + builtin().weather.wind_change[ctx.dice.d(6, lambda: f"{g.name} direction") - 1]  # noqa: B023 (rolled at once)
        ) % 6
        nxt = b.step[g.cell * 6 + g.facing]
        if nxt >= 0:
            g.cell = nxt
        else:
            g.facing = (g.facing + 3) % 6


# -- 1.3 and 1.4: a leader's turn to move ------------------------------------------------------------
def move_step(state: DfState, ctx: DfContext) -> Asked | None:
    """One turn of a leader (``ctx.item`` names its leader and level): which aircraft, its
    plan, then its turn points."""
    if state.move is not None:
        return _manoeuvre_ask(state, ctx)
    moving = in_hand(state, "moving")
    if moving is None:
        turn = state.aircraft[int(ctx.item)]
        choice = move_candidates(state, turn)
        if not choice:  # the leader has no aircraft left to move at this level
            return None
        if len(choice) > 1:
            decision = Decision(players=(turn.player,), kind=Kind.ACTIVATE, subject="moves")
            return ctx.ask(
                decision,
                lambda s, p: [
                    Activate(aircraft=a.id) for a in move_candidates(s, s.aircraft[turn.id])
                ],
                _move_activated,
            )
        moving = choice[0]
        _activated(state, moving)
    if moving.status not in MOVABLE:
        moving.activation = "moved"
        return None
    decision = Decision(players=(moving.player,), kind=Kind.PLAN, subject=moving.id)
    aircraft = moving.id
    return ctx.ask(decision, lambda s, p: plan_options(s, s.aircraft[aircraft]), _planned)


def plan_options(state: DfState, a: Aircraft) -> Sequence[Plan | Undock]:
    """The plans of a move (move.1); a docked aircraft undocks or stays (dockfighter.1)."""
    if a.status == "docked":
        return [
            *docking.undock_options(state, a),
            Plan(aircraft=a.id, speed=0, template=movement.STAY),
        ]
    return movement.plan_options(state, a)


def _manoeuvre_ask(state: DfState, ctx: DfContext) -> Asked:
    assert state.move is not None
    a = state.aircraft[state.move.aircraft]
    decision = Decision(players=(a.player,), kind=Kind.MANOEUVRE, subject=a.id)

    def legal(s: DfState, p: int) -> list[Manoeuvre]:
        assert s.move is not None
        return movement.manoeuvre_options(s, s.move)

    return ctx.ask(decision, legal, _manoeuvred)


def _activated(state: DfState, a: Aircraft) -> None:
    """The leader picked ``a`` to move; a jammer works on aircraft that start their move near
    it (airship.17)."""
    a.activation = "moving"
    a.jammed = docking.jammed(state, a)


def _move_activated(state: DfState, ctx: DfContext, answers: Mapping[int, Activate]) -> bool:
    (answer,) = answers.values()
    _activated(state, state.aircraft[answer.aircraft])
    return True


def _planned(state: DfState, ctx: DfContext, answers: Mapping[int, Plan | Undock]) -> bool:
    (answer,) = answers.values()
    a = state.aircraft[answer.aircraft]
    if isinstance(answer, Undock):
        docking.undock(state, a, answer, ctx)
    else:
        state.move = movement.start(state, a, answer, ctx)
    return _moving_on(state, a)


def _manoeuvred(state: DfState, ctx: DfContext, answers: Mapping[int, Manoeuvre]) -> bool:
    (answer,) = answers.values()
    assert state.move is not None
    state.move = movement.manoeuvre(state, state.move, answer, ctx)
    return _moving_on(state, state.aircraft[answer.aircraft])


def _moving_on(state: DfState, a: Aircraft) -> bool:
    """After a plan or a turn point: True while turn points follow; else ``a`` has moved."""
    if state.move is not None and a.status != "flying":
        state.move = None
    if state.move is None:
        a.activation = "moved"
    _note_gone(state)
    return state.move is not None


def movement_ends(state: DfState, ctx: DfContext) -> None:
    """The movement phase is over: where everybody is (konrad.3)."""
    state.move_end, state.move_end_turn = sightings(state), state.turn


# -- 2.1 and 2.2 --------------------------------------------------------------------------------------
def ground_fire(state: DfState, ctx: DfContext) -> None:
    """Phase 2.1: docked aircraft are serviced; ground targets fire (combat.1)."""
    docking.service(state, ctx)
    combat.ground_fire(state, ctx)
    _note_gone(state)


def can_act(state: DfState, a: Aircraft) -> bool:
    """Whether ``a`` has anything to do in the fire phase: an attack, a repair, a cruise
    missile to release, loads to jettison or a mine to lay (the cheap questions first)."""
    if not may_fire(state, a) or a.cell < 0:
        return False
    if (a.loads and a.status == "flying") or rules.can_repair(a, state.turn):
        return True
    return bool(release_options(state, a) or mines.lay_options(state, a)) or combat.has_attack(
        state, a
    )


def fire_step(state: DfState, ctx: DfContext) -> Asked | None:
    """One turn of a leader in phase 2.2 (``ctx.item`` names its leader and level): which
    aircraft, then what it does."""
    turn = state.aircraft[int(ctx.item)]
    state.fire_mark = state.turn * 10 + turn.experience
    acts: dict[int, bool] = {}  # nothing changes while this step decides

    def acting(x: Aircraft) -> bool:
        got = acts.get(x.id)
        if got is None:
            got = acts[x.id] = can_act(state, x)
        return got

    a = in_hand(state, "firing")
    if a is None:
        choice = fire_candidates(state, turn, acting)
        if not choice:  # the leader has nothing left to fire at this level
            return None
        if len(choice) > 1:
            decision = Decision(players=(turn.player,), kind=Kind.ACTIVATE, subject="fires")
            return ctx.ask(
                decision,
                lambda s, p: [
                    Activate(aircraft=x.id)
                    for x in fire_candidates(s, s.aircraft[turn.id], lambda y: can_act(s, y))
                ],
                _fire_activated,
            )
        a = choice[0]
        a.activation = "firing"
    if not acting(a):
        a.activation = "fired"
        return None
    decision = Decision(players=(a.player,), kind=Kind.FIRE, subject=a.id)
    aircraft = a.id
    return ctx.ask(decision, lambda s, p: fire_options(s, s.aircraft[aircraft]), _fired)


def fire_options(state: DfState, a: Aircraft) -> list[DfAction]:
    """What ``a`` may do in phase 2.2: its attacks, an airship crew's repair (airship.8),
    releasing a cruise missile (acm.4), jettisoning its loads (load.2), laying a mine
    (airship.13), or holding fire."""
    extra: list[DfAction] = [Repair(aircraft=a.id)] if rules.can_repair(a, state.turn) else []
    extra += release_options(state, a)
    if a.loads and a.status == "flying":
        extra.append(Jettison(aircraft=a.id))
    extra += mines.lay_options(state, a)
    return [*combat.attack_options(state, a), *extra, HoldFire(aircraft=a.id)]


def _fire_activated(state: DfState, ctx: DfContext, answers: Mapping[int, Activate]) -> bool:
    (answer,) = answers.values()
    state.aircraft[answer.aircraft].activation = "firing"
    return True


def _fired(state: DfState, ctx: DfContext, answers: Mapping[int, DfAction]) -> bool:
    """Apply the fire decision; True when the aircraft still has its attack (a released
    missile, a jettison and a mine do not use it up)."""
    (action,) = answers.values()
    a = in_hand(state, "firing")
    assert a is not None
    if isinstance(action, LayMine):  # airship.13: does not use up the other systems
        mines.lay(state, a, action, ctx)
        return True
    if isinstance(action, Jettison):  # load.2: does not use up the attack
        announce(ctx, Jettisoned, aircraft=a.id, loads=tuple(a.loads))
        a.loads = []
        return True
    if isinstance(action, Release):  # releasing does not use up the aircraft's attack
        acm.release(state, a, action, ctx)
        _note_gone(state)
        return True
    if isinstance(action, Attack):
        state.engagements += 1
        combat.resolve(state, a, action, ctx)
        _note_gone(state)
    elif isinstance(action, Repair):
        rules.repair(state, a, ctx)
    a.activation = "fired"
    return False


def fire_ends(state: DfState, ctx: DfContext) -> None:
    state.fire_mark = -1
    _note_gone(state)


# -- 3.1 and 3.2 ----------------------------------------------------------------------------------------
def weather_changes(state: DfState, ctx: DfContext) -> None:
    """Phase 3.1, first part: mines drift, the weather changes (weather.4); clouds returning
    from clear skies go to the leaders' hands (weather.13)."""
    if weather_change(state, ctx):
        placement.deal_clouds(state)


def clouds_move(state: DfState, ctx: DfContext) -> None:
    """Phase 3.1, second part: cloud speed, wind and cloud movement (weather.5-12)."""
    weather_move(state, ctx)
    _note_gone(state)


def end_turn(state: DfState, ctx: DfContext) -> None:
    """Phase 3.2 (turn.3): the turn counter moves up, the initiative passes."""
    _note_gone(state)
    challenges.end_of_turn(state, ctx)
    state.turn += 1
    state.initiative = 1 - state.initiative
    for a in state.aircraft:  # a new turn: every aircraft waits for its move again
        a.activation = "waiting"
    if state.turn > state.last_turn:
        extend(state, ctx)
    if state.turn > state.last_turn or any(lost(state, p) for p in (0, 1)):
        state.over = True


def _note_gone(state: DfState) -> None:
    """Record the turn a squadron lost its last aircraft on the board (Aerial Dominance's
    'before turn 6 ends'); the game itself ends at the end of the turn (turn.2)."""
    for p in (0, 1):
        side = state.squadrons[p].side
        if side not in state.all_gone_turn and lost(state, p):
            state.all_gone_turn[side] = state.turn
