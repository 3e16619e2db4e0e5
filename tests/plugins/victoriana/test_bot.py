"""The bot plays as the rulebook advises where it gives advice (issue #13)."""

from __future__ import annotations

from typing import Any

import pytest

from aerodrome.engine.turns import Turn
from aerodrome_victoriana import combat, specs
from aerodrome_victoriana.bot import VictorianaBot
from aerodrome_victoriana.commander import manoeuvre_values
from aerodrome_victoriana.state import (
    Attack,
    BailOut,
    DogfightState,
    EmergencyLanding,
    Escape,
    Tactical,
    update_airman,
    update_craft,
)
from tests.plugins.victoriana.helpers import battle, dice, flight

ATTACK, DEFEND = 0, 1


def act(plugins: Any, state: DogfightState) -> Any:
    """The bot's choice for the RAF (player 0) in the Combat Phase."""
    obs = plugins.ruleset("victoriana").observation(state, 0, Turn(round=1))
    return VictorianaBot(1).act(obs, combat.act_options(state, "raf"))


def raf_first(state: DogfightState) -> DogfightState:
    state.winner = "raf"
    combat.run_order(state, dice([]))
    return state


@pytest.mark.clause("victoriana.combat.3")
def test_acting_first_makes_defend_a_little_more_appealing() -> None:
    """ "Ties break in favor of the side with the biggest dice pool in the previous Squadron
    Roll (which makes the Defend Maneuver a little more appealing)": when characters of both
    sides act in the Combat Phase, the commander values acting first, and Defend (half the
    pool again) gains more from it than Attack."""
    for pools in ((14, 15), (9, 9), (20, 12)):
        plain = manoeuvre_values(*pools, 0, 0, 6, 7, 9, 12, False)
        contest = manoeuvre_values(*pools, 0, 0, 6, 7, 9, 12, True)
        assert contest[DEFEND] - plain[DEFEND] > contest[ATTACK] - plain[ATTACK]


@pytest.mark.clause("victoriana.pilot.10")
def test_one_tactical_action_a_phase(plugins: Any) -> None:
    """ "If multiple pilots in the same Squadron perform the Tactical Action in the same
    Combat Phase, only the highest counts": once the squadron has Tactical dice for the next
    roll, the bot's other pilots do something else."""
    state = raf_first(battle([flight("defiant", pc=True, crew="veteran")], [flight("bf109e3")]))
    update_airman(state, 1, actions=1)  # the turret gunner has acted: the pilot is left
    assert isinstance(act(plugins, state), Tactical)
    state.tactical_dice = {"raf": 2}
    assert not isinstance(act(plugins, state), Tactical)


@pytest.mark.clause("victoriana.optional.5", "victoriana.pilot.3")
def test_desperate_steps_before_the_health_depletes(plugins: Any) -> None:
    """ "Crew members must take desperate steps to avoid this ugly end before their craft's
    health depletes": a pilot whose aircraft an average hit would bring down escapes (easy
    when not outnumbered: no black dice) rather than fight on."""
    state = raf_first(battle([flight("spitfire1", pc=True, crew="ace")], [flight("bf109e3")]))
    assert isinstance(act(plugins, state), Attack)  # healthy: fights
    update_craft(state, 0, health=2)
    assert isinstance(act(plugins, state), Escape)


@pytest.mark.clause("victoriana.optional.2", "victoriana.optional.5")
def test_a_landing_it_cannot_survive_is_worse_than_jumping(plugins: Any) -> None:
    """Outnumbered (9 black dice against the escape) over a city (12 black dice, 12 damage):
    the pilot of a wrecked Defiant bails out with the crew; over fields (no black dice, 4
    damage) the wreck makes an emergency landing it survives."""
    state = raf_first(
        battle(
            [flight("defiant", pc=True, crew="veteran")],
            [flight("bf109e3", 3)],
            emergency_landings=True,
            environment="cities",
        )
    )
    update_craft(state, 0, health=3)
    update_airman(state, 1, actions=1)
    assert isinstance(act(plugins, state), BailOut)
    state = raf_first(
        battle(
            [flight("defiant", pc=True, crew="veteran")],
            [flight("bf109e3", 3)],
            emergency_landings=True,
            environment="roads-or-fields",
        )
    )
    update_craft(state, 0, health=3)
    update_airman(state, 1, actions=1)
    assert isinstance(act(plugins, state), EmergencyLanding)


@pytest.mark.clause("victoriana.optional.16")
def test_setups_use_the_squadron_phase_for_massive_sorties_only() -> None:
    """ "Obviously, the Squadron Phase is meant for massive air sorties with more than 10
    aircraft battling through the skies. For smaller more mechanically nuanced fights, remove
    the Squadron Phase"."""
    for setup in specs.setup_specs():
        aircraft = sum(f.count for side in setup.side for f in side.flight)
        assert setup.rules.skip_squadron == (aircraft <= 10), setup.name
