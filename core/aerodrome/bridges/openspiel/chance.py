"""Explicit chance: every roll of a game as a chance node, the game's rules unchanged.

A ruleset rolls its dice inside its steps (:class:`aerodrome.engine.dice.Dice`), in the middle of
resolving an answer; a step cannot stop half-way to ask chance for a face. So an answer is
played on a copy of the game whose dice are **scripted**: they give the faces chosen so far
and, at the first roll beyond them, stop the copy with :class:`NeedRoll` (the die's number
of sides). That roll is the next chance node; once chance has chosen its face, the answer is
played again on a fresh copy of the position before it, with one face more, until it runs
to the next decision without asking for another roll. The copy that stopped is thrown away,
so a half-resolved answer is never seen.

Every primitive of the dice draws single faces (:meth:`ScriptedDice._die`): a roll of ``n``
dice is ``n`` chance nodes, a shuffle of ``n`` cards is the ``n - 1`` draws of a
Fisher-Yates shuffle (uniform over the orders, like the dice's own shuffle, though not the
same order for the same seed). A chance node of ``k`` sides has ``k`` outcomes, each of
probability ``1/k``: outcome ``i`` is face ``i + 1``.

The price is replaying: an answer followed by ``r`` rolls runs its resolution ``r + 1``
times, each up to the next unknown roll (docs/howto-openspiel.md, "Cost").
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

from aerodrome.engine.dice import Dice
from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.game import Game

T = TypeVar("T")

#: The most faces a chance node may have (OpenSpiel's ``max_chance_outcomes``). A die of
#: more sides (a random square among more free squares, a larger deck) is a one-line error.
MAX_FACES = 1024


class NeedRoll(BaseException):
    """The scripted dice ran out: the next roll has ``sides`` faces. A ``BaseException``
    so that no ``except Exception`` of a ruleset swallows it."""

    def __init__(self, sides: int) -> None:
        super().__init__(sides)
        self.sides = sides


class ScriptedDice(Dice):
    """Dice that give the faces of ``script`` in order, then raise :class:`NeedRoll`."""

    __slots__ = ("_next", "_script")

    def __init__(self, script: Sequence[int], seed: int) -> None:
        super().__init__(seed, None)
        self._script = script
        self._next = 0

    def _die(self, sides: int) -> int:
        i = self._next
        if i >= len(self._script):
            if not 1 <= sides <= MAX_FACES:
                raise AerodromeError(
                    f"a roll of a die with {sides} sides: a chance node holds 1 to "
                    f"{MAX_FACES} outcomes (aerodrome.bridges.openspiel.chance.MAX_FACES)"
                )
            raise NeedRoll(sides)
        face = self._script[i]
        if not 1 <= face <= sides:
            raise AerodromeError(f"scripted face {face} of a die with {sides} sides")
        self._next = i + 1
        return face

    def _faces(self, count: int, sides: int) -> list[int]:
        die = self._die
        return [die(sides) for _ in range(count)]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates: position ``i`` (from the last) swaps with a drawn one of ``0..i``."""
        die = self._die
        for i in range(len(items) - 1, 0, -1):
            j = die(i + 1) - 1
            items[i], items[j] = items[j], items[i]


def play_scripted(
    before: Game[Any, Any, Any], player: int, action: Any, faces: Sequence[int]
) -> Game[Any, Any, Any] | int:
    """``action`` of ``player`` played on a copy of ``before`` whose dice give ``faces``:
    the copy when the answer resolved without another roll, else the number of sides of
    the roll it stopped at. ``before`` is not changed."""
    attempt = before.clone(record=False)
    dice = ScriptedDice(faces, before.seed)
    attempt.dice = dice
    attempt._ctx.dice = dice  # the context the steps roll with (the game's own)
    try:
        attempt.apply(player, action)
    except NeedRoll as stop:
        return stop.sides
    return attempt
