"""Movement: the worked examples p15, p17, p20 and the movement rules."""

from __future__ import annotations

import pytest

from aerodrome_dockfighters import movement, rules
from aerodrome_dockfighters.board import board
from aerodrome_dockfighters.specs import AGILITY, builtin
from aerodrome_dockfighters.state import Manoeuvre, Plan
from tests.plugins.dockfighters.helpers import plane, scripted, state

N, NW, SW = 2, 3, 4
HAWK, HARRIER, SPRITE = "Fw-802 E-1 Hawk", "Fw-127 B-2 Royal Harrier", "Bf-229 R-6 Sprite"


def ahead(cell: int, facing: int, n: int) -> int:
    b = board(18, 24)
    for _ in range(n):
        cell = b.step[cell * 6 + facing]
    return cell


def fly(s, a, plan: Plan, moves: list[tuple[str, str]], faces=()):  # type: ignore[no-untyped-def]
    ctx = scripted(list(faces))
    prog = movement.start(s, a, plan, ctx)
    for lat, ver in moves:
        assert prog is not None
        legal = movement.manoeuvre_options(s, prog)
        m = Manoeuvre(aircraft=a.id, lateral=lat, vertical=ver)
        assert m in legal, (m, legal)
        prog = movement.manoeuvre(s, prog, m, ctx)
    assert prog is None
    return ctx


@pytest.mark.clause(
    "dockfighters.move.20",
    "dockfighters.move.1",
    "dockfighters.move.2",
    "dockfighters.move.7",
    "dockfighters.move.8",
    "dockfighters.move.3",
    "dockfighters.move.19",
    "dockfighters.move.6",
)
def test_p15_speed_4_accelerate_2_medium_two_turns_final_speed_4() -> None:
    s = state(plane(HAWK, 0, 8, 20, speed=4, loads=["Nebelwerfer rocket"]))
    a = s.aircraft[0]
    # agility "high" less 1 for the Nebelwerfer: "medium" is the best unboosted template
    assert AGILITY[rules.agility(a, rules.sheet(a))] == "medium"
    plans = movement.plan_options(s, a)
    assert Plan(aircraft=0, speed=6, template=2) in plans
    assert {p.speed for p in plans} == {
        1,
        2,
        3,
        4,
        5,
        6,
    }  # decelerate 3 (1 + a dive ends at 2), accelerate 2
    assert movement.turn_points(6, builtin().templates["medium"]) == (3, 6)
    start = a.cell
    fly(s, a, Plan(aircraft=0, speed=6, template=2), [("L", "."), ("L", ".")])
    assert a.cell == ahead(ahead(start, N, 3), NW, 3)
    assert a.facing == SW
    assert a.speed == 4


@pytest.mark.clause("dockfighters.move.21", "dockfighters.move.9", "dockfighters.move.15")
def test_p17_very_high_two_turns_or_a_climb() -> None:
    s = state(plane(HARRIER, 0, 8, 20, speed=4, altitude=2))
    a = s.aircraft[0]
    assert movement.turn_points(5, builtin().templates["very high"]) == (0, 3)
    fly(s, a, Plan(aircraft=0, speed=5, template=4), [("L", "."), ("R", ".")])
    assert a.speed == 3 and a.altitude == 2 and a.facing == N
    # climbing once as well: final speed 2; a second climb would fall below minimum speed 2
    s = state(plane(HARRIER, 0, 8, 20, speed=4, altitude=2))
    a = s.aircraft[0]
    ctx = scripted([])
    prog = movement.start(s, a, Plan(aircraft=0, speed=5, template=4), ctx)
    assert prog is not None
    prog = movement.manoeuvre(s, prog, Manoeuvre(aircraft=0, lateral="L", vertical="+"), ctx)
    assert prog is not None
    legal = movement.manoeuvre_options(s, prog)
    assert Manoeuvre(aircraft=0, lateral="R", vertical="+") not in legal
    assert Manoeuvre(aircraft=0, lateral="R", vertical=".") in legal
    movement.manoeuvre(s, prog, Manoeuvre(aircraft=0, lateral="R", vertical="."), ctx)
    assert a.speed == 2 and a.altitude == 3
    # "he could climb up to 2 altitude levels": both points climbing, no turn: speed 3
    s = state(plane(HARRIER, 0, 8, 20, speed=4, altitude=2))
    fly(s, s.aircraft[0], Plan(aircraft=0, speed=5, template=4), [(".", "+"), (".", "+")])
    assert s.aircraft[0].altitude == 4 and s.aircraft[0].speed == 3


@pytest.mark.clause(
    "dockfighters.barrel.4",
    "dockfighters.barrel.1",
    "dockfighters.barrel.2",
    "dockfighters.barrel.3",
)
def test_p20_barrel_roll_forward_right_then_six_ahead() -> None:
    b = board(18, 24)
    for roll, direction in (("FR", (N + 5) % 6), ("RL", (N + 2) % 6)):
        s = state(plane(HARRIER, 0, 8, 20, speed=6))
        a = s.aircraft[0]
        start = a.cell
        fly(s, a, Plan(aircraft=0, speed=6, template=4), [(roll, "."), (".", "."), (".", ".")])
        assert a.cell == ahead(b.step[start * 6 + direction], N, 6)
        assert a.facing == N and a.speed == 5
    # no barrel roll in the end hex (the third turn point of very high at speed 6)
    s = state(plane(HARRIER, 0, 8, 20, speed=6))
    a = s.aircraft[0]
    ctx = scripted([])
    prog = movement.start(s, a, Plan(aircraft=0, speed=6, template=4), ctx)
    for _ in range(2):
        assert prog is not None
        prog = movement.manoeuvre(s, prog, Manoeuvre(aircraft=0, lateral=".", vertical="."), ctx)
    assert prog is not None and prog.points[prog.index] == 6
    assert {m.lateral for m in movement.manoeuvre_options(s, prog)} == {".", "L", "R"}


@pytest.mark.clause(
    "dockfighters.immelmann.1", "dockfighters.immelmann.2", "dockfighters.immelmann.3"
)
def test_immelmann_turns_about_in_the_hex_ahead_trading_altitude_for_speed() -> None:
    s = state(plane(HAWK, 0, 8, 20, speed=5, altitude=3))
    a = s.aircraft[0]
    start = a.cell
    plans = movement.plan_options(s, a)
    assert Plan(aircraft=0, speed=5, template=-1, climb=2) in plans
    movement.start(s, a, Plan(aircraft=0, speed=5, template=-1, climb=2), scripted([]))
    assert a.cell == ahead(start, N, 1) and a.facing == (N + 3) % 6
    assert a.altitude == 5 and a.speed == 3
    s = state(plane(HAWK, 0, 8, 20, speed=3, altitude=3))
    movement.start(s, s.aircraft[0], Plan(aircraft=0, speed=3, template=-1, climb=-2), scripted([]))
    assert s.aircraft[0].altitude == 1 or s.aircraft[0].status != "flying"


@pytest.mark.clause("dockfighters.move.12")
def test_increased_agility_needs_a_pilot_check_or_takes_a_critical() -> None:
    s = state(plane(HAWK, 0, 8, 20, speed=4, experience="green"))
    a = s.aircraft[0]
    assert Plan(aircraft=0, speed=4, template=4) in movement.plan_options(s, a)  # high + 1
    movement.start(s, a, Plan(aircraft=0, speed=4, template=4), scripted([4, 2]))
    assert a.crits == ["controls"]
    s = state(plane(HAWK, 0, 8, 20, speed=4, experience="green"))
    movement.start(s, s.aircraft[0], Plan(aircraft=0, speed=4, template=4), scripted([5]))
    assert s.aircraft[0].crits == []


@pytest.mark.clause("dockfighters.move.13", "dockfighters.move.14")
def test_flying_low_faster_than_3_needs_a_check_except_fighterbombers_and_climbers() -> None:
    s = state(plane(HAWK, 0, 8, 20, speed=4, altitude=1))
    a = s.aircraft[0]
    fly(s, a, Plan(aircraft=0, speed=4, template=0), [(".", ".")], faces=[2])  # green needs 5+
    assert a.status == "destroyed" and a.fate == "killed"
    s = state(plane(SPRITE, 0, 8, 20, speed=4, altitude=1))
    fly(s, s.aircraft[0], Plan(aircraft=0, speed=4, template=0), [(".", ".")])
    assert s.aircraft[0].status == "flying"
    s = state(plane(HARRIER, 0, 8, 20, speed=4, altitude=1))
    fly(s, s.aircraft[0], Plan(aircraft=0, speed=5, template=4), [(".", "+"), (".", ".")])
    assert s.aircraft[0].status == "flying" and s.aircraft[0].altitude == 2


@pytest.mark.clause("dockfighters.move.4", "dockfighters.move.5", "dockfighters.move.18")
def test_speed_limits_and_damage() -> None:
    s = state(plane(HAWK, 0, 8, 20, speed=3))
    a = s.aircraft[0]
    ds = rules.sheet(a)
    # no plan offers a speed above the maximum nor an end below the minimum
    for p in movement.plan_options(s, a):
        assert p.speed <= ds.max_speed
    assert rules.max_speed(a, ds) == 6 and rules.agility(a, ds) == 3
    a.damage = ds.yellow
    assert rules.max_speed(a, ds) == 5 and rules.agility(a, ds) == 2
    # at maximum speed, damage that lowers the maximum destroys the aircraft
    s = state(plane(HAWK, 0, 8, 20, speed=6))
    a = s.aircraft[0]
    rules.damage(s, a, ds.yellow, scripted([4, 6]), -1, crit=True)
    assert a.status == "destroyed" and a.fate == "bailed out"


@pytest.mark.clause("dockfighters.move.16")
def test_no_move_ends_on_an_occupied_hex() -> None:
    s = state(plane(HAWK, 0, 8, 20, speed=3), plane(HAWK, 0, 8, 17, speed=3))
    a = s.aircraft[0]
    plans = movement.plan_options(s, a)
    assert Plan(aircraft=0, speed=3, template=0) in plans  # very low: a turn point at the end
    ctx = scripted([])
    prog = movement.start(s, a, Plan(aircraft=0, speed=3, template=0), ctx)
    assert prog is not None
    legal = movement.manoeuvre_options(s, prog)
    assert Manoeuvre(aircraft=0, lateral=".", vertical=".") not in legal
    assert Manoeuvre(aircraft=0, lateral=".", vertical="+") in legal


@pytest.mark.clause("dockfighters.move.17")
def test_leaving_the_board_needs_a_return_check_at_plus_one() -> None:
    s = state(plane(HAWK, 0, 8, 1, speed=4, experience="green"))
    movement.start(s, s.aircraft[0], Plan(aircraft=0, speed=4, template=0), scripted([5]))
    assert s.aircraft[0].status == "missing"  # green 5+ becomes 6+
    s = state(plane(HAWK, 0, 8, 1, speed=4, experience="green"))
    movement.start(s, s.aircraft[0], Plan(aircraft=0, speed=4, template=0), scripted([6]))
    assert s.aircraft[0].status == "left" and s.aircraft[0].fate == "returned"


@pytest.mark.clause("dockfighters.check.1")
def test_pilot_check_by_experience() -> None:
    for exp, need in (("green", 5), ("experienced", 4), ("veteran", 3), ("ace", 2)):
        s = state(plane(HAWK, 0, 8, 20, experience=exp))
        assert rules.check_target(s.aircraft[0]) == need
