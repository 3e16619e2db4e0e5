"""Events of the Victoriana dogfight (frozen, tagged msgspec Structs on the game's bus)."""

from __future__ import annotations

from aerodrome.api import Event


class SquadronRolled(Event, frozen=True):
    """The Squadron Roll: pools, successes (carried Tactical successes included), net."""

    round: int
    manoeuvres: dict[str, str]
    pools: dict[str, int]
    successes: dict[str, int]
    winner: str
    net: int


class TaskRolled(Event, frozen=True):
    """A character's test: who, what for, the dice on each side, and the outcome."""

    airman: int
    task: str
    white_dice: int
    black_dice: int
    white: int
    black: int
    outcome: str


class CraftDamaged(Event, frozen=True):
    craft: int
    successes: int
    armour: int
    pips: int
    health: int


class CraftLeft(Event, frozen=True):
    """An aircraft left the dogfight: destroyed, removed, crashed, escaped, landed..."""

    craft: int
    status: str


class CrewHit(Event, frozen=True):
    craft: int
    roll: int
    result: str
    airman: int = -1
    pips: int = 0


class BombsDropped(Event, frozen=True):
    airman: int
    weight_lb: int
    outcome: str
    partial_roll: int = 0


class ParachuteLanded(Event, frozen=True):
    airman: int
    pips: int
    health: int
