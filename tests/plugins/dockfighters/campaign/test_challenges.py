"""The three ace challenges as playable missions (aerodrome_dockfighters.challenges): the
League's planes by the printed dice, reinforcements, Attack mode, the mountains, the storm,
the mug, the balloons, the landing strip and the winning conditions.

Mutations tried, each turning a test red: the ceiling ignored in ``_reinforce``, the
mountains check removed from ``leave_board``, ``fixed_storm`` returning False, the mug taken
at the first end of turn, a balloon fired at from any altitude, a third strip service.
"""

from __future__ import annotations

import pytest

from aerodrome import Game
from aerodrome.engine.agents import PlayerView
from aerodrome.engine.driver import drive
from aerodrome.engine.errors import SpecError
from aerodrome_dockfighters import challenges, combat, rules
from aerodrome_dockfighters.airspace import STORM, leave_board
from aerodrome_dockfighters.board import board
from aerodrome_dockfighters.bot import Konrad
from aerodrome_dockfighters.bot_moves import ATTACK
from aerodrome_dockfighters.state import GROUND, GroundUnit, Objective
from aerodrome_dockfighters.weather import weather_change
from tests.plugins.dockfighters.helpers import place_tokens, plane, scripted, state

HAWK, HARRIER = "Fw-802 E-1 Hawk", "Fw-127 B-2 Royal Harrier"


def challenge_state(n: int, *aircraft: dict[str, object], **kw: object):  # type: ignore[no-untyped-def]
    return state(*aircraft, missions=[f"ace-challenge-{n}", "the-league"], **kw)


@pytest.mark.clause("dockfighters.challenge.1")
def test_a_challenge_is_flown_against_the_league_only(plugins) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SpecError, match="against 'the-league'"):
        challenges.check_pairing(["ace-challenge-1", "aerial-dominance"], "setup x")
    with pytest.raises(SpecError, match="challenge"):
        challenges.check_pairing(["the-league", "ace-challenge-2"], "setup x")
    challenges.check_pairing(["duel", "duel"], "setup x")
    for n in (1, 2, 3):
        setup = plugins.ruleset("dockfighters").setup(f"ace-challenge-{n}")
        assert setup.options.missions[1] == "the-league" and setup.bots == (1,)


@pytest.mark.clause("dockfighters.challenge.one.2")
def test_challenge_one_league_by_the_dice() -> None:
    s = challenge_state(1, plane(HAWK, 0, 8, 22, experience="ace"))
    # nation 4 (Saxony); start 5 -> 5 planes; then type/experience: 1/1, 3/3, 5/5, 6/6, 2/4
    challenges.setup(s, scripted([4, 5, 1, 1, 3, 3, 5, 5, 6, 6, 2, 4]))
    league = [a for a in s.aircraft if a.player == 1]
    assert s.squadrons[1].nation == "Saxony"
    assert [rules.sheet(a).klass for a in league] == [
        "standard fighter",
        "advanced fighter",
        "advanced fighter",
        "fighterbomber",
        "standard fighter",
    ]
    assert [a.experience for a in league] == [1, 2, 3, 3, 2]
    assert all(rules.sheet(a).faction == "Saxony" for a in league)
    assert s.aircraft[0].role == "ace"
    assert [o.kind for o in s.objectives] == ["cross"]


@pytest.mark.clause("dockfighters.challenge.two.2", "dockfighters.challenge.two.1")
def test_challenge_two_league_and_targets() -> None:
    s = challenge_state(2, plane(HAWK, 0, 8, 22, experience="ace"))
    # nation 1 (Bavaria); 4 targets: a cell and (balloons) an altitude each; start 4 -> 4 planes
    faces = [1, 1, 3, 1, 4, 1, 5, 1, 4, 1, 1, 3, 3, 5, 4, 6, 6]
    challenges.setup(s, scripted(faces))
    league = [a for a in s.aircraft if a.player == 1]
    assert [rules.sheet(a).klass for a in league] == [
        "dockfighter",
        "standard fighter",
        "advanced fighter",
        "advanced fighter",
    ]
    assert [a.experience for a in league] == [1, 1, 2, 3]
    balloons = [g for g in s.ground if g.name == "Target balloon"]
    assert [g.altitude for g in balloons] == [3, 4, 5] and all(g.structure == 1 for g in balloons)
    assert [g.name for g in s.ground if not g.altitude] == ["Large building"]
    assert all(g.hostile_to == 0 for g in s.ground)


@pytest.mark.clause("dockfighters.challenge.three.1")
def test_challenge_three_places_five_league_planes_apart(plugins) -> None:  # type: ignore[no-untyped-def]
    game = Game(plugins.ruleset("dockfighters"), "ace-challenge-3", 5)
    s = game.state
    league = [a for a in s.aircraft if a.player == 1]
    b = board(s.width, s.height)
    assert sorted(rules.sheet(a).klass for a in league) == [
        "advanced fighter",
        "dockfighter",
        "dockfighter",
        "standard fighter",
        "standard fighter",
    ]
    assert sorted(a.experience for a in league) == [1, 1, 2, 2, 2]
    assert all(a.deployed and 2 <= a.altitude <= 4 for a in league)
    assert all(b.distance(x.cell, y.cell) >= 5 for x in league for y in league if x is not y)
    place_tokens(game)  # the weather is determined at the end of the set-up (setup.11)
    assert game.state.weather == STORM


@pytest.mark.clause("dockfighters.challenge.one.2", "dockfighters.challenge.two.2")
@pytest.mark.parametrize(
    ("n", "flying", "arrive"), [(1, 1, 2), (1, 4, 1), (1, 5, 0), (2, 3, 1), (2, 4, 0)]
)
def test_reinforcements_until_the_ceiling(n: int, flying: int, arrive: int) -> None:
    s = challenge_state(
        n,
        plane(HAWK, 0, 8, 22, experience="ace"),
        *[plane(HAWK, 1, 2 * k + 1, 6, facing="S") for k in range(flying)],
    )
    s.aircraft[0].role = "ace"
    s.squadrons[1].nation = "Bavaria"
    before = len(s.aircraft)
    challenges.end_of_turn(s, scripted([3, 3, 1] * 2))
    new = s.aircraft[before:]
    assert len(new) == arrive
    assert all(
        a.player == 1 and a.deployed and a.cell // s.width < 2 and a.altitude == 3 for a in new
    )
    s.turn = 12  # no reinforcements after the last turn
    challenges.end_of_turn(s, scripted([]))


@pytest.mark.clause("dockfighters.challenge.one.2", "dockfighters.challenge.three.1")
def test_konrad_flies_the_league_in_attack_mode(plugins) -> None:  # type: ignore[no-untyped-def]
    game = Game(plugins.ruleset("dockfighters"), "ace-challenge-3", 2)
    bot = Konrad(1, 7)
    while 1 not in game.waiting_for():
        game.apply(0, game.legal_actions(0)[0])
    bot.choose(PlayerView(game, 1), game.legal_actions(1))
    league = [a.id for a in game.state.aircraft if a.player == 1]
    assert all(bot.status[i] == ATTACK for i in league)


@pytest.mark.clause("dockfighters.challenge.edges")
@pytest.mark.parametrize(
    ("col", "row", "facing", "edge", "status"),
    [
        (17, 12, 0, "right", "destroyed"),
        (8, 23, 5, "bottom", "left"),
    ],
)
def test_other_edges_are_mountains(col: int, row: int, facing: int, edge: str, status: str) -> None:
    s = challenge_state(1, plane(HAWK, 0, col, row))
    a = s.aircraft[0]
    leave_board(s, a, scripted([6, 6]), a.cell, facing)
    assert a.exit_edge == edge and a.status == status
    if status == "destroyed":
        assert a.fate == "bailed out"  # the pilot bails out (6)


@pytest.mark.clause("dockfighters.challenge.storm")
def test_the_storm_does_not_get_better(plugins) -> None:  # type: ignore[no-untyped-def]
    for n, storm in ((1, False), (2, True), (3, True)):
        s = challenge_state(n, plane(HAWK, 0, 8, 20))
        s.weather = STORM
        if storm:
            assert weather_change(s, scripted([])) is False  # no weather roll at all
            assert s.weather == STORM
        else:
            weather_change(s, scripted([1]))
            assert s.weather == STORM - 1
    game = Game(plugins.ruleset("dockfighters"), "ace-challenge-2", 9)
    place_tokens(game)  # the weather is determined at the end of the set-up (setup.11)
    assert game.state.weather == STORM


@pytest.mark.clause("dockfighters.challenge.one.1")
def test_the_mug_needs_a_round_on_the_ground_by_the_cross() -> None:
    s = challenge_state(1, plane(HAWK, 0, 9, 12, status="landed", experience="ace"))
    ace = s.aircraft[0]
    ace.role = "ace"
    b = board(s.width, s.height)
    s.objectives.append(Objective(id=0, cell=b.cell(9, 11), owner=0, kind="cross"))
    s.turn = s.last_turn  # the League sends nobody after the last turn
    ctx = scripted([])
    challenges.end_of_turn(s, ctx)
    assert s.objectives[0].kind == "landed" and challenges.waits_for_mug(s, ace)
    ace.status = "flying"  # took off too soon: start over
    challenges.end_of_turn(s, ctx)
    assert s.objectives[0].kind == "cross"
    ace.status = "landed"
    challenges.end_of_turn(s, ctx)
    challenges.end_of_turn(s, ctx)
    assert s.objectives[0].kind == "mug" and s.objectives[0].done
    assert not challenges.waits_for_mug(s, ace)
    assert challenges.success(s, 0) == (False, 0)  # not escaped yet
    ace.status, ace.exit_edge = "left", "bottom"
    assert challenges.success(s, 0) == (True, 4)


@pytest.mark.clause("dockfighters.challenge.two.1")
def test_balloons_are_fired_at_like_air_targets() -> None:
    s = challenge_state(2, plane(HAWK, 0, 8, 20, facing="N", altitude=3))
    s.ground.append(
        GroundUnit(
            id=0,
            name="Target balloon",
            value=0,
            cell=8 + 18 * s.width,
            structure=1,
            hostile_to=0,
            altitude=4,
        )
    )
    a = s.aircraft[0]
    assert any(x.target == GROUND for x in combat.attack_options(s, a))
    s.ground[0].altitude = 5  # two levels above: out of reach
    assert not any(x.target == GROUND for x in combat.attack_options(s, a))
    s.ground[0].altitude = 3
    combat.resolve(
        s, a, combat.attack_options(s, a)[0], scripted([6] * 30)
    )  # every die a hit, every damage roll a 6, discipline passed
    assert s.ground[0].damage == 1 and a.ground_kills == 1
    s.ground.append(
        GroundUnit(
            id=1, name="Large building", value=3, cell=0, structure=6, armoured=True, hostile_to=0
        )
    )
    a.status, a.exit_edge = "left", "bottom"
    a.role = "ace"
    assert challenges.success(s, 0) == (False, 0)
    s.ground[1].damage = 6
    assert challenges.success(s, 0) == (True, 8)


@pytest.mark.clause("dockfighters.challenge.three.2")
def test_the_landing_strip_repairs_twice() -> None:
    s = challenge_state(
        3,
        plane(HAWK, 0, 9, 17, status="landed", damage=3),
        plane(HARRIER, 0, 9, 16, status="landed"),
    )
    a, b = s.aircraft
    a.crits, a.ammo = ["controls"], [2]
    a.agility_loss = 1
    b.damage = 2
    s.objectives += [
        Objective(id=i, cell=a.cell - i * s.width, owner=0, kind="strip") for i in range(3)
    ]
    s.objectives += [Objective(id=3 + i, cell=a.cell, owner=0, kind="service") for i in range(2)]
    challenges.end_of_turn(s, scripted([]))
    assert (a.damage, a.crits, a.ammo, a.agility_loss) == (0, [], [0], 0) and b.damage == 0
    a.damage = 1
    challenges.end_of_turn(s, scripted([]))
    assert a.damage == 1  # both services used


@pytest.mark.clause("dockfighters.challenge.three.1")
def test_challenge_three_is_won_by_eliminating_every_league_plane() -> None:
    s = challenge_state(3, plane(HAWK, 0, 8, 20), plane(HAWK, 1, 8, 4))
    s.aircraft[0].role = "ace"
    assert challenges.success(s, 0) == (False, 0)
    s.aircraft[1].status = "destroyed"
    assert challenges.success(s, 0) == (True, 10)
    s.over = True
    assert challenges.success(s, 1) == (False, 0)


@pytest.mark.clause("dockfighters.challenge.one.1")
def test_konrad_flies_an_ace_to_the_mug_and_home(plugins) -> None:  # type: ignore[no-untyped-def]
    ruleset = plugins.ruleset("dockfighters")
    setup = ruleset.setup("ace-challenge-1").with_bots([0, 1])
    mastered = 0
    for seed in range(8):
        game = Game(ruleset, setup, seed, record=False)
        drive(game, [Konrad(0, seed), Konrad(1, seed + 1)])
        mastered += game.result().stats["objective_Bavaria"] == 1.0
    assert mastered >= 1
