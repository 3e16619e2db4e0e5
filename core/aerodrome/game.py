"""The public game API, the same for every ruleset (in the spirit of OpenSpiel).

``decision()`` → who must act; ``legal_actions(player)``; ``apply(player, action)``;
``observation(player)`` (hidden information removed); ``is_over()``; ``result()``;
``clone()``. Everything that happens is an event on ``game.bus`` and in ``game.log``.
A game is fully determined by its ruleset, setup (or position), seed and actions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import msgspec

from aerodrome.data import Action
from aerodrome.dice import Dice
from aerodrome.errors import IllegalActionError
from aerodrome.events import (
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
from aerodrome.ruleset import Result, Ruleset, Setup
from aerodrome.turns import Clock, Context, Decision, TurnSequence

#: Hard limit of steps run without a decision, to turn a ruleset bug into an error.
_MAX_IDLE_STEPS = 100_000


class Game:
    """One game of a ruleset. Create with a setup (or a position) and a seed."""

    def __init__(
        self,
        ruleset: Ruleset[Any],
        setup: Setup | str | None = None,
        seed: int = 0,
        *,
        position: Mapping[str, Any] | None = None,
        position_source: str = "<position>",
        record: bool = True,
    ) -> None:
        self.ruleset = ruleset
        self.setup = setup if isinstance(setup, Setup) else ruleset.setup(setup)
        self.seed = seed
        self.position = dict(position) if position is not None else None
        self.bus = EventBus()
        self.log: list[Event] = []
        self.record = record
        self.history: list[tuple[int, Action]] = []
        self.clock = Clock()
        self._emit = _emitter(self.log, self.bus, record)
        self.dice = Dice(seed, self._emit)
        self._sequence: TurnSequence[Any] = ruleset.sequence()
        self._ctx = Context(self.dice, self._emit, ruleset.hook, self.clock)
        self._pending: Decision | None = None
        self._commits: dict[int, Action] = {}
        self._legal: dict[int, Sequence[Action]] = {}
        self._over = False
        self._capped = False
        self._played = 1
        self._forward_to_plugins()
        if not record and not self.bus.active:
            self.dice.bind(None)  # nobody will read dice events: don't build them
            self._ctx.recording = False
        self._emit(GameStarted(ruleset=ruleset.name, setup=self.setup.name, seed=seed))
        if position is None:
            self.state: Any = ruleset.initial_state(self.setup, self._ctx)
        else:
            self.state = ruleset.position_state(self.setup, position, position_source)
        self._advance()

    # -- events ------------------------------------------------------------------------------
    def _forward_to_plugins(self) -> None:
        """Subscribe the ``aerodrome_on_event`` hook, only if some plugin implements it."""
        relay = getattr(self.ruleset.hook, "aerodrome_on_event", None)
        if relay is None or not relay.get_hookimpls():
            return
        name = self.ruleset.name
        self.bus.subscribe(lambda event: relay(ruleset=name, event=event))

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
    def _advance(self) -> None:
        ruleset, seq, clock, ctx, state = (
            self.ruleset,
            self._sequence,
            self.clock,
            self._ctx,
            self.state,
        )
        idle = 0
        while True:
            if ruleset.is_over(state):
                self._finish("rules")
                return
            if clock.round > self.setup.max_rounds:
                self._capped = True
                self._finish("round limit")
                return
            if not clock.entered:
                clock.entered = True
                if clock.step == 0 and (self.record or self.bus.active):
                    if clock.phase == 0:
                        self._emit(RoundStarted(round=clock.round))
                    self._emit(PhaseStarted(round=clock.round, phase=seq.names[clock.phase]))
            self._played = clock.round
            decision = seq.step_at(clock).run(state, ctx)
            if decision is not None:
                self._pending = decision
                return
            self._next_step()
            idle += 1
            if idle > _MAX_IDLE_STEPS:
                raise RuntimeError(f"{ruleset.name}: {idle} steps ran without a decision")

    def _next_step(self) -> None:
        ctx, clock, seq = self._ctx, self.clock, self._sequence
        if ctx._end_round:
            ctx._end_round = False
            clock.phase = len(seq.phases) - 1
            clock.step = len(seq.phases[-1].steps) - 1
        seq.advance(clock)

    def _finish(self, why: str) -> None:
        self._over = True
        self._pending = None
        result = self.result()
        self._emit(GameEnded(winners=result.winners, reason=result.reason, rounds=result.rounds))

    # -- the public API ---------------------------------------------------------------------
    def decision(self) -> Decision | None:
        """The decision the game waits for, or ``None`` when it is over."""
        return self._pending

    def waiting_for(self) -> tuple[int, ...]:
        """Players who still owe an answer to the current decision."""
        d = self._pending
        if d is None:
            return ()
        if not self._commits:
            return d.players
        return tuple(p for p in d.players if p not in self._commits)

    def _owes(self, player: int) -> bool:
        d = self._pending
        return d is not None and player in d.players and player not in self._commits

    def legal_actions(self, player: int) -> Sequence[Action]:
        """Every legal action of ``player`` now (empty when ``player`` owes nothing)."""
        if not self._owes(player):
            return ()
        legal = self._legal.get(player)
        if legal is None:
            assert self._pending is not None
            legal = self.ruleset.legal_actions(self.state, self._pending, player)
            self._legal[player] = legal
        return legal

    def apply(self, player: int, action: Action) -> None:
        """Play ``action`` for ``player``. Raises :class:`IllegalActionError` if not legal."""
        decision = self._pending
        if decision is None:
            raise IllegalActionError("the game is over")
        if not self._owes(player):
            raise IllegalActionError(
                f"player {player} does not owe a decision now (waiting for "
                f"{', '.join(map(str, self.waiting_for()))}: {decision.kind})"
            )
        legal = self._legal.get(player)
        if legal is None:
            legal = self.legal_actions(player)
        if action not in legal:
            raise IllegalActionError(
                f"{action.describe()} is not a legal {decision.kind} for player {player}"
            )
        self.history.append((player, action))
        recording = self.record or self.bus.active
        if decision.simultaneous:
            if recording:
                self._emit(
                    DecisionCommitted(player=player, action=action.describe(), seen_by=(player,))
                )
            self._commits[player] = action
            if len(self._commits) < len(decision.players):
                return
            answers = dict(sorted(self._commits.items()))
            if recording:
                for p, a in answers.items():
                    self._emit(ActionTaken(player=p, action=a.describe()))
        else:
            answers = {player: action}
            if recording:
                self._emit(
                    ActionTaken(
                        player=player,
                        action=action.describe(),
                        seen_by=(player,) if decision.secret else None,
                    )
                )
        self._commits = {}
        self._legal = {}
        self._pending = None
        again = self._sequence.step_at(self.clock).resolve(self.state, self._ctx, answers)
        if not again:
            self._next_step()
        self._advance()

    def observation(self, player: int | None) -> msgspec.Struct:
        """What ``player`` may see now (``None``: the referee)."""
        return self.ruleset.observation(self.state, player)

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
        return self.clock.round

    def clone(self) -> Game:
        """An independent copy: same state, dice position, log and history."""
        new = Game.__new__(Game)
        new.ruleset = self.ruleset
        new.setup = self.setup
        new.seed = self.seed
        new.position = self.position
        new.bus = EventBus()
        new.log = list(self.log)
        new.record = self.record
        new.history = list(self.history)
        new.clock = msgspec.structs.replace(self.clock)
        new._emit = _emitter(new.log, new.bus, new.record)
        new.dice = Dice(self.seed, new._emit)
        new.dice.setstate(self.dice.getstate())
        new._sequence = self._sequence
        new.state = copy_state(self.state)
        new._ctx = Context(
            new.dice, new._emit, self.ruleset.hook, new.clock, recording=new.record
        )
        if not new.record:
            new.dice.bind(None)
        new._pending = self._pending
        new._commits = dict(self._commits)
        new._legal = {}
        new._over = self._over
        new._capped = self._capped
        new._played = self._played
        return new


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


def copy_state(state: Any) -> Any:
    """A deep copy of a ruleset state through msgpack (also proves it serialises)."""
    return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=type(state))
