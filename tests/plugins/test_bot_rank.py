"""Every built-in bot ranks its candidates (``rank(view, legal)``, aerodrome.engine.agents.Ranking):
over whole bot-against-bot games, the first ranked action is the one ``choose`` picks (a twin
bot, seeded alike, asked the same), every ranked action is legal and none twice; classic's
moves come one per plane, end square and facing, by the safest path."""

from __future__ import annotations

import random
from typing import Any

import pytest

from aerodrome import Game
from aerodrome.engine.agents import PlayerView, Ranking, agent_seed
from tests.conftest import PLUGINS

BUILT_IN = ("classic", "df40k", "victoriana", "dockfighters")


@pytest.mark.parametrize("ruleset", BUILT_IN)
def test_the_first_ranked_is_the_choice_and_all_are_legal(ruleset: str) -> None:
    """Mutation caught: a rank that sorts the choice below an equal-scored action, lists an
    action twice, or (Victoriana) draws its tie-break unlike ``choose``."""
    rules = PLUGINS.ruleset(ruleset)
    setup = rules.setup()
    factory = PLUGINS.agent(ruleset, "bot").factory
    seats = range(len(setup.seats))
    players = [factory(rules, p, agent_seed(3, p)) for p in seats]
    twins = [factory(rules, p, agent_seed(3, p)) for p in seats]
    game = Game(rules, setup, 3, record=False)
    views = [PlayerView(game, p) for p in seats]
    ranked_decisions = 0
    while not game.is_over():
        for p in game.waiting_for():
            legal = game.legal_actions(p)
            ranker = twins[p]
            assert isinstance(ranker, Ranking)
            ranked = ranker.rank(views[p], legal)
            action = players[p].choose(views[p], legal)
            assert ranked[0][0] == action
            actions = [a for a, _ in ranked]
            assert len(set(actions)) == len(actions)
            assert all(a in legal for a in actions)
            ranked_decisions += len(legal) > 1
            game.apply(p, action)
    assert ranked_decisions > 5


def test_classic_groups_moves_by_plane_end_and_facing_keeping_the_safest_path() -> None:
    """Mutation caught: grouping that keeps the first path found instead of the best scored
    (a path over an enemy Hit gun is scored below one around it)."""
    rules = PLUGINS.ruleset("classic")
    bot = PLUGINS.agent("classic", "bot").factory(rules, 0, 1)
    assert isinstance(bot, Ranking)
    game = Game(rules, None, 4, record=False)
    rng = random.Random(4)
    checked = reduced = 0
    while not game.is_over() and checked < 3:
        player = game.waiting_for()[0]
        legal = game.legal_actions(player)
        if type(legal[0]).__name__ == "Move" and len(legal) > 60:
            ranked = bot.rank(PlayerView(game, player), legal)
            keys = [(m.plane, m.path[-1], m.facing) for m, _ in ranked]  # type: ignore[attr-defined]
            assert len(set(keys)) == len(keys) <= len(legal)
            reduced += len(keys) < len(legal)
            assert set(keys) == {(m.plane, m.path[-1], m.facing) for m in legal}  # type: ignore[attr-defined]
            scores = [s for _, s in ranked]
            assert scores == sorted(scores, reverse=True)
            best: dict[Any, float] = {}
            for score, pid, path, facing in bot.move_scores(game.observation(player), legal):  # type: ignore[attr-defined]
                key = (pid, path[-1], facing)
                best[key] = max(best.get(key, -1e9), score)
            for (_m, s), key in zip(ranked, keys, strict=True):
                assert abs(best[key] - s) < 2e-3  # the best path's score (noise 1e-3 redrawn)
            checked += 1
        game.apply(player, legal[rng.randrange(len(legal))])
    assert checked == 3 and reduced > 0


def test_the_victoriana_bot_honours_its_seed() -> None:
    """Bots seeded alike play the same battle; seeded apart, they draw differently among equal
    choices and some battle goes otherwise (mutation caught: the seed ignored, as before
    issue 23)."""
    rules = PLUGINS.ruleset("victoriana")
    factory = PLUGINS.agent("victoriana", "bot").factory

    def history(game_seed: int, bot_seed: int) -> list[Any]:
        game = Game(rules, None, game_seed, record=False)
        bots = [factory(rules, p, bot_seed + p) for p in (0, 1)]
        views = [PlayerView(game, p) for p in (0, 1)]
        while not game.is_over():
            for p in game.waiting_for():
                game.apply(p, bots[p].choose(views[p], game.legal_actions(p)))
        return game.history

    assert history(5, 10) == history(5, 10)
    assert any(history(s, 10) != history(s, 20) for s in range(5))
