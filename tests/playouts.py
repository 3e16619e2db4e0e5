"""Seeded games walked decision by decision, for tests that look at every moment of a game
(the sentences, pictures and numbers a seat gets)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from aerodrome import Game
from aerodrome.events import Event
from aerodrome.ruleset import Ruleset, Setup

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
    for _ in range(decisions):
        yield game
        if game.is_over():
            return
        for player in game.waiting_for():
            legal = game.legal_actions(player)
            game.apply(
                player, choose(game, player, legal) if choose else legal[rng.randrange(len(legal))]
            )
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
