"""Konrad's whole procedure as printed (the solo bot section), each step against the book's
words (issue 9)."""

from __future__ import annotations

from typing import Any

import pytest

from aerodrome import Game
from aerodrome.engine.agents import PlayerView, agent_seed
from aerodrome.engine.driver import Observer, drive
from aerodrome_dockfighters import combat, movement
from aerodrome_dockfighters.board import board
from aerodrome_dockfighters.bot import Konrad
from aerodrome_dockfighters.events import LeftBoard, PilotChecked
from aerodrome_dockfighters.flight import at_border, bombs_over, flights
from aerodrome_dockfighters.ground import place
from aerodrome_dockfighters.objectives import after_move
from aerodrome_dockfighters.ruleset import observe
from aerodrome_dockfighters.state import GROUND, Attack, Manoeuvre, Objective, Sighting
from tests.plugins.dockfighters.helpers import plane, scripted, state

HAWK, ARROW, SPRITE, ALBATROSS = (
    "Fw-802 E-1 Hawk",
    "Do-335 L-3 Arrow",
    "Bf-229 R-6 Sprite",
    "Albatross",
)


class Dice:
    """Konrad's own d6, loaded."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)
        self.rolled = 0

    def randint(self, a: int, b: int) -> int:
        self.rolled += 1
        return self.faces.pop(0)


def _seen(s: Any) -> list[Sighting]:
    return [
        Sighting(aircraft=a.id, cell=a.cell, facing=a.facing, altitude=a.altitude)
        for a in s.aircraft
    ]


@pytest.mark.clause("dockfighters.konrad.3", "dockfighters.konrad.4")
def test_konrad_spots_as_the_movement_phase_starts_and_after_it_ends() -> None:
    """ "As soon as the movement phase starts and after it ends, check for a status change for
    all bots who are currently in 'Patrol' status": each moment once, in order, from where
    the aircraft were then; "Enemy not in weapon arc, but in range of 3 hexes: roll a d6
    against 5+" made "+1 harder" for a green bot against an experienced pilot."""
    s = state(
        plane(HAWK, 0, 8, 12, facing="N", experience="green"),
        plane(ARROW, 1, 8, 20, experience="experienced"),
    )
    k = Konrad(0, 1)
    k.rng = Dice(6)  # type: ignore[assignment]
    far = _seen(s)  # the Arrow 8 hexes behind: nothing to spot at the start
    s.aircraft[1].cell = s.width * 14 + 8  # after the movement phase: 2 hexes behind, 6 needed
    s.move_start, s.move_start_turn, s.move_end, s.move_end_turn = far, 1, _seen(s), 1
    k.spot(observe(s, 0))
    assert k.status[0] == "attack" and k.rng.rolled == 1  # type: ignore[attr-defined]
    k.spot(observe(s, 0))  # each moment is checked once
    assert k.rng.rolled == 1  # type: ignore[attr-defined]
    miss = Konrad(0, 1)
    miss.rng = Dice(5)  # type: ignore[assignment]
    miss.spot(observe(s, 0))
    assert (
        miss.status.get(0, "patrol") == "patrol"
    )  # a 5 is not enough against the experienced pilot
    ahead = state(plane(HAWK, 0, 8, 20, facing="N"), plane(ARROW, 1, 8, 12))
    ahead.move_start, ahead.move_start_turn = _seen(ahead), 1
    sure = Konrad(0, 1)
    sure.rng = Dice()  # type: ignore[assignment]
    sure.spot(observe(ahead, 0))  # in the arc within 9 hexes: "without a dice check"
    assert sure.status[0] == "attack"


def test_the_game_keeps_where_the_aircraft_were_at_both_moments(plugins) -> None:  # type: ignore[no-untyped-def]
    game = Game(plugins.ruleset("dockfighters"), "duel", 3)
    agents = [Konrad(p, agent_seed(3, p)) for p in (0, 1)]
    views = [PlayerView(game, p) for p in (0, 1)]
    while game.state.turn < 3:
        p = game.waiting_for()[0]
        game.apply(p, agents[p].choose(views[p], game.legal_actions(p)))
    s = game.state
    assert s.move_start_turn == 3 and s.move_end_turn == 2
    assert {x.aircraft for x in s.move_start} == {a.id for a in s.aircraft if a.status == "flying"}


@pytest.mark.clause("dockfighters.konrad.7")
def test_a_patrol_at_the_border_turns_180_degrees_and_stays_on_the_board() -> None:
    """ "In case you reach the border of the game map, turn 180 degrees": at full speed
    northwards 3 hexes from the top edge the patrol would fly off; Konrad flies the
    Immelmann, the manoeuvre that "can turn 180 degrees", and an airship turns about."""
    s = state(plane(HAWK, 0, 8, 3, facing="N", speed=5, altitude=3), plane(ARROW, 1, 8, 23))
    k = Konrad(0, 1)
    k.rng = Dice(3)  # type: ignore[assignment]
    legal = movement.plan_options(s, s.aircraft[0])
    plan, moves = k._patrol(s, s.aircraft[0], 3, legal)
    assert plan.template == movement.IMMELMANN and plan.climb > 0 and moves == []
    ship = state(plane(ALBATROSS, 0, 8, 2, facing="N", speed=2, altitude=3), plane(ARROW, 1, 8, 23))
    k.rng = Dice(3)  # type: ignore[assignment]
    plan, moves = k._patrol(
        ship, ship.aircraft[0], 1, movement.plan_options(ship, ship.aircraft[0])
    )
    assert plan.template >= 0 and [lat for lat, _ in moves if lat != "."]  # it turns away
    prog = movement.start(ship, ship.aircraft[0], plan, scripted([]))
    for lat, ver in moves:
        assert prog is not None
        prog = movement.manoeuvre(
            ship, prog, Manoeuvre(aircraft=0, lateral=lat, vertical=ver), scripted([])
        )
    assert ship.aircraft[0].status == "flying" and ship.aircraft[0].facing in (1, 3)  # NE or NW now


class AboveAltitude1(Observer):
    """Once the movement phase is over, every aircraft flying is at altitude 2 or more."""

    def action(self, game: Any, player: int, action: Any) -> None:
        state = game.state
        if state.move_end_turn == state.turn:  # the movement phase is over
            assert all(a.altitude >= 2 for a in state.aircraft if a.status == "flying")


@pytest.mark.clause("dockfighters.konrad.7", "dockfighters.konrad.18")
def test_konrad_duels_stay_on_the_board_and_above_altitude_1(plugins) -> None:  # type: ignore[no-untyped-def]
    """Bots never leave the board in a duel by their own move, and "never drop below altitude
    2". The weather may force one off: "an aircraft is forced to leave the board, for example
    due to cloud movement" - a squall that pushes it onto an edge hex facing off the board
    leaves it no move that stays on (its first turn point is beyond the edge, the Immelmann
    needs the hex ahead)."""
    ruleset = plugins.ruleset("dockfighters")
    for seed in range(6):
        game = Game(ruleset, "duel", seed)
        agents = [Konrad(p, agent_seed(seed, p)) for p in (0, 1)]
        drive(game, agents, AboveAltitude1())
        for a in game.state.aircraft:
            if a.status not in ("left", "missing"):
                continue
            left = next(
                n for n, e in enumerate(game.log) if isinstance(e, LeftBoard) and e.aircraft == a.id
            )
            squalls = [
                e
                for e in game.log[:left]
                if isinstance(e, PilotChecked)
                and e.aircraft == a.id
                and e.why == "caught by a squall"
            ]
            assert squalls, f"seed {seed}: #{a.id} flew off the board on its own"


@pytest.mark.clause("dockfighters.konrad.10", "dockfighters.konrad.8")
def test_lock_on_continues_with_the_last_target_when_none_gives_a_firing_position() -> None:
    """ "If the bot cannot reach a valid attack position, skip this 'lock on' and try the next
    valid target as described before, except if it is the last possible target. In that case
    continue and try to position the bot as advantageously as possible.\""""
    s = state(
        plane(HAWK, 0, 8, 20, facing="N", speed=4), plane(ARROW, 1, 2, 20), plane(ARROW, 1, 15, 21)
    )
    k = Konrad(0, 1)
    legal = movement.plan_options(s, s.aircraft[0])
    plan, moves = k._attack(s, s.aircraft[0], 3, legal)
    # the nearest Arrow (6 hexes west) first, then the one 7 hexes east: neither can be
    # reached this move, so Konrad flies the lock-on of the last one - turning right (east)
    assert (
        plan.template == 3
        and moves
        and {lat for lat, _ in moves} <= {".", "R"}
        and "R" in {lat for lat, _ in moves}
    )


@pytest.mark.clause("dockfighters.konrad.15", "dockfighters.load.4")
def test_konrad_fires_all_weapons_and_loads_at_once() -> None:
    """ "If Konrad has external loaded weapons, it will use them now, along with its machine
    guns and cannons. Konrad uses all weapons at once"; a squadron leader may fire several
    loads in one attack too."""
    s = state(
        plane(HAWK, 0, 8, 20, facing="N", loads=["Swarm missiles", "Swarm missiles"]),
        plane(ARROW, 1, 8, 18),
    )
    options = combat.attack_options(s, s.aircraft[0])
    assert Attack(aircraft=0, target=1, mounts=(0, 1), loads=(0, 1)) in options
    game_view = observe(s, 0)
    k = Konrad(0, 1)
    assert k._fire(game_view, [*options]) == Attack(
        aircraft=0, target=1, mounts=(0, 1), loads=(0, 1)
    )


@pytest.mark.clause("dockfighters.konrad.19")
def test_the_game_knows_the_bot_seats_and_a_bot_lands_the_simplified_way(plugins) -> None:  # type: ignore[no-untyped-def]
    """ "If a bot tries to land, it does not have to land like a player-controlled aircraft
    ... Its direction and speed are ignored; the bot must simply fly over the runway, but the
    altitude must be 1": a bot's agent plane at speed 3 over the meeting point lands."""
    base = plugins.ruleset("dockfighters").setup("agents-insertion")
    seats = base.with_bots([0])  # the core marks a seat flown by an agent playing by the bot rules
    game = Game(plugins.ruleset("dockfighters"), seats, 1)
    assert [sq.bot for sq in game.state.squadrons] == [True, False]
    for bot in (True, False):
        s = state(
            plane(HAWK, 0, 8, 16, facing="N", altitude=1, speed=3),
            plane(ARROW, 1, 2, 2),
            missions=["agents-insertion", "aerial-dominance"],
            bot_seats=[0] if bot else [],
        )
        a = s.aircraft[0]
        a.role = "agent"
        s.objectives = [Objective(id=0, cell=s.width * 14 + 8, owner=0, kind="meeting")]
        a.path, a.path_alts = [s.width * r + 8 for r in (16, 15, 14, 13)], [1, 1, 1, 1]
        a.cell = s.width * 13 + 8
        after_move(s, a, scripted([]))
        assert (a.status == "landed" and s.objectives[0].done) == bot


@pytest.mark.clause("dockfighters.konrad.13", "dockfighters.konrad.18", "dockfighters.ground.hit.2")
def test_konrad_flies_a_bomb_run_over_its_missions_ground_target() -> None:
    """Fly to "the target is predefined": the mission's ground target; "Bots never drop below
    altitude 2, except when they ... attack ground targets. In that case: fighterbombers will
    fly faster than 3"; the bomb run goes over the target without turning at it or the hex
    before, and Konrad drops every bomb at once."""
    s = state(
        plane(
            SPRITE,
            0,
            8,
            20,
            facing="N",
            altitude=2,
            speed=4,
            loads=["AB 250 bomb", "SD 250 cluster bomb"],
        ),
        plane(ARROW, 1, 2, 2),
        missions=["big-hunt", "aerial-dominance"],
    )
    house = place(s, 2, 1, s.width * 16 + 8, hostile_to=0)  # a small building 4 hexes ahead
    k = Konrad(0, 1)
    view = observe(s, 0)
    assert [g.id for g in k.ground_targets(view, view.aircraft[0])] == [house.id]
    plan, moves = k._ground(view, view.aircraft[0], 2, movement.plan_options(s, s.aircraft[0]))
    a = s.aircraft[0]
    prog = movement.start(s, a, plan, scripted([]))
    for lat, ver in moves:
        assert prog is not None
        prog = movement.manoeuvre(
            s, prog, Manoeuvre(aircraft=0, lateral=lat, vertical=ver), scripted([6] * 4)
        )
    assert a.altitude == 1 and house.cell in a.path and combat.bomb_run(a, house)
    fire = k._fire(observe(s, 0), combat.attack_options(s, a))
    assert fire == Attack(aircraft=0, target=GROUND + house.id, mounts=(0, 1), loads=(0, 1))


def test_bomb_runs_are_searched_exactly() -> None:
    """The planner's bomb run agrees with the rule (ground.hit.2) on every move it finds."""
    s = state(
        plane(SPRITE, 0, 8, 20, facing="N", altitude=2, speed=4, loads=["AB 250 bomb"]),
        missions=["big-hunt", "aerial-dominance"],
    )
    b = board(s.width, s.height)
    target = s.aircraft[0].cell
    for facing in (2, 2, 2, 1, 1):  # 3 hexes north, then 2 north-east: a turn 2 hexes before it
        target = b.step[target * 6 + facing]
    runs = [
        f
        for f in flights(s, s.aircraft[0], 2, 1)
        if bombs_over(target, 1)(f) and not at_border(s, f.end)
    ]
    assert runs
    for f in runs:
        k = f.path.index(target)
        assert b.distance(f.path[k - 1], target) == 1 and not {k, k - 1} & set(f.turned_at)


def test_konrad_never_jettisons_its_loads(plugins) -> None:  # type: ignore[no-untyped-def]
    """A bomber with nothing in reach holds fire: before, the first legal answer - jettison
    all external load - was taken whenever no attack was possible."""
    game = Game(
        plugins.ruleset("dockfighters"),
        "aerial-dominance",
        1,
        position={
            "aircraft": [
                plane(SPRITE, 0, 8, 20, facing="N", loads=["AB 250 bomb"]),
                plane(ARROW, 1, 2, 2),
            ],
        },
    )
    agents = [Konrad(p, p) for p in (0, 1)]
    views = [PlayerView(game, p) for p in (0, 1)]
    while game.state.turn == 1:
        p = game.waiting_for()[0]
        choice = agents[p].choose(views[p], game.legal_actions(p))
        assert type(choice).__name__ != "Jettison"
        game.apply(p, choice)
    assert game.state.aircraft[0].loads == ["AB 250 bomb"]
