"""Turn sequencing: rounds → phases → steps, declared by a ruleset and driven by the core.

A ruleset declares a :class:`TurnSequence`. The core walks it: for the current step it calls
``run(state, ctx)``. ``run`` does the step's automatic work and returns either ``None`` (the
step is over: move on) or a :class:`Decision` (stop and ask). When the players owing the
decision have answered, the core calls ``resolve(state, ctx, answers)`` and then ``run``
again, so a step that asks several questions (one per plane, a chain of card plays) simply
returns the next :class:`Decision` until it is done. All progress lives in the ruleset's
state, so a game can be cloned and saved between any two decisions.

A decision may be owed by several players at once (``simultaneous=True``): each commits in
secret, and ``resolve`` sees all answers together (secret orders revealed at once).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import msgspec

from aerodrome.data import Action, Record

if TYPE_CHECKING:
    from aerodrome.dice import Dice
    from aerodrome.events import Event

S = TypeVar("S")


class Decision(Record, frozen=True):
    """A point where the game waits for players.

    :param players: the player ids who owe an answer.
    :param kind: what is decided (``"move"``, ``"orders"``, ``"defend"``...), for agents and UIs.
    :param simultaneous: all ``players`` commit in secret, then answers are revealed together.
    :param secret: the answer is hidden from the other players (e.g. placing AA guns).
    :param prompt: a sentence for a human player.
    """

    players: tuple[int, ...]
    kind: str
    simultaneous: bool = False
    secret: bool = False
    prompt: str = ""


class Clock(msgspec.Struct, kw_only=True):
    """Where the game is in its sequence (owned by the core, saved with the game)."""

    round: int = 1
    phase: int = 0
    step: int = 0
    entered: bool = False


class Context:
    """What a step may use: the game's dice, the event emitter and the ruleset's hooks."""

    __slots__ = ("_end_round", "clock", "dice", "emit", "hook", "recording")

    def __init__(
        self,
        dice: Dice,
        emit: Callable[[Event], None],
        hook: Any,
        clock: Clock,
        *,
        recording: bool = True,
    ) -> None:
        self.dice = dice
        self.emit = emit
        self.hook = hook
        self.clock = clock
        #: Whether anybody keeps or observes events: a step may skip building costly ones.
        self.recording = recording
        self._end_round = False

    @property
    def round(self) -> int:
        return self.clock.round

    def end_round(self) -> None:
        """Skip the remaining steps and phases of this round once the current step is over."""
        self._end_round = True


Run = Callable[[S, Context], "Decision | None"]
Resolve = Callable[[S, Context, Mapping[int, Action]], "bool | None"]


def _no_resolve(state: Any, ctx: Context, answers: Mapping[int, Action]) -> bool | None:
    raise AssertionError("a step that asks a decision must define resolve()")


@dataclass(frozen=True, slots=True)
class Step(Generic[S]):
    """One step of a phase: ``run`` works and may ask; ``resolve`` applies the answers and
    returns True to stay in the step (``run`` is then called again)."""

    name: str
    run: Run[S]
    resolve: Resolve[S] = _no_resolve
    clause: str | None = None


@dataclass(frozen=True, slots=True)
class Phase(Generic[S]):
    name: str
    steps: tuple[Step[S], ...]
    clause: str | None = None


@dataclass(frozen=True, slots=True)
class TurnSequence(Generic[S]):
    """The rounds of a game: every round plays ``phases`` in order."""

    phases: tuple[Phase[S], ...]
    names: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        if not self.phases or any(not p.steps for p in self.phases):
            raise ValueError("a turn sequence needs at least one phase, each with a step")
        object.__setattr__(self, "names", tuple(p.name for p in self.phases))

    def step_at(self, clock: Clock) -> Step[S]:
        return self.phases[clock.phase].steps[clock.step]

    def advance(self, clock: Clock) -> bool:
        """Move ``clock`` to the next step; returns True when a new round starts."""
        clock.entered = False
        clock.step += 1
        if clock.step < len(self.phases[clock.phase].steps):
            return False
        clock.step = 0
        clock.phase += 1
        if clock.phase < len(self.phases):
            return False
        clock.phase = 0
        clock.round += 1
        return True
