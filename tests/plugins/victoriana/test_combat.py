"""The Combat Phase: order, initiative bonus, multi-actions, pilot and crew actions, damage."""

from __future__ import annotations

from typing import Any

import pytest

from aerodrome.engine.turns import Context, Frame, Item
from aerodrome_victoriana import acting, combat, squadron
from aerodrome_victoriana.common import handling
from aerodrome_victoriana.events import BombsDropped, TaskRolled
from aerodrome_victoriana.state import (
    Attack,
    Chase,
    Defend,
    DogfightState,
    DropBomb,
    EndTurn,
    Escape,
    FreeAttack,
    Repair,
    Spot,
    Tactical,
    update_craft,
)
from tests.plugins.victoriana.helpers import BOOK, battle, blanks, dice, flight, pool

HE111_CREW = ("Halder", "Brandt", "Weiss", "Roth", "Kessler")


def duel(**rules: Any) -> DogfightState:
    """Spitfire (PC ace, airman 0, craft 0) against a He 111 (NPC veterans, airmen 1-5)."""
    state = battle(
        [flight("spitfire1", pc=True, crew="ace", names=("Penhallow",))],
        [flight("he111", npc=True, crew="veteran", names=HE111_CREW)],
        **rules,
    )
    state.winner = "raf"
    combat.run_order(state, dice([]))
    return state


PHASE = combat.CombatPhase(BOOK)


def perform(state: DogfightState, ctx: Context, action: Any) -> None:
    combat.perform(state, ctx, action, BOOK)


def in_turn(turn: Item, faces: list[int] | None = None, events: list[Any] | None = None) -> Context:
    """A context inside the Combat Phase's turn ``turn`` (what the step reads as ctx.item)."""
    ctx = dice(faces or [], events)
    ctx.clock.frames = [Frame(index=1, items=(turn,), item=0), Frame()]
    return ctx


def tasks(events: list[Any]) -> list[TaskRolled]:
    return [e for e in events if isinstance(e, TaskRolled)]


# -- order ----------------------------------------------------------------------------------------
@pytest.mark.clause("victoriana.combat.2", "victoriana.combat.3")
def test_order_winner_first_then_bigger_pool_then_roll_off() -> None:
    state = duel()
    assert state.order == ["raf", "luftwaffe"]
    state.winner = ""
    state.pools = {"raf": 6, "luftwaffe": 8}
    combat.run_order(state, dice([]))
    assert state.order == ["luftwaffe", "raf"]
    state.pools = {"raf": 6, "luftwaffe": 6}
    combat.run_order(state, dice([4, 4, 5, 2]))  # a tied roll-off is rolled again
    assert state.order == ["raf", "luftwaffe"]


@pytest.mark.clause("victoriana.combat.1", "victoriana.combat.4", "victoriana.combat.8")
def test_only_named_characters_act_and_their_side_orders_them() -> None:
    state = battle(
        [flight("spitfire1", pc=True, crew="ace"), flight("spitfire1", 2)],
        [flight("he111", npc=True, crew="veteran"), flight("bf109e3", 3)],
    )
    state.winner = "luftwaffe"
    combat.run_order(state, dice([]))
    assert combat.turns(state) == ["luftwaffe", "raf"]
    ask = PHASE.act(state, in_turn("luftwaffe"))
    assert ask is not None and ask.decision.players == (1,) and ask.decision.kind == "act"
    options = ask.legal(state, 1)
    acting = {state.airmen[a.airman].craft for a in options if hasattr(a, "airman")}
    assert acting == {3}  # only the NPC He 111; the unnamed Bf 109s do not act
    # any of its five crew may go first; pilot actions only for the pilot
    assert {a.airman for a in options if hasattr(a, "airman")} == {3, 4, 5, 6, 7}
    assert all(
        state.airmen[a.airman].pilot for a in options if isinstance(a, Defend | Escape | Tactical)
    )
    assert not any(isinstance(a, Attack) and a.airman == 3 for a in options)  # no pilot gun
    assert not PHASE.resolve_act(state, dice([]), {1: EndTurn()})  # the turn is over
    ask = PHASE.act(state, in_turn("raf"))
    assert ask is not None and ask.decision.players == (0,)


@pytest.mark.clause("victoriana.combat.5", "victoriana.combat.6")
def test_initiative_bonus_and_multi_action_penalty() -> None:
    state = duel()
    events: list[Any] = []
    perform(state, dice(blanks(15), events), Defend(airman=0, ward=0))
    perform(state, dice(blanks(14 + 3), events), Defend(airman=0, ward=0))
    first, second = tasks(events)
    assert (first.white_dice, first.black_dice) == (9 + 5 + 1, 0)  # Aviation + Handling + bonus
    assert (second.white_dice, second.black_dice) == (9 + 5, 3)  # second action: +3 black
    assert all(a.id != 0 for a in combat.actors(state, "raf"))


# -- pilot actions ----------------------------------------------------------------------------------
@pytest.mark.clause(
    "victoriana.pilot.1", "victoriana.aircraft.5", "victoriana.aircraft.6", "victoriana.damage.2"
)
def test_attack_ties_go_to_the_attacker() -> None:
    state = duel()
    state.first_done = True
    events: list[Any] = []
    # Gunnery 8 + Handling 5 + the He 111's 2 black-dice Handling as bonus dice = 15 white;
    # black: its Handling counts 0, + 3 = 3. 2 against 2 is a tie: a hit.
    perform(
        state,
        dice([*pool(15, 2), 1, 1, 3, *pool(20, 9)], events),
        Attack(airman=0, target=1, weapon=0),
    )
    (t,) = tasks(events)
    assert (t.white_dice, t.black_dice, t.white, t.black) == (15, 3, 2, 2)
    assert state.crafts[1].health == 42 - (9 - 6)


@pytest.mark.clause("victoriana.pilot.1", "victoriana.damage.2")
def test_attack_net_successes_add_pips_and_a_lost_roll_misses() -> None:
    state = duel()
    state.first_done = True
    perform(
        state, dice([*pool(15, 4), 1, 3, 3, *pool(20, 9)]), Attack(airman=0, target=1, weapon=0)
    )
    assert state.crafts[1].health == 42 - (9 + 3 - 6)
    state = duel()
    state.first_done = True
    perform(state, dice([*pool(15, 1), 1, 1, 3]), Attack(airman=0, target=1, weapon=0))
    assert state.crafts[1].health == 42


@pytest.mark.clause("victoriana.aircraft.5")
def test_target_handling_makes_the_black_pool() -> None:
    state = battle([flight("spitfire1", pc=True, crew="ace")], [flight("bf109e3")])
    state.winner = "raf"
    combat.run_order(state, dice([]))
    state.first_done = True
    events: list[Any] = []
    perform(state, dice(pool(13, 0) + pool(8, 0), events), Attack(airman=0, target=1, weapon=0))
    assert (tasks(events)[0].white_dice, tasks(events)[0].black_dice) == (8 + 5, 5 + 3)


@pytest.mark.clause("victoriana.pilot.2", "victoriana.aircraft.6")
def test_defend_adds_armour_until_the_pilots_next_turn() -> None:
    state = duel()
    state.first_done = True
    events: list[Any] = []
    # the He 111 pilot: Aviation 7, its black-dice Handling rolls 2 black dice against it
    perform(state, dice([*pool(7, 4), 1, 3], events), Defend(airman=1, ward=1))
    assert (tasks(events)[0].white_dice, tasks(events)[0].black_dice) == (7, 2)
    assert [b.amount for b in state.crafts[1].defence] == [3]
    from aerodrome_victoriana.damage import armour_of

    assert armour_of(state.crafts[1]) == 6 + 3
    combat.start_turn(state, "raf")  # another side's turn: the bonus lasts
    assert [b.amount for b in state.crafts[1].defence] == [3]
    combat.start_turn(state, "luftwaffe")  # the Luftwaffe's turn starts again: the bonus ends
    assert state.crafts[1].defence == ()


@pytest.mark.clause("victoriana.pilot.3", "victoriana.pilot.4")
def test_escape_outnumbered_rolls_nine_black_dice() -> None:
    state = battle(
        [flight("spitfire1", pc=True, crew="ace"), flight("hurricane2")], [flight("he111", 3)]
    )
    state.winner = "raf"
    combat.run_order(state, dice([]))
    state.first_done = True
    events: list[Any] = []
    perform(state, dice(pool(14, 5) + pool(9, 3), events), Escape(airman=0))
    assert tasks(events)[0].black_dice == 9
    assert state.crafts[0].status == "escaped" and state.left["raf"] == 1
    # not outnumbered: no black dice
    state = battle([flight("spitfire1", pc=True, crew="ace")], [flight("bf109e3")])
    state.first_done = True
    events = []
    perform(state, dice(pool(14, 2), events), Escape(airman=0))
    assert tasks(events)[0].black_dice == 0


@pytest.mark.clause("victoriana.pilot.5", "victoriana.pilot.6")
def test_failed_escape_draws_a_free_attack_chosen_by_the_other_side() -> None:
    state = battle(
        [flight("spitfire1", pc=True, crew="ace")],
        [flight("he111", npc=True, crew="veteran"), flight("he111")],
    )
    state.winner = "raf"
    combat.run_order(state, dice([]))
    state.first_done = True
    perform(state, dice(pool(14, 2) + pool(9, 2)), Escape(airman=0))
    assert state.crafts[0].status == "flying" and state.free_attack_on == 0
    ask = PHASE.act(state, in_turn("raf"))
    assert ask is not None and ask.decision.kind == "free-attack" and ask.decision.players == (1,)
    options = ask.legal(state, 1)
    assert FreeAttack(craft=1, weapon=2) in options
    assert options == combat.free_attack_options(state, state.crafts[0])
    events: list[Any] = []
    # dorsal gunner: Gunnery 7 (+0, black Handling 2 against) vs Spitfire Handling 5 + 3
    PHASE.resolve_free_attack(
        state,
        dice(pool(7, 3) + pool(10, 3) + pool(11, 4), events),
        {1: FreeAttack(craft=1, weapon=2)},
    )
    (t,) = tasks(events)
    assert (t.white_dice, t.black_dice) == (7, 10)
    assert state.crafts[0].health == 12 - (4 - 1)
    assert state.airmen[4].actions == 0  # the free attack costs the gunner nothing


@pytest.mark.clause("victoriana.pilot.7", "victoriana.pilot.8")
def test_chase_an_escaped_enemy() -> None:
    state = battle(
        [flight("spitfire1", pc=True, crew="ace"), flight("hurricane2", pc=True)],
        [flight("bf109e3", npc=True, crew="ace"), flight("bf109e3")],
    )
    state.first_done = True
    perform(state, dice(pool(14, 3)), Escape(airman=2))
    assert state.crafts[2].status == "escaped"
    assert acting.chase_targets(state, state.airmen[0]) == [2]
    assert Chase(airman=0, target=2) in combat.character_options(state, state.airmen[0])
    # the Hurricane fails and loses its target
    perform(state, dice(pool(8, 1)), Chase(airman=1, target=2))
    assert state.crafts[1].status == "flying" and acting.chase_targets(state, state.airmen[1]) == []
    # the Spitfire succeeds: both now fly a chase outside the dogfight
    perform(state, dice(pool(14, 2)), Chase(airman=0, target=2))
    assert state.crafts[0].status == "chasing"
    assert acting.chase_targets(state, state.airmen[1]) == []  # the Spitfire is a friend


@pytest.mark.clause("victoriana.pilot.9", "victoriana.pilot.10")
def test_tactical_dice_for_the_next_squadron_roll_only_the_best_counts() -> None:
    state = battle(
        [flight("spitfire1", pc=True, crew="ace"), flight("hurricane2", pc=True, crew="veteran")],
        [flight("bf109e3", 2)],
    )
    state.first_done = True
    perform(state, dice(pool(14, 4)), Tactical(airman=0, skill="aviation"))
    perform(state, dice(pool(8, 2)), Tactical(airman=1, skill="tactics"))
    assert state.tactical_dice == {"raf": 4}
    assert squadron.squadron_pools(state, BOOK)["raf"] == 2 + 5 + 4


# -- crew actions -----------------------------------------------------------------------------------
@pytest.mark.clause("victoriana.crew.1")
def test_gunners_fire_only_their_stations_guns() -> None:
    state = duel()
    options = combat.character_options(state, state.airmen[4])  # dorsal gunner
    assert {a.weapon for a in options if isinstance(a, Attack)} == {2, 3}
    nose = combat.character_options(state, state.airmen[2])
    assert {a.weapon for a in nose if isinstance(a, Attack)} == {0, 1}


@pytest.mark.clause("victoriana.crew.2", "victoriana.crew.3", "victoriana.aircraft.12")
def test_drop_bomb_dice_and_outcomes() -> None:
    state = duel()
    state.first_done = True
    events: list[Any] = []
    # 4,409 lb: 8 × 500 lb → 16 dice + Gunnery 7, against 6 black dice
    perform(state, dice(pool(23, 8) + pool(6, 2), events), DropBomb(airman=2, line=0, count=1))
    assert (tasks(events)[0].white_dice, tasks(events)[0].black_dice) == (23, 6)
    assert [e.outcome for e in events if isinstance(e, BombsDropped)] == ["on target"]
    assert state.crafts[1].bombs == (0, 8)
    assert not any(
        isinstance(a, DropBomb) and a.line == 0
        for a in combat.character_options(state, state.airmen[2])
    )
    outcomes = {}
    for face in (1, 2, 3, 5, 6):
        state = duel()
        state.first_done = True
        ev: list[Any] = []
        # 3 × 551 lb = 1653 lb: 3 × 2 dice + 7 = 13 dice; net 1: partial, then the d6
        perform(
            state, dice(pool(13, 1) + pool(6, 0) + [face], ev), DropBomb(airman=2, line=1, count=3)
        )
        outcomes[face] = next(e.outcome for e in ev if isinstance(e, BombsDropped))
    assert outcomes == {
        1: "target damaged",
        6: "target damaged",
        2: "destruction elsewhere",
        5: "destruction elsewhere",
        3: "no effect",
    }
    state = duel()
    state.first_done = True
    ev = []
    perform(state, dice(pool(13, 0) + pool(6, 1), ev), DropBomb(airman=2, line=1, count=3))
    assert [e.outcome for e in ev if isinstance(e, BombsDropped)] == ["missed"]
    assert state.stats["luftwaffe.bombs missed"] == 1


@pytest.mark.clause("victoriana.aircraft.11")
def test_optional_ordnance_penalty_lasts_while_the_bombs_are_aboard() -> None:
    state = battle([flight("hurricane2", pc=True, fitted=True)], [flight("bf109e3")])
    assert handling(state.crafts[0]) == 1
    state.first_done = True
    perform(
        state, dice(pool(5 + 2, 0) + pool(6, 0)), DropBomb(airman=0, line=0, count=1, optional=True)
    )
    assert handling(state.crafts[0]) == 1
    perform(
        state, dice(pool(5 + 2, 0) + pool(9, 0)), DropBomb(airman=0, line=0, count=1, optional=True)
    )
    assert handling(state.crafts[0]) == 3


@pytest.mark.clause("victoriana.crew.4")
def test_repair_restores_pips_up_to_the_armour_value() -> None:
    state = duel()
    state.first_done = True
    update_craft(state, 1, health=20)
    assert Repair(airman=3) in combat.character_options(state, state.airmen[3])
    assert not any(isinstance(a, Repair) for a in combat.character_options(state, state.airmen[1]))
    # Ad Hoc Repair 4 dice, all sixes, explode into 1 1 1 3: 7 successes, capped at Armour 6
    perform(state, dice([6, 6, 6, 6, 1, 1, 1, 3, *blanks(3)]), Repair(airman=3))
    assert state.crafts[1].health == 26
    perform(state, dice(pool(4, 2) + pool(6, 1)), Repair(airman=5))
    assert state.crafts[1].health == 27


@pytest.mark.clause("victoriana.crew.5")
def test_spot_cuts_the_black_dice_of_a_crewmates_next_action() -> None:
    state = duel()
    state.first_done = True
    perform(state, dice(pool(5, 2)), Spot(airman=2, mate=4, skill="perception"))
    assert state.airmen[4].spot == 2
    events: list[Any] = []
    perform(state, dice(pool(7, 0) + pool(8, 0), events), Attack(airman=4, target=0, weapon=2))
    assert tasks(events)[0].black_dice == 5 + 3 + 2 - 2
    assert state.airmen[4].spot == 0


@pytest.mark.clause("victoriana.damage.3", "victoriana.aircraft.10", "victoriana.aircraft.7")
def test_zero_health_destroys_the_aircraft_with_its_crew() -> None:
    state = battle(
        [flight("hurricane2", pc=True, crew="ace"), flight("hurricane2")],
        [flight("he111", npc=True, crew="veteran"), flight("he111")],
    )
    state.first_done = True
    update_craft(state, 2, health=5)
    # Hispano 15 AP5 against Armour 6: only 1 point of armour counts; 5 successes + 1 net - 1
    perform(
        state,
        dice(pool(8 + 3 + 2, 1) + pool(3, 0) + pool(15, 5)),
        Attack(airman=0, target=2, weapon=0),
    )
    assert state.crafts[2].status == "destroyed" and state.crafts[2].health == 0
    assert all(state.airmen[i].status == "dead" for i in state.crafts[2].crew)
    assert state.left["luftwaffe"] == 1
