"""The public game API, the same for every ruleset (in the spirit of OpenSpiel).

``decision()`` → who must act; ``legal_actions(player)``; ``apply(player, action)``;
``observation(player)`` (hidden information removed); ``is_over()``; ``result()``;
``clone(reseed=None)`` and ``determinised(player, seed)`` for look-ahead that never sees the
real future dice nor another player's secrets. Everything that happens is an event on
``game.bus`` and in ``game.log``. A game is fully determined by its ruleset, setup (or
position), seed and actions.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic

import msgspec
from typing_extensions import TypeVar

from aerodrome.engine.capabilities import Determinise, Positions, capability
from aerodrome.engine.data import Action
from aerodrome.engine.dice import Dice, derive_seed
from aerodrome.engine.errors import IllegalActionError, PluginError, SpecError
from aerodrome.engine.events import (
    ActionTaken,
    DecisionCommitted,
    Event,
    EventBus,
    GameEnded,
    GameStarted,
    PhaseStarted,
    RoundStarted,
    encode_log,
)
from aerodrome.engine.lineage import Origin
from aerodrome.engine.ruleset import Result, Ruleset, Setup, checked_setup, copy_state
from aerodrome.engine.turns import Ask, Clock, Context, Decision, Reveal, Step, Turn, TurnSequence

S = TypeVar("S", bound=msgspec.Struct)
O = TypeVar("O", bound=msgspec.Struct, default=msgspec.Struct)  # noqa: E741
A = TypeVar("A", bound=Action, default=Action)

#: Hard limit of steps run without a decision, to turn a ruleset bug into an error.
_MAX_IDLE_STEPS = 100_000

__all__ = ["Game", "copy_state"]


class Game(Generic[S, O, A]):
    """One game of a ruleset. Create with a setup (or a position) and a seed; the setup's
    options must be the ruleset's :attr:`~aerodrome.engine.ruleset.Ruleset.options_type` (else
    :class:`~aerodrome.engine.errors.SpecError`).

    ``dice``: the dice the game rolls with from its very first roll (the set-up's own rolls
    and deals included) instead of ``Dice(seed)``: a test's scripted faces, or a bridge that
    makes each roll a chance node. They are bound to the game's events as its own dice are;
    ``seed`` is still the game's recorded seed. A game given dice has no lineage (it cannot
    be pickled: its rolls did not come from its seed)."""

    def __init__(
        self,
        ruleset: Ruleset[S, O, A],
        setup: Setup | str | None = None,
        seed: int = 0,
        *,
        position: Mapping[str, Any] | None = None,
        position_source: str = "<position>",
        record: bool = True,
        dice: Dice | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.setup: Setup[Any] = checked_setup(
            ruleset, setup if isinstance(setup, Setup) else ruleset.setup(setup)
        )
        self.seed = seed
        self.position = dict(position) if position is not None else None
        self.bus = EventBus()
        self.log: list[Event] = []
        self.record = record
        self.history: list[tuple[int, A]] = []
        self._sequence: TurnSequence[S] = ruleset.sequence()
        self._emit = _emitter(self.log, self.bus, record)
        if dice is None:
            self.dice = Dice(seed, self._emit)
        else:
            dice.bind(self._emit)
            self.dice = dice
        self.clock = Clock()
        self._ctx = Context(self.dice, self._emit, self.clock)
        self._pending: Ask[S, A] | None = None
        self._step: Step[S] | None = None  # the step that asked the pending decision
        self._commits: dict[int, A] = {}
        self._legal: dict[int, Sequence[A]] = {}
        self._over = False
        self._capped = False
        self._played = 1
        #: How many decisions the game has asked so far (a new number each question).
        self.asked = 0
        self._forward_to_plugins()
        if not record and not self.bus.active:
            self._quiet()
        self._emit(GameStarted(ruleset=ruleset.name, setup=self.setup.name, seed=seed))
        first_round = 1
        if position is None:
            self.state: S = ruleset.initial_state(self.setup, self._ctx)
        else:
            positions = capability(ruleset, Positions)
            if positions is None:
                raise SpecError(
                    f"{position_source}: ruleset {ruleset.name!r} does not support position files"
                )
            self.state = positions.position_state(self.setup, position, position_source)
            first_round = positions.position_round(position)
        self._origin: Origin | None = None
        if dice is None:  # dice from outside: no lineage (see the class docstring)
            self._origin = Origin(
                kind="new",
                ruleset=ruleset.plugged,
                setup=self.setup,
                seed=seed,
                position=self.position,
                record=record,
            )
        self.clock = self._sequence.start(self.state, setup=position is None, round=first_round)
        self._ctx.clock = self.clock
        self._turn: Turn | None = None
        self._advance()

    def _quiet(self) -> None:
        """Nobody will read events: the dice and the context stop building them."""
        self.dice.bind(None)
        self._ctx.recording = False

    # -- events ------------------------------------------------------------------------------
    def _forward_to_plugins(self) -> None:
        """Subscribe the ``aerodrome_on_event`` hook, only if some plugin implements it."""
        observe = self.ruleset.hooks.event_observer()
        if observe is None:
            return
        name = self.ruleset.name
        self.bus.subscribe(lambda event: observe(name, event))

    def subscribe(self, subscriber: Callable[[Event], None]) -> Callable[[], None]:
        """Observe this game's events from now on; returns a function that unsubscribes."""
        self.dice.bind(self._emit)
        self._ctx.recording = True
        return self.bus.subscribe(subscriber)

    def log_for(self, player: int | None) -> list[Event]:
        """The events ``player`` may see (``None``: the referee's full log)."""
        return [e for e in self.log if e.visible_to(player)]

    def log_bytes(self, player: int | None = None) -> bytes:
        """The JSON Lines event log (``player``: only what that player may see)."""
        return encode_log(self.log if player is None else self.log_for(player))

    # -- driving the sequence ---------------------------------------------------------------
    def _advance(self, step: Step[S] | None = None) -> None:
        """Run steps until one asks a decision or the game ends; ``step``: the step the clock
        points at, when the caller knows it (the step that asked stays after its answer).
        The clock stays at the step that ended the game (the turn shows where it ended)."""
        ruleset, seq, ctx, state = self.ruleset, self._sequence, self._ctx, self.state
        max_rounds = self.setup.max_rounds
        is_over = ruleset.is_over
        idle = 0
        if is_over(state):
            self._finish()
            return
        while True:
            clock = self.clock
            if clock.round > max_rounds:
                self._capped = True
                self._finish()
                return
            if not clock.started:
                clock.started = True
                if self.record or self.bus.active:
                    if clock.phase == 0 and not clock.setup:
                        self._emit(RoundStarted(round=clock.round))
                    self._emit(PhaseStarted(round=clock.round, phase=seq.phase_of(clock).name))
            if not clock.setup:
                self._played = clock.round
            if step is None:
                step = seq.step_at(clock)
            asked = step.run(state, ctx)
            if asked is not None:
                if not isinstance(asked, Ask):
                    raise TypeError(_not_an_ask(ruleset.name, step.name, asked))
                self._pending = asked
                self._step = step
                self.asked += 1
                return
            if is_over(state):
                self._finish()
                return
            step = seq.advance(clock, state)  # the step the clock now points at
            self._turn = None  # the clock moved: the turn is worked out again when asked
            idle += 1
            if idle > _MAX_IDLE_STEPS:
                raise RuntimeError(f"{ruleset.name}: {idle} steps ran without a decision")

    def _finish(self) -> None:
        self._over = True
        self._pending = None
        result = self.result()
        self._emit(GameEnded(winners=result.winners, reason=result.reason, rounds=result.rounds))

    # -- the public API ---------------------------------------------------------------------
    def decision(self) -> Decision | None:
        """The decision the game waits for, or ``None`` when it is over."""
        return self._pending.decision if self._pending is not None else None

    def waiting_for(self) -> tuple[int, ...]:
        """Players who still owe an answer to the current decision."""
        ask = self._pending
        if ask is None:
            return ()
        if not self._commits:
            return ask.decision.players
        return tuple(p for p in ask.decision.players if p not in self._commits)

    def legal_actions(self, player: int) -> Sequence[A]:
        """Every legal action of ``player`` now (empty when ``player`` owes nothing)."""
        ask = self._pending  # (whether the player owes an answer, inline: once a decision)
        if ask is None or player not in ask.decision.players or player in self._commits:
            return ()
        legal = self._legal.get(player)
        if legal is None:
            legal = self._legal[player] = ask.legal(self.state, player)
        return legal

    def apply(self, player: int, action: A) -> None:
        """Play ``action`` for ``player``. Raises :class:`IllegalActionError` if not legal
        (the game is then unchanged)."""
        ask = self._pending
        if ask is None:
            raise IllegalActionError("the game is over")
        decision = ask.decision
        if player not in decision.players or player in self._commits:
            raise IllegalActionError(
                f"player {player} does not owe a decision now (waiting for "
                f"{', '.join(map(str, self.waiting_for()))}: {decision.kind})"
            )
        legal = self._legal.get(player)
        if legal is None:
            legal = self.legal_actions(player)
        if not isinstance(action, Action) or action not in legal:
            raise IllegalActionError(
                f"{_describe_unchecked(action)} is not a legal {decision.kind} for player {player}"
            )
        self.history.append((player, action))
        recording = self.record or self.bus.active
        reveal = decision.reveal
        if decision.simultaneous:
            if recording:
                self._emit(DecisionCommitted(player=player, action=action, seen_by=(player,)))
            self._commits[player] = action
            if len(self._commits) < len(decision.players):
                return
            answers: Mapping[int, A] = dict(sorted(self._commits.items()))
            if recording and reveal is not Reveal.NOBODY:
                owner = reveal is Reveal.OWNER
                for p, a in answers.items():
                    self._emit(ActionTaken(player=p, action=a, seen_by=(p,) if owner else None))
        else:
            answers = {player: action}
            if recording:
                if reveal is Reveal.EVERYONE:
                    self._emit(ActionTaken(player=player, action=action))
                elif reveal is Reveal.OWNER:
                    self._emit(ActionTaken(player=player, action=action, seen_by=(player,)))
                else:
                    self._emit(DecisionCommitted(player=player, action=action, seen_by=(player,)))
        if self._commits:
            self._commits = {}
        self._legal.clear()
        self._pending = None
        if ask.resolve(self.state, self._ctx, answers):
            self._advance(self._step)  # the step stays: it runs again
        elif self.ruleset.is_over(self.state):
            self._finish()  # the clock stays at the step that ended the game
        else:
            step = self._sequence.advance(self.clock, self.state)
            self._turn = None
            self._advance(step)

    def observation(self, player: int | None) -> O:
        """What ``player`` may see now (``None``: the referee)."""
        turn = self._turn
        if turn is None:
            turn = self._turn = self._sequence.turn(self.clock)
        return self.ruleset.observation(self.state, player, turn)

    def turn(self) -> Turn:
        """Where the game is now: round, set-up or not, phase, step, ForEach items (worked out
        once per position of the clock)."""
        turn = self._turn
        if turn is None:
            turn = self._turn = self._sequence.turn(self.clock)
        return turn

    def is_over(self) -> bool:
        return self._over

    def result(self) -> Result:
        """The result (meaningful once :meth:`is_over`; unfinished when capped)."""
        rounds = self._played
        result = self.ruleset.result(self.state, rounds)
        if self._capped and result.finished:
            result = msgspec.structs.replace(
                result, finished=False, winners=(), reason=f"round limit {self.setup.max_rounds}"
            )
        return result

    @property
    def round(self) -> int:
        """The current round (0 during the set-up phases)."""
        return self.clock.round

    # -- look-ahead --------------------------------------------------------------------------
    def clone(
        self, *, reseed: int | None = None, state: S | None = None, record: bool | None = None
    ) -> Game[S, O, A]:
        """An independent copy: same state, log and history. Its dice go on where this
        game's are, unless ``reseed`` is given: then its future dice come from a fresh
        stream seeded ``reseed``, so a search can never see the real future rolls.
        ``state``: the copy's state, made by the caller (instead of a copy of this game's).
        ``record=False`` gives a copy that keeps no log (empty) and builds no events, whatever
        this game does: what a search plays on; ``None`` records as this game does."""
        new: Game[S, O, A] = Game.__new__(Game)
        new.ruleset = self.ruleset
        new.setup = self.setup
        new.seed = self.seed
        new.position = self.position
        new.bus = EventBus()
        new.record = self.record if record is None else record
        new.log = list(self.log) if new.record else []
        new.history = list(self.history)
        new._sequence = self._sequence
        new._emit = _emitter(new.log, new.bus, new.record)
        if reseed is None:
            new.dice = self.dice.copy(new._emit)
        else:  # seeded as random.Random(derive_seed(reseed, "reseed")) is
            new.dice = Dice(derive_seed(reseed, "reseed"), new._emit)
            new.dice.seed = self.seed
        new.clock = self.clock.copy()
        new._turn = self._turn
        new.state = copy_state(self.state) if state is None else state
        new._ctx = Context(new.dice, new._emit, new.clock)
        if not new.record:
            new._quiet()
        new._pending = self._pending
        new._step = self._step
        new._commits = dict(self._commits)
        new._legal = {}
        if state is not None or self._origin is None:
            new._origin = None  # a state made by the caller: no lineage (determinised sets it)
        elif reseed is None and new.record == self.record:
            new._origin = self._origin  # the same game, played on apart
        else:
            new._origin = Origin(
                kind="clone",
                parent=self._origin,
                at=len(self.history),
                seed=reseed,
                record=new.record,
            )
        new._over = self._over
        new._capped = self._capped
        new._played = self._played
        new.asked = self.asked
        return new

    def use_dice(self, dice: Dice) -> None:
        """Roll ``dice`` from now on instead of this game's own: a search's keyed dice
        (:mod:`aerodrome.search.streams`), a test's scripted ones. They are bound to this
        game's events as the game's own were."""
        dice.bind(self._emit if (self.record or self.bus.active) else None)
        self.dice = dice
        self._ctx.dice = dice

    def determinised(
        self, player: int, seed: int, *, reseed: bool = True, record: bool | None = None
    ) -> Game[S, O, A]:
        """A clone in which everything ``player`` cannot see is resampled
        (:func:`determinise`): what a fair look-ahead for ``player`` may search.
        Its log is ``player``'s log, answers other players have committed in secret to the
        pending decision are forgotten (they must answer again in the clone), and its dice
        are reseeded with ``seed`` (``reseed=False`` keeps the real stream: for tests that
        compare a game with its determinisation roll for roll). ``record=False``: a clone
        that keeps no log and builds no events (see :meth:`clone`), for a search."""
        new = self.clone(
            reseed=seed if reseed else None,
            state=determinise(self.ruleset, self.state, player, random.Random(seed)),
            record=record,
        )
        if new.record:
            new.log[:] = self.log_for(player)
        hidden = [p for p in self._commits if p != player]
        if hidden:
            recent = len(self._commits)  # the commits are the last entries of the history
            tail = [h for h in new.history[-recent:] if h[0] not in hidden]
            new.history[-recent:] = tail
            for p in hidden:
                del new._commits[p]
        if self._origin is not None:
            new._origin = Origin(
                kind="determinise",
                parent=self._origin,
                at=len(self.history),
                player=player,
                seed=seed,
                reseed=reseed,
                record=new.record,
                parent_actions=tuple(self.history) if hidden else None,
            )
        return new

    def reseed(self, seed: int) -> None:
        """Dice from a fresh stream seeded ``seed`` from now on (as :meth:`clone` with
        ``reseed`` does): after an undo, the dice to come are not the ones already seen."""
        self.dice.setstate(random.Random(derive_seed(seed, "reseed")).getstate())
        if self._origin is not None:
            self._origin = Origin(
                kind="reseed", parent=self._origin, at=len(self.history), seed=seed
            )

    # -- copy and pickle ----------------------------------------------------------------------
    def __copy__(self) -> Game[S, O, A]:
        """A copy is a clone (:meth:`clone`): same state, dice, log, pending decision."""
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Game[S, O, A]:
        """``copy.deepcopy(game)`` is :meth:`clone`: as exact, and as cheap (an observer
        subscribed to the game is not copied)."""
        return self.clone()

    def lineage(self) -> tuple[Origin, tuple[tuple[int, A], ...]]:
        """Where the game began and every step since, and its actions (what ``pickle`` stores,
        :mod:`aerodrome.engine.lineage`); a one-line :class:`pickle.PicklingError` when the game has
        none."""
        origin = self._origin
        if origin is None:
            raise pickle.PicklingError(
                f"a game of {self.ruleset.name!r} whose state or dice were set from outside "
                "(clone(state=...), scripted dice) cannot be pickled: it has no lineage"
            )
        root = origin
        while root.parent is not None:
            root = root.parent
        plugged = root.ruleset
        if plugged is None or not plugged.restorable:
            raise pickle.PicklingError(
                f"a game of ruleset {self.ruleset.name!r} made by hand (not by the plugins' "
                "ruleset()) cannot be pickled: it could not be found again"
            )
        return origin, tuple(self.history)

    def __reduce__(self) -> tuple[Any, ...]:
        """``pickle`` stores the game's :meth:`lineage`, through the reducer that
        :mod:`aerodrome.plugins` registers (it finds the ruleset again on load)."""
        self.lineage()
        raise pickle.PicklingError("import aerodrome.plugins to pickle a game")


def determinise(ruleset: Ruleset[S, Any, Any], state: S, player: int, rng: random.Random) -> S:
    """``state`` as ``player`` may imagine it (:class:`~aerodrome.engine.capabilities.Determinise`);
    a copy for a ruleset without hidden information."""
    found: Determinise[S] | None = capability(ruleset, Determinise)
    if found is not None:
        return found.determinise(state, player, rng)
    if ruleset.capabilities.hidden_information:
        raise PluginError(
            f"ruleset {ruleset.name!r} declares hidden information but cannot determinise"
        )
    return copy_state(state)


def _not_an_ask(ruleset: str, step: str, asked: object) -> str:
    """The error for a step whose ``run`` returned neither ``None`` nor an :class:`Ask` (a
    bare :class:`Decision` was the form before the core's contracts)."""
    return (
        f"{ruleset}: step {step!r} returned a {type(asked).__name__}; a step returns None or "
        "an Ask(decision, legal, resolve)"
    )


def _describe_unchecked(action: object) -> str:
    """A description of an action that may be malformed (from a save or a user): never
    raises."""
    if not isinstance(action, Action):
        return f"{type(action).__name__} (not an action)"
    try:
        return action.describe()
    except Exception:
        return type(action).__name__


def _emitter(log: list[Event], bus: EventBus, record: bool) -> Callable[[Event], None]:
    """The game's event sink: keeps (when recording) and publishes. A closure over the log and
    the bus, not a method, so that a game's dice and context hold no reference back to the
    game: a finished game is freed at once instead of waiting for the cycle collector."""
    append = log.append

    def emit(event: Event) -> None:
        if record:
            append(event)
        if bus.active:
            bus.publish(event)

    return emit
