"""SuperSuit's wrappers on the flat observations (``flat=True``: the ``Box`` alone, the mask
in ``info``): frame stacking on ``SeatEnv`` and on the Parallel environment, and SuperSuit's
vector pipeline (``pettingzoo_env_to_vec_env_v1``, ``concat_vec_envs_v1``), which copies the
environment by pickling it."""

from __future__ import annotations

import importlib.util
import os
import pickle
import warnings

import pytest

from tests.conftest import PLUGINS
from tests.rl.conftest import require_rl

require_rl()

import numpy as np  # noqa: E402

from aerodrome.bridges.rl import SeatEnv, parallel_env  # noqa: E402

if importlib.util.find_spec("supersuit") is None:
    REASON = "supersuit is not installed (nox -s tests installs it)"
    if os.environ.get("AERODROME_LEARN"):
        pytest.fail(REASON, pytrace=False)
    pytest.skip(REASON, allow_module_level=True)

import supersuit  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore")


def test_frame_stacking_a_flat_seat_env() -> None:
    e = supersuit.frame_stack_v1(SeatEnv("df40k", seed=1, flat=True, plugins=PLUGINS), 3)
    observation, info = e.reset(seed=1)
    width = SeatEnv("df40k", flat=True, plugins=PLUGINS).layout.observation
    assert observation.shape == (3 * width,)
    observation, *_ = e.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert observation.shape == (3 * width,)


def test_supersuits_vector_pipeline_on_the_parallel_environment() -> None:
    base = parallel_env("victoriana", seed=1, flat=True, illegal="penalty", plugins=PLUGINS)
    vec = supersuit.concat_vec_envs_v1(
        supersuit.pettingzoo_env_to_vec_env_v1(base), 2, num_cpus=0, base_class="gymnasium"
    )
    observations, infos = vec.reset(seed=1)
    assert observations.shape == (4, base.layout.observation)
    for _ in range(20):
        actions = np.array(
            [
                int(np.flatnonzero(i["action_mask"])[0]) if i["action_mask"].any() else 0
                for i in infos
            ]
        )
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            observations, rewards, _, _, infos = vec.step(actions)
        assert observations.shape == (4, base.layout.observation) and rewards.shape == (4,)


def test_a_parallel_environment_pickles_with_its_game() -> None:
    """What the vector pipeline relies on; the copy plays on as the original."""
    e = parallel_env("df40k", seed=3, plugins=PLUGINS)
    observations, _ = e.reset()
    e.step({a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in observations.items()})
    copy = pickle.loads(pickle.dumps(e))
    assert copy.game.history == e.game.history and copy.agents == e.agents
    assert copy.game.observation(None) == e.game.observation(None)
    assert copy.game.legal_actions(0) == e.game.legal_actions(0)


def test_supersuits_observation_wrappers_on_the_flat_aec_environment() -> None:
    from aerodrome.bridges.rl import env

    e = supersuit.frame_stack_v1(env("victoriana", seed=2, flat=True, plugins=PLUGINS), 2)
    e.reset(seed=2)
    width = env("victoriana", flat=True, plugins=PLUGINS).layout.observation
    for _agent in e.agent_iter(30):
        observation, _, terminated, truncated, info = e.last()
        assert observation.shape == (2 * width,)
        if terminated or truncated:
            e.step(None)
        else:
            e.step(int(np.flatnonzero(info["action_mask"])[0]))
