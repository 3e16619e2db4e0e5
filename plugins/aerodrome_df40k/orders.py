"""Orders: what each flyer may be ordered, giving and revealing them (rulebook sections
Orders and Resolution). Clause ids in brackets.

A flyer still to order this turn is a living flyer without an order (orders are cleared at
the end of every turn): the state holds the orders given so far, not a queue.
"""

from __future__ import annotations

from functools import lru_cache, partial

from aerodrome.api import Context
from aerodrome_df40k.specs import Specs
from aerodrome_df40k.state import (
    Df40kState,
    FlyerState,
    GiveOrder,
    GiveOrders,
    OrderGiven,
    OrdersRevealed,
    OrdnanceEjected,
    Revealed,
)

#: A player whose flyers' orders have at most this many consistent combinations gives them
#: as one decision (:class:`GiveOrders`); otherwise flyer by flyer (:class:`GiveOrder`).
#: Not a rule: it keeps both a human's list of choices and the number of decisions short.
MAX_COMBINED = 36
#: Memo sizes of the pure functions below (a battle meets a few dozen situations).
MEMO = 4096


def subsets(kinds: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every subset of ``kinds`` (order kept), the smaller first."""
    out: list[tuple[str, ...]] = [()]
    for k in kinds:
        out += [(*s, k) for s in out]
    return sorted(out, key=lambda s: (len(s), s))


def unordered(state: Df40kState, player: int) -> list[FlyerState]:
    """``player``'s flyers still to order this turn, in roster order."""
    return [f for f in state.flyers if f.player == player and f.alive and not f.order]


def escorted_by(state: Df40kState, f: FlyerState) -> FlyerState | None:
    """An ally already ordered to escort ``f`` (then ``f`` is on Ground support)."""
    for g in state.flyers:
        if g.player == f.player and g.order == "escort" and g.escort == f.id:
            return g
    return None


def legal_orders(state: Df40kState, specs: Specs, f: FlyerState) -> tuple[GiveOrder, ...]:
    """Every order ``f`` may be given [df40k.orders.2-5, df40k.victory.11-13]. A flyer an
    ally already escorts may only be put on Ground support [df40k.orders.4, df40k.orders.7]:
    it is still asked, so that the other player's prompts and decisions do not depend on
    the escort order (secret until the reveal, df40k.orders.1)."""
    if escorted_by(state, f) is not None:
        return _ground_support(f.id)
    return orders_for(*_order_key(state, specs, f))


@lru_cache(maxsize=MEMO)
def _ground_support(fid: str) -> tuple[GiveOrder, ...]:
    return (GiveOrder(flyer=fid, order="ground-support"),)


OrderKey = tuple[str, bool, tuple[str, ...], tuple[str, ...]]


def _order_key(state: Df40kState, specs: Specs, f: FlyerState) -> OrderKey:
    """What the legal orders of ``f`` depend on: its id, a crew result last turn, the
    ordnance it carries and the allies it may escort."""
    wards = tuple(
        g.id
        for g in state.flyers
        if g.player == f.player and g.alive and g is not f and g.order in ("", "ground-support")
    )
    return (f.id, f.no_intercept, specs.carried(f.type, tuple(f.spent), tuple(f.lost)), wards)


@lru_cache(maxsize=MEMO)
def orders_for(
    fid: str, no_intercept: bool, carried: tuple[str, ...], wards: tuple[str, ...]
) -> tuple[GiveOrder, ...]:
    """The orders of flyer ``fid``: Intercept (with or without ram) unless a crew result
    bars it, Ground support, Escort of each of ``wards``, Disengage ejecting any subset of
    the ordnance kinds ``carried``."""
    out: list[GiveOrder] = []
    if not no_intercept:  # crew shaken / stunned last turn [df40k.victory.11]
        out.append(GiveOrder(flyer=fid, order="intercept"))
        out.append(GiveOrder(flyer=fid, order="intercept", ram=True))  # [df40k.victory.13]
    out.append(GiveOrder(flyer=fid, order="ground-support"))
    for ward in wards:  # escort an ally on Ground support [df40k.orders.4]
        out.append(GiveOrder(flyer=fid, order="escort", escort=ward))
    for eject in subsets(carried):  # [df40k.victory.12]
        # the kinds carried are EJECTABLE ones, the literals of GiveOrder.eject
        out.append(GiveOrder(flyer=fid, order="disengage", eject=eject))  # type: ignore[arg-type]
    return tuple(out)


def order_sets(state: Df40kState, specs: Specs, player: int) -> tuple[GiveOrders, ...] | None:
    """Every consistent combination of orders for the flyers ``player`` has still to order
    (an escort's ward on Ground support, df40k.orders.4), or None when there are more than
    :data:`MAX_COMBINED`. The same situation gives the same tuple."""
    keys = tuple(_order_key(state, specs, f) for f in unordered(state, player))
    return _combine(keys) or None


@lru_cache(maxsize=MEMO)
def _combine(keys: tuple[OrderKey, ...]) -> tuple[GiveOrders, ...]:
    options = [orders_for(*key) for key in keys]
    size = 1
    for o in options:
        size *= len(o)
    if size > MAX_COMBINED * 4:  # far too many even before removing inconsistent ones
        return ()
    sets: list[tuple[GiveOrder, ...]] = [()]
    for o in options:
        sets = [(*s, order) for s in sets for order in o]
    out = []
    for combo in sets:
        orders = {o.flyer: o.order for o in combo}
        if all(o.order != "escort" or orders.get(o.escort) == "ground-support" for o in combo):
            out.append(GiveOrders(orders=combo))
    return tuple(out) if len(out) <= MAX_COMBINED else ()


def all_at_once(state: Df40kState, specs: Specs, player: int) -> tuple[GiveOrders, ...] | None:
    """The combinations ``player`` answers with when it gives all its orders this turn as
    one decision (more than one flyer, none ordered yet, few combinations), else None:
    then it gives them flyer by flyer."""
    flyers = [f for f in state.flyers if f.player == player and f.alive]
    if len(flyers) < 2 or any(f.order for f in flyers):
        return None
    return order_sets(state, specs, player)


def give(state: Df40kState, ctx: Context, player: int, order: GiveOrder) -> None:
    """Record a secret order (seen by its owner only) [df40k.orders.1]."""
    f = state.flyer(order.flyer)
    f.order, f.escort, f.ram, f.eject = order.order, order.escort, order.ram, list(order.eject)
    ctx.emit(lambda: OrderGiven(flyer=f.id, order=order.explain(), seen_by=(player,)))


def reveal(state: Df40kState, specs: Specs, ctx: Context) -> None:
    """Reveal all orders together; eject ordnance [df40k.resolution.1, df40k.victory.12].
    The orders revealed stay public until the next reveal, with the dogfights fought."""
    state.revealed = True
    shown: list[Revealed] = []
    for f in state.flyers:
        if not f.alive or not f.order:
            continue
        f.orders_given += 1
        if f.order == "disengage":
            f.disengaged += 1
        shown.append(
            Revealed(flyer=f.id, order=f.order, escort=f.escort, ram=f.ram, eject=tuple(f.eject))
        )
    turn = ctx.round  # the game turn
    state.last_turn, state.last_orders, state.dogfights = turn, shown, []
    ctx.emit(lambda: OrdersRevealed(turn=turn, orders=tuple(_explain(r) for r in shown)))
    for f in state.flyers:
        if f.alive and f.eject:
            dropped = []
            for slot, mount in enumerate(specs.mounts[f.type]):
                kind = specs.weapons[mount.weapon].kind
                if kind in f.eject and slot not in f.spent and slot not in f.lost:
                    f.spent.append(slot)
                    dropped.append(mount.weapon)
            ctx.emit(partial(OrdnanceEjected, flyer=f.id, weapons=tuple(dropped)))
    if state.opened < 0:
        state.opened = state.first_player


def _explain(r: Revealed) -> str:
    return GiveOrder(
        flyer=r.flyer,
        order=r.order,  # type: ignore[arg-type]
        escort=r.escort,
        ram=r.ram,
        eject=r.eject,  # type: ignore[arg-type]
    ).explain()


def interceptors(state: Df40kState) -> list[str]:
    """The flyers on Intercept in the order they declare: the player whose turn it is
    first, each player's in roster order [df40k.resolution.1, df40k.resolution.7]."""
    first = state.first_player
    return [
        f.id
        for p in (first, 1 - first)
        for f in state.flyers
        if f.player == p and f.alive and f.order == "intercept"
    ]
