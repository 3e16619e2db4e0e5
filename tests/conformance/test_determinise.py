"""The determinisation contract for every registered ruleset (the example plugin included).

``Game.determinised(player, seed)`` must give ``player`` exactly the observation and the log
of the real game (mutation caught: a classic deal that changes a hand's size, or a df40k
order given to a flyer still waiting for it), must resample what ``player`` cannot see
(mutation caught: a determinise() that returns the state unchanged, for a ruleset declaring
hidden information), and must be the identity for a ruleset without hidden information.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from aerodrome import Game
from tests.conftest import PLUGINS

CASES = [
    (name, setup.name)
    for name in PLUGINS.ruleset_names()
    for setup in PLUGINS.ruleset(name).setups()
]


def snapshots(ruleset: str, setup: str, seed: int, every: int = 7, horizon: int = 300) -> Any:
    """Games at every ``every``-th decision of a random playout (each a clone), with the
    player who owes it."""
    game = Game(PLUGINS.ruleset(ruleset), setup, seed)
    rng = random.Random(seed)
    for step in range(horizon):
        if game.is_over():
            return
        for player in game.waiting_for():
            if step % every == 0:
                yield game.clone(), player
            legal = game.legal_actions(player)
            game.apply(player, legal[rng.randrange(len(legal))])


def encode(value: Any) -> bytes:
    return msgspec.msgpack.encode(value)


def resampled(ruleset: str, setup: str) -> tuple[int, int]:
    """(determinisations checked, those that differ from the truth) over a playout; every
    one must look the same to its player."""
    hidden = PLUGINS.ruleset(ruleset).capabilities.hidden_information
    differed = checked = 0
    for game, player in snapshots(ruleset, setup, seed=3, every=1 if ruleset == "df40k" else 5):
        for seed in range(3):
            alt = game.determinised(player, seed)
            checked += 1
            assert encode(alt.observation(player)) == encode(game.observation(player)), (
                f"{ruleset}/{setup}: a determinisation changed what player {player} sees"
            )
            assert alt.log_bytes(player) == game.log_bytes(player)
            assert alt.decision() == game.decision()
            assert tuple(alt.legal_actions(player)) == tuple(game.legal_actions(player))
            same = encode(alt.state) == encode(game.state)
            if not hidden:
                assert same, f"{ruleset} declares no hidden information: determinise is a copy"
            differed += not same
    return checked, differed


@pytest.mark.parametrize(("ruleset", "setup"), CASES)
def test_a_determinised_game_looks_the_same_to_its_player(ruleset: str, setup: str) -> None:
    checked, _ = resampled(ruleset, setup)
    assert checked > 0


@pytest.mark.parametrize("ruleset", PLUGINS.ruleset_names())
def test_what_is_hidden_is_resampled(ruleset: str) -> None:
    """Across the set-ups, some determinisation differs from the truth (not every moment of
    every set-up hides something: df40k's orders given all at once are revealed at once)."""
    if not PLUGINS.ruleset(ruleset).capabilities.hidden_information:
        pytest.skip("no hidden information: determinise is the identity (checked above)")
    rules = PLUGINS.ruleset(ruleset)
    differed = sum(resampled(ruleset, s.name)[1] for s in rules.setups())
    assert differed > 0, f"{ruleset}: hidden information never resampled"
