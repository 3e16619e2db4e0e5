"""The rules a referee found deviating from the book (issue 9), each checked against the
book's own words (quoted in the test and in the clause's summary)."""

from __future__ import annotations

import pytest

from aerodrome import Game
from aerodrome_dockfighters import combat, deployment, movement, rules
from aerodrome_dockfighters.board import board
from aerodrome_dockfighters.ground import place
from aerodrome_dockfighters.missions import success
from aerodrome_dockfighters.objectives import identify, photograph
from aerodrome_dockfighters.phases import end_turn
from aerodrome_dockfighters.state import Attack, Manoeuvre, Objective, Plan
from tests.plugins.dockfighters.helpers import asked_aircraft, place_tokens, plane, scripted, state

HAWK, ARROW, HARRIER, EEL, ALBATROSS = (
    "Fw-802 E-1 Hawk",
    "Do-335 L-3 Arrow",
    "Fw-127 B-2 Royal Harrier",
    "Eel",
    "Albatross",
)


@pytest.mark.clause("dockfighters.mission.aerial-dominance.2")
def test_aerial_dominance_huge_success_without_a_single_kill() -> None:
    """ "If the opposing player has no enemy airplanes left on the board before turn 6 ends,
    the mission is called a huge success ... It does not matter whether they are destroyed or
    retreated. This condition applies even if the choosing player did not shoot down a single
    plane.\""""
    s = state(plane(HAWK, 0, 8, 20), plane(ARROW, 1, 8, 2), turn=5)
    s.aircraft[1].status, s.aircraft[1].fate, s.aircraft[1].cell = (
        "left",
        "returned",
        -1,
    )  # driven off
    end_turn(s, scripted([]))
    assert s.squadrons[0].kills == 0 and s.over
    assert success(s, 0) == (True, 4)
    late = state(plane(HAWK, 0, 8, 20), plane(ARROW, 1, 8, 2), turn=7)
    late.aircraft[1].status, late.aircraft[1].cell = "left", -1
    end_turn(late, scripted([]))
    assert success(late, 0) == (False, 0)  # after turn 6 it takes more kills than losses


def _escort_game(plugins, name: str):  # type: ignore[no-untyped-def]
    game = Game(plugins.ruleset("dockfighters"), name, 3)
    place_tokens(game)
    return game.state


@pytest.mark.clause("dockfighters.mission.cargo-escort.1")
@pytest.mark.parametrize(("roll", "fate"), [(6, "returned"), (1, "missing")])
def test_the_cargo_airship_wins_by_leaving_flying_whatever_its_crew_check(
    plugins, roll: int, fate: str
) -> None:  # type: ignore[no-untyped-def]
    """ "The airship must reach the opposing edge of the board and leave the map in a flying
    condition (not descending or even falling)": the return-home check after leaving the
    board (move.17) may cost the crew, not the mission."""
    s = _escort_game(plugins, "cargo-escort")
    cargo = next(a for a in s.aircraft if a.role == "cargo")
    cargo.cell, cargo.facing, cargo.speed = s.width * 0 + 9, 2, 1  # on the top row, heading north
    movement.start(s, cargo, Plan(aircraft=cargo.id, speed=1, template=0), scripted([roll]))
    assert cargo.exit_edge == "top" and cargo.fate == fate
    assert success(s, 0) == (True, 10)
    cargo.damage = rules.sheet(cargo).yellow  # descending: not in a flying condition
    assert not success(s, 0)[0]


@pytest.mark.clause("dockfighters.mission.recon-escort.1")
def test_recon_escort_wins_when_a_recon_plane_exits_over_its_edge_even_if_missing(plugins) -> None:  # type: ignore[no-untyped-def]
    """ "fly over each objective with one of the possible two recon aircraft and exit the
    scenario over their own board edge before the end of the game"."""
    s = _escort_game(plugins, "recon-escort")
    for o in s.objectives:
        o.done = True
    recon = next(a for a in s.aircraft if a.role == "recon")
    recon.status, recon.exit_edge, recon.fate = (
        "missing",
        "bottom",
        "missing",
    )  # failed its return check
    assert success(s, 0) == (True, 4)
    recon.exit_edge = "left"
    assert not success(s, 0)[0]


@pytest.mark.clause("dockfighters.mission.recon-escort.2")
def test_recon_escorts_set_up_within_6_hexes_at_the_recon_planes_altitude_and_speed(
    plugins,
) -> None:  # type: ignore[no-untyped-def]
    """ "The escorts must be within 6 hexes of the recon planes and at the same altitude and
    speed.\""""
    game = Game(plugins.ruleset("dockfighters"), "recon-escort", 3)
    place_tokens(game, aircraft=False)
    s = game.state
    order = []
    while game.decision() is not None and game.decision().kind in ("token", "place", "deploy"):
        if game.decision().kind == "place":
            order.append(asked_aircraft(game))
        player = game.waiting_for()[0]
        game.apply(player, game.legal_actions(player)[0])
    order = [a for a in order if a.player == 0]
    recon = [a for a in order if a.role == "recon"]
    assert recon and order[: len(recon)] == recon  # the recon planes set up first
    b = board(s.width, s.height)
    for escort in (a for a in s.aircraft if a.player == 0 and a.role != "recon"):
        near = [r for r in recon if b.distance(r.cell, escort.cell) <= 6]
        assert any((r.altitude, r.speed) == (escort.altitude, escort.speed) for r in near)


@pytest.mark.clause("dockfighters.mission.cargo-escort.2", "dockfighters.mission.flying-eye.2")
@pytest.mark.parametrize("name", ["cargo-escort", "flying-eye"])
def test_airship_escorts_set_up_within_6_hexes_of_the_airship(plugins, name: str) -> None:  # type: ignore[no-untyped-def]
    """ "The escorts must be placed within 6 hexes of the airship.\""""
    game = Game(plugins.ruleset("dockfighters"), name, 2)
    place_tokens(game, aircraft=False)
    s = game.state
    b = board(s.width, s.height)
    while game.decision() is not None and game.decision().kind in ("place", "deploy"):
        a = asked_aircraft(game)
        ship = next(
            (
                o
                for o in s.aircraft
                if o.player == 0 and o.role in ("cargo", "recon") and o.deployed
            ),
            None,
        )
        legal = game.legal_actions(game.waiting_for()[0])
        if a.player == 0 and ship is not None and a is not ship:
            assert legal and all(b.distance(x.cell, ship.cell) <= 6 for x in legal)  # type: ignore[attr-defined]
            assert any(b.distance(c, ship.cell) > 6 for c in deployment.zone(s, 0))  # a real limit
        game.apply(game.waiting_for()[0], legal[-1])
    assert all(o.deployed for o in s.aircraft if o.player == 0)


@pytest.mark.clause("dockfighters.mission.agents-insertion.1")
def test_any_aircraft_of_the_squadron_identifies_the_meeting_point_only_the_agent_lands() -> None:
    """ "the choosing squadron must fly within 3 hexes of each objective to identify whether it
    is the meeting point" ... "Only this aircraft [the agent's] can land and deliver the
    agent.\""""
    s = state(
        plane(HAWK, 0, 8, 20, altitude=1, speed=2),
        plane(HAWK, 0, 2, 20),
        plane(ARROW, 1, 8, 2),
        missions=["agents-insertion", "aerial-dominance"],
    )
    escort, agent = s.aircraft[0], s.aircraft[1]
    agent.role = "agent"
    s.objectives = [
        Objective(id=i, cell=s.width * r + 8, owner=0, kind="candidate")
        for i, r in enumerate((17, 10, 5))
    ]
    identify(s, escort, scripted([5]))  # the escort, not the agent, within 3 hexes: 5+ it is
    assert [o.kind for o in s.objectives] == ["meeting", "candidate", "candidate"]
    escort.cell, escort.facing = s.width * 19 + 8, 2
    movement.start(s, escort, Plan(aircraft=0, speed=2, template=movement.LAND), scripted([]))
    assert (
        escort.status == "landed" and not s.objectives[0].done
    )  # the escort's landing delivers nobody
    assert not success(s, 0)[0]


@pytest.mark.clause("dockfighters.immelmann.2")
def test_an_immelmann_goes_up_or_down_never_level() -> None:
    """ "decide whether to perform the maneuver up or down. If you climb up to 2 altitude
    levels, you lose up to 2 speed. If you dive down up to 2 altitude levels, you gain up to
    2 speed.\""""
    s = state(plane(HAWK, 0, 8, 12, speed=4, altitude=3))
    climbs = {
        p.climb for p in movement.plan_options(s, s.aircraft[0]) if p.template == movement.IMMELMANN
    }
    assert climbs == {2, 1, -1, -2}


@pytest.mark.clause("dockfighters.dockfighter.4")
def test_dockfighters_take_no_critical_from_weapons_but_a_damage_point_from_failed_checks() -> None:
    """ "A dockfighter also has no critical damage like other aircraft; each effect of a pilot
    skill check that results in a critical damage is therefore a damage point.\""""
    s = state(plane(ARROW, 1, 8, 14, facing="N"), plane(EEL, 0, 8, 12, facing="N", speed=3))
    arrow, eel = s.aircraft
    assert combat.mount_dice(s, arrow, 0, eel) == 3
    # 3 dice hit 6,6,1; damage 5, 1: 1 point and no critical roll; fire discipline 6
    combat.resolve(
        s, arrow, Attack(aircraft=0, target=1, mounts=(0,)), scripted([6, 6, 1, 5, 1, 6])
    )
    ds = rules.sheet(eel)
    assert eel.damage == ds.yellow and eel.crits == []  # damaged at once, no critical
    before = eel.damage
    s.weather = 3  # a failed thunderstorm check's critical is a damage point
    rules.critical(s, eel, scripted([6]))  # the damage point destroys it: the bail-out, 6
    assert eel.damage == before + 1 and eel.crits == []


@pytest.mark.clause("dockfighters.damage.8", "dockfighters.damage.9")
@pytest.mark.parametrize(("bail", "fate"), [(5, "bailed out"), (4, "killed")])
def test_the_bail_out_counts_the_excess_of_the_whole_attack(bail: int, fate: str) -> None:
    """p37: "If the damage received is greater than the structure points remaining, the pilot
    or crew check is more difficult, by the amount of excess damage taken": here a heavy MG
    and a light cannon together deal 3 points to a veteran with 1 left: 2 excess, 5+."""
    s = state(
        plane(HARRIER, 0, 8, 20, facing="N"),
        plane(ARROW, 1, 8, 18, facing="SE", experience="veteran", damage=2),
    )
    a, t = s.aircraft
    assert [combat.mount_dice(s, a, i, t) for i in (0, 1)] == [3, 1]
    # HMG: 6, 1, 1 -> 1 hit, damage 5 -> 1 point; cannon: 6 -> hit, damage 6 -> 2 points;
    # destroyed by the MG's point with 2 more to come: bail-out at 3 + 2; discipline 6, 6
    combat.resolve(
        s, a, Attack(aircraft=0, target=1, mounts=(0, 1)), scripted([6, 1, 1, 5, 6, 6, bail, 6, 6])
    )
    assert t.status == "destroyed" and t.fate == fate


@pytest.mark.clause("dockfighters.airship.1", "dockfighters.combat.2")
def test_ground_flak_re_rolls_its_misses_at_an_airship() -> None:
    """ "If you shoot at an airship you can always re-roll any failed attack dice" - ground
    FLAK too, which "always hit[s] on 5 and 6"."""
    s = state(plane(ALBATROSS, 0, 8, 20, altitude=2, speed=1))
    place(s, 2, 5, s.width * 17 + 8, hostile_to=0)  # a light FLAK battery (1/1/1, 5+), 3 hexes off
    # 1 die: 2 misses, re-rolled 5 hits; damage 5 succeeds, re-rolled (airship) 6: 1 point; critical 1
    combat.ground_fire(s, scripted([2, 5, 5, 6, 1]))
    assert s.aircraft[0].damage == 1


@pytest.mark.clause(
    "dockfighters.mission.aerial-surveillance.1", "dockfighters.mission.flying-eye.1"
)
def test_a_photograph_is_judged_at_the_altitude_it_passes_over_the_objective() -> None:
    """Aerial Surveillance: "photograph each objective by flying over it at a maximum altitude
    of 3": the plane passes the objective at 3 and climbs to 4 afterwards."""
    s = state(
        plane(HAWK, 0, 8, 20, altitude=3, speed=4, facing="N"),
        missions=["aerial-surveillance", "aerial-dominance"],
    )
    a = s.aircraft[0]
    a.role = "recon"
    s.objectives = [Objective(id=0, cell=s.width * 19 + 8, owner=0)]  # 1 hex ahead
    prog = movement.start(
        s, a, Plan(aircraft=0, speed=4, template=3), scripted([])
    )  # high: at 1, 4
    assert prog is not None
    prog = movement.manoeuvre(
        s, prog, Manoeuvre(aircraft=0, lateral=".", vertical="."), scripted([])
    )
    assert prog is not None
    movement.manoeuvre(s, prog, Manoeuvre(aircraft=0, lateral=".", vertical="+"), scripted([]))
    assert a.altitude == 4 and s.objectives[0].done
    high = state(
        plane(HAWK, 0, 8, 20, altitude=4, speed=4, facing="N"),
        missions=["aerial-surveillance", "aerial-dominance"],
    )
    b = high.aircraft[0]
    b.role = "recon"
    high.objectives = [Objective(id=0, cell=high.width * 19 + 8, owner=0)]
    prog = movement.start(high, b, Plan(aircraft=0, speed=4, template=3), scripted([]))
    assert prog is not None
    prog = movement.manoeuvre(
        high, prog, Manoeuvre(aircraft=0, lateral=".", vertical="."), scripted([])
    )
    assert prog is not None
    movement.manoeuvre(high, prog, Manoeuvre(aircraft=0, lateral=".", vertical="-"), scripted([]))
    assert b.altitude == 3 and not high.objectives[0].done  # it passed over at 4
    # The Flying Eye: "must not drop below altitude 3 when making photos" - no cloud rule
    eye = state(
        plane(ALBATROSS, 0, 8, 20, altitude=3, speed=1),
        missions=["flying-eye", "aerial-dominance"],
        weather="broken",
        clouds=[{"col": 8, "row": 20, "size": 1}],
    )
    ship = eye.aircraft[0]
    ship.role = "recon"
    eye.objectives = [Objective(id=0, cell=ship.cell, owner=0)]
    ship.path, ship.path_alts = [ship.cell], [3]
    photograph(eye, ship, scripted([]))
    assert eye.objectives[0].done
