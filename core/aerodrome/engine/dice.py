"""Seeded dice: one generator per game, every roll recorded as an event with its purpose.

The global :mod:`random` is never used: a game is fully determined by its seed and its actions.
Exact distributions for "what are my odds?" live in :mod:`aerodrome.engine.odds` (icepool).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Collection, MutableSequence, Sequence
from typing import Any, TypeVar

from aerodrome.engine.events import DiceRolled, Event

T = TypeVar("T")

SUCCESS_1_OR_6: frozenset[int] = frozenset({1, 6})

#: What a roll is for: a sentence, or a function making it (called only when somebody keeps
#: or observes events, so a rule never builds a sentence nobody reads).
Purpose = str | Callable[[], str]


def derive_seed(seed: int, *salt: object) -> int:
    """A 63-bit seed derived from ``seed`` and ``salt`` (e.g. a game index).

    Independent of worker count, backend and Python's hash randomisation.
    """
    text = ":".join([str(seed), *map(str, salt)]).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


class Dice:
    """The dice of one game. ``emit`` receives a :class:`DiceRolled` for every roll."""

    __slots__ = ("_emit", "_random", "_rng", "seed")

    def __init__(self, seed: int, emit: Callable[[Event], None] | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self._random = self._rng.random
        self._emit = emit

    def _die(self, sides: int) -> int:
        """One face of a die with ``sides`` faces."""
        return int(self._random() * sides) + 1

    def _faces(self, count: int, sides: int) -> list[int]:
        """``count`` faces, the same as ``count`` calls of :meth:`_die` (rolled in one go)."""
        r = self._random
        if count == 2:  # a pair (no comprehension's frame): the same draws in the same order
            return [int(r() * sides) + 1, int(r() * sides) + 1]
        return [int(r() * sides) + 1 for _ in range(count)]

    # -- state, for clone() ------------------------------------------------------------
    def getstate(self) -> Any:
        return self._rng.getstate()

    def setstate(self, state: Any) -> None:
        self._rng.setstate(state)

    def copy(self, emit: Callable[[Event], None] | None = None) -> Dice:
        """Dice that go on where these are (the same future rolls), emitting to ``emit``:
        what a cloned game rolls with. Dice of another kind (a search's keyed dice)
        copy themselves as that kind."""
        new = Dice(self.seed, emit)
        new.setstate(self.getstate())
        return new

    def bind(self, emit: Callable[[Event], None] | None) -> None:
        self._emit = emit

    def _record(
        self,
        purpose: Purpose,
        sides: int,
        faces: tuple[int, ...],
        kept: tuple[int, ...] | None = None,
        seen_by: tuple[int, ...] | None = None,
    ) -> None:
        if self._emit is not None:
            text = purpose if isinstance(purpose, str) else purpose()
            self._emit(
                DiceRolled(purpose=text, sides=sides, faces=faces, kept=kept, seen_by=seen_by)
            )

    # -- rolls ---------------------------------------------------------------------------
    def d(self, sides: int, purpose: Purpose, *, seen_by: tuple[int, ...] | None = None) -> int:
        """Roll one die with ``sides`` faces."""
        face = self._die(sides)
        self._record(purpose, sides, (face,), seen_by=seen_by)
        return face

    def roll(self, count: int, sides: int, purpose: Purpose) -> tuple[int, ...]:
        """Roll ``count`` dice of ``sides`` faces, recorded as one event."""
        faces = tuple(self._faces(count, sides))
        if self._emit is not None:  # nobody keeps events: no call (a roll or two a decision)
            self._record(purpose, sides, faces)
        return faces

    def keep_highest(self, count: int, sides: int, keep: int, purpose: Purpose) -> tuple[int, ...]:
        """Roll ``count`` dice and keep the ``keep`` highest (returned highest first)."""
        faces = tuple(self._faces(count, sides))
        kept = tuple(sorted(faces, reverse=True)[:keep])
        self._record(purpose, sides, faces, kept)
        return kept

    def exploding(
        self,
        count: int,
        sides: int,
        purpose: Purpose,
        *,
        explode_on: Collection[int] = (6,),
        limit: int = 1000,
    ) -> tuple[int, ...]:
        """Roll ``count`` dice; each face in ``explode_on`` adds one more die (which may explode).

        ``limit`` bounds the total number of dice rolled (a safety net; never reached in play).
        """
        faces: list[int] = []
        pending = count
        while pending > 0 and len(faces) < limit:
            batch = self._faces(min(pending, limit - len(faces)), sides)
            faces += batch
            pending = sum(1 for f in batch if f in explode_on)
        result = tuple(faces)
        self._record(purpose, sides, result)
        return result

    def exploding_successes(
        self,
        count: int,
        sides: int,
        purpose: Purpose,
        *,
        success: Collection[int],
        explode_on: Collection[int] = (6,),
        limit: int = 1000,
    ) -> int:
        """The successes of an exploding pool: the same faces as :meth:`exploding` (and its
        event when the game is recorded), counted without keeping them when it is not.
        No dice: no roll and no event."""
        if count <= 0:
            return 0
        if self._emit is not None:
            return count_successes(
                self.exploding(count, sides, purpose, explode_on=explode_on, limit=limit), success
            )
        hit, again = frozenset(success).__contains__, frozenset(explode_on).__contains__
        total = rolled = 0
        while count > 0 and rolled < limit:
            count = min(count, limit - rolled)
            rolled += count
            batch = self._faces(count, sides)
            total += sum(map(hit, batch))
            count = sum(map(again, batch))
        return total

    def reroll(
        self,
        faces: Sequence[int],
        sides: int,
        which: Callable[[int], bool],
        purpose: Purpose,
    ) -> tuple[int, ...]:
        """Re-roll every die of ``faces`` for which ``which(face)`` holds, once."""
        die = self._die
        result = tuple(die(sides) if which(f) else f for f in faces)
        self._record(purpose, sides, result)
        return result

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (card decks). Not recorded: the order is hidden."""
        self._rng.shuffle(items)

    def choice(self, items: Sequence[T]) -> T:
        """Pick one of ``items`` uniformly (for rulebook-random choices, not for agents)."""
        return items[self._die(len(items)) - 1]


def count_successes(faces: Sequence[int], success: Collection[int] = SUCCESS_1_OR_6) -> int:
    """How many of ``faces`` are successes."""
    return sum(1 for f in faces if f in success)


def opposed(
    dice: Dice,
    white: int,
    black: int,
    purpose: Purpose,
    *,
    success: Collection[int] = SUCCESS_1_OR_6,
    explode_white: Collection[int] = (6,),
    explode_black: Collection[int] = (),
) -> tuple[int, int]:
    """An opposed roll of two d6 pools: (white successes, black successes), white rolled first.

    Each pool explodes on its own faces (none: ``()``); net successes are white minus black.
    """
    return (
        dice.exploding_successes(
            white, 6, _suffixed(purpose, " (white)"), success=success, explode_on=explode_white
        ),
        dice.exploding_successes(
            black, 6, _suffixed(purpose, " (black)"), success=success, explode_on=explode_black
        ),
    )


def _suffixed(purpose: Purpose, suffix: str) -> Purpose:
    if isinstance(purpose, str):
        return purpose + suffix
    return lambda: purpose() + suffix
