"""Turn sequencing: set-up, then rounds → phases → steps, declared by a ruleset and driven by
the core.

A ruleset declares a :class:`TurnSequence`: optional one-off ``setup`` phases played once
before the first round, then the ``phases`` of every round. A phase holds steps; a
:class:`ForEach` repeats its own steps for each item of a list taken from the state when it
is entered (each aircraft, each player of a side), and the step reads the item as
``ctx.item``. The core keeps this progress in its :class:`Clock`, so a ruleset's state holds
the game, not the bookkeeping of where the turn is.

For the current step the core calls ``run(state, ctx)``. ``run`` does the step's automatic
work and returns either ``None`` (the step is over: move on) or an :class:`Ask`: the
:class:`Decision` (who must answer what), how to list each owing player's legal answers, and
how to apply them. One rule, one place: the code that asks a question also lists its answers
and resolves them. When every owing player has answered, the core calls
``ask.resolve(state, ctx, answers)``; it returns ``True`` to stay in the step (``run`` is
called again: one question per card played, per turn point...), otherwise the step is over.

A decision may be owed by several players at once (``simultaneous=True``): each commits in
secret, and ``resolve`` sees all answers together. Who sees an answer is the decision's
``reveal`` (:class:`Reveal`), independent of ``simultaneous``: everybody once the decision is
resolved, its owner only, or nobody (the ruleset then reveals it by an event of its own when
its rules say so: secret orders revealed at once).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import msgspec

from aerodrome.engine.data import Action, Record

if TYPE_CHECKING:
    from aerodrome.engine.dice import Dice
    from aerodrome.engine.events import Event

S = TypeVar("S")
A = TypeVar("A", bound=Action)

#: What a :class:`ForEach` iterates over: ids that serialise (aircraft ids, seats, names).
Item = int | str
#: What a :class:`Decision` is about: ``None``, an id or name, or a tuple of them.
Subject = int | str | tuple[int | str, ...] | None


class Reveal(StrEnum):
    """Who sees an answer taken (each player always sees their own commitment: the core logs
    it for its owner as it is made).

    - ``everyone``: the answers are made public when the decision is resolved (a move, an
      attack, secret manoeuvres that the roll reveals);
    - ``owner``: each answer stays its owner's (AA guns placed, cards kept);
    - ``nobody``: nothing more is logged; the ruleset reveals the answers by an event of its
      own when its rules say so (orders revealed together when the last is in).
    """

    EVERYONE = "everyone"
    OWNER = "owner"
    NOBODY = "nobody"


class Decision(Record, frozen=True):
    """A point where the game waits for players.

    :param players: the player ids who owe an answer.
    :param kind: what is decided; each ruleset names its kinds in a ``StrEnum`` (``"move"``,
        ``"orders"``, ``"defend"``...), for agents and user interfaces.
    :param simultaneous: all ``players`` commit in secret, and the decision is resolved once
        every answer is in.
    :param reveal: who sees the answers (:class:`Reveal`; every player sees their own).
    :param subject: what the question is about, when the kind alone does not say it (the
        flyer asked about, the aircraft that moves): a small serialisable value (an id, a
        name, a tuple of them) from which the ruleset words the question when it is shown
        (:meth:`~aerodrome.engine.capabilities.Presentation.prompt`). No sentence is built for a
        decision nobody reads.
    """

    players: tuple[int, ...]
    kind: str
    simultaneous: bool = False
    reveal: Reveal = Reveal.EVERYONE
    subject: Subject = None


class Turn(Record, frozen=True):
    """Where the game is, as every player may know it: what an observation is given with
    the state (``Ruleset.observation(state, player, turn)``), so that a ruleset keeps no
    round counter of its own.

    :param round: the round (0 during the one-off set-up phases).
    :param setup: whether the set-up phases are being played.
    :param phase: the name of the phase being played.
    :param step: the name of the step being played (the one asking, when a decision waits).
    :param items: the item of every :class:`ForEach` being played, outermost first (the
        aircraft whose turn it is...).
    """

    round: int
    setup: bool = False
    phase: str = ""
    step: str = ""
    items: tuple[Item, ...] = ()


class Context:
    """What a step may use: the game's dice, the event sink and where the turn is.

    ``emit`` takes an event, or a function making one: the function is called only when
    somebody keeps or observes events, so a step never pays for events nobody reads and
    needs no ``if recording`` of its own.
    """

    __slots__ = ("_sink", "clock", "dice", "recording")

    def __init__(
        self, dice: Dice, sink: Callable[[Event], None], clock: Clock, *, recording: bool = True
    ) -> None:
        self.dice = dice
        self._sink = sink
        self.clock = clock
        #: Whether anybody keeps or observes events.
        self.recording = recording

    def emit(self, event: Event | Callable[[], Event]) -> None:
        """Announce ``event`` (or, when recording, the event ``event()`` makes)."""
        if callable(event):
            if self.recording:
                self._sink(event())
        else:
            self._sink(event)

    @property
    def round(self) -> int:
        """The current round (0 during the set-up phases)."""
        return self.clock.round

    @property
    def item(self) -> Item:
        """The item of the innermost :class:`ForEach` being played."""
        for frame in reversed(self.clock.frames):
            if frame.items is not None:
                return frame.items[frame.item]
        raise LookupError("ctx.item is only defined inside a ForEach")

    @property
    def items(self) -> tuple[Item, ...]:
        """The items of every enclosing :class:`ForEach`, outermost first."""
        return tuple(f.items[f.item] for f in self.clock.frames if f.items is not None)


Legal = Callable[[S, int], Sequence[A]]
Resolve = Callable[[S, Context, Mapping[int, A]], "bool | None"]


class Ask(msgspec.Struct, Generic[S, A], frozen=True):
    """A question a step asks: the decision, the legal answers and what they do.

    :param decision: who owes an answer, and what kind of question it is.
    :param legal: ``legal(state, player)`` → every legal answer of an owing player; never
        empty. It must not depend on another player's uncommitted answer, and it may keep
        only immutable values from the moment it was made (a game is cloned with its asks).
    :param resolve: ``resolve(state, ctx, answers)`` applies the answers (one per owing
        player, each one of its legal actions) and returns ``True`` to stay in the step.

    (A frozen ``msgspec.Struct``, not a dataclass: one is made for every decision, and a
    Struct is made in C.)
    """

    decision: Decision
    legal: Legal[S, A]
    resolve: Resolve[S, A]


def listed(actions: Sequence[A]) -> Legal[Any, A]:
    """A ``legal`` function answering ``actions`` (listed when the step asked) to everybody.

    Only for answers that follow from what every player sees (the board, the dice shown):
    a question is answered in the state passed to ``legal``, which in a determinisation is
    not the state it was asked on, so answers that depend on something hidden (a hand, a
    placed gun) are read from that state (``lambda state, player: ...``), never listed.
    The conformance kit plays another player's legal actions in a determinisation to check it
    (contract 'legal actions are read from the state they are answered in')."""
    return lambda state, player: actions


Run = Callable[[S, Context], "Ask[S, Any] | None"]


@dataclass(frozen=True, slots=True)
class Step(Generic[S]):
    """One step of a phase: ``run(state, ctx)`` does the step's automatic work and returns
    ``None`` (the step is over) or an :class:`Ask` (the question, its legal answers and how
    they are applied). ``clause`` names the rule the step plays."""

    name: str
    run: Run[S]
    clause: str | None = None


@dataclass(frozen=True, slots=True)
class ForEach(Generic[S]):
    """Play ``steps`` once for each item of ``over(state)`` (taken when the ForEach is
    entered); a step reads the current item as ``ctx.item``. No items: nothing is played."""

    name: str
    over: Callable[[S], Sequence[Item]]
    steps: tuple[Node[S], ...]
    clause: str | None = None

    def __post_init__(self) -> None:
        if not self.steps:
            raise ValueError(f"ForEach {self.name!r} needs at least one step")


Node = Step[S] | ForEach[S]


@dataclass(frozen=True, slots=True)
class Phase(Generic[S]):
    name: str
    steps: tuple[Node[S], ...]
    clause: str | None = None


class Frame(msgspec.Struct, array_like=True):
    """One level of the clock's path: the node ``index`` in its container and, when that
    node is a :class:`ForEach` being played, its ``items`` and the current ``item``."""

    index: int = 0
    items: tuple[Item, ...] | None = None
    item: int = 0


class Clock(msgspec.Struct, kw_only=True):
    """Where the game is in its sequence (owned by the core, copied with the game).

    ``setup`` is True while the one-off set-up phases play (``round`` is then 0); ``frames``
    is the path from the phase down to the current step; ``started`` is False until the
    current phase has been announced.
    """

    round: int = 1
    setup: bool = False
    phase: int = 0
    frames: list[Frame] = msgspec.field(default_factory=lambda: [Frame()])
    started: bool = False

    def copy(self) -> Clock:
        return Clock(
            round=self.round,
            setup=self.setup,
            phase=self.phase,
            frames=[Frame(f.index, f.items, f.item) for f in self.frames],
            started=self.started,
        )


@dataclass(frozen=True, slots=True)
class TurnSequence(Generic[S]):
    """The game: ``setup`` phases once, then every round plays ``phases`` in order."""

    phases: tuple[Phase[S], ...]
    setup: tuple[Phase[S], ...] = ()
    names: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        if not self.phases or any(not p.steps for p in (*self.phases, *self.setup)):
            raise ValueError("a turn sequence needs at least one phase, each with a step")
        object.__setattr__(self, "names", tuple(p.name for p in self.phases))

    # -- the clock ---------------------------------------------------------------------------
    def start(self, state: S, *, setup: bool = True, round: int = 1) -> Clock:
        """The clock of a new game (``setup=False``: skip the set-up phases, as a position
        file does, and start at ``round``)."""
        in_setup = setup and bool(self.setup)
        clock = Clock(round=0 if in_setup else round, setup=in_setup)
        self._walk(clock, state, [self.phase_of(clock).steps], False)
        return clock

    def phase_of(self, clock: Clock) -> Phase[S]:
        return (self.setup if clock.setup else self.phases)[clock.phase]

    def step_at(self, clock: Clock) -> Step[S]:
        """The step the clock points at."""
        frames = clock.frames
        node: Node[S] = (self.setup if clock.setup else self.phases)[clock.phase].steps[
            frames[0].index
        ]
        if len(frames) > 1:
            for frame in frames[1:]:
                assert isinstance(node, ForEach)
                node = node.steps[frame.index]
        assert isinstance(node, Step)
        return node

    def _containers(self, clock: Clock) -> list[tuple[Node[S], ...]]:
        """The nodes among which each of ``clock.frames`` points (outermost first)."""
        nodes = (self.setup if clock.setup else self.phases)[clock.phase].steps
        out = [nodes]
        frames = clock.frames
        if len(frames) > 1:
            for frame in frames[:-1]:
                node = nodes[frame.index]
                assert isinstance(node, ForEach)
                nodes = node.steps
                out.append(nodes)
        return out

    def _walk(
        self, clock: Clock, state: S, conts: list[tuple[Node[S], ...]], skip: bool
    ) -> Step[S]:
        """Move the clock to the next step to run and return it: past the node the last
        frame points at when ``skip``, then down into it (a ForEach with items is entered, an
        empty one is passed over), on to the next phase (or round) when a phase runs out.
        ``conts`` are :meth:`_containers` of the clock, kept in step with its frames. (One
        loop, no recursion: the core runs this after every step, a few times per decision.)"""
        frames = clock.frames
        while True:
            if skip:  # past the current node: its next sibling, else up and on
                top = frames[-1]
                index = top.index = top.index + 1
                if top.items is not None:  # (``item`` is 0 whenever ``items`` is None)
                    top.items = None
                    top.item = 0
                if index >= len(conts[-1]):
                    if len(frames) == 1:  # the phase is over
                        clock.phase += 1
                        clock.started = False
                        if clock.phase >= len(self.setup if clock.setup else self.phases):
                            clock.phase = 0
                            clock.round += 1
                            clock.setup = False
                        frames = clock.frames = [Frame()]
                        conts = [(self.setup if clock.setup else self.phases)[clock.phase].steps]
                    else:
                        frames.pop()
                        conts.pop()
                        parent = frames[-1]
                        assert parent.items is not None
                        parent.item += 1
                        if parent.item >= len(parent.items):
                            continue  # every item played: the ForEach is over, go on after it
                        frames.append(Frame())
                        node = conts[-1][parent.index]
                        assert isinstance(node, ForEach)
                        conts.append(node.steps)
            skip = True
            while True:  # down to a step
                top = frames[-1]
                node = conts[-1][top.index]
                if isinstance(node, Step):
                    return node
                items = node.over(state)
                if type(items) is not tuple:
                    items = tuple(items)
                if not items:
                    break  # an empty ForEach: passed over
                top.items = items
                top.item = 0
                frames.append(Frame())
                conts.append(node.steps)

    def turn(self, clock: Clock) -> Turn:
        """Where ``clock`` is, as a :class:`Turn`."""
        items = tuple(f.items[f.item] for f in clock.frames if f.items is not None)
        return Turn(
            round=clock.round,
            setup=clock.setup,
            phase=self.phase_of(clock).name,
            step=self.step_at(clock).name,
            items=items,
        )

    def advance(self, clock: Clock, state: S) -> Step[S]:
        """Move ``clock`` past the current step to the next step to run; returns that step
        (what :meth:`step_at` would find)."""
        return self._walk(clock, state, self._containers(clock), True)
