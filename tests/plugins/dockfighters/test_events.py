"""The typed events of a Dockfighters game: attacks, shoot-downs, weather, ground targets,
and a whole game's JSON Lines log."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from aerodrome import Game
from aerodrome.agents import play_out
from aerodrome.events import Event
from aerodrome.testing import scripted_context
from aerodrome_dockfighters import combat, events, rules
from aerodrome_dockfighters.bot import Konrad
from aerodrome_dockfighters.ground import place
from aerodrome_dockfighters.specs import builtin
from aerodrome_dockfighters.state import GROUND, Attack
from aerodrome_dockfighters.weather import BROKEN, RAIN, setup_weather, weather_phase
from tests.plugins.dockfighters.helpers import plane, state

HAWK, ARROW, SPRITE = "Fw-802 E-1 Hawk", "Do-335 L-3 Arrow", "Bf-229 R-6 Sprite"

#: Every event type the plugin defines.
EVENT_TYPES = tuple(
    v for v in vars(events).values() if isinstance(v, type) and issubclass(v, Event) and v.__module__ == events.__name__
)


def ours(log: list[Event]) -> list[Event]:
    """The dockfighters events of ``log`` (without the dice rolls)."""
    return [e for e in log if isinstance(e, EVENT_TYPES)]


@pytest.mark.clause("dockfighters.damage.2", "dockfighters.crit.1", "dockfighters.fire.1")
def test_p27_attack_emits_fired_hit_damaged_and_critical() -> None:
    s = state(plane(ARROW, 0, 8, 20, facing="N"), plane(HAWK, 1, 9, 18, facing="SE"))
    a, t = s.aircraft
    log: list[Event] = []
    # hits 6, 6, 3; damage 5 and 1; critical 4 (gear); fire discipline 6
    combat.resolve(s, a, Attack(aircraft=0, target=1, mounts=(0,)), scripted_context([6, 6, 3, 5, 1, 4, 6], events=log))
    gun = rules.mounts(a)[0].weapon
    assert ours(log) == [
        events.Fired(aircraft=0, target=1, need=6, modified=6),
        events.Hit(aircraft=0, target=1, weapon=gun, dice=3, hits=2, damage=1),
        events.Damaged(aircraft=1, points=1, damage=1, structure=rules.sheet(t).structure, by=0),
        events.CriticalDamage(aircraft=1, roll=4, effect="gear", text=builtin().tables.critical[3].text),
    ]
    assert t.damage == 1 and t.crits == ["gear"]


@pytest.mark.clause("dockfighters.fire.1")
def test_failed_fire_discipline_emits_ammunition_spent() -> None:
    s = state(plane(ARROW, 0, 8, 20, facing="N"), plane(HAWK, 1, 9, 18, facing="SE"))
    a = s.aircraft[0]
    log: list[Event] = []
    # all three dice miss; fire discipline 1 fails
    combat.resolve(s, a, Attack(aircraft=0, target=1, mounts=(0,)), scripted_context([1, 2, 3, 1], events=log))
    gun = rules.mounts(a)[0].weapon
    assert ours(log) == [
        events.Fired(aircraft=0, target=1, need=6, modified=6),
        events.AmmunitionSpent(aircraft=0, weapon=builtin().weapons[gun].name, ammo="half"),
    ]
    assert a.ammo[0] == 1


@pytest.mark.clause("dockfighters.damage.7", "dockfighters.damage.8", "dockfighters.fame.5")
@pytest.mark.parametrize(("bail", "fate"), [(5, "bailed out"), (4, "killed")])
def test_p37_shot_down_emits_destroyed_the_bail_out_check_and_the_fate(bail: int, fate: str) -> None:
    s = state(
        plane(HAWK, 0, 8, 20, facing="N", loads=["Swarm missiles"], experience="veteran"),
        plane(ARROW, 1, 8, 18, facing="SE", experience="veteran", damage=6),
    )
    a, t = s.aircraft
    structure = rules.sheet(t).structure
    assert combat.to_hit_air(s, a, t) == 7  # a natural 6 still hits
    log: list[Event] = []
    # swarm 5 dice at short: 2 hits; damage 4 and 5 = 3 points (2 over the last box); bail-out
    combat.resolve(s, a, Attack(aircraft=0, target=1, loads=(0,)), scripted_context([6, 6, 1, 2, 3, 4, 5, bail], events=log))
    assert ours(log) == [
        events.Fired(aircraft=0, target=1, need=6, modified=7),
        events.Hit(aircraft=0, target=1, weapon="Swarm missiles", dice=5, hits=2, damage=3),
        events.Damaged(aircraft=1, points=3, damage=structure, structure=structure, by=0),
        events.Destroyed(aircraft=1, why="shot down", by=0),
        events.PilotChecked(aircraft=1, why="bail out", need=5, roll=bail, passed=bail >= 5),
        events.PilotFate(aircraft=1, fate=fate),
    ]
    assert t.fate == fate


@pytest.mark.clause("dockfighters.weather.1", "dockfighters.weather.3", "dockfighters.weather.4")
def test_weather_set_up_and_changes_are_events() -> None:
    levels = builtin().weather.levels
    s = state(plane(HAWK, 0, 8, 20))
    log: list[Event] = []
    setup_weather(s, scripted_context([3, 4, 1, 1], events=log))  # broken, wind 4 then 60° left
    assert ours(log) == [events.WeatherSet(weather=levels[BROKEN], wind=4, cloud_speed=s.cloud_speed)]
    s = state(plane(HAWK, 0, 8, 20), weather="broken", wind=2, clouds=[{"col": 8, "row": 2, "size": 7}])
    log.clear()
    weather_phase(s, scripted_context([6, 5, 1], events=log))  # 6: worse, rain
    assert ours(log) == [events.WeatherChanged(weather=levels[RAIN], was=levels[BROKEN])]
    s = state(plane(HAWK, 0, 8, 20), weather="broken", wind=2, clouds=[{"col": 8, "row": 2, "size": 7}])
    log.clear()
    weather_phase(s, scripted_context([3, 4, 3], events=log))  # no change: no event
    assert ours(log) == []


@pytest.mark.clause("dockfighters.ground.hit.4")
def test_ground_target_damage_and_destruction_are_events() -> None:
    s = state(plane(SPRITE, 0, 8, 20, altitude=1, facing="N", experience="experienced"))
    truck = place(s, 1, 1, s.width * 18 + 8)
    a = s.aircraft[0]
    log: list[Event] = []
    ctx = scripted_context([6, 6, 1, 6, 1, 6, 6], events=log)
    combat.resolve(s, a, Attack(aircraft=0, target=GROUND + truck.id, mounts=(0,)), ctx)
    assert ours(log) == [
        events.GroundTargetDamaged(target=truck.id, name=truck.name, points=1, damage=1, structure=truck.structure),
        events.GroundTargetDestroyed(target=truck.id, name=truck.name, by=0),
    ]


def _duel(seed: int, record: bool) -> Game:
    from aerodrome.plugins import load_plugins

    game = Game(load_plugins().ruleset("dockfighters"), "duel", seed, record=record)
    play_out(game, [Konrad(0, seed), Konrad(1, seed + 1)])
    return game


def test_a_whole_game_log_json_encodes_and_decodes_back() -> None:
    kinds: set[str] = set()
    for seed in range(3):
        game = _duel(seed, True)
        mine = ours(game.log)
        kinds.update(type(e).__name__ for e in mine)
        lines = game.log_bytes().splitlines()
        assert len(lines) == len(game.log)
        for line, event in zip(lines, game.log, strict=True):
            data: dict[str, Any] = msgspec.json.decode(line)
            assert data["type"] == type(event).__name__
            assert "seen_by" not in data or not isinstance(event, EVENT_TYPES)  # nothing is hidden
            if isinstance(event, EVENT_TYPES):
                assert msgspec.json.decode(line, type=type(event)) == event
    assert {"Fired", "Hit", "Damaged", "PilotChecked", "WeatherSet"} <= kinds


def test_events_are_skipped_when_nobody_records_and_the_game_is_the_same() -> None:
    recorded, silent = _duel(2, True), _duel(2, False)
    assert silent.log == [] and ours(recorded.log)
    assert msgspec.msgpack.encode(silent.state) == msgspec.msgpack.encode(recorded.state)
    assert [h for h in silent.history] == [h for h in recorded.history]
