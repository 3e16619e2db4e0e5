"""The three ace challenges of the League of Extraordinary Flying Aces (Expansion Rules,
"The 3 Ace Challenges"): playable missions in which an ace and his wingman (player 0) face
the League (player 1, flown by Konrad in "Attack" mode). Clauses dockfighters.challenge.*.

The challenger flies ``ace-challenge-1..3``; the League flies ``the-league``: "they have no
mission value, since the second player cannot select his own mission". The League's planes
come from the dice (the start, each turn's reinforcements) or, in the third challenge, are
placed spread out on the map; the data is ``specs/dockfighters/challenges.toml``. The ace
is the challenger's first aircraft (role ``ace``).

- Challenge 1: land on or next to the red cross, stay on the ground for a round, take off
  with the silver beer mug and escape over the own board edge.
- Challenge 2 (thunderstorm): destroy the 3 balloons (1 structure point, a rolled altitude)
  and the large building, then escape over the own board edge.
- Challenge 3 (thunderstorm): eliminate every League plane within 12 turns; a landing strip
  repairs and re-arms a plane landed on it at the end of the turn, twice in all.

In every challenge the board is entered by the own edge only: "If for some reason the
player crosses another edge of the board, he will be pushed into the mountains and
destroyed" (see :func:`aerodrome_dockfighters.airspace.leave_board`).
"""

from __future__ import annotations

from functools import cache
from typing import Annotated

from msgspec import Meta

from aerodrome.api import Record, SpecError
from aerodrome.engine.specs import Assumed, builtin_specs, load
from aerodrome_dockfighters import rules
from aerodrome_dockfighters.airspace import MOUNTAIN_MISSIONS, STORM, margin, occupied
from aerodrome_dockfighters.board import board, zone_cells
from aerodrome_dockfighters.context import DfContext, announce
from aerodrome_dockfighters.events import Landed, MugTaken, Reinforcements, Serviced
from aerodrome_dockfighters.ground import place
from aerodrome_dockfighters.options import LEAGUE
from aerodrome_dockfighters.specs import EXPERIENCE, AircraftClass, Experience, builtin
from aerodrome_dockfighters.state import Aircraft, DfState, GroundUnit, Objective
from aerodrome_dockfighters.view import Craft, Scene

CHALLENGES = MOUNTAIN_MISSIONS
CHALLENGER, THE_LEAGUE = 0, 1
#: The League's nation, "randomly, depending on your collection": a d6, 1-3 and 4-6.
NATIONS = ("Bavaria", "Saxony")
EDGE_GAP = 3
#: Konrad flies the ace home at this altitude (above the bots' floor, konrad.18).
HOMEWARD_ALTITUDE = 3
Six = tuple[int, int, int, int, int, int]


class Challenge(Assumed, frozen=True, kw_only=True):
    """One challenge's printed tables and the drawn places (assumed)."""

    key: str
    title: str
    start: tuple[Annotated[int, Meta(ge=0, le=8)], ...] = ()
    reinforce: Annotated[int, Meta(ge=0, le=4)] = 0
    ceiling: Annotated[int, Meta(ge=0, le=8)] = 0
    types: tuple[AircraftClass, ...] = ()
    experience: tuple[Experience, ...] = ()
    fixed: tuple[tuple[AircraftClass, Experience], ...] = ()
    spread: Annotated[int, Meta(ge=0, le=12)] = 0
    storm: bool = False
    cross: tuple[int, int] | None = None
    balloons: Annotated[int, Meta(ge=0, le=6)] = 0
    balloon_structure: Annotated[int, Meta(ge=1, le=6)] = 1
    targets: tuple[str, ...] = ()
    strip: tuple[int, int] | None = None
    strip_length: Annotated[int, Meta(ge=1, le=6)] = 3
    services: Annotated[int, Meta(ge=0, le=6)] = 0

    def __post_init__(self) -> None:
        super().__post_init__()
        for name, table in (
            ("start", self.start),
            ("types", self.types),
            ("experience", self.experience),
        ):
            if table and len(table) != 6:
                raise ValueError(
                    f"{self.key}: {name} is read from a d6: 6 entries, not {len(table)}"
                )


class Arrival(Assumed, frozen=True, kw_only=True):
    altitude: Annotated[int, Meta(ge=1, le=5)]


class Challenges(Record, frozen=True):
    challenge: tuple[Challenge, ...]
    reinforcements: Arrival


@cache
def tables() -> dict[str, Challenge]:
    return {
        c.key: c
        for c in load(builtin_specs("dockfighters") / "challenges.toml", Challenges).challenge
    }


@cache
def arrival() -> Arrival:
    return load(builtin_specs("dockfighters") / "challenges.toml", Challenges).reinforcements


def capacity(missions: tuple[str, ...] | list[str]) -> tuple[int, int, list[str]]:
    """What an ace challenge adds to a set-up's bounds (action numbering): the most League
    planes it can ever bring (the start and every turn's reinforcements, or the fixed five),
    its ground targets, and the datasheets they may fly (either nation)."""
    if not missions or missions[0] not in CHALLENGES:
        return 0, 0, []
    c = tables()[missions[0]]
    turns = builtin().tables.turns
    planes = (max(c.start) if c.start else 0) + c.reinforce * (turns - 1) + len(c.fixed)
    klasses = set(c.types) | {k for k, _ in c.fixed}
    sheets = [
        d.name for d in builtin().hangar.aircraft if d.klass in klasses and d.faction in NATIONS
    ]
    return planes, c.balloons + len(c.targets), sheets


def is_challenge(state: Scene) -> bool:
    return state.squadrons[CHALLENGER].mission in CHALLENGES


def check_pairing(missions: list[str], where: str) -> None:
    """A challenge is flown against the League and nothing else (clause challenge.1)."""
    ours = [m in CHALLENGES for m in missions]
    if not any(ours) and LEAGUE not in missions:
        return
    if missions[0] not in CHALLENGES or missions[1] != LEAGUE:
        raise SpecError(
            f"{where}: missions: an ace challenge is flown by player 0 against {LEAGUE!r} "
            f"(player 1), not {missions} [dockfighters.challenge.1]"
        )


# -- set-up ---------------------------------------------------------------------------------------
def setup(state: DfState, ctx: DfContext) -> None:
    """The challenge's own set-up: the League's nation and planes, the cross, the targets or
    the landing strip (clauses challenge.one.1, challenge.two.1, challenge.three.1)."""
    if not is_challenge(state):
        return
    c = tables()[state.squadrons[CHALLENGER].mission]
    ace = next((a for a in state.aircraft if a.player == CHALLENGER), None)
    if ace is None:
        raise SpecError(
            f"setup {state.setup}: an ace challenge needs the ace (player 0's first aircraft)"
        )
    ace.role = "ace"
    league = state.squadrons[THE_LEAGUE]
    league.nation = NATIONS[(ctx.dice.d(6, "the League's nation") - 1) // 3]
    b = board(state.width, state.height)
    if c.cross is not None:
        state.objectives.append(
            Objective(
                id=len(state.objectives), cell=b.cell(*c.cross), owner=CHALLENGER, kind="cross"
            )
        )
    if c.strip is not None:
        col, row = c.strip
        for k in range(c.strip_length):
            state.objectives.append(
                Objective(
                    id=len(state.objectives),
                    cell=b.cell(col, row - k),
                    owner=CHALLENGER,
                    kind="strip",
                    facing=2,
                )
            )
        for _ in range(c.services):
            state.objectives.append(
                Objective(
                    id=len(state.objectives),
                    cell=b.cell(col, row),
                    owner=CHALLENGER,
                    kind="service",
                )
            )
    _targets(state, c, ctx)
    if c.start:
        for _ in range(c.start[ctx.dice.d(6, "League planes at the start") - 1]):
            _league_plane(state, _rolled(c, ctx), ctx)
    for klass, exp in c.fixed:
        _league_plane(state, (klass, EXPERIENCE.index(exp)), ctx)
    if c.fixed:
        _spread(state, c, ctx)


def _rolled(c: Challenge, ctx: DfContext) -> tuple[AircraftClass, int]:
    klass = c.types[ctx.dice.d(6, "League aircraft type") - 1]
    exp = c.experience[ctx.dice.d(6, "League pilot experience") - 1]
    return klass, EXPERIENCE.index(exp)


def _league_plane(state: DfState, what: tuple[AircraftClass, int], ctx: DfContext) -> Aircraft:
    specs = builtin()
    klass, exp = what
    nation = state.squadrons[THE_LEAGUE].nation
    ds = next(d for d in specs.hangar.aircraft if d.faction == nation and d.klass == klass)
    side = state.squadrons[THE_LEAGUE].side
    a = Aircraft(
        id=len(state.aircraft),
        player=THE_LEAGUE,
        side=side,
        datasheet=ds.name,
        pilot=f"League pilot {sum(1 for x in state.aircraft if x.player == THE_LEAGUE) + 1}",
        experience=exp,
        ammo=[0] * len(ds.weapons),
        speed=max(ds.min_speed, 1),
    )
    state.aircraft.append(a)
    return a


def _targets(state: DfState, c: Challenge, ctx: DfContext) -> None:
    """Challenge 2: the balloons at a rolled altitude and the large building, placed by dice
    on the objective hexes (assumed), hostile to the challenger's mission."""
    b = board(state.width, state.height)
    depth = builtin().board.zone_depth
    names = ["Target balloon"] * c.balloons + list(c.targets)
    for name in names:
        taken = [g.cell for g in state.ground]
        free = [
            cell
            for cell in range(b.size)
            if EDGE_GAP <= cell % state.width < state.width - EDGE_GAP
            and EDGE_GAP + depth <= cell // state.width < state.height - EDGE_GAP - depth
            and all(b.distance(cell, t) >= 2 for t in taken)
        ]
        cell = free[ctx.dice.d(len(free), f"where the {name} is") - 1]
        if name == "Target balloon":
            state.ground.append(
                GroundUnit(
                    id=len(state.ground),
                    name=name,
                    value=0,
                    cell=cell,
                    structure=c.balloon_structure,
                    hostile_to=CHALLENGER,
                    altitude=ctx.dice.d(5, "balloon altitude"),
                )
            )
        else:
            value, roll = _lookup(name)
            place(state, value, roll, cell, hostile_to=CHALLENGER, facing=0)


def _lookup(name: str) -> tuple[int, int]:
    for value, table in builtin().ground.items():
        for t in table.target:
            if t.name == name:
                return value, t.roll[0]
    raise SpecError(f"challenges.toml: no ground target called {name!r}")


def _spread(state: DfState, c: Challenge, ctx: DfContext) -> None:
    """Challenge 3: "Place 2 Dockfighters, 2 Standardfighters and 1 Advancedfighter spread
    out on the map. They must be at least 5 hexes apart": by dice outside the set-up zones,
    altitude 2-4, heading for the challenger (assumed)."""
    b = board(state.width, state.height)
    zones = set(zone_cells(b, 0)) | set(zone_cells(b, 1))
    placed: list[int] = []
    for a in state.aircraft:
        if a.player != THE_LEAGUE:
            continue
        free = [
            cell
            for cell in range(b.size)
            if cell not in zones
            and margin(state, cell) >= 1
            and all(b.distance(cell, p) >= c.spread for p in placed)
        ]
        a.cell = free[ctx.dice.d(len(free), "where a League plane is") - 1]
        placed.append(a.cell)
        a.altitude = 1 + ctx.dice.d(3, "League plane altitude")
        a.speed = rules.max_speed(a, rules.sheet(a)) - 1
        a.facing, a.deployed = 5, True


# -- in play --------------------------------------------------------------------------------------
def fixed_storm(state: Scene) -> bool:
    """Challenges 2 and 3: "The weather starts with thunderstorm and does not get better
    during the mission. Roll the dice only for wind speed and direction of clouds"
    (clause challenge.storm)."""
    return is_challenge(state) and tables()[state.squadrons[CHALLENGER].mission].storm


def start_weather(state: DfState) -> bool:
    """The set-up weather of a stormy challenge: thunderstorm, no weather roll."""
    if not fixed_storm(state):
        return False
    state.weather = STORM
    return True


def after_move(state: DfState, a: Aircraft, ctx: DfContext) -> None:
    """Konrad flying the challenger lands the simplified way (konrad.19): the ace flying
    over the red cross or a hex beside it at altitude 1 lands there."""
    if a.role != "ace" or a.status != "flying" or not state.squadrons[a.player].bot:
        return
    b = board(state.width, state.height)
    cross = [o for o in state.objectives if o.kind == "cross"]
    alts = a.path_alts if len(a.path_alts) == len(a.path) else [a.altitude] * len(a.path)
    for cell, h in zip(a.path, alts, strict=True):
        if (
            h == 1
            and any(b.distance(cell, o.cell) <= 1 for o in cross)
            and not occupied(state, cell, 1, a.id)
        ):
            a.cell, a.altitude, a.status, a.speed = cell, 1, "landed", 0
            announce(ctx, Landed, aircraft=a.id, cell=a.cell)
            return


def end_of_turn(state: DfState, ctx: DfContext) -> None:
    """The end of a challenge turn: the mug (challenge.one.1), the landing strip
    (challenge.three.2), then the League's reinforcements for the next turn
    (challenge.one.2, challenge.two.2)."""
    if not is_challenge(state):
        return
    c = tables()[state.squadrons[CHALLENGER].mission]
    _mug(state, ctx)
    _service(state, ctx)
    if c.reinforce and state.turn < state.last_turn:
        _reinforce(state, c, ctx)


def _mug(state: DfState, ctx: DfContext) -> None:
    """ "You must land on or next to the cross. You must stay on the ground for 1 round and
    then start again, with the silver beer mug in your possession": landed by the cross at
    the end of one turn ("landed") and still there at the end of the next, the ace has the
    mug ("mug"); taking off sooner starts over."""
    b = board(state.width, state.height)
    ace = next((a for a in state.aircraft if a.role == "ace"), None)
    for o in state.objectives:
        if o.kind not in ("cross", "landed") or ace is None:
            continue
        by = ace.status == "landed" and b.distance(ace.cell, o.cell) <= 1
        if not by:
            o.kind = "cross"
        elif o.kind == "cross":
            o.kind = "landed"
        else:
            o.kind, o.done = "mug", True
            announce(ctx, MugTaken, aircraft=ace.id)


def _service(state: DfState, ctx: DfContext) -> None:
    """ "You can land on it, and will be fully repaired and reloaded with ammo at the end of
    the turn you landed. You may do this a total of two times (one plane twice, or both once
    each)"."""
    strip = {o.cell for o in state.objectives if o.kind == "strip"}
    left = [o for o in state.objectives if o.kind == "service" and not o.done]
    for a in state.aircraft:
        if not left or a.player != CHALLENGER or a.status != "landed" or a.cell not in strip:
            continue
        if not (a.damage or a.crits or a.weapons_out or any(a.ammo)):
            continue  # nothing to repair or reload: the token is kept
        token = left.pop(0)
        token.done = True
        a.damage, a.crits, a.engine_hits, a.agility_loss, a.speed_loss = 0, [], 0, 0, 0
        a.weapons_out, a.gear_damaged = [], False
        a.ammo = [0] * len(a.ammo)
        announce(ctx, Serviced, aircraft=a.id)


def _reinforce(state: DfState, c: Challenge, ctx: DfContext) -> None:
    """ "In each subsequent turn they will send 2 new planes towards you, but only until there
    are 5 enemy planes in the air" (challenge 2: one plane, up to 4): rolled like the first
    ones, coming on at the League's edge (assumed, see challenges.toml)."""
    flying = sum(1 for a in state.aircraft if a.player == THE_LEAGUE and a.status == "flying")
    count = min(c.reinforce, c.ceiling - flying)
    if count <= 0:
        return
    b = board(state.width, state.height)
    new: list[int] = []
    for _ in range(count):
        a = _league_plane(state, _rolled(c, ctx), ctx)
        ds = rules.sheet(a)
        a.altitude = arrival().altitude
        free = [
            cell
            for cell in zone_cells(b, THE_LEAGUE)
            if not occupied(state, cell, a.altitude, a.id)
        ]
        if not free:
            state.aircraft.pop()
            break
        a.cell = free[ctx.dice.d(len(free), "where the League plane comes on") - 1]
        a.speed, a.facing, a.deployed = max(ds.min_speed, ds.max_speed - 1), 5, True
        new.append(a.id)
    if new:
        announce(ctx, Reinforcements, aircraft=tuple(new))


# -- winning --------------------------------------------------------------------------------------
def escaped(state: Scene, a: Craft) -> bool:
    """Left over the own board edge (the challenger's is the bottom edge)."""
    return a.status in ("left", "missing") and a.exit_edge == "bottom"


def success(state: Scene, player: int) -> tuple[bool, int]:
    """Whether the challenge is mastered, and its fame win (clauses challenge.one.1,
    challenge.two.1, challenge.three.1). The League wins when the challenger does not; it
    earns no fame."""
    specs = builtin()
    key = state.squadrons[CHALLENGER].mission
    ace = next((a for a in state.aircraft if a.role == "ace"), None)
    if ace is None:
        return False, 0
    if key == "ace-challenge-1":
        ok = any(o.kind == "mug" for o in state.objectives) and escaped(state, ace)
    elif key == "ace-challenge-2":
        mine = [g for g in state.ground if g.hostile_to == CHALLENGER]
        ok = bool(mine) and all(g.damage >= g.structure for g in mine) and escaped(state, ace)
    else:
        ok = ace.status in ("flying", "landed") and not any(
            a.player == THE_LEAGUE and a.status in ("flying", "landed") for a in state.aircraft
        )
    if player == THE_LEAGUE:
        return (not ok and state.over), 0
    return ok, specs.missions[key].fame_win if ok else 0


def bot_goal(state: Scene, a: Craft) -> tuple[int, int, bool] | None:
    """Where Konrad flies the challenger's ace (konrad.13 "Fly to", the mission defining the
    target): to the red cross at altitude 1 until he has the mug, then home over the own
    edge; home once every target of challenge 2 is destroyed. ``(cell, altitude, leave)``,
    or None: fly as usual."""
    if a.role != "ace" or not is_challenge(state):
        return None
    b = board(state.width, state.height)
    home = b.cell(a.cell % state.width, state.height - 1)
    key = state.squadrons[CHALLENGER].mission
    if key == "ace-challenge-1":
        if any(o.kind == "mug" for o in state.objectives):
            return home, HOMEWARD_ALTITUDE, True
        cross = next(o for o in state.objectives if o.kind in ("cross", "landed"))
        return cross.cell, 1, False
    if key == "ace-challenge-2":
        mine = [g for g in state.ground if g.hostile_to == CHALLENGER]
        if mine and all(g.damage >= g.structure for g in mine):
            return home, HOMEWARD_ALTITUDE, True
    return None


def waits_for_mug(state: Scene, a: Craft) -> bool:
    """Whether the ace, landed by the red cross, must stay on the ground for the mug."""
    if a.role != "ace" or a.status != "landed":
        return False
    b = board(state.width, state.height)
    return any(
        o.kind in ("cross", "landed") and b.distance(a.cell, o.cell) <= 1 for o in state.objectives
    )
