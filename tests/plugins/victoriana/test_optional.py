"""The optional rules: emergency landings and bailing out, crew damage, weather and night,
skipping the Squadron Phase."""

from __future__ import annotations

from typing import Any

import pytest

from aerodrome import Game
from aerodrome.engine.turns import Context, Frame, Item
from aerodrome_victoriana import combat, specs
from aerodrome_victoriana.damage import damage_roll
from aerodrome_victoriana.events import CrewHit, ParachuteLanded, TaskRolled
from aerodrome_victoriana.state import (
    BailOut,
    Defend,
    DogfightState,
    EmergencyLanding,
    Spot,
    Tactical,
    update_airman,
    update_craft,
)
from tests.plugins.victoriana.helpers import BOOK, battle, blanks, dice, flight, pool

SPITFIRE_GUNS = specs.aircraft()["spitfire1"].weapons[0]


def perform(state: DogfightState, ctx: Context, action: Any) -> None:
    combat.perform(state, ctx, action, BOOK)


def in_turn(turn: Item) -> Context:
    """A context inside the Combat Phase's turn ``turn`` (what the step reads as ctx.item)."""
    ctx = dice([])
    ctx.clock.frames = [Frame(index=1, items=(turn,), item=0), Frame()]
    return ctx


def tasks(events: list[Any]) -> list[TaskRolled]:
    return [e for e in events if isinstance(e, TaskRolled)]


@pytest.mark.clause("victoriana.optional.1")
def test_optional_rules_are_switched_in_the_setup() -> None:
    plain = battle([flight("spitfire1", pc=True)], [flight("bf109e3")])
    assert not any(
        isinstance(a, EmergencyLanding | BailOut)
        for a in combat.character_options(plain, plain.airmen[0])
    )
    landing = battle([flight("spitfire1", pc=True)], [flight("bf109e3")], emergency_landings=True)
    options = combat.character_options(landing, landing.airmen[0])
    assert EmergencyLanding(airman=0) in options and BailOut(airman=0) in options


@pytest.mark.clause("victoriana.optional.2", "victoriana.optional.3")
def test_emergency_landing_on_the_open_sea() -> None:
    state = battle(
        [flight("spitfire1", pc=True, crew="ace"), flight("spitfire1")],
        [flight("bf109e3")],
        emergency_landings=True,
        environment="open-sea-or-villages",
    )
    state.first_done = True
    events: list[Any] = []
    perform(state, dice(pool(14, 4) + pool(6, 1), events), EmergencyLanding(airman=0))
    assert tasks(events)[0].black_dice == 6
    assert state.crafts[0].health == 12 - (8 - 3)
    assert state.crafts[0].status == "landed" and state.airmen[0].status == "aboard"
    # a hard landing of a wreck destroys it
    update_craft(state, 1, health=2)
    update_airman(state, 1, actions=0)
    perform(state, dice(pool(10, 0) + pool(6, 0)), EmergencyLanding(airman=1))
    assert state.crafts[1].status == "destroyed"


@pytest.mark.clause("victoriana.optional.5", "victoriana.optional.6", "victoriana.optional.7")
def test_bailing_out_and_the_parachute_landing() -> None:
    state = battle(
        [flight("defiant", pc=True, crew="veteran")],
        [flight("bf109e3", 2)],
        emergency_landings=True,
    )
    state.winner = "raf"
    combat.run_order(state, dice([]))
    state.first_done = True
    perform(state, dice([3]), BailOut(airman=1))  # the gunner jumps; lands in 3 turns
    gunner = state.airmen[1]
    assert gunner.status == "descending" and gunner.lands_round == 4
    assert state.crafts[0].status == "flying"
    assert all(getattr(a, "airman", None) != 1 for a in combat.act_options(state, "raf"))
    events: list[Any] = []
    combat.run_end(state, dice(pool(5, 3), events, round=4))  # Athletics 5 dice: 3 successes
    (landed,) = [e for e in events if isinstance(e, ParachuteLanded)]
    gunner = state.airmen[1]
    assert landed.pips == 8 - 3 and gunner.health == 10 - 5 and gunner.status == "down"
    # a pilot who bails out abandons the aircraft
    update_airman(state, 0, actions=0)
    perform(state, dice([6, *pool(5, 5)]), BailOut(airman=0))
    # the Defiant was the RAF's last aircraft: the dogfight is over, the pilot lands at once
    assert state.crafts[0].status == "crashed" and state.airmen[0].status == "down"
    assert state.airmen[0].health == 10 - 3


def test_parachutists_land_when_the_dogfight_ends() -> None:
    state = battle([flight("defiant", pc=True)], [flight("bf109e3")], emergency_landings=True)
    state.first_done = True
    perform(state, dice([6, 3, *pool(4, 1), *pool(4, 1)]), BailOut(airman=0))
    # pilot and gunner jump (d6 each); the Defiant was the last RAF aircraft: both land now
    assert {a.status for a in state.airmen[:2]} == {"down"}


@pytest.mark.clause("victoriana.optional.10")
def test_crew_damage_vital_components() -> None:
    state = battle(
        [flight("spitfire1", pc=True)],
        [flight("bf110c", npc=True, crew="veteran")],
        crew_damage=True,
    )
    events: list[Any] = []
    damage_roll(
        state, dice([*pool(20, 12), 6], events), state.crafts[1], SPITFIRE_GUNS, 0, "test", BOOK
    )
    assert state.crafts[1].health == 18 - 8  # 8 pips: not more than Armour 4 × 2
    assert not [e for e in events if isinstance(e, CrewHit)]
    damage_roll(
        state, dice([*pool(20, 13), 6], events), state.crafts[1], SPITFIRE_GUNS, 0, "test", BOOK
    )
    assert state.crafts[1].vital_damage
    state.first_done = True
    ev: list[Any] = []
    perform(state, dice(blanks(8 + 3)), Defend(airman=1, ward=1))
    perform(state, dice(blanks(5 + 3), ev), Spot(airman=2, mate=1, skill="perception"))
    assert tasks(ev)[0].black_dice == 3


@pytest.mark.clause("victoriana.optional.10", "victoriana.optional.11")
def test_crew_damage_hits_the_pilot_or_a_crew_member() -> None:
    state = battle(
        [flight("spitfire1", pc=True)],
        [flight("bf110c", npc=True, crew="veteran")],
        crew_damage=True,
    )
    events: list[Any] = []
    damage_roll(
        state,
        dice([*pool(20, 13), 2, *pool(5, 3)], events),
        state.crafts[1],
        SPITFIRE_GUNS,
        0,
        "t",
        BOOK,
    )
    hit = next(e for e in events if isinstance(e, CrewHit))
    assert (hit.result, hit.airman, hit.pips) == ("pilot", 1, 3) and state.airmen[1].health == 7
    update_craft(state, 1, health=18)
    damage_roll(
        state,
        dice([*pool(20, 13), 4, *pool(5, 2)], events),
        state.crafts[1],
        SPITFIRE_GUNS,
        0,
        "t",
        BOOK,
    )
    hit = [e for e in events if isinstance(e, CrewHit)][-1]
    assert (hit.result, hit.airman) == ("crew member", 2) and state.airmen[2].health == 8
    # a pilot put out of action: nobody flies the aircraft
    update_craft(state, 1, health=18)
    update_airman(state, 1, health=2)
    damage_roll(
        state,
        dice([*pool(20, 13), 1, *pool(5, 3)], events),
        state.crafts[1],
        SPITFIRE_GUNS,
        0,
        "t",
        BOOK,
    )
    assert state.crafts[1].status == "crashed"
    assert [state.airmen[i].status for i in state.crafts[1].crew] == ["dead", "dead"]


@pytest.mark.clause("victoriana.optional.12", "victoriana.optional.13")
def test_weather_and_night_add_black_dice() -> None:
    state = battle(
        [flight("spitfire1", pc=True, crew="ace")], [flight("bf109e3")], weather="storm", night=True
    )
    state.first_done = True
    events: list[Any] = []
    perform(state, dice(blanks(14 + 9), events), Defend(airman=0, ward=0))
    assert tasks(events)[0].black_dice == 6 + 3


@pytest.mark.clause("victoriana.optional.14", "victoriana.optional.15")
def test_skipping_the_squadron_phase(plugins: Any) -> None:
    state = battle(
        [flight("spitfire1", pc=True, crew="ace"), flight("hurricane2")],
        [flight("bf110c", npc=True, crew="veteran")],
        skip_squadron=True,
    )
    # initiative: Spitfire 9+5=14 dice (2 successes), Hurricane 5+3=8 (3), Bf 110 7+1=8 (3)
    combat.run_order(state, dice(pool(14, 2) + pool(8, 3) + pool(8, 3)))
    assert state.initiative == [1, 2, 0]  # tie of 3: the same pool, then the friendly side
    assert combat.turns(state) == [1, 2, 0]
    ask = combat.CombatPhase(BOOK).act(state, in_turn(1))
    assert ask is not None and ask.decision.players == (0,)
    assert {a.airman for a in ask.legal(state, 0) if hasattr(a, "airman")} == {1}  # unnamed acts
    bf110 = combat.character_options(state, state.airmen[2])
    assert Spot(airman=2, mate=3, skill="perception") in bf110
    assert not any(isinstance(a, Tactical) for a in bf110)
    game = Game(plugins.ruleset("victoriana"), "skirmish", seed=1)
    decision = game.decision()
    assert decision is not None and decision.kind == "act"  # no manoeuvre: straight to combat


@pytest.mark.clause("victoriana.optional.10")
def test_a_random_crew_member_is_never_the_pilot_when_there_is_crew() -> None:
    state = battle(
        [flight("hurricane2", pc=True)],
        [flight("he111", npc=True, crew="veteran")],
        crew_damage=True,
    )
    cannon = specs.aircraft()["hurricane2"].weapons[0]
    events: list[Any] = []
    # 15 successes against Armour 6 - AP 5: 14 pips > 12; roll 3: a random one of the 4 crew
    damage_roll(
        state,
        dice([*pool(15, 15), 3, 3, *pool(5, 1)], events),
        state.crafts[1],
        cannon,
        0,
        "t",
        BOOK,
    )
    hit = next(e for e in events if isinstance(e, CrewHit))
    assert (hit.result, hit.airman) == ("crew member", 4)  # the third of the non-pilots
    assert state.airmen[4].health == 9
