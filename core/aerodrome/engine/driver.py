"""One play driver for every loop: simulate, compare, tournament, play, learning
environments, the campaign, the conformance kit, search rollouts.

``drive(game, seats, *observers)`` lets the seats answer what the game asks until it is over.
``seats[player]`` is the agent of that player, or ``None`` for a seat answered from outside
(a person at a terminal or a browser, a learning agent, the caller): when the game waits
only on such seats, ``drive`` returns, the caller gets their answer and hands it over with
:func:`answer`, then calls ``drive`` again. The players a decision waits for answer in seat
order, the agents among them first when some seats are external (a simultaneous decision:
nobody sees another's commitment, so the order changes nothing a player may see).

Observers (:class:`Observer`) see the start, each decision asked of a seat (the player and
its legal actions), each action taken, and the end; with none, the loop is as tight as a
bare loop over ``waiting_for()``. ``limit`` bounds the decisions made (a search's rollout):
it is checked before each round of answers, as a rollout cut checks its depth.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from aerodrome.engine.agents import Agent, PlayerView

if TYPE_CHECKING:
    from aerodrome.engine.data import Action
    from aerodrome.engine.game import Game

__all__ = ["Observer", "answer", "drive"]


class Observer:
    """What a driven game shows to those who watch it (a trace, an autosave, a recording, a
    screen). Override what you need; every method does nothing here."""

    __slots__ = ()

    def start(self, game: Game[Any, Any, Any]) -> None:
        """``game`` is about to be played from its start (nobody has answered yet)."""

    def decision(self, game: Game[Any, Any, Any], player: int, legal: Sequence[Action]) -> None:
        """``player`` is about to answer, choosing among ``legal``."""

    def action(self, game: Game[Any, Any, Any], player: int, action: Action) -> None:
        """``player`` answered ``action`` (already applied)."""

    def end(self, game: Game[Any, Any, Any]) -> None:
        """``game`` is over."""


def drive(
    game: Game[Any, Any, Any],
    seats: Sequence[Agent | None],
    *observers: Observer,
    limit: int | None = None,
) -> int:
    """Play ``game`` with ``seats`` (one per player: an agent, or ``None`` for an external
    seat) until it is over, it waits only on external seats, or ``limit`` decisions have
    been made (checked before each round of answers). Returns the decisions made."""
    if not observers and limit is None and all(s is not None for s in seats):
        return _tight(game, seats)  # type: ignore[arg-type]
    views = [PlayerView(game, p) for p in range(len(seats))]
    made = 0
    if observers and not game.history and not game.is_over():
        for o in observers:
            o.start(game)
    while not game.is_over():
        if limit is not None and made >= limit:
            return made
        waiting = game.waiting_for()
        agents = [p for p in waiting if seats[p] is not None]
        if not agents:
            return made  # only external seats owe an answer
        for player in agents:
            legal = game.legal_actions(player)
            for o in observers:
                o.decision(game, player, legal)
            agent = seats[player]
            assert agent is not None
            chosen = agent.choose(views[player], legal)
            game.apply(player, chosen)
            made += 1
            for o in observers:
                o.action(game, player, chosen)
    for o in observers:
        o.end(game)
    return made


def _tight(game: Game[Any, Any, Any], agents: Sequence[Agent]) -> int:
    """Every seat an agent, nobody watching, no limit: the bare loop."""
    views = [PlayerView(game, p) for p in range(len(agents))]
    made = 0
    apply, waiting_for, legal_actions = game.apply, game.waiting_for, game.legal_actions
    while not game.is_over():
        for player in waiting_for():
            apply(player, agents[player].choose(views[player], legal_actions(player)))
            made += 1
    return made


def answer(game: Game[Any, Any, Any], player: int, action: Action, *observers: Observer) -> None:
    """Apply an external seat's ``action`` for ``player`` and show it to ``observers`` (as
    :func:`drive` shows its seats' actions); the caller then drives on."""
    for o in observers:
        o.decision(game, player, game.legal_actions(player))
    game.apply(player, action)
    for o in observers:
        o.action(game, player, action)
