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
from collections.abc import Callable, Sequence
from itertools import accumulate

Cell = tuple[int, int]
#: one walk per route choice (tuples, not lists: the tables hold many and tuples of
#: immutable items are not tracked by the garbage collector)
Route = tuple[tuple[Cell, ...], ...]
#: the route choices of a table when some planes stand near: ``patch`` gives, per choice,
#: where its walk starts in its codes: 0 the first walk, more when planes block the first one
#: (its first open walk), -1 when they block every walk (no move); None when no first walk
#: is blocked; then, after each choice, how many moves the choices up to it give (one per
#: facing allowed at its end square: ``counts[0] == 0``, ``counts[-1]`` all). Only tuples of
#: ints, which the garbage collector stops tracking: the tables' caches, which grow over a
#: process's games, add nothing to its full collections (a tuple holding a dict, even of
#: ints, stays tracked).
Patch = tuple[int, ...]
Open = tuple[Patch | None, tuple[int, ...]]
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
#: what a set of occupied squares blocks in a table (:meth:`WalkTable._answer`): the patch
#: of :data:`Open` (None: no first walk blocked) and the choices left with no open walk
Answer = tuple[Patch | None, tuple[int, ...]]
#: per tuple of codes, the answers for the translation tables met so far (at most 256 each,
#: like a table's own cache): a pure function of the codes, which many tables share (walks
#: are coded relative to their start: 8,448 tables of the standard board have 1,255 distinct
#: codes), so a set of squares met by one table is known to every table with the same codes
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
        "_routes",
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
        #: every choice open (no plane near): no patch, the first walks' move counts
        self.open: Open = (None, _counts(self.facings))
        reach = 0
        for n in bit_at.values():
            reach |= 1 << n
        self.reach = reach
        self._cache: dict[int, Open] = {}
        #: one walk per choice, by the occupied squares near, once something listed them all
        self._routes: dict[int, Route] = {}
        #: what sets of marked squares block, shared by the tables with these codes
        self._answers = _ANSWERS.setdefault(codes, {})

    def walk(self, choice: int, k: int) -> tuple[Cell, ...]:
        """The ``k``-th walk (in enumeration order) of route choice ``choice``."""
        if k == 0:
            return self.firsts[choice]
        size = self.length
        code = self.codes[choice][k * size : (k + 1) * size]
        return (self.start, *map(self._window.__getitem__, code))  # type: ignore[arg-type]

    def route(self, choice: int, patch: Patch | None) -> tuple[Cell, ...]:
        """The walk standing for route ``choice`` under ``patch`` (see :data:`Open`): its
        first walk, else its first open one, made from its codes; ``()`` when every walk is
        blocked. A random move asks for one walk: the other choices' walks are not touched."""
        at = 0 if patch is None else patch[choice]
        if not at:
            return self.firsts[choice]
        if at < 0:
            return ()
        size = self.length
        return (self.start, *map(self._window.__getitem__, self.codes[choice][at : at + size]))  # type: ignore[arg-type]

    def routes(self, near: int, patch: Patch | None) -> Route:
        """Every choice's walk (:meth:`route`) under ``patch``, the answer for the occupied
        squares ``near``: made once for a table and ``near`` (searches list every move of a
        decision)."""
        if patch is None:
            return self.firsts
        out = self._routes.get(near)
        if out is None:
            if len(self._routes) > 256:
                self._routes.clear()
            reps = list(self.firsts)
            for choice, at in enumerate(patch):
                if at:
                    reps[choice] = self.route(choice, patch)
            out = self._routes[near] = tuple(reps)
        return out

    def walks(self, choice: int) -> list[tuple[Cell, ...]]:
        """Every walk of route choice ``choice``, in enumeration order."""
        return [self.walk(choice, k) for k in range(len(self.codes[choice]) // self.length)]

    def open_paths(self, occupied: int) -> Open:
        """Where the first walk that avoids the ``occupied`` squares (in enumeration order)
        is, for the choices whose first walk does not, with the move counts of the choices
        (see :data:`Open`; :meth:`route` and :meth:`routes` make the walks); ``occupied``
        must not hold the start square."""
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
            one = -1
        else:  # one square (most misses): its table made once
            n = near.bit_length() - 1
            one = (n // w - y0) * WINDOW + n % w - x0
            flags = _ONE[one]
        # what the marked squares block is the same for every table with these codes (the
        # walks are coded relative to their start): shared, and worked out once
        answers = self._answers
        answer = answers.get(flags)
        if answer is None:
            if len(answers) > 256:
                answers.clear()
            answer = answers[flags] = self._answer(flags) if one < 0 else self._answer_one(one)
        patch, blocked = answer
        if patch is None:
            out = self.open
        elif blocked:
            facings = list(self.facings)
            for choice in blocked:
                facings[choice] = 0
            out = (patch, _counts(facings))
        else:
            out = (patch, self.open[1])
        self._cache[near] = out
        return out

    def _answer_one(self, square: int) -> Answer:
        """:meth:`_answer` for one occupied square (the byte ``square``), reading only the walks
        it needs: a choice whose walks end there has none open (a choice's walks share their
        end square); else the walks after the first are searched for the byte in C, walk by
        walk from one that holds it to the next that does not (a few walks, where the
        translation of all a choice's codes reads them all)."""
        size = self.length
        codes = self.codes
        heads = self.heads
        patch: list[int] | None = None
        blocked: list[int] = []
        at = heads.find(square)
        while at >= 0:
            choice = at // size
            if patch is None:
                patch = [0] * len(codes)
            after = (choice + 1) * size
            if heads[after - 1] == square:
                patch[choice] = -1  # the end square: every walk of the choice is blocked
                blocked.append(choice)
            else:
                code = codes[choice]
                end = len(code)
                k = size  # where the second walk starts
                while k < end:
                    hit = code.find(square, k)
                    if hit < 0 or hit >= k + size:
                        break  # walk k does not enter the square
                    k = (hit // size + 1) * size
                if k < end:
                    patch[choice] = k  # the first open walk (never the first walk)
                else:
                    patch[choice] = -1
                    blocked.append(choice)
            at = heads.find(square, after)
        return None if patch is None else tuple(patch), tuple(blocked)

    def _answer(self, flags: bytes) -> Answer:
        """What the squares marked 1 by the translation table ``flags`` block: the choices
        whose first walk enters one (found in C from the first walks' codes), each with the
        place of its first open walk in its codes or -1 (every walk blocked: no move), and the
        choices left with no open walk."""
        size = self.length
        codes = self.codes
        match = CLEAR_WALK[size]
        marked = self.heads.translate(flags)
        patch: list[int] | None = None
        blocked: list[int] = []
        at = marked.find(1)
        while at >= 0:
            choice = at // size
            if patch is None:
                patch = [0] * len(codes)
            found = match(codes[choice].translate(flags))
            if found is not None:
                patch[choice] = found.start(1)  # the first open walk (never the first walk)
            else:
                patch[choice] = -1  # no open walk: the choice stays, empty, with no move
                blocked.append(choice)
            at = marked.find(1, (choice + 1) * size)
        return None if patch is None else tuple(patch), tuple(blocked)


def _counts(facings: Sequence[int]) -> tuple[int, ...]:
    """Running totals of the moves of route choices allowing ``facings`` facings each."""
    return tuple(accumulate(facings, initial=0))
