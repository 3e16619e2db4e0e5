"""The scenario's winner when both squadrons fulfil their own missions (issue 36, item 5)."""

from __future__ import annotations

import pytest

from aerodrome import Game
from aerodrome.engine.agents import agent_seed
from aerodrome.engine.driver import drive
from aerodrome.plugins import Plugins
from aerodrome_dockfighters.bot import Konrad
from aerodrome_dockfighters.ruleset import scenario_winners


@pytest.mark.clause("dockfighters.mission.2")
def test_one_fulfilled_mission_wins_two_are_compared_by_fame() -> None:
    """Mutations caught: both fulfilled missions listed as winners; the lower fame winning;
    equal fame not a draw."""
    assert scenario_winners({}) == []
    assert scenario_winners({"Saxony": -3}) == ["Saxony"]
    assert scenario_winners({"Bavaria": 6, "Saxony": 4}) == ["Bavaria"]
    assert scenario_winners({"Bavaria": 2, "Saxony": 5}) == ["Saxony"]
    assert scenario_winners({"Bavaria": 4, "Saxony": 4}) == []


@pytest.mark.clause("dockfighters.mission.2", "dockfighters.mission.agents-insertion.1")
def test_a_game_where_both_missions_are_fulfilled_has_at_most_one_winner(
    plugins: Plugins,
) -> None:
    """Agent's Insertion against Aerial Dominance: both squadrons often fulfil their missions;
    the result names the squadron with more fame (or none), and both objectives stay in the
    stats for the mission figures."""
    ruleset = plugins.ruleset("dockfighters")
    setup = ruleset.setup("agents-insertion").with_bots((0, 1))
    for seed in range(40):
        game = Game(ruleset, setup, seed, record=False)
        drive(game, [Konrad(p, agent_seed(seed, p)) for p in (0, 1)])
        result = game.result()
        stats = result.stats
        if stats["objective_Bavaria"] and stats["objective_Saxony"]:
            break
    else:
        pytest.fail("no game of 40 where both squadrons fulfilled their missions")
    fame = {side: stats[f"fame_{side}"] for side in ("Bavaria", "Saxony")}
    if fame["Bavaria"] == fame["Saxony"]:
        assert result.winners == ()
    else:
        assert result.winners == (max(fame, key=lambda side: fame[side]),)
