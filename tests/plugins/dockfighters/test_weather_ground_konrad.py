"""Weather, ground targets and Konrad."""

from __future__ import annotations

import pytest

from aerodrome import Game
from aerodrome.engine.agents import PlayerView
from aerodrome.engine.driver import drive
from aerodrome_dockfighters import combat, movement
from aerodrome_dockfighters.airspace import (
    BROKEN,
    CLEAR,
    RAIN,
    STORM,
    bump,
    cloud_cells,
    cloud_cells_at,
)
from aerodrome_dockfighters.board import board
from aerodrome_dockfighters.bot import Konrad, spot_base, spot_need
from aerodrome_dockfighters.ground import lookup, place
from aerodrome_dockfighters.state import Cloud, Plan
from aerodrome_dockfighters.weather import setup_weather
from tests.plugins.dockfighters.helpers import plane, scripted, state, weather_phase

HAWK, ARROW, SPRITE = "Fw-802 E-1 Hawk", "Do-335 L-3 Arrow", "Bf-229 R-6 Sprite"


@pytest.mark.clause("dockfighters.weather.1", "dockfighters.weather.3", "dockfighters.weather.2")
def test_setup_weather_roll() -> None:
    for roll, weather, speed in ((2, CLEAR, 1), (3, BROKEN, 1), (5, RAIN, 1), (6, STORM, 2)):
        s = state(plane(HAWK, 0, 8, 20))
        setup_weather(s, scripted([roll, 4, 1, 1]))
        assert s.weather == weather and s.wind == 4 and s.cloud_speed == speed  # 4th, then 60° left
    # the leaders place 2 medium, then 4 small clouds, alternately from the initiative loser
    from aerodrome_dockfighters.placement import cloud_placer, clouds_in_hand, deal_clouds

    s.initiative = 0
    deal_clouds(s)
    hand = clouds_in_hand(s)
    assert [(cloud_placer(s, i), s.clouds[i].size) for i in hand] == [
        (1, 7),
        (0, 7),
        (1, 3),
        (0, 3),
        (1, 3),
        (0, 3),
    ]


@pytest.mark.clause(
    "dockfighters.weather.4",
    "dockfighters.weather.5",
    "dockfighters.weather.6",
    "dockfighters.weather.7",
)
def test_weather_change_cloud_speed_wind_and_wrap() -> None:
    s = state(
        plane(HAWK, 0, 8, 20), weather="broken", wind=2, clouds=[{"col": 8, "row": 2, "size": 7}]
    )
    # weather 6: worse (rain); cloud speed d6 5 -> rain 3; wind 1: 60 degrees left
    weather_phase(s, scripted([6, 5, 1]))
    assert s.weather == RAIN and s.cloud_speed == 3 and s.wind == 3
    s = state(
        plane(HAWK, 0, 8, 20), weather="broken", wind=2, clouds=[{"col": 8, "row": 2, "size": 7}]
    )
    weather_phase(s, scripted([3, 4, 3]))  # no change; broken speed 2; wind unchanged
    assert s.weather == BROKEN and s.cloud_speed == 2 and s.wind == 2
    # moving north 2 hexes from row 2 leaves the board: it re-enters at the bottom edge
    assert s.clouds[0].row == s.height - 2
    s = state(plane(HAWK, 0, 8, 20), weather="thunderstorm", wind=2)
    weather_phase(s, scripted([6, 6, 3]))
    assert s.weather == STORM and s.cloud_speed == 3


@pytest.mark.clause("dockfighters.weather.8", "dockfighters.weather.9", "dockfighters.weather.13")
def test_cloud_heights_and_clouds_returning() -> None:
    from aerodrome_dockfighters.airspace import covered_cells
    from aerodrome_dockfighters.phases import weather_changes
    from aerodrome_dockfighters.placement import cloud_placer, clouds_in_hand, place_cloud
    from aerodrome_dockfighters.state import PlaceToken
    from aerodrome_dockfighters.weather import weather_move

    s = state(plane(HAWK, 0, 8, 20), weather="broken", clouds=[{"col": 8, "row": 10, "size": 7}])
    cells = set(cloud_cells(s, s.clouds[0]))
    assert len(cells) == 7
    assert (
        cloud_cells_at(s, 1) == set()
        and cloud_cells_at(s, 5) == set()
        and cloud_cells_at(s, 3) == cells
    )
    s.weather = RAIN
    assert cloud_cells_at(s, 1) == cells == cloud_cells_at(s, 5)
    c = state(plane(HAWK, 0, 8, 20), weather="clear skies", initiative=1)
    weather_changes(c, scripted([6]))  # clear skies turn broken: the clouds return to the leaders
    assert c.weather == BROKEN and len(clouds_in_hand(c)) == 6
    assert [cloud_placer(c, i) for i in clouds_in_hand(c)] == [
        0,
        1,
        0,
        1,
        0,
        1,
    ]  # the initiative loser first
    for i, cell in zip(clouds_in_hand(c), (40, 100, 160, 220, 280, 340), strict=True):
        place_cloud(c, c.clouds[i], PlaceToken(kind="cloud", cell=cell))
    weather_move(c, scripted([1, 3]))
    assert not clouds_in_hand(c) and len(c.clouds) == 6 and len(covered_cells(c)) > 6


@pytest.mark.clause("dockfighters.weather.10")
def test_thunderstorm_cloud_check() -> None:
    s = state(
        plane(HAWK, 0, 8, 20, speed=3),
        weather="thunderstorm",
        clouds=[{"col": 8, "row": 18, "size": 1}],
    )
    a = s.aircraft[0]
    ctx = scripted([2, 4])  # check failed (green 5+), critical 4: gear
    prog = movement.start(s, a, Plan(aircraft=0, speed=3, template=0), ctx)
    assert prog is not None
    from aerodrome_dockfighters.state import Manoeuvre

    movement.manoeuvre(s, prog, Manoeuvre(aircraft=0, lateral=".", vertical="."), ctx)
    assert a.crits == ["gear"]


@pytest.mark.clause("dockfighters.weather.11", "dockfighters.weather.12")
def test_squalls_push_caught_aircraft() -> None:
    b = board(18, 24)
    s = state(
        plane(HAWK, 0, 8, 12, altitude=3),
        weather="broken",
        wind=2,
        clouds=[{"col": 8, "row": 16, "size": 1}],
    )
    s.cloud_speed = 3
    s.clouds = [Cloud(col=8, row=15, size=1)]
    start = s.aircraft[0].cell
    from aerodrome_dockfighters.weather import move_clouds

    s.clouds[0].row = 13
    move_clouds(s, scripted([6]))  # the cloud moves 3 north over the Hawk: pushed, check 6
    assert s.aircraft[0].cell == b.step[start * 6 + 2]


@pytest.mark.clause(
    "dockfighters.gt.5",
    "dockfighters.gt.1",
    "dockfighters.gt.2",
    "dockfighters.gt.3",
    "dockfighters.gt.4",
)
def test_ground_target_values() -> None:
    assert lookup(2, 2).name == "Small building"
    # the rulebook's example: 4 points as a medium building (II, 3), a FLAK tank (I, 6), a truck (I, 2)
    picks = [lookup(2, 3), lookup(1, 6), lookup(1, 2)]
    assert [p.name for p in picks] == ["Medium building", "FLAK tank", "Truck"]
    assert (
        picks[0].armoured
        and picks[1].dice == (3, 2, 0)
        and picks[1].damage == (4, 6)
        and picks[2].mobile
    )
    assert lookup(3, 5).name == "Heavy FLAK battery" and lookup(3, 5).damage == (3, 4, 5)


@pytest.mark.clause(
    "dockfighters.ground.hit.1",
    "dockfighters.ground.hit.3",
    "dockfighters.ground.hit.4",
    "dockfighters.ground.hit.6",
    "dockfighters.gt.6",
)
def test_attacking_ground_targets() -> None:
    s = state(plane(SPRITE, 0, 8, 20, altitude=1, facing="N", experience="experienced"))
    truck = place(s, 1, 1, s.width * 18 + 8)
    house = place(s, 2, 3, s.width * 17 + 8)
    a = s.aircraft[0]
    # fighterbomber -1, experienced -1, moving +1: 5
    assert combat.to_hit_ground(a, truck) == 5
    assert combat.ground_mount_dice(s, a, 0, house) == 0  # light MG against armour
    assert combat.ground_mount_dice(s, a, 1, house) == 1  # heavy cannon
    assert combat.ground_mount_dice(s, a, 0, truck) == 3
    a.altitude = 2
    assert combat.ground_mount_dice(s, a, 0, truck) == 0
    a.altitude = 1
    from aerodrome_dockfighters.state import GROUND, Attack

    combat.resolve(
        s,
        a,
        Attack(aircraft=0, target=GROUND + truck.id, mounts=(0,)),
        scripted([6, 6, 1, 6, 1, 6, 6]),
    )
    assert truck.damage == 1 and truck.destroyed_by == 0 and s.squadrons[0].ground_kills == 1


@pytest.mark.clause("dockfighters.konrad.4", "dockfighters.konrad.3")
def test_konrad_spotting_green_against_experienced_needs_6() -> None:
    s = state(
        plane(HAWK, 0, 8, 20, facing="N", experience="green"),
        plane(ARROW, 1, 8, 22, experience="experienced"),
    )
    bot, enemy = s.aircraft
    base = spot_base(s, bot, enemy)
    assert base == 5
    assert spot_need(base, bot.experience, enemy.experience) == 6
    ahead = state(plane(HAWK, 0, 8, 20, facing="N"), plane(ARROW, 1, 8, 12))
    assert spot_base(ahead, *ahead.aircraft) == 0
    far = state(plane(HAWK, 0, 8, 20, facing="N"), plane(ARROW, 1, 8, 2))
    assert spot_base(far, *far.aircraft) == 4
    mid = state(plane(HAWK, 0, 8, 20, facing="N"), plane(ARROW, 1, 8, 23), plane(ARROW, 1, 3, 20))
    assert spot_base(mid, mid.aircraft[0], mid.aircraft[2]) == 6


@pytest.mark.clause(
    "dockfighters.konrad.2",
    "dockfighters.konrad.7",
    "dockfighters.konrad.17",
    "dockfighters.konrad.5",
)
def test_konrad_patrols_then_attacks_when_attacked() -> None:
    s = state(plane(HAWK, 0, 8, 12, facing="N", speed=4), plane(ARROW, 1, 8, 23))
    k = Konrad(0, 1)
    assert k.check_status(s, s.aircraft[0]) == "patrol"  # enemy behind, 11 hexes away
    plan, moves = k._patrol(s, s.aircraft[0], 3)
    assert plan.speed == 6 and plan.template == 3  # full speed, highest agility
    assert [v for _, v in moves].count("+") == 1  # one level up (altitude 3, ceiling 5)
    s.aircraft[0].attacked_turn = s.turn
    assert k.check_status(s, s.aircraft[0]) == "attack"


@pytest.mark.clause(
    "dockfighters.konrad.8",
    "dockfighters.konrad.10",
    "dockfighters.konrad.11",
    "dockfighters.konrad.12",
    "dockfighters.konrad.9",
    "dockfighters.konrad.15",
    "dockfighters.konrad.18",
)
def test_konrad_attack_speed_rules_and_firing(plugins) -> None:  # type: ignore[no-untyped-def]
    s = state(plane(HAWK, 0, 8, 22, facing="N", speed=3), plane(ARROW, 1, 8, 5, altitude=3))
    k = Konrad(0, 1)
    plan, _moves = k._attack(s, s.aircraft[0], 3)
    assert plan.speed == 5  # distance 17 - 3 > speed 3: accelerate by the engine power 2
    s = state(plane(HAWK, 0, 8, 20, facing="N", speed=5), plane(ARROW, 1, 8, 17, altitude=3))
    plan, _moves = k._attack(s, s.aircraft[0], 3)
    assert plan.template == -1 or plan.speed == 2  # 5 + 2 > 3: decelerate by 3 (not below 2)
    r = plugins.ruleset("dockfighters")
    g = Game(r, "duel", 9)
    drive(g, [Konrad(0, 5), Konrad(1, 6)])
    assert g.is_over() and g.result().finished  # to turn 13 or a squadron's last plane


@pytest.mark.clause("dockfighters.ground.move.1", "dockfighters.ground.move.2")
def test_mobile_ground_targets_turn_and_move() -> None:
    from aerodrome_dockfighters.phases import ground_move

    s = state(plane(HAWK, 0, 8, 20))
    truck = place(s, 1, 1, s.width * 10 + 8, facing=2)
    house = place(s, 2, 1, s.width * 12 + 8)
    ground_move(s, scripted([3]))  # no change of direction: one hex north
    assert truck.cell == s.width * 9 + 8 and truck.facing == 2 and house.cell == s.width * 12 + 8
    ground_move(s, scripted([1]))  # 60 degrees left
    assert truck.facing == 3


@pytest.mark.clause("dockfighters.konrad.6", "dockfighters.konrad.14")
def test_konrad_escape_behaviours() -> None:
    s = state(
        plane(HAWK, 0, 8, 12, facing="N", speed=4, altitude=3, damage=2), plane(ARROW, 1, 8, 14)
    )
    bot = s.aircraft[0]
    plain = Konrad(0, 1)
    assert plain.check_escape(s, bot) == "patrol"  # no escape behaviour: none taken
    k = Konrad(0, 1, escape="retreat")
    k.status[0] = "attack"
    assert k.check_escape(s, bot) == "escape"  # 1 structure point left
    assert Konrad.escape_direction(s, bot) == 2  # straight away from the enemy behind
    plan, moves = k._escape(s, bot, 3, [])
    assert plan.speed == 5 and all(lat == "." for lat, _ in moves)  # damaged: maximum 5
    bot.damage = 0
    assert k.check_escape(s, bot) == "attack"  # repaired: back to the status before
    bot.ammo = [2, 2]
    assert k.check_escape(s, bot) == "escape"  # no weapons left
    side = state(plane(HAWK, 0, 8, 12, facing="N"), plane(ARROW, 1, 12, 12))
    assert Konrad.escape_direction(side, side.aircraft[0]) in (3, 4)
    avoid = Konrad(0, 1, escape="avoid")
    edge = state(plane(HAWK, 0, 8, 3, facing="N", speed=4, damage=2), plane(ARROW, 1, 8, 6))
    avoid.status[0] = "attack"
    assert avoid.check_escape(edge, edge.aircraft[0]) == "escape"
    plan, _moves = avoid._escape(edge, edge.aircraft[0], 3, [])
    from aerodrome_dockfighters.flight import simulate

    assert avoid.plans == {} and plan.speed >= 1
    turned = simulate(
        edge, edge.aircraft[0], plan.speed, plan.template, lambda c, f: (2 + 3) % 6, climb_to=3
    )
    assert turned[1] is not None  # the Avoid bot turns about at the edge instead of leaving


@pytest.mark.clause("dockfighters.konrad.13")
def test_konrad_ranged_attack_skips_near_targets() -> None:
    s = state(
        plane(HAWK, 0, 8, 20, facing="N", speed=4), plane(ARROW, 1, 8, 17), plane(ARROW, 1, 8, 6)
    )
    k = Konrad(0, 1, ranged=True)
    plan, _moves = k._attack(s, s.aircraft[0], 3)
    assert plan.speed == 6  # the far Arrow (14 hexes): accelerate; the near one would slow it
    near = Konrad(0, 1)
    plan, _moves = near._attack(s, s.aircraft[0], 3)
    assert plan.speed != 6


@pytest.mark.clause("dockfighters.konrad.16")
def test_occupied_end_hex_placement_and_clouds_ignored() -> None:
    from aerodrome_dockfighters.flight import simulate

    s = state(
        plane(HAWK, 0, 8, 12, facing="N"),
        plane(ARROW, 1, 2, 2, facing="S"),
        weather="rain",
        clouds=[{"col": 8, "row": 10, "size": 7}],
    )
    s.aircraft[1].cell = s.aircraft[
        0
    ].cell  # ended its move on the Hawk's hex (positions refuse it)
    bump(s, s.aircraft[1])
    assert s.aircraft[1].cell == s.width * 11 + 8  # the hex it came from (it flies south)
    three = state(plane(HAWK, 0, 8, 12), plane(ARROW, 1, 2, 2, facing="S"), plane(ARROW, 1, 8, 11))
    three.aircraft[1].cell = three.aircraft[0].cell
    bump(three, three.aircraft[1])
    assert three.aircraft[1].cell == three.width * 13 + 8  # the hex before is taken: one ahead
    # planning flies straight through the rain cloud as if it were not there
    _moves, end = simulate(s, s.aircraft[0], 4, 3, lambda c, f: f, climb_to=3)
    assert end is not None and end[0] == s.width * 8 + 8


@pytest.mark.clause("dockfighters.konrad.13", "dockfighters.konrad.18")
def test_konrad_flies_to_mission_targets() -> None:
    from aerodrome_dockfighters.flight import search_pass
    from aerodrome_dockfighters.state import Objective

    s = state(
        plane(HAWK, 0, 8, 20, facing="N", speed=4, altitude=3),
        plane(ARROW, 1, 8, 2),
        missions=["aerial-surveillance", "aerial-dominance"],
    )
    a = s.aircraft[0]
    a.role = "recon"
    b = board(s.width, s.height)
    target = b.step[b.step[b.step[a.cell * 6 + 2] * 6 + 1] * 6 + 1]  # 1 north, then 2 north-east
    s.objectives = [Objective(id=0, cell=target, owner=0)]
    found = search_pass(s, a, 3, s.objectives[0].cell, 3)
    assert found is not None
    plan, moves = found
    ctx = scripted([])
    prog = movement.start(s, a, plan, ctx)
    for lat, ver in moves:
        assert prog is not None
        from aerodrome_dockfighters.state import Manoeuvre

        prog = movement.manoeuvre(s, prog, Manoeuvre(aircraft=0, lateral=lat, vertical=ver), ctx)
    assert s.objectives[0].done
    # going down to altitude 1 the bot flies no faster than 3 (not a fighterbomber)
    low = search_pass(s, a, 3, s.width * 12 + 8, 1)
    assert low is None or low[0].speed <= 3


@pytest.mark.clause("dockfighters.konrad.19", "dockfighters.konrad.8")
def test_konrad_lands_the_agent_guards_and_prefers_priority_targets(plugins) -> None:  # type: ignore[no-untyped-def]
    from aerodrome_dockfighters.state import Objective

    pos = {
        "missions": ["agents-insertion", "aerial-dominance"],
        "aircraft": [
            plane(HAWK, 0, 8, 16, facing="N", altitude=1, speed=3),
            plane(ARROW, 1, 2, 2),
        ],
    }
    g = Game(plugins.ruleset("dockfighters"), "agents-insertion", 1, position=pos)
    g.state.aircraft[0].role = "agent"
    g.state.objectives = [Objective(id=0, cell=g.state.width * 13 + 8, owner=0, kind="meeting")]
    while g.decision() is not None and g.decision().players != (0,):
        p = g.waiting_for()[0]
        g.apply(p, g.legal_actions(p)[0])
    choice = Konrad(0, 1).choose(PlayerView(g, 0), g.legal_actions(0))
    assert isinstance(choice, Plan) and choice.template == movement.LAND
    # Guard: far from its airship the bot flies back to it
    s = state(
        plane(HAWK, 0, 8, 3, facing="S", speed=4),
        plane("Albatross", 0, 8, 20),
        plane(ARROW, 1, 2, 2),
    )
    guard = Konrad(0, 1, guard=True)
    assert guard._ward(s, s.aircraft[0]) is s.aircraft[1]
    # priority: the airship first although the fighter is nearer
    p = state(
        plane(HAWK, 0, 8, 20, facing="N", speed=4), plane(ARROW, 1, 8, 15), plane("Lance", 1, 8, 8)
    )
    plan, _m = Konrad(0, 1, priority="airship")._attack(p, p.aircraft[0], 3)
    assert plan.speed == 6  # the Lance, 12 hexes off: accelerate
    near, _m2 = Konrad(0, 1)._attack(p, p.aircraft[0], 3)
    assert near.speed == 2  # the Arrow, 5 hexes off: slow down


@pytest.mark.clause("dockfighters.konrad.16")
def test_bump_checks_the_neighbours_clockwise_from_ahead() -> None:
    # the hex before and the one ahead taken: the next is the first neighbour clockwise of
    # ahead, i.e. ahead-right (facing N: north-east)
    s = state(
        plane(HAWK, 0, 8, 12, facing="N"),
        plane(ARROW, 1, 2, 2),
        plane(ARROW, 1, 8, 13),
        plane(ARROW, 1, 8, 11),
    )
    s.aircraft[1].cell = s.aircraft[0].cell
    bump(s, s.aircraft[1])
    from aerodrome_dockfighters.board import board

    b = board(s.width, s.height)
    assert s.aircraft[1].cell == b.step[(s.width * 12 + 8) * 6 + 1]  # facing 1: north-east
