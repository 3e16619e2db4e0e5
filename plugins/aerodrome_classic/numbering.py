"""For learning agents (issue #17): a classic view as a fixed-length list of numbers (the
slots are listed in ``docs/rules/classic.md``, "Numbers for learning agents").

Classic numbers no actions (``Ruleset.action_count`` is None: learning environments number
the legal actions of each decision). A move carries its whole walk, since routes to the same
square differ in the AA squares and the No Man's Land they pass [classic.move.9-16], and
which walk of a route is offered depends on where the other planes stand; a fixed numbering
from the set-up alone must code the walk from its start square: plane × start square × walk
× facing, about 24.6 million numbers, far too many for a learning environment's action mask.
"""

from __future__ import annotations

from aerodrome_classic.specs import CARD_NAMES, Specs
from aerodrome_classic.view import ClassicView

CARD_KINDS = tuple(CARD_NAMES)
PLANE_SLOTS = 13
POSITIONS = ("side", "head-on", "tail", "ground")


def observation_vector(specs: Specs, view: ClassicView) -> list[float]:
    """``view`` as numbers (its length depends only on the set-up's squadrons and guns)."""
    width, height = specs.board.width, specs.board.height
    pack = specs.cards.pack.cards()
    in_pack = {k: pack.count(k) for k in CARD_KINDS}
    total = len(pack)
    me, my_side = view.player, view.side
    seat_of = {sq.name: sq.seat for sq in view.squadrons}
    out: list[float] = []
    sides = sorted(view.order)
    out += [float(my_side == s) for s in sides[:2]] + [0.0] * (2 - len(sides[:2]))
    planes = {p.id: p for p in view.planes}
    for sq in view.squadrons:
        for i in range(1, specs.squadron(sq.name).planes + 1):
            p = planes.get(f"{sq.name}-{i}")
            if p is None:
                out += [0.0] * PLANE_SLOTS
                continue
            facing = [0.0] * 4
            facing[p.facing] = 1.0
            out += [
                1.0,
                p.cell[0] / (width - 1),
                p.cell[1] / (height - 1),
                *facing,
                float(p.in_flight),
                float(p.kills >= 1),
                float(p.kills >= 2),
                float(p.may_land),
                float(p.side == my_side),
                float(seat_of.get(p.squadron) == me),
            ]
    for g in view.guns:
        out += [
            float(g.face == "gun"),
            float(g.face == "hit"),
            float(g.face == "miss"),
            float(g.revealed),
            float(g.side == my_side),
        ]
    for sq in view.squadrons:
        hand = sq.hand
        out += [float(sq.seat == me), float(bool(sq.aloft)), float(hand is not None)]
        out += [
            (hand.count(k) / in_pack[k] if hand is not None and in_pack[k] else 0.0)
            for k in CARD_KINDS
        ]
        out += [sq.played.count(k) / in_pack[k] if in_pack[k] else 0.0 for k in CARD_KINDS]
        out += [sq.hand_size / 8, sq.pack_size / total, sq.discards_size / total]
    dice = [*view.dice, 0, 0][:2]
    out += [
        float(view.turn_side == my_side and my_side is not None),
        float(view.turn_player is not None and view.turn_player == me),
        dice[0] / 6,
        dice[1] / 6,
    ]
    f = view.fight
    if f is None:
        out += [0.0] * 9
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
    out += [min(len(view.pending), 4) / 4, float(any(g for _, _, g in view.pending))]
    return out
