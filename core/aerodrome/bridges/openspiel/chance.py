"""Explicit chance: every roll of a game as a chance node, the game's rules unchanged.

A ruleset rolls its dice inside its steps (:class:`aerodrome.engine.dice.Dice`), in the middle of
resolving an answer (or of laying out its set-up); a step cannot stop half-way to ask chance
for a face. So an answer is played on a copy of the game whose dice are **scripted**: they
give the faces chosen so far and, at the first roll beyond them, stop the copy with
:class:`NeedRoll`. That roll is the next chance node; once chance has chosen its face, the
answer is played again on a fresh copy of the position before it, with one face more, until
it runs to the next decision without asking for another roll. The copy that stopped is
thrown away, so a half-resolved answer is never seen. The opening (the set-up's own rolls
and deals, before the first decision) is played the same way: a new game made with the
scripted dice (``Game(..., dice=...)``), made again with each batch of faces.

**Batches.** A roll of ``n`` dice asks for its ``n`` faces at once, and a shuffle of ``n``
cards for the ``n - 1`` draws of a Fisher-Yates shuffle, whose sides are known before the
first is drawn. :class:`NeedRoll` carries the sides of every roll so known (the rest of the
batch), so that each of them is a chance node without a replay: the answer is played again
only once the whole batch has its faces. An answer that rolls ``b`` batches is resolved
``b + 1`` times, however many dice each batch holds.

Every primitive of the dice draws single faces: a roll of ``n`` dice is ``n`` chance nodes, a
shuffle of ``n`` cards ``n - 1`` (uniform over the orders, like the dice's own shuffle,
though not the same order for the same seed). A chance node of ``k`` sides has ``k``
outcomes, each of probability ``1/k``: outcome ``i`` is face ``i + 1``.
"""

from __future__ import annotations

from collections.abc import Callable, MutableSequence, Sequence
from typing import Any, TypeVar

from aerodrome.engine.dice import Dice
from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.events import Event
from aerodrome.engine.game import Game

T = TypeVar("T")

#: The most faces a chance node may have (OpenSpiel's ``max_chance_outcomes``). A die of
#: more sides (a random square among more free squares, a larger deck) is a one-line error.
MAX_FACES = 1024


class NeedRoll(BaseException):
    """The scripted dice ran out: ``sides`` holds the sides of the next rolls, as many as are
    known before the first is drawn (at least one). A ``BaseException`` so that no
    ``except Exception`` of a ruleset swallows it."""

    def __init__(self, sides: tuple[int, ...]) -> None:
        super().__init__(sides)
        self.sides = sides


def _checked(sides: int) -> int:
    if not 1 <= sides <= MAX_FACES:
        raise AerodromeError(
            f"a roll of a die with {sides} sides: a chance node holds 1 to "
            f"{MAX_FACES} outcomes (aerodrome.bridges.openspiel.chance.MAX_FACES)"
        )
    return sides


def _bad_face(face: int, sides: int) -> AerodromeError:
    return AerodromeError(
        f"scripted face {face} of a die with {sides} sides (the ruleset rolled differently "
        "when played again with the same faces: its rolls must depend only on the game)"
    )


class ScriptedDice(Dice):
    """Dice that give the faces of ``script`` in order, then raise :class:`NeedRoll`. They
    hold no random generator (one is made for every replay: seeding one would cost more
    than the replay's rolls); their copy is empty scripted dice (a clone rolls nothing)."""

    __slots__ = ("_next", "_script")

    def __init__(
        self, script: Sequence[int], seed: int, emit: Callable[[Event], None] | None = None
    ) -> None:
        # no Dice.__init__: every draw below reads the script, never a generator
        self.seed = seed
        self._emit = emit
        self._script = script
        self._next = 0

    def getstate(self) -> Any:
        return (tuple(self._script), self._next)

    def setstate(self, state: Any) -> None:
        self._script, self._next = state

    def copy(self, emit: Callable[[Event], None] | None = None) -> Dice:
        return ScriptedDice((), self.seed, emit)

    def _die(self, sides: int) -> int:
        i = self._next
        script = self._script
        if i >= len(script):
            raise NeedRoll((_checked(sides),))
        face = script[i]
        if not 1 <= face <= sides:
            raise _bad_face(face, sides)
        self._next = i + 1
        return face

    def _faces(self, count: int, sides: int) -> list[int]:
        i = self._next
        end = i + count
        script = self._script
        if end > len(script):
            raise NeedRoll((_checked(sides),) * (end - len(script)))
        faces = list(script[i:end])
        if faces and max(faces) > sides:
            raise _bad_face(max(faces), sides)
        self._next = end
        return faces

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates: position ``i`` (from the last) swaps with a drawn one of ``0..i``."""
        n = len(items)
        i = self._next
        script = self._script
        have = len(script) - i
        if have < n - 1:
            _checked(n)
            raise NeedRoll(tuple(range(n - have, 1, -1)))
        for last in range(n - 1, 0, -1):
            face = script[i]
            if not 1 <= face <= last + 1:
                raise _bad_face(face, last + 1)
            i += 1
            j = face - 1
            items[last], items[j] = items[j], items[last]
        self._next = i


def play_scripted(
    before: Game[Any, Any, Any], player: int, action: Any, faces: Sequence[int]
) -> Game[Any, Any, Any] | tuple[int, ...]:
    """``action`` of ``player`` played on a copy of ``before`` whose dice give ``faces``:
    the copy when the answer resolved without another roll, else the sides of the rolls it
    stopped at (:class:`NeedRoll`). ``before`` is not changed."""
    attempt = before.clone(record=False)
    attempt.use_dice(ScriptedDice(faces, before.seed))
    legal = before.legal_actions(player)  # known: the copy need not list them again
    attempt._legal[player] = legal
    try:
        attempt.apply(player, action)
    except NeedRoll as stop:
        return stop.sides
    return attempt


def open_scripted(
    make: Callable[[Dice], Game[Any, Any, Any]], seed: int, faces: Sequence[int]
) -> Game[Any, Any, Any] | tuple[int, ...]:
    """The game ``make`` lays out with dice that give ``faces`` (its opening: the set-up's
    own rolls and deals): the game at its first decision, else the sides of the rolls it
    stopped at."""
    try:
        return make(ScriptedDice(faces, seed))
    except NeedRoll as stop:
        return stop.sides
