"""Short seeded games of every ruleset for the viewer's tests (the bot where a ruleset has
one, else random agents), cut after a few dozen actions to keep the tests fast."""

from __future__ import annotations

from typing import Any

from aerodrome.engine.agents import agent_seed
from aerodrome.engine.driver import drive
from aerodrome.engine.game import Game
from aerodrome.plugins import Plugins

#: Actions kept per game: enough for moves, fights and secret choices, few enough to be fast.
ACTIONS = 40


def short_game(
    plugins: Plugins,
    name: str,
    setup: str | None = None,
    seed: int = 3,
    actions: int = ACTIONS,
    agent: str | None = None,
) -> Game[Any, Any, Any]:
    """A game of ``name`` played by its agents for at most ``actions`` actions."""
    ruleset = plugins.ruleset(name)
    game = Game(ruleset, setup, seed)
    kind = agent or ("bot" if "bot" in plugins.agents_for(name) else "random")
    spec = plugins.agent(name, kind)
    agents = [spec.factory(ruleset, p, agent_seed(seed, p)) for p in range(len(game.setup.seats))]
    drive(game, agents, limit=actions)
    return game
