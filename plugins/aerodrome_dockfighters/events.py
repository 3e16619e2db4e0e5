"""The events of a Dockfighters game: what happens, as typed frozen msgspec Structs.

Aircraft are named by their id (``#n`` on the board), ground targets by their id and
table name, objectives by their id. The rulebook hides nothing, so no event sets
``seen_by``. Rule code announces them through
:func:`aerodrome_dockfighters.context.announce`, which the core builds only when somebody
records or observes.
"""

from __future__ import annotations

from aerodrome.api import Event


# -- set-up and weather ------------------------------------------------------------------------
class RoleDeclared(Event, frozen=True):
    """A leader named the mission's recon or agent aircraft (setup)."""

    aircraft: int
    role: str


class GroundTargetRolled(Event, frozen=True):
    """A ground target was rolled for a chosen value (gt.1): ``target`` is the table entry."""

    value: int
    roll: int
    target: str


class WeatherSet(Event, frozen=True):
    """The set-up weather, wind facing and cloud speed (weather.1-3)."""

    weather: str
    wind: int
    cloud_speed: int


class WeatherChanged(Event, frozen=True):
    """The weather changed one level at the end of a turn (weather.4)."""

    weather: str
    was: str


class TurnsExtended(Event, frozen=True):
    """The mission's airship is still on the map after the last turn (mission.extension.1)."""

    turns: int
    last_turn: int


# -- movement ----------------------------------------------------------------------------------
class Immelmann(Event, frozen=True):
    aircraft: int
    cell: int
    altitude: int
    speed: int


class MoveEnded(Event, frozen=True):
    """Where an aircraft ended its move along a template (or a Tesla coil's straight line):
    its hex, heading, altitude and new speed (move.3)."""

    aircraft: int
    cell: int
    facing: int
    altitude: int
    speed: int


class TookOff(Event, frozen=True):
    aircraft: int
    cell: int


class Landed(Event, frozen=True):
    aircraft: int
    cell: int


class LeftBoard(Event, frozen=True):
    """The aircraft left the board (move.17): ``fate`` is "returned" or "missing"."""

    aircraft: int
    edge: str
    fate: str


class AirshipDescended(Event, frozen=True):
    """A damaged airship dropped at the end of its move (airship.6-7)."""

    aircraft: int
    altitude: int


class Punched(Event, frozen=True):
    """A moving airship pushed an aircraft out of its way to ``cell`` (airship.21)."""

    airship: int
    aircraft: int
    cell: int


class Docked(Event, frozen=True):
    aircraft: int
    airship: int
    side: str


class Undocked(Event, frozen=True):
    aircraft: int
    airship: int
    cell: int


# -- checks and damage -------------------------------------------------------------------------
class PilotChecked(Event, frozen=True):
    """A pilot or crew check (check.1): the roll, the number needed and whether it passed."""

    aircraft: int
    why: str
    need: int
    roll: int
    passed: bool


class Fired(Event, frozen=True):
    """An attack on an aircraft: ``need`` is the roll each attack die needs to hit, from the
    ``modified`` target number (a natural 6 always hits, a 1 always misses: hit.2)."""

    aircraft: int
    target: int
    need: int
    modified: int


class Hit(Event, frozen=True):
    """One weapon's result in an attack: dice rolled, hits scored, damage points dealt."""

    aircraft: int
    target: int
    weapon: str
    dice: int
    hits: int
    damage: int


class Damaged(Event, frozen=True):
    """Structure points crossed off (damage.6): ``damage`` is the total now, of ``structure``;
    ``by`` is the aircraft that dealt it (-1: nobody)."""

    aircraft: int
    points: int
    damage: int
    structure: int
    by: int


class CriticalDamage(Event, frozen=True):
    """A critical damage rolled on the table (crit.1)."""

    aircraft: int
    roll: int
    effect: str
    text: str


class Overspeed(Event, frozen=True):
    """An airship over its maximum speed takes damage instead of falling apart (airship.22)."""

    aircraft: int
    damage: int


class Destroyed(Event, frozen=True):
    """The aircraft is destroyed (damage.7, ...): ``why`` and who takes the kill (-1: nobody)."""

    aircraft: int
    why: str
    by: int


class PilotFate(Event, frozen=True):
    """What became of the crew of a destroyed aircraft: "bailed out" or "killed" (damage.8)."""

    aircraft: int
    fate: str


class AmmunitionSpent(Event, frozen=True):
    """A failed fire-discipline roll (fire.1-3): the weapon's ammunition is now ``ammo``."""

    aircraft: int
    weapon: str
    ammo: str


class Repaired(Event, frozen=True):
    """An airship crew mended a critical (``critical`` names it) or a structure point."""

    aircraft: int
    critical: str = ""


class Jettisoned(Event, frozen=True):
    aircraft: int
    loads: tuple[str, ...]


class SmokeLaid(Event, frozen=True):
    aircraft: int
    cells: tuple[int, ...]


class GroundTargetDamaged(Event, frozen=True):
    target: int
    name: str
    points: int
    damage: int
    structure: int


class GroundTargetDestroyed(Event, frozen=True):
    target: int
    name: str
    by: int


# -- airship systems, missiles and mines --------------------------------------------------------
class TeslaFired(Event, frozen=True):
    airship: int


class MineLaid(Event, frozen=True):
    airship: int
    mine: int
    cell: int


class MineExploded(Event, frozen=True):
    mine: int
    cell: int


class AcmReleased(Event, frozen=True):
    """An aerial combat missile marked in front of its plane (acm.4); ``cell`` -1: off board."""

    aircraft: int
    weapon: str
    cell: int


class AcmGone(Event, frozen=True):
    """A missile left the board or lost its guidance without detonating (acm.1-3)."""

    weapon: str
    why: str


class AcmDetonated(Event, frozen=True):
    weapon: str
    cell: int


# -- mission objectives ------------------------------------------------------------------------
class ObjectiveIdentified(Event, frozen=True):
    """The agent's plane found out whether an objective is the meeting point."""

    objective: int
    meeting_point: bool


class AgentDelivered(Event, frozen=True):
    aircraft: int
    objective: int


class AgentOnTrain(Event, frozen=True):
    """The agent boarded the ale train: it stops in ``stops_in`` turns."""

    aircraft: int
    objective: int
    stops_in: int


class TrainStopped(Event, frozen=True):
    objective: int


class TrainLeft(Event, frozen=True):
    objective: int


class Photographed(Event, frozen=True):
    aircraft: int
    objective: int


# -- campaign: the squadron leader's skills, the ace challenges ---------------------------------
class LeaderSkillUsed(Event, frozen=True):
    """A squadron leader's skill worked in play (clauses leader.dread.*, leader.drunken.*)."""

    player: int
    aircraft: int
    skill: str


class Reinforcements(Event, frozen=True):
    """The League sent planes (ace challenges 1 and 2): their aircraft ids."""

    aircraft: tuple[int, ...]


class MugTaken(Event, frozen=True):
    """The ace stayed a round on the ground by the red cross and took the silver beer mug
    (ace challenge 1)."""

    aircraft: int


class PushedIntoMountains(Event, frozen=True):
    """An aircraft crossed a board edge other than its own in an ace challenge."""

    aircraft: int
    edge: str


class Serviced(Event, frozen=True):
    """An aircraft landed on the landing strip was repaired and re-armed (ace challenge 3)."""

    aircraft: int
