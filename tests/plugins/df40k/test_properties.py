"""Properties: exact odds for any DFs, and secrecy of orders through whole random battles."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aerodrome.engine.agents import RandomAgent, agent_seed
from aerodrome.engine.driver import Observer, drive
from aerodrome_df40k import odds
from aerodrome_df40k.bot import bot_factory
from tests.plugins.df40k.helpers import RULESET, game
from tests.plugins.df40k.test_odds import brute_force

DF = st.integers(min_value=-2, max_value=16)


@pytest.mark.clause("df40k.victory.9", "df40k.dogfight.4")
@given(DF, DF, st.integers(min_value=1, max_value=3))
@settings(max_examples=60, deadline=None)
def test_margin_distribution_is_exact_for_any_skills(adf: int, ddf: int, n: int) -> None:
    dist = odds.margin_distribution(adf, ddf, n)
    assert dist == brute_force(adf, ddf, n)
    assert sum(dist.values()) == Fraction(1)
    # a better attacker, or a later one, never wins less often
    assert odds.outcome(adf + 1, ddf, n)["win"] >= odds.outcome(adf, ddf, n)["win"]
    assert odds.outcome(adf, ddf, n + 1)["win"] >= odds.outcome(adf, ddf, n)["win"]


@pytest.mark.clause("df40k.orders.1")
@pytest.mark.parametrize("setup", [s.name for s in RULESET.setups()])
@given(seed=st.integers(min_value=0, max_value=2**32))
@settings(max_examples=8, deadline=None)
def test_no_player_ever_sees_an_enemy_order_before_the_reveal(setup: str, seed: int) -> None:
    g = game(setup, seed)
    agents = [
        RandomAgent(agent_seed(seed, 0)) if seed % 2 else bot_factory(RULESET, 0, seed),
        bot_factory(RULESET, 1, seed) if seed % 3 else RandomAgent(agent_seed(seed, 1)),
    ]
    drive(g, agents, NoEnemyOrders())


class NoEnemyOrders(Observer):
    """After every action before the reveal: no enemy order in any view or log."""

    def action(self, g: Any, player: int, action: Any) -> None:
        if g.state.revealed:
            return
        for viewer in (0, 1):
            for f in g.observation(viewer).flyers:
                if f.player != viewer:
                    assert f.order is None and not f.ram and not f.escort
            for e in g.log_for(viewer):
                name = type(e).__name__
                assert name != "OrderGiven" or e.seen_by == (viewer,)
