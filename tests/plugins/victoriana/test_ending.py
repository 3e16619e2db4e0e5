"""How a dogfight ends (issue #13): "If the fight remains unresolved by the end of the Combat
phase another round of dogfighting begins with the Squadron Phase" — and a beaten squadron
breaks off, as the Escape manoeuvre's planes "fly away, or escape in thick cloud banks" to
"fight another day"."""

from __future__ import annotations

from typing import Any

import pytest

from aerodrome_victoriana import combat, ending
from aerodrome_victoriana.state import FLYING, DogfightState, update_craft
from tests.plugins.victoriana.helpers import battle, dice, flight


def example() -> DogfightState:
    """The worked example's forces: 9 RAF (crafts 0-8) against 12 Luftwaffe (9-20)."""
    return battle(
        [flight("spitfire1", 3), flight("wyvern", 2), flight("hurricane2", 4)],
        [flight("bf109e3", 7, fitted=True), flight("he111", 5)],
    )


def take_out(state: DogfightState, crafts: list[int], status: str = "removed") -> None:
    for cid in crafts:
        side = state.crafts[cid].side
        update_craft(state, cid, status=status)
        state.left[side] -= 1


def end_round(state: DogfightState) -> None:
    combat.run_end(state, dice([]))


@pytest.mark.clause("victoriana.turn.2", "victoriana.turn.4")
def test_a_squadron_down_to_half_and_outnumbered_breaks_off(plugins: Any) -> None:
    """The RAF keeps 4 of its 9 aircraft against 12: at the end of the round it breaks off;
    its aircraft withdraw (not lost) and the Luftwaffe holds the sky."""
    ruleset = plugins.ruleset("victoriana")
    state = example()
    take_out(state, [0, 1, 2, 5, 6])
    end_round(state)
    assert ruleset.is_over(state)
    assert {c.status for c in state.crafts[:9]} == {"removed", "withdrawn"}
    assert all(c.status == FLYING for c in state.crafts[9:])
    result = ruleset.result(state, 1)
    assert (
        result.winners == ("luftwaffe",)
        and result.reason == "raf break off: luftwaffe hold the sky"
    )
    assert result.losses == {"raf": 5, "luftwaffe": 0}  # the withdrawn aircraft fly home


@pytest.mark.clause("victoriana.turn.2", "victoriana.turn.4")
def test_the_fight_goes_on_while_it_is_unresolved(plugins: Any) -> None:
    """5 of 9 left (more than half), or half left but still the larger squadron: another
    round begins with the Squadron Phase."""
    ruleset = plugins.ruleset("victoriana")
    state = example()
    take_out(state, [0, 1, 2, 3])  # 5 of 9 against 12
    end_round(state)
    assert not ruleset.is_over(state) and not state.spent and state.left["raf"] == 5
    state = example()
    take_out(state, list(range(9, 18)))  # the Luftwaffe keeps 3 of 12 ...
    take_out(state, [0, 1, 2, 3, 4, 5])  # ... against 3 of 9: equal numbers, smaller share
    end_round(state)
    assert state.left == {"raf": 3, "luftwaffe": 0}
    assert ruleset.result(state, 1).reason == "luftwaffe break off: raf hold the sky"


@pytest.mark.clause("victoriana.turn.4")
def test_a_lone_wyvern_does_not_outlast_a_dozen_aircraft(plugins: Any) -> None:
    """Issue #13's stalemate: a lone Wyvern (30 Health, only hurt by damage rolls at 3
    successes each) used to hold out against the whole swarm until the round cap."""
    ruleset = plugins.ruleset("victoriana")
    state = example()
    take_out(state, [0, 1, 2, 3, 5, 6, 7, 8])  # Wyvern #2 alone
    end_round(state)
    assert ruleset.is_over(state)
    assert ruleset.result(state, 1).winners == ("luftwaffe",)


@pytest.mark.clause("victoriana.turn.4")
def test_both_beaten_with_equal_shares_is_a_draw(plugins: Any) -> None:
    ruleset = plugins.ruleset("victoriana")
    state = battle([flight("spitfire1", 4)], [flight("bf109e3", 4)])
    take_out(state, [0, 1, 4, 5])  # 2 of 4 each
    assert ending.beaten(state) == ["raf", "luftwaffe"]
    end_round(state)
    result = ruleset.result(state, 1)
    assert result.winners == () and result.reason == "both squadrons break off"
    assert result.finished


@pytest.mark.clause("victoriana.turn.3")
def test_a_side_with_nothing_left_has_lost_the_sky(plugins: Any) -> None:
    ruleset = plugins.ruleset("victoriana")
    state = battle([flight("spitfire1", 2)], [flight("bf109e3", 2)])
    take_out(state, [2, 3], "destroyed")
    assert ruleset.is_over(state)
    assert ruleset.result(state, 1).reason == "raf hold the sky"


@pytest.mark.clause("victoriana.turn.4", "victoriana.aircraft.9")
def test_the_round_cap_is_rare_in_the_worked_examples_mass_battle(plugins: Any) -> None:
    """Issue #13: the round cap decided 57 of 60 bot games of 11-group-squadrons; now a beaten
    squadron breaks off and the Gamemaster's range-and-ammunition call is rare."""
    from aerodrome.engine.agents import agent_seed
    from aerodrome.runs.sim import play_game
    from aerodrome_victoriana.bot import VictorianaBot

    ruleset = plugins.ruleset("victoriana")
    setup = ruleset.setup("11-group-squadrons")
    capped = 0
    for seed in range(60):
        agents = [VictorianaBot(agent_seed(seed, p)) for p in (0, 1)]
        game, _ = play_game(ruleset, setup, seed, agents)
        result = game.result()
        capped += (not result.finished) or "range" in result.reason
    assert capped <= 6
