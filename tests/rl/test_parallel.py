"""The Parallel environment: PettingZoo's ``parallel_api_test`` and ``parallel_seed_test``
on every ruleset × set-up, whole episodes compared by ``parallel_seed_check`` (what
``parallel_seed_test`` does not do: it stops after one step), simultaneous decisions
answered in one step, and the AEC environment's honest ``is_parallelizable``."""

from __future__ import annotations

import random
import warnings
from typing import Any

import msgspec
import pytest

from tests.conftest import PLUGINS
from tests.rl.conftest import layout_of, require_rl, seeded

require_rl()

import numpy as np  # noqa: E402
from pettingzoo.test import parallel_api_test, parallel_seed_test  # noqa: E402
from pettingzoo.utils.conversions import aec_to_parallel  # noqa: E402

from aerodrome.bridges.rl import env, masked_choice, parallel_env, parallel_seed_check  # noqa: E402
from aerodrome.bridges.rl.parallel import ParallelAerodromeEnv  # noqa: E402
from aerodrome.engine.errors import AerodromeError, IllegalActionError  # noqa: E402

CASES = [(name, s.name) for name in PLUGINS.ruleset_names() for s in PLUGINS.ruleset(name).setups()]


def make(ruleset: str, setup: str, seed: int | None = None, **options: Any) -> Any:
    return parallel_env(
        PLUGINS.ruleset(ruleset), setup, seed, layout=layout_of(ruleset, setup), **options
    )


def capped(ruleset: str, setup: str, rounds: int) -> Any:
    """The set-up cut at ``rounds`` rounds: whole episodes within the suite's budget."""
    found = PLUGINS.ruleset(ruleset).setup(setup)
    return msgspec.structs.replace(found, max_rounds=min(found.max_rounds, rounds))


@pytest.mark.parametrize(("ruleset", "setup"), CASES)
def test_parallel_api_and_seed(ruleset: str, setup: str) -> None:
    """PettingZoo's checks. Its ``parallel_seed_test`` samples unmasked actions (an illegal
    one raises, or with ``illegal="penalty"`` ends the episode) and stops after its first
    step in any case: it covers reset and one step, and ``parallel_seed_check`` (below) the
    whole episodes."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(seeded(make(ruleset, setup, 3), 3), num_cycles=60)
        parallel_seed_test(lambda: make(ruleset, setup, illegal="penalty"), num_cycles=60)


@pytest.mark.parametrize(("ruleset", "setup"), CASES)
def test_whole_episodes_from_one_seed_are_the_same(ruleset: str, setup: str) -> None:
    """Two episodes of two environments, legal actions drawn by seeded generators, compared
    at every step to the end of each episode (set-ups cut at 4 rounds; df40k's first-blood
    and the joust whole)."""
    rounds = 99 if (ruleset, setup) in (("df40k", "first-blood"), ("joust", "duel")) else 4
    short = capped(ruleset, setup, rounds)
    rules, layout = PLUGINS.ruleset(ruleset), layout_of(ruleset, setup)
    lengths = parallel_seed_check(lambda: parallel_env(rules, short, layout=layout), seed=7)
    assert len(lengths) == 2 and all(n > 1 for n in lengths)


def test_the_seed_check_compares_the_last_step_of_an_episode() -> None:
    """Two environments that differ only in the reward of an episode's last step: the check
    names that step (PettingZoo's parallel_seed_test, stopping after one step, passes them).
    Mutation caught: the check stopping before the end of an episode."""
    made: list[Any] = []

    class LastRewardOff(ParallelAerodromeEnv):
        def step(self, actions: dict[str, Any]) -> Any:
            observations, rewards, done, cut, infos = super().step(actions)
            if not self.agents:
                rewards = {a: r + 0.5 for a, r in rewards.items()}
            return observations, rewards, done, cut, infos

    def two() -> Any:
        kind = ParallelAerodromeEnv if not made else LastRewardOff
        made.append(kind(PLUGINS.ruleset("joust"), "duel", layout=layout_of("joust", "duel")))
        return made[-1]

    with pytest.raises(AssertionError, match=r"episode 0, step \d+: the rewards differ"):
        parallel_seed_check(two, seed=7)
    made.clear()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_seed_test(two, num_cycles=60)  # what the PettingZoo test misses


def test_a_masked_choice_is_legal_and_seeded() -> None:
    mask = np.array([0, 1, 0, 1, 1, 0], np.int8)
    one = [masked_choice(np.random.default_rng(3), mask) for _ in range(5)]
    rng = np.random.default_rng(3)
    drawn = [masked_choice(rng, mask) for _ in range(200)]
    assert set(drawn) == {1, 3, 4} and len(set(one)) == 1
    assert masked_choice(rng, np.zeros(6, np.int8)) == 0


@pytest.mark.parametrize("ruleset", ["df40k", "victoriana"])
def test_a_simultaneous_decision_takes_every_answer_in_one_step(ruleset: str) -> None:
    e = make(ruleset, PLUGINS.ruleset(ruleset).setups()[0].name, 1)
    observations, _ = e.reset(seed=1)
    for _ in range(200):
        decision = e.game.decision()
        owing = e.game.waiting_for()
        if decision is not None and decision.simultaneous and len(owing) > 1:
            break
        actions = {
            a: int(np.flatnonzero(observations[a]["action_mask"])[0])
            for a in e.agents
            if observations[a]["action_mask"].any()
        }
        observations, *_ = e.step(actions)
    else:
        pytest.fail("no simultaneous decision met")
    before = len(e.game.history)
    masks = {a: observations[a]["action_mask"] for a in e.agents}
    assert all(masks[f"seat_{p}"].any() for p in owing)
    actions = {f"seat_{p}": int(np.flatnonzero(masks[f"seat_{p}"])[0]) for p in owing}
    with pytest.raises(AerodromeError, match="owes an answer"):
        e.step({f"seat_{owing[0]}": actions[f"seat_{owing[0]}"]})
    assert len(e.game.history) == before  # nothing applied
    e.step(actions)
    assert [p for p, _ in e.game.history[before : before + len(owing)]] == list(owing)


def test_an_illegal_answer_raises_or_ends_the_episode() -> None:
    e = make("df40k", "first-blood", 2)
    observations, _ = e.reset()
    owing = e.game.waiting_for()[0]
    mask = observations[f"seat_{owing}"]["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError):
        e.step({f"seat_{p}": bad for p in range(2)})
    e = make("df40k", "first-blood", 2, illegal="penalty", penalty=-2.0)
    e.reset()
    _, rewards, terminated, truncated, infos = e.step({f"seat_{p}": bad for p in range(2)})
    assert rewards[f"seat_{owing}"] == -2.0 and all(terminated.values())
    assert not any(truncated.values())
    assert "illegal" in infos[f"seat_{owing}"] and e.agents == []


def test_flat_parallel_observations_with_the_mask_in_infos() -> None:
    e = make("victoriana", PLUGINS.ruleset("victoriana").setups()[0].name, 1, flat=True)
    observations, infos = e.reset()
    for agent in e.agents:
        assert e.observation_space(agent).contains(observations[agent])
        assert infos[agent]["action_mask"].shape == (e.layout.actions,)


def test_the_aec_environment_is_honestly_not_parallelizable() -> None:
    """PettingZoo's conversion refuses it, as it must: a game asks its seats in the order
    of its rules, not once per cycle."""
    aec = env(PLUGINS.ruleset("df40k"), "first-blood", 1)
    assert aec.metadata["is_parallelizable"] is False
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(aec)


def test_the_global_generators_start_every_test_from_a_fixed_seed() -> None:
    """PettingZoo 1.24's ``parallel_api_test`` (CI's minimums) picks its actions with the
    global ``random.choice``: tests/conftest.py seeds the global generators before every
    test, so its draws are the same on every run. Mutation caught: that fixture not seeding
    them."""
    first = random.random()  # unseeded: what the fixture seeded is what is checked
    assert first == random.Random(38).random()
    drawn = np.random.random()  # unseeded: what the fixture seeded is what is checked
    assert drawn == np.random.RandomState(38).random_sample()
