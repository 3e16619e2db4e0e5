"""Airship docking-point systems and dockfighters."""

from __future__ import annotations

import pytest

from aerodrome import Game
from aerodrome.engine.errors import SpecError
from aerodrome_dockfighters import combat, docking, movement, rules
from aerodrome_dockfighters.order import move_order
from aerodrome_dockfighters.state import Plan, Undock
from tests.plugins.dockfighters.helpers import plane, scripted, state

ALBATROSS, LANCE, HAWK, ARROW = "Albatross", "Lance", "Fw-802 E-1 Hawk", "Do-335 L-3 Arrow"


def ship_state(systems: list[str], *others: dict, ship_exp: str = "veteran"):  # type: ignore[no-untyped-def]
    s = state(
        plane(ALBATROSS, 0, 8, 12, facing="N", altitude=3, speed=1, experience=ship_exp), *others
    )
    docking.fit(s, s.aircraft[0], systems)
    return s


@pytest.mark.clause(
    "dockfighters.airship.10",
    "dockfighters.airship.19",
    "dockfighters.airship.20",
    "dockfighters.airship.23",
    "dockfighters.airship.11",
)
def test_fitting_systems_gives_weapons_in_their_arcs() -> None:
    s = ship_state(
        [
            "light anti-aircraft turret",
            "heavy anti-aircraft turret",
            "docking clamp",
            "artillery turret",
            "radar",
        ],
        plane(ARROW, 1, 5, 12, altitude=3),
        plane(ARROW, 1, 8, 9, altitude=3),
    )
    ship, left, ahead = s.aircraft
    guns = rules.mounts(ship)
    assert [(m.weapon, m.arc) for m in guns] == [
        ("light anti-aircraft turret", "same-or-higher"),
        ("heavy anti-aircraft turret", "airship-left"),
        ("artillery turret", "airship-right"),
    ]
    assert combat.mount_dice(s, ship, 1, left) == 4  # heavy FLAK 4/3/0 at 3 hexes on the left
    assert combat.mount_dice(s, ship, 2, left) == 0  # the right side's artillery
    assert combat.mount_dice(s, ship, 1, ahead) == 0  # blind spot straight ahead
    assert combat.mount_dice(s, ship, 0, ahead) == 3  # the top turret reaches round
    with pytest.raises(SpecError, match="side docking point"):
        docking.fit(s, ship, ["dockfighter"])
    # artillery only at aircraft of medium or lower agility
    r = ship_state(
        ["light anti-aircraft turret", "heavy anti-aircraft turret", "radar", "artillery turret"],
        plane("Bf-682 D-3 Milkcow", 1, 12, 10, altitude=3),
        plane(ARROW, 1, 12, 13, altitude=3),
    )
    assert combat.mount_dice(r, r.aircraft[0], 2, r.aircraft[1]) == 2
    assert combat.mount_dice(r, r.aircraft[0], 2, r.aircraft[2]) == 0


@pytest.mark.clause(
    "dockfighters.dockfighter.1",
    "dockfighters.dockfighter.2",
    "dockfighters.dockfighter.3",
    "dockfighters.airship.14",
    "dockfighters.airship.15",
)
def test_dockfighters_launch_dock_and_are_serviced() -> None:
    s = ship_state(["light anti-aircraft turret", "dockfighter"])
    ship, df = s.aircraft
    assert df.status == "docked" and df.experience == 1 and df.datasheet == "Bv-101 A-1 Dragonfly"
    options = docking.undock_options(s, df)
    assert {o.cell for o in options} == set(docking.side_cells(s, ship, "left"))
    docking.undock(s, df, options[0], scripted([]))
    assert df.status == "flying" and df.altitude == 3 and df.speed == 2 and df.facing == ship.facing
    # back beside the airship on its side, same altitude, speed within 1, any facing: docked
    df.facing, df.speed = 0, 2
    docking.try_dock(s, df, scripted([]))
    assert df.status == "docked" and df.docked_to == 0
    df.damage, df.ammo = 1, [2]
    docking.service(s, scripted([]))
    assert df.damage == 0 and df.ammo == [0]
    # a fighter docks only at a docking clamp, flying the airship's way
    c = ship_state(
        ["light anti-aircraft turret", "docking clamp"],
        plane(HAWK, 0, 7, 12, altitude=3, speed=2, facing="N"),
    )
    hawk = c.aircraft[1]
    hawk.cell = docking.side_cells(c, c.aircraft[0], "left")[0]
    docking.try_dock(c, hawk, scripted([]))
    assert hawk.status == "docked"


@pytest.mark.clause("dockfighters.airship.16", "dockfighters.airship.17")
def test_radar_and_jammer() -> None:
    s = ship_state(
        ["light anti-aircraft turret", "radar"],
        plane(HAWK, 0, 8, 16, experience="green"),
        plane(ARROW, 1, 8, 2, experience="green"),
    )
    assert docking.radar_bonus(s, s.aircraft[1]) == 1
    s.initiative = 1
    assert move_order(s, False) == [2, 1]  # the Hawk moves with the experienced
    j = ship_state(["light anti-aircraft turret", "jammer"], plane(ARROW, 1, 8, 8))
    arrow = j.aircraft[1]
    assert docking.jammed(j, arrow)
    arrow.jammed = True
    assert rules.agility(arrow, rules.sheet(arrow)) == 2


@pytest.mark.clause("dockfighters.airship.18")
def test_tesla_coil() -> None:
    s = ship_state(
        ["light anti-aircraft turret", "tesla coil"], plane(ARROW, 1, 8, 9, altitude=4, facing="S")
    )
    ship, arrow = s.aircraft
    plan = Plan(aircraft=0, speed=1, template=movement.TESLA)
    assert plan in movement.plan_options(s, ship)
    movement.start(s, ship, plan, scripted([2, 4]))  # the Arrow fails its check: gear
    assert ship.tesla_turn == s.turn and arrow.crits == ["gear"]
    assert combat.mount_dice(s, arrow, 0, ship) == 0  # invulnerable this turn
    assert combat.mount_dice(s, ship, 0, arrow) == 0  # and no other system
    s.turn += 1
    assert combat.mount_dice(s, ship, 0, arrow) == 0  # recharging
    assert plan not in movement.plan_options(s, ship)
    s.turn += 1
    assert not docking.recharging(s, ship)


@pytest.mark.clause("dockfighters.airship.22", "dockfighters.damage.10")
def test_airship_over_speed_takes_4_damage_and_engines() -> None:
    s = state(plane(ALBATROSS, 0, 8, 12, speed=3), plane(HAWK, 0, 3, 3, speed=3))
    ship, hawk = s.aircraft
    ship.speed_loss = 1
    rules.overspeed(s, ship, scripted([]))
    assert ship.damage == 4 and ship.crits == [] and ship.status == "flying"
    rules.critical(s, hawk, scripted([1]))
    assert hawk.status == "flying" and rules.max_speed(hawk, rules.sheet(hawk)) == 5
    rules.critical(s, hawk, scripted([1, 6]))  # the second hit on its one engine
    assert hawk.status == "destroyed" and hawk.fate == "bailed out"


@pytest.mark.clause("dockfighters.airship.4")
def test_the_airship_battle_plays(plugins) -> None:  # type: ignore[no-untyped-def]
    from aerodrome.engine.driver import drive
    from aerodrome_dockfighters.bot import Konrad

    g = Game(plugins.ruleset("dockfighters"), "airship-battle", 11)
    assert {a.datasheet for a in g.state.aircraft if a.status == "docked"} == {
        "Bv-101 A-1 Dragonfly",
        "Eel",
    }
    drive(g, [Konrad(0, 1), Konrad(1, 2)])
    assert g.is_over() and any(isinstance(a, Undock) for _, a in g.history)


@pytest.mark.clause("dockfighters.airship.12")
def test_bomb_racks_hit_the_target_hex_and_around_once() -> None:
    from aerodrome_dockfighters.ground import place
    from aerodrome_dockfighters.state import GROUND, Attack

    s = ship_state(["light anti-aircraft turret", "bomb racks"])
    ship = s.aircraft[0]
    a = place(s, 2, 1, s.width * 10 + 8)
    b = place(s, 2, 1, s.width * 10 + 9)
    far = place(s, 2, 1, s.width * 10 + 12)
    ship.path = [s.width * 12 + 8, s.width * 11 + 8, s.width * 10 + 8, s.width * 9 + 8]
    assert combat.ground_mount_dice(s, ship, 1, a) == 10  # from altitude 3, after passing over
    # 10 dice at 5+ (airship -1, veteran -2 -> 3+): all 6s; damage 2+/4+/6 -> 6: 3 points each
    combat.resolve(
        s, ship, Attack(aircraft=0, target=GROUND + a.id, mounts=(1,)), scripted([6] * 20)
    )
    assert a.damage == a.structure and b.damage == b.structure and far.damage == 0
    assert ship.ammo[1] == 2 and combat.ground_mount_dice(s, ship, 1, far) == 0


@pytest.mark.clause("dockfighters.arc.4")
def test_special_arcs_of_bombers() -> None:
    # the Milkcow's heavy MG turret fires all round, its light MG only into the rear arc
    s = state(
        plane("Bf-682 D-3 Milkcow", 0, 8, 12, facing="N"),
        plane(ARROW, 1, 8, 10),
        plane(ARROW, 1, 8, 14),
    )
    bomber, ahead, behind = s.aircraft
    assert (
        combat.mount_dice(s, bomber, 0, ahead) == 2 and combat.mount_dice(s, bomber, 0, behind) == 2
    )
    assert (
        combat.mount_dice(s, bomber, 1, ahead) == 0 and combat.mount_dice(s, bomber, 1, behind) == 3
    )
    from aerodrome_dockfighters.specs import Mount

    top = Mount(weapon="heavy machine gun", dice=(2, 1, 0), arc="top")
    down = Mount(weapon="heavy machine gun", dice=(2, 1, 0), arc="down")
    from aerodrome_dockfighters.board import board

    b = board(s.width, s.height)
    from aerodrome_dockfighters.specs import builtin

    assert combat.in_mount_arc(b, builtin(), bomber, top, ahead.cell, 4)
    assert not combat.in_mount_arc(b, builtin(), bomber, top, ahead.cell, 3)
    assert combat.in_mount_arc(b, builtin(), bomber, down, ahead.cell, 2)


@pytest.mark.clause("dockfighters.load.2", "dockfighters.load.6", "dockfighters.load.3")
def test_jettison_and_smoke() -> None:
    from aerodrome_dockfighters.airspace import cloud_cells_at
    from aerodrome_dockfighters.ground import place
    from aerodrome_dockfighters.state import GROUND, Attack

    s = state(
        plane("Bf-229 R-6 Sprite", 0, 8, 17, facing="N", altitude=1, loads=["RB 250 smoke bomb"])
    )
    a = s.aircraft[0]
    g = place(s, 2, 1, s.width * 18 + 8)
    a.path = [s.width * 19 + 8, s.width * 18 + 8, s.width * 17 + 8]
    combat.resolve(
        s, a, Attack(aircraft=0, target=GROUND + g.id, loads=(0,)), scripted([6, 6, 6, 4, 1, 1])
    )
    assert (
        g.damage == 0 and s.clouds and s.clouds[0].cells == [s.width * r + 8 for r in (18, 19, 20)]
    )
    assert s.width * 19 + 8 in cloud_cells_at(s, 3) and not cloud_cells_at(s, 4)
    from aerodrome import Game

    pos = {"aircraft": [plane(HAWK, 0, 8, 17, loads=["Nebelwerfer rocket"]), plane(ARROW, 1, 8, 2)]}
    from tests.conftest import PLUGINS

    game = Game(PLUGINS.ruleset("dockfighters"), "aerial-dominance", 1, position=pos)
    from aerodrome_dockfighters.state import Jettison

    while game.decision() is not None and game.decision().kind != "fire":
        p = game.waiting_for()[0]
        game.apply(p, game.legal_actions(p)[-1])
    assert game.decision() is not None
    assert Jettison(aircraft=0) in game.legal_actions(0)
    game.apply(0, Jettison(aircraft=0))
    assert game.state.aircraft[0].loads == []


@pytest.mark.clause("dockfighters.airship.13")
def test_air_mines() -> None:
    from aerodrome_dockfighters import mines
    from aerodrome_dockfighters.state import LayMine

    s = ship_state(
        ["light anti-aircraft turret", "air mine launcher"],
        plane(ARROW, 1, 8, 3, altitude=2, speed=4),
    )
    ship, arrow = s.aircraft
    options = mines.lay_options(s, ship)
    assert len(options) == 7 and LayMine(aircraft=0, cell=s.width * 11 + 8) in options
    mines.lay(s, ship, LayMine(aircraft=0, cell=s.width * 8 + 8), scripted([]))
    mine = s.mines[0]
    assert not mines.hot(s, mine)
    s.turn += 2
    assert mines.hot(s, mine)
    # the Arrow flies through the hex: it explodes, hits on 5+ (5), damage 6: 2 points, critical
    arrow.path = [s.width * r + 8 for r in range(3, 10)]
    arrow.cell = s.width * 9 + 8
    # the airship 4 hexes off: missed, and the miss re-rolled (airship.1): missed again
    mines.check_path(s, arrow, scripted([1, 1, 5, 6, 4]))
    assert s.mines == [] and arrow.damage == 2 and arrow.last_hit_by == 0
    for _ in range(2):
        mines.lay(s, ship, LayMine(aircraft=0, cell=s.width * 13 + 8), scripted([]))
    assert mines.lay_options(s, ship) == []  # 3 mines per launcher
    s.wind, s.weather, s.cloud_speed = 2, 1, 2
    mines.drift(s)
    assert [m.cell for m in s.mines] == [s.width * 11 + 8] * 2
