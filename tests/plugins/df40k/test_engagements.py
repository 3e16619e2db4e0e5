"""The comparison metrics' engagement count: every declared dogfight is one engagement."""

from __future__ import annotations

from aerodrome import Game
from aerodrome.engine.agents import RandomAgent, agent_seed
from aerodrome.engine.driver import drive
from aerodrome_df40k.state import DogfightDeclared
from tests.conftest import PLUGINS


def test_engagements_count_declared_dogfights() -> None:
    total = 0
    for seed in range(5):
        game = Game(PLUGINS.ruleset("df40k"), "first-blood", seed)
        agents = [RandomAgent(agent_seed(seed, p)) for p in (0, 1)]
        drive(game, agents)
        declared = sum(isinstance(e, DogfightDeclared) for e in game.log)
        assert game.result().engagements == declared
        total += declared
    assert total > 0
