"""For learning agents (issue 17): a fixed numbering of every action a set-up's battle can
offer, and an observation as a fixed-length list of numbers. docs/rules/df40k.md ("For
learning agents") documents both.

The numbering of a set-up (its forces and Gargoyles; flyer ids as a battle gives them,
``<type>-<n>``) has four blocks, in this order:

1. ``GiveOrder``: for each flyer in roster order, every order it could ever be given
   (Intercept, Intercept and ram, Ground support, Escort of each ally, Disengage ejecting
   each subset of the ordnance kinds its type carries);
2. ``GiveOrders``, one block per side: a number in mixed radix, one digit per flyer of the
   side (0: not in the set, k: its k-th order of block 1), less one (no set is empty), so
   every set any turn could offer has a number;
3. ``ChooseTarget``: each flyer against each flyer of the other side;
4. ``CommitGargoyles``: for each side with Gargoyles, each of its flyers with 0 to the
   side's Gargoyles.
"""

from __future__ import annotations

from collections.abc import Sequence

from aerodrome_df40k.limits import FLYERS, GARGOYLES, TURNS
from aerodrome_df40k.orders import orders_for
from aerodrome_df40k.specs import Specs
from aerodrome_df40k.state import (
    ChooseTarget,
    CommitGargoyles,
    Df40kAction,
    GiveOrder,
    GiveOrders,
    Revealed,
)
from aerodrome_df40k.view import Df40kView, FlyerView

ORDERS = ("intercept", "ground-support", "escort", "disengage")


class Numbering:
    """The fixed numbering of one set-up's actions (see the module)."""

    def __init__(
        self, specs: Specs, forces: Sequence[Sequence[str]], gargoyles: Sequence[int]
    ) -> None:
        counts: dict[str, int] = {}
        self.sides: list[list[str]] = []
        for force in forces:  # the ids a battle gives its flyers (Df40k.initial_state)
            ids = []
            for ftype in force:
                counts[ftype] = counts.get(ftype, 0) + 1
                ids.append(f"{ftype}-{counts[ftype]}")
            self.sides.append(ids)
        types = {
            fid: ftype
            for force, ids in zip(forces, self.sides, strict=True)
            for ftype, fid in zip(force, ids, strict=True)
        }
        #: every order each flyer could be given, and the whole list numbered
        self.options: dict[str, tuple[GiveOrder, ...]] = {}
        for ids in self.sides:
            for fid in ids:
                allies = tuple(g for g in ids if g != fid)
                self.options[fid] = orders_for(
                    fid, False, specs.carried(types[fid], (), ()), allies
                )
        self._order_list = [o for fid in self.options for o in self.options[fid]]
        self._order_id = {o: i for i, o in enumerate(self._order_list)}
        self._option_index = {o: k for fid in self.options for k, o in enumerate(self.options[fid])}
        base = len(self._order_list)
        #: per side: (first number, radix of each flyer's digit)
        self._sets: list[tuple[int, list[int]]] = []
        for ids in self.sides:
            radix = [1 + len(self.options[fid]) for fid in ids]
            self._sets.append((base, radix))
            size = 1
            for r in radix:
                size *= r
            base += size - 1  # every digit 0: the empty set, never offered
        self._target_base = base
        self._pairs = [
            (a, t) for p, ids in enumerate(self.sides) for a in ids for t in self.sides[1 - p]
        ]
        self._pair_id = {pair: i for i, pair in enumerate(self._pairs)}
        base += len(self._pairs)
        self._gargoyle_base = base
        self._shields: list[tuple[str, int]] = [
            (fid, n)
            for p, ids in enumerate(self.sides)
            if gargoyles[p]
            for fid in ids
            for n in range(gargoyles[p] + 1)
        ]
        self._shield_id = {s: i for i, s in enumerate(self._shields)}
        self.count = base + len(self._shields)

    def id_of(self, action: Df40kAction) -> int:
        """The number of ``action``; ValueError for an action no battle of the set-up has."""
        got: int | None = None
        if isinstance(action, GiveOrder):
            got = self._order_id.get(action)
        elif isinstance(action, GiveOrders):
            got = self._set_id(action)
        elif isinstance(action, ChooseTarget):
            k = self._pair_id.get((action.flyer, action.target))
            got = None if k is None else self._target_base + k
        else:
            k = self._shield_id.get((action.flyer, action.count))
            got = None if k is None else self._gargoyle_base + k
        if got is None:
            raise ValueError(f"{type(action).__name__} is not an action of this set-up's battles")
        return got

    def _set_id(self, action: GiveOrders) -> int | None:
        if not action.orders:
            return None
        side = next((p for p, ids in enumerate(self.sides) if action.orders[0].flyer in ids), None)
        if side is None:
            return None
        ids = self.sides[side]
        digits = [0] * len(ids)
        last = -1
        for o in action.orders:
            if o.flyer not in ids or ids.index(o.flyer) <= last or o not in self._option_index:
                return None
            last = ids.index(o.flyer)
            digits[last] = 1 + self._option_index[o]
        base, radix = self._sets[side]
        number, scale = 0, 1
        for digit, r in zip(digits, radix, strict=True):
            number += digit * scale
            scale *= r
        return base + number - 1

    def action(self, index: int) -> Df40kAction:
        """The action numbered ``index`` (the inverse of :meth:`id_of`)."""
        if not 0 <= index < self.count:
            raise ValueError(f"action number {index} is not within 0..{self.count - 1}")
        if index < len(self._order_list):
            return self._order_list[index]
        if index < self._target_base:
            for side, (base, radix) in reversed(list(enumerate(self._sets))):
                if index >= base:
                    number, orders = index - base + 1, []
                    for fid, r in zip(self.sides[side], radix, strict=True):
                        number, digit = divmod(number, r)
                        if digit:
                            orders.append(self.options[fid][digit - 1])
                    return GiveOrders(orders=tuple(orders))
        if index < self._gargoyle_base:
            a, t = self._pairs[index - self._target_base]
            return ChooseTarget(flyer=a, target=t)
        fid, n = self._shields[index - self._gargoyle_base]
        return CommitGargoyles(flyer=fid, count=n)


_ORDER = {o: tuple(1.0 if o == p else 0.0 for p in ORDERS) for o in ORDERS}
_NO_ORDER = (0.0,) * len(ORDERS)


class Encoder:
    """The observation vectors of one ruleset's specs (each flyer type's weapon slots looked
    up once; a view's dogfights counted once, not once per flyer)."""

    def __init__(self, specs: Specs) -> None:
        self.specs = specs
        self._slots: dict[str, range] = {}

    def flyer(
        self,
        f: FlyerView,
        seat: int | None,
        fights: tuple[bool, bool],
        shown: Revealed | None,
        duels: tuple[int, int],
    ) -> list[float]:
        order = f.order
        out: list[float] = [
            1.0 if f.alive else 0.0,
            1.0 if f.player == 0 else 0.0,
            1.0 if f.player == 1 else 0.0,
            1.0 if seat == f.player else 0.0,
            1.0 if order is None or order == "" else 0.0,
            *_ORDER.get(order or "", _NO_ORDER),
            1.0 if f.ram else 0.0,
            1.0 if f.escort else 0.0,
            1.0 if f.no_intercept else 0.0,
            1.0 if f.crew_hit else 0.0,
            f.attacked / FLYERS,
            f.orders_given / TURNS,
            f.disengaged / TURNS,
            1.0 if fights[0] else 0.0,
            1.0 if fights[1] else 0.0,
            *(_ORDER.get(shown.order, _NO_ORDER) if shown is not None else _NO_ORDER),
            1.0 if shown is not None and shown.ram else 0.0,
            duels[0] / FLYERS,
            duels[1] / FLYERS,
        ]
        slots = self._slots.get(f.type)
        if slots is None:
            slots = self._slots[f.type] = range(len(self.specs.mounts[f.type]))
        lost, spent, fired = f.lost, f.spent, f.fired
        if lost or spent or fired:
            for slot in slots:
                out += (
                    1.0 if slot in lost else 0.0,
                    1.0 if slot in spent else 0.0,
                    1.0 if slot in fired else 0.0,
                )
        else:
            out += (0.0,) * (3 * len(slots))
        return out

    def vector(self, view: Df40kView) -> list[float]:
        """``view`` as numbers (docs/rules/df40k.md, "The observation as numbers"): the same
        length for every view of a battle, only what the view shows."""
        seat = view.player
        out: list[float] = [
            view.turn / TURNS,
            view.turns / TURNS,
            1.0 if seat is None else 0.0,
            1.0 if seat == 0 else 0.0,
            1.0 if seat == 1 else 0.0,
            1.0 if view.first_player == 0 else 0.0,
            1.0 if view.first_player == 1 else 0.0,
            1.0 if view.revealed else 0.0,
        ]
        for p in (0, 1):
            out += (
                view.gargoyles[p] / GARGOYLES,
                view.kills[p] / FLYERS,
                view.ground_runs[p] / (TURNS * FLYERS),
            )
        fight = view.fight
        out += (
            1.0 if fight is not None else 0.0,
            1.0 if fight is not None and fight.awaiting_gargoyles else 0.0,
            (fight.margin / 10) if fight is not None else 0.0,
            (fight.dice / FLYERS) if fight is not None else 0.0,
        )
        last = {r.flyer: r for r in view.last_orders}
        attacks: dict[str, int] = {}
        defences: dict[str, int] = {}
        for d in view.dogfights:
            attacks[d.attacker] = attacks.get(d.attacker, 0) + 1
            defences[d.defender] = defences.get(d.defender, 0) + 1
        attacker = fight.attacker if fight is not None else None
        defender = fight.defender if fight is not None else None
        flyer = self.flyer
        for f in view.flyers:
            fid = f.id
            out += flyer(
                f,
                seat,
                (attacker == fid, defender == fid),
                last.get(fid),
                (attacks.get(fid, 0), defences.get(fid, 0)),
            )
        return out


def observation_vector(specs: Specs, view: Df40kView) -> list[float]:
    """``view`` as numbers (:meth:`Encoder.vector`; a ruleset keeps one encoder instead)."""
    return Encoder(specs).vector(view)
