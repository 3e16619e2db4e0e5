"""The translator's memos (docs/performance.md, "Learning environments"): a seat observed
twice at one moment is worked out once, and the numbers of a decision's legal actions are
kept for the decision only. What an agent gets must not change for it: each test compares
the memoised translator with a fresh one along whole games."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from tests.conftest import PLUGINS
from tests.rl.conftest import layout_of, require_rl

require_rl()

from aerodrome.bridges.rl import env  # noqa: E402
from aerodrome.bridges.rl.translate import Translator  # noqa: E402

#: One set-up per built-in ruleset with the ruleset's own numbering, and one with the
#: generic numbering (classic).
CASES = [
    ("df40k", "first-blood"),
    ("dockfighters", "aerial-dominance"),
    ("victoriana", "11-group"),
    ("classic", "two-player"),
]


def _fresh(e: Any) -> Translator:
    """A translator with empty memos for the same ruleset, set-up and layout."""
    return Translator(e.ruleset, e.setup, e.layout)


def _same(got: dict[str, Any], want: dict[str, Any]) -> None:
    assert np.array_equal(got["observation"], want["observation"])
    assert np.array_equal(got["action_mask"], want["action_mask"])


@pytest.mark.parametrize(("ruleset", "setup"), CASES)
def test_masks_and_actions_match_a_translator_without_memos(ruleset: str, setup: str) -> None:
    """Every observation, mask and chosen action of two whole games is what a translator
    without memos gives. Mutations caught: the decision's numbers reused for the next
    decision (the check on the legal list, game and moment dropped in ``numbered``), and an
    observation reused after a step (the moment dropped from ``observe``'s check)."""
    e = env(PLUGINS.ruleset(ruleset), setup, layout=layout_of(ruleset, setup))
    for seed in (3, 4):
        e.reset(seed=seed)
        rng = random.Random(seed)
        steps = 0
        for agent in e.agent_iter(max_iter=400):
            obs, _, terminated, truncated, _ = e.last()
            game, player = e.game, e.seat_of(agent)
            _same(obs, _fresh(e).observe(game, player))
            if terminated or truncated:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            index = int(legal[rng.randrange(len(legal))])
            want = _fresh(e).action(index, game.legal_actions(player), player, game)
            assert e.translator.action(index, game.legal_actions(player), player, game) == want
            e.step(index)
            steps += 1
        assert steps > 5


def test_a_seat_observed_again_at_the_same_moment_gets_copies() -> None:
    """``last()`` then ``observe()`` works the seat's tensor out once; the second answer is
    equal and shares nothing with the first (an agent may change what it was given).
    Mutations caught: the cached arrays handed out themselves (a change of the first shows
    in the second), no cache (two calls of the ruleset's encoding)."""
    e = env(PLUGINS.ruleset("df40k"), "first-blood", layout=layout_of("df40k", "first-blood"))
    e.reset(seed=7)
    calls: list[int] = []
    encode = e.translator.packed

    def counted(view: Any) -> Any:
        calls.append(1)
        return encode(view)

    e.translator.packed = counted  # type: ignore[method-assign]
    agent = e.agent_selection
    first = e.last()[0]
    kept = {k: v.copy() for k, v in first.items()}
    first["observation"][:] = -1.0
    first["action_mask"][:] = 0
    again = e.observe(agent)
    assert len(calls) == 1
    _same(again, kept)
    for key in again:
        assert not np.shares_memory(again[key], first[key])
    e.step(int(np.flatnonzero(again["action_mask"])[0]))
    e.observe(e.agent_selection)
    assert len(calls) == 2


def test_kept_legal_tuples_stay_within_their_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Legal tuples are kept by value with their masks (one byte per action number) up to
    ``MASKS_MEMO_BYTES`` together, so a large action space keeps fewer of them; what is kept
    gives the right numbers, to an equal tuple too. Mutation caught: the count of kept
    tuples not bounded by the bytes of their masks (a 19,975-action space would keep 20 MB)."""
    from aerodrome.bridges.rl import translate

    e = env(PLUGINS.ruleset("victoriana"), "11-group", layout=layout_of("victoriana", "11-group"))
    monkeypatch.setattr(translate, "MASKS_MEMO_BYTES", 4 * e.layout.actions)
    memo, fresh = _fresh(e), _fresh(e)
    e.reset(seed=5)
    game = e.game
    for _ in range(12):
        player = game.waiting_for()[0]
        legal = tuple(game.legal_actions(player))
        assert memo.numbered(legal).ids == fresh.ids(legal)
        assert memo.numbered(tuple(list(legal))).ids == fresh.ids(legal)  # an equal tuple
        assert len(memo._tuples) <= 4
        game.apply(player, legal[0])
