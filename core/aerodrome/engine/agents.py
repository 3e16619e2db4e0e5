"""Agents: whatever chooses actions for a seat.

An agent sees only a :class:`PlayerView` (its observation, the decision, its legal actions),
never the hidden state; a searching agent asks the view for determinised games
(:meth:`PlayerView.determinised`), never for the real one. Each agent has its own random
generator, seeded from the game seed and its seat, so agents never disturb the game's dice:
a replay needs only the actions.

Agent names may take parameters after a colon (``mcts:500``, ``mcts:200ms:bot``): an
:class:`AgentSpec` with a ``configure`` function parses them (see
:meth:`aerodrome.plugins.Plugins.agent`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, runtime_checkable

import msgspec
from typing_extensions import TypeVar

from aerodrome.engine.data import Action
from aerodrome.engine.dice import derive_seed
from aerodrome.engine.errors import AerodromeError

if TYPE_CHECKING:
    from aerodrome.engine.game import Game
    from aerodrome.engine.ruleset import Ruleset, Setup
    from aerodrome.engine.turns import Decision, Turn

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
    def setup(self) -> Setup:
        """The set-up of the game (public: every seat knows which game it plays)."""
        return self._game.setup

    @property
    def turn(self) -> Turn:
        """Where the game is (round, phase, step): :meth:`aerodrome.engine.game.Game.turn`."""
        return self._game.turn()

    def observation(self) -> O:
        """The player's observation: a frozen value (changing it changes nothing)."""
        return self._game.observation(self.player)

    def legal_actions(self) -> Sequence[A]:
        return self._game.legal_actions(self.player)

    def determinised(self, seed: int, *, record: bool | None = None) -> Game[Any, O, A]:
        """A game this player cannot tell from the real one, in which everything the player
        cannot see is resampled and the future dice come from ``seed`` (see
        :meth:`aerodrome.engine.game.Game.determinised`): what a searching agent may look ahead
        in. The view never hands out the real game. ``record=False``: the game keeps no log
        and builds no events (a search's rollouts need none); ``None``: as the real game."""
        return self._game.determinised(self.player, seed, record=record)


class Agent(Protocol):
    """Chooses one of ``legal`` for the player of ``view``."""

    def choose(self, view: PlayerView[Any, Any], legal: Sequence[Action]) -> Action: ...


Ranked = tuple[Action, float]
"""A candidate action and the score its agent gave it (higher is better)."""


@runtime_checkable
class Ranking(Protocol):
    """An agent that can say which actions it would consider, not only which one it picks:
    a rules-based bot exposes the scores it already computes, and a search agent takes its
    candidates from them (:mod:`aerodrome.search.ranking`).

    ``rank(view, legal)`` returns candidates best first with their scores (comparable within
    one call only). The first is the action ``choose(view, legal)`` would return; it may
    leave out actions it holds equivalent to a listed one (classic's moves are grouped by
    plane, end square and facing, the safest path kept) and never lists an action that is
    not in ``legal``. A call of ``rank`` stands for a call of ``choose``: an agent that
    remembers its plans remembers them as if it had chosen."""

    def choose(self, view: PlayerView[Any, Any], legal: Sequence[Action]) -> Action: ...

    def rank(self, view: PlayerView[Any, Any], legal: Sequence[Action]) -> Sequence[Ranked]: ...


AgentFactory = Callable[["Ruleset[Any, Any, Any]", int, int], Agent]
"""``factory(ruleset, player, seed) -> Agent``."""


class AgentParameterError(AerodromeError):
    """An agent name's parameters (``mcts:500``) are malformed; the message says which."""


AgentLookup = Callable[[str], "AgentSpec"]
"""Finds another agent of the same ruleset by name (e.g. a search agent's rollout bot)."""

AgentConfigure = Callable[[str, AgentLookup], AgentFactory]
"""``configure(parameters, lookup) -> factory``: parses what follows ``name:`` in an agent
name (``""`` for the plain name when the spec sets ``configure_plain``: the defaults, which
may depend on the ruleset's other agents); raises :class:`AgentParameterError` with a
one-line message."""


@dataclass(frozen=True)
class AgentSpec:
    """A registered agent: ``name``, for ``ruleset`` (``None``: any ruleset).

    :param bot_rules: the agent plays by the rulebook's rules for bots (a solo-play procedure
        such as Dockfighters' Konrad), so its seat is a bot seat (:attr:`aerodrome.Seat.bot`).
    :param configure: when set, the agent takes parameters: ``name:PARAMS`` is built by
        ``configure(PARAMS, lookup)``; plain ``name`` still uses ``factory``, unless
        ``configure_plain``: then plain ``name`` is ``configure("", lookup)`` (defaults that
        depend on the ruleset, e.g. the search's rollouts by the ruleset's bot).
    :param parameters: how the parameters are written, for help texts and errors.
    """

    name: str
    factory: AgentFactory
    summary: str
    ruleset: str | None = None
    bot_rules: bool = False
    configure: AgentConfigure | None = None
    parameters: str = ""
    configure_plain: bool = False


class RandomAgent:
    """Picks uniformly among the legal actions."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView[Any, Any], legal: Sequence[Action]) -> Action:
        # ``randrange(n)`` draws ``_randbelow(n)`` once its checks pass (CPython's random.py):
        # the same draw without the checks' Python frame, at every decision of a random game
        n = len(legal)
        if n < 1:
            raise ValueError("no legal action to choose from")
        return legal[self.rng._randbelow(n)]  # type: ignore[attr-defined]


def agent_seed(game_seed: int, player: int) -> int:
    """The seed of the agent sitting at ``player`` in a game seeded ``game_seed``."""
    return derive_seed(game_seed, "agent", player)


def random_agent(ruleset: Ruleset[Any, Any, Any], player: int, seed: int) -> Agent:
    return RandomAgent(seed)


RANDOM = AgentSpec("random", random_agent, "uniformly random legal actions")
