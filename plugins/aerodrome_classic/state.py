"""State, actions and events of the classic Dogfight board game.

The whole game is one mutable :class:`ClassicState` (msgspec Struct, round-trips through
msgpack). Actions are small frozen Structs tagged by class name; events are the ruleset's
own :class:`aerodrome.engine.events.Event` subclasses (hidden ones carry ``seen_by``).
"""

from __future__ import annotations

from enum import StrEnum

import msgspec

from aerodrome.api import Action, Event
from aerodrome_classic.specs import CARD_NAMES

Cell = tuple[int, int]

# -- actions --------------------------------------------------------------------------------


class PlaceGuns(Action, frozen=True):
    """Secretly place the AA pieces of every own squadron: ``hits`` are the dot squares that
    get a "Hit" piece, the others get "Miss" [classic.setup.6, classic.setup.7]."""

    hits: tuple[Cell, ...]

    def describe(self) -> str:
        return "place AA guns, Hit on " + " ".join(f"{x},{y}" for x, y in self.hits)


class GivePlane(Action, frozen=True):
    """Give a grounded plane to a partner who has lost all of his [classic.partners.4]."""

    plane: str
    to: int

    def describe(self) -> str:
        return f"give {self.plane} to player {self.to}"


class TakeOff(Action, frozen=True):
    """Put ``plane`` In Flight on its landing square [classic.move.2, classic.move.3]."""

    plane: str

    def describe(self) -> str:
        return f"put {self.plane} in flight"


class Move(Action, frozen=True):
    """Move ``plane`` along ``path`` (start square first; its length is the die used) and
    face it ``facing`` (0 N, 1 E, 2 S, 3 W) [classic.move.6-16]."""

    plane: str
    path: tuple[Cell, ...]
    facing: int

    def describe(self) -> str:
        end = self.path[-1]
        return f"{self.plane} moves {len(self.path) - 1} to {end[0]},{end[1]} facing {'NESW'[self.facing]}"


class Attack(Action, frozen=True):
    """Start the dogfight or ground attack of ``attacker`` on ``target`` next
    [classic.dogfight.5, classic.ground.3]."""

    attacker: str
    target: str

    def describe(self) -> str:
        return f"{self.attacker} attacks {self.target}"


class PlayCard(Action, frozen=True):
    """Play a card in a dogfight (a Burst to shoot, Roll Out / Burst / Loop to defend)."""

    card: str

    def describe(self) -> str:
        return f"play {CARD_NAMES.get(self.card, self.card)}"


class Decline(Action, frozen=True):
    """Decline an optional step: no take-off, no gift, no defence card, no ground attack."""

    what: str

    def describe(self) -> str:
        return f"decline: {self.what}"


class KeepCards(Action, frozen=True):
    """After landing, keep ``cards`` in the In Flight section; discard the rest
    [classic.renew.2]."""

    cards: tuple[str, ...]

    def describe(self) -> str:
        kept = ", ".join(CARD_NAMES.get(c, c) for c in self.cards)
        return "keep " + (kept if kept else "no cards")


#: Every action of the classic game.
ClassicAction = PlaceGuns | GivePlane | TakeOff | Move | Attack | PlayCard | Decline | KeepCards

ACTION_TYPES: tuple[type[Action], ...] = (
    PlaceGuns,
    GivePlane,
    TakeOff,
    Move,
    Attack,
    PlayCard,
    Decline,
    KeepCards,
)


class Kind(StrEnum):
    """The decisions of the classic game (the values are what logs and agents see)."""

    PLACE_GUNS = "place guns"  # [classic.setup.6] secret
    GIVE = "give"  # [classic.partners.4]
    TAKE_OFF = "take-off"  # [classic.move.2]
    MOVE = "move"  # [classic.move.6]
    KEEP_CARDS = "keep cards"  # [classic.renew.2] secret
    ATTACK = "attack"  # [classic.dogfight.5] which attack first
    BURST = "burst"  # which Burst to shoot (or hold fire after a Loop)
    DEFEND = "defend"  # the defender's card, or none


# -- state ----------------------------------------------------------------------------------


class Plane(msgspec.Struct, kw_only=True):
    """One plane. ``squadron`` is the squadron it flies for (its stand, cards and airfield);
    ``kills`` counts its victories (insignia: ace at 1, double ace at 2)."""

    id: str
    squadron: str
    cell: Cell
    facing: int
    in_flight: bool = False
    kills: int = 0
    qualified: bool = False
    alive: bool = True
    moved: bool = False


class Squadron(msgspec.Struct, kw_only=True):
    """A squadron's card holder: draw pile (top = last), In Flight section, discards.

    ``played`` lists the cards played face up since the last reshuffle (public knowledge).
    ``aloft`` is the id of its plane In Flight ("" when none).
    """

    name: str
    side: str
    seat: int
    pack: list[str]
    hand: list[str] = []
    discards: list[str] = []
    played: list[str] = []
    aloft: str = ""


class Gun(msgspec.Struct, kw_only=True):
    """An AA piece on a dot square; ``hit`` is its hidden face."""

    cell: Cell
    squadron: str
    side: str
    hit: bool = False
    revealed: bool = False


class Pending(msgspec.Struct, kw_only=True, frozen=True):
    """An attack waiting to be fought: a dogfight or (``ground``) an attack on a grounded
    plane."""

    attacker: str
    target: str
    ground: bool = False


class Fight(msgspec.Struct, kw_only=True):
    """A dogfight in progress. ``shooter`` plays a Burst at ``target``: ``burst`` is the value
    on the table, 0 while the shooter has not fired (then it is his card to play; after it,
    the target's); ``exchanges`` counts Loop exchanges."""

    attacker: str
    defender: str
    position: str  # "side", "head-on", "tail" or "ground"
    shooter: str
    target: str
    burst: int = 0
    exchanges: int = 0


class Turn(msgspec.Struct, kw_only=True):
    """What is on the table in a player's part of his side's turn: whose part it is, the dice
    not used yet, the attacks still to fight, the dogfight being fought, and the squadron
    whose landed plane's cards wait to be sorted (where the turn is in its steps is the
    core's clock, not the state's). ``dice`` is None until the player throws them, then
    holds the values not used yet."""

    side: str = ""
    player: int | None = None
    dice: list[int] | None = None
    pending: list[Pending] = []
    fight: Fight | None = None
    keep: str = ""


class ClassicState(msgspec.Struct, kw_only=True):
    """The whole game."""

    setup: str
    order: list[str]
    #: each seat's side and name (as the set-up gives them) and squadrons
    seat_side: tuple[str, ...]
    seat_names: tuple[str, ...]
    seat_squadrons: list[list[str]]
    planes: dict[str, Plane]
    squadrons: dict[str, Squadron]
    guns: list[Gun]
    guns_placed: list[bool]
    turn: Turn
    #: The squares holding a living plane (its stand on an airfield too), the mask of
    #: ``Board.bit`` as ``Board.pack`` writes it (bytes: msgpack has no integers of the
    #: board's hundreds of bits): made with the state and kept by every rule that moves a
    #: plane or takes one off the board (``place_plane``, ``shoot_down``; two planes never
    #: share a square [classic.move.16]), so that a move or an attack need not look at every
    #: plane.
    occupied: bytes
    kills: dict[str, int]
    losses: dict[str, int]
    first_rolls: list[int] = []
    #: Dogfights and ground attacks fought so far (for the comparison metric "kills per
    #: engagement"); ``ground_attacks`` counts the ground attacks among them.
    engagements: int = 0
    ground_attacks: int = 0
    #: The sides that have lost every plane [classic.end.1] (kept as planes are shot down).
    beaten: list[str] = []


# -- events ---------------------------------------------------------------------------------


class FirstTurn(Event, frozen=True):
    side: str


class GunsPlaced(Event, frozen=True):
    player: int


class PlaneGiven(Event, frozen=True):
    plane: str
    to: int
    squadron: str


class TookOff(Event, frozen=True):
    plane: str


class CardsDrawn(Event, frozen=True):
    squadron: str
    cards: tuple[str, ...]


class Reshuffled(Event, frozen=True):
    squadron: str
    cards: int


class Moved(Event, frozen=True):
    plane: str
    path: tuple[Cell, ...]
    facing: int


class Stuck(Event, frozen=True):
    plane: str


class GunRevealed(Event, frozen=True):
    cell: Cell
    squadron: str
    hit: bool


class Landed(Event, frozen=True):
    plane: str
    cell: Cell


class CardsKept(Event, frozen=True):
    squadron: str
    kept: int


class DogfightStarted(Event, frozen=True):
    attacker: str
    defender: str
    position: str


class CardPlayed(Event, frozen=True):
    plane: str
    card: str


class Exchanged(Event, frozen=True):
    plane: str
    other: str


class ShotDown(Event, frozen=True):
    plane: str
    by: str
    how: str


class BecameAce(Event, frozen=True):
    plane: str
    kills: int
