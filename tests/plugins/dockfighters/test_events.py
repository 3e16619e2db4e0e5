"""The typed events of a Dockfighters game: attacks, shoot-downs, weather, ground targets,
and a whole game's JSON Lines log."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from aerodrome import Game
from aerodrome.engine.driver import drive
from aerodrome.engine.events import Event
from aerodrome_dockfighters import acm, combat, docking, events, mines, rules
from aerodrome_dockfighters.airspace import BROKEN, RAIN, leave_board
from aerodrome_dockfighters.bot import Konrad
from aerodrome_dockfighters.ground import place
from aerodrome_dockfighters.specs import builtin
from aerodrome_dockfighters.state import GROUND, Attack, LayMine, Release
from aerodrome_dockfighters.weather import setup_weather
from tests.plugins.dockfighters.helpers import plane, scripted, state, weather_phase

HAWK, ARROW, SPRITE = "Fw-802 E-1 Hawk", "Do-335 L-3 Arrow", "Bf-229 R-6 Sprite"
MILKCOW = "Bf-682 D-3 Milkcow"

#: Every event type the plugin defines.
EVENT_TYPES = tuple(
    v
    for v in vars(events).values()
    if isinstance(v, type) and issubclass(v, Event) and v.__module__ == events.__name__
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
    combat.resolve(
        s, a, Attack(aircraft=0, target=1, mounts=(0,)), scripted([6, 6, 3, 5, 1, 4, 6], events=log)
    )
    gun = rules.mounts(a)[0].weapon
    assert ours(log) == [
        events.Fired(aircraft=0, target=1, need=6, modified=6),
        events.Hit(aircraft=0, target=1, weapon=gun, dice=3, hits=2, damage=1),
        events.Damaged(aircraft=1, points=1, damage=1, structure=rules.sheet(t).structure, by=0),
        events.CriticalDamage(
            aircraft=1, roll=4, effect="gear", text=builtin().tables.critical[3].text
        ),
    ]
    assert t.damage == 1 and t.crits == ["gear"]


@pytest.mark.clause("dockfighters.fire.1")
def test_failed_fire_discipline_emits_ammunition_spent() -> None:
    s = state(plane(ARROW, 0, 8, 20, facing="N"), plane(HAWK, 1, 9, 18, facing="SE"))
    a = s.aircraft[0]
    log: list[Event] = []
    # all three dice miss; fire discipline 1 fails
    combat.resolve(
        s, a, Attack(aircraft=0, target=1, mounts=(0,)), scripted([1, 2, 3, 1], events=log)
    )
    gun = rules.mounts(a)[0].weapon
    assert ours(log) == [
        events.Fired(aircraft=0, target=1, need=6, modified=6),
        events.AmmunitionSpent(aircraft=0, weapon=builtin().weapons[gun].name, ammo="half"),
    ]
    assert a.ammo[0] == 1


@pytest.mark.clause("dockfighters.damage.7", "dockfighters.damage.8", "dockfighters.fame.5")
@pytest.mark.parametrize(("bail", "fate"), [(5, "bailed out"), (4, "killed")])
def test_p37_shot_down_emits_destroyed_the_bail_out_check_and_the_fate(
    bail: int, fate: str
) -> None:
    s = state(
        plane(HAWK, 0, 8, 20, facing="N", loads=["Swarm missiles"], experience="veteran"),
        plane(ARROW, 1, 8, 18, facing="SE", experience="veteran", damage=2),
    )
    a, t = s.aircraft
    structure = rules.sheet(t).structure
    assert combat.to_hit_air(s, a, t) == 7  # a natural 6 still hits
    log: list[Event] = []
    # swarm 5 dice at short: 2 hits; damage 4 and 5 = 3 points (2 over the last box); bail-out
    combat.resolve(
        s,
        a,
        Attack(aircraft=0, target=1, loads=(0,)),
        scripted([6, 6, 1, 2, 3, 4, 5, bail], events=log),
    )
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
    setup_weather(s, scripted([3, 4, 1, 1], events=log))  # broken, wind 4 then 60° left
    assert ours(log) == [
        events.WeatherSet(weather=levels[BROKEN], wind=4, cloud_speed=s.cloud_speed)
    ]
    s = state(
        plane(HAWK, 0, 8, 20), weather="broken", wind=2, clouds=[{"col": 8, "row": 2, "size": 7}]
    )
    log.clear()
    weather_phase(s, scripted([6, 5, 1], events=log))  # 6: worse, rain
    assert ours(log) == [events.WeatherChanged(weather=levels[RAIN], was=levels[BROKEN])]
    s = state(
        plane(HAWK, 0, 8, 20), weather="broken", wind=2, clouds=[{"col": 8, "row": 2, "size": 7}]
    )
    log.clear()
    weather_phase(s, scripted([3, 4, 3], events=log))  # no change: no event
    assert ours(log) == []


@pytest.mark.clause("dockfighters.ground.hit.4")
def test_ground_target_damage_and_destruction_are_events() -> None:
    s = state(plane(SPRITE, 0, 8, 20, altitude=1, facing="N", experience="experienced"))
    truck = place(s, 1, 1, s.width * 18 + 8)
    a = s.aircraft[0]
    log: list[Event] = []
    ctx = scripted([6, 6, 1, 6, 1, 6, 6], events=log)
    combat.resolve(s, a, Attack(aircraft=0, target=GROUND + truck.id, mounts=(0,)), ctx)
    assert ours(log) == [
        events.GroundTargetDamaged(
            target=truck.id, name=truck.name, points=1, damage=1, structure=truck.structure
        ),
        events.GroundTargetDestroyed(target=truck.id, name=truck.name, by=0),
    ]


def _duel(seed: int, record: bool) -> Game:
    from aerodrome.plugins import load_plugins

    game = Game(load_plugins().ruleset("dockfighters"), "duel", seed, record=record)
    drive(game, [Konrad(0, seed), Konrad(1, seed + 1)])
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


@pytest.mark.clause("dockfighters.dockfighter.2", "dockfighters.airship.14")
def test_undocking_docking_and_a_loss_with_the_airship_are_events() -> None:
    s = state(plane("Albatross", 0, 8, 12, facing="N", altitude=3, speed=1, experience="veteran"))
    docking.fit(s, s.aircraft[0], ["light anti-aircraft turret", "dockfighter"])
    ship, df = s.aircraft
    log: list[Event] = []
    ctx = scripted([], events=log)
    option = docking.undock_options(s, df)[0]
    docking.undock(s, df, option, ctx)
    df.facing, df.speed = 0, 2
    docking.try_dock(s, df, ctx)
    assert ours(log) == [
        events.Undocked(aircraft=df.id, airship=ship.id, cell=option.cell),
        events.Docked(aircraft=df.id, airship=ship.id, side=df.dock_side),
    ]
    assert df.dock_side == "left"
    log.clear()
    ship.status = "destroyed"
    docking.service(s, ctx)
    assert ours(log) == [
        events.Destroyed(aircraft=df.id, why="lost with its airship", by=-1),
        events.PilotFate(aircraft=df.id, fate="killed"),
    ]


@pytest.mark.clause("dockfighters.airship.13")
def test_air_mine_laid_and_exploding_are_events() -> None:
    s = state(
        plane("Albatross", 0, 8, 12, facing="N", altitude=3, speed=1, experience="veteran"),
        plane(ARROW, 1, 8, 3, altitude=2, speed=4),
    )
    docking.fit(s, s.aircraft[0], ["light anti-aircraft turret", "air mine launcher"])
    ship, arrow = s.aircraft
    log: list[Event] = []
    cell = s.width * 8 + 8
    mines.lay(s, ship, LayMine(aircraft=0, cell=cell), scripted([], events=log))
    s.turn += 2
    arrow.path = [s.width * r + 8 for r in range(3, 10)]
    arrow.cell = s.width * 9 + 8
    # the Arrow flies through the hex: the airship is missed twice (1, its re-roll 1), the
    # Arrow hit on 5+ (5), damage 6: 2 points, critical 4 (gear)
    mines.check_path(s, arrow, scripted([1, 1, 5, 6, 4], events=log))
    got = ours(log)
    assert got[:4] == [
        events.MineLaid(airship=0, mine=0, cell=cell),
        events.MineExploded(mine=0, cell=cell),
        events.Damaged(
            aircraft=1, points=2, damage=2, structure=rules.sheet(arrow).structure, by=0
        ),
        events.CriticalDamage(
            aircraft=1, roll=4, effect="gear", text=builtin().tables.critical[3].text
        ),
    ]


@pytest.mark.clause("dockfighters.acm.4", "dockfighters.acm.2", "dockfighters.acm.3")
def test_missiles_released_lost_and_detonating_are_events() -> None:
    s = state(plane(MILKCOW, 0, 8, 20, facing="N", loads=["Swordwhale ACM"]))
    a = s.aircraft[0]
    log: list[Event] = []
    acm.release(s, a, Release(aircraft=0, load=0), scripted([], events=log))
    acm.fly(s, scripted([2], events=log))  # guidance 2 > 1 turn: flies on
    acm.fly(s, scripted([2], events=log))  # 2 <= 2 turns: lost
    assert ours(log) == [
        events.AcmReleased(aircraft=0, weapon="Swordwhale ACM", cell=s.width * 19 + 8),
        events.AcmGone(weapon="Swordwhale ACM", why="lost its guidance"),
    ]
    s = state(
        plane(MILKCOW, 0, 8, 20, facing="N", loads=["Swordwhale ACM"]),
        plane(ARROW, 1, 8, 16, altitude=5),
    )
    t = s.aircraft[1]
    log.clear()
    acm.release(s, s.aircraft[0], Release(aircraft=0, load=0), scripted([], events=log))
    # into the Arrow's hex: 4 dice at 4+: 6, 4, 1, 2; damage 5, 1; critical 4
    acm.fly(s, scripted([6, 4, 1, 2, 5, 1, 4], events=log))
    got = ours(log)
    assert got[1] == events.AcmDetonated(weapon="Swordwhale ACM", cell=t.cell)
    assert (
        sum(e.points for e in got if isinstance(e, events.Damaged) and e.aircraft == t.id)
        == t.damage
        == 2
    )


@pytest.mark.clause("dockfighters.move.17")
@pytest.mark.parametrize(("roll", "fate"), [(6, "returned"), (1, "missing")])
def test_leaving_the_board_is_an_event(roll: int, fate: str) -> None:
    s = state(plane(HAWK, 0, 8, 0, facing="N"))
    a = s.aircraft[0]
    log: list[Event] = []
    need = rules.check_target(a, modifier=builtin().tables.leave_board_penalty)
    leave_board(s, a, scripted([roll], events=log), a.cell, a.facing)
    assert ours(log) == [
        events.PilotChecked(
            aircraft=0,
            why="return home after leaving the board",
            need=need,
            roll=roll,
            passed=roll == 6,
        ),
        events.LeftBoard(aircraft=0, edge="top", fate=fate),
    ]


@pytest.mark.clause("dockfighters.move.3")
def test_every_move_ends_with_where_the_aircraft_is() -> None:
    """The log says where each aircraft ended its move: after every move of a bot game, the
    MoveEnded event names the hex, heading and altitude the aircraft then has (unless the
    checks after the move destroyed it or it left the board). Mutation caught: no event, or
    one emitted before the aircraft is placed at the end of its move (another hex)."""
    from aerodrome.engine.agents import PlayerView, agent_seed
    from aerodrome_dockfighters.state import Manoeuvre, Plan
    from tests.conftest import PLUGINS

    ruleset = PLUGINS.ruleset("dockfighters")
    checked = 0
    for seed in (1, 2):
        game = Game(ruleset, "aerial-dominance", seed)
        bots = [
            PLUGINS.agent("dockfighters", "bot").factory(ruleset, p, agent_seed(seed, p))
            for p in (0, 1)
        ]
        while not game.is_over():
            player = game.waiting_for()[0]
            chosen = bots[player].choose(PlayerView(game, player), game.legal_actions(player))
            before = len(game.log)
            game.apply(player, chosen)
            ended = [e for e in game.log[before:] if isinstance(e, events.MoveEnded)]
            if isinstance(chosen, Plan | Manoeuvre) and ended:
                (e,) = ended
                a = game.state.aircraft[e.aircraft]
                if a.status == "flying" and a.cell >= 0:
                    assert (a.cell, a.facing, a.altitude) == (e.cell, e.facing, e.altitude)
                    checked += 1
        moved = [e for e in game.log if isinstance(e, events.MoveEnded)]
        assert moved, "no move ended in a whole game"
        text = ruleset.event_text(moved[0], game.observation(0))
        assert text is not None and " ends its move at " in text
    assert checked > 20
