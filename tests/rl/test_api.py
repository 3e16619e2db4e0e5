"""PettingZoo's own checks, ``api_test`` and ``seed_test``, for every registered ruleset ×
set-up (the example plugin included), and whole games through the environment.

``api_test`` plays ``CYCLES`` rounds of every agent (and checks spaces, masks, rewards,
terminations and the dead-agent steps) with actions drawn from the spaces it is given, seeded
here (:func:`tests.rl.conftest.seeded`: the same game on every run); ``seed_test`` plays two
environments side by side from the same seed. Both use a shared probed layout per set-up (probing is measured by the
benchmarks, not here)."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

from tests.conftest import PLUGINS
from tests.rl.conftest import layout_of, require_rl, seeded

require_rl()

from pettingzoo.test import api_test, seed_test  # noqa: E402

from aerodrome.bridges.rl import env  # noqa: E402

CASES = [(name, s.name) for name in PLUGINS.ruleset_names() for s in PLUGINS.ruleset(name).setups()]
#: Rounds of every agent played by api_test and seed_test: enough to end the short games
#: (and to exercise the dead steps), few enough to keep the suite quick.
CYCLES = 20


def make(ruleset: str, setup: str, seed: int | None = None, **options: Any) -> Any:
    return env(PLUGINS.ruleset(ruleset), setup, seed, layout=layout_of(ruleset, setup), **options)


@pytest.mark.parametrize(("ruleset", "setup"), CASES)
def test_pettingzoo_api_and_seed(ruleset: str, setup: str) -> None:
    with warnings.catch_warnings():
        # PettingZoo's advice for dict observations with an action mask (as its own classic
        # games have) is not an error.
        warnings.simplefilter("ignore", UserWarning)
        api_test(seeded(make(ruleset, setup, seed=3), 3), num_cycles=CYCLES)
        seed_test(lambda: make(ruleset, setup), num_cycles=CYCLES)


@pytest.mark.parametrize(("ruleset", "setup"), CASES)
def test_a_whole_game_ends_with_the_result(ruleset: str, setup: str) -> None:
    """Random masked actions to the end: every step's observation fits its space, the mask
    offers exactly the legal actions, and the returns are the result's outcome."""
    e = make(ruleset, setup, seed=11)
    e.reset(seed=11)
    rng = random.Random(11)
    returns = dict.fromkeys(e.possible_agents, 0.0)
    steps = 0
    for agent in e.agent_iter(200_000):
        obs, reward, terminated, truncated, _ = e.last()
        returns[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        assert e.observation_space(agent).contains(obs)
        legal = e.game.legal_actions(e.seat_of(agent))
        assert int(obs["action_mask"].sum()) == len(legal)
        choices = obs["action_mask"].nonzero()[0]
        e.step(int(choices[rng.randrange(len(choices))]))
        steps += 1
    assert not e.agents and steps > 0
    result = e.game.result()
    for agent, seat in e.seats.items():
        expected = 0.0
        if result.finished and result.winners:
            expected = 1.0 if seat.side in result.winners else -1.0
        assert returns[agent] == expected, (agent, result)


@pytest.mark.parametrize(("ruleset", "setup"), CASES)
def test_the_flat_aec_environment(ruleset: str, setup: str) -> None:
    """``flat=True``: the ``Box`` alone, each agent's mask in its info. api_test passes; the
    mask ``last()`` gives offers exactly the legal actions of the seat."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(seeded(make(ruleset, setup, seed=3, flat=True), 3), num_cycles=CYCLES)
    e = make(ruleset, setup, seed=5, flat=True)
    e.reset(seed=5)
    rng = random.Random(5)
    for agent in e.agent_iter(60):
        obs, _, terminated, truncated, info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        assert e.observation_space(agent).contains(obs)
        mask = info["action_mask"]
        assert int(mask.sum()) == len(e.game.legal_actions(e.seat_of(agent)))
        choices = mask.nonzero()[0]
        e.step(int(choices[rng.randrange(len(choices))]))
