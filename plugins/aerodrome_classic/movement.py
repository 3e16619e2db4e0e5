"""Putting planes In Flight, moving them, AA fire and landing.

[classic.move.2-5] take-off and drawing cards; [classic.move.6-17] the move;
[classic.ground.1-2] AA guns firing at enemy planes passing or stopping on their square;
[classic.renew.1-6] landing.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from typing import overload

from aerodrome.api import Context, IllegalActionError
from aerodrome_classic.board import Board
from aerodrome_classic.cards import draw_target, draw_to
from aerodrome_classic.combat import shoot_down
from aerodrome_classic.specs import CardsSpec
from aerodrome_classic.state import (
    Cell,
    ClassicState,
    GunRevealed,
    Landed,
    Move,
    Moved,
    Plane,
    TookOff,
)
from aerodrome_classic.walks import Patch, WalkTable

#: The variant hook ``aerodrome_classic_cards_at_take_off`` as its caller (None: nobody
#: implements it).
CardsAtTakeOff = Callable[..., "int | None"] | None


def take_off(
    state: ClassicState,
    ctx: Context,
    board: Board,
    cards: CardsSpec,
    plane: str,
    hook: CardsAtTakeOff = None,
) -> None:
    """Put ``plane`` on its squadron's stand on the landing square it stands on and draw its
    cards [classic.move.3, classic.move.5, classic.aces.4]; ``hook`` is the caller of the
    variant hook ``aerodrome_classic_cards_at_take_off``, if a plugin implements it."""
    p = state.planes[plane]
    sq = state.squadrons[p.squadron]
    if sq.aloft:
        raise IllegalActionError(
            f"{p.squadron} already has {sq.aloft} in flight", clause="classic.move.4"
        )
    p.in_flight = True
    p.qualified = False
    p.facing = board.home_facing(sq.side)
    sq.aloft = plane
    ctx.emit(lambda: TookOff(plane=plane))
    total = draw_target(p.kills, cards)
    if hook is not None:
        changed = hook(kills=p.kills, standard=total)
        if changed is not None:
            total = int(changed)
    draw_to(state, ctx, p.squadron, total)


#: one plane's moves with one die: the plane, the walk table, its answer for the occupied
#: squares near (the patch and the move counts, :data:`aerodrome_classic.walks.Open`) and
#: those squares
Segment = tuple[str, WalkTable, Patch | None, tuple[int, ...], int]


class MoveList(Sequence[Move]):
    """The legal moves of a decision, built lazily: each open route choice of each plane and
    die gives one move per facing its end square allows ("toward any of the adjoining 4
    squares": never off the board [classic.move.15]). Random agents only index it (one walk
    is made); ``in`` checks a move without listing them all."""

    __slots__ = ("_all", "_facings", "_last", "_segments", "total")

    def __init__(
        self,
        segments: list[Segment],
        facings: dict[Cell, tuple[int, ...]],
        total: int,
    ) -> None:
        self._last: Move | None = None
        self._all: list[Move] | None = None  # every move, once iterated (searches iterate often)
        self._segments = segments
        self._facings = facings
        #: how many moves (``len``, without a call)
        self.total = total

    def __len__(self) -> int:
        return self.total

    def answer(self, state: object, player: int) -> MoveList:
        """The moves, to every player asked (what ``listed(moves)`` gives, without making a
        function at every move): an ``Ask``'s ``legal``. They follow from the board and the
        dice shown, which every player sees."""
        return self

    @overload
    def __getitem__(self, index: int) -> Move: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Move]: ...

    def __getitem__(self, index: int | slice) -> Move | Sequence[Move]:
        if isinstance(index, slice):
            return list(self)[index]
        if index < 0:
            index += self.total
        if not 0 <= index < self.total:
            raise IndexError(index)
        if self._all is not None:
            return self._all[index]
        k = index
        for plane, table, patch, counts, _near in self._segments:
            n = counts[-1]
            if k < n:
                # the route (a blocked choice adds no move, so it is never the one found);
                # then the facing among those its end square allows
                j = bisect_right(counts, k) - 1
                path = table.firsts[j] if patch is None else table.route(j, patch)
                move = self._last = Move(
                    plane=plane, path=path, facing=self._facings[path[-1]][k - counts[j]]
                )
                return move
            k -= n
        raise IndexError(index)

    def __iter__(self) -> Iterator[Move]:
        moves = self._all
        if moves is None:
            facings = self._facings
            moves = self._all = [
                Move(plane=plane, path=path, facing=facing)
                for plane, paths in self.segments()
                for path in paths
                if path  # an empty walk: a blocked choice (no move)
                for facing in facings[path[-1]]
            ]
        return iter(moves)

    def segments(self) -> list[tuple[str, Sequence[tuple[Cell, ...]]]]:
        """Every (plane, walks) choice, in the order of the moves; each walk is legal with the
        facings its end allows, and may be empty (a blocked choice: no move)."""
        return [
            (plane, table.routes(near, patch))
            for plane, table, patch, _counts, near in self._segments
        ]

    def __contains__(self, action: object) -> bool:
        if action is self._last and action is not None:
            return True  # the move just handed out by indexing
        if not isinstance(action, Move) or not action.path:
            return False
        if action.facing not in self._facings.get(action.path[-1], ()):
            return False
        return any(
            plane == action.plane and action.path in paths for plane, paths in self.segments()
        )


def legal_moves(state: ClassicState, board: Board, dice: Sequence[int], player: int) -> MoveList:
    """The moves the player may make with the ``dice`` left: any of his unmoved planes In
    Flight with either die [classic.move.9, classic.move.10], one per distinct (end square,
    enemy AA squares passed, No Man's Land crossed) and final facing on the board
    [classic.move.7, classic.move.11-16]."""
    lengths: Sequence[int] = dice
    if len(dice) == 2:
        a, b = dice
        if a > b:
            lengths = (b, a)
        elif a == b:
            lengths = (a,)
    segments: list[Segment] = []
    total = 0
    everyone = int.from_bytes(state.occupied, "little")  # the squares of every plane
    planes = state.planes
    squadrons = state.squadrons
    index = board.index
    side_index = board.side_index
    tables = board.tables
    sides = board.side_count
    for name in state.seat_squadrons[player]:
        sq = squadrons[name]
        pid = sq.aloft
        if not pid:
            continue
        p = planes[pid]
        if p.moved:
            continue
        ci = index[p.cell]
        si = side_index[sq.side]  # the squadron of the plane on its stand
        occ = everyone & ~(1 << ci)
        qualified = p.qualified
        base = ((ci * 2 + qualified) * sides + si) * 7  # Board.slot
        for length in lengths:
            table = tables[base + length]
            if table is None:
                table = board.table_at(ci, length, si, qualified)
            # table.open_paths(occ), its two commonest answers inline
            near = occ & table.reach
            found = table._cache.get(near) if near else table.open
            patch, counts = found if found is not None else table.open_paths(occ)
            if counts[-1]:
                segments.append((pid, table, patch, counts, near))
                total += counts[-1]
    return MoveList(segments, board.facings, total)


def unmoved(state: ClassicState, player: int) -> list[str]:
    """The player's planes In Flight that have not moved yet this turn."""
    found = []
    for name in state.seat_squadrons[player]:
        sq = state.squadrons[name]
        if sq.aloft and not state.planes[sq.aloft].moved:
            found.append(sq.aloft)
    return found


def place_plane(state: ClassicState, board: Board, plane: Plane, cell: Cell) -> None:
    """Put ``plane`` on ``cell`` (an empty square [classic.move.16], or its own), keeping the
    state's mask of occupied squares."""
    bitof = board.bitof
    held = int.from_bytes(state.occupied, "little")  # Board.unpack, inline
    state.occupied = board.pack(held & ~bitof[plane.cell] | bitof[cell])
    plane.cell = cell


def apply_move(state: ClassicState, ctx: Context, board: Board, move: Move) -> bool:
    """Fly ``move``: every enemy AA gun on a square passed or stopped on is turned over and a
    Hit shoots the plane down at once [classic.ground.2]; crossing No Man's Land allows a
    later landing [classic.renew.5]. Returns whether the plane landed [classic.renew.6]."""
    p = state.planes[move.plane]
    sq = state.squadrons[p.squadron]
    side = sq.side
    p.moved = True
    path = move.path
    if ctx.recording:
        ctx.emit(Moved(plane=move.plane, path=path, facing=move.facing))
    bitof = board.bitof
    entered = 0
    for cell in path[1:]:
        entered |= bitof[cell]
    aa = board.enemy_aa[side]
    if entered & aa:
        half = board.enemy_half[side]
        for cell in path[1:]:
            bit = bitof[cell]
            if bit & half:
                p.qualified = True
            if bit & aa:
                gun = next(g for g in state.guns if g.cell == cell)
                if not gun.revealed:
                    gun.revealed = True
                    ctx.emit(GunRevealed(cell=cell, squadron=gun.squadron, hit=gun.hit))
                if gun.hit:
                    place_plane(state, board, p, cell)
                    shoot_down(state, ctx, board, p.id, f"AA:{gun.squadron}", "AA gun")
                    return False
    elif entered & board.enemy_half[side]:
        p.qualified = True
    end = path[-1]  # place_plane, inline (once a decision)
    state.occupied = board.pack(
        int.from_bytes(state.occupied, "little") & ~bitof[p.cell] | bitof[end]
    )
    p.cell = end
    p.facing = move.facing
    if p.qualified and p.cell in board.landing[p.squadron]:
        # [classic.renew.1] [classic.renew.6] a qualified plane stopping on an empty landing
        # square of its own airfield lands there
        p.in_flight = False
        sq.aloft = ""
        ctx.emit(lambda: Landed(plane=p.id, cell=p.cell))
        return True
    return False
