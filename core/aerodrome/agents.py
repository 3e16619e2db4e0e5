"""Agents: whatever chooses actions for a seat.

An agent sees only a :class:`PlayerView` (its observation, the decision, its legal actions),
never the hidden state. Each agent has its own random generator, seeded from the game seed
and its seat, so agents never disturb the game's dice: a replay needs only the actions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol

import msgspec
from typing_extensions import TypeVar

from aerodrome.data import Action
from aerodrome.dice import derive_seed

if TYPE_CHECKING:
    from aerodrome.game import Game
    from aerodrome.ruleset import Ruleset
    from aerodrome.turns import Decision

O = TypeVar("O", bound=msgspec.Struct, default=msgspec.Struct)  # noqa: E741 (observation)
A = TypeVar("A", bound=Action, default=Action)


class PlayerView(Generic[O, A]):
    """What one player may know: observation, current decision, legal actions."""

    __slots__ = ("_game", "player")

    def __init__(self, game: Game[Any, O, A], player: int) -> None:
        self._game = game
        self.player = player

    @property
    def decision(self) -> Decision | None:
        return self._game.decision()

    @property
    def round(self) -> int:
        return self._game.round

    def observation(self) -> O:
        """The player's observation: a frozen value (changing it changes nothing)."""
        return self._game.observation(self.player)

    def legal_actions(self) -> Sequence[A]:
        return self._game.legal_actions(self.player)


class Agent(Protocol):
    """Chooses one of ``legal`` for the player of ``view``."""

    def choose(self, view: PlayerView[Any, Any], legal: Sequence[Action]) -> Action: ...


AgentFactory = Callable[["Ruleset[Any, Any, Any]", int, int], Agent]
"""``factory(ruleset, player, seed) -> Agent``."""


@dataclass(frozen=True)
class AgentSpec:
    """A registered agent: ``name``, for ``ruleset`` (``None``: any ruleset).

    ``bot_rules``: the agent plays by the rulebook's rules for bots (a solo-play procedure
    such as Dockfighters' Konrad), so its seat is a bot seat (:attr:`aerodrome.Seat.bot`).
    """

    name: str
    factory: AgentFactory
    summary: str
    ruleset: str | None = None
    bot_rules: bool = False


class RandomAgent:
    """Picks uniformly among the legal actions."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView[Any, Any], legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]


def agent_seed(game_seed: int, player: int) -> int:
    """The seed of the agent sitting at ``player`` in a game seeded ``game_seed``."""
    return derive_seed(game_seed, "agent", player)


def random_agent(ruleset: Ruleset[Any, Any, Any], player: int, seed: int) -> Agent:
    return RandomAgent(seed)


RANDOM = AgentSpec("random", random_agent, "uniformly random legal actions")


def play_out(game: Game[Any, Any, Any], agents: Sequence[Agent]) -> int:
    """Let ``agents`` (one per player id) play ``game`` to its end; returns the number of
    decisions they made."""
    views = [PlayerView(game, p) for p in range(len(agents))]
    decisions = 0
    while not game.is_over():
        for player in game.waiting_for():
            legal = game.legal_actions(player)
            game.apply(player, agents[player].choose(views[player], legal))
            decisions += 1
    return decisions
