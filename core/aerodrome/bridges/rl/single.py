"""A Gymnasium single-agent environment: one learning seat, registered agents in the others.

``SeatEnv(ruleset, setup, seed, seat=0, opponents="random")`` plays the other seats with
agents from the plugin registry by name (``random``, ``bot``, a ruleset's own agents, or the
``mcts`` agent where registered: ``aerodrome agents RULESET`` lists them). ``opponents`` is
one name for every other seat (partners of the learning seat included) or a mapping
seat → name. Each opponent is made afresh for every game and seeded like a simulation's
agent (``agent_seed(game seed, seat)``), and sees only its :class:`~aerodrome.engine.agents.PlayerView`.

``reset()`` plays the opponents until the learning seat must act (or the game is over);
``step(action)`` applies the learning seat's action, then plays the opponents again. The
observation is the AEC environment's (``observation`` and ``action_mask``);
``action_masks()`` gives the mask too (the convention of maskable PPO implementations). The
reward is the learning seat's outcome (and shaping, if asked): see :mod:`aerodrome.bridges.rl.rewards`.

Options for checkers and wrappers (docs/howto-rl.md):

- ``illegal="raise"`` (the default): an action number that is not legal now is an
  :class:`~aerodrome.engine.errors.IllegalActionError`; ``illegal="penalty"``: it ends the episode
  (``terminated``) with reward ``penalty`` and ``info["illegal"]`` set, the game unchanged,
  so that an agent sampling the whole ``Discrete`` space (gymnasium's and Stable-Baselines3's
  ``check_env``, an unmasked algorithm) learns to avoid it;
- ``flat=True``: the observation is the ``Box`` vector alone and the mask goes in
  ``info["action_mask"]`` (and ``action_masks()``), for wrappers that take only a ``Box``
  (SuperSuit's, frame stacking, normalisation).

``reset()`` never starts a finished episode: a game that ends before the learning seat's
first decision (a round cap too small to play one) is a one-line error naming the set-up.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np

from aerodrome.bridges.rl.aec import RENDER_MODES, _Seeds, picture, spaces
from aerodrome.bridges.rl.layout import Layout, find_layout
from aerodrome.bridges.rl.rewards import Shaping, outcome
from aerodrome.bridges.rl.translate import Mask, Translator
from aerodrome.engine.agents import Agent, agent_seed
from aerodrome.engine.capabilities import material_of
from aerodrome.engine.describe import svg as svg_of
from aerodrome.engine.driver import drive
from aerodrome.engine.errors import AerodromeError, IllegalActionError
from aerodrome.engine.game import Game
from aerodrome.engine.ruleset import Ruleset, Setup
from aerodrome.plugins import Plugins, default_plugins

#: What an illegal action number does (see the module docstring).
ILLEGAL = ("raise", "penalty")


class SeatEnv(gymnasium.Env[Any, np.int64]):
    """One seat of a ruleset × set-up as a Gymnasium environment (see the module docstring)."""

    metadata = {"render_modes": list(RENDER_MODES)}

    def __init__(
        self,
        ruleset: Ruleset[Any, Any, Any] | str,
        setup: Setup | str | None = None,
        seed: int | None = None,
        *,
        seat: int = 0,
        opponents: str | Mapping[int, str] = "random",
        layout: Layout | None = None,
        shaping: float = 0.0,
        overflow: str = "error",
        render_mode: str | None = None,
        plugins: Plugins | None = None,
        illegal: str = "raise",
        penalty: float = -1.0,
        flat: bool = False,
    ) -> None:
        plugins = plugins if plugins is not None else default_plugins()
        if illegal not in ILLEGAL:
            raise AerodromeError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        self.illegal = illegal
        self.penalty = float(penalty)
        self.flat = bool(flat)
        self.ruleset = plugins.ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        self.setup: Setup = setup if isinstance(setup, Setup) else self.ruleset.setup(setup)
        seats = len(self.setup.seats)
        if not 0 <= seat < seats:
            raise AerodromeError(
                f"seat must be from 0 to {seats - 1} in {self.setup.name}, not {seat}"
            )
        self.seat = seat
        names = (
            {p: opponents for p in range(seats) if p != seat}
            if isinstance(opponents, str)
            else dict(opponents)
        )
        missing = sorted(set(range(seats)) - {seat} - set(names))
        if missing or seat in names:
            raise AerodromeError(
                f"opponents must name an agent for every seat but {seat} (seats 0 to {seats - 1})"
            )
        self.opponents = {
            p: plugins.agent(self.ruleset.name, name) for p, name in sorted(names.items())
        }
        self.layout = layout if layout is not None else find_layout(self.ruleset, self.setup)
        self.translator = Translator(self.ruleset, self.setup, self.layout, overflow=overflow)
        observation, self.action_space = spaces(self.layout)
        self.observation_space: gymnasium.spaces.Space[Any] = (
            observation["observation"] if self.flat else observation
        )
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise AerodromeError(
                f"render_mode must be one of {', '.join(RENDER_MODES)}, not {render_mode!r}"
            )
        self.render_mode = render_mode
        self.shaping = float(shaping)
        self._seeds = _Seeds(seed)
        self._game: Game[Any, Any, Any] | None = None
        self._agents: dict[int, Agent] = {}
        self._seats: list[Agent | None] = []
        self._shaping: Shaping | None = None
        self._potential = 0.0
        self._ended = False

    @property
    def game(self) -> Game[Any, Any, Any]:
        """The game being played (after :meth:`reset`)."""
        if self._game is None:
            raise AerodromeError("the environment has no game yet: call reset() first")
        return self._game

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = self._seeds.next(seed)
        self._game = game = Game(self.ruleset, self.setup, game_seed, record=False)
        self._agents = {
            p: spec.factory(self.ruleset, p, agent_seed(game_seed, p))
            for p, spec in self.opponents.items()
        }
        self._seats = [self._agents.get(p) for p in range(len(self.setup.seats))]
        if self.shaping:
            material = material_of(self.ruleset, game.state)
            self._shaping = Shaping(self.setup.seats, material)
            self._potential = self._shaping.potentials(material)[self.seat]
        self._play_opponents()
        if game.is_over():
            raise AerodromeError(
                f"{self.ruleset.name} {self.setup.name}: game {game_seed} ends before seat "
                f"{self.seat} has a decision to make (round cap {self.setup.max_rounds}: too "
                "small to play one?); an episode never starts finished"
            )
        self._ended = False
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        game = self.game
        if game.is_over() or self._ended:
            raise AerodromeError("the episode is over: call reset()")
        legal = game.legal_actions(self.seat)
        try:
            chosen = self.translator.action(action, legal, self.seat, game)
        except IllegalActionError as error:
            if self.illegal == "raise":
                raise
            self._ended = True
            info = self._info()
            info["illegal"] = str(error)
            return self._observe(), self.penalty, True, False, info
        game.apply(self.seat, chosen)
        self._play_opponents()
        reward = 0.0
        if self._shaping is not None:
            potential = self._shaping.potentials(material_of(self.ruleset, game.state))[self.seat]
            reward += self.shaping * (potential - self._potential)
            self._potential = potential
        terminated = truncated = False
        if game.is_over():
            result = game.result()
            reward += outcome(result, self.setup.seats[self.seat].side)
            terminated, truncated = result.finished, not result.finished
        return self._observe(), reward, terminated, truncated, self._info()

    def action_masks(self) -> Mask:
        """The legal actions of the learning seat now (1: legal)."""
        game = self.game
        return self.translator.mask(game.legal_actions(self.seat), self.seat, game)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        view = self.game.observation(None)
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

    # -- helpers -----------------------------------------------------------------------------
    def _play_opponents(self) -> None:
        """Let the opponents answer until only the learning seat owes an answer or the game
        ends (:func:`aerodrome.engine.driver.drive`, the learning seat external: in a simultaneous
        decision the opponents commit first; the game shows the learning seat nothing of
        their answers)."""
        drive(self.game, self._seats)

    def _observe(self) -> Any:
        seen = self.translator.observe(self.game, self.seat)
        return seen["observation"] if self.flat else seen

    def _info(self) -> dict[str, Any]:
        game = self.game
        info: dict[str, Any] = {"action_mask": self.action_masks()} if self.flat else {}
        if game.is_over():
            result = game.result()
            info.update(winners=result.winners, reason=result.reason, finished=result.finished)
        return info
