"""Walk tables: the route choices of a plane's move, enumerated once on the empty board.

A move is an orthogonal walk of exactly the die's number of squares [classic.move.7,
classic.move.11] that never goes between the same two squares twice [classic.move.12], may
end on its start square [classic.move.13] and never enters a square holding a plane
[classic.move.16]. The walks from a square are enumerated once per length on the empty
board (:meth:`aerodrome_classic.board.Board.build_walks`) and filtered here by a bit mask of
the occupied squares.

A walk is coded as bytes: one byte per square it enters, the square's place in the window of
``WINDOW`` × ``WINDOW`` squares around the start (a walk of up to ``REACH`` squares never
leaves it). A table holds, per route choice, the codes of all its walks in enumeration order
as one bytes string; everything else (the first walk of each choice, the squares any walk
reaches, which choices a square blocks) is derived from the codes, so the codes alone are
what the on-disk cache (:mod:`aerodrome_classic.walkcache`) stores.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from itertools import accumulate
from typing import overload

Cell = tuple[int, int]
#: one walk per route choice (tuples, not lists: the tables hold many and tuples of
#: immutable items are not tracked by the garbage collector)
Route = tuple[tuple[Cell, ...], ...]
#: the route choices of a table and, after each, how many moves the choices up to it give
#: (one per facing allowed at its end square: ``counts[0] == 0``, ``counts[-1]`` all); a
#: choice every walk of which is blocked is an empty walk ``()`` giving no move
Open = tuple[Sequence[tuple[Cell, ...]], tuple[int, ...]]
#: the longest walk (the highest die) and the side of the square window around its start
REACH = 6
WINDOW = 2 * REACH + 1
#: per walk length, a matcher of walks coded as bytes with their blocked squares marked 1
#: and the others 0: group 1 is the first walk with no blocked square (all in C)
CLEAR_WALK: list[Callable[[bytes], re.Match[bytes] | None]] = [
    re.compile(rb"(?:.{%d})*?(\x00{%d})" % (n, n), re.DOTALL).match if n else re.compile(b"").match
    for n in range(REACH + 1)
]
#: per byte, the translation table marking that byte alone 1 (one occupied square)
_ONE: list[bytes] = [bytes(b) + b"\x01" + bytes(255 - b) for b in range(256)]
#: what a set of occupied squares blocks in a table (:meth:`WalkTable._answer`): the blocked
#: first walks' choices with the place of their first open walk (-1: none), and the choices
#: with none
Answer = tuple[dict[int, int], tuple[int, ...]]
#: per tuple of codes, the answers for the translation tables met so far: a pure function of
#: the codes, which many tables share (walks are coded relative to their start: 8,448 tables
#: of the standard board have 1,255 distinct codes), so a set of squares met by one table is
#: known to every table with the same codes
_ANSWERS: dict[tuple[bytes, ...], dict[bytes, Answer]] = {}


def window_of(start: Cell, width: int, height: int) -> list[Cell | None]:
    """The squares of the window around ``start`` by their place (None off the board)."""
    sx, sy = start
    return [
        (sx + dx, sy + dy) if 0 <= sx + dx < width and 0 <= sy + dy < height else None
        for dy in range(-REACH, REACH + 1)
        for dx in range(-REACH, REACH + 1)
    ]


def place_in_window(start: Cell, cell: Cell) -> int:
    """The byte coding ``cell`` in a walk from ``start``."""
    return (cell[1] - start[1] + REACH) * WINDOW + cell[0] - start[0] + REACH


class WalkTable:
    """The route choices of one (start, length, side, may-land) on the empty board.

    ``codes`` holds, per choice, the squares its walks enter, in enumeration order, as one
    bytes string (``length`` bytes per walk; a walk is rebuilt from its bytes only when it
    is needed); ``firsts`` the first walk of each choice; ``reach`` the mask of every square
    any walk enters (when no plane stands there, every choice is open and ``firsts`` are the
    representatives); ``heads`` the codes of the first walks, one after the other.
    """

    __slots__ = (
        "_answers",
        "_cache",
        "_window",
        "codes",
        "facings",
        "firsts",
        "heads",
        "length",
        "open",
        "reach",
        "start",
        "width",
    )

    def __init__(
        self,
        codes: tuple[bytes, ...],
        start: Cell,
        length: int,
        window: list[Cell | None],
        width: int,
        facings: Sequence[int],
    ) -> None:
        self.codes = codes
        self.start = start
        self.length = length
        self.width = width
        self._window = window  # the squares of the window around the start
        # the squares the codes name (a code from the disk cache is checked here too)
        bit_at: dict[int, int] = {}
        for b in set(b"".join(codes)):
            c = window[b] if b < len(window) else None
            if c is None:
                raise ValueError(f"walk from {start} codes square {b}, off the board")
            bit_at[b] = c[1] * width + c[0]
        for code in codes:
            if not code or len(code) % length:
                raise ValueError(
                    f"walks from {start} of length {length}: a code of {len(code)} bytes"
                )
        #: the codes of the first walks, one after the other (searched in C for blocked ones)
        self.heads = b"".join([code[:length] for code in codes])
        cells = list(map(window.__getitem__, self.heads))
        self.firsts: Route = tuple(
            [(start, *cells[i : i + length]) for i in range(0, len(cells), length)]  # type: ignore[arg-type]
        )
        #: per choice, how many facings its end square allows [classic.move.15]
        self.facings = tuple([facings[f[-1][1] * width + f[-1][0]] for f in self.firsts])
        #: every choice open (no plane near): the first walks, with their move counts
        self.open: Open = (self.firsts, _counts(self.facings))
        reach = 0
        for n in bit_at.values():
            reach |= 1 << n
        self.reach = reach
        self._cache: dict[int, Open] = {}
        #: what sets of marked squares block, shared by the tables with these codes
        self._answers = _ANSWERS.setdefault(codes, {})

    def walk(self, choice: int, k: int) -> tuple[Cell, ...]:
        """The ``k``-th walk (in enumeration order) of route choice ``choice``."""
        if k == 0:
            return self.firsts[choice]
        size = self.length
        code = self.codes[choice][k * size : (k + 1) * size]
        return (self.start, *map(self._window.__getitem__, code))  # type: ignore[arg-type]

    def walks(self, choice: int) -> list[tuple[Cell, ...]]:
        """Every walk of route choice ``choice``, in enumeration order."""
        return [self.walk(choice, k) for k in range(len(self.codes[choice]) // self.length)]

    def open_paths(self, occupied: int) -> Open:
        """One representative walk per choice that avoids the ``occupied`` squares (the
        first such walk in enumeration order), with the move counts of the choices (see
        :data:`Open`); ``occupied`` must not hold the start square."""
        near = occupied & self.reach
        if not near:
            return self.open
        out = self._cache.get(near)
        if out is not None:
            return out
        if len(self._cache) > 256:
            self._cache.clear()
        # the occupied squares' bytes marked 1, every other byte 0 (a translation table)
        w = self.width
        x0 = self.start[0] - REACH
        y0 = self.start[1] - REACH
        if near & (near - 1):
            marks = bytearray(256)
            bits = near
            while bits:
                low = bits & -bits
                n = low.bit_length() - 1
                marks[(n // w - y0) * WINDOW + n % w - x0] = 1
                bits ^= low
            flags = bytes(marks)
        else:  # one square (most misses): its table made once
            n = near.bit_length() - 1
            flags = _ONE[(n // w - y0) * WINDOW + n % w - x0]
        # what the marked squares block is the same for every table with these codes (the
        # walks are coded relative to their start): shared, and worked out once
        answers = self._answers
        answer = answers.get(flags)
        if answer is None:
            if len(answers) > 1024:
                answers.clear()
            answer = answers[flags] = self._answer(flags)
        patch, blocked = answer
        if not patch:
            out = self.open
        else:
            if blocked:
                facings = list(self.facings)
                for choice in blocked:
                    facings[choice] = 0
                counts = _counts(facings)
            else:
                counts = self.open[1]
            # the walks themselves are made when asked (a random move asks for one): the
            # first walks of the other choices are not touched
            out = (Patched(self, patch), counts)
        self._cache[near] = out
        return out

    def _answer(self, flags: bytes) -> Answer:
        """What the squares marked 1 by the translation table ``flags`` block: the choices
        whose first walk enters one (found in C from the first walks' codes), each with the
        place of its first open walk in its codes or -1 (every walk blocked: no move), and the
        choices left with no open walk."""
        size = self.length
        codes = self.codes
        match = CLEAR_WALK[size]
        marked = self.heads.translate(flags)
        patch: dict[int, int] = {}
        blocked: list[int] = []
        at = marked.find(1)
        while at >= 0:
            choice = at // size
            found = match(codes[choice].translate(flags))
            if found is not None:
                patch[choice] = found.start(1)  # the first open walk (never the first walk)
            else:
                patch[choice] = -1  # no open walk: the choice stays, empty, with no move
                blocked.append(choice)
            at = marked.find(1, (choice + 1) * size)
        return patch, tuple(blocked)


class Patched(Sequence[tuple[Cell, ...]]):
    """A table's route choices when planes block some first walks: ``patch`` maps each
    such choice to the place of its first open walk in its codes, or -1 (every walk blocked:
    the empty walk, no move); the other choices keep their first walks. A walk of a patched
    choice is made when it is asked for (a cache miss then costs a few walks' codes, not
    every choice's walk)."""

    __slots__ = ("_all", "_patch", "_table")

    def __init__(self, table: WalkTable, patch: dict[int, int]) -> None:
        self._table = table
        self._patch = patch
        self._all: tuple[tuple[Cell, ...], ...] | None = None

    def __len__(self) -> int:
        return len(self._table.firsts)

    def _walk(self, choice: int, at: int) -> tuple[Cell, ...]:
        if at < 0:
            return ()
        t = self._table
        return (t.start, *map(t._window.__getitem__, t.codes[choice][at : at + t.length]))  # type: ignore[arg-type]

    @overload
    def __getitem__(self, index: int) -> tuple[Cell, ...]: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[Cell, ...]]: ...

    def __getitem__(self, index: int | slice) -> tuple[Cell, ...] | Sequence[tuple[Cell, ...]]:
        if self._all is not None or isinstance(index, slice) or index < 0:
            return self.walks()[index]
        at = self._patch.get(index)
        if at is None:
            return self._table.firsts[index]
        return self._walk(index, at)

    def walks(self) -> tuple[tuple[Cell, ...], ...]:
        """One walk per choice, as the table's ``open_paths`` gave them before: made once."""
        out = self._all
        if out is None:
            reps = list(self._table.firsts)
            for choice, at in self._patch.items():
                reps[choice] = self._walk(choice, at)
            out = self._all = tuple(reps)
        return out

    def __iter__(self) -> Iterator[tuple[Cell, ...]]:
        return iter(self.walks())

    def __contains__(self, walk: object) -> bool:
        return walk in self.walks()


def _counts(facings: Sequence[int]) -> tuple[int, ...]:
    """Running totals of the moves of route choices allowing ``facings`` facings each."""
    return tuple(accumulate(facings, initial=0))
