"""Orders: what each flyer may be ordered, giving and revealing them (rulebook sections
Orders and Resolution). Clause ids in brackets."""

from __future__ import annotations

from functools import cache

from aerodrome.errors import IllegalActionError
from aerodrome.turns import Context
from aerodrome_df40k.combat import carried_kinds
from aerodrome_df40k.specs import Specs
from aerodrome_df40k.state import (
    Df40kState,
    FlyerState,
    GiveOrder,
    GiveOrders,
    OrderGiven,
    OrdersRevealed,
    OrdnanceEjected,
)

#: A player whose flyers' orders have at most this many consistent combinations gives them
#: as one decision (:class:`GiveOrders`); otherwise flyer by flyer (:class:`GiveOrder`).
#: Not a rule: it keeps both a human's list of choices and the number of decisions short.
MAX_COMBINED = 36


def _subsets(kinds: tuple[str, ...]) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = [()]
    for k in kinds:
        out += [(*s, k) for s in out]
    return sorted(out, key=lambda s: (len(s), s))


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
    key = _order_key(state, specs, f)
    got = _LEGAL.get(key)
    if got is None:
        got = _LEGAL[key] = orders_for(*key)
    return got


@cache
def _ground_support(fid: str) -> tuple[GiveOrder, ...]:
    return (GiveOrder(flyer=fid, order="ground-support"),)


OrderKey = tuple[str, bool, tuple[str, ...], tuple[str, ...]]
_LEGAL: dict[OrderKey, tuple[GiveOrder, ...]] = {}


def _order_key(state: Df40kState, specs: Specs, f: FlyerState) -> OrderKey:
    """What the legal orders of ``f`` depend on: its id, a crew result last turn, the
    ordnance it carries and the allies it may escort."""
    wards = tuple(
        g.id
        for g in state.flyers
        if g.player == f.player and g.alive and g is not f and g.order in ("", "ground-support")
    )
    return (f.id, f.no_intercept, carried_kinds(specs, f), wards)


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
    for eject in _subsets(carried):  # [df40k.victory.12]
        # the kinds carried are EJECTABLE ones, the literals of GiveOrder.eject
        out.append(GiveOrder(flyer=fid, order="disengage", eject=eject))  # type: ignore[arg-type]
    return tuple(out)


def order_sets(state: Df40kState, specs: Specs, player: int) -> tuple[GiveOrders, ...] | None:
    """Every consistent combination of orders for the flyers ``player`` has to order (an
    escort's ward on Ground support, df40k.orders.4), or None when there are more than
    :data:`MAX_COMBINED`. Asked before any of the player's orders is given this turn."""
    keys = tuple(_order_key(state, specs, state.flyer(fid)) for fid in state.to_order[player])
    got = _SETS.get(keys)
    if got is None:
        options = tuple(legal_orders(state, specs, state.flyer(fid)) for fid in state.to_order[player])
        got = _SETS[keys] = _combine(options)
    return got or None


_SETS: dict[tuple[OrderKey, ...], tuple[GiveOrders, ...]] = {}


def _combine(options: tuple[tuple[GiveOrder, ...], ...]) -> tuple[GiveOrders, ...]:
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


def give_all(
    state: Df40kState, specs: Specs, ctx: Context, player: int, orders: GiveOrders
) -> None:
    """Record a player's secret orders for all its flyers at once [df40k.orders.1]."""
    if sorted(o.flyer for o in orders.orders) != sorted(state.to_order[player]):
        raise IllegalActionError("orders must cover every flyer still to order", clause="df40k.orders.1")
    for order in orders.orders:
        f = state.flyer(order.flyer)
        f.order, f.escort, f.ram, f.eject = order.order, order.escort, order.ram, list(order.eject)
        ctx.emit(OrderGiven(flyer=f.id, order=order.explain(), seen_by=(player,)))
    state.to_order[player] = []


def give(state: Df40kState, specs: Specs, ctx: Context, player: int, order: GiveOrder) -> None:
    """Record a secret order (seen by its owner only) [df40k.orders.1]."""
    queue = state.to_order[player]
    if not queue or queue[0] != order.flyer:
        raise IllegalActionError(f"orders for {order.flyer} are not due", clause="df40k.orders.1")
    f = state.flyer(order.flyer)
    f.order, f.escort, f.ram, f.eject = order.order, order.escort, order.ram, list(order.eject)
    queue.pop(0)
    ctx.emit(OrderGiven(flyer=f.id, order=order.explain(), seen_by=(player,)))


def reveal(state: Df40kState, specs: Specs, ctx: Context) -> None:
    """Reveal all orders together; eject ordnance; queue the interceptors, the player whose
    turn it is first [df40k.resolution.1, df40k.victory.12, df40k.resolution.7]."""
    state.revealed = True
    words: list[str] = []
    for f in state.flyers:
        if not f.alive or not f.order:
            continue
        f.orders_given += 1
        if f.order == "disengage":
            f.disengaged += 1
        words.append(
            GiveOrder(flyer=f.id, order=f.order, escort=f.escort, ram=f.ram, eject=tuple(f.eject))  # type: ignore[arg-type]
            .explain()
        )
    ctx.emit(OrdersRevealed(turn=state.turn, orders=tuple(words)))
    for f in state.flyers:
        if f.alive and f.eject:
            dropped = []
            for slot, mount in enumerate(specs.mounts[f.type]):
                kind = specs.weapons[mount.weapon].kind
                if kind in f.eject and slot not in f.spent and slot not in f.lost:
                    f.spent.append(slot)
                    dropped.append(mount.weapon)
            ctx.emit(OrdnanceEjected(flyer=f.id, weapons=tuple(dropped)))
    first = state.first_player
    if state.opened < 0:
        state.opened = first
    state.queue = [
        f.id
        for p in (first, 1 - first)
        for f in state.flyers
        if f.player == p and f.alive and f.order == "intercept"
    ]
