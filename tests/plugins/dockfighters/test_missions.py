"""Missions beyond the dogfight: ground targets, recon, airships, bombs, extra turns."""

from __future__ import annotations

import pytest

from aerodrome import Game
from aerodrome_dockfighters import airspace, combat, movement, rules
from aerodrome_dockfighters.deployment import deploy_options
from aerodrome_dockfighters.ground import place
from aerodrome_dockfighters.missions import success
from aerodrome_dockfighters.objectives import extend, photograph
from aerodrome_dockfighters.state import GROUND, Attack, Manoeuvre, Objective, Plan
from tests.plugins.dockfighters.helpers import asked_aircraft, place_tokens, plane, scripted, state

HAWK, ARROW, SPRITE, MILKCOW, ALBATROSS = (
    "Fw-802 E-1 Hawk",
    "Do-335 L-3 Arrow",
    "Bf-229 R-6 Sprite",
    "Bf-682 D-3 Milkcow",
    "Albatross",
)


@pytest.mark.clause(
    "dockfighters.mission.fighter-sweep.1",
    "dockfighters.mission.big-hunt.1",
    "dockfighters.mission.bomb-run.1",
    "dockfighters.setup.6",
)
def test_ground_target_missions(plugins) -> None:  # type: ignore[no-untyped-def]
    r = plugins.ruleset("dockfighters")
    for name, points in (("fighter-sweep", 4), ("big-hunt", 8), ("bomb-run", 14)):
        g = Game(r, name, 3)
        d = g.decision()
        assert d is not None and d.kind == "token" and d.players == (1,)  # the opponent begins
        place_tokens(g, aircraft=False)
        s = g.state
        assert sum(u.value for u in s.ground) == points and all(u.hostile_to == 0 for u in s.ground)
        count = len(s.ground)
        for u in s.ground:
            col, row = u.cell % s.width, u.cell // s.width
            assert 3 <= col < s.width - 3 and 3 <= row < s.height - 3
        assert all(
            board_distance(s, x.cell, y.cell) >= 2 for x in s.ground for y in s.ground if x is not y
        )
        assert success(s, 0) == (False, 0)
        for u in s.ground:
            u.damage = u.structure
        s.squadrons[0].ground_kills = count
        assert success(s, 0)[0]


def board_distance(s, a: int, b: int) -> int:  # type: ignore[no-untyped-def]
    from aerodrome_dockfighters.board import board

    return board(s.width, s.height).distance(a, b)


@pytest.mark.clause("dockfighters.mission.aerial-surveillance.1")
def test_surveillance_photographs_at_altitude_3_or_below_and_1_under_cloud() -> None:
    s = state(
        plane(HAWK, 0, 8, 20, altitude=4, speed=4),
        plane(ARROW, 1, 8, 2),
        missions=["aerial-surveillance", "aerial-dominance"],
    )
    a = s.aircraft[0]
    a.role = "recon"
    s.objectives = [Objective(id=0, cell=s.width * 18 + 8, owner=0)]
    movement.start(s, a, Plan(aircraft=0, speed=4, template=0), scripted([]))
    assert not s.objectives[0].done  # altitude 4: too high
    a.path = [s.objectives[0].cell]
    a.altitude = 3
    photograph(s, a, scripted([]))
    assert s.objectives[0].done and success(s, 0) == (True, 2)
    s.objectives[0].done = False
    s.weather, s.clouds = 1, []
    from aerodrome_dockfighters.state import Cloud

    s.clouds = [Cloud(col=8, row=18, size=1)]
    photograph(s, a, scripted([]))
    assert not s.objectives[0].done
    a.altitude = 1
    photograph(s, a, scripted([]))
    assert s.objectives[0].done


@pytest.mark.clause("dockfighters.mission.recon-escort.1")
def test_recon_escort_planes_and_exit(plugins) -> None:  # type: ignore[no-untyped-def]
    g = Game(plugins.ruleset("dockfighters"), "recon-escort", 2)
    place_tokens(g)
    s = g.state
    recon = [a for a in s.aircraft if a.role == "recon"]
    assert 1 <= len(recon) <= 2 and 2 <= len(s.objectives) <= 4
    for a in recon:
        ds = rules.sheet(a)
        assert a.experience == 1 and rules.max_speed(a, ds) == ds.max_speed + 1
        assert a.weapons_out == list(range(len(ds.weapons)))
    for o in s.objectives:
        o.done = True
    recon[0].status, recon[0].exit_edge, recon[0].fate = "left", "bottom", "returned"
    assert success(s, 0) == (True, 4)
    recon[0].exit_edge = "top"
    assert not success(s, 0)[0]


@pytest.mark.clause(
    "dockfighters.mission.cargo-escort.1",
    "dockfighters.mission.extension.1",
    "dockfighters.mission.flying-eye.1",
)
def test_airship_escort_missions(plugins) -> None:  # type: ignore[no-untyped-def]
    r = plugins.ruleset("dockfighters")
    g = Game(r, "cargo-escort", 1)
    s = g.state
    cargo = next(a for a in s.aircraft if a.role == "cargo")
    assert rules.crew_points(cargo) == 2 and cargo.experience == 1
    assert {d.altitude for d in deploy_options(s, cargo)} == {3}
    cargo.status, cargo.exit_edge = "left", "top"
    assert success(s, 0) == (True, 10)
    cargo.damage = 7
    assert not success(s, 0)[0]
    cargo.status = "flying"
    extend(s, scripted([5]))
    assert s.last_turn == 15 and s.extended
    eye = Game(r, "flying-eye", 1).state
    ship = next(a for a in eye.aircraft if a.role == "recon")
    assert rules.sheet(ship).klass == "airship" and ship.experience == 2
    assert {d.altitude for d in deploy_options(eye, ship)} == {5}


@pytest.mark.clause(
    "dockfighters.airship.3",
    "dockfighters.airship.5",
    "dockfighters.airship.6",
    "dockfighters.airship.7",
)
def test_airship_movement_and_descent() -> None:
    s = state(plane(ALBATROSS, 0, 8, 12, speed=0, altitude=3, facing="N"))
    ship = s.aircraft[0]
    plans = movement.plan_options(s, ship)
    assert {p.speed for p in plans} == {-1, 0, 1}
    assert all(p.template == 0 for p in plans)  # very low, no Immelmann, no boost
    start = ship.cell
    movement.start(s, ship, Plan(aircraft=0, speed=-1, template=0), scripted([]))
    assert s.move is None
    ship.damage = 7
    ctx = scripted([])
    prog = movement.start(s, ship, Plan(aircraft=0, speed=0, template=0), ctx)
    assert prog is not None
    legal = movement.manoeuvre_options(s, prog)
    assert all(m.vertical != "+" for m in legal) and all(len(m.lateral) == 1 for m in legal)
    movement.manoeuvre(s, prog, Manoeuvre(aircraft=0, lateral=".", vertical="."), ctx)
    assert ship.altitude == 2 and ship.cell == start
    ship.damage = 10
    prog = movement.start(s, ship, Plan(aircraft=0, speed=0, template=0), ctx)
    assert prog is not None
    movement.manoeuvre(s, prog, Manoeuvre(aircraft=0, lateral=".", vertical="."), ctx)
    assert ship.status == "destroyed" and ship.fate == "killed"


@pytest.mark.clause("dockfighters.airship.21", "dockfighters.airship.8", "dockfighters.airship.4")
def test_airships_punch_aircraft_aside_and_repair() -> None:
    s = state(
        plane(ALBATROSS, 0, 8, 12, speed=1, altitude=3, facing="N"),
        plane(ARROW, 1, 8, 9, altitude=3, speed=3, experience="green"),
    )
    ship, fighter = s.aircraft
    assert airspace.occupied(s, s.width * 11 + 8, 3, fighter.id)  # the airship's front hex
    ctx = scripted([2])  # the fighter's check fails: pushed a level down
    prog = movement.start(s, ship, Plan(aircraft=0, speed=2, template=0), ctx)
    assert prog is not None
    movement.manoeuvre(s, prog, Manoeuvre(aircraft=0, lateral=".", vertical="."), ctx)
    assert fighter.cell not in airspace.airship_cells(s, ship)
    assert fighter.altitude == 2 and fighter.speed == 4
    ship.damage, ship.crits = 2, ["engine"]
    ship.speed_loss = ship.engine_hits = 1
    assert rules.crew_points(ship) == 5 and rules.can_repair(ship)
    rules.repair(s, ship, scripted([6, 1, 6, 6]))  # experienced crew needs 4+
    assert ship.crits == [] and ship.speed_loss == 0 and ship.damage == 0


@pytest.mark.clause(
    "dockfighters.ground.hit.2", "dockfighters.load.1", "dockfighters.load.3", "dockfighters.load.5"
)
def test_bombs_need_a_straight_run_over_the_target() -> None:
    s = state(plane(SPRITE, 0, 8, 20, altitude=1, speed=3, facing="N", loads=["AB 250 bomb"]))
    a = s.aircraft[0]
    target = place(s, 2, 1, s.width * 18 + 8)  # a small building two hexes ahead
    assert combat.ground_load_dice(s, a, "AB 250 bomb", target) == 0
    ctx = scripted([])
    prog = movement.start(s, a, Plan(aircraft=0, speed=3, template=0), ctx)
    assert prog is not None
    movement.manoeuvre(s, prog, Manoeuvre(aircraft=0, lateral=".", vertical="."), ctx)
    assert combat.ground_load_dice(s, a, "AB 250 bomb", target) == 3
    assert Attack(aircraft=0, target=GROUND + target.id, loads=(0,)) in combat.attack_options(
        s, a
    )  # guns: behind
    # 3 dice at 4+ (fighterbomber -1, green 0): 6, 4, 1; damage 2+/4+/6: 6 -> 3 points
    combat.resolve(
        s, a, Attack(aircraft=0, target=GROUND + target.id, loads=(0,)), scripted([6, 5, 1, 6, 1])
    )
    assert target.damage == target.structure and a.loads == []
    # turning at the hex before the target spoils the run
    a.path, a.turned_at = [s.width * 20 + 8, s.width * 19 + 8, s.width * 18 + 8], [1]
    assert not combat.bomb_run(a, target)
    # a bomber may bomb from higher up
    b = state(plane(MILKCOW, 0, 8, 20, altitude=4, loads=["AB 250 bomb"]))
    t2 = place(b, 2, 1, b.width * 19 + 8)
    b.aircraft[0].path = [b.width * 20 + 8, b.width * 19 + 8, b.width * 18 + 8]
    assert combat.ground_load_dice(b, b.aircraft[0], "AB 250 bomb", t2) == 3


@pytest.mark.clause("dockfighters.mission.duel.1", "dockfighters.mission.cargo-escort.1")
def test_duel_defender_sets_up_first_and_the_cargo_ship_is_an_albatross(plugins) -> None:  # type: ignore[no-untyped-def]
    r = plugins.ruleset("dockfighters")
    for seed in range(4):
        g = Game(r, "duel", seed)
        assert asked_aircraft(g).player == 1
    from aerodrome_dockfighters.objectives import add_special_aircraft

    s = state(plane(ARROW, 1, 8, 2), missions=["aerial-dominance", "cargo-escort"])
    add_special_aircraft(s, 1, scripted([]))
    assert s.aircraft[-1].datasheet == ALBATROSS and s.aircraft[-1].side == "Saxony"


@pytest.mark.clause(
    "dockfighters.setup.6", "dockfighters.gt.1", "dockfighters.weather.13", "dockfighters.weather.2"
)
def test_the_leaders_place_objectives_ground_targets_and_clouds(plugins) -> None:  # type: ignore[no-untyped-def]
    from aerodrome_dockfighters import placement
    from aerodrome_dockfighters.state import ChooseValue, Declare, PlaceToken

    r = plugins.ruleset("dockfighters")
    g = Game(r, "aerial-surveillance", 5)
    declare = g.legal_actions(0)  # first the leader declares his recon aircraft
    assert declare == [Declare(aircraft=0, role="recon"), Declare(aircraft=1, role="recon")]
    g.apply(0, declare[1])
    assert g.state.aircraft[1].role == "recon" and g.state.aircraft[0].role == ""
    tokens = [o for o in g.state.objectives if o.owner == 0 and o.cell < 0]  # dealt, in hand
    assert 2 <= len(tokens) <= 4
    legal = g.legal_actions(1)
    assert (
        g.waiting_for() == (1,)
        and legal
        and all(isinstance(x, PlaceToken) and x.kind == "objective" for x in legal)
    )
    g.apply(1, legal[3])
    assert g.state.objectives[0].cell == legal[3].cell
    near = [x.cell for x in g.legal_actions(0)]
    assert legal[3].cell not in near and all(
        board_distance(g.state, legal[3].cell, c) >= 2 for c in near
    )
    for i in range(1, len(tokens)):  # alternately, beginning with the opponent
        assert g.waiting_for() == ((1 + i) % 2,)
        g.apply((1 + i) % 2, g.legal_actions((1 + i) % 2)[0])
    assert all(o.cell >= 0 for o in g.state.objectives)
    # ground targets: the value first (only values that fit), a d6, then the hex
    s = state(plane(HAWK, 0, 8, 20), missions=["fighter-sweep", "aerial-dominance"])
    assert placement.choosing_values(s, 0) and not placement.choosing_values(s, 1)
    assert placement.ground_chooser(s, 0) == 1  # beginning with the opponent
    assert placement.value_options(s, 0) == [ChooseValue(value=1), ChooseValue(value=2)]
    placement.choose_value(s, 0, ChooseValue(value=2), scripted([2]))
    target = placement.target_in_hand(s, 0)
    assert target is not None and target.name == "Small building" and target.cell < 0
    assert placement.ground_chooser(s, 0) == 1  # who chose it places it
    cell = placement.token_options(s, "ground")[0]
    placement.place_target(s, target, cell, scripted([1]))
    assert target.cell == cell.cell and placement.target_in_hand(s, 0) is None
    assert placement.ground_chooser(s, 0) == 0 and placement.points_left(s, 0) == 2
    # clear skies turning broken: both leaders place the clouds in the weather phase
    c = state(plane(HAWK, 0, 8, 20), weather="clear skies")
    from aerodrome_dockfighters.phases import weather_changes

    weather_changes(c, scripted([6]))
    assert len(placement.clouds_in_hand(c)) == 6 and not [
        x for x in c.clouds if placement.on_board(x)
    ]
