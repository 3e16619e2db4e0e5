"""Dogfights: DF, the opposed roll, further attackers, victory fire, retaliation, ramming,
damage, the Waaagh and the Gargoyles (scripted dice on hand-built states)."""

from __future__ import annotations

from typing import Any

import pytest

from aerodrome import hookimpl
from aerodrome.engine.events import DiceRolled, Event
from aerodrome.plugins import load_plugins
from aerodrome_df40k import combat
from aerodrome_df40k.ruleset import Df40k
from aerodrome_df40k.state import (
    DogfightResult,
    FlyerDestroyed,
    GargoylesCommitted,
    HitResolved,
    RamResolved,
    WeaponFired,
)
from tests.plugins.df40k.helpers import RULES, RULESET, ctx, flyer, of_type, order, state

SPECS = RULESET.specs


def fight(s: Any, attacker: str, defender: str, faces: list[int]) -> list[Event]:
    """Declare and conclude one dogfight with scripted dice; all dice must be used."""
    events: list[Event] = []
    c = ctx(faces, events)
    f = combat.declare(s, RULES, c, s.flyer(attacker), s.flyer(defender))
    if not f.awaiting_gargoyles:
        combat.conclude(s, RULES, c, f)
    assert c.dice.remaining == 0  # type: ignore[attr-defined]
    return events


@pytest.mark.clause("df40k.victory.9", "df40k.dogfight.4")
def test_each_further_attacker_rolls_one_more_die_and_adds_one() -> None:
    s = state(
        flyer("imperial-fighter", 0, "a"),
        flyer("imperial-fighter", 0, "b"),
        flyer("imperial-fighter", 0, "c"),
        flyer("ork-heavy-bomber", 1, "bomber"),
    )
    for fid in "abc":
        order(s, fid, "intercept")
    order(s, "bomber", "ground-support")
    # first attacker: one die; the bomber wins and its win counts as a draw
    fight(s, "a", "bomber", [1, 6])
    # second attacker: 2d6 keep the highest, +1
    ev = fight(s, "b", "bomber", [1, 1, 6])  # 1 + 1 + 6 = 8 against 6 + 2 = 8: a draw
    rolls = of_type(ev, DiceRolled)
    assert rolls[0].faces == (1, 1) and rolls[0].kept == (1,)
    assert s.fight is None
    # third attacker: 3d6 keep the highest, +2: 6 + 6 + 2 = 14 against 1 + 2 = 3
    events: list[Event] = []
    f = combat.declare(s, RULES, ctx([1, 6, 3, 1], events), s.flyer("c"), s.flyer("bomber"))
    assert (f.dice, f.bonus, f.attacker_roll) == (3, 2, 6)
    assert f.margin == (6 + 6 + 2) - (1 + 2)
    assert of_type(events, DiceRolled)[0].kept == (6,)


@pytest.mark.clause("df40k.dogfight.5")
def test_a_tie_is_a_draw_and_nothing_more_happens() -> None:
    s = state(flyer("imperial-fighter", 0, "imp"), flyer("ork-fighter", 1, "ork"))
    order(s, "imp", "intercept")
    order(s, "ork", "intercept")
    ev = fight(s, "imp", "ork", [4, 3])  # 6 + 4 = 10 against 7 + 3 = 10
    assert [r.outcome for r in of_type(ev, DogfightResult)] == ["draw"]
    assert not of_type(ev, WeaponFired)


@pytest.mark.clause("df40k.victory.4", "df40k.orders.3")
def test_a_ground_support_winner_counts_as_a_draw_no_retaliation() -> None:
    s = state(flyer("marauder", 0, "marauder"), flyer("ork-heavy-bomber", 1, "bomber"))
    order(s, "marauder", "intercept")
    order(s, "bomber", "ground-support")
    ev = fight(s, "marauder", "bomber", [1, 6])  # 5 + 1 = 6 against 2 + 6 = 8
    assert [r.outcome for r in of_type(ev, DogfightResult)] == ["counts as draw"]
    assert not of_type(ev, WeaponFired)  # not even the Marauder's tail guns


@pytest.mark.clause("df40k.victory.7")
def test_the_loser_retaliates_with_one_rear_weapon_against_front_armour() -> None:
    s = state(flyer("ork-fighter", 0, "ork"), flyer("marauder", 1, "marauder"))
    order(s, "ork", "intercept")
    order(s, "marauder", "ground-support")
    faces = [
        6,
        1,  # 7 + 6 = 13 against 4 + 1 = 5: the Ork wins by 8
        1,
        1,
        1,
        1,
        1,
        1,  # big shoota 1 and its re-rolls: no hit
        1,
        1,
        1,
        1,
        1,
        1,  # big shoota 2: no hit (only two front weapons)
        4,
        4,
        1,
        2,  # tail heavy bolters (TL, BS 3): two hits, re-roll misses
        5,
        1,  # 5 + S5 = 10 = front armour 10: glancing -> crew shaken
        6,
        2,  # 6 + 5 = 11 > 10: penetrating -> weapon destroyed
    ]
    ev = fight(s, "ork", "marauder", faces)
    assert [(w.flyer, w.weapon, w.hits) for w in of_type(ev, WeaponFired)] == [
        ("ork", "big-shoota", 0),
        ("ork", "big-shoota", 0),
        ("marauder", "heavy-bolter", 2),
    ]
    hits = [(h.armour, h.hit, h.effect) for h in of_type(ev, HitResolved)]
    assert hits == [(10, "glancing", "crew-shaken"), (10, "penetrating", "weapon-destroyed")]
    assert s.flyer("ork").crew_hit and len(s.flyer("ork").lost) == 1


@pytest.mark.clause("df40k.victory.8")
def test_a_loser_with_a_crew_result_cannot_retaliate() -> None:
    s = state(flyer("ork-fighter", 0, "ork"), flyer("marauder", 1, "marauder"))
    order(s, "ork", "intercept")
    order(s, "marauder", "ground-support")
    faces = [
        6,
        1,  # the Ork wins by 8
        5,
        1,
        1,
        1,
        1,  # big shoota 1: one hit, re-rolls miss
        1,
        1,
        1,
        1,
        1,
        1,  # big shoota 2: no hit
        6,
        1,  # 6 + 5 = 11 against rear 10: glancing -> crew shaken
    ]
    ev = fight(s, "ork", "marauder", faces)  # no dice left for a retaliation
    assert [w.flyer for w in of_type(ev, WeaponFired)] == ["ork", "ork"]
    assert s.flyer("marauder").crew_hit


@pytest.mark.clause("df40k.victory.13")
def test_ramming_winner_does_not_shoot_then_scatter_hit_damages_both() -> None:
    s = state(flyer("ork-fighter", 0, "ork"), flyer("marauder", 1, "marauder"))
    order(s, "ork", "intercept", ram=True)
    order(s, "marauder", "ground-support")
    faces = [
        6,
        1,  # the rammer wins by 8: no shooting
        1,
        1,
        1,
        1,
        1,
        1,  # the Marauder still defends with its tail guns: no hit
        5,  # scatter die: Hit
        4,  # penetrating hit on the Marauder: destroyed
        1,  # penetrating hit on the Ork: crew stunned
    ]
    ev = fight(s, "ork", "marauder", faces)
    assert [w.flyer for w in of_type(ev, WeaponFired)] == ["marauder"]
    assert [(r.rammer, r.hit) for r in of_type(ev, RamResolved)] == [("ork", True)]
    assert [(h.target, h.hit, h.effect) for h in of_type(ev, HitResolved)] == [
        ("marauder", "penetrating", "destroyed"),
        ("ork", "penetrating", "crew-stunned"),
    ]
    assert [(d.flyer, d.by) for d in of_type(ev, FlyerDestroyed)] == [("marauder", 0)]


@pytest.mark.clause("df40k.victory.13")
def test_ramming_scatter_miss_does_nothing() -> None:
    s = state(flyer("ork-fighter", 0, "ork"), flyer("marauder", 1, "marauder"))
    order(s, "ork", "intercept", ram=True)
    order(s, "marauder", "ground-support")
    ev = fight(s, "ork", "marauder", [6, 1, 1, 1, 1, 1, 1, 1, 3])
    assert [r.hit for r in of_type(ev, RamResolved)] == [False]
    assert not of_type(ev, HitResolved)


@pytest.mark.clause("df40k.victory.14")
def test_a_losing_rammer_is_an_ordinary_loser() -> None:
    s = state(flyer("ork-fighter", 0, "ork"), flyer("marauder", 1, "marauder"))
    order(s, "ork", "intercept", ram=True)
    order(s, "marauder", "intercept")
    # 7 + 1 = 8 against 5 + 6 = 11: the Marauder wins by 3 and fires its one front gun
    ev = fight(s, "ork", "marauder", [1, 6, 1, 1])
    assert [w.flyer for w in of_type(ev, WeaponFired)] == ["marauder"]
    assert not of_type(ev, RamResolved)


@pytest.mark.clause("df40k.victory.1")
def test_each_weapon_fires_once_per_turn() -> None:
    s = state(flyer("imperial-fighter", 0, "imp"), flyer("ork-fighter", 1, "ork"))
    imp, ork = order(s, "imp", "intercept"), order(s, "ork", "intercept")
    slots = combat.best_weapons(RULES, imp, ork, "front", 10)
    assert [SPECS.mounts["imperial-fighter"][i].weapon for i in slots] == [
        "lascannon",
        "lascannon",
        "hellstrike",
        "hellstrike",
    ]
    imp.fired.extend([0, 1])
    again = combat.best_weapons(RULES, imp, ork, "front", 10)
    assert again == [2, 3]


@pytest.mark.clause("df40k.victory.3")
def test_weapon_destroyed_takes_the_strongest_and_none_left_is_immobilised() -> None:
    s = state(flyer("imperial-fighter", 0, "imp"), flyer("ork-fighter", 1, "ork"))
    imp = s.flyer("imp")
    assert combat.apply_effect(s, SPECS, imp, "weapon-destroyed", 1) == "weapon-destroyed"
    assert SPECS.mounts["imperial-fighter"][imp.lost[0]].weapon == "lascannon"
    imp.lost[:] = [0, 1, 2, 3]
    assert combat.apply_effect(s, SPECS, imp, "weapon-destroyed", 1) == "immobilised"
    assert not imp.alive and s.kills == [0, 1]


@pytest.mark.clause("df40k.racial.1", "df40k.dogfight.2", "df40k.dogfight.3")
def test_waaagh_doubles_ork_initiative_on_intercept_or_escort_only() -> None:
    s = state(
        flyer("ork-fighter", 0, "ork"),
        flyer("fighta-bommer", 0, "bommer"),
        flyer("thunderbolt", 1, "tb"),
    )
    ork = s.flyer("ork")
    for kind, df in (("intercept", 2 + 4 + 1), ("escort", 2 + 4 + 1), ("ground-support", 2 + 2)):
        ork.order = kind
        assert RULES.dogfight_skill(ork) == df
    bommer = s.flyer("bommer")
    bommer.order = "intercept"  # rokkits -1 and bombs -1, each once
    assert RULES.dogfight_skill(bommer) == 2 + 4 + 1 - 1 - 1
    tb = s.flyer("tb")
    tb.order = "intercept"  # no Waaagh for the Imperium; four Hellstrikes count once
    assert RULES.dogfight_skill(tb) == 3 + 3 + 1 - 1


@pytest.mark.clause("df40k.racial.2", "df40k.racial.3")
def test_gargoyles_move_a_lost_dogfight_into_a_win() -> None:
    s = state(flyer("harridan", 1, "harridan"), flyer("ork-fighter", 0, "ork"), gargoyles=[0, 5])
    order(s, "harridan", "intercept")
    order(s, "ork", "intercept")
    events: list[Event] = []
    c = ctx([2, 4, 4, 5, 6, 1, 1, 1], events)
    f = combat.declare(s, RULES, c, s.flyer("harridan"), s.flyer("ork"))
    assert f.margin == (7 + 2) - (7 + 4) and f.awaiting_gargoyles
    combat.commit_gargoyles(s, RULES, c, f, 3)  # 4, 5, 6: three successes
    assert f.margin == 1 and s.gargoyles == [0, 2]
    combat.conclude(s, RULES, c, f)  # the Harridan now wins by 1: one bio-cannon fires
    assert [(w.flyer, w.weapon) for w in of_type(events, WeaponFired)] == [
        ("harridan", "bio-cannon")
    ]
    assert [(g.count, g.successes) for g in of_type(events, GargoylesCommitted)] == [(3, 3)]


@pytest.mark.clause("df40k.racial.2", "df40k.racial.3")
def test_gargoyles_that_fail_are_removed_all_the_same() -> None:
    s = state(flyer("ork-fighter", 0, "ork"), flyer("harridan", 1, "harridan"), gargoyles=[0, 4])
    order(s, "ork", "intercept")
    order(s, "harridan", "ground-support")
    events: list[Event] = []
    c = ctx([6, 1, 1, 2, 4, 1], events)
    f = combat.declare(s, RULES, c, s.flyer("ork"), s.flyer("harridan"))
    assert f.margin == (7 + 6) - (6 + 1) and f.awaiting_gargoyles
    combat.commit_gargoyles(s, RULES, c, f, 4)  # one success in four
    assert f.margin == 5 and s.gargoyles == [0, 0]
    # a large flyer that is not Tyranid, or a Tyranid flyer that is not large, has none
    assert not combat.gargoyles_may_help(s, SPECS, s.flyer("ork"))


class _NoModifiers:
    """A variant plugin: no DF modifiers, and every hit destroys."""

    @hookimpl
    def aerodrome_df40k_dogfight_modifiers(self, flyer: Any, order: str, carried: Any) -> int:
        return 0

    @hookimpl
    def aerodrome_df40k_damage_result(self, flyer: Any, hit: str, face: int) -> str:
        return "destroyed"


@pytest.mark.clause("df40k.dogfight.3", "df40k.victory.3")
def test_variant_hooks_change_the_modifiers_and_the_damage_table() -> None:
    """A variant registered as a plugin changes the rules of the ruleset built by that
    plugin manager, and of no other."""
    variant = load_plugins(extra=[("no-modifiers", _NoModifiers())]).ruleset("df40k")
    assert isinstance(variant, Df40k)
    rules = variant.rules
    s = state(flyer("imperial-fighter", 0, "imp"), flyer("ork-heavy-bomber", 1, "bomber"))
    imp = order(s, "imp", "intercept")
    assert rules.dogfight_skill(imp) == 3 + 3
    assert RULES.dogfight_skill(imp) == 3 + 3 + 1 - 1
    events: list[Event] = []
    assert (
        combat.damage(s, rules, ctx([1], events), s.flyer("bomber"), "glancing", 0) == "destroyed"
    )
    assert combat.damage(s, RULES, ctx([1]), s.flyer("imp"), "glancing", 1) == "crew-shaken"
