"""For learning agents (issue #17): a fixed numbering of every classic action of a set-up, and
a view as a fixed-length list of numbers.

Actions are numbered in blocks, in this order (P planes, S seats of the set-up):

=============  ======================================================================
PlaceGuns      every way each seat may place its Hit pieces, seat by seat
GivePlane      plane × seat it is given to (P × S)
TakeOff        plane (P)
Attack         attacker × target (P × P)
PlayCard       the card kinds B1..B5, RO, LP (7)
Decline        give a plane, defend, hold fire, ground attack, then take-off of each
               squadron
KeepCards      how many of each card kind are kept (mixed radix over the pack's counts)
Move           plane × start square × walk × facing
=============  ======================================================================

A move carries its whole walk (routes to the same square differ in the AA squares and the
No Man's Land they pass [classic.move.9-16]), so its number codes the walk exactly: the
start square, then the walk's length (1 to 6) and its steps, the first in any of 4
directions and each further one left, straight on or right (a walk never turns back: it
would pass between the same two squares twice [classic.move.12]): 4·3^(n-1) walks of
length n, 1,456 in all per start square. The move block is large (P × squares × 1,456 × 4);
most numbers are never legal (walks off the board or crossing themselves).

The observation vector is documented in ``docs/rules/classic.md`` (section "Numbers for
learning agents").
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from aerodrome.ruleset import Setup
from aerodrome_classic.specs import CARD_NAMES, Specs
from aerodrome_classic.state import (
    Attack,
    ClassicAction,
    Decline,
    GivePlane,
    KeepCards,
    Move,
    PlaceGuns,
    PlayCard,
    TakeOff,
)
from aerodrome_classic.view import ClassicView

Cell = tuple[int, int]
#: one step N, E, S, W (x right, y down)
STEPS: tuple[Cell, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
LONGEST = 6
#: the walks of length n are numbered from OFFSETS[n]; WALKS per start square
OFFSETS: tuple[int, ...] = tuple(
    itertools.accumulate((4 * pow(3, n - 1) for n in range(1, LONGEST + 1)), initial=0)
)
WALKS: int = OFFSETS[-1]
CARD_KINDS = tuple(CARD_NAMES)
FIXED_DECLINES = ("give a plane", "defend", "hold fire", "ground attack")


@dataclass(frozen=True)
class Numbering:
    """The action numbers of one set-up."""

    planes: tuple[str, ...]
    seats: int
    width: int
    height: int
    guns: tuple[PlaceGuns, ...]
    declines: tuple[str, ...]
    #: card kinds of a kept hand in the order of KeepCards (sorted) and their pack counts
    keep_kinds: tuple[str, ...]
    keep_radix: tuple[int, ...]

    @property
    def blocks(self) -> tuple[int, ...]:
        """Where each block starts, and the total last."""
        p = len(self.planes)
        keep = 1
        for r in self.keep_radix:
            keep *= r
        sizes = (
            len(self.guns),
            p * self.seats,
            p,
            p * p,
            len(CARD_KINDS),
            len(self.declines),
            keep,
            p * self.width * self.height * WALKS * 4,
        )
        return tuple(itertools.accumulate(sizes, initial=0))


def numbering(specs: Specs, setup: Setup, squadrons: Sequence[Sequence[str]]) -> Numbering:
    """The numbering of ``setup`` (whose seats fly ``squadrons``)."""
    names = [name for seat in squadrons for name in seat]
    planes = tuple(f"{name}-{i}" for name in names for i in range(1, specs.squadron(name).planes + 1))
    dots = {af.squadron: tuple(af.dots) for af in specs.board.airfield}
    hit = specs.cards.guns.hit
    guns: list[PlaceGuns] = []
    for seat in squadrons:
        per_squadron = [list(itertools.combinations(dots[sq], hit)) for sq in seat]
        guns.extend(
            PlaceGuns(hits=tuple(sorted(c for part in combo for c in part)))
            for combo in itertools.product(*per_squadron)
        )
    pack = specs.cards.pack.cards()
    kinds = tuple(sorted(set(pack)))
    return Numbering(
        planes=planes,
        seats=len(setup.seats),
        width=specs.board.width,
        height=specs.board.height,
        guns=tuple(guns),
        declines=FIXED_DECLINES + tuple(f"take-off {name}" for name in names),
        keep_kinds=kinds,
        keep_radix=tuple(pack.count(k) + 1 for k in kinds),
    )


def walk_number(path: tuple[Cell, ...]) -> int:
    """The number of a walk among those from its start (see the module docstring)."""
    n = len(path) - 1
    if not 1 <= n <= LONGEST:
        raise ValueError(f"a walk of {n} squares")
    number = 0
    previous = -1
    for a, b in itertools.pairwise(path):
        d = STEPS.index((b[0] - a[0], b[1] - a[1]))
        if previous < 0:
            number = d
        else:
            turn = (d - previous + 1) % 4  # 0 left, 1 straight on, 2 right; 3 turns back
            if turn == 3:
                raise ValueError("a walk that turns back")
            number = number * 3 + turn
        previous = d
    return OFFSETS[n - 1] + number


def walk_from(start: Cell, number: int, width: int, height: int) -> tuple[Cell, ...]:
    n = next(k for k in range(1, LONGEST + 1) if number < OFFSETS[k])
    rest = number - OFFSETS[n - 1]
    turns: list[int] = []
    for _ in range(n - 1):
        rest, turn = divmod(rest, 3)
        turns.append(turn)
    d = rest
    x, y = start
    path = [start]
    for i in range(n):
        if i:
            d = (d + turns[n - 1 - i] - 1) % 4
        x, y = x + STEPS[d][0], y + STEPS[d][1]
        if not (0 <= x < width and 0 <= y < height):
            raise ValueError("a walk off the board")
        path.append((x, y))
    return tuple(path)


def action_id(n: Numbering, action: ClassicAction) -> int:
    starts = n.blocks
    planes = n.planes
    if isinstance(action, Move):
        p = planes.index(action.plane)
        x, y = action.path[0]
        square = y * n.width + x
        return starts[7] + ((p * n.width * n.height + square) * WALKS + walk_number(action.path)) * 4 + action.facing
    if isinstance(action, PlaceGuns):
        return starts[0] + n.guns.index(action)
    if isinstance(action, GivePlane):
        return starts[1] + planes.index(action.plane) * n.seats + action.to
    if isinstance(action, TakeOff):
        return starts[2] + planes.index(action.plane)
    if isinstance(action, Attack):
        return starts[3] + planes.index(action.attacker) * len(planes) + planes.index(action.target)
    if isinstance(action, PlayCard):
        return starts[4] + CARD_KINDS.index(action.card)
    if isinstance(action, Decline):
        return starts[5] + n.declines.index(action.what)
    number = 0
    for kind, radix in zip(n.keep_kinds, n.keep_radix, strict=True):
        count = action.cards.count(kind)
        if count >= radix:
            raise ValueError(f"{count} {kind} cards kept, more than the pack holds")
        number = number * radix + count
    return starts[6] + number


def action_from_id(n: Numbering, index: int) -> ClassicAction:
    starts = n.blocks
    if not 0 <= index < starts[-1]:
        raise ValueError(f"action number {index} is not below {starts[-1]}")
    block = next(b for b in range(8) if index < starts[b + 1])
    i = index - starts[block]
    planes = n.planes
    if block == 0:
        return n.guns[i]
    if block == 1:
        return GivePlane(plane=planes[i // n.seats], to=i % n.seats)
    if block == 2:
        return TakeOff(plane=planes[i])
    if block == 3:
        return Attack(attacker=planes[i // len(planes)], target=planes[i % len(planes)])
    if block == 4:
        return PlayCard(card=CARD_KINDS[i])
    if block == 5:
        return Decline(what=n.declines[i])
    if block == 6:
        counts: list[int] = []
        for radix in reversed(n.keep_radix):
            i, count = divmod(i, radix)
            counts.append(count)
        counts.reverse()
        return KeepCards(cards=tuple(k for k, c in zip(n.keep_kinds, counts, strict=True) for _ in range(c)))
    i, facing = divmod(i, 4)
    i, walk = divmod(i, WALKS)
    p, square = divmod(i, n.width * n.height)
    start = (square % n.width, square // n.width)
    return Move(plane=planes[p], path=walk_from(start, walk, n.width, n.height), facing=facing)


# -- the observation as numbers ----------------------------------------------------------------

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
                1.0, p.cell[0] / (width - 1), p.cell[1] / (height - 1), *facing, float(p.in_flight),
                float(p.kills >= 1), float(p.kills >= 2), float(p.may_land), float(p.side == my_side),
                float(seat_of.get(p.squadron) == me),
            ]
    for g in view.guns:
        out += [
            float(g.face == "gun"), float(g.face == "hit"), float(g.face == "miss"), float(g.revealed),
            float(g.side == my_side),
        ]
    for sq in view.squadrons:
        hand = sq.hand
        out += [float(sq.seat == me), float(bool(sq.aloft)), float(hand is not None)]
        out += [(hand.count(k) / in_pack[k] if hand is not None and in_pack[k] else 0.0) for k in CARD_KINDS]
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
        out += [1.0, *(float(f.position == k) for k in POSITIONS), f.burst / 5, min(f.exchanges, 3) / 3,
                float(side_of.get(f.shooter) == my_side), float(side_of.get(f.target) == my_side)]
    out += [min(len(view.pending), 4) / 4, float(any(g for _, _, g in view.pending))]
    return out
