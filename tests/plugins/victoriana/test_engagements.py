"""The comparison metrics' engagement count: squadron rolls and attacks."""

from __future__ import annotations

from aerodrome import Game
from aerodrome.engine.agents import RandomAgent, agent_seed
from aerodrome.engine.driver import drive
from aerodrome_victoriana.events import SquadronRolled, TaskRolled
from tests.conftest import PLUGINS


def test_engagements_count_squadron_rolls_and_attacks() -> None:
    for setup in ("11-group-squadrons", "skirmish"):
        game = Game(PLUGINS.ruleset("victoriana"), setup, 4)
        agents = [RandomAgent(agent_seed(4, p)) for p in (0, 1)]
        drive(game, agents)
        rolls = sum(isinstance(e, SquadronRolled) for e in game.log)
        attacks = sum(isinstance(e, TaskRolled) and e.task.startswith("attack ") for e in game.log)
        assert game.result().engagements == rolls + attacks > 0
        if setup == "skirmish":  # no squadron phase: every engagement is an attack
            assert rolls == 0
