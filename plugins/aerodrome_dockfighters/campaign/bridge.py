"""The one module of the campaign that knows the Dockfighters engine: what the campaign reads
of the engine's specs (datasheets, missions, loads, pilot checks), how a scenario becomes a
Dockfighters :class:`~aerodrome.engine.ruleset.Setup`, and how a finished game is read back.

Everything the campaign needs of the engine goes through here, so a change of the engine's
set-up options or state touches this module only:

- :func:`setup`: the two :class:`~.journal.Side` records (missions, forces with the pilots'
  experience, loads and docking-point systems, wounded pilots, damaged aircraft, aces'
  abilities, the leaders' skills in play), the initiative won in the set-up and the nations
  become the engine's typed set-up options (``DockfightersOptions`` with its
  ``CampaignOptions``); the bot-flown seats are the core's ``Seat.bot``.
- :func:`play` / :func:`replay`: the mission played by agents (Konrad, humans) through the
  public Game API, or again from its recorded actions. The set-up is played first without
  the loads (:func:`armament_due` stops it at step 8), the leaders arm from what they see
  (:func:`set_up`), and the armed game replays the set-up's answers (:func:`rearm`).
- :func:`report`: kills with the victim's experience and fame, bail-outs, wounds, losses,
  damage and criticals for the workshop, the missions' success and fame.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, Protocol

import msgspec

from aerodrome.api import (
    Action,
    AerodromeError,
    Agent,
    IllegalActionError,
    Record,
    Ruleset,
    Seat,
    Setup,
    SpecError,
)
from aerodrome.engine.agents import agent_seed
from aerodrome.engine.driver import answer, drive
from aerodrome.engine.game import Game
from aerodrome.plugins import default_plugins
from aerodrome_dockfighters import challenges as engine_challenges
from aerodrome_dockfighters import docking, rules
from aerodrome_dockfighters.missions import success
from aerodrome_dockfighters.options import LEAGUE as options_LEAGUE
from aerodrome_dockfighters.options import (
    CampaignOptions,
    Crew,
    DockfightersOptions,
    Leader,
    Sortie,
)
from aerodrome_dockfighters.specs import builtin
from aerodrome_dockfighters.state import (
    ACTIONS,
    Declare,
    Deploy,
    DfState,
    Kind,
    Knacks,
    Place,
    PlaceToken,
)
from aerodrome_dockfighters.text import where

RULESET = "dockfighters"
LEAGUE = options_LEAGUE
CHALLENGES = engine_challenges.CHALLENGES
#: Engine statuses of an aircraft still with its squadron at the end.
HOME = ("flying", "landed", "grounded", "docked", "left")


# -- the engine's catalogue -----------------------------------------------------------------------
class AircraftInfo(Record, frozen=True):
    """What the campaign reads of a datasheet."""

    name: str
    faction: str
    klass: str
    value: int
    structure: int
    yellow: int
    gear: bool
    load_points: int
    docking_points: int
    planes: int


class MissionInfo(Record, frozen=True):
    key: str
    name: str
    value: int
    fame_cost: int
    fame_win: int


@cache
def catalogue() -> dict[str, AircraftInfo]:
    """Every datasheet of the engine, by name."""
    specs = builtin()
    return {
        d.name: AircraftInfo(
            name=d.name,
            faction=d.faction,
            klass=d.klass,
            value=d.value,
            structure=d.structure,
            yellow=d.yellow,
            gear=d.klass not in ("airship", "dockfighter"),
            load_points=d.load_points,
            docking_points=len(d.docking_points),
            planes=specs.classes[d.klass].counts_as_planes,
        )
        for d in specs.hangar.aircraft
    }


def aircraft(name: str) -> AircraftInfo | None:
    return catalogue().get(name)


def for_sale(faction: str) -> list[AircraftInfo]:
    """The aircraft a squadron of ``faction`` can get (a dockfighter comes with its docking
    system, clause dockfighter.6)."""
    return [a for a in catalogue().values() if a.faction == faction and a.klass != "dockfighter"]


def standard_fighter(faction: str) -> str:
    return next(a.name for a in for_sale(faction) if a.klass == "standard fighter")


@cache
def missions() -> dict[str, MissionInfo]:
    """The missions a squadron leader can choose (the ace challenges and the League's are
    flown through :func:`setup` with ``challenge``)."""
    specs = builtin()
    return {
        m.key: MissionInfo(
            key=m.key, name=m.name, value=m.value, fame_cost=m.fame_cost, fame_win=m.fame_win
        )
        for m in specs.missions.values()
    }


def max_mission_value() -> int:
    return builtin().max_mission_value


def is_weapon(name: str) -> bool:
    return name in builtin().weapons


def load_points(name: str) -> int:
    """External load points a load takes (an ACM 2, clause acm.6)."""
    return builtin().weapons[name].load_points


def fits_point(datasheet: str, index: int, system: str) -> bool:
    """Whether ``system`` may go on docking point ``index`` of the airship ``datasheet``:
    docking clamps and dockfighters "can only be mounted at the side" (clause airship.23)."""
    points = builtin().aircraft[datasheet].docking_points
    return index < len(points) and not (system in docking.SIDE_ONLY and points[index] == "top")


def check_loads(datasheet: str, loads: Sequence[str], where: str) -> None:
    """The engine's load rules (load points, known loads); raises a one-line error."""
    rules.check_loads(datasheet, list(loads), where)


def check_target(level: int, modifier: int = 0) -> int:
    """The d6 roll a pilot or crew check needs at experience ``level`` (clause check.1), with
    an ace's ``modifier`` (pilot.3); a wound changes no check."""
    return builtin().tables.pilot_check[level] + modifier


# -- a scenario's set-up --------------------------------------------------------------------------
def setup(
    sides: Sequence[Any],
    initiative: int,
    bots: Sequence[int],
    *,
    challenge: int = 0,
    name: str = "campaign",
) -> Setup:
    """The engine set-up of a scenario between ``sides`` (two :class:`~.journal.Side`, by
    seat): missions, forces, the campaign's options; an ace challenge puts the League in seat
    2 (its planes come from the engine's dice)."""
    nations = [s.faction for s in sides]
    if challenge:
        nations[1] = "Saxony" if nations[0] == "Bavaria" else "Bavaria"
    crews = tuple(
        tuple(
            Crew(
                wounded=s.wounded,
                damage=s.damage,
                knacks=msgspec.convert(s.modifiers, Knacks, from_attributes=True),
            )
            for s in side.sent
        )
        for side in sides
    )
    forces = tuple(
        tuple(
            Sortie(
                datasheet=s.datasheet, experience=s.experience, loads=tuple(s.loads), pilot=s.pilot
            )
            for s in side.sent
        )
        for side in sides
    )
    options = DockfightersOptions(
        missions=(sides[0].mission, sides[1].mission),
        forces=(forces[0], forces[1]),
        campaign=CampaignOptions(
            initiative=initiative,
            fame=tuple(s.fame for s in sides),
            nations=tuple(nations),
            crews=crews,
            leaders=tuple(
                msgspec.convert(side.in_play, Leader, from_attributes=True) for side in sides
            ),
        ),
    )
    labels = nations if nations[0] != nations[1] else ["Bavaria", "Saxony"]
    seats = tuple(
        Seat(name=side.squadron, side=label, bot=n in bots)
        for n, (side, label) in enumerate(zip(sides, labels, strict=True))
    )
    return Setup(
        name=name,
        title=f"{sides[0].squadron} against {sides[1].squadron}",
        seats=seats,
        options=options,
        max_rounds=40,
    )


def ruleset() -> Ruleset[Any, Any, Any]:
    return default_plugins().ruleset(RULESET)


def agent_names() -> list[str]:
    return sorted(default_plugins().agents_for(RULESET))


def bot_rules(name: str) -> bool:
    """Whether the agent ``name`` flies by the rulebook's rules for bots (Konrad and his
    variants: the simplified landing, konrad.19); a person or the random agent does not."""
    if name == "human":
        return False
    spec = default_plugins().agent(RULESET, name)
    return spec.bot_rules or spec.ruleset == RULESET


def bot_agent(name: str, player: int, seed: int) -> Agent:
    spec = default_plugins().agent(RULESET, name)
    return spec.factory(ruleset(), player, agent_seed(seed, player))


def new_game(the_setup: Setup, seed: int, *, record: bool = False) -> Game[Any, Any, Any]:
    try:
        return Game(ruleset(), the_setup, seed, record=record)
    except AerodromeError as exc:
        raise SpecError(f"the scenario cannot be set up: {exc}") from None


class Human(Protocol):
    """A person at a seat: asked for each decision (``None``: they quit), told the set-up's
    lines before the mission (:meth:`tell`), and told when it is over (to show how it
    ended)."""

    def __call__(
        self, game: Game[Any, Any, Any], player: int, legal: list[Action]
    ) -> Action | None: ...

    def tell(self, lines: Sequence[str]) -> None: ...

    def ended(self, game: Game[Any, Any, Any]) -> None: ...


def play(
    game: Game[Any, Any, Any],
    agents: Sequence[Agent | None],
    human: Human | None = None,
    until: Callable[[Game[Any, Any, Any]], bool] | None = None,
) -> bool:
    """Play ``game`` to its end (or until ``until(game)`` holds before a decision): an agent
    per seat, ``None`` for a human asked through ``human`` (who is told the end). False when
    a human quit (the game is then abandoned). The agents play through
    :func:`aerodrome.engine.driver.drive`, which returns whenever the game waits on a human (a
    round of answers at a time when ``until`` is given)."""
    rounds = None if until is None else 1
    while waiting := game.waiting_for():
        if until is not None and until(game):
            return True
        if any(agents[p] is not None for p in waiting):
            drive(game, agents, limit=rounds)
            continue
        player = waiting[0]  # only a human's seat owes: ask them
        if human is None:
            raise AerodromeError(f"seat {player + 1} is a human, but nobody is asked")
        action = human(game, player, list(game.legal_actions(player)))
        if action is None:
            return False
        answer(game, player, action)
    if human is not None:
        human.ended(game)
    return True


# -- step 8: the armament, between the missions' set-up and the weather -------------------------
def armament_due(game: Game[Any, Any, Any]) -> bool:
    """Whether the missions are set up (6/7: objectives, ground targets, the aircraft) and the
    planes are to be armed (8) before the weather is determined (9, clause setup.11): the
    pending decision is no longer a set-up token, hex or altitude, or it places a cloud."""
    decision = game.decision()
    if decision is None or decision.kind not in (Kind.TOKEN, Kind.PLACE, Kind.DEPLOY):
        return True
    player = game.waiting_for()[0]
    first = game.legal_actions(player)[0]
    return isinstance(first, PlaceToken) and first.kind == "cloud"


class GroundSeen(Record, frozen=True):
    """A ground target as the leaders see it at step 8: the seat whose mission it is."""

    seat: int
    name: str
    value: int
    hex: str
    structure: int
    armoured: bool  # "Only bombs, missiles or cannons can harm the target"
    mobile: bool


class ObjectiveSeen(Record, frozen=True):
    seat: int
    kind: str
    hex: str


class CraftSeen(Record, frozen=True):
    seat: int
    pilot: str
    datasheet: str
    hex: str
    altitude: int


class SetUp(Record, frozen=True):
    """What the squadron leaders know when they arm their planes (step 8): both missions set
    up (6/7) - the ground targets rolled and placed, the objectives, where the aircraft
    are. The weather is not known yet (step 9)."""

    missions: tuple[str, str]
    ground: tuple[GroundSeen, ...] = ()
    objectives: tuple[ObjectiveSeen, ...] = ()
    aircraft: tuple[CraftSeen, ...] = ()


def set_up(state: DfState) -> SetUp:
    """The :class:`SetUp` of a game stopped by :func:`armament_due`."""
    return SetUp(
        missions=(state.squadrons[0].mission, state.squadrons[1].mission),
        ground=tuple(
            GroundSeen(
                seat=g.hostile_to,
                name=g.name,
                value=g.value,
                hex=where(state, g.cell),
                structure=g.structure,
                armoured=g.armoured,
                mobile=g.mobile,
            )
            for g in state.ground
            if g.cell >= 0
        ),
        objectives=tuple(
            ObjectiveSeen(seat=o.owner, kind=o.kind, hex=where(state, o.cell))
            for o in state.objectives
            if o.cell >= 0
        ),
        aircraft=tuple(
            CraftSeen(
                seat=a.player,
                pilot=a.pilot,
                datasheet=a.datasheet,
                hex=where(state, a.cell) if a.cell >= 0 else "-",
                altitude=a.altitude,
            )
            for a in state.aircraft
            if a.status != "docked"
        ),
    )


def rearm(preview: Game[Any, Any, Any], game: Game[Any, Any, Any]) -> None:
    """Answer the armed ``game``'s set-up as the ``preview`` (the same set-up without the
    loads) was answered. The dice fall the same (the loads change no set-up roll); a
    dockfighter that came with an airship's docking-point systems is an aircraft the preview
    did not have, so the answers' aircraft ids are matched by seat, datasheet and pilot."""
    before: DfState = preview.state
    after: DfState = game.state
    ids: dict[int, int] = {}
    later = iter(after.aircraft)
    for a in before.aircraft:
        b = next(
            (
                x
                for x in later
                if (x.player, x.datasheet, x.pilot) == (a.player, a.datasheet, a.pilot)
            ),
            None,
        )
        if b is None:
            raise SpecError(f"the armed scenario has no aircraft #{a.id} of its set-up")
        ids[a.id] = b.id
    for player, action in preview.history:
        if isinstance(action, Declare | Place | Deploy):
            action = msgspec.structs.replace(action, aircraft=ids[action.aircraft])
        try:
            game.apply(player, action)
        except IllegalActionError as exc:
            raise SpecError(
                f"the armed scenario does not set up as its preview did: {exc}"
            ) from None


_ACTION = msgspec.json.Decoder(tuple[int, msgspec.Raw])
_ACTIONS: Any = ACTIONS[0]
for _t in ACTIONS[1:]:
    _ACTIONS = _ACTIONS | _t
_ONE = msgspec.json.Decoder(_ACTIONS)


def encode_actions(game: Game[Any, Any, Any]) -> tuple[str, ...]:
    """The game's actions as JSON lines ``[player, action]``."""
    enc = msgspec.json.encode
    return tuple(f"[{p},{enc(a).decode()}]" for p, a in game.history)


def replay(the_setup: Setup, seed: int, actions: Sequence[str], where: str) -> Game[Any, Any, Any]:
    """Play the recorded ``actions`` again; errors name ``where`` and the action."""
    game = new_game(the_setup, seed)
    for n, line in enumerate(actions):
        try:
            player, raw = _ACTION.decode(line)
            action = _ONE.decode(raw)
            game.apply(player, action)
        except (msgspec.DecodeError, msgspec.ValidationError, IllegalActionError) as exc:
            raise SpecError(f"{where}.actions[{n}]: {exc}") from None
    if not game.is_over():
        raise SpecError(f"{where}.actions: the game is not over after its {len(actions)} actions")
    return game


# -- reading the finished game back ---------------------------------------------------------------
class CrewReport(Record, frozen=True):
    """One sent aircraft at the end of the mission (in the order of its side's ``sent``)."""

    fate: str  # fit, bailed out, killed, missing
    aircraft_lost: bool
    how: str  # how it was lost: shot down, crashed, missing ("" when not lost)
    home: bool
    wounded: bool
    damage: int  # structure points crossed off at the end
    crits: int  # criticals not repaired at the end
    damage_taken: int  # structure points received in the mission, repaired or not
    crits_taken: int  # criticals received in the mission, repaired or not
    gear_damaged: bool
    victories: int
    kills: int


class Kill(Record, frozen=True):
    """An enemy aircraft shot down: by whom (seat, index in its side's ``sent``; -1 for the
    League's or a mission's own aircraft), the victim, its experience and the fame."""

    seat: int
    by: int
    victim_seat: int
    victim: int
    experience: int
    klass: str
    fame: int


class Report(Record, frozen=True):
    crews: tuple[tuple[CrewReport, ...], tuple[CrewReport, ...]]
    kills: tuple[Kill, ...]
    mission: tuple[tuple[bool, int], tuple[bool, int]]
    defender: int
    turns: int


def _sent_index(state: DfState) -> dict[int, tuple[int, int]]:
    """Engine aircraft id -> (seat, index in its side's ``sent``); a dockfighter counts for
    the airship that carried it (it is fitted right after it, dockfighter.3)."""
    out: dict[int, tuple[int, int]] = {}
    count = [0, 0]
    last_ship: dict[int, int] = {}
    for a in state.aircraft:
        ds = rules.sheet(a)
        if a.provided or (a.player == 1 and state.squadrons[1].mission == LEAGUE):
            continue
        if ds.klass == "dockfighter":
            if a.player in last_ship:
                out[a.id] = (a.player, last_ship[a.player])
            continue
        out[a.id] = (a.player, count[a.player])
        if ds.klass == "airship":
            last_ship[a.player] = count[a.player]
        count[a.player] += 1
    return out


def report(game: Game[Any, Any, Any]) -> Report:
    """What the finished mission means for the squadrons (clauses fame.1-5, setup.8)."""
    state: DfState = game.state
    index = _sent_index(state)
    crews: list[list[CrewReport]] = [[], []]
    victories: dict[tuple[int, int], int] = {}
    kills: list[Kill] = []
    for a in state.aircraft:
        owner = index.get(a.id)
        if owner is not None:
            victories[owner] = victories.get(owner, 0) + a.ground_kills
        if a.status != "destroyed" or a.last_hit_by < 0:
            continue
        k = state.aircraft[a.last_hit_by]
        if k.player == a.player:
            continue
        by = index.get(k.id, (k.player, -1))
        victories[by] = victories.get(by, 0) + 1
        victim = index.get(a.id, (a.player, -1))
        kills.append(
            Kill(
                seat=k.player,
                by=by[1],
                victim_seat=a.player,
                victim=victim[1],
                experience=a.experience,
                klass=rules.sheet(a).klass,
                fame=rules.fame_for(a),
            )
        )
    for a in state.aircraft:
        owner = index.get(a.id)
        if owner is None or rules.sheet(a).klass == "dockfighter":
            continue
        how = ""
        if a.status == "destroyed":
            shot = a.last_hit_by >= 0 and state.aircraft[a.last_hit_by].player != a.player
            how = "shot down" if shot else "crashed"
        elif a.status == "missing":
            how = "missing"
        crews[owner[0]].append(
            CrewReport(
                fate=a.fate if a.fate != "returned" else "fit",
                aircraft_lost=a.status in ("destroyed", "missing"),
                how=how,
                home=a.status in HOME,
                wounded=a.wounded,
                damage=a.damage,
                crits=len(a.crits),
                damage_taken=a.damage_taken,
                crits_taken=a.crits_taken,
                gear_damaged=a.gear_damaged,
                victories=victories.get(owner, 0),
                kills=sum(1 for x in kills if (x.seat, x.by) == owner),
            )
        )
    missions = (success(state, 0), success(state, 1))
    defender = 1 if state.squadrons[0].mission == "airstrip-visit" else -1
    return Report(
        crews=(tuple(crews[0]), tuple(crews[1])),
        kills=tuple(kills),
        mission=missions,
        defender=defender,
        turns=min(state.turn - 1, state.last_turn),
    )
