"""Landing, taking off, the agent's insertion and the airstrip visit."""

from __future__ import annotations

import pytest

from aerodrome import Game
from aerodrome_dockfighters import movement
from aerodrome_dockfighters.missions import success
from aerodrome_dockfighters.objectives import identify, runway_hits
from aerodrome_dockfighters.state import Objective, Plan
from tests.plugins.dockfighters.helpers import place_tokens, plane, scripted, state

HAWK, ARROW = "Fw-802 E-1 Hawk", "Do-335 L-3 Arrow"


@pytest.mark.clause("dockfighters.move.10", "dockfighters.move.11", "dockfighters.check.2")
def test_landing_and_taking_off() -> None:
    s = state(plane(HAWK, 0, 8, 20, altitude=1, speed=3, facing="N"))
    a = s.aircraft[0]
    land = Plan(aircraft=0, speed=2, template=movement.LAND)
    assert land in movement.plan_options(s, a)
    movement.start(s, a, land, scripted([]))
    assert a.status == "landed" and a.cell == s.width * 18 + 8 and a.speed == 0
    assert movement.plan_options(s, a) == [
        Plan(aircraft=0, speed=2, template=movement.TAKE_OFF),
        Plan(aircraft=0, speed=0, template=movement.STAY),
    ]
    movement.start(s, a, Plan(aircraft=0, speed=2, template=movement.TAKE_OFF), scripted([]))
    assert a.status == "flying" and a.altitude == 1 and a.speed == 2 and a.cell == s.width * 16 + 8
    high = state(plane(HAWK, 0, 8, 20, altitude=2, speed=3))
    assert all(p.template != movement.LAND for p in movement.plan_options(high, high.aircraft[0]))
    g = state(plane(HAWK, 0, 8, 20, altitude=1, speed=2))
    g.aircraft[0].gear_damaged = True
    movement.start(
        g, g.aircraft[0], Plan(aircraft=0, speed=2, template=movement.LAND), scripted([3])
    )
    assert (
        g.aircraft[0].status == "destroyed"
        and g.aircraft[0].wounded
        and g.aircraft[0].fate == "fit"
    )


@pytest.mark.clause("dockfighters.mission.agents-insertion.1")
def test_agent_finds_the_meeting_point_and_lands() -> None:
    s = state(
        plane(HAWK, 0, 8, 20, altitude=1, speed=2),
        missions=["agents-insertion", "aerial-dominance"],
    )
    a = s.aircraft[0]
    a.role = "agent"
    s.objectives = [
        Objective(id=i, cell=s.width * r + 8, owner=0, kind="candidate")
        for i, r in enumerate((17, 10, 5))
    ]
    identify(s, a, scripted([4]))  # first objective within 3 hexes: 4 < 5, not it
    assert [o.kind for o in s.objectives] == ["not", "candidate", "candidate"]
    a.cell = s.width * 11 + 8
    identify(s, a, scripted([3]))  # the second: 3+ is it
    assert [o.kind for o in s.objectives] == ["not", "meeting", "candidate"]
    a.cell = s.width * 12 + 8
    a.facing = 2
    movement.start(s, a, Plan(aircraft=0, speed=2, template=movement.LAND), scripted([]))
    assert a.status == "landed" and s.objectives[1].done
    assert success(s, 0) == (True, 4)


@pytest.mark.clause("dockfighters.mission.airstrip.1", "dockfighters.mission.airstrip.2")
def test_airstrip_visit(plugins) -> None:  # type: ignore[no-untyped-def]
    g = Game(plugins.ruleset("dockfighters"), "airstrip-visit", 2)
    place_tokens(g)
    s = g.state
    assert len(s.runway) == 5
    runway = [u for u in s.ground if u.name == "Runway"]
    others = [u for u in s.ground if u.name != "Runway"]
    assert len(runway) == 5 and all(u.bombs_only for u in runway)
    assert sum(u.value for u in others) == 12 and all(u.value in (2, 3) for u in others)
    defenders = [a for a in s.aircraft if a.player == 1]
    airborne = [a for a in defenders if a.status == "flying"]
    assert 1 <= len(airborne) <= 3 and all(a.altitude == 1 for a in airborne)
    grounded = [a for a in defenders if a.status == "grounded"]
    runway[0].damage = 2
    if grounded:
        a = grounded[0]
        assert movement.plan_options(s, a)[0].template == movement.TAKE_OFF
        movement.start(s, a, movement.plan_options(s, a)[0], scripted([1, 4, 6]))
        assert a.status == "flying" and a.crits == ["gear"]  # 2 runway hits: 2 checks, one failed
        if len(grounded) > 1:  # one take-off a turn: the others stay
            assert movement.plan_options(s, grounded[-1]) == [
                Plan(aircraft=grounded[-1].id, speed=0, template=movement.STAY)
            ]
    assert runway_hits(s) == 2 and success(s, 1) == (True, 5)
    runway[1].damage = 1
    others[0].damage = others[0].structure
    s.squadrons[0].kills = 1
    assert success(s, 0) == (True, 15) and success(s, 1) == (False, 0)


@pytest.mark.clause("dockfighters.mission.ale-raid.1")
def test_great_ale_raid(plugins) -> None:  # type: ignore[no-untyped-def]
    from aerodrome_dockfighters.deployment import deploy_options
    from aerodrome_dockfighters.objectives import board_train, move_train

    g = Game(plugins.ruleset("dockfighters"), "ale-raid", 3)
    place_tokens(g, aircraft=False)
    s = g.state
    train = next(o for o in s.objectives if o.kind == "train")
    agent = next(a for a in s.aircraft if a.role == "agent")
    assert {d.altitude for d in deploy_options(s, agent)} == {1, 2, 3}
    start = train.cell
    train.facing = 2
    move_train(s, scripted([3]))  # 2 hexes north, then the direction roll (3: no change)
    assert train.cell == start - 2 * s.width and train.facing == 2
    agent.cell, agent.altitude, agent.speed, agent.status = train.cell, 1, 2, "flying"
    board_train(s, agent, scripted([2]))
    assert train.stop_in == 2
    move_train(s, scripted([3]))
    move_train(s, scripted([]))
    assert train.kind == "stopped" and success(s, 0) == (True, 8)
