"""The learning environments' tests need the ``rl`` extra. In a dev install without it they
skip with the reason; in CI (``CI`` set) a missing extra is an error, not a skip."""

from __future__ import annotations

import importlib.util
import os
from functools import cache
from typing import Any

import pytest

MISSING = [m for m in ("numpy", "gymnasium", "pettingzoo") if importlib.util.find_spec(m) is None]
REASON = (
    f"the 'rl' extra is not installed ({', '.join(MISSING)} missing): "
    "pip install -e '.[rl]' (nox -s tests installs it)"
)


def require_rl() -> None:
    """Skip the calling test module when the extra is absent (fail in CI)."""
    if not MISSING:
        return
    if os.environ.get("CI"):
        pytest.fail(REASON, pytrace=False)
    pytest.skip(REASON, allow_module_level=True)


@cache
def layout_of(ruleset: str, setup: str) -> Any:
    """The probed layout of a ruleset × set-up, once per test session."""
    from aerodrome.bridges.rl import find_layout
    from tests.conftest import PLUGINS

    return find_layout(PLUGINS.ruleset(ruleset), setup)


@pytest.fixture(autouse=True)
def no_unseeded_spaces(monkeypatch: pytest.MonkeyPatch) -> None:
    """No test here draws from a space nobody seeded: PettingZoo's ``api_test`` and gymnasium's
    and Stable-Baselines3's ``check_env`` sample the spaces they are given (gymnasium 0.28's
    ``check_env``, CI's ``minimums``, without seeding them), so an unseeded space makes the
    test's path a new draw on every run (the flake of issue 38). A space that seeds itself
    from the operating system's entropy (``Space.seed(None)``, its lazy first draw) fails the
    test here, naming the fix: :func:`seeded`."""
    if MISSING:
        return
    from gymnasium.utils import seeding

    real = seeding.np_random

    def np_random(seed: int | None = None) -> Any:
        if seed is None:
            pytest.fail(
                "an unseeded random draw (a space sampled before it was seeded, or seeded with "
                "None): seed it first (tests.rl.conftest.seeded)"
            )
        return real(seed)

    monkeypatch.setattr(seeding, "np_random", np_random)


def seeded(env: Any, seed: int) -> Any:
    """``env`` (a PettingZoo or Gymnasium environment) with every agent's action and
    observation space seeded from ``seed``: what a checker samples from it is the same draw
    on every run. Returns ``env``."""
    if hasattr(env, "possible_agents"):
        for i, agent in enumerate(env.possible_agents):
            env.action_space(agent).seed(seed + i)
            env.observation_space(agent).seed(seed + i)
    else:
        env.action_space.seed(seed)
        env.observation_space.seed(seed)
    return env
