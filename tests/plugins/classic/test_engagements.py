"""The comparison metrics' numbers: every dogfight is one engagement; who moved first."""

from __future__ import annotations

from aerodrome import Game
from aerodrome.engine.agents import RandomAgent, agent_seed
from aerodrome.engine.driver import drive
from aerodrome_classic.state import DogfightStarted, FirstTurn
from tests.conftest import PLUGINS


def test_engagements_and_first_player() -> None:
    total = 0
    for seed in range(3):
        game = Game(PLUGINS.ruleset("classic"), "two-player", seed)
        agents = [RandomAgent(agent_seed(seed, p)) for p in (0, 1)]
        drive(game, agents)
        fights = sum(isinstance(e, DogfightStarted) for e in game.log)
        assert game.result().engagements == fights
        total += fights
        first = next(e.side for e in game.log if isinstance(e, FirstTurn))
        assert game.setup.seats[game.result().first_player or 0].side == first
    assert total > 0
