"""For learning agents (issue #17): a classic view as a fixed-length list of numbers (the
slots are listed in ``docs/rules/classic.md``, "Numbers for learning agents").

Classic numbers no actions (it is no ``Numbering``: learning environments number the legal
actions of each decision, within the bound it declares, :mod:`aerodrome_classic.bound`). A
move carries its whole walk, since routes to the same square differ in the AA squares and
the No Man's Land they pass [classic.move.9-16], and which walk of a route is offered
depends on where the other planes stand; a fixed numbering from the set-up alone must code
the walk from its start square: plane × start square × walk × facing, about 24.6 million
numbers, far too many for a learning environment's action mask.
"""

from __future__ import annotations

from aerodrome_classic.specs import CARD_NAMES, Specs
from aerodrome_classic.view import ClassicView, GunView, PlaneView, SquadronView

CARD_KINDS = tuple(CARD_NAMES)
PLANE_SLOTS = 13
POSITIONS = ("side", "head-on", "tail", "ground")


#: Numbers of a plane, a gun or a squadron already worked out (by the record and what of the
#: reader they depend on): records are frozen values and most stay the same from one decision
#: to the next. Each memo starts afresh past ``MEMO`` entries.
MEMO = 1 << 14
_ONE_HOT_FACING = tuple(tuple(1.0 if f == g else 0.0 for g in range(4)) for f in range(4))


class Encoder:
    """The numbers of one specs' views (constants worked out once, items remembered)."""

    def __init__(self, specs: Specs) -> None:
        self.specs = specs
        self.width = specs.board.width
        self.height = specs.board.height
        pack = specs.cards.pack.cards()
        self.in_pack = {k: pack.count(k) for k in CARD_KINDS}
        self.total = len(pack)
        self.plane_ids: dict[str, tuple[str, ...]] = {}
        self._planes: dict[tuple[PlaneView, str | None, bool], tuple[float, ...]] = {}
        self._guns: dict[tuple[GunView, str | None], tuple[float, ...]] = {}
        self._squadrons: dict[tuple[SquadronView, int | None], tuple[float, ...]] = {}

    def ids(self, squadron: str) -> tuple[str, ...]:
        found = self.plane_ids.get(squadron)
        if found is None:
            n = self.specs.squadron(squadron).planes
            found = self.plane_ids[squadron] = tuple(f"{squadron}-{i}" for i in range(1, n + 1))
        return found

    def plane(self, p: PlaneView, my_side: str | None, mine: bool) -> tuple[float, ...]:
        key = (p, my_side, mine)
        got = self._planes.get(key)
        if got is None:
            if len(self._planes) >= MEMO:
                self._planes.clear()
            got = self._planes[key] = (
                1.0,
                p.cell[0] / (self.width - 1),
                p.cell[1] / (self.height - 1),
                *_ONE_HOT_FACING[p.facing],
                float(p.in_flight),
                float(p.kills >= 1),
                float(p.kills >= 2),
                float(p.may_land),
                float(p.side == my_side),
                float(mine),
            )
        return got

    def gun(self, g: GunView, my_side: str | None) -> tuple[float, ...]:
        key = (g, my_side)
        got = self._guns.get(key)
        if got is None:
            if len(self._guns) >= MEMO:
                self._guns.clear()
            got = self._guns[key] = (
                float(g.face == "gun"),
                float(g.face == "hit"),
                float(g.face == "miss"),
                float(g.revealed),
                float(g.side == my_side),
            )
        return got

    def squadron(self, sq: SquadronView, me: int | None) -> tuple[float, ...]:
        key = (sq, me)
        got = self._squadrons.get(key)
        if got is None:
            if len(self._squadrons) >= MEMO:
                self._squadrons.clear()
            hand, in_pack, total = sq.hand, self.in_pack, self.total
            got = self._squadrons[key] = (
                float(sq.seat == me),
                float(bool(sq.aloft)),
                float(hand is not None),
                *(
                    (hand.count(k) / in_pack[k] if hand is not None and in_pack[k] else 0.0)
                    for k in CARD_KINDS
                ),
                *(sq.played.count(k) / in_pack[k] if in_pack[k] else 0.0 for k in CARD_KINDS),
                sq.hand_size / 8,
                sq.pack_size / total,
                sq.discards_size / total,
            )
        return got

    def vector(self, view: ClassicView) -> list[float]:
        """``view`` as numbers (its length depends only on the set-up's squadrons and guns)."""
        me, my_side = view.player, view.side
        seat_of = {sq.name: sq.seat for sq in view.squadrons}
        out: list[float] = []
        sides = sorted(view.order)
        out += [float(my_side == s) for s in sides[:2]] + [0.0] * (2 - len(sides[:2]))
        planes = {p.id: p for p in view.planes}
        plane = self.plane
        for sq in view.squadrons:
            for pid in self.ids(sq.name):
                p = planes.get(pid)
                if p is None:
                    out += _EMPTY_PLANE
                else:
                    out += plane(p, my_side, seat_of.get(p.squadron) == me)
        gun = self.gun
        for g in view.guns:
            out += gun(g, my_side)
        squadron = self.squadron
        for sq in view.squadrons:
            out += squadron(sq, me)
        dice = [*view.dice, 0, 0][:2]
        out += (
            float(view.turn_side == my_side and my_side is not None),
            float(view.turn_player is not None and view.turn_player == me),
            dice[0] / 6,
            dice[1] / 6,
        )
        f = view.fight
        if f is None:
            out += _NO_FIGHT
        else:
            side_of = {p.id: p.side for p in view.planes}
            out += [
                1.0,
                *(float(f.position == k) for k in POSITIONS),
                f.burst / 5,
                min(f.exchanges, 3) / 3,
                float(side_of.get(f.shooter) == my_side),
                float(side_of.get(f.target) == my_side),
            ]
        out += (min(len(view.pending), 4) / 4, float(any(g for _, _, g in view.pending)))
        return out


_EMPTY_PLANE = (0.0,) * PLANE_SLOTS
_NO_FIGHT = (0.0,) * 9


def observation_vector(specs: Specs, view: ClassicView) -> list[float]:
    """``view`` as numbers (its length depends only on the set-up's squadrons and guns);
    a ruleset keeps one :class:`Encoder` instead (its memos)."""
    return Encoder(specs).vector(view)
