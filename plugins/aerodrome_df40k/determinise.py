"""What a player cannot see, resampled: the determinisation of Dogfight 40,000 for
look-ahead (:class:`aerodrome.engine.capabilities.Determinise`).

The only secret is the other player's orders given this turn and not yet revealed
[df40k.orders.1]: everything else (flyers, damage, ordnance, Gargoyles) is on the table. A
determinisation gives each of those flyers again an order drawn uniformly from the orders it
could have been given, in the order they were given (the flyers still to order are the same,
so every prompt stays the same): an escorted ally is on Ground support [df40k.orders.4], and
an escort's ward is never a flyer still waiting for its order (its forced order would show in
the next prompt). Orders given all at once (:class:`~aerodrome_df40k.state.GiveOrders`) are
drawn together from the consistent combinations. Orders not yet committed are not in the
state at all (the game forgets them, :meth:`aerodrome.engine.game.Game.determinised`).

Why uniformly, and not from an opponent model (issue 23): the search agents model the other
player by the bot, but only where a player still owes an answer. Both players give their
orders in one simultaneous decision revealed to nobody [df40k.orders.1]: when a force's
orders fit in one offered set (:data:`aerodrome_df40k.orders.MAX_COMBINED` combinations,
every built-in set-up but the largest), that one decision holds all of them, and at it the
determinisation forgets the other player's committed set
(:meth:`aerodrome.engine.game.Game.determinised`): the search draws it again from the bot
(``search``, or a random answer in a share of its worlds) or from its own tree (``mcts``),
consistent with its model. Only orders given flyer by flyer, in forces too large for one
set (one simultaneous decision per round of flyers), are already in the state when a later
flyer is ordered; those are drawn here without a model of who gave them, since the ruleset
does not know which agent sits in the other seat (a bot's plan would be right against the
bot and wrong against anyone else).
"""

from __future__ import annotations

import random

from aerodrome.engine.ruleset import copy_state
from aerodrome_df40k import orders
from aerodrome_df40k.specs import Specs
from aerodrome_df40k.state import Df40kState, FlyerState, GiveOrder


def determinise(state: Df40kState, specs: Specs, player: int, rng: random.Random) -> Df40kState:
    """A copy of ``state`` that ``player`` cannot tell from it, the other players' unrevealed
    orders drawn again with ``rng``; ``state`` is not changed."""
    new = copy_state(state)
    if new.revealed:
        return new
    for other in range(len(new.sides)):
        if other != player:
            _order_again(new, specs, other, rng)
    return new


def _order_again(state: Df40kState, specs: Specs, player: int, rng: random.Random) -> None:
    waiting = {f.id for f in orders.unordered(state, player)}
    given = [
        f
        for f in state.flyers
        if f.player == player and f.alive and f.order and f.id not in waiting
    ]
    if not given:
        return
    for f in given:
        _set(f, None)
    if len(given) > 1 and not waiting:
        sets = orders.all_at_once(state, specs, player)  # the orders were given all at once
        if sets:
            for order in rng.choice(sets).orders:
                _set(state.flyer(order.flyer), order)
            return
    for f in given:
        if orders.escorted_by(state, f) is not None:
            _set(f, GiveOrder(flyer=f.id, order="ground-support"))
            continue
        options = [
            o
            for o in orders.legal_orders(state, specs, f)
            if o.order != "escort" or o.escort not in waiting
        ]
        _set(f, rng.choice(options))


def _set(f: FlyerState, order: GiveOrder | None) -> None:
    """Give ``f`` the ``order`` (``None``: no order yet), as the rules record one."""
    if order is None:
        f.order, f.escort, f.ram, f.eject = "", "", False, []
    else:
        f.order, f.escort, f.ram, f.eject = order.order, order.escort, order.ram, list(order.eject)
