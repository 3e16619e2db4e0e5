"""Helpers for tests of rulesets: loaded dice that replay a rulebook's worked example.

>>> dice = ScriptedDice([3, 4])
>>> dice.d(6, "imperial dogfight"), dice.d(6, "ork dogfight")
(3, 4)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, MutableSequence, Sequence
from typing import Any, TypeVar

from aerodrome.engine.dice import Dice
from aerodrome.engine.events import Event
from aerodrome.engine.turns import Clock, Context

T = TypeVar("T")


class ScriptExhausted(AssertionError):
    """A scripted die was rolled more often than the script provides."""


class _ScriptRng:
    def __init__(self, faces: Iterable[int]) -> None:
        self.faces = list(faces)
        self.used = 0

    def _next(self) -> int:
        if self.used >= len(self.faces):
            raise ScriptExhausted(f"the dice script ran out after {self.used} dice")
        face = self.faces[self.used]
        self.used += 1
        return face

    def randint(self, a: int, b: int) -> int:
        face = self._next()
        if not a <= face <= b:
            raise AssertionError(f"scripted face {face} is not on a die {a}..{b}")
        return face

    def randrange(self, n: int) -> int:
        return self._next() - 1

    def shuffle(self, items: MutableSequence[Any]) -> None:  # keep the order given
        return None

    def getstate(self) -> Any:
        return (tuple(self.faces), self.used)

    def setstate(self, state: Any) -> None:
        self.faces, self.used = list(state[0]), state[1]


class ScriptedDice(Dice):
    """Dice that show the given faces in order (shuffles keep the order); for worked examples."""

    def __init__(self, faces: Sequence[int], emit: Callable[[Event], None] | None = None) -> None:
        super().__init__(0, emit)
        self._rng = _ScriptRng(faces)  # type: ignore[assignment]

    def _die(self, sides: int) -> int:
        rng = self._rng
        assert isinstance(rng, _ScriptRng)
        return rng.randint(1, sides)

    def _faces(self, count: int, sides: int) -> list[int]:
        return [self._die(sides) for _ in range(count)]

    @property
    def remaining(self) -> int:
        rng = self._rng
        assert isinstance(rng, _ScriptRng)
        return len(rng.faces) - rng.used


def scripted_context(
    faces: Sequence[int], events: list[Event] | None = None, *, round: int = 1
) -> Context:
    """A step :class:`Context` whose dice show ``faces``, at ``round`` (``ctx.round``);
    events go to ``events`` if given."""
    sink = events.append if events is not None else (lambda e: None)
    return Context(ScriptedDice(faces, sink), sink, Clock(round=round))


def load_dice(game: Any, faces: Sequence[int]) -> None:
    """Make the dice of a running :class:`~aerodrome.engine.game.Game` show ``faces`` from now on."""
    dice = ScriptedDice(faces, game.dice._emit)
    game.dice = dice
    game._ctx.dice = dice
    game._origin = None  # scripted dice: the game has no lineage (it cannot be pickled)
