"""The state of a Dockfighters game: one msgspec Struct, serialisable between any two decisions.

Aircraft carry their pilot's identity and experience, kills and fate (bailed out, killed,
missing) so the campaign layer (fame, careers, squadron economy) can read a finished mission
from the state; squadrons carry fame per player.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from aerodrome.api import Action, Record
from aerodrome_dockfighters.specs import AGILITY, builtin

Status = Literal["flying", "destroyed", "left", "missing", "docked", "landed", "grounded"]
PilotFate = Literal["fit", "bailed out", "killed", "missing", "returned"]
#: An aircraft's part in this turn's order of play (order.1-3, combat.3-4): waiting to move,
#: moving (its leader picked it: its plan and turn points follow), moved, firing (picked in
#: the fire phase), fired. Back to waiting when the turn counter moves up (turn.3).
Activation = Literal["waiting", "moving", "moved", "firing", "fired"]

#: Offset of ground-target ids in actions (aircraft use their index).
GROUND = 1000
#: A modifier of a target number or a check: the d6 scale, with room to spare.
Mod = Annotated[int, Meta(ge=-5, le=5)]


class Knacks(Record, frozen=True, omit_defaults=True):
    """What a campaign pilot's ace abilities change in play (clause pilot.3; see
    :mod:`aerodrome_dockfighters.careers`). Negative ``hit``, ``ground_hit``, ``check``,
    ``bail`` and ``discipline`` make his rolls easier; a positive ``evade`` makes attacks at
    him harder; ``agility`` raises his aircraft's agility level."""

    hit: Mod = 0
    ground_hit: Mod = 0
    evade: Mod = 0
    check: Mod = 0
    bail: Mod = 0
    discipline: Mod = 0
    agility: Annotated[int, Meta(ge=0, le=2)] = 0


class Leadership(msgspec.Struct, kw_only=True):
    """A campaign squadron leader's skills in play (clauses leader.dread.*, leader.drunken.*):
    the uses left of each once-a-game skill, and the turn the squadron last fired its first
    shot (Drunken)."""

    reroll_checks: int = 0
    reroll_attacks: int = 0
    ignore_wounds: int = 0
    pass_checks: int = 0
    first_shot_harder: bool = False
    first_shot_turn: int = 0


class Aircraft(msgspec.Struct, kw_only=True):
    """One aircraft on the board with its pilot (clauses sheet.1, pilot.1)."""

    id: int
    player: int
    side: str
    datasheet: str
    pilot: str
    experience: int
    cell: int = -1
    facing: int = 2
    altitude: int = 3
    speed: int = 0
    status: Status = "flying"
    fate: PilotFate = "fit"
    damage: int = 0
    crits: list[str] = []
    #: Structure points and criticals received in the mission, repaired or not (the
    #: campaign's workshop: "damaged up to 50% ... or receives 2 critical damage during a
    #: mission", campaign.workshop.1).
    damage_taken: int = 0
    crits_taken: int = 0
    engine_hits: int = 0
    agility_loss: int = 0
    speed_loss: int = 0
    weapons_out: list[int] = []
    ammo: list[int] = []
    loads: list[str] = []
    gear_damaged: bool = False
    wounded: bool = False
    kills: int = 0
    ground_kills: int = 0
    last_hit_by: int = -1
    attacked_turn: int = 0
    down_mark: int = -1
    path: list[int] = []
    #: The altitude at which the aircraft flew over each hex of ``path`` (photographs).
    path_alts: list[int] = []
    turned_at: list[int] = []
    deployed: bool = False
    role: str = ""
    provided: bool = False
    exit_edge: str = ""
    systems: list[str] = []
    docked_to: int = -1
    dock_side: str = ""
    jammed: bool = False
    tesla_turn: int = -9
    mines_laid: int = 0
    knacks: Knacks = Knacks()
    activation: Activation = "waiting"


class Cloud(msgspec.Struct, kw_only=True):
    """A cloud: a centre cell and a radius-style size (7 = a hex and its ring, 3 = small); a
    smoke cloud lists its ``cells``. A weather cloud still in a squadron leader's hand (to be
    placed, clauses weather.2, weather.13) has ``col = row = -1``."""

    col: int
    row: int
    size: int
    smoke: int = 0
    cells: list[int] = []


class GroundUnit(msgspec.Struct, kw_only=True):
    """A ground target (clauses gt.*): its table entry, position and which player it fights;
    ``cell`` -1 while it is rolled but not yet placed (set-up, clause gt.1)."""

    id: int
    name: str
    value: int
    cell: int
    structure: int
    damage: int = 0
    facing: int = 0
    mobile: bool = False
    armoured: bool = False
    dice: list[int] = []
    profile: list[int] = []
    hostile_to: int = -1
    destroyed_by: int = -1
    bombs_only: bool = False
    #: 0 on the ground; a target balloon floats at an altitude (the 2nd ace challenge).
    altitude: int = 0


class Acm(msgspec.Struct, kw_only=True):
    """An aerial cruise missile on its way (clauses acm.1-6)."""

    id: int
    weapon: str
    launcher: int
    cell: int
    facing: int
    turns: int = 0


class Mine(msgspec.Struct, kw_only=True):
    """An air mine (clause airship.13)."""

    id: int
    cell: int
    laid: int
    layer: int


class MoveProgress(msgspec.Struct, kw_only=True):
    """An aircraft's move between its manoeuvre decisions (clauses move.1-9)."""

    aircraft: int
    speed: int
    template: int
    points: list[int]
    index: int = 0
    cell: int
    facing: int
    altitude: int
    start_altitude: int
    moved: int = 0
    delta: int = 0
    path: list[int] = []
    path_alts: list[int] = []
    turned_at: list[int] = []
    low: bool = False
    plan: str = ""


class Objective(msgspec.Struct, kw_only=True):
    """A mission objective token: a recon target or a meeting point (clauses mission.*);
    ``cell`` -1 while it is still to be placed (set-up, clause setup.6)."""

    id: int
    cell: int
    owner: int
    kind: str = "recon"
    done: bool = False
    facing: int = 0
    stop_in: int = -1


class Squadron(msgspec.Struct, kw_only=True):
    """A player's squadron in this scenario (fame and mission; campaign layer reads it).
    ``bot``: its aircraft are flown by the solo bot (the seat is a bot's), so the bot's
    simplified landing applies (clause konrad.19)."""

    player: int
    side: str
    mission: str
    fame: int = 0
    kills: int = 0
    losses: int = 0
    ground_kills: int = 0
    bot: bool = False
    #: The squadron's nation when a campaign says so (its dockfighters, the mission's own
    #: aircraft); empty: the side.
    nation: str = ""
    leadership: Leadership = msgspec.field(default_factory=Leadership)


class Sighting(msgspec.Struct, kw_only=True, array_like=True):
    """Where a flying aircraft was at a moment of the turn (Konrad's spotting, konrad.3)."""

    aircraft: int
    cell: int
    facing: int
    altitude: int


class DfState(msgspec.Struct, kw_only=True, dict=True):
    """The whole game. (``dict=True`` lets the rules keep derived runtime data beside it,
    such as the clouded cells, which is never saved: see ``airspace.sky``.)"""

    setup: str
    width: int
    height: int
    turn: int = 1
    last_turn: int = 12
    initiative: int = 0
    #: Attacks fired so far (for the comparison metric "kills per engagement").
    engagements: int = 0
    squadrons: list[Squadron]
    aircraft: list[Aircraft]
    ground: list[GroundUnit] = []
    objectives: list[Objective] = []
    acms: list[Acm] = []
    mines: list[Mine] = []
    runway: list[int] = []
    runway_facing: int = 2
    takeoff_turn: int = 0
    extended: bool = False
    clouds: list[Cloud] = []
    #: False until the weather is determined at the end of the set-up (clause setup.11).
    weather_set: bool = False
    weather: int = 0
    wind: int = 0
    cloud_speed: int = 1
    #: The move under way between its decisions (phases 1.3-1.4): the aircraft, its plan and
    #: where it is along its template (clauses move.1-9).
    move: MoveProgress | None = None
    #: The experience level whose fights are being resolved, as ``turn * 10 + level``:
    #: fights within a level are simultaneous (clause combat.5).
    fire_mark: int = -1
    over: bool = False
    all_gone_turn: dict[str, int] = {}
    #: The flying aircraft as this turn's movement phase started and as it ended: the two
    #: moments at which the solo bot checks its spotting (clause konrad.3).
    move_start: list[Sighting] = []
    move_end: list[Sighting] = []
    move_start_turn: int = 0
    move_end_turn: int = 0


def _hex(cell: int) -> str:
    """A hex as the map labels it, ``column,row`` (the ruleset's sentences use the view)."""
    width = builtin().board.width
    return f"{cell % width},{cell // width}"


# -- decisions and actions -----------------------------------------------------------------------
class Kind(StrEnum):
    """What a decision asks (the values are what saves and logs always said)."""

    #: Declare the mission aircraft, choose a ground target's value, place an objective, a
    #: ground target or a cloud (setup.6, gt.1, weather.2, weather.13).
    TOKEN = "token"
    #: The hex an aircraft sets up on (setup.7).
    PLACE = "place"
    #: Its altitude and speed there (setup.7).
    DEPLOY = "deploy"
    #: Which of the leader's aircraft of this level moves or fires next (order.3, combat.4).
    ACTIVATE = "activate"
    #: The new speed and template, an Immelmann, landing, take-off, undocking (move.1).
    PLAN = "plan"
    #: What to do at a turn point (move.7-9, barrel.1-3).
    MANOEUVRE = "manoeuvre"
    #: Attack, hold fire, repair, release, jettison or lay a mine (phase 2.2).
    FIRE = "fire"


class Deploy(Action, frozen=True):
    """Set an aircraft up in its set-up zone with free altitude and speed (clause setup.7)."""

    aircraft: int
    cell: int
    altitude: int
    speed: int

    def describe(self) -> str:
        return f"deploy #{self.aircraft} on {_hex(self.cell)}, altitude {self.altitude}, speed {self.speed}"


class PlaceToken(Action, frozen=True):
    """Place a cloud, objective or ground target on ``cell`` (weather.2, setup.6, gt.1)."""

    kind: str
    cell: int

    def describe(self) -> str:
        return f"place the {self.kind} on {_hex(self.cell)}"


class Declare(Action, frozen=True):
    """Declare the mission's recon or agent aircraft (missions aerial-surveillance,
    agents-insertion, ale-raid)."""

    aircraft: int
    role: str

    def describe(self) -> str:
        return f"#{self.aircraft} is the {self.role} aircraft"


class ChooseValue(Action, frozen=True):
    """Choose the value list (I-III) of the next ground target; a d6 then picks it (gt.1)."""

    value: int

    def describe(self) -> str:
        return f"a value {'I' * self.value} ground target"


class Place(Action, frozen=True):
    """Choose the set-up hex of an aircraft; its altitude and speed follow (clause setup.7)."""

    aircraft: int
    cell: int

    def describe(self) -> str:
        return f"set #{self.aircraft} up on {_hex(self.cell)}"


class Plan(Action, frozen=True):
    """Start a move: the new speed (clause move.1) and the template's agility level (0 very
    low .. 4 very high, clause move.6); ``template = -1`` is an Immelmann climbing
    (``climb > 0``) or diving (``climb < 0``) (clauses immelmann.1-3)."""

    aircraft: int
    speed: int
    template: int
    climb: int = 0

    def describe(self) -> str:
        if self.template == -2:
            return f"#{self.aircraft}: land at speed {self.speed}"
        if self.template == -3:
            return f"#{self.aircraft}: take off at speed {self.speed}"
        if self.template == -4:
            return f"#{self.aircraft}: stay where it is"
        if self.template == -5:
            return f"#{self.aircraft}: fire the Tesla coil, straight on at speed {self.speed}"
        if self.template < 0:
            way = "up" if self.climb > 0 else "down" if self.climb < 0 else "level"
            return f"#{self.aircraft}: Immelmann {way} {abs(self.climb)} at speed {self.speed}"
        return f"#{self.aircraft}: speed {self.speed}, {AGILITY[self.template]} template"


class Manoeuvre(Action, frozen=True):
    """What to do at a turn point: ``lateral`` in ``. L R FL FR RL RR`` (none, turn left/right,
    barrel roll forward/rear left/right) and ``vertical`` in ``. + -`` (clauses move.7-9,
    barrel.1-3)."""

    aircraft: int
    lateral: str
    vertical: str

    def describe(self) -> str:
        lat = {
            ".": "straight",
            "L": "turn left",
            "R": "turn right",
            "FL": "roll forward left",
            "FR": "roll forward right",
            "RL": "roll back left",
            "RR": "roll back right",
        }
        ver = {".": "", "+": ", climb", "-": ", dive"}
        return f"#{self.aircraft}: {lat[self.lateral]}{ver[self.vertical]}"


class Attack(Action, frozen=True):
    """Fire ``mounts`` (datasheet weapon indices) and ``loads`` (external load indices) at
    ``target`` (an aircraft id, or ``GROUND + id`` for a ground target)."""

    aircraft: int
    target: int
    mounts: tuple[int, ...] = ()
    loads: tuple[int, ...] = ()

    def describe(self) -> str:
        mounts = ", ".join(str(i + 1) for i in self.mounts)
        what = f"weapon mounts {mounts}" + (
            f" and {len(self.loads)} external loads" if self.loads else ""
        )
        tgt = (
            f"ground target {self.target - GROUND}" if self.target >= GROUND else f"#{self.target}"
        )
        return f"#{self.aircraft}: fire {what} at {tgt}"


class HoldFire(Action, frozen=True):
    aircraft: int

    def describe(self) -> str:
        return f"#{self.aircraft}: hold fire"


class LayMine(Action, frozen=True):
    """Lay an air mine on ``cell`` within 1 hex of the airship (clause airship.13)."""

    aircraft: int
    cell: int

    def describe(self) -> str:
        return f"#{self.aircraft}: lay an air mine on {_hex(self.cell)}"


class Jettison(Action, frozen=True):
    """Drop all external load at the start of the weapon phase (clause load.2)."""

    aircraft: int

    def describe(self) -> str:
        return f"#{self.aircraft}: jettison all external load"


class Release(Action, frozen=True):
    """Release the aerial cruise missile carried as external load ``load`` (clause acm.4)."""

    aircraft: int
    load: int

    def describe(self) -> str:
        return f"#{self.aircraft}: release the cruise missile of external load {self.load + 1}"


class Undock(Action, frozen=True):
    """Launch a docked aircraft onto ``cell`` beside its airship (dockfighter.1, airship.15)."""

    aircraft: int
    cell: int

    def describe(self) -> str:
        return f"#{self.aircraft}: undock onto {_hex(self.cell)}"


class Activate(Action, frozen=True):
    """Choose which of one's aircraft of the current experience level moves or fires next
    (clauses order.3, combat.4)."""

    aircraft: int

    def describe(self) -> str:
        return f"activate #{self.aircraft}"


class Repair(Action, frozen=True):
    """An airship's crew repairs instead of firing: one crew check per crew point, each
    mending a structure point or a critical (clause airship.8)."""

    aircraft: int

    def describe(self) -> str:
        return f"#{self.aircraft}: the crew repairs instead of firing"


#: Every action of the game.
DfAction = (
    Deploy
    | Place
    | PlaceToken
    | ChooseValue
    | Declare
    | Activate
    | Plan
    | Manoeuvre
    | Attack
    | HoldFire
    | Repair
    | Release
    | Undock
    | Jettison
    | LayMine
)
ACTIONS: tuple[type[Action], ...] = (
    Deploy,
    Place,
    PlaceToken,
    ChooseValue,
    Declare,
    Activate,
    Plan,
    Manoeuvre,
    Attack,
    HoldFire,
    Repair,
    Release,
    Undock,
    Jettison,
    LayMine,
)
