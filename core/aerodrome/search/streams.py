"""Common random numbers by purpose: the dice of a search's worlds.

A game's own dice are one stream: every roll takes the next numbers of it. Two clones of a
world sent down different moves share that stream, but as soon as one rolls a die the other
does not, every later roll of the two is shifted, and the same dogfight is fought with other
dice in each: the pairing of common random numbers is lost after the first difference.

:class:`KeyedDice` draws each roll from a stream of its own, seeded by the world's key, what
the roll is for (its purpose, the sentence the rules give it: ``"dogfight: ork-fighter-1"``,
``"move"``) and how many rolls for the same purpose came before it in this game. The same
dogfight, the n-th movement roll, the same squadron roll, is rolled alike in every clone of
a world whatever happened before it, so candidates are compared on the rolls they share (a
separate stream for each source of randomness: the textbook way to keep common random
numbers in step). Shuffles and rulebook-random choices, which have no purpose, are keyed by
their kind and count. Every stream is as random as the game's own; a world's key is drawn by
the search from its own seed, so a search stays reproducible and never sees the real
game's future rolls.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Collection, MutableSequence, Sequence
from typing import TypeVar

from aerodrome.engine.dice import Dice, Purpose
from aerodrome.engine.events import Event

T = TypeVar("T")

_MASK = (1 << 62) - 1
_M64 = (1 << 64) - 1
_TO_FLOAT = 1.0 / (1 << 53)


class KeyedDice(Dice):
    """Dice whose every roll comes from a stream keyed by (world key, purpose, count).

    A stream is SplitMix64 (Steele, Lea & Flood 2014) from a seed mixed of the three: cheap
    to start, which a per-roll Mersenne Twister is not. Shuffles use a Mersenne Twister
    seeded the same way (shared by the copies: it is seeded before every use)."""

    __slots__ = ("_counts", "_key", "_state")

    def __init__(self, key: int, seed: int, emit: Callable[[Event], None] | None = None) -> None:
        super().__init__(seed, emit)
        self._key = key & _MASK
        self._state = self._key
        self._random = self._next
        #: rolls made so far for each purpose
        self._counts: dict[str, int] = {}

    def _next(self) -> float:
        """The stream's next number in [0, 1) (SplitMix64)."""
        z = self._state = (self._state + 0x9E3779B97F4A7C15) & _M64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
        return ((z ^ (z >> 31)) >> 11) * _TO_FLOAT

    def _at(self, purpose: Purpose) -> None:
        """Start the stream of the next roll for ``purpose``."""
        text = purpose if isinstance(purpose, str) else purpose()
        n = self._counts.get(text, 0)
        self._counts[text] = n + 1
        self._state = (self._key * 0x100000001B3 ^ (zlib.crc32(text.encode()) << 24) ^ n) & _M64

    def copy(self, emit: Callable[[Event], None] | None = None) -> KeyedDice:
        new = KeyedDice.__new__(KeyedDice)
        new.seed = self.seed
        new._rng = self._rng
        new._emit = emit
        new._key = self._key
        new._state = self._state
        new._random = new._next
        new._counts = dict(self._counts)
        return new

    # -- rolls, each from its own stream -------------------------------------------------
    def d(self, sides: int, purpose: Purpose, *, seen_by: tuple[int, ...] | None = None) -> int:
        self._at(purpose)
        return super().d(sides, purpose, seen_by=seen_by)

    def roll(self, count: int, sides: int, purpose: Purpose) -> tuple[int, ...]:
        self._at(purpose)
        return super().roll(count, sides, purpose)

    def keep_highest(self, count: int, sides: int, keep: int, purpose: Purpose) -> tuple[int, ...]:
        self._at(purpose)
        return super().keep_highest(count, sides, keep, purpose)

    def exploding(
        self,
        count: int,
        sides: int,
        purpose: Purpose,
        *,
        explode_on: Collection[int] = (6,),
        limit: int = 1000,
    ) -> tuple[int, ...]:
        self._at(purpose)
        return super().exploding(count, sides, purpose, explode_on=explode_on, limit=limit)

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
        if count <= 0:
            return 0
        self._at(purpose)
        if self._emit is not None:  # the base class would seed again through exploding()
            return sum(
                1
                for f in Dice.exploding(
                    self, count, sides, purpose, explode_on=explode_on, limit=limit
                )
                if f in success
            )
        return super().exploding_successes(
            count, sides, purpose, success=success, explode_on=explode_on, limit=limit
        )

    def reroll(
        self,
        faces: Sequence[int],
        sides: int,
        which: Callable[[int], bool],
        purpose: Purpose,
    ) -> tuple[int, ...]:
        self._at(purpose)
        return super().reroll(faces, sides, which, purpose)

    def shuffle(self, items: MutableSequence[T]) -> None:
        self._at("shuffle")
        self._rng.seed(self._state)
        super().shuffle(items)

    def choice(self, items: Sequence[T]) -> T:
        self._at("choice")
        return super().choice(items)
