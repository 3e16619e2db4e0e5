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

import struct
from collections.abc import Sequence

from aerodrome_classic.specs import CARD_NAMES, Specs
from aerodrome_classic.view import ClassicView, FightView, GunView, PlaneView, SquadronView

CARD_KINDS = tuple(CARD_NAMES)
PLANE_SLOTS = 13
POSITIONS = ("side", "head-on", "tail", "ground")


#: The numbers of a seat's last view are kept per seat (and per set-up: the squadrons' names
#: and seats) and reused block by block: the planes' block patched where a plane's record is
#: not equal to the last one at its place, the guns' and the squadrons' blocks reused while
#: their records are all equal (issue 40: an equality test of frozen records in C costs far
#: less than hashing them for a memo). At most ``MEMO`` seats × set-ups are kept.
MEMO = 1 << 6
_ONE_HOT_FACING = tuple(tuple(1.0 if f == g else 0.0 for g in range(4)) for f in range(4))


class _Seat:
    """The last numbers of one seat's views of one set-up (see :data:`MEMO`): for the planes,
    the guns and the squadrons, the records, their numbers and the numbers packed as native
    float32, in one tuple replaced whole (a reader sees one consistent block, threads or
    not; a block once made is never changed). ``slots`` gives a plane id where its numbers
    start in the planes' block, ``mine`` the squadrons of this seat (a plane flies for the
    seat of its squadron, which may not be the one it started in), ``head`` the seat's first
    two numbers and their packing."""

    __slots__ = ("guns", "head", "mine", "planes", "slots", "squadrons")

    def __init__(self, slots: dict[str, int], mine: set[str], head: list[float]) -> None:
        self.slots = slots
        self.mine = mine
        self.head = (head, _pack(head))
        self.planes: tuple[tuple[PlaneView, ...] | None, list[float], bytes] = (None, [], b"")
        self.guns: tuple[tuple[GunView, ...] | None, list[float], bytes] = (None, [], b"")
        self.squadrons: tuple[tuple[SquadronView, ...] | None, list[float], bytes] = (
            None,
            [],
            b"",
        )


class Encoder:
    """The numbers of one specs' views (constants worked out once, each seat's last numbers
    kept and patched: :data:`MEMO`)."""

    def __init__(self, specs: Specs) -> None:
        self.specs = specs
        self.width = specs.board.width
        self.height = specs.board.height
        pack = specs.cards.pack.cards()
        self.in_pack = {k: pack.count(k) for k in CARD_KINDS}
        self.total = len(pack)
        self.plane_ids: dict[str, tuple[str, ...]] = {}
        self._seats: dict[tuple[int | None, str | None, tuple[tuple[str, int], ...]], _Seat] = {}
        #: The seat record last used by each viewer and side (see :meth:`_seat`).
        self._last: dict[tuple[int | None, str | None], _Seat] = {}

    def ids(self, squadron: str) -> tuple[str, ...]:
        found = self.plane_ids.get(squadron)
        if found is None:
            n = self.specs.squadron(squadron).planes
            found = self.plane_ids[squadron] = tuple(f"{squadron}-{i}" for i in range(1, n + 1))
        return found

    def gun(self, g: GunView, my_side: str | None) -> tuple[float, ...]:
        return (
            float(g.face == "gun"),
            float(g.face == "hit"),
            float(g.face == "miss"),
            float(g.revealed),
            float(g.side == my_side),
        )

    def squadron(self, sq: SquadronView, me: int | None) -> tuple[float, ...]:
        hand, in_pack, total = sq.hand, self.in_pack, self.total
        return (
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

    def _seat(self, view: ClassicView) -> _Seat:
        """The record of ``view``'s seat: the one this viewer used last when the squadrons'
        records are the ones it last encoded (their names and seats among them: a squadron
        may change seats in a game), else found by the squadrons' names and seats."""
        me = view.player
        fast = (me, view.side)
        seat = self._last.get(fast)
        if seat is not None and seat.squadrons[0] == view.squadrons:
            return seat
        names = tuple([(sq.name, sq.seat) for sq in view.squadrons])
        key = (me, view.side, names)
        seat = self._seats.get(key)
        if seat is None:
            if len(self._seats) >= MEMO:
                self._seats.clear()
            slots = [pid for name, _ in names for pid in self.ids(name)]
            sides = sorted(view.order)[:2]
            head = [float(view.side == s) for s in sides] + [0.0] * (2 - len(sides))
            seat = self._seats[key] = _Seat(
                {pid: k * PLANE_SLOTS for k, pid in enumerate(slots)},
                {name for name, seat_no in names if seat_no == me},
                head,
            )
        if len(self._last) >= MEMO:
            self._last.clear()
        self._last[fast] = seat
        return seat

    def _planes(self, view: ClassicView, seat: _Seat) -> tuple[list[float], bytes]:
        """The planes' block of ``seat`` and its packing: the last one patched where a plane
        changed, or made afresh."""
        planes = view.planes
        last, block, packed = seat.planes
        if last is not None and len(last) == len(planes):
            changed = [(p, q) for p, q in zip(planes, last, strict=True) if p != q]
            if not changed:
                return block, packed
            if all(p.id == q.id for p, q in changed):
                # the same planes at the same places: only the changed ones are encoded
                out = block.copy()
                buffer = bytearray(packed)
                self._fill(out, buffer, [p for p, _ in changed], view.side, seat)
                packed = bytes(buffer)
                seat.planes = (planes, out, packed)
                return out, packed
        out = list(_EMPTY_PLANE) * len(seat.slots)
        buffer = bytearray(4 * len(out))
        self._fill(out, buffer, planes, view.side, seat)
        packed = bytes(buffer)
        seat.planes = (planes, out, packed)
        return out, packed

    def _fill(
        self,
        out: list[float],
        packed: bytearray,
        planes: Sequence[PlaneView],
        my_side: str | None,
        seat: _Seat,
    ) -> None:
        """The 13 numbers of each of ``planes`` written at its slots of ``out`` and of
        ``packed`` (docs/rules/classic.md lists them)."""
        slots, mine = seat.slots, seat.mine
        pack_into = _PLANE.pack_into
        x_scale, y_scale = self.width - 1, self.height - 1
        for p in planes:
            at = slots[p.id]
            cell, kills = p.cell, p.kills
            numbers = (
                1.0,
                cell[0] / x_scale,
                cell[1] / y_scale,
                *_ONE_HOT_FACING[p.facing],
                float(p.in_flight),
                float(kills >= 1),
                float(kills >= 2),
                float(p.may_land),
                float(p.side == my_side),
                float(p.squadron in mine),
            )
            out[at : at + PLANE_SLOTS] = numbers
            pack_into(packed, 4 * at, *numbers)

    def vector(self, view: ClassicView) -> Numbers:
        """``view`` as numbers (its length depends only on the set-up's squadrons and guns),
        with their float32 packing (:class:`Numbers`)."""
        me, my_side = view.player, view.side
        seat = self._seat(view)
        head, head_f32 = seat.head
        out = Numbers(head)
        planes_block, planes_f32 = self._planes(view, seat)
        out += planes_block
        guns = view.guns
        known, guns_block, guns_f32 = seat.guns
        if guns != known:
            gun = self.gun
            guns_block = []
            for g in guns:
                guns_block += gun(g, my_side)
            guns_f32 = _pack(guns_block)
            seat.guns = (guns, guns_block, guns_f32)
        out += guns_block
        squadrons = view.squadrons
        seen, sq_block, sq_f32 = seat.squadrons
        if squadrons != seen:
            squadron = self.squadron
            sq_block = []
            for sq in squadrons:
                sq_block += squadron(sq, me)
            sq_f32 = _pack(sq_block)
            seat.squadrons = (squadrons, sq_block, sq_f32)
        out += sq_block
        dice = view.dice
        n = len(dice)
        f = view.fight
        pending = view.pending
        tail = (
            float(view.turn_side == my_side and my_side is not None),
            float(view.turn_player is not None and view.turn_player == me),
            dice[0] / 6 if n else 0.0,
            dice[1] / 6 if n > 1 else 0.0,
            *(_NO_FIGHT if f is None else self._fight(f, view.planes, my_side)),
            min(len(pending), 4) / 4,
            float(any(g for _, _, g in pending)),
        )
        out += tail
        out.f32 = b"".join((head_f32, planes_f32, guns_f32, sq_f32, _TAIL.pack(*tail)))
        return out

    def _fight(
        self, f: FightView, planes: Sequence[PlaneView], my_side: str | None
    ) -> tuple[float, ...]:
        side_of = {p.id: p.side for p in planes}
        return (
            1.0,
            *(float(f.position == k) for k in POSITIONS),
            f.burst / 5,
            min(f.exchanges, 3) / 3,
            float(side_of.get(f.shooter) == my_side),
            float(side_of.get(f.target) == my_side),
        )


class Numbers(list[float]):
    """An observation vector's numbers with the same numbers packed as native float32
    (``f32``): a learning environment takes the packing as it is instead of packing the
    numbers again (:mod:`aerodrome.bridges.rl.translate`)."""

    __slots__ = ("f32",)

    f32: bytes


def _pack(numbers: list[float]) -> bytes:
    """``numbers`` as native float32."""
    return struct.pack(f"={len(numbers)}f", *numbers)


_EMPTY_PLANE = (0.0,) * PLANE_SLOTS
_PLANE = struct.Struct(f"={PLANE_SLOTS}f")
_NO_FIGHT = (0.0,) * 9
_TAIL = struct.Struct("=15f")


def observation_vector(specs: Specs, view: ClassicView) -> list[float]:
    """``view`` as numbers (its length depends only on the set-up's squadrons and guns);
    a ruleset keeps one :class:`Encoder` instead (its seats' last numbers)."""
    return Encoder(specs).vector(view)
