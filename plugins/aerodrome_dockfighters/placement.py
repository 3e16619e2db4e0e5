"""The squadron leaders place clouds, objectives and ground targets (clauses weather.2,
weather.13, setup.6, gt.1): each placement is a decision.

Tokens go on a lattice of candidate hexes (every 3rd column and row for clouds, every 2nd
inside the objective band for objectives and ground targets; assumed, to keep the choices few
enough to read): objectives and ground targets 3 hexes from every edge and not next to each
other; an airstrip's ground targets within 2 hexes of the runway.
"""

from __future__ import annotations

from aerodrome.turns import Context
from aerodrome_dockfighters import ground, rules
from aerodrome_dockfighters.board import board
from aerodrome_dockfighters.events import GroundTargetRolled, RoleDeclared, announce
from aerodrome_dockfighters.specs import builtin
from aerodrome_dockfighters.state import (
    ChooseValue,
    Cloud,
    Declare,
    DfState,
    Objective,
    PlaceToken,
    Task,
)

EDGE_GAP = 3


def cloud_tasks(state: DfState) -> list[Task]:
    """Big clouds first, then the small ones, alternately from the initiative loser (weather.2)."""
    w = builtin().weather
    sizes = [w.medium_size] * w.clouds_medium + [w.small_size] * w.clouds_small
    first = 1 - state.initiative
    return [Task(kind="cloud", player=(first + i) % 2, size=size) for i, size in enumerate(sizes)]


def mission_tasks(state: DfState, player: int, ctx: Context) -> list[Task]:
    """Objectives alternately beginning with the opponent; ground targets value by value,
    alternately beginning with the opponent (setup.6, gt.1)."""
    specs = builtin()
    key = state.squadrons[player].mission
    mission = specs.missions[key]
    tasks: list[Task] = []
    if mission.ground_points and (key != "airstrip-visit" or player == 0):
        tasks.append(Task(kind="ground", player=1 - player, owner=player, values=list(mission.ground_values),
                          points=mission.ground_points, near_runway=key == "airstrip-visit"))
    count = 0
    kind = "recon"
    if key in ("aerial-surveillance", "recon-escort", "flying-eye"):
        count = ctx.dice.d(3, "number of objectives") + 1  # D3+1
    elif key == "agents-insertion":
        count, kind = 3, "candidate"
    for i in range(count):
        tasks.append(Task(kind="objective", player=(1 - player + i) % 2, owner=player, objective=kind))
    return tasks


def options(state: DfState, task: Task) -> list[PlaceToken] | list[ChooseValue] | list[Declare]:
    """The legal answers to the head task."""
    if task.kind == "declare":  # the mission's recon or agent aircraft
        return [Declare(aircraft=a.id, role=task.objective) for a in state.aircraft
                if a.player == task.player and not a.provided and rules.sheet(a).klass != "airship"]
    if task.kind == "ground" and task.value == 0:
        return [ChooseValue(value=v) for v in sorted(task.values) if v <= task.points]
    return [PlaceToken(kind=task.kind, cell=c) for c in cells(state, task)]


def cells(state: DfState, task: Task) -> list[int]:
    b = board(state.width, state.height)
    if task.kind == "cloud":
        return [c for c in range(b.size) if (c % state.width) % 3 == 1 and (c // state.width) % 3 == 1]
    taken = [g.cell for g in state.ground] + [o.cell for o in state.objectives]
    if task.near_runway:
        around = dict.fromkeys(c for r in state.runway for c in b.within(r, 2) if c not in state.runway)
        return [c for c in around if c not in taken]
    depth = builtin().board.zone_depth
    out = []
    for c in range(b.size):
        col, row = c % state.width, c // state.width
        if col % 2 or row % 2:
            continue
        if not (EDGE_GAP <= col < state.width - EDGE_GAP and EDGE_GAP + depth <= row < state.height - EDGE_GAP - depth):
            continue
        if all(b.distance(c, t) >= 2 for t in taken):
            out.append(c)
    return out


def resolve(state: DfState, answer: PlaceToken | ChooseValue | Declare, ctx: Context) -> None:
    """Apply the answer to the head task; a ground task continues with the other leader
    while points are left."""
    task = state.tasks[0]
    if isinstance(answer, Declare):
        state.tasks.pop(0)
        state.aircraft[answer.aircraft].role = answer.role
        announce(ctx, RoleDeclared, aircraft=answer.aircraft, role=answer.role)
        return
    if isinstance(answer, ChooseValue):
        task.value = answer.value
        task.roll = ctx.dice.d(6, f"ground target value {answer.value}")
        announce(ctx, GroundTargetRolled, value=task.value, roll=task.roll, target=ground.lookup(task.value, task.roll).name)
        return
    state.tasks.pop(0)
    col, row = answer.cell % state.width, answer.cell // state.width
    if task.kind == "cloud":
        state.clouds.append(Cloud(col=col, row=row, size=task.size))
    elif task.kind == "objective":
        state.objectives.append(Objective(id=len(state.objectives), cell=answer.cell, owner=task.owner,
                                          kind=task.objective))
    else:
        facing = ctx.dice.d(6, "ground target initial direction") - 1
        ground.place(state, task.value, task.roll, answer.cell, hostile_to=task.owner, facing=facing)
        left = task.points - task.value
        if left > 0 and any(v <= left for v in task.values) and cells(state, task):
            state.tasks.insert(0, Task(kind="ground", player=1 - task.player, owner=task.owner, values=task.values,
                                       points=left, near_runway=task.near_runway))
