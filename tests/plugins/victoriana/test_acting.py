"""The legal actions of the Combat Phase, listed on demand (issue #18): the same actions in
the same order as listing every character's actions up front, right however long they are
held, and the bot choosing as it would from the full list."""

from __future__ import annotations

from typing import Any

import pytest

from aerodrome import Game
from aerodrome.engine.agents import PlayerView, RandomAgent, agent_seed
from aerodrome.engine.driver import Observer
from aerodrome_victoriana import specs
from aerodrome_victoriana.acting import END_TURN, ActOptions, character_options
from aerodrome_victoriana.bot import VictorianaBot
from aerodrome_victoriana.state import Attack, EndTurn
from aerodrome_victoriana.view import DogfightView
from tests.playouts import rounds

SETUPS = [s.name for s in specs.setup_specs()]


def act_decisions(plugins: Any, setup: str, seed: int, limit: int = 30) -> list[tuple[Game, int]]:
    """Clones of a random game at its first ``limit`` ``act`` decisions."""
    game = Game(plugins.ruleset("victoriana"), setup, seed)
    agents = [RandomAgent(agent_seed(seed, p)) for p in (0, 1)]
    found: list[tuple[Game, int]] = []

    class Acts(Observer):
        def decision(self, game: Game, player: int, legal: Any) -> None:
            decision = game.decision()
            if decision is not None and decision.kind == "act":
                found.append((game.clone(), player))

    for _ in rounds(game, agents, Acts()):
        if len(found) >= limit:
            break
    return found


@pytest.mark.parametrize("setup", SETUPS)
def test_listed_on_demand_as_listed_up_front(plugins: Any, setup: str) -> None:
    """Mutation caught: a character left out of (or listed twice in) the on-demand list, or
    ``in`` answering differently from the list, turns this red."""
    decisions = act_decisions(plugins, setup, 3)
    if not decisions:
        pytest.skip("nobody acts in the Combat Phase of this set-up")
    for game, player in decisions:
        legal = game.legal_actions(player)
        assert isinstance(legal, ActOptions)
        state = game.state
        up_front = [a for aid in legal.actors for a in character_options(state, state.airmen[aid])]
        up_front.append(EndTurn())
        assert list(legal) == up_front and len(legal) == len(up_front)
        assert all(a in legal for a in up_front)
        assert legal[-1] == END_TURN and legal[0] == up_front[0]
        others = [a for a in state.airmen if a.id not in legal.actors]
        for a in others[:3]:
            assert not any(o in legal for o in character_options(state, a))


def test_a_held_list_stays_right_after_the_game_moves_on(plugins: Any) -> None:
    """The list is built from a snapshot: holding it past the next action (or asking it
    only then) gives the actions of the moment it was asked for."""
    for game, player in act_decisions(plugins, "11-group", 5, limit=8):
        held = game.legal_actions(player)  # not listed yet
        fresh = list(game.clone().legal_actions(player))
        attack = next((a for a in fresh if isinstance(a, Attack)), None)
        game.apply(player, attack or END_TURN)
        assert list(held) == fresh


def test_the_bot_chooses_the_same_from_a_plain_list(plugins: Any) -> None:
    """The bot weighs only the characters who have not acted: from the on-demand list it
    asks only for theirs, from a plain list it skips the others; same choice (two bots seeded
    alike: equal values are drawn among in the same order)."""
    for game, player in act_decisions(plugins, "11-group", 7):
        legal = game.legal_actions(player)
        view = PlayerView(game, player)
        obs = view.observation()
        assert isinstance(obs, DogfightView)
        assert VictorianaBot(1).act(obs, legal) == VictorianaBot(1).act(obs, list(legal))
