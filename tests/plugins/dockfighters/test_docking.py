"""Airship docking-point systems and dockfighters."""

from __future__ import annotations

import pytest

from aerodrome import Game
from aerodrome.errors import SpecError
from aerodrome.testing import scripted_context
from aerodrome_dockfighters import combat, docking, movement, rules
from aerodrome_dockfighters.ruleset import move_queue
from aerodrome_dockfighters.state import Plan, Undock
from tests.plugins.dockfighters.helpers import plane, state

ALBATROSS, LANCE, HAWK, ARROW = "Albatross", "Lance", "Fw-802 E-1 Hawk", "Do-335 L-3 Arrow"


def ship_state(systems: list[str], *others: dict, ship_exp: str = "veteran"):  # type: ignore[no-untyped-def]
    s = state(plane(ALBATROSS, 0, 8, 12, facing="N", altitude=3, speed=1, experience=ship_exp), *others)
    docking.fit(s, s.aircraft[0], systems)
    return s


@pytest.mark.clause("dockfighters.airship.10", "dockfighters.airship.19", "dockfighters.airship.20",
                    "dockfighters.airship.23", "dockfighters.airship.11")
def test_fitting_systems_gives_weapons_in_their_arcs() -> None:
    s = ship_state(["light anti-aircraft turret", "heavy anti-aircraft turret", "docking clamp",
                    "artillery turret", "radar"], plane(ARROW, 1, 5, 12, altitude=3), plane(ARROW, 1, 8, 9, altitude=3))
    ship, left, ahead = s.aircraft
    guns = rules.mounts(ship)
    assert [(m.weapon, m.arc) for m in guns] == [
        ("light anti-aircraft turret", "same-or-higher"), ("heavy anti-aircraft turret", "airship-left"),
        ("artillery turret", "airship-right"),
    ]
    assert combat.mount_dice(s, ship, 1, left) == 4  # heavy FLAK 4/3/0 at 3 hexes on the left
    assert combat.mount_dice(s, ship, 2, left) == 0  # the right side's artillery
    assert combat.mount_dice(s, ship, 1, ahead) == 0  # blind spot straight ahead
    assert combat.mount_dice(s, ship, 0, ahead) == 3  # the top turret reaches round
    with pytest.raises(SpecError, match="side docking point"):
        docking.fit(s, ship, ["dockfighter"])
    # artillery only at aircraft of medium or lower agility
    r = ship_state(["light anti-aircraft turret", "heavy anti-aircraft turret", "radar", "artillery turret"],
                   plane("Bf-682 D-3 Milkcow", 1, 12, 10, altitude=3), plane(ARROW, 1, 12, 13, altitude=3))
    assert combat.mount_dice(r, r.aircraft[0], 2, r.aircraft[1]) == 2
    assert combat.mount_dice(r, r.aircraft[0], 2, r.aircraft[2]) == 0


@pytest.mark.clause("dockfighters.dockfighter.1", "dockfighters.dockfighter.2", "dockfighters.dockfighter.3",
                    "dockfighters.airship.14", "dockfighters.airship.15")
def test_dockfighters_launch_dock_and_are_serviced() -> None:
    s = ship_state(["light anti-aircraft turret", "dockfighter"])
    ship, df = s.aircraft
    assert df.status == "docked" and df.experience == 1 and df.datasheet == "Bv-101 A-1 Dragonfly"
    options = docking.undock_options(s, df)
    assert {o.cell for o in options} == set(docking.side_cells(s, ship, "left"))
    docking.undock(s, df, options[0])
    assert df.status == "flying" and df.altitude == 3 and df.speed == 2 and df.facing == ship.facing
    # back beside the airship on its side, same altitude, speed within 1, any facing: docked
    df.facing, df.speed = 0, 2
    docking.try_dock(s, df)
    assert df.status == "docked" and df.docked_to == 0
    df.damage, df.ammo = 1, [2]
    docking.service(s)
    assert df.damage == 0 and df.ammo == [0]
    # a fighter docks only at a docking clamp, flying the airship's way
    c = ship_state(["light anti-aircraft turret", "docking clamp"], plane(HAWK, 0, 7, 12, altitude=3, speed=2, facing="N"))
    hawk = c.aircraft[1]
    hawk.cell = docking.side_cells(c, c.aircraft[0], "left")[0]
    docking.try_dock(c, hawk)
    assert hawk.status == "docked"


@pytest.mark.clause("dockfighters.airship.16", "dockfighters.airship.17")
def test_radar_and_jammer() -> None:
    s = ship_state(["light anti-aircraft turret", "radar"], plane(HAWK, 0, 8, 16, experience="green"),
                   plane(ARROW, 1, 8, 2, experience="green"))
    assert docking.radar_bonus(s, s.aircraft[1]) == 1
    s.initiative = 1
    assert move_queue(s, airships=False) == [2, 1]  # the Hawk moves with the experienced
    j = ship_state(["light anti-aircraft turret", "jammer"], plane(ARROW, 1, 8, 8))
    arrow = j.aircraft[1]
    assert docking.jammed(j, arrow)
    arrow.jammed = True
    assert rules.agility(arrow, rules.sheet(arrow)) == 2


@pytest.mark.clause("dockfighters.airship.18")
def test_tesla_coil() -> None:
    s = ship_state(["light anti-aircraft turret", "tesla coil"], plane(ARROW, 1, 8, 9, altitude=4, facing="S"))
    ship, arrow = s.aircraft
    plan = Plan(aircraft=0, speed=1, template=movement.TESLA)
    assert plan in movement.plan_options(s, ship)
    movement.start(s, ship, plan, scripted_context([2, 4]))  # the Arrow fails its check: gear
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
    rules.overspeed(s, ship, scripted_context([]))
    assert ship.damage == 4 and ship.crits == [] and ship.status == "flying"
    rules.critical(s, hawk, scripted_context([1]))
    assert hawk.status == "flying" and rules.max_speed(hawk, rules.sheet(hawk)) == 5
    rules.critical(s, hawk, scripted_context([1, 6]))  # the second hit on its one engine
    assert hawk.status == "destroyed" and hawk.fate == "bailed out"


@pytest.mark.clause("dockfighters.airship.4")
def test_the_airship_battle_plays(plugins) -> None:  # type: ignore[no-untyped-def]
    from aerodrome.agents import play_out
    from aerodrome_dockfighters.bot import Konrad

    g = Game(plugins.ruleset("dockfighters"), "airship-battle", 11)
    assert {a.datasheet for a in g.state.aircraft if a.status == "docked"} == {"Bv-101 A-1 Dragonfly", "Eel"}
    play_out(g, [Konrad(0, 1), Konrad(1, 2)])
    assert g.is_over() and any(isinstance(a, Undock) for _, a in g.history)
