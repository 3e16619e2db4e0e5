"""Plain words for people: the names of flyers, orders, every action (as a choice and as the
log tells it), every decision and every event of Dogfight 40,000, as one player reads them
(issue 14). Everything comes from that player's
observation and the specs; the same names appear on the board (:mod:`aerodrome_df40k.draw`).

A flyer is named by its type's title and number ("Imperial fighter 2") when its id is the
default ``<type>-<n>``, else by its id (a position file may name it). Weapons keep their
spec names ("lascannon").
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from aerodrome.api import ChoiceLabel, Decision, DiceRolled, Event
from aerodrome.engine.describe import dice_sentence
from aerodrome_df40k.specs import Specs
from aerodrome_df40k.state import (
    ChooseTarget,
    Df40kAction,
    DogfightDeclared,
    DogfightResult,
    DogfightRolled,
    FlyerDestroyed,
    FlyersInReserve,
    GargoylesCommitted,
    GiveOrder,
    GiveOrders,
    GroundRun,
    HitResolved,
    Kind,
    OrderGiven,
    OrdersRevealed,
    OrdnanceEjected,
    RamResolved,
    WeaponFired,
)
from aerodrome_df40k.view import Df40kView

ORDER_WORDS = {
    "intercept": "Intercept",
    "ground-support": "Ground support",
    "escort": "Escort",
    "disengage": "Disengage",
}
#: Ordnance kinds in a sentence.
KIND_WORDS = {"rocket": "rockets", "bomb": "bombs", "big-bomb": "big bombs"}


def flyer_name(specs: Specs, fid: str, ftype: str) -> str:
    """ "Imperial fighter 2" for the id ``imperial-fighter-2`` of that type, else the id."""
    number = fid.removeprefix(f"{ftype}-")
    spec = specs.flyers.get(ftype)
    if number != fid and number.isdigit() and spec is not None:
        return f"{spec.title} {number}"
    return fid


def names(specs: Specs, view: Df40kView) -> dict[str, str]:
    """Every flyer's name by id."""
    return {f.id: flyer_name(specs, f.id, f.type) for f in view.flyers}


def and_list(words: list[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def order_words(
    order: str, escort: str = "", ram: bool = False, eject: tuple[str, ...] = ()
) -> str:
    """An order as the rulebook names it ("Intercept and ram", "Escort Ork heavy bomber 1",
    "Disengage, ejecting big bombs"); ``escort`` is the ward's name."""
    words = ORDER_WORDS.get(order, order)
    if order == "intercept" and ram:
        return f"{words} and ram"
    if order == "escort":
        return f"{words} {escort}"
    if order == "disengage" and eject:
        return f"{words}, ejecting {and_list([KIND_WORDS.get(k, k) for k in eject])}"
    return words


def _order(o: GiveOrder, named: Mapping[str, str]) -> str:
    escort = named.get(o.escort, o.escort)
    return f"{named.get(o.flyer, o.flyer)}: {order_words(o.order, escort, o.ram, o.eject)}"


def action_text(specs: Specs, action: Df40kAction, view: Df40kView) -> str:
    """A short sentence for ``action``."""
    named = names(specs, view)
    if isinstance(action, GiveOrder):
        return _order(action, named)
    if isinstance(action, GiveOrders):
        return "; ".join(_order(o, named) for o in action.orders)
    if isinstance(action, ChooseTarget):
        return f"{named.get(action.flyer, action.flyer)} intercepts {named.get(action.target, action.target)}"
    if action.count == 0:
        return f"no Gargoyles for {named.get(action.flyer, action.flyer)}"
    return f"{_gargoyles(action.count)} shield {named.get(action.flyer, action.flyer)}"


def label(specs: Specs, action: Df40kAction, view: Df40kView) -> ChoiceLabel:
    """``action`` as a choice, grouped by flyer: an order under its flyer ("Imperial
    fighter 1" → "Intercept and ram"); a set of orders for every flyer at once under the
    orders of the flyers before the last ("Imperial fighter 1: Intercept" → "Imperial fighter
    2: Disengage"); a target under the interceptor."""
    named = names(specs, view)
    if isinstance(action, GiveOrder):
        escort = named.get(action.escort, action.escort)
        words = order_words(action.order, escort, action.ram, action.eject)
        return ChoiceLabel(
            path=(named.get(action.flyer, action.flyer),), text=words, place=f"piece:{action.flyer}"
        )
    if isinstance(action, GiveOrders):
        said = [_order(o, named) for o in action.orders]
        return ChoiceLabel(path=tuple(said[:-1]), text=said[-1])
    if isinstance(action, ChooseTarget):
        return ChoiceLabel(
            path=(named.get(action.flyer, action.flyer),),
            text=f"intercepts {named.get(action.target, action.target)}",
            place=f"piece:{action.target}",
        )
    return ChoiceLabel(text=action_text(specs, action, view))


def prompt(specs: Specs, decision: Decision, view: Df40kView) -> str:
    """The question of ``decision`` for the player of ``view``: the orders asked of that
    player (the decision's subject holds, per player asked, the flyer asked about, or ""
    for all of the player's flyers at once), the interceptor's target, the Gargoyles."""
    named = names(specs, view)
    subject = decision.subject
    if decision.kind == Kind.ORDERS:
        asked = subject if isinstance(subject, tuple) else ()
        heads = [
            named.get(str(f), str(f)) if f else f"all {view.sides[p]} flyers"
            for p, f in zip(decision.players, asked, strict=False)
            if view.player is None or p == view.player
        ]
        return "Secret orders for " + " / ".join(heads)
    flyer = named.get(str(subject), str(subject))
    if decision.kind == Kind.INTERCEPT:
        return f"Which flyer does {flyer} intercept?"
    if decision.kind == Kind.GARGOYLES:
        lost = f" lost by {abs(view.fight.margin)}" if view.fight is not None else " lost"
        return f"{flyer}{lost}: how many Gargoyles shield it?"
    return f"Choose: {decision.kind}"


def _gargoyles(n: int) -> str:
    return "1 Gargoyle" if n == 1 else f"{n} Gargoyles"


def _explained(text: str, named: Mapping[str, str]) -> str:
    """An order as an event records it ("imperial-fighter-1: Escort ork-heavy-bomber-1",
    see :meth:`GiveOrder.explain`) with names in place of ids."""
    for fid in sorted(named, key=len, reverse=True):
        if text.startswith(f"{fid}: "):
            words = text[len(fid) + 2 :]
            if words.startswith("Escort "):
                ward = words.removeprefix("Escort ")
                words = f"Escort {named.get(ward, ward)}"
            elif words.startswith("Disengage, eject "):
                kinds = words.removeprefix("Disengage, eject ").split(" and ")
                words = order_words("disengage", eject=tuple(kinds))
            return f"{named[fid]}: {words}"
    return text


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]*")


def dice_text(specs: Specs, event: DiceRolled, view: Df40kView) -> str | None:
    """A roll whose purpose names flyers by id ("to hit: imperial-fighter-2 lascannon") said
    with their names ("to hit: Imperial fighter 2 lascannon"); ``None``: no flyer in it."""
    named = names(specs, view)
    found = False

    def name(m: re.Match[str]) -> str:
        nonlocal found
        word = m.group(0)
        if word in named:
            found = True
            return named[word]
        return word

    purpose = _TOKEN.sub(name, event.purpose)
    if not found:
        return None
    return dice_sentence(event, purpose)


def event_text(specs: Specs, event: Event, view: Df40kView) -> str | None:
    """A sentence for one of df40k's events as the player of ``view`` reads it (``None``:
    not a df40k event)."""
    named = names(specs, view)

    def n(fid: str) -> str:
        return named.get(fid, fid)

    if isinstance(event, FlyersInReserve):
        return f"Game turn {event.turn}: every flyer is held in reserve, no orders are given."
    if isinstance(event, OrderGiven):
        return f"Secret order given: {_explained(event.order, named)}."
    if isinstance(event, OrdersRevealed):
        shown = "; ".join(_explained(o, named) for o in event.orders)
        return f"Orders of game turn {event.turn} revealed: {shown}."
    if isinstance(event, OrdnanceEjected):
        if not event.weapons:
            return f"{n(event.flyer)} has nothing left to eject."
        return f"{n(event.flyer)} ejects {and_list(list(event.weapons))}."
    if isinstance(event, DogfightDeclared):
        text = f"{n(event.attacker)} intercepts {n(event.target)}"
        if event.defender != event.target:
            text += f"; its escort {n(event.defender)} takes the dogfight"
        return text + "."
    if isinstance(event, DogfightRolled):
        return (
            f"Dogfight: {n(event.attacker)}, Dogfight skill {event.attacker_df}, totals "
            f"{event.attacker_total} against {event.defender_total} for {n(event.defender)}, "
            f"Dogfight skill {event.defender_df}: margin {_signed(event.margin)}."
        )
    if isinstance(event, GargoylesCommitted):
        if not event.count:
            return f"No Gargoyles shield {n(event.flyer)}."
        return (
            f"{_gargoyles(event.count)} shield {n(event.flyer)}: {event.successes} "
            f"{'succeeds' if event.successes == 1 else 'succeed'}; the margin, the attacker's "
            f"total less the defender's, is now {_signed(event.margin)}."
        )
    if isinstance(event, DogfightResult):
        if event.outcome == "draw":
            return "The dogfight is a draw: nothing more happens."
        if event.outcome == "counts as draw":
            return (
                f"{n(event.winner)} wins by {event.margin} but flies Ground support: "
                "the dogfight counts as a draw."
            )
        return f"{n(event.winner)} wins the dogfight against {n(event.loser)} by {event.margin}."
    if isinstance(event, WeaponFired):
        hits = "no hit" if not event.hits else "1 hit" if event.hits == 1 else f"{event.hits} hits"
        return f"{n(event.flyer)} fires its {event.weapon} at {n(event.target)}: {hits}."
    if isinstance(event, HitResolved):
        roll = f", {event.penetration} against armour {event.armour}" if event.armour else ""
        if event.hit == "none":
            return f"A hit on {n(event.target)} does nothing{roll}."
        effect = event.effect.replace("-", " ")
        return f"{n(event.target)} takes a {event.hit} hit{roll}: {effect}."
    if isinstance(event, RamResolved):
        if event.hit:
            return (
                f"{n(event.rammer)} rams {n(event.target)}: the scatter die shows a Hit, "
                "both take a penetrating hit."
            )
        return f"{n(event.rammer)} tries to ram {n(event.target)}: the scatter die misses."
    if isinstance(event, FlyerDestroyed):
        side = view.sides[event.by] if 0 <= event.by < len(view.sides) else "the other side"
        return f"{n(event.flyer)} is destroyed, a kill for {side}."
    if isinstance(event, GroundRun):
        if event.bombs:
            return f"{n(event.flyer)} makes its attack run and drops {and_list(list(event.bombs))}."
        return f"{n(event.flyer)} makes its attack run."
    return None
