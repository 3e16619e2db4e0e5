"""The mission rules a referee found deviating from the book (issue 26), each checked against
the book's own words (quoted in the test and in the clause's summary): the weather rolled at
the end of the set-up, kills credited only for shooting down, wounds that do not make checks
harder, and Konrad's one spotting try a turn."""

from __future__ import annotations

import pytest

from aerodrome import Game
from aerodrome.engine.events import Event
from aerodrome.plugins import Plugins
from aerodrome_dockfighters import movement, rules
from aerodrome_dockfighters.airspace import leave_board
from aerodrome_dockfighters.bot import Konrad
from aerodrome_dockfighters.events import Destroyed, WeatherSet
from aerodrome_dockfighters.ruleset import observe
from aerodrome_dockfighters.state import DfState, PlaceToken, Sighting
from tests.plugins.dockfighters.helpers import plane, scripted, state


@pytest.mark.clause("dockfighters.setup.11", "dockfighters.weather.2")
@pytest.mark.parametrize("setup", ["fighter-sweep", "aerial-surveillance", "airstrip-visit"])
def test_the_weather_is_determined_at_the_end_of_the_set_up(plugins: Plugins, setup: str) -> None:
    """Step 9: "At the end of the mission setup, the weather conditions are determined" - after
    the objectives and ground targets (6/7) and the aircraft are set up: nobody places a
    target or chooses an altitude knowing the wind and the clouds. Mutation caught: the roll
    made while the state is built (the old order) puts a WeatherSet before the first answer."""
    game = Game(plugins.ruleset("dockfighters"), setup, 5)
    answered = 0
    while True:
        decision = game.decision()
        assert decision is not None
        player = game.waiting_for()[0]
        legal = game.legal_actions(player)
        cloud = isinstance(legal[0], PlaceToken) and legal[0].kind == "cloud"
        if decision.kind not in ("token", "place", "deploy") or cloud:
            break
        assert not any(isinstance(e, WeatherSet) for e in game.log), (
            f"the weather is known at set-up decision {answered}: {decision.prompt}"
        )
        game.apply(player, legal[0])
        answered += 1
    assert answered > 0
    assert [e for e in game.log if isinstance(e, WeatherSet)], "rolled once the set-up is done"
    assert all(a.deployed or a.status != "flying" for a in game.state.aircraft)


HAWK, ARROW, ALBATROSS, LANCE = "Fw-802 E-1 Hawk", "Do-335 L-3 Arrow", "Albatross", "Lance"


def _hit_earlier(s: DfState, victim: int, by: int) -> None:
    """``victim`` took a point of damage from ``by`` earlier in the game."""
    s.aircraft[victim].damage = 1
    s.aircraft[victim].last_hit_by = by


@pytest.mark.clause("dockfighters.fame.1", "dockfighters.fame.5")
@pytest.mark.parametrize("how", ["hit a ground object", "tailspin", "pushed into the mountains"])
def test_a_crash_is_not_a_kill(how: str) -> None:
    """ "The Squadron gains fame by shooting down enemy aircraft"; "Shooting down enemy
    aircraft brings fame to the victor". An aircraft an enemy hit earlier that then crashes on
    its own - into a ground object flying low, in a tailspin, pushed into the mountains - is
    lost, but nobody shot it down: no kill, no fame, nobody credited. Mutation caught: the
    destroyed aircraft's last attacker taking the kill (the old ``last_hit_by`` fallback)."""
    mission = ["ace-challenge-1", "the-league"] if "mountains" in how else None
    extra = {"missions": mission} if mission else {}
    s = state(plane(HAWK, 0, 8, 12, altitude=1, speed=5), plane(ARROW, 1, 8, 2), **extra)
    a = s.aircraft[0]
    _hit_earlier(s, 0, 1)
    log: list[Event] = []
    if how == "hit a ground object":
        movement._after_move(s, a, 5, 2, True, scripted([1], events=log))
    elif how == "tailspin":
        a.speed = rules.min_speed(a, rules.sheet(a)) - 1
        movement._after_move(s, a, 2, 3, False, scripted([6], events=log))  # bails out
    else:
        a.exit_edge = ""
        leave_board(s, a, scripted([6], events=log), a.cell, 0)  # off the side: the mountains
    assert a.status == "destroyed", how
    destroyed = [e for e in log if isinstance(e, Destroyed)]
    assert [(e.why, e.by) for e in destroyed] == [(how, -1)]
    assert s.aircraft[1].kills == 0 and s.squadrons[1].kills == 0
    assert s.squadrons[1].fame == 0


@pytest.mark.clause("dockfighters.fame.3", "dockfighters.fame.5", "dockfighters.airship.21")
def test_shot_down_airships_and_pushed_planes_still_count() -> None:
    """What stays a kill: an airship shot to pieces that falls to the ground ("When an airship
    is shot down ... the fame reward for a burning airship is enhanced by +2": the last damage
    point takes it), and a plane an airship punches into the ground ("An airplane crashing in
    this way counts as a kill for the airship")."""
    s = state(plane(ALBATROSS, 0, 8, 12, altitude=1, speed=1), plane(ARROW, 1, 8, 2))
    ship = s.aircraft[0]
    ship.damage = rules.sheet(ship).structure  # shot to pieces: it falls
    ship.last_hit_by = 1
    movement._airship_descent(s, ship, scripted([]))
    assert ship.status == "destroyed" and s.squadrons[1].kills == 1
    assert s.squadrons[1].fame == rules.fame_for(ship)
    s = state(
        plane(LANCE, 1, 8, 10, altitude=1, speed=2, facing="N"),
        plane(HAWK, 0, 8, 9, altitude=1, speed=3),
    )
    movement.punch(s, s.aircraft[0], scripted([1]))  # the punched pilot's check fails
    assert s.aircraft[1].status == "destroyed" and s.squadrons[1].kills == 1


@pytest.mark.clause("dockfighters.check.1", "dockfighters.crit.1")
@pytest.mark.parametrize(
    ("experience", "need"), [("green", 5), ("experienced", 4), ("veteran", 3), ("ace", 2)]
)
def test_a_wound_does_not_make_pilot_checks_harder(experience: str, need: int) -> None:
    """ "The required roll depends on experience: Green 5+, Experienced 4+, Veteran 3+, Ace
    2+" - the book gives a wound no effect in the air (the wounded go to hospital after the
    mission, and a second wound kills on a crash landing). The Ruthless leader's "Pilot or
    crew flies wounded, -1 experience level for the mission" is the penalty, applied once by
    the level the campaign sends him at. A cockpit critical wounds and changes no check.
    Mutation caught: the old +1 on every check of a wounded pilot."""
    s = state(plane(HAWK, 0, 8, 12, experience=experience, wounded=True))
    a = s.aircraft[0]
    assert rules.check_target(a) == need
    fit = state(plane(HAWK, 0, 8, 12, experience=experience))
    rules.wound(fit, fit.aircraft[0], scripted([]))
    assert fit.aircraft[0].wounded and rules.check_target(fit.aircraft[0]) == need


class _KonradDice:
    """Konrad's own d6, loaded; counts the rolls."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)
        self.rolled = 0

    def randint(self, a: int, b: int) -> int:
        self.rolled += 1
        return self.faces.pop(0)


def _seen(s: DfState) -> list[Sighting]:
    return [
        Sighting(aircraft=a.id, cell=a.cell, facing=a.facing, altitude=a.altitude)
        for a in s.aircraft
    ]


@pytest.mark.clause("dockfighters.konrad.3")
def test_konrad_tries_to_spot_once_a_turn() -> None:
    """ "The bot only tries to spot a single aircraft per turn, the one which can be spotted
    with the best chance": a bot whose roll failed as the movement phase started does not
    roll again after it ends, though the enemy is still close; the next turn it tries again.
    Mutation caught: one try at each of the two moments (the old reading, two rolls a turn)."""
    s = state(
        plane(HAWK, 0, 8, 12, facing="N", experience="green"),
        plane(ARROW, 1, 8, 14, experience="green"),  # 2 hexes behind: 5+ to spot
    )
    k = Konrad(0, 1)
    dice = _KonradDice(4, 5)
    k.rng = dice  # type: ignore[assignment]
    s.move_start, s.move_start_turn = _seen(s), 1
    s.move_end, s.move_end_turn = _seen(s), 1
    k.spot(observe(s, 0))
    assert dice.rolled == 1 and k.status.get(0, "patrol") == "patrol"
    s.move_start, s.move_start_turn = _seen(s), 2  # the next turn: one more try
    k.spot(observe(s, 0))
    assert dice.rolled == 2 and k.status[0] == "attack"


@pytest.mark.clause("dockfighters.konrad.3")
def test_konrad_tries_after_the_movement_when_nothing_was_there_before() -> None:
    """The one try of a turn may come after the movement phase ends, when no enemy could be
    spotted as it started."""
    s = state(
        plane(HAWK, 0, 8, 12, facing="N", experience="green"),
        plane(ARROW, 1, 8, 22, experience="green"),  # 10 hexes behind: nothing to spot
    )
    k = Konrad(0, 1)
    dice = _KonradDice(5)
    k.rng = dice  # type: ignore[assignment]
    s.move_start, s.move_start_turn = _seen(s), 1
    s.aircraft[1].cell = s.width * 14 + 8
    s.move_end, s.move_end_turn = _seen(s), 1
    k.spot(observe(s, 0))
    assert dice.rolled == 1 and k.status[0] == "attack"
