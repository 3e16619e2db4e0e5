"""Mission set-up beyond the aircraft: ground targets, objective tokens, special aircraft
(recon planes, recon and cargo airships), photographs, exits and extra turns.

The squadron leaders place objectives and ground targets themselves: see
:mod:`aerodrome_dockfighters.placement`.
"""

from __future__ import annotations

from aerodrome_dockfighters import challenges, rules
from aerodrome_dockfighters.airspace import covered_cells
from aerodrome_dockfighters.board import board
from aerodrome_dockfighters.context import DfContext, announce
from aerodrome_dockfighters.events import (
    AgentDelivered,
    AgentOnTrain,
    Landed,
    ObjectiveIdentified,
    Photographed,
    PilotFate,
    TrainLeft,
    TrainStopped,
    TurnsExtended,
)
from aerodrome_dockfighters.mines import check_path
from aerodrome_dockfighters.specs import builtin
from aerodrome_dockfighters.state import Aircraft, DfState, GroundUnit, Objective

#: Objectives stay this far from every edge (setup.6).
EDGE_GAP = 3
#: The own board edge of each player, and the edge a cargo airship must leave by.
OWN_EDGE = ("bottom", "top")
FAR_EDGE = ("top", "bottom")


def setup_mission(state: DfState, player: int, ctx: DfContext) -> None:
    """Put down what ``player``'s mission brings by itself (the train, the runway); the
    objectives and ground targets the leaders place are tasks (see placement)."""
    key = state.squadrons[player].mission
    if key == "ale-raid":  # mission.ale-raid.1: the train in the middle of the map
        b = board(state.width, state.height)
        cell = b.cell(state.width // 2, state.height // 2)
        facing = ctx.dice.d(6, "train direction") - 1
        state.objectives.append(
            Objective(
                id=len(state.objectives), cell=cell, owner=player, kind="train", facing=facing
            )
        )
    if key == "airstrip-visit" and player == 0 and not state.runway:
        setup_airstrip(state, player, ctx)


def setup_airstrip(state: DfState, player: int, ctx: DfContext) -> None:
    """mission.airstrip.1: a runway of 5 hexes up the middle of the board (its end is where
    defenders take off, northwards), each hex hurt only by bombs and rockets; the 12 points of
    value II-III ground targets within 2 hexes of it are placed by the leaders."""
    b = board(state.width, state.height)
    col = state.width // 2
    state.runway = [
        b.cell(col, row) for row in range(state.height // 2 + 2, state.height // 2 - 3, -1)
    ]
    state.runway_facing = 2
    for cell in state.runway:
        state.ground.append(
            GroundUnit(
                id=len(state.ground),
                name="Runway",
                value=0,
                cell=cell,
                structure=3,
                armoured=True,
                bombs_only=True,
                hostile_to=player,
            )
        )


def runway_hits(state: DfState) -> int:
    return sum(g.damage for g in state.ground if g.name == "Runway")


def after_move(state: DfState, a: Aircraft, ctx: DfContext) -> None:
    """After every move: photographs (recon), meeting points and the train (agent)."""
    photograph(state, a, ctx)
    identify(state, a, ctx)
    board_train(state, a, ctx)
    bot_landing(state, a, ctx)
    challenges.after_move(state, a, ctx)
    check_path(state, a, ctx)


def move_train(state: DfState, ctx: DfContext) -> None:
    """mission.ale-raid.1: at the start of the movement phase the train runs 2 hexes, then its
    next direction is rolled on the direction-change diagram; a stopping train counts down."""
    b = board(state.width, state.height)
    for o in state.objectives:
        if o.kind != "train":
            continue
        if o.stop_in > 0:
            o.stop_in -= 1
            if o.stop_in == 0:
                o.kind, o.done = "stopped", True
                announce(ctx, TrainStopped, objective=o.id)
                continue
        for _ in range(2):
            nxt = b.step[o.cell * 6 + o.facing]
            if nxt < 0:
                o.kind = "gone"
                announce(ctx, TrainLeft, objective=o.id)
                break
            o.cell = nxt
        if o.kind == "train":
            o.facing = (
                o.facing
                + builtin().weather.wind_change[ctx.dice.d(6, "train direction change") - 1]
            ) % 6


def board_train(state: DfState, a: Aircraft, ctx: DfContext) -> None:
    """The agent's plane directly above the train at altitude 1 and minimum speed puts the
    agent on it: the train stops in d3 turns. A bot's agent plane lands the simplified way:
    flying over the train at altitude 1, its speed ignored (konrad.19)."""
    if a.role != "agent" or a.status != "flying":
        return
    bot = state.squadrons[a.player].bot
    if not bot and (a.altitude != 1 or a.speed != builtin().aircraft[a.datasheet].min_speed):
        return
    for o in state.objectives:
        if o.kind != "train" or o.owner != a.player or o.stop_in >= 0:
            continue
        if o.cell == a.cell if not bot else o.cell in low_path(a):
            o.stop_in = ctx.dice.d(3, "turns until the train stops")
            announce(ctx, AgentOnTrain, aircraft=a.id, objective=o.id, stops_in=o.stop_in)


def low_path(a: Aircraft) -> list[int]:
    """The hexes of ``a``'s last move it flew over at altitude 1."""
    alts = a.path_alts if len(a.path_alts) == len(a.path) else [a.altitude] * len(a.path)
    return [c for c, h in zip(a.path, alts, strict=True) if h == 1]


def bot_landing(state: DfState, a: Aircraft, ctx: DfContext) -> None:
    """konrad.19: "If a bot tries to land, it does not have to land like a player-controlled
    aircraft ... Its direction and speed are ignored; the bot must simply fly over the
    runway, but the altitude must be 1": a bot's agent plane flying at altitude 1 over the
    found meeting point or a hex beside it lands there (Agent's Insertion)."""
    if a.role != "agent" or a.status != "flying" or not state.squadrons[a.player].bot:
        return
    b = board(state.width, state.height)
    meeting = [
        o for o in state.objectives if o.owner == a.player and o.kind == "meeting" and not o.done
    ]
    for cell in low_path(a) if meeting else ():
        if any(b.distance(cell, o.cell) <= 1 for o in meeting):
            a.cell = cell
            touch_down(state, a, ctx)
            return


def touch_down(state: DfState, a: Aircraft, ctx: DfContext) -> None:
    """The end of a landing: with damaged gear a pilot check or the plane is lost and the
    pilot wounded (killed if already wounded, check.2); else landed, delivering the agent."""
    if a.gear_damaged and not rules.pilot_check(state, a, ctx, "landing with damaged gear"):
        killed = a.wounded
        rules.destroy(state, a, ctx, -1, excess=0, why="crash landing", bail=False)
        a.fate = "killed" if killed else "fit"
        rules.wound(state, a, ctx)
        announce(ctx, PilotFate, aircraft=a.id, fate=a.fate)
        return
    a.status, a.speed = "landed", 0
    announce(ctx, Landed, aircraft=a.id, cell=a.cell)
    landed(state, a, ctx)


def identify(state: DfState, a: Aircraft, ctx: DfContext) -> None:
    """mission.agents-insertion.1: "the choosing squadron must fly within 3 hexes of each
    objective to identify whether it is the meeting point": any of its aircraft (only the
    landing is the agent's plane's); the first is it on 5+, the second on 3+, else the last."""
    if state.squadrons[a.player].mission != "agents-insertion" or a.status != "flying":
        return
    b = board(state.width, state.height)
    mine = [o for o in state.objectives if o.owner == a.player]
    if any(o.kind == "meeting" for o in mine):
        return
    for o in mine:
        if o.kind != "candidate" or b.distance(a.cell, o.cell) > 3:
            continue
        checked = sum(1 for x in mine if x.kind == "not")
        left = [x for x in mine if x.kind == "candidate"]
        need = (5, 3, 1)[min(checked, 2)]
        if (
            len(left) == 1
            or ctx.dice.d(6, lambda: f"is objective {o.id} the meeting point? ({need}+)") >= need  # noqa: B023 (rolled at once)
        ):
            o.kind = "meeting"
            announce(ctx, ObjectiveIdentified, objective=o.id, meeting_point=True)
            return
        o.kind = "not"
        announce(ctx, ObjectiveIdentified, objective=o.id, meeting_point=False)
        if len(left) == 2:
            last = next(x for x in left if x is not o)
            last.kind = "meeting"
            announce(ctx, ObjectiveIdentified, objective=last.id, meeting_point=True)
            return


def landed(state: DfState, a: Aircraft, ctx: DfContext) -> None:
    """The agent is delivered by landing on or next to the meeting point."""
    if a.role != "agent":
        return
    b = board(state.width, state.height)
    for o in state.objectives:
        if o.owner == a.player and o.kind == "meeting" and b.distance(a.cell, o.cell) <= 1:
            o.done = True
            announce(ctx, AgentDelivered, aircraft=a.id, objective=o.id)


def add_special_aircraft(state: DfState, player: int, ctx: DfContext) -> None:
    """Recon planes (recon-escort: D2 experienced, unarmed, +1 maximum speed), the recon
    airship (flying-eye: veteran, light FLAK) and the cargo airship (cargo-escort: experienced,
    unarmed, 2 crew points)."""
    specs = builtin()
    key = state.squadrons[player].mission
    side = state.squadrons[player].side
    nation = state.squadrons[player].nation or side  # a campaign squadron's own nation
    fighter = next(
        a for a in specs.hangar.aircraft if a.faction == nation and a.klass == "standard fighter"
    )
    airship = next(a for a in specs.hangar.aircraft if a.faction == nation and a.klass == "airship")

    def add(name: str, exp: int, role: str, unarmed: bool) -> Aircraft:
        ds = specs.aircraft[name]
        a = Aircraft(
            id=len(state.aircraft),
            player=player,
            side=side,
            datasheet=name,
            pilot=f"{side} {role} crew",
            experience=exp,
            role=role,
            provided=True,
            ammo=[0] * len(ds.weapons),
            speed=max(ds.min_speed, 1),
            weapons_out=list(range(len(ds.weapons))) if unarmed else [],
        )
        state.aircraft.append(a)
        return a

    if key == "recon-escort":
        for _ in range(ctx.dice.d(2, "number of recon aircraft")):
            add(fighter.name, 1, "recon", True).speed_loss = -1
    elif key == "flying-eye":
        add(airship.name, 2, "recon", False)
    elif key == "cargo-escort":  # "use the Albatross datasheet for the cargo airship"
        add("Albatross", 1, "cargo", True)


def entry_altitudes(state: DfState, a: Aircraft) -> list[int]:
    """The altitudes an aircraft may enter at: the recon airship 5, the cargo airship 3, the
    Great Ale Raid's raiders 3 at most (missions), everybody else 1-5."""
    key = state.squadrons[a.player].mission
    if a.role == "recon" and key == "flying-eye":
        return [5]
    if a.role == "cargo":
        return [3]
    if key == "ale-raid":
        return [1, 2, 3]
    return list(range(1, builtin().tables.max_altitude + 1))


def photograph(state: DfState, a: Aircraft, ctx: DfContext) -> None:
    """After a move: a recon aircraft photographs the objectives it flew over, judged at the
    altitude at which it passed over each one: Aerial Surveillance "at a maximum altitude of
    3", Reconnaissance Escort "from any altitude", both "from altitude 1" when "the objective
    is covered with clouds"; The Flying Eye's airship "must not drop below altitude 3 when
    making photos" (mission.aerial-surveillance.1, mission.recon-escort.1, mission.flying-eye.1)."""
    if a.role != "recon" or a.status != "flying":
        return
    key = state.squadrons[a.player].mission
    covered = covered_cells(state) if state.weather > 0 else frozenset()
    alts = a.path_alts if len(a.path_alts) == len(a.path) else [a.altitude] * len(a.path)
    for o in state.objectives:
        if o.done or o.owner != a.player or o.cell not in a.path:
            continue
        over = [h for c, h in zip(a.path, alts, strict=True) if c == o.cell]
        if any(_may_photograph(key, h, o.cell in covered) for h in over):
            o.done = True
            announce(ctx, Photographed, aircraft=a.id, objective=o.id)


def _may_photograph(mission: str, altitude: int, clouded: bool) -> bool:
    if mission == "flying-eye":
        return altitude >= 3
    if clouded:
        return altitude == 1
    return mission != "aerial-surveillance" or altitude <= 3


def extend(state: DfState, ctx: DfContext) -> None:
    """Cargo escort and flying eye: with the airship still on the map after turn 12, d6-2 more
    turns are played (mission.extension.1)."""
    if state.extended:
        return
    for a in state.aircraft:
        key = state.squadrons[a.player].mission
        if (
            a.role in ("cargo", "recon")
            and key in ("cargo-escort", "flying-eye")
            and a.status == "flying"
        ):
            state.extended = True
            more = max(0, ctx.dice.d(6, "extra turns (d6-2)") - 2)
            state.last_turn += more
            announce(ctx, TurnsExtended, turns=more, last_turn=state.last_turn)
            return
