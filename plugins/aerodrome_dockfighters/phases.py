"""The turn's steps (phases 1.1-3.2) and the order of play, driven by the core's sequencer.

Turn (clause turn.1): deployment (first turn only), 1.1 ACMs, 1.2 ground targets,
1.3 airships, 1.4 other aircraft; 2.1 ground targets fire, 2.2 all others fire; 3.1 weather,
3.2 turn counter and initiative. All progress of a multi-question step lives in the state
(``stage``, ``queue``, ``active``, ``move``, ``placing``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from aerodrome.data import Action
from aerodrome.turns import Context, Decision
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
from aerodrome_dockfighters.board import board
from aerodrome_dockfighters.events import Jettisoned, announce
from aerodrome_dockfighters.missions import lost
from aerodrome_dockfighters.objectives import extend, move_train
from aerodrome_dockfighters.specs import builtin
from aerodrome_dockfighters.state import (
    Activate,
    Aircraft,
    Attack,
    ChooseValue,
    Declare,
    Deploy,
    DfState,
    Jettison,
    LayMine,
    Manoeuvre,
    Place,
    PlaceToken,
    Plan,
    Release,
    Repair,
    Sighting,
    Undock,
)
from aerodrome_dockfighters.weather import weather_change, weather_move


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
def token_decision(state: DfState) -> Decision:
    task = state.tasks[0]
    if task.kind == "declare":
        return Decision(players=(task.player,), kind="token", prompt=f"Which aircraft is the {task.objective} aircraft?")
    what = {"cloud": f"a cloud of {task.size} hexes", "objective": "an objective",
            "ground": "a ground target"}[task.kind]
    if task.kind == "ground" and task.value == 0:
        return Decision(players=(task.player,), kind="token", prompt=f"Choose the value of {what} ({task.points} points left)")
    return Decision(players=(task.player,), kind="token", prompt=f"Place {what}")


def deploy_run(state: DfState, ctx: Context) -> Decision | None:
    """The set-up: objectives and ground targets, the aircraft, then the clouds."""
    if state.stage != "deploy":
        return None
    if state.tasks and state.tasks[0].kind != "cloud":
        return token_decision(state)
    while state.queue:
        a = state.aircraft[state.queue[0]]
        state.active = a.id
        if state.placing < 0:
            return Decision(players=(a.player,), kind="place", prompt=f"Where does #{a.id} {a.datasheet} set up?")
        return Decision(players=(a.player,), kind="deploy", prompt=f"Altitude and speed of #{a.id} {a.datasheet}")
    if state.tasks:
        return token_decision(state)
    state.stage = "play"
    state.active = -1
    return None


def deploy_resolve(state: DfState, ctx: Context, answers: Mapping[int, Action]) -> bool:
    (action,) = answers.values()
    if isinstance(action, PlaceToken | ChooseValue | Declare):
        placement.resolve(state, action, ctx)
        return True
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


def sightings(state: DfState) -> list[Sighting]:
    """Where every flying aircraft is now (konrad.3: the bot spots "as soon as the movement
    phase starts and after it ends")."""
    return [Sighting(aircraft=a.id, cell=a.cell, facing=a.facing, altitude=a.altitude)
            for a in state.aircraft if a.status == "flying" and a.cell >= 0]


def acm_move(state: DfState, ctx: Context) -> Decision | None:
    """Phase 1.1: aerial cruise missiles fly (acm.1-3). The movement phase starts here."""
    if state.stage != "play":
        return None
    state.move_start, state.move_start_turn = sightings(state), state.turn
    if not state.acms:
        return None
    acm.fly(state, ctx)
    _note_gone(state)
    return None


def ground_move(state: DfState, ctx: Context) -> Decision | None:
    """Phase 1.2: mobile ground targets may turn (direction-change diagram) and move 1 hex
    (ground.move.1-2)."""
    if state.stage != "play":
        return None
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


def make_move_run(airships: bool) -> Any:
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
                if not airships:  # the movement phase ends with phase 1.4
                    state.move_end, state.move_end_turn = sightings(state), state.turn
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


def move_resolve(state: DfState, ctx: Context, answers: Mapping[int, Action]) -> bool:
    (action,) = answers.values()
    if isinstance(action, Activate):
        _activate(state, action)
        state.active = state.queue.pop(0)
        _activated(state)
    elif isinstance(action, Undock):
        docking.undock(state, state.aircraft[action.aircraft], action, ctx)
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


def ground_fire(state: DfState, ctx: Context) -> Decision | None:
    if state.stage == "deploy":
        return None
    docking.service(state, ctx)
    combat.ground_fire(state, ctx)
    _note_gone(state)
    return None


def fire_run(state: DfState, ctx: Context) -> Decision | None:
    if state.stage == "deploy":
        return None
    if state.stage != "2.2":
        state.stage = "2.2"
        state.queue = fire_queue(state)
        state.active = -1
    acts: dict[int, bool] = {}  # nothing changes between two questions of this loop

    def acting(x: Aircraft) -> bool:
        got = acts.get(x.id)
        if got is None:
            got = acts[x.id] = can_act(state, x)
        return got

    while state.queue:
        a = state.aircraft[state.queue[0]]
        state.fire_mark = state.turn * 10 + a.experience
        if state.active != a.id:
            choice = candidates(state, acting)
            if len(choice) > 1:
                return Decision(players=(a.player,), kind="activate", prompt="Which aircraft fires next?")
        if acting(a):
            state.active = a.id
            return Decision(players=(a.player,), kind="fire", prompt=f"#{a.id} {a.datasheet}: fire?")
        state.queue.pop(0)
    state.stage = "2.2 done"
    state.active = -1
    state.fire_mark = -1
    _note_gone(state)
    return None


def can_act(state: DfState, a: Aircraft) -> bool:
    """Whether ``a`` has anything to do in the fire phase: an attack, a repair, a cruise
    missile to release, loads to jettison or a mine to lay (the cheap questions first)."""
    if not may_fire(state, a) or a.cell < 0:
        return False
    if (a.loads and a.status == "flying") or rules.can_repair(a, state.turn):
        return True
    return bool(acm.release_options(state, a) or mines.lay_options(state, a)) or combat.has_attack(state, a)


def fire_resolve(state: DfState, ctx: Context, answers: Mapping[int, Action]) -> bool:
    (action,) = answers.values()
    if isinstance(action, Activate):
        _activate(state, action)
        state.active = action.aircraft
        return True
    a = state.aircraft[state.queue.pop(0)]
    if isinstance(action, Attack):
        state.engagements += 1
        combat.resolve(state, a, action, ctx)
        _note_gone(state)
    elif isinstance(action, Repair):
        rules.repair(state, a, ctx)
    elif isinstance(action, LayMine):  # airship.13: does not use up the other systems
        mines.lay(state, a, action, ctx)
        state.queue.insert(0, a.id)
    elif isinstance(action, Jettison):  # load.2: does not use up the attack
        announce(ctx, Jettisoned, aircraft=a.id, loads=tuple(a.loads))
        a.loads = []
        state.queue.insert(0, a.id)
    elif isinstance(action, Release):
        acm.release(state, a, action, ctx)
        state.queue.insert(0, a.id)  # releasing does not use up the aircraft's attack
        _note_gone(state)
    return True


def weather_step(state: DfState, ctx: Context) -> Decision | None:
    """Phase 3.1: the weather changes; clouds returning from clear skies are placed by both
    leaders (weather.13); then the wind moves the clouds."""
    if state.stage == "deploy":
        return None
    if state.stage != "3.1":
        state.stage = "3.1"
        if weather_change(state, ctx):
            state.tasks = placement.cloud_tasks(state)
    if state.tasks:
        return token_decision(state)
    weather_move(state, ctx)
    state.stage = "3.1 done"
    _note_gone(state)
    return None


def weather_resolve(state: DfState, ctx: Context, answers: Mapping[int, Action]) -> bool:
    (action,) = answers.values()
    assert isinstance(action, PlaceToken)
    placement.resolve(state, action, ctx)
    return True


def end_turn(state: DfState, ctx: Context) -> Decision | None:
    """Phase 3.2 (turn.3): the turn counter moves up, the initiative passes."""
    if state.stage == "deploy":
        return None
    _note_gone(state)
    challenges.end_of_turn(state, ctx)
    state.turn += 1
    state.initiative = 1 - state.initiative
    state.stage = "play"
    if state.turn > state.last_turn:
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
