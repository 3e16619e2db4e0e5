"""A PettingZoo Parallel environment: every seat owing an answer to the current decision
answers in the same step (:func:`aerodrome.bridges.rl.parallel_env`).

One ``step(actions)`` resolves one decision of the game. A **simultaneous** decision
(df40k's orders, Victoriana's manoeuvres, the joust's passes) takes the answers of all its
players at once, as the rules have them given; a decision owed by one seat takes that seat's
answer, and the other live agents' actions are ignored (their masks are all zero then:
sampling a masked space gives them any number). Spaces, observations, rewards and seeds are
the AEC environment's (:mod:`aerodrome.bridges.rl.aec`).

Why a native Parallel environment rather than PettingZoo's ``aec_to_parallel``: that
conversion steps every agent once per cycle in agent order, while a game asks its seats in
the order of its rules (a seat may answer several decisions in a row, or none for a while),
so the AEC environment says ``is_parallelizable: False`` — honestly — and this one is built
on the game directly.

``illegal="raise"`` (default): a number that is not legal for a seat that owes an answer is
an :class:`~aerodrome.engine.errors.IllegalActionError`, and a seat that owes one and gives none an
:class:`~aerodrome.engine.errors.AerodromeError`; ``illegal="penalty"``: either ends the episode,
every agent terminated, the offending seat(s) rewarded ``penalty`` (what an unmasked sampler,
such as PettingZoo's ``parallel_seed_test``, needs). ``flat=True``: observations are the
``Box`` vector alone, the mask in ``infos[agent]["action_mask"]``.
"""

from __future__ import annotations

import pickle
from typing import Any

import gymnasium
from pettingzoo import ParallelEnv  # type: ignore[import-untyped]

from aerodrome.bridges.rl.aec import RENDER_MODES, _Seeds, agent_name, picture, spaces
from aerodrome.bridges.rl.layout import Layout, find_layout
from aerodrome.bridges.rl.rewards import outcome
from aerodrome.bridges.rl.translate import Translator
from aerodrome.engine.errors import AerodromeError, IllegalActionError
from aerodrome.engine.game import Game
from aerodrome.engine.lineage import Plugged
from aerodrome.engine.ruleset import Ruleset, Seat, Setup

ILLEGAL = ("raise", "penalty")


class ParallelAerodromeEnv(ParallelEnv):  # type: ignore[misc]
    """The Parallel environment of one ruleset × set-up (see the module docstring)."""

    metadata = {
        "name": "aerodrome_parallel_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": True,
    }

    def __init__(
        self,
        ruleset: Ruleset[Any, Any, Any],
        setup: Setup | str | None = None,
        seed: int | None = None,
        *,
        layout: Layout | None = None,
        overflow: str = "error",
        render_mode: str | None = None,
        render_seat: int | None = None,
        illegal: str = "raise",
        penalty: float = -1.0,
        flat: bool = False,
    ) -> None:
        if illegal not in ILLEGAL:
            raise AerodromeError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise AerodromeError(
                f"render_mode must be one of {', '.join(RENDER_MODES)}, not {render_mode!r}"
            )
        self.ruleset = ruleset
        self.setup: Setup = setup if isinstance(setup, Setup) else ruleset.setup(setup)
        self.layout = layout if layout is not None else find_layout(ruleset, self.setup)
        self.translator = Translator(ruleset, self.setup, self.layout, overflow=overflow)
        self.render_mode = render_mode
        self.render_seat = render_seat
        self.illegal = illegal
        self.penalty = float(penalty)
        self.flat = bool(flat)
        self.possible_agents = [agent_name(p) for p in range(len(self.setup.seats))]
        self._player = {a: p for p, a in enumerate(self.possible_agents)}
        self.agents: list[str] = []
        self.seats: dict[str, Seat] = dict(zip(self.possible_agents, self.setup.seats, strict=True))
        observation, action = spaces(self.layout)
        shown: gymnasium.spaces.Space[Any] = observation["observation"] if flat else observation
        self.observation_spaces = {a: shown for a in self.possible_agents}
        self.action_spaces = {a: action for a in self.possible_agents}
        self._seeds = _Seeds(seed)
        self._game: Game[Any, Any, Any] | None = None
        self._options = {
            "layout": self.layout,
            "overflow": overflow,
            "render_mode": render_mode,
            "render_seat": render_seat,
            "illegal": illegal,
            "penalty": penalty,
            "flat": flat,
        }

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (SuperSuit's vector environments copy an environment so): the ruleset as
        the plugins made it (its name, variants and parameters), the set-up, the options,
        the game in progress (by its lineage) and the seed stream. A ruleset made by hand is
        a one-line :class:`pickle.PicklingError`."""
        plugged = self.ruleset.plugged
        if plugged is None or not plugged.name or not plugged.restorable:
            raise pickle.PicklingError(
                f"an environment of ruleset {self.ruleset.name!r} made by hand (not by the "
                "plugins' ruleset()) cannot be pickled"
            )
        state = (self._game, list(self.agents), self._seeds.base, self._seeds.count)
        return (_restore, (plugged, self.setup, self._options, state))

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def game(self) -> Game[Any, Any, Any]:
        """The game being played (after :meth:`reset`)."""
        if self._game is None:
            raise AerodromeError("the environment has no game yet: call reset() first")
        return self._game

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        """A new game seeded ``seed`` (else the next seed of the environment's stream); a
        game over before its first decision is a one-line error (never a finished start)."""
        game = Game(self.ruleset, self.setup, self._seeds.next(seed), record=False)
        if game.is_over():
            raise AerodromeError(
                f"{self.ruleset.name} {self.setup.name}: game {game.seed} is over before its "
                f"first decision (round cap {self.setup.max_rounds}: too small to play one?); "
                "an episode never starts finished"
            )
        self._game = game
        self.agents = list(self.possible_agents)
        return self._observations(), self._infos({})

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Any],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        game = self.game
        agents = self.agents
        if not agents:
            raise AerodromeError("the episode is over: call reset()")
        rewards = dict.fromkeys(agents, 0.0)
        done = dict.fromkeys(agents, False)
        wrong: dict[str, str] = {}
        chosen = []
        translate = self.translator.action
        for player in game.waiting_for():
            agent = self.possible_agents[player]
            given = actions.get(agent)
            if given is None:
                wrong[agent] = f"{agent} owes an answer to {_kind(game)} and gave none"
                continue
            try:
                chosen.append((player, translate(given, game.legal_actions(player), player, game)))
            except IllegalActionError as error:
                wrong[agent] = str(error)
        if wrong:
            if self.illegal == "raise":
                first = next(iter(wrong.values()))
                if "gave none" in first:
                    raise AerodromeError(first)
                raise IllegalActionError(first)
            for agent in wrong:
                rewards[agent] = self.penalty
            infos = self._infos({a: {"illegal": why} for a, why in wrong.items()})
            observations = self._observations()
            self.agents = []
            return observations, rewards, dict.fromkeys(done, True), done, infos
        for player, action in chosen:  # in seat order: the decision resolves with the last
            game.apply(player, action)
        truncated = dict(done)
        extra: dict[str, dict[str, Any]] = {}
        over = game.is_over()
        if over:
            result = game.result()
            ended = done if result.finished else truncated
            for agent in agents:
                rewards[agent] = outcome(result, self.seats[agent].side)
                ended[agent] = True
                extra[agent] = {
                    "winners": result.winners,
                    "reason": result.reason,
                    "finished": result.finished,
                }
        observations, infos = self._observations(), self._infos(extra)
        if over:
            self.agents = []
        return observations, rewards, done, truncated, infos

    def _observations(self) -> dict[str, Any]:
        game = self.game
        observe, player = self.translator.observe, self._player
        if self.flat:
            return {a: observe(game, player[a])["observation"] for a in self.agents}
        return {a: observe(game, player[a]) for a in self.agents}

    def _infos(self, extra: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
        if not (self.flat or extra):  # nothing to tell (every step but the last)
            return {a: {} for a in self.agents}
        game = self.game
        out: dict[str, dict[str, Any]] = {}
        for agent in self.agents:
            info = dict(extra.get(agent, {}))
            if self.flat:
                player = self._player[agent]
                info["action_mask"] = self.translator.mask(game.legal_actions(player), player, game)
            out[agent] = info
        return out

    def render(self) -> str | None:
        """The ruleset's picture of the game (as the AEC environment draws it)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        from aerodrome.engine.describe import svg as svg_of

        view = self.game.observation(self.render_seat)
        if self.render_mode == "svg":
            return svg_of(self.ruleset, view)
        text = picture(self.ruleset, view)
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def _restore(
    plugged: Plugged, setup: Setup, options: dict[str, Any], state: tuple[Any, ...]
) -> ParallelAerodromeEnv:
    from aerodrome.plugins import ruleset_of

    new = ParallelAerodromeEnv(ruleset_of(plugged), setup, **options)
    new._game, new.agents, new._seeds.base, new._seeds.count = state
    return new


def _kind(game: Game[Any, Any, Any]) -> str:
    decision = game.decision()
    return decision.kind if decision is not None else "no decision"
