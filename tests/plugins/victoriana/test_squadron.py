"""The Squadron Phase: pools, the opposed roll, the four manoeuvres, and the worked example."""

from __future__ import annotations

from typing import Any

import pytest

from aerodrome import Game, hookimpl
from aerodrome.engine.testing import load_dice
from aerodrome.engine.turns import Reveal
from aerodrome_victoriana import squadron
from aerodrome_victoriana.events import SquadronRolled
from aerodrome_victoriana.hooks import Variants
from aerodrome_victoriana.state import (
    ChooseManoeuvre,
    DamageRoll,
    DogfightState,
    LeaveBattle,
    RemoveFighter,
    SpendOnFighters,
    update_craft,
)
from tests.plugins.victoriana.helpers import BOOK, battle, dice, flight, pool, variants


def example(fitted: bool = True) -> DogfightState:
    return battle(
        [flight("spitfire1", 3), flight("wyvern", 2), flight("hurricane2", 4)],
        [flight("bf109e3", 7, fitted=fitted), flight("he111", 5)],
    )


PHASE = squadron.SquadronPhase(BOOK)


def roll(
    state: DogfightState,
    raf: str,
    lw: str,
    faces: list[int],
    events: list[Any] | None = None,
    rules: Variants = BOOK,
) -> None:
    state.manoeuvre = {"raf": raf, "luftwaffe": lw}
    squadron.squadron_roll(state, dice(faces, events), rules)


# -- the worked example ------------------------------------------------------------------------
@pytest.mark.clause("victoriana.squadron.16", "victoriana.squadron.2", "victoriana.squadron.3")
def test_example_pools_are_14_and_15() -> None:
    state = example()
    assert squadron.base_pool(state, "raf") == (9 + 5, 0)  # the Spitfire's +5
    assert squadron.base_pool(state, "luftwaffe") == (12 + 3, 0)  # Bf 109 +5 - 2 with its bomb
    # the datasheet's Bf 109 without the bomb would give 17: the example's +3 is the bomb's
    assert squadron.base_pool(example(fitted=False), "luftwaffe") == (17, 0)


@pytest.mark.clause(
    "victoriana.squadron.16",
    "victoriana.squadron.8",
    "victoriana.turn.1",
    "victoriana.combat.2",
    "victoriana.squadron.7",
)
def test_worked_example_through_the_game(plugins: Any) -> None:
    game = Game(plugins.ruleset("victoriana"), "11-group", seed=0)
    decision = game.decision()
    assert decision is not None and decision.kind == "manoeuvre"
    assert decision.simultaneous and decision.reveal == Reveal.EVERYONE
    assert decision.players == (0, 1)
    load_dice(game, pool(14, 4) + pool(15, 6))
    game.apply(0, ChooseManoeuvre(manoeuvre="attack"))
    game.apply(1, ChooseManoeuvre(manoeuvre="attack"))
    rolled = [e for e in game.log if isinstance(e, SquadronRolled)][-1]
    assert rolled.pools == {"raf": 14, "luftwaffe": 15}
    assert rolled.successes == {"raf": 4, "luftwaffe": 6}
    assert (rolled.winner, rolled.net) == ("luftwaffe", 2)
    # the RAF removes two fighters of its choice (not the PCs' aircraft, not the Wyverns)
    decision = game.decision()
    assert decision is not None and decision.kind == "remove" and decision.players == (0,)
    legal = game.legal_actions(0)
    removable = {game.state.crafts[a.craft].spec for a in legal if isinstance(a, RemoveFighter)}
    assert removable == {"spitfire1", "hurricane2"}
    game.apply(0, legal[0])
    game.apply(0, game.legal_actions(0)[0])
    assert game.state.left == {"raf": 7, "luftwaffe": 12}
    # the Combat Phase follows; the Luftwaffe won the roll and acts first
    assert game.state.order == ["luftwaffe", "raf"]
    decision = game.decision()
    assert decision is not None and decision.kind == "act" and decision.players == (1,)


def test_secret_manoeuvres_stay_hidden_until_both_commit(plugins: Any) -> None:
    game = Game(plugins.ruleset("victoriana"), "11-group", seed=0)
    game.apply(0, ChooseManoeuvre(manoeuvre="defend"))
    assert game.state.manoeuvre == {}
    assert not any(isinstance(getattr(e, "action", None), ChooseManoeuvre) for e in game.log_for(1))


# -- pools ---------------------------------------------------------------------------------------
@pytest.mark.clause("victoriana.squadron.4", "victoriana.aircraft.6")
def test_black_dice_handling_of_a_bomber_squadron_joins_the_enemy_pool() -> None:
    state = battle([flight("spitfire1")], [flight("he111", 2)])
    assert squadron.base_pool(state, "luftwaffe") == (2, 2)
    pools = squadron.squadron_pools(state, BOOK)
    assert pools == {"raf": 1 + 5 + 2, "luftwaffe": 2}


@pytest.mark.clause("victoriana.squadron.10")
def test_defend_adds_half_the_pool_rounded_up() -> None:
    state = example()
    state.manoeuvre = {"raf": "defend", "luftwaffe": "defend"}
    assert squadron.squadron_pools(state, BOOK) == {"raf": 14 + 7, "luftwaffe": 15 + 8}


@pytest.mark.clause("victoriana.squadron.5", "victoriana.dice.2")
def test_black_sixes_explode_in_the_squadron_roll() -> None:
    state = battle([flight("spitfire1")], [flight("bf109e3")])  # pools 6 and 6
    faces = pool(6, 0) + [6, 6, 1] + [3] * 5  # black: 6 explodes, 6 explodes, 1: 3 successes
    roll(state, "attack", "attack", faces)
    assert state.rolled == {"raf": 0, "luftwaffe": 3}
    assert (state.winner, state.net) == ("luftwaffe", 3)


@pytest.mark.clause("victoriana.squadron.6")
def test_a_tie_accomplishes_nothing() -> None:
    state = example()
    roll(state, "attack", "attack", pool(14, 5) + pool(15, 5))
    assert state.winner == "" and state.net == 0
    assert PHASE.spend(state, dice([])) is None
    assert PHASE.remove(state, dice([])) is None
    assert state.left == {"raf": 9, "luftwaffe": 12}


# -- manoeuvres ----------------------------------------------------------------------------------
@pytest.mark.clause("victoriana.squadron.8")
def test_attack_removes_a_fighter_per_net_success() -> None:
    state = example()
    roll(state, "attack", "defend", pool(14, 8) + pool(23, 5))
    assert (state.winner, state.net) == ("raf", 3)
    # 3 successes: the winner may damage a special aircraft or take fighters
    ask = PHASE.spend(state, dice([]))
    assert ask is not None and ask.decision.players == (0,) and ask.decision.kind == "spend"
    PHASE.resolve_spend(state, dice([]), {0: SpendOnFighters()})
    assert state.to_remove == 3
    # all the Bf 109s are alike: no question, three leave
    assert PHASE.remove(state, dice([])) is None
    assert state.left["luftwaffe"] == 9
    assert sum(1 for c in state.crafts if c.status == "removed") == 3


@pytest.mark.clause("victoriana.squadron.9", "victoriana.squadron.15", "victoriana.damage.1")
def test_attack_spends_three_successes_per_damage_roll_on_a_special_aircraft() -> None:
    state = example()
    roll(state, "attack", "attack", pool(14, 7) + pool(15, 4))
    assert state.net == 3
    options = squadron.spend_options(state)
    targets = {state.crafts[a.target].spec for a in options if isinstance(a, DamageRoll)}
    assert targets == {"he111"}  # bombers are special; the Bf 109s are fighters
    weapons = {state.crafts[a.craft].spec for a in options if isinstance(a, DamageRoll)}
    assert weapons == {"spitfire1", "hurricane2"}  # fighters' armament only, not the Wyverns'
    he = next(
        a
        for a in options
        if isinstance(a, DamageRoll) and state.crafts[a.craft].spec == "hurricane2"
    )
    # Hispano cannon (15 AP5): 9 successes against Armour 6 - 5 = 1 → 8 pips; net 3 adds nothing
    PHASE.resolve_spend(state, dice(pool(15, 9)), {0: he})
    assert state.crafts[he.target].health == 42 - 8
    assert state.to_spend == 0 and PHASE.spend(state, dice([])) is None


@pytest.mark.clause("victoriana.squadron.9")
def test_a_squadron_without_fighters_uses_any_armament() -> None:
    state = battle([flight("wyvern", 2)], [flight("he111")])
    assert [(state.crafts[c].spec, w) for c, w in squadron.damage_weapons(state, "raf")] == [
        ("wyvern", 0)
    ]


@pytest.mark.clause("victoriana.squadron.11")
def test_defend_removes_per_three_and_damages_per_six() -> None:
    state = example()
    roll(state, "defend", "attack", pool(21, 9) + pool(15, 2))
    assert (state.winner, state.net) == ("raf", 7)
    assert squadron.costs("defend") == (3, 6)
    bf109 = next(c for c in state.crafts if c.spec == "he111")
    options = squadron.spend_options(state)
    hit = next(a for a in options if isinstance(a, DamageRoll) and a.target == bf109.id)
    PHASE.resolve_spend(state, dice(pool(20, 0)), {0: hit})
    assert state.to_spend == 1  # 7 - 6: not enough for a fighter (3)
    assert PHASE.spend(state, dice([])) is None
    assert state.to_remove == 0


@pytest.mark.clause("victoriana.squadron.12")
def test_escape_lets_friendly_aircraft_leave_but_not_pcs() -> None:
    state = battle(
        [flight("spitfire1", pc=True, crew="ace"), flight("spitfire1"), flight("hurricane2")],
        [flight("bf109e3", 2)],
    )
    roll(state, "escape", "attack", pool(8, 6) + pool(7, 1))
    assert (state.winner, state.net) == ("raf", 5)
    assert state.to_remove == 5
    # only the two unnamed aircraft may leave; both do; the PC stays; no enemy is removed
    assert PHASE.remove(state, dice([])) is None
    assert [c.status for c in state.crafts] == [
        "flying",
        "withdrawn",
        "withdrawn",
        "flying",
        "flying",
    ]


def test_escape_choice_is_the_winners() -> None:
    state = battle([flight("spitfire1", 2), flight("hurricane2", 2)], [flight("bf109e3", 2)])
    roll(state, "escape", "attack", pool(9, 3) + pool(7, 1))
    ask = PHASE.remove(state, dice([]))
    assert ask is not None and ask.decision.players == (0,) and ask.decision.kind == "escape"
    options = ask.legal(state, 0)
    assert options == squadron.remove_options(state)
    assert all(isinstance(a, LeaveBattle) for a in options) and len(options) == 2


@pytest.mark.clause("victoriana.squadron.13", "victoriana.squadron.14")
def test_tactical_successes_carry_into_the_next_roll() -> None:
    state = example()
    roll(state, "tactical", "attack", pool(14, 6) + pool(15, 3))
    assert state.tactical_carry == {"raf": 3}
    assert PHASE.spend(state, dice([])) is None and state.left["luftwaffe"] == 12
    # next turn: 3 successes rolled + 3 carried against 5
    roll(state, "attack", "attack", pool(14, 3) + pool(15, 5))
    assert state.rolled == {"raf": 6, "luftwaffe": 5}
    assert (state.winner, state.net) == ("raf", 1)
    # carried successes do not count towards a second Tactical manoeuvre
    roll(state, "tactical", "attack", pool(14, 4) + pool(15, 2))
    assert state.tactical_carry == {"raf": 2}
    roll(state, "tactical", "attack", pool(14, 0) + pool(15, 0))
    assert state.rolled == {"raf": 0, "luftwaffe": 0} and state.tactical_carry == {}


@pytest.mark.clause("victoriana.squadron.1")
def test_squadron_pool_hook_changes_the_pool() -> None:
    """A variant plugin implementing aerodrome_victoriana_squadron_pool doubles the RAF's
    pool (mutation caught: the roll ignoring the ruleset's variant hooks)."""

    class Variant:
        @hookimpl
        def aerodrome_victoriana_squadron_pool(
            self, side: str, base_pool: int, state: Any
        ) -> int | None:
            return base_pool * 2 if side == "raf" else None

    state = example()
    events: list[Any] = []
    roll(state, "attack", "attack", pool(28, 0) + pool(15, 0), events, variants(Variant()))
    assert state.pools == {"raf": 28, "luftwaffe": 15}
    assert isinstance(events[-1], SquadronRolled)


@pytest.mark.clause("victoriana.turn.2", "victoriana.turn.3", "victoriana.aircraft.9")
def test_rounds_repeat_until_a_side_has_no_aircraft_or_range(plugins: Any) -> None:
    from aerodrome.engine.agents import RandomAgent
    from aerodrome.engine.driver import drive

    ruleset = plugins.ruleset("victoriana")
    game = Game(ruleset, "stuka-raid", seed=4)
    drive(game, [RandomAgent(1), RandomAgent(2)])
    state = game.state
    result = game.result()
    assert result.finished and result.rounds >= 2
    if 0 in state.left.values():
        assert result.winners == tuple(s for s in state.sides if state.left[s] > 0)
    else:
        assert state.spent and result.rounds == 20 and "range" in result.reason


@pytest.mark.clause("victoriana.aircraft.9")
def test_out_of_range_the_larger_share_holds_the_sky(plugins: Any) -> None:
    ruleset = plugins.ruleset("victoriana")
    state = example()  # 9 RAF, 12 Luftwaffe
    for c in state.crafts[:3] + state.crafts[9:14]:
        update_craft(state, c.id, status="removed")
    state.left = {"raf": 6, "luftwaffe": 7}
    state.spent = True  # the 20th round is over
    assert ruleset.is_over(state)
    result = ruleset.result(state, 20)
    assert result.winners == ("raf",) and "range" in result.reason  # 6/9 beats 7/12
    assert result.losses == {"raf": 3, "luftwaffe": 5}
    state.spent = False
    assert not ruleset.is_over(state)
