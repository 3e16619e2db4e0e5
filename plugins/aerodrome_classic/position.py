"""Position files: set up any situation of the classic game by hand.

A ``[position]`` table (see ``docs/rules/classic.md``)::

    turn = "American"             # the side that moves next
    [[position.planes]]           # planes not listed have been shot down
    id = "GREEN-1"                # SQUADRON-n
    squadron = "GREEN"            # optional: the squadron it flies for (default from id)
    cell = [5, 9]
    facing = "N"                  # N, E, S or W
    in_flight = true
    kills = 0                     # victories (1 ace, 2 double ace)
    may_land = false              # has been in a dogfight / crossed No Man's Land
    [position.hands]              # In Flight cards per squadron
    GREEN = ["B4", "LP"]
    [position.packs]              # optional draw pile, top card last (default: the rest);
                                  # the cards in neither hand nor pack are the discards
    [position.played]             # discards seen played face up since the last reshuffle
    [position.guns]
    hits = [[3, 0], [0, 1]]       # dot squares holding Hit pieces (default: none)
    revealed = [[3, 0]]           # pieces already turned over
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

import msgspec

from aerodrome.api import Record, Setup, SpecError
from aerodrome.engine.specs import convert
from aerodrome_classic.options import ClassicOptions
from aerodrome_classic.state import ClassicState, Plane

if TYPE_CHECKING:
    from aerodrome_classic.board import Board
    from aerodrome_classic.specs import Specs

FACINGS = {"N": 0, "E": 1, "S": 2, "W": 3}


class PlaneEntry(Record, frozen=True):
    id: str
    cell: tuple[int, int]
    facing: str = "N"
    in_flight: bool = False
    kills: int = 0
    may_land: bool = False
    squadron: str = ""


class GunsEntry(Record, frozen=True):
    hits: tuple[tuple[int, int], ...] = ()
    revealed: tuple[tuple[int, int], ...] = ()


class PositionSpec(Record, frozen=True):
    turn: str
    planes: tuple[PlaneEntry, ...]
    hands: dict[str, list[str]] = {}
    packs: dict[str, list[str]] = {}
    played: dict[str, list[str]] = {}
    guns: GunsEntry = GunsEntry()


class Builder(Protocol):
    """What building a position needs of the ruleset (:class:`~aerodrome_classic.ruleset.
    Classic` is one; this module sits below it)."""

    specs: Specs

    @property
    def board(self) -> Board: ...

    def _empty_state(self, setup: Setup[ClassicOptions]) -> ClassicState: ...

    def sides_alive(self, state: ClassicState) -> dict[str, int]: ...


def build_position(
    ruleset: Builder, setup: Setup[ClassicOptions], position: Mapping[str, Any], source: str
) -> ClassicState:
    spec = convert(position, PositionSpec, f"{source}: $.position")
    state = ruleset._empty_state(setup)
    board = ruleset.board
    where = f"{source}: $.position"
    if spec.turn not in state.order:
        raise SpecError(f"{where}.turn: {spec.turn!r} is not a side of setup {setup.name!r}")
    state.order = [spec.turn] + [s for s in state.order if s != spec.turn]
    state.guns_placed = [True] * len(state.guns_placed)
    planes: dict[str, Plane] = {}
    seen: set[tuple[int, int]] = set()
    for i, e in enumerate(spec.planes):
        at = f"{where}.planes[{i}]"
        squadron = e.squadron or e.id.split("-")[0]
        if squadron not in state.squadrons:
            raise SpecError(f"{at}.squadron: {squadron!r} is not a squadron of this setup")
        if e.facing not in FACINGS:
            raise SpecError(f"{at}.facing: expected one of N, E, S, W, got {e.facing!r}")
        if not board.grid.in_bounds(e.cell):
            raise SpecError(f"{at}.cell: {list(e.cell)} is off the board")
        if e.in_flight and FACINGS[e.facing] not in board.facings[e.cell]:
            raise SpecError(
                f"{at}.facing: {e.facing} points off the board; a plane faces one of the "
                "adjoining squares [classic.move.15]"
            )
        if e.cell in seen:
            raise SpecError(f"{at}.cell: two planes on {list(e.cell)} [classic.move.16]")
        if not e.in_flight and e.cell not in board.landing_squadron:
            raise SpecError(f"{at}: a grounded plane must stand on a landing square")
        if e.id in planes:
            raise SpecError(f"{at}.id: {e.id!r} appears twice")
        seen.add(e.cell)
        planes[e.id] = Plane(
            id=e.id,
            squadron=squadron,
            cell=e.cell,
            facing=FACINGS[e.facing],
            in_flight=e.in_flight,
            kills=e.kills,
            qualified=e.may_land,
        )
        if e.in_flight:
            sq = state.squadrons[squadron]
            if sq.aloft:
                raise SpecError(
                    f"{at}: {squadron} already has {sq.aloft} in flight [classic.move.4]"
                )
            sq.aloft = e.id
    for pid, p in state.planes.items():
        if pid not in planes:
            side = state.squadrons[p.squadron].side
            state.losses[side] += 1
            state.kills[board.enemy_side(side)] += 1
            planes[pid] = msgspec.structs.replace(p, alive=False)
    # keep the canonical order of plane ids
    state.planes = {pid: planes[pid] for pid in sorted(planes)}
    state.occupied = board.pack(board.mask(p.cell for p in state.planes.values() if p.alive))
    state.beaten = [s for s, n in ruleset.sides_alive(state).items() if n == 0]
    full = ruleset.specs.cards.pack.cards()
    for name, sq in state.squadrons.items():
        hand = list(spec.hands.get(name, []))
        rest = list(full)
        for c in hand:
            if c not in rest:
                raise SpecError(f"{where}.hands.{name}: card {c!r} is not (or no more) in the pack")
            rest.remove(c)
        if name in spec.packs:
            pack = list(spec.packs[name])
            for c in pack:
                if c not in rest:
                    raise SpecError(
                        f"{where}.packs.{name}: card {c!r} is not (or no more) in the pack"
                    )
                rest.remove(c)
            sq.discards = rest
        else:
            pack = rest
        sq.hand = sorted(hand)
        sq.pack = pack
        for c in spec.played.get(name, []):
            if sq.played.count(c) >= sq.discards.count(c):
                raise SpecError(f"{where}.played.{name}: card {c!r} is not in the discards")
            sq.played.append(c)
    dots = {g.cell for g in state.guns}
    for key, cells in (("hits", spec.guns.hits), ("revealed", spec.guns.revealed)):
        for cell in cells:
            if cell not in dots:
                raise SpecError(f"{where}.guns.{key}: {list(cell)} is not an AA dot square")
    for g in state.guns:
        g.hit = g.cell in spec.guns.hits
        g.revealed = g.cell in spec.guns.revealed
    return state
