"""The state, actions, events and observations of Dogfight 40,000.

One mutable msgspec Struct holds a battle (:class:`Df40kState`); actions and events are
frozen tagged Structs. Secret orders live in the flyers' state until they are revealed and
are removed from the other player's observation before that (df40k.orders.1).
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from aerodrome.data import Action
from aerodrome.events import Event
from aerodrome_df40k.limits import FLYERS, GARGOYLES

OrderKind = Literal["intercept", "ground-support", "escort", "disengage"]
Stage = Literal["begin", "orders", "reveal", "dogfights", "ground-support", "end"]

# -- actions ---------------------------------------------------------------------------


#: A flyer id in an action (bounded so that a save's actions decode within bounds).
FlyerRef = Annotated[str, Meta(max_length=80)]


class GiveOrder(Action, frozen=True):
    """A secret order for one flyer (df40k.orders.1-5); ``ram`` with Intercept only
    (df40k.victory.13), ``eject`` (kinds of ordnance) with Disengage only (df40k.victory.12)."""

    flyer: FlyerRef
    order: OrderKind
    escort: FlyerRef = ""
    ram: bool = False
    eject: Annotated[tuple[Literal["rocket", "bomb", "big-bomb"], ...], Meta(max_length=3)] = ()

    def describe(self) -> str:
        # The core writes this into the public log once every player has committed the
        # current slot: it must not give the order away before the reveal.
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


class GiveOrders(Action, frozen=True):
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


ACTION_TYPES: tuple[type[Action], ...] = (GiveOrder, GiveOrders, ChooseTarget, CommitGargoyles)

# -- state -----------------------------------------------------------------------------


class FlyerState(msgspec.Struct, kw_only=True):
    """One flyer in the battle. Weapon slots index the flyer type's expanded mounts."""

    id: str
    type: str
    player: int
    alive: bool = True
    lost: list[int] = []          # slots destroyed by damage
    spent: list[int] = []         # one-shot slots fired, dropped or ejected
    fired: list[int] = []         # slots used this turn (each weapon once per turn)
    no_intercept: bool = False    # crew result last turn: no Intercept order (df40k.victory.11)
    crew_hit: bool = False        # crew result this turn: cannot shoot, no attack run
    order: str = ""               # this turn's order (secret until revealed)
    escort: str = ""
    ram: bool = False
    eject: list[str] = []
    attacked: int = 0             # dogfights fought as the attacked flyer this turn
    redirected: bool = False      # an escort that has taken its redirected Intercept
    orders_given: int = 0
    disengaged: int = 0
    destroyed_by: int = -1        # the player whose fire or ram destroyed it


class Fight(msgspec.Struct, kw_only=True):
    """The dogfight being resolved (public once rolled)."""

    attacker: str
    defender: str
    declared: str                 # the flyer the attacker declared against (before escort)
    attacker_df: int
    defender_df: int
    dice: int                     # d6 the attacker rolled (keeps the highest)
    bonus: int                    # +1 per earlier attacker on the defender
    attacker_roll: int
    defender_roll: int
    margin: int                   # attacker total - defender total (after Gargoyles)
    ram: bool = False
    awaiting_gargoyles: bool = False


class Df40kState(msgspec.Struct, kw_only=True):
    setup: str
    sides: list[str]
    turns: int
    turn: int = 1
    #: The player whose turn it is in this game turn (df40k.frame.5).
    first_player: int = 0
    stage: str = "begin"
    flyers: list[FlyerState]
    gargoyles: list[int]
    to_order: list[list[str]] = msgspec.field(default_factory=lambda: [[], []])
    combined: list[bool] = msgspec.field(default_factory=lambda: [False, False])
    revealed: bool = False
    queue: list[str] = []
    fight: Fight | None = None
    kills: list[int] = msgspec.field(default_factory=lambda: [0, 0])
    ground_runs: list[int] = msgspec.field(default_factory=lambda: [0, 0])
    #: Dogfights declared so far (for the comparison metric "kills per engagement").
    engagements: int = 0
    #: The player whose turn it was when orders were first revealed (-1: not yet), for the
    #: comparison metric "first-player advantage".
    opened: int = -1
    over: bool = False

    def flyer(self, fid: str) -> FlyerState:
        flyers = self.flyers
        i = _WHERE.get(fid)  # where a flyer of this id was last found (checked, so safe)
        if i is not None and i < len(flyers) and flyers[i].id == fid:
            return flyers[i]
        for i, f in enumerate(flyers):
            if f.id == fid:
                _WHERE[fid] = i
                return f
        raise KeyError(fid)


_WHERE: dict[str, int] = {}


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
    outcome: str                  # "win", "draw", "counts as draw"


class WeaponFired(Event, frozen=True):
    flyer: str
    weapon: str
    target: str
    hits: int


class HitResolved(Event, frozen=True):
    target: str
    penetration: int
    armour: int
    hit: str                      # "none", "glancing", "penetrating"
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


# -- observations ----------------------------------------------------------------------


class FlyerView(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    type: str
    player: int
    alive: bool
    lost: tuple[int, ...]
    spent: tuple[int, ...]
    fired: tuple[int, ...]
    no_intercept: bool
    crew_hit: bool
    attacked: int
    order: str | None             # None: not known to the viewer (secret) or not given
    escort: str
    ram: bool
    orders_given: int
    disengaged: int


class Df40kView(msgspec.Struct, frozen=True, kw_only=True):
    player: int | None
    turn: int
    turns: int
    first_player: int
    stage: str
    revealed: bool
    flyers: tuple[FlyerView, ...]
    gargoyles: tuple[int, ...]
    kills: tuple[int, ...]
    ground_runs: tuple[int, ...]
    fight: Fight | None
    queue: tuple[str, ...]
