"""A PettingZoo AEC environment for any registered ruleset.

Agents are the seats of the set-up, ``seat_0``, ``seat_1``... (``env.seats[agent]`` is the
:class:`~aerodrome.engine.ruleset.Seat`: its name and side). Every agent has the same spaces:

- action space ``Discrete(layout.actions)``: the ruleset's own action numbering, or an
  action's place in the legal list (see :mod:`aerodrome.bridges.rl.layout`);
- observation space ``Dict(observation=Box(-inf, inf, (layout.observation,), float32),
  action_mask=Box(0, 1, (layout.actions,), int8))``: the seat's observation as numbers and
  1 for each legal action (all 0 for a seat that owes nothing now).

The selected agent is the first seat the game waits for. **Simultaneous decisions** (orders,
passes) are played one seat at a time in seat order, and each seat's answer is committed to
the game at once, in secret: the game shows the next seat nothing of it (no observation,
mask or legal action depends on an answer not yet revealed: the core's contract, checked by
the conformance suite), and resolves the decision when the last seat has answered. So a seat
acting later in a simultaneous decision knows no more than one acting first.

``is_parallelizable`` is False: PettingZoo's ``aec_to_parallel`` steps every agent once a
cycle in agent order, and a game asks its seats in the order of its rules (a seat may answer
several decisions in a row). :func:`aerodrome.bridges.rl.parallel_env` is the Parallel environment.

``flat=True``: the observation is the ``Box`` vector alone and each agent's mask is in
``infos[agent]["action_mask"]`` (what ``last()`` returns), for SuperSuit's observation
wrappers, which take only a ``Box``.

An action number that is out of range or not legal now is an :class:`IllegalActionError`;
a legal-action list longer than the generic action space is an
:class:`~aerodrome.bridges.rl.layout.ActionSpaceError` (or truncated, with ``overflow="truncate"``).
Rewards: :mod:`aerodrome.bridges.rl.rewards`. ``render()`` draws a view with the ruleset's
``draw`` (``"ansi"``: the text, ``"human"``: printed) or ``draw_svg`` (``"svg"``: the SVG
text); the view is the referee's unless ``render_seat`` is given (a picture for people, never
an agent's input).
"""

from __future__ import annotations

import io
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from aerodrome.bridges.rl.layout import Layout, find_layout
from aerodrome.bridges.rl.rewards import Shaping, outcome
from aerodrome.bridges.rl.translate import Translator
from aerodrome.engine.capabilities import material_of
from aerodrome.engine.describe import picture as drawing
from aerodrome.engine.describe import svg as svg_of
from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.game import Game
from aerodrome.engine.ruleset import Ruleset, Seat, Setup

RENDER_MODES = ("human", "ansi", "svg")


def agent_name(player: int) -> str:
    """The agent of seat ``player``: ``seat_0``, ``seat_1``..."""
    return f"seat_{player}"


def spaces(layout: Layout) -> tuple[gymnasium.spaces.Dict, gymnasium.spaces.Discrete]:
    """The observation and action space of every seat of ``layout``."""
    observation = gymnasium.spaces.Dict(
        {
            "observation": gymnasium.spaces.Box(-np.inf, np.inf, (layout.observation,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (layout.actions,), np.int8),
        }
    )
    return observation, gymnasium.spaces.Discrete(layout.actions)


class AerodromeEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment of one ruleset × set-up (build it with :func:`aerodrome.bridges.rl.env`)."""

    metadata = {
        "name": "aerodrome_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
    }

    def __init__(
        self,
        ruleset: Ruleset[Any, Any, Any],
        setup: Setup | str | None = None,
        seed: int | None = None,
        *,
        layout: Layout | None = None,
        shaping: float = 0.0,
        overflow: str = "error",
        render_mode: str | None = None,
        render_seat: int | None = None,
        flat: bool = False,
    ) -> None:
        super().__init__()
        self.flat = bool(flat)
        self.ruleset = ruleset
        self.setup: Setup = setup if isinstance(setup, Setup) else ruleset.setup(setup)
        self.layout = layout if layout is not None else find_layout(ruleset, self.setup)
        self.translator = Translator(ruleset, self.setup, self.layout, overflow=overflow)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise AerodromeError(
                f"render_mode must be one of {', '.join(RENDER_MODES)}, not {render_mode!r}"
            )
        self.render_mode = render_mode
        self.render_seat = render_seat
        self.shaping = float(shaping)
        self.possible_agents = [agent_name(p) for p in range(len(self.setup.seats))]
        self.seats: dict[str, Seat] = dict(zip(self.possible_agents, self.setup.seats, strict=True))
        self._player = {a: p for p, a in enumerate(self.possible_agents)}
        observation, action = spaces(self.layout)
        shown: gymnasium.spaces.Space[Any] = observation["observation"] if flat else observation
        self.observation_spaces = {a: shown for a in self.possible_agents}
        self.action_spaces = {a: action for a in self.possible_agents}
        self._seeds = _Seeds(seed)
        self._game: Game[Any, Any, Any] | None = None
        self._shaping: Shaping | None = None
        self._potential: list[float] = []
        self._paid = False

    # -- spaces ------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    def seat_of(self, agent: str) -> int:
        """The seat number (player id) of ``agent``."""
        return self._player[agent]

    @property
    def game(self) -> Game[Any, Any, Any]:
        """The game being played (after :meth:`reset`)."""
        if self._game is None:
            raise AerodromeError("the environment has no game yet: call reset() first")
        return self._game

    # -- the AEC API -------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game seeded ``seed`` (else the next seed of the environment's stream).
        ``options={"game": game}`` starts from (a clone of) an existing game of the same
        ruleset and set-up instead: a position, a determinisation. Other options are ignored.
        A game that is over (given, or ended by its round cap before its first decision) is a
        one-line error: an episode never starts finished."""
        given = (options or {}).get("game")
        if given is not None:
            if (
                not isinstance(given, Game)
                or given.ruleset.name != self.ruleset.name
                or given.setup != self.setup
            ):
                raise AerodromeError(
                    f"options['game'] must be a game of {self.ruleset.name} {self.setup.name}"
                )
            game: Game[Any, Any, Any] = given.clone()
        else:
            game = Game(self.ruleset, self.setup, self._seeds.next(seed), record=False)
        self._game = game
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._paid = False
        if self.shaping:
            material = material_of(self.ruleset, game.state)
            self._shaping = Shaping(self.setup.seats, material)
            self._potential = self._shaping.potentials(material)
        if game.is_over():
            # an episode never starts finished (PettingZoo's api_test: no agent done after reset)
            what = "the game given" if given is not None else f"game {game.seed}"
            raise AerodromeError(
                f"{self.ruleset.name} {self.setup.name}: {what} is over before its first "
                f"decision (round cap {self.setup.max_rounds}: too small to play one?); an "
                "episode never starts finished"
            )
        self.agent_selection = agent_name(game.waiting_for()[0])
        if self.flat:
            self._masks()

    def observe(self, agent: str) -> Any:
        game = self._game
        seen = self.translator.observe(self.game if game is None else game, self._player[agent])
        return seen["observation"] if self.flat else seen

    def _masks(self) -> None:
        """``flat``: every agent's mask in its info (all zero for a seat owing nothing)."""
        game = self.game
        for a in self.agents:
            p = self._player[a]
            self.infos[a]["action_mask"] = self.translator.mask(game.legal_actions(p), p, game)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self._game
        assert game is not None
        player = self._player[agent]
        game.apply(player, self.translator.action(action, game.legal_actions(player), player, game))
        self._cumulative_rewards[agent] = 0.0
        rewards = self.rewards
        if self._paid:  # the last step paid somebody: this step starts from nothing
            for a in rewards:
                rewards[a] = 0.0
            self._paid = False
        if self._shaping is not None:
            potential = self._shaping.potentials(material_of(self.ruleset, game.state))
            for p, a in enumerate(self.possible_agents):
                rewards[a] = self.shaping * (potential[p] - self._potential[p])
            self._potential = potential
            self._paid = True
        if game.is_over():
            self._end()
            self._paid = True
        else:
            self.agent_selection = self.possible_agents[game.waiting_for()[0]]
        if self._paid:
            self._accumulate_rewards()
        if self.flat:
            self._masks()

    def _end(self) -> None:
        """The game is over: the outcome to every seat, every agent done."""
        result = self.game.result()
        done = self.terminations if result.finished else self.truncations
        info = {"winners": result.winners, "reason": result.reason, "finished": result.finished}
        for a in self.agents:
            self.rewards[a] = self.rewards.get(a, 0.0) + outcome(result, self.seats[a].side)
            done[a] = True
            self.infos[a] = dict(info)
        if not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]

    # -- pictures ----------------------------------------------------------------------------
    def render(self) -> str | None:
        """The ruleset's picture of the game (see the module docstring)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        view = self.game.observation(self.render_seat)
        if self.render_mode == "svg":
            svg = svg_of(self.ruleset, view)
            if svg is None:
                raise AerodromeError(
                    f"ruleset {self.ruleset.name!r} draws no SVG (it has no Presentation)"
                )
            return svg
        text = picture(self.ruleset, view)
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    def close(self) -> None:
        """Nothing to release (no window): here because PettingZoo wants it beside render."""


def picture(ruleset: Ruleset[Any, Any, Any], view: Any) -> str:
    """The ruleset's terminal picture of ``view`` as plain text (text is never markup;
    control and bidi characters escaped, :func:`aerodrome.engine.terminal.escape`)."""
    from rich.console import Console
    from rich.text import Text

    from aerodrome.engine.terminal import escape

    drawn = drawing(ruleset, view)
    buffer = io.StringIO()
    console = Console(file=buffer, width=120, color_system=None, force_terminal=False)
    console.print(Text(drawn) if isinstance(drawn, str) else drawn)
    return escape(buffer.getvalue())


class _Seeds:
    """The seeds of an environment's games: ``reset(seed=s)`` plays seed ``s``; each reset
    without a seed then plays the next seed of a stream derived from ``s`` (from the
    environment's ``seed`` before any reset gave one, its first game playing ``seed`` itself;
    from a random start when neither was given)."""

    def __init__(self, seed: int | None) -> None:
        self.base = None if seed is None else int(seed)
        self.count = 0

    def next(self, seed: int | None) -> int:
        from aerodrome.engine.dice import derive_seed

        if seed is not None:
            self.base, self.count = int(seed), 0
        elif self.base is None:
            import secrets

            self.base, self.count = secrets.randbits(31), 0
        n, self.count = self.count, self.count + 1
        return self.base if n == 0 else derive_seed(self.base, "rl-episode", n)
