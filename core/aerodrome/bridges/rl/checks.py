"""Seeded, masked play for checks: whole episodes of two Parallel environments compared step
by step (:func:`parallel_seed_check`), with legal actions drawn by a seeded generator
(:func:`masked_choice`).

PettingZoo's ``parallel_seed_test`` covers less than its name says on these environments: it
draws unmasked actions (``action_space(agent).sample()``), so its first illegal number raises
an :class:`~aerodrome.engine.errors.IllegalActionError` (``illegal="raise"``) or ends the
episode (``illegal="penalty"``); and it stops after its first step whatever happens (it tests
``any(terminations)``, which is true of any dict with an agent in it). What it checks is
``reset(seed=42)`` and one step. :func:`parallel_seed_check` plays whole episodes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from gymnasium.utils.env_checker import data_equivalence

from aerodrome.engine.errors import AerodromeError


def masked_choice(rng: np.random.Generator, mask: Any) -> int:
    """A number drawn by ``rng`` among the legal ones of ``mask`` (1: legal); 0 when none is
    legal (an agent that owes no answer now: the environment ignores its action)."""
    legal = np.flatnonzero(np.asarray(mask))
    return int(legal[rng.integers(len(legal))]) if len(legal) else 0


def _mask(observations: dict[str, Any], infos: dict[str, Any], agent: str) -> Any:
    seen = observations[agent]
    if isinstance(seen, dict) and "action_mask" in seen:
        return seen["action_mask"]
    return infos[agent]["action_mask"]  # flat=True: the mask is in the info


def parallel_seed_check(
    make: Callable[[], Any], seed: int = 42, episodes: int = 2, max_steps: int = 100_000
) -> list[int]:
    """Play ``episodes`` whole episodes of two Parallel environments made by ``make``, side by
    side: the first reset with ``seed``, the next ones without (the environments' own seed
    streams); each agent's action drawn among its legal ones (:func:`masked_choice`) by a
    generator seeded from ``seed`` and the agent's number, the same in both. Every step's
    observations, rewards, terminations, truncations and infos must be equal, and so must
    every reset's; an episode ends when no agent is left. Returns the number of steps of
    each episode. A difference is an :class:`AssertionError` naming the episode, the step
    and what differed; an episode longer than ``max_steps`` an :class:`AerodromeError`."""
    envs = (make(), make())
    draws = [
        {a: np.random.default_rng([seed, i]) for i, a in enumerate(env.possible_agents)}
        for env in envs
    ]
    lengths = []
    for episode in range(episodes):
        chosen = seed if episode == 0 else None
        first, second = (env.reset(seed=chosen) for env in envs)
        for what, one, two in zip(("observations", "infos"), first, second, strict=True):
            assert data_equivalence(one, two), f"episode {episode}: reset: the {what} differ"
        observations, infos = first
        step = 0
        while envs[0].agents:
            if step >= max_steps:
                raise AerodromeError(
                    f"episode {episode} is still going after {max_steps} steps: not a whole "
                    "episode compared (raise max_steps)"
                )
            step += 1
            actions = [
                {
                    agent: masked_choice(draw[agent], _mask(observations, infos, agent))
                    for agent in env.agents
                }
                for env, draw in zip(envs, draws, strict=True)
            ]
            assert actions[0] == actions[1], f"episode {episode}, step {step}: the agents differ"
            one, two = (env.step(a) for env, a in zip(envs, actions, strict=True))
            names = ("observations", "rewards", "terminations", "truncations", "infos")
            for what, left, right in zip(names, one, two, strict=True):
                assert data_equivalence(left, right), (
                    f"episode {episode}, step {step}: the {what} differ"
                )
            observations, infos = one[0], one[4]
        assert not envs[1].agents, f"episode {episode}: one environment ended, not the other"
        lengths.append(step)
    return lengths
