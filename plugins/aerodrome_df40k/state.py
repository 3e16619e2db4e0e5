"""The state, actions, events and observations of Dogfight 40,000.

One mutable msgspec Struct holds a battle (:class:`Df40kState`); actions and events are
frozen tagged Structs. Secret orders live in the flyers' state until they are revealed and
are removed from the other player's observation before that (df40k.orders.1).
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from aerodrome.api import Action, Event
from aerodrome_df40k.limits import FLYERS, GARGOYLES

OrderKind = Literal["intercept", "ground-support", "escort", "disengage"]


class Kind(StrEnum):
    """The decisions of a battle (docs/rules/df40k.md, "The decisions")."""

    ORDERS = "orders"
    INTERCEPT = "intercept"
    GARGOYLES = "gargoyles"


# -- actions ---------------------------------------------------------------------------


#: A flyer id in an action (bounded so that a save's actions decode within bounds).
FlyerRef = Annotated[str, Meta(max_length=80)]


class GiveOrder(Action, frozen=True, cache_hash=True):
    """A secret order for one flyer (df40k.orders.1-5); ``ram`` with Intercept only
    (df40k.victory.13), ``eject`` (kinds of ordnance) with Disengage only (df40k.victory.12)."""

    flyer: FlyerRef
    order: OrderKind
    escort: FlyerRef = ""
    ram: bool = False
    eject: Annotated[tuple[Literal["rocket", "bomb", "big-bomb"], ...], Meta(max_length=3)] = ()

    def describe(self) -> str:
        # Shown where no observation is at hand (an error message): never the order itself.
        return f"sealed orders for {self.flyer}"

    def explain(self) -> str:
        """The order in words (for its owner)."""
        return _explain(self)


@cache
def _explain(self: GiveOrder) -> str:
    if self.order == "intercept":
        return f"{self.flyer}: Intercept" + (" and ram" if self.ram else "")
    if self.order == "escort":
        return f"{self.flyer}: Escort {self.escort}"
    if self.order == "disengage":
        eject = f", eject {' and '.join(self.eject)}" if self.eject else ""
        return f"{self.flyer}: Disengage{eject}"
    return f"{self.flyer}: Ground support"


class GiveOrders(Action, frozen=True, cache_hash=True):
    """Secret orders for all of a player's flyers at once (df40k.orders.1), offered when
    they have few combinations (see :data:`aerodrome_df40k.orders.MAX_COMBINED`)."""

    orders: Annotated[tuple[GiveOrder, ...], Meta(max_length=FLYERS)]

    def describe(self) -> str:
        return "sealed orders for " + ", ".join(o.flyer for o in self.orders)

    def explain(self) -> str:
        """The orders in words (for their owner)."""
        return "; ".join(o.explain() for o in self.orders)


class ChooseTarget(Action, frozen=True):
    """An interceptor names the opposing flyer it dogfights (df40k.resolution.2)."""

    flyer: FlyerRef
    target: FlyerRef

    def describe(self) -> str:
        return f"{self.flyer} intercepts {self.target}"


class CommitGargoyles(Action, frozen=True):
    """The Tyranid player allocates Gargoyles to a losing large flyer (df40k.racial.2)."""

    flyer: FlyerRef
    count: Annotated[int, Meta(ge=0, le=GARGOYLES)]

    def describe(self) -> str:
        return f"{self.count} Gargoyles shield {self.flyer}"


#: Every action of a battle.
Df40kAction = GiveOrder | GiveOrders | ChooseTarget | CommitGargoyles
ACTION_TYPES: tuple[type[Action], ...] = (GiveOrder, GiveOrders, ChooseTarget, CommitGargoyles)

# -- state -----------------------------------------------------------------------------


class FlyerState(msgspec.Struct, kw_only=True):
    """One flyer in the battle. Weapon slots index the flyer type's expanded mounts."""

    id: str
    type: str
    player: int
    alive: bool = True
    lost: list[int] = []  # slots destroyed by damage
    spent: list[int] = []  # one-shot slots fired, dropped or ejected
    fired: list[int] = []  # slots used this turn (each weapon once per turn)
    no_intercept: bool = False  # crew result last turn: no Intercept order (df40k.victory.11)
    crew_hit: bool = False  # crew result this turn: cannot shoot, no attack run
    order: str = ""  # this turn's order (secret until revealed)
    escort: str = ""
    ram: bool = False
    eject: list[str] = []
    attacked: int = 0  # dogfights fought as the attacked flyer this turn
    redirected: bool = False  # an escort that has taken its redirected Intercept
    orders_given: int = 0
    disengaged: int = 0
    destroyed_by: int = -1  # the player whose fire or ram destroyed it


class Fight(msgspec.Struct, kw_only=True):
    """The dogfight being resolved (public once rolled)."""

    attacker: str
    defender: str
    declared: str  # the flyer the attacker declared against (before escort)
    attacker_df: int
    defender_df: int
    dice: int  # d6 the attacker rolled (keeps the highest)
    bonus: int  # +1 per earlier attacker on the defender
    attacker_roll: int
    defender_roll: int
    margin: int  # attacker total - defender total (after Gargoyles)
    ram: bool = False
    awaiting_gargoyles: bool = False


class Revealed(msgspec.Struct, frozen=True, kw_only=True):
    """An order as revealed: public from the reveal on (df40k.resolution.1)."""

    flyer: str
    order: str
    escort: str = ""
    ram: bool = False
    eject: tuple[str, ...] = ()


class Dogfight(msgspec.Struct, frozen=True, kw_only=True):
    """A dogfight fought in the last turn with orders (public): the flyer that declared it,
    the flyer it declared against, the flyer that defended (an escort may take the
    Intercept, df40k.orders.4), the final margin (after any Gargoyles) and the outcome."""

    attacker: str
    target: str
    defender: str
    margin: int
    outcome: str  # "win", "draw", "counts as draw"
    ram: bool = False


class Df40kState(msgspec.Struct, kw_only=True):
    setup: str
    sides: list[str]
    #: The battle's game turns (its last turn); the game turn being played is the core's
    #: round (``ctx.round``, ``turn.round`` of an observation).
    turns: int
    #: The player whose turn it is in this game turn (df40k.frame.5).
    first_player: int = 0
    flyers: list[FlyerState]
    gargoyles: list[int]
    #: Whether this turn's orders are on the table (from the reveal to the end of the turn).
    revealed: bool = False
    fight: Fight | None = None
    #: The last game turn whose orders were revealed (0: none yet), its orders and the
    #: dogfights fought in it: public, kept until the next reveal (for the pictures).
    last_turn: int = 0
    last_orders: list[Revealed] = []
    dogfights: list[Dogfight] = []
    kills: list[int] = msgspec.field(default_factory=lambda: [0, 0])
    ground_runs: list[int] = msgspec.field(default_factory=lambda: [0, 0])
    #: Dogfights declared so far (for the comparison metric "kills per engagement").
    engagements: int = 0
    #: The player whose turn it was when orders were first revealed (-1: not yet), for the
    #: comparison metric "first-player advantage".
    opened: int = -1
    over: bool = False

    def flyer(self, fid: str) -> FlyerState:
        for f in self.flyers:
            if f.id == fid:
                return f
        raise KeyError(fid)


# -- events ----------------------------------------------------------------------------


class FlyersInReserve(Event, frozen=True):
    """Turn one: no orders; every flyer is held in reserve (df40k.frame.2)."""

    turn: int


class OrderGiven(Event, frozen=True):
    """A secret order, seen by its owner only until the reveal."""

    flyer: str
    order: str


class OrdersRevealed(Event, frozen=True):
    turn: int
    orders: tuple[str, ...]


class OrdnanceEjected(Event, frozen=True):
    flyer: str
    weapons: tuple[str, ...]


class DogfightDeclared(Event, frozen=True):
    attacker: str
    target: str
    defender: str


class DogfightRolled(Event, frozen=True):
    attacker: str
    defender: str
    attacker_df: int
    defender_df: int
    attacker_total: int
    defender_total: int
    margin: int


class GargoylesCommitted(Event, frozen=True):
    flyer: str
    count: int
    successes: int
    margin: int


class DogfightResult(Event, frozen=True):
    winner: str
    loser: str
    margin: int
    outcome: str  # "win", "draw", "counts as draw"


class WeaponFired(Event, frozen=True):
    flyer: str
    weapon: str
    target: str
    hits: int


class HitResolved(Event, frozen=True):
    target: str
    penetration: int
    armour: int
    hit: str  # "none", "glancing", "penetrating"
    effect: str = ""


class RamResolved(Event, frozen=True):
    rammer: str
    target: str
    hit: bool


class FlyerDestroyed(Event, frozen=True):
    flyer: str
    by: int


class GroundRun(Event, frozen=True):
    flyer: str
    bombs: tuple[str, ...]
