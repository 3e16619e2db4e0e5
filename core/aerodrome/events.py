"""Typed events, the event bus and the JSON Lines event log.

Every change of a game is announced as an :class:`Event` (a frozen, tagged msgspec Struct).
Subscribers (log writers, renderers, metric collectors, plugin hooks) observe the bus.
An event whose ``seen_by`` is set is private to those players: it stays out of the
player-facing log of everybody else.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import msgspec


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


class DecisionCommitted(Event, frozen=True):
    """A player committed a secret choice; the content is seen by that player only."""

    player: int
    action: str


class ActionTaken(Event, frozen=True):
    player: int
    action: str


class GameEnded(Event, frozen=True):
    winners: tuple[str, ...]
    reason: str
    rounds: int


Subscriber = Callable[[Event], None]

_encoder = msgspec.json.Encoder()


def encode_log(events: Iterable[Event]) -> bytes:
    """The JSON Lines log of ``events``: one event per line, newline-terminated."""
    return b"".join(_encoder.encode(e) + b"\n" for e in events)


class EventBus:
    """Publishes events to subscribers in subscription order."""

    __slots__ = ("_subscribers",)

    def __init__(self) -> None:
        self._subscribers: list[Subscriber] = []

    def subscribe(self, subscriber: Subscriber) -> Callable[[], None]:
        """Add ``subscriber``; returns a function that unsubscribes it."""
        self._subscribers.append(subscriber)
        return lambda: self._subscribers.remove(subscriber)

    @property
    def active(self) -> bool:
        return bool(self._subscribers)

    def publish(self, event: Event) -> None:
        for subscriber in self._subscribers:
            subscriber(event)
