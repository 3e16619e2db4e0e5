"""Combat: the worked examples p27, p30, p37, the light MG arc, and the to-hit rules."""

from __future__ import annotations

import pytest

from aerodrome_dockfighters import combat, rules
from aerodrome_dockfighters.state import Attack
from tests.plugins.dockfighters.helpers import plane, scripted, state

HAWK, ARROW, SPRITE = "Fw-802 E-1 Hawk", "Do-335 L-3 Arrow", "Bf-229 R-6 Sprite"
MILKCOW, ALBATROSS, EEL = "Bf-682 D-3 Milkcow", "Albatross", "Eel"


@pytest.mark.clause("dockfighters.arc.3", "dockfighters.arc.1", "dockfighters.arc.2")
def test_light_machine_gun_6_2_0_by_range_band() -> None:
    for row, dice in ((18, 6), (17, 6), (15, 2), (12, 0), (9, 0)):
        s = state(plane(HAWK, 0, 8, 20, facing="N"), plane(ARROW, 1, 8, row, facing="N"))
        assert combat.mount_dice(s, s.aircraft[0], 0, s.aircraft[1]) == dice
    # behind the attacker: out of the front arc
    s = state(plane(HAWK, 0, 8, 20, facing="N"), plane(ARROW, 1, 8, 22, facing="N"))
    assert combat.mount_dice(s, s.aircraft[0], 0, s.aircraft[1]) == 0


@pytest.mark.clause(
    "dockfighters.damage.2",
    "dockfighters.damage.1",
    "dockfighters.damage.4",
    "dockfighters.damage.6",
    "dockfighters.hit.1",
    "dockfighters.crit.1",
    "dockfighters.fire.1",
)
def test_p27_heavy_machine_guns_short_range_side_arc() -> None:
    s = state(plane(ARROW, 0, 8, 20, facing="N"), plane(HAWK, 1, 9, 18, facing="SE"))
    a, t = s.aircraft
    assert combat.to_hit_air(s, a, t) == 6
    assert combat.mount_dice(s, a, 0, t) == 3
    # hits 6, 6, 3; damage 5 and 1; critical 4 (gear); fire discipline 6
    ctx = scripted([6, 6, 3, 5, 1, 4, 6])
    combat.resolve(s, a, Attack(aircraft=0, target=1, mounts=(0,)), ctx)
    assert t.damage == 1
    assert t.crits == ["gear"] and t.gear_damaged
    assert t.last_hit_by == 0


@pytest.mark.clause("dockfighters.damage.5", "dockfighters.damage.3")
def test_p30_all_weapons_at_short_range() -> None:
    s = state(plane(SPRITE, 0, 8, 20, facing="N"), plane(ARROW, 1, 9, 18, facing="SE"))
    a, t = s.aircraft
    assert [combat.mount_dice(s, a, i, t) for i in (0, 1)] == [3, 1]
    # LMG hits 6,6,6; LMG damage 1,6,6; cannon misses 2; one critical (4: gear); discipline 6,6
    ctx = scripted([6, 6, 6, 1, 6, 6, 2, 4, 6, 6])
    combat.resolve(s, a, Attack(aircraft=0, target=1, mounts=(0, 1)), ctx)
    assert t.damage == 2 and len(t.crits) == 1
    assert [combat.damage_points(f, (3, 5, 6)) for f in (2, 3, 5, 6)] == [0, 1, 2, 3]
    assert [combat.damage_points(f, (4, 6)) for f in (3, 4, 6)] == [0, 1, 2]


@pytest.mark.clause(
    "dockfighters.damage.9",
    "dockfighters.damage.7",
    "dockfighters.damage.8",
    "dockfighters.load.4",
    "dockfighters.fame.1",
    "dockfighters.fame.5",
)
@pytest.mark.parametrize(("bail", "fate"), [(5, "bailed out"), (4, "killed")])
def test_p37_overkill_makes_the_veteran_need_5(bail: int, fate: str) -> None:
    s = state(
        plane(HAWK, 0, 8, 20, facing="N", loads=["Swarm missiles"], experience="veteran"),
        plane(ARROW, 1, 8, 18, facing="SE", experience="veteran", damage=2),
    )
    a, t = s.aircraft
    assert rules.sheet(t).structure - t.damage == 1
    assert rules.check_target(t, modifier=2) == 5  # the bail-out: the pilot check + the excess
    # swarm 5 dice at short: 2 hits; damage 4 and 5 = 3 points; bail-out roll
    ctx = scripted([6, 6, 1, 2, 3, 4, 5, bail])
    combat.resolve(s, a, Attack(aircraft=0, target=1, loads=(0,)), ctx)
    assert t.status == "destroyed" and t.fate == fate
    assert a.loads == [] and a.kills == 1
    assert s.squadrons[0].fame == 3 and s.squadrons[0].kills == 1


@pytest.mark.clause("dockfighters.hit.12", "dockfighters.hit.6", "dockfighters.hit.2")
@pytest.mark.parametrize(
    ("att", "tgt", "need"),
    [
        ("green", "green", 6),
        ("experienced", "green", 5),
        ("ace", "experienced", 4),
        ("green", "veteran", 8),
    ],
)
def test_experience_difference(att: str, tgt: str, need: int) -> None:
    s = state(
        plane(ARROW, 0, 8, 20, facing="N", experience=att),
        plane(HAWK, 1, 9, 18, facing="SE", experience=tgt),
    )
    assert combat.to_hit_air(s, *s.aircraft) == need
    assert combat.hits(6, 8) and not combat.hits(1, 0)


@pytest.mark.clause(
    "dockfighters.hit.7",
    "dockfighters.hit.9",
    "dockfighters.hit.8",
    "dockfighters.hit.10",
    "dockfighters.hit.11",
)
def test_tailing_head_on_height_and_dockfighters() -> None:
    tail = state(plane(ARROW, 0, 8, 20, facing="N"), plane(HAWK, 1, 8, 18, facing="N"))
    assert combat.to_hit_air(tail, *tail.aircraft) == 5
    head = state(plane(ARROW, 0, 8, 20, facing="N"), plane(HAWK, 1, 8, 18, facing="S"))
    assert combat.to_hit_air(head, *head.aircraft) == 7
    high = state(plane(ARROW, 0, 8, 20, facing="N", altitude=4), plane(HAWK, 1, 9, 18, facing="SE"))
    assert combat.to_hit_air(high, *high.aircraft) == 5
    low = state(plane(ARROW, 0, 8, 20, facing="N", altitude=2), plane(HAWK, 1, 9, 18, facing="SE"))
    assert combat.to_hit_air(low, *low.aircraft) == 6
    far = state(plane(ARROW, 0, 8, 20, facing="N", altitude=1), plane(HAWK, 1, 9, 18, facing="SE"))
    assert combat.mount_dice(far, *far.aircraft[:1], 0, far.aircraft[1]) == 0
    eel = state(plane(ARROW, 0, 8, 20, facing="N"), plane(EEL, 1, 9, 18, facing="SE"))
    assert combat.to_hit_air(eel, *eel.aircraft) == 7


@pytest.mark.clause("dockfighters.hit.4", "dockfighters.hit.3")
def test_easy_targets_reroll_misses_and_reroll_weapons_confirm_hits() -> None:
    s = state(plane(ARROW, 0, 8, 20, facing="N"), plane(MILKCOW, 1, 9, 18, facing="SE"))
    a, t = s.aircraft
    # 3 dice: 6, 2, 1 -> 1 hit, 2 misses re-rolled: 6, 3 -> 2 hits; damage 1, 1; discipline 6
    ctx = scripted([6, 2, 1, 6, 3, 1, 1, 6])
    combat.resolve(s, a, Attack(aircraft=0, target=1, mounts=(0,)), ctx)
    assert ctx.dice.remaining == 0  # type: ignore[attr-defined]
    # a Nebelwerfer at medium range against a fighter: 2 dice, hits confirmed by a re-roll
    s = state(
        plane(ARROW, 0, 8, 20, facing="N", loads=["Nebelwerfer rocket"]), plane(HAWK, 1, 8, 15)
    )
    a, t = s.aircraft
    ctx = scripted([6, 6, 6, 2, 5, 4])  # hits 6,6; confirm 6, 2; damage 5 = 3 points; critical
    combat.resolve(s, a, Attack(aircraft=0, target=1, loads=(0,)), ctx)
    assert t.damage == 3


@pytest.mark.clause("dockfighters.hit.5", "dockfighters.move.22")
def test_clouds_crossed_remove_attack_dice() -> None:
    s = state(
        plane(ARROW, 0, 8, 20, facing="N"),
        plane(HAWK, 1, 8, 17),
        weather="broken",
        clouds=[{"col": 8, "row": 18, "size": 1}],
    )
    assert combat.mount_dice(s, s.aircraft[0], 0, s.aircraft[1]) == 2
    above = state(
        plane(ARROW, 0, 8, 20, facing="N", altitude=5),
        plane(HAWK, 1, 8, 17, altitude=5),
        weather="broken",
        clouds=[{"col": 8, "row": 18, "size": 1}],
    )
    assert combat.mount_dice(above, above.aircraft[0], 0, above.aircraft[1]) == 3


@pytest.mark.clause("dockfighters.fire.2", "dockfighters.fire.3", "dockfighters.dockfighter.5")
def test_fire_discipline_half_then_empty() -> None:
    s = state(plane(ARROW, 0, 8, 20, facing="N"), plane(HAWK, 1, 9, 18, facing="SE"))
    a = s.aircraft[0]
    combat.discipline(s, a, (0,), scripted([3]))  # green heavy MG needs 4+
    assert a.ammo == [1, 0]
    combat.discipline(s, a, (0,), scripted([4]))
    assert a.ammo == [1, 0]
    combat.discipline(s, a, (0,), scripted([2]))
    assert a.ammo == [2, 0]
    assert combat.mount_dice(s, a, 0, s.aircraft[1]) == 0
    e = state(plane(EEL, 0, 8, 20, facing="N"))
    combat.discipline(e, e.aircraft[0], (0,), scripted([1]))
    assert e.aircraft[0].ammo == [2]


@pytest.mark.clause(
    "dockfighters.airship.1",
    "dockfighters.airship.2",
    "dockfighters.airship.9",
    "dockfighters.fame.3",
    "dockfighters.fame.2",
)
def test_airships_are_easy_to_hit_and_hard_to_kill() -> None:
    s = state(
        plane(ARROW, 0, 8, 20, facing="N"),
        plane(ALBATROSS, 1, 8, 16, facing="S", experience="experienced"),
    )
    a, t = s.aircraft
    # the airship's front hex (8, 17) is 3 away: short range; no head-on against an airship
    assert combat.mount_dice(s, a, 0, t) == 3
    assert combat.to_hit_air(s, a, t) == 7
    # hits 6,6,6; damage 5,5,1; successful damage re-rolled 5, 2 -> 1 point; critical 2; discipline 6
    ctx = scripted([6, 6, 6, 5, 5, 1, 5, 2, 2, 6])
    combat.resolve(s, a, Attack(aircraft=0, target=1, mounts=(0,)), ctx)
    assert t.damage == 1
    victim = state(plane(MILKCOW, 0, 8, 20), plane(ALBATROSS, 1, 8, 16, experience="experienced"))
    assert rules.fame_for(victim.aircraft[0]) == 2 and rules.fame_for(victim.aircraft[1]) == 4


@pytest.mark.clause("dockfighters.dockfighter.4", "dockfighters.dockfighter.6")
def test_dockfighters_take_damage_instead_of_criticals_and_give_no_fame() -> None:
    s = state(plane(EEL, 0, 8, 20, speed=3))
    e = s.aircraft[0]
    rules.critical(s, e, scripted([]))
    assert e.damage == 1 and e.crits == [] and rules.is_damaged(e, rules.sheet(e))
    assert rules.fame_for(e) == 0


@pytest.mark.clause("dockfighters.combat.2", "dockfighters.combat.1", "dockfighters.ground.hit.5")
def test_flak_ground_targets_fire_at_the_nearest_enemy_hitting_on_5() -> None:
    from aerodrome_dockfighters.ground import place

    s = state(plane(HAWK, 0, 8, 20, altitude=2), plane(HAWK, 0, 12, 20, altitude=2))
    place(s, 1, 6, s.width * 18 + 8, hostile_to=0)  # a FLAK tank 2 hexes from #0
    ctx = scripted([5, 6, 2, 4, 6, 4])  # 3 dice: 5, 6, 2 -> 2 hits; damage 4, 6; critical
    combat.ground_fire(s, ctx)
    assert s.aircraft[0].damage == 3 and s.aircraft[1].damage == 0
