"""The mission rules a referee found deviating from the book (issue 26), each checked against
the book's own words (quoted in the test and in the clause's summary): the weather rolled at
the end of the set-up, kills credited only for shooting down, wounds that do not make checks
harder, and Konrad's one spotting try a turn."""

from __future__ import annotations

import pytest

from aerodrome import Game
from aerodrome.plugins import Plugins
from aerodrome_dockfighters.events import WeatherSet
from aerodrome_dockfighters.state import PlaceToken


@pytest.mark.clause("dockfighters.setup.11", "dockfighters.weather.2")
@pytest.mark.parametrize("setup", ["fighter-sweep", "aerial-surveillance", "airstrip-visit"])
def test_the_weather_is_determined_at_the_end_of_the_set_up(plugins: Plugins, setup: str) -> None:
    """Step 9: "At the end of the mission setup, the weather conditions are determined" - after
    the objectives and ground targets (6/7) and the aircraft are set up: nobody places a
    target or chooses an altitude knowing the wind and the clouds. Mutation caught: the roll
    made while the state is built (the old order) puts a WeatherSet before the first answer."""
    game = Game(plugins.ruleset("dockfighters"), setup, 5)
    answered = 0
    while True:
        decision = game.decision()
        assert decision is not None
        player = game.waiting_for()[0]
        legal = game.legal_actions(player)
        cloud = isinstance(legal[0], PlaceToken) and legal[0].kind == "cloud"
        if decision.kind not in ("token", "place", "deploy") or cloud:
            break
        assert not any(isinstance(e, WeatherSet) for e in game.log), (
            f"the weather is known at set-up decision {answered}: {decision.prompt}"
        )
        game.apply(player, legal[0])
        answered += 1
    assert answered > 0
    assert [e for e in game.log if isinstance(e, WeatherSet)], "rolled once the set-up is done"
    assert all(a.deployed or a.status != "flying" for a in game.state.aircraft)
