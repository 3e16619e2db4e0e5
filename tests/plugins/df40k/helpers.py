"""Helpers for the df40k tests: states from position tables, orders, scripted dice."""

from __future__ import annotations

from typing import Any

import msgspec

from aerodrome import Game
from aerodrome.engine.events import Event
from aerodrome.engine.ruleset import Setup
from aerodrome.engine.testing import load_dice, scripted_context
from aerodrome.engine.turns import Context
from aerodrome_df40k.ruleset import Df40k
from aerodrome_df40k.state import Df40kState, FlyerState, GiveOrder, GiveOrders

RULESET = Df40k()
RULES = RULESET.rules
SETUP = RULESET.setup("first-blood")


def custom(name: str, forces: list[list[str]], gargoyles: tuple[int, int] = (0, 0)) -> Setup:
    """A set-up with these forces (sides and seats of ``orks-vs-tyranids``)."""
    base = RULESET.setup("orks-vs-tyranids")
    options = msgspec.structs.replace(
        base.options, forces=tuple(map(tuple, forces)), gargoyles=gargoyles
    )
    return msgspec.structs.replace(base, name=name, options=options)


#: Three Ork flyers (too many combinations: orders flyer by flyer) against two Tyranid
#: ones (all orders at once).
ARMADA = custom(
    "armada", [["ork-fighter", "fighta-bommer", "ork-heavy-bomber"], ["harridan", "harpy"]], (0, 8)
)


def flyer(ftype: str, player: int, fid: str = "", **kw: Any) -> dict[str, Any]:
    return {"type": ftype, "player": player, "id": fid or ftype, **kw}


def state(*flyers: dict[str, Any], **kw: Any) -> Df40kState:
    """A state at the start of a turn (default turn 2) from a position table."""
    return RULESET.position_state(SETUP, {"flyers": list(flyers), **kw}, "<test>")


def order(s: Df40kState, fid: str, kind: str, escort: str = "", ram: bool = False) -> FlyerState:
    """Give ``fid`` an order directly and mark the orders revealed."""
    f = s.flyer(fid)
    f.order, f.escort, f.ram = kind, escort, ram
    s.revealed = True
    return f


def ctx(faces: list[int], events: list[Event] | None = None) -> Context:
    return scripted_context(faces, events=events)


def of_type(events: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def game(
    setup: str | Setup = "first-blood", seed: int = 0, position: dict[str, Any] | None = None
) -> Game:
    return Game(RULESET, setup, seed, position=position)


def give(g: Game, player: int, fid: str, kind: str, **kw: Any) -> None:
    """One flyer's order (when the player orders flyer by flyer)."""
    g.apply(player, GiveOrder(flyer=fid, order=kind, **kw))  # type: ignore[arg-type]


def give_orders(g: Game, wanted: dict[str, dict[str, Any]]) -> None:
    """Answer the orders decisions of the current turn with ``wanted`` (flyer id -> fields
    of its GiveOrder; default Ground support), whether a player gives all its orders at once
    (GiveOrders) or flyer by flyer (GiveOrder)."""
    turn = g.round
    while (d := g.decision()) is not None and d.kind == "orders" and g.round == turn:
        for p in g.waiting_for():
            legal = g.legal_actions(p)
            first = legal[0]
            if isinstance(first, GiveOrders):
                want: Any = GiveOrders(
                    orders=tuple(
                        GiveOrder(flyer=o.flyer, **wanted.get(o.flyer, {"order": "ground-support"}))
                        for o in first.orders
                    )
                )
            else:
                fid = first.flyer  # type: ignore[attr-defined]
                want = GiveOrder(flyer=fid, **wanted.get(fid, {"order": "ground-support"}))
            assert want in legal, f"{want} not legal: {legal}"
            g.apply(p, want)


def orders_turn(
    g: Game, wanted: dict[str, dict[str, Any]], targets: dict[str, str] | None = None
) -> None:
    """:func:`give_orders`, then the intercept decisions of the turn with ``targets``
    (interceptor -> target; default the first legal target)."""
    from aerodrome_df40k.state import ChooseTarget

    turn = g.round
    give_orders(g, wanted)
    while (d := g.decision()) is not None and d.kind == "intercept" and g.round == turn:
        p = d.players[0]
        legal = g.legal_actions(p)
        fid = legal[0].flyer  # type: ignore[attr-defined]
        target = (targets or {}).get(fid)
        g.apply(p, ChooseTarget(flyer=fid, target=target) if target else legal[0])


__all__ = [
    "ARMADA",
    "RULES",
    "RULESET",
    "SETUP",
    "ctx",
    "custom",
    "flyer",
    "game",
    "give",
    "give_orders",
    "load_dice",
    "of_type",
    "order",
    "orders_turn",
    "state",
]
