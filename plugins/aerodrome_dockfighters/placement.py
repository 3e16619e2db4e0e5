"""The squadron leaders place clouds, objectives and ground targets (clauses weather.2,
weather.13, setup.6, gt.1): each placement is a decision.

What is still to place is part of the game, as on the table: objective tokens the mission
dealt (``cell`` -1), the ground target whose value was chosen and rolled (``cell`` -1) and the
clouds of the weather (``col`` -1) wait in the leaders' hands; the set-up phases and the
weather phase ask for them one by one (see :mod:`aerodrome_dockfighters.scenario` and
:mod:`aerodrome_dockfighters.phases`).

Tokens go on a lattice of candidate hexes (every 3rd column and row for clouds, every 2nd
inside the objective band for objectives and ground targets; assumed, to keep the choices few
enough to read): objectives and ground targets 3 hexes from every edge and not next to each
other; an airstrip's ground targets within 2 hexes of the runway.
"""

from __future__ import annotations

from aerodrome_dockfighters import ground, rules
from aerodrome_dockfighters.board import board
from aerodrome_dockfighters.context import DfContext, announce
from aerodrome_dockfighters.events import GroundTargetRolled, RoleDeclared
from aerodrome_dockfighters.specs import Mission, builtin
from aerodrome_dockfighters.state import (
    ChooseValue,
    Cloud,
    Declare,
    DfState,
    GroundUnit,
    Objective,
    PlaceToken,
)
from aerodrome_dockfighters.view import AnyCloud, Scene

EDGE_GAP = 3
#: The aircraft a mission's leader declares at the set-up.
ROLES = {"aerial-surveillance": "recon", "agents-insertion": "agent", "ale-raid": "agent"}
#: Objectives a mission deals: D3+1 recon objectives, or 3 candidate meeting points.
RECON_MISSIONS = ("aerial-surveillance", "recon-escort", "flying-eye")


# -- the mission aircraft -------------------------------------------------------------------------
def declarers(state: DfState) -> list[int]:
    """The leaders who name their mission's recon or agent aircraft."""
    return [p for p in (0, 1) if state.squadrons[p].mission in ROLES]


def declare_options(state: DfState, player: int) -> list[Declare]:
    role = ROLES[state.squadrons[player].mission]
    return [
        Declare(aircraft=a.id, role=role)
        for a in state.aircraft
        if a.player == player and not a.provided and rules.sheet(a).klass != "airship"
    ]


def declare(state: DfState, answer: Declare, ctx: DfContext) -> None:
    state.aircraft[answer.aircraft].role = answer.role
    announce(ctx, RoleDeclared, aircraft=answer.aircraft, role=answer.role)


# -- objectives ---------------------------------------------------------------------------------------
def deal_objectives(state: DfState, player: int, ctx: DfContext) -> None:
    """The objective tokens of ``player``'s mission, to be placed by the leaders (setup.6):
    D3+1 recon objectives, or 3 possible meeting points (Agent's Insertion)."""
    key = state.squadrons[player].mission
    count, kind = 0, "recon"
    if key in RECON_MISSIONS:
        count = ctx.dice.d(3, "number of objectives") + 1  # D3+1
    elif key == "agents-insertion":
        count, kind = 3, "candidate"
    for _ in range(count):
        state.objectives.append(
            Objective(id=len(state.objectives), cell=-1, owner=player, kind=kind)
        )


def objective_in_hand(state: DfState, owner: int) -> tuple[Objective, int] | None:
    """The next objective token of ``owner``'s mission to place and the leader who places it:
    "Objectives are always placed alternately, beginning with the opposing squadron leader"
    (setup.6)."""
    mine = [o for o in state.objectives if o.owner == owner and o.kind != "train"]
    for n, o in enumerate(mine):
        if o.cell < 0:
            return o, (1 - owner + n) % 2
    return None


# -- ground targets -------------------------------------------------------------------------------
def _ground_mission(scene: Scene, owner: int) -> Mission | None:
    """``owner``'s mission when it brings ground targets the leaders choose (gt.1); the
    Airstrip Visit's targets belong to the attacker's mission only."""
    key = scene.squadrons[owner].mission
    mission = builtin().missions[key]
    if not mission.ground_points or (key == "airstrip-visit" and owner != 0):
        return None
    return mission


def points_left(scene: Scene, owner: int) -> int:
    mission = _ground_mission(scene, owner)
    if mission is None:
        return 0
    return mission.ground_points - sum(
        g.value for g in scene.ground if g.hostile_to == owner and g.value > 0
    )


def choosing_values(scene: Scene, owner: int) -> bool:
    """Whether another ground target of ``owner``'s mission is to be chosen: the first always,
    then while points are left that a value list fits and a hex is free (gt.1)."""
    mission = _ground_mission(scene, owner)
    if mission is None:
        return False
    left = points_left(scene, owner)
    if left == mission.ground_points:
        return True
    near_runway = scene.squadrons[owner].mission == "airstrip-visit"
    return (
        left > 0
        and any(v <= left for v in mission.ground_values)
        and bool(cells(scene, "ground", near_runway))
    )


def ground_owner(scene: Scene) -> int | None:
    """Whose mission's ground targets are being chosen now: the initiative loser's first
    (setup.6), each until its points are spent."""
    for owner in (1 - scene.initiative, scene.initiative):
        if choosing_values(scene, owner) or any(
            g.cell < 0 for g in scene.ground if g.hostile_to == owner
        ):
            return owner
    return None


def value_options(scene: Scene, owner: int) -> list[ChooseValue]:
    mission = _ground_mission(scene, owner)
    assert mission is not None
    left = points_left(scene, owner)
    return [ChooseValue(value=v) for v in sorted(mission.ground_values) if v <= left]


def ground_chooser(state: DfState, owner: int) -> int:
    """Ground targets are chosen "alternately, beginning with the opponent" (gt.1): the leader
    choosing the next one (placing the one in hand)."""
    rolled = sum(1 for g in state.ground if g.hostile_to == owner and g.value > 0)
    in_hand = any(g.cell < 0 for g in state.ground if g.hostile_to == owner and g.value > 0)
    return (1 - owner + rolled - in_hand) % 2


def choose_value(state: DfState, owner: int, answer: ChooseValue, ctx: DfContext) -> None:
    """gt.1: a d6 picks the target of the chosen value list; it waits in hand to be placed."""
    roll = ctx.dice.d(6, lambda: f"ground target value {answer.value}")
    target = ground.lookup(answer.value, roll)
    announce(ctx, GroundTargetRolled, value=answer.value, roll=roll, target=target.name)
    ground.place(state, answer.value, roll, -1, hostile_to=owner)


def target_in_hand(state: DfState, owner: int) -> GroundUnit | None:
    return next(
        (g for g in state.ground if g.hostile_to == owner and g.value > 0 and g.cell < 0), None
    )


# -- clouds --------------------------------------------------------------------------------------------
def on_board(cloud: AnyCloud) -> bool:
    """A placed cloud (not one still in a leader's hand)."""
    return cloud.col >= 0 or bool(cloud.cells)


def deal_clouds(state: DfState) -> None:
    """The clouds of broken skies, to be placed by the leaders (weather.2, weather.13): 2
    medium and 4 small; weather clouds left from before are gone."""
    w = builtin().weather
    sizes = [w.medium_size] * w.clouds_medium + [w.small_size] * w.clouds_small
    state.clouds = [c for c in state.clouds if c.smoke]
    state.clouds += [Cloud(col=-1, row=-1, size=size) for size in sizes]


def clouds_in_hand(state: DfState) -> list[int]:
    """The clouds still to place (their indices)."""
    return [i for i, c in enumerate(state.clouds) if not on_board(c)]


def cloud_placer(state: DfState, index: int) -> int:
    """Big clouds first, then the small ones, "beginning with the loser of initiative"
    alternately (weather.2)."""
    placed = sum(1 for c in state.clouds[:index] if not c.smoke)
    return (1 - state.initiative + placed) % 2


# -- hexes -----------------------------------------------------------------------------------------------
def cells(scene: Scene, kind: str, near_runway: bool = False) -> list[int]:
    """The hexes a token of ``kind`` ("cloud", "objective", "ground") may go on."""
    b = board(scene.width, scene.height)
    if kind == "cloud":
        return [
            c for c in range(b.size) if (c % scene.width) % 3 == 1 and (c // scene.width) % 3 == 1
        ]
    taken = [g.cell for g in scene.ground if g.cell >= 0] + [
        o.cell for o in scene.objectives if o.cell >= 0
    ]
    if near_runway:
        around = dict.fromkeys(
            c for r in scene.runway for c in b.within(r, 2) if c not in scene.runway
        )
        return [c for c in around if c not in taken]
    depth = builtin().board.zone_depth
    out = []
    for c in range(b.size):
        col, row = c % scene.width, c // scene.width
        if col % 2 or row % 2:
            continue
        if not (
            EDGE_GAP <= col < scene.width - EDGE_GAP
            and EDGE_GAP + depth <= row < scene.height - EDGE_GAP - depth
        ):
            continue
        if all(b.distance(c, t) >= 2 for t in taken):
            out.append(c)
    return out


def token_options(scene: Scene, kind: str, near_runway: bool = False) -> list[PlaceToken]:
    return [PlaceToken(kind=kind, cell=c) for c in cells(scene, kind, near_runway)]


def place_objective(state: DfState, o: Objective, answer: PlaceToken) -> None:
    o.cell = answer.cell


def place_target(state: DfState, g: GroundUnit, answer: PlaceToken, ctx: DfContext) -> None:
    """The ground target in hand goes on its hex, facing a rolled direction (ground.move.1)."""
    g.facing = ctx.dice.d(6, "ground target initial direction") - 1
    g.cell = answer.cell


def place_cloud(state: DfState, cloud: Cloud, answer: PlaceToken) -> None:
    cloud.col, cloud.row = answer.cell % state.width, answer.cell // state.width
