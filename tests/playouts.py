"""Seeded games walked decision by decision, for tests that look at every moment of a game
(the sentences, pictures and numbers a seat gets)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from aerodrome import Game
from aerodrome.engine.agents import PlayerView
from aerodrome.engine.driver import Observer, drive
from aerodrome.engine.events import Event
from aerodrome.engine.ruleset import Ruleset, Setup

AnyGame = Game[Any, Any, Any]
#: Chooses for ``player`` among ``legal`` (default: a seeded uniform choice).
Chooser = Callable[[AnyGame, int, Sequence[Any]], Any]


def playout(
    ruleset: Ruleset[Any, Any, Any],
    setup: Setup | str,
    seed: int,
    decisions: int,
    choose: Chooser | None = None,
) -> Iterator[AnyGame]:
    """The game of ``seed``, yielded at each of its first ``decisions`` decisions and at its
    end (the same object, played on between yields)."""
    game = Game(ruleset, setup, seed)
    rng = random.Random(seed)
    pick = choose or (lambda g, p, legal: legal[rng.randrange(len(legal))])
    seats = [By(game, pick)] * len(game.setup.seats)
    for _ in range(decisions):
        yield game
        if not drive(game, seats, limit=1):  # one round of answers; none: the game is over
            return
    yield game


class By:
    """An agent choosing with ``choose(game, player, legal)``: a test's scripted player, a
    seat of :func:`aerodrome.engine.driver.drive`."""

    def __init__(self, game: AnyGame, choose: Chooser) -> None:
        self.game = game
        self.pick = choose

    def choose(self, view: PlayerView[Any, Any], legal: Sequence[Any]) -> Any:
        return self.pick(self.game, view.player, legal)


def uniform(rng: random.Random) -> Chooser:
    """A chooser drawing uniformly from ``rng``."""
    return lambda game, player, legal: legal[rng.randrange(len(legal))]


def seats(game: AnyGame, choose: Chooser) -> list[By]:
    """Every seat of ``game`` played by ``choose``."""
    return [By(game, choose)] * len(game.setup.seats)


def rounds(game: AnyGame, players: Sequence[Any], *observers: Observer) -> Iterator[AnyGame]:
    """``game`` after each round of answers of ``players`` (drive, a round at a time), until
    it is over."""
    while drive(game, players, *observers, limit=1):
        yield game


def seat_moments(games: Iterable[AnyGame]) -> Iterator[tuple[AnyGame, int, Any, list[Event]]]:
    """At each moment of ``games`` (one game played on), for every seat: the game, the seat,
    its observation and the events its log gained since the moment before."""
    seen: list[int] = []
    for game in games:
        seats = len(game.setup.seats)
        seen += [0] * (seats - len(seen))
        for player in range(seats):
            log = game.log_for(player)
            fresh = list(log[seen[player] :])
            seen[player] = len(log)
            yield game, player, game.observation(player), fresh
