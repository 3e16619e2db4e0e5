"""Typed events, the event bus and the JSON Lines event log.

Every change of a game is announced as an :class:`Event` (a frozen, tagged msgspec Struct).
Subscribers (log writers, renderers, metric collectors, plugin hooks) observe the bus.
An event whose ``seen_by`` is set is private to those players: it stays out of the
player-facing log of everybody else.

Events hold values, never prose: an answer is logged as the ruleset's typed action
(:class:`ActionTaken`, :class:`DecisionCommitted`), and every reader words it from its own
view when it reads it (:mod:`aerodrome.engine.describe`). The JSON Lines log encodes an action as its
tagged Struct (``{"type": "Pass", "height": "high"}``), so a log is read back per ruleset:
:func:`decode_log` knows the ruleset's action types and its own event types.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Generic, Protocol

import msgspec
from typing_extensions import TypeVar

from aerodrome.engine.data import Action

A = TypeVar("A", bound=Action, default=Action)


class Typed(Protocol):
    """What reading a log needs of a ruleset: its action types (a :class:`~aerodrome.engine.ruleset.
    Ruleset` is one; events sit below the ruleset and do not import it)."""

    @property
    def action_types(self) -> tuple[type[Action], ...]: ...


class Event(msgspec.Struct, frozen=True, kw_only=True, tag=True, omit_defaults=True):
    """Base class of all events. ``seen_by`` (player ids) marks hidden information."""

    seen_by: tuple[int, ...] | None = None

    def visible_to(self, player: int | None) -> bool:
        """Whether ``player`` may see this event (``None`` is the referee: sees all)."""
        return self.seen_by is None or player is None or player in self.seen_by


class GameStarted(Event, frozen=True):
    ruleset: str
    setup: str
    seed: int


class RoundStarted(Event, frozen=True):
    round: int


class PhaseStarted(Event, frozen=True):
    round: int
    phase: str


class DiceRolled(Event, frozen=True):
    """A roll of dice, with what it was for. ``kept`` is the subset that counts, if any."""

    purpose: str
    sides: int
    faces: tuple[int, ...]
    kept: tuple[int, ...] | None = None


class DecisionCommitted(Event, Generic[A], frozen=True):
    """A player committed an answer that is not (yet) public; seen by that player only."""

    player: int
    action: A


class ActionTaken(Event, Generic[A], frozen=True):
    """A player's answer, taken (public unless ``seen_by`` says otherwise)."""

    player: int
    action: A


class GameEnded(Event, frozen=True):
    winners: tuple[str, ...]
    reason: str
    rounds: int


Subscriber = Callable[[Event], None]

_encoder = msgspec.json.Encoder()


def encode_log(events: Iterable[Event]) -> bytes:
    """The JSON Lines log of ``events``: one event per line, newline-terminated."""
    return b"".join(_encoder.encode(e) + b"\n" for e in events)


def _subclasses(cls: type[Event]) -> Iterable[type[Event]]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def ruleset_events(ruleset: Typed) -> tuple[type[Event], ...]:
    """The event types a ruleset's package defines (its modules loaded so far: a ruleset's
    events are defined beside its state, imported with the ruleset)."""
    package = type(ruleset).__module__.partition(".")[0] + "."
    found = {sub for sub in _subclasses(Event) if sub.__module__.startswith(package)}
    return tuple(sorted(found, key=lambda t: (t.__module__, t.__qualname__)))


def event_type(ruleset: Typed) -> Any:
    """The type a line of ``ruleset``'s log decodes to: the core's events, with actions of
    the ruleset's :attr:`~aerodrome.engine.ruleset.Ruleset.action_types`, and the ruleset's own."""
    actions: Any = ruleset.action_types[0]
    for t in ruleset.action_types[1:]:
        actions = actions | t
    union: Any = ActionTaken[actions] | DecisionCommitted[actions]
    for kind in (GameStarted, RoundStarted, PhaseStarted, DiceRolled, GameEnded):
        union = union | kind
    for own in ruleset_events(ruleset):
        union = union | own
    return union


def decode_log(data: bytes, ruleset: Typed) -> list[Event]:
    """The events of a JSON Lines log written by :func:`encode_log` for a game of
    ``ruleset`` (raises :class:`msgspec.ValidationError` / ``DecodeError`` naming the
    field)."""
    decoder = msgspec.json.Decoder(event_type(ruleset))
    return [decoder.decode(line) for line in data.splitlines() if line.strip()]


class EventBus:
    """Publishes events to subscribers in subscription order."""

    __slots__ = ("_subscribers", "active")

    def __init__(self) -> None:
        self._subscribers: list[Subscriber] = []
        #: Whether anybody subscribes (an attribute kept as subscribers come and go, not a
        #: property: the game reads it at every decision).
        self.active = False

    def subscribe(self, subscriber: Subscriber) -> Callable[[], None]:
        """Add ``subscriber``; returns a function that unsubscribes it."""
        self._subscribers.append(subscriber)
        self.active = True

        def unsubscribe() -> None:
            self._subscribers.remove(subscriber)
            self.active = bool(self._subscribers)

        return unsubscribe

    def publish(self, event: Event) -> None:
        for subscriber in self._subscribers:
            subscriber(event)
