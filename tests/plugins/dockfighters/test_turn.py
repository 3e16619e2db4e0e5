"""The turn: order of movement and fire, simultaneous fire, initiative, end, missions."""

from __future__ import annotations

from pathlib import Path

import pytest

from aerodrome import Game
from aerodrome.engine.agents import RandomAgent
from aerodrome.engine.driver import drive
from aerodrome.engine.errors import SpecError
from aerodrome.engine.specs import builtin_specs, read_mapping
from aerodrome.engine.testing import load_dice
from aerodrome.engine.turns import Turn
from aerodrome_dockfighters import combat
from aerodrome_dockfighters.missions import check_mission_values, success
from aerodrome_dockfighters.order import fire_order, may_fire, move_order
from aerodrome_dockfighters.state import Attack, Deploy, Plan
from tests.plugins.dockfighters.helpers import asked_aircraft, plane, scripted, state

HAWK, ARROW = "Fw-802 E-1 Hawk", "Do-335 L-3 Arrow"


@pytest.mark.clause("dockfighters.order.2", "dockfighters.order.3", "dockfighters.order.1")
def test_movement_in_ascending_experience_initiative_loser_first() -> None:
    s = state(
        plane(HAWK, 0, 1, 20, experience="ace"),
        plane(HAWK, 0, 3, 20, experience="green"),
        plane(ARROW, 1, 5, 2, experience="green"),
        plane(ARROW, 1, 7, 2, experience="green"),
        plane("Albatross", 1, 9, 2, experience="veteran"),
        initiative=0,
    )
    assert move_order(s, True) == [4]
    assert move_order(s, False) == [2, 1, 3, 0]


@pytest.mark.clause("dockfighters.combat.3", "dockfighters.combat.4", "dockfighters.combat.5")
def test_fire_in_descending_experience_and_simultaneous_within_a_level() -> None:
    s = state(
        plane(HAWK, 0, 8, 20, experience="experienced", facing="N"),
        plane(ARROW, 1, 8, 18, experience="experienced", facing="S", damage=2),
        plane(ARROW, 1, 5, 2, experience="ace"),
        initiative=1,
    )
    assert fire_order(s) == [2, 0, 1]
    s.fire_mark = s.turn * 10 + 1
    # the experienced Hawk shoots the experienced Arrow down at their level
    combat.resolve(s, s.aircraft[0], Attack(aircraft=0, target=1, mounts=(0,)), scripted([6] * 14))
    assert s.aircraft[1].status == "destroyed"
    assert may_fire(s, s.aircraft[1])  # same level: it still fires back
    s.fire_mark = s.turn * 10 + 0
    assert not may_fire(s, s.aircraft[1])


@pytest.mark.clause(
    "dockfighters.turn.1",
    "dockfighters.turn.2",
    "dockfighters.turn.3",
    "dockfighters.mission.1",
    "dockfighters.setup.7",
)
def test_a_game_runs_the_phases_and_ends_at_turn_13(plugins) -> None:  # type: ignore[no-untyped-def]
    r = plugins.ruleset("dockfighters")
    assert [p.name for p in r.sequence().phases] == ["1 Movement", "2 Combat", "3 Weather"]
    g = Game(r, "aerial-dominance", 1)
    assert g.decision() is not None and g.decision().kind == "place"
    first = asked_aircraft(g)
    assert first.player != g.state.initiative and first.experience == 0
    places = g.legal_actions(first.player)
    assert len(places) == 36  # the two rows along the own edge
    g.apply(first.player, places[0])
    legal = g.legal_actions(first.player)
    assert all(isinstance(d, Deploy) and d.cell == places[0].cell for d in legal)
    assert len(legal) == 5 * 5  # altitudes 1-5, speeds 2-6
    initiative = g.state.initiative
    drive(g, [RandomAgent(1), RandomAgent(2)])
    s = g.state
    assert s.over
    assert s.turn == 13 or any(
        not any(a.player == p and a.status == "flying" for a in s.aircraft) for p in (0, 1)
    )
    assert s.initiative == (initiative + s.turn - 1) % 2


@pytest.mark.clause(
    "dockfighters.setup.2",
    "dockfighters.mission.duel.1",
    "dockfighters.mission.aerial-dominance.1",
    "dockfighters.mission.aerial-dominance.2",
    "dockfighters.fame.4",
)
def test_mission_values_and_winning() -> None:
    check_mission_values(["aerial-dominance", "flying-eye"])
    with pytest.raises(SpecError, match="more than 5"):
        check_mission_values(["bomb-run", "cargo-escort"])
    with pytest.raises(SpecError, match="value 5"):
        check_mission_values(["duel", "aerial-dominance"])
    s = state(plane(HAWK, 0, 8, 20), plane(ARROW, 1, 8, 2))
    s.squadrons[0].kills, s.squadrons[0].losses = 2, 1
    assert success(s, 0) == (True, 2)
    s.all_gone_turn["Saxony"] = 5
    assert success(s, 0) == (True, 4)
    s.squadrons[0].mission = s.squadrons[1].mission = "duel"
    assert success(s, 0) == (False, 0)
    s.squadrons[0].kills = 3
    assert success(s, 0) == (True, 15)


@pytest.mark.clause("dockfighters.pilot.1", "dockfighters.sheet.1")
def test_specs_load_and_the_position_example(plugins) -> None:  # type: ignore[no-untyped-def]
    r = plugins.ruleset("dockfighters")
    path = builtin_specs("dockfighters") / "positions" / "head-on.toml"
    g = Game(
        r, "aerial-dominance", 4, position=read_mapping(path)["position"], position_source=str(path)
    )
    assert g.decision() is not None and g.decision().kind == "plan"
    assert [a.experience for a in g.state.aircraft] == [1, 0]
    assert g.state.weather == 1 and len(g.state.clouds) == 1
    with pytest.raises(SpecError, match="datasheet"):
        Game(
            r,
            "aerial-dominance",
            4,
            position={"aircraft": [{"datasheet": "Camel", "player": 0, "col": 1, "row": 1}]},
            position_source="bad.toml",
        )
    # a scripted move through the public API
    load_dice(g, [6] * 20)
    plans = g.legal_actions(g.decision().players[0])
    assert all(isinstance(p, Plan) for p in plans)
    assert Path(path).is_file()


@pytest.mark.clause("dockfighters.move.15")
def test_render_draws_aircraft_with_facing_and_altitude(plugins) -> None:  # type: ignore[no-untyped-def]
    from rich.console import Console

    s = state(
        plane(HAWK, 0, 8, 20, facing="N", altitude=3),
        plane(ARROW, 1, 9, 5, facing="S", altitude=4),
        weather="broken",
        clouds=[{"col": 3, "row": 10, "size": 7}],
    )
    console = Console(width=140, record=True)
    ruleset = plugins.ruleset("dockfighters")
    console.print(ruleset.draw(ruleset.observation(s, None, Turn(round=1))))
    text = console.export_text()
    assert "↑30" in text and "↓41" in text and "░" in text and "Fw-802 E-1 Hawk" in text


@pytest.mark.clause("dockfighters.order.3", "dockfighters.combat.4", "dockfighters.konrad.1")
def test_the_leader_chooses_which_aircraft_moves_next(plugins) -> None:  # type: ignore[no-untyped-def]
    from aerodrome.engine.agents import PlayerView
    from aerodrome_dockfighters.bot import Konrad
    from aerodrome_dockfighters.state import Activate

    pos = {
        "initiative": 0,
        "aircraft": [
            plane(HAWK, 0, 4, 20),
            plane(HAWK, 0, 12, 18),
            plane(ARROW, 1, 8, 3),
        ],
    }
    g = Game(plugins.ruleset("dockfighters"), "aerial-dominance", 1, position=pos)
    d = g.decision()
    assert d is not None and d.kind == "plan" and d.players == (1,)  # the initiative loser first
    g.apply(1, g.legal_actions(1)[0])
    while g.decision() is not None and g.decision().kind == "manoeuvre":
        g.apply(1, g.legal_actions(1)[0])
    d = g.decision()
    assert d is not None and d.kind == "activate" and d.players == (0,)
    assert set(g.legal_actions(0)) == {Activate(aircraft=0), Activate(aircraft=1)}
    # Konrad reads the map like a book from the initiative holder's (Bavarian, bottom) side
    assert Konrad(0, 1).choose(PlayerView(g, 0), g.legal_actions(0)) == Activate(aircraft=1)
    g.apply(0, Activate(aircraft=1))
    assert g.decision() is not None and g.decision().kind == "plan" and asked_aircraft(g).id == 1


def _leaders_in_order(game: Game, kind: str, pick: int) -> list[int]:
    """Play one phase (``kind``: "plan" or "fire"), each leader picking the ``pick``-th of
    his aircraft when asked which goes next, flying straight at the lowest speed and holding
    fire; the leaders whose aircraft acted, in order."""
    from aerodrome_dockfighters.state import Activate, HoldFire, Manoeuvre

    order: list[int] = []
    turn = game.state.turn
    while game.decision() is not None and game.state.turn == turn:
        d = game.decision()
        player = d.players[0]
        legal = game.legal_actions(player)
        if d.kind == "activate":
            game.apply(player, legal[min(pick, len(legal) - 1)])
            continue
        if d.kind not in ("plan", "manoeuvre", "fire"):
            break
        if d.kind == kind:
            order.append(player)
        if d.kind == "plan":
            game.apply(
                player,
                min(
                    (p for p in legal if isinstance(p, Plan) and p.template == 0),
                    key=lambda p: p.speed,
                ),
            )
        elif d.kind == "manoeuvre":
            game.apply(
                player,
                min(
                    legal,
                    key=lambda m: (
                        (m.lateral != ".", m.vertical != ".")
                        if isinstance(m, Manoeuvre)
                        else (1, 1)
                    ),
                ),
            )
        elif kind == "plan":
            break
        else:
            game.apply(player, next(x for x in legal if isinstance(x, HoldFire)))
        assert not isinstance(legal[0], Activate)
    return order


@pytest.mark.clause("dockfighters.order.3", "dockfighters.combat.4")
@pytest.mark.parametrize("pick", [0, 1])
def test_the_leaders_alternate_whichever_aircraft_they_pick(plugins, pick: int) -> None:  # type: ignore[no-untyped-def]
    """order.3: "the squadron leader who does not have the initiative that turn moves 1 of
    his aircraft, followed by the squadron leader who holds the initiative, and so on";
    combat.4 likewise for firing. Picking a later aircraft first does not give the same leader
    the next turn (it did before: the picked aircraft jumped the queue)."""
    pos = {
        "initiative": 0,
        "aircraft": [
            plane(HAWK, 0, 6, 15, facing="N"),
            plane(HAWK, 0, 10, 15, facing="N"),
            plane(ARROW, 1, 6, 10, facing="S"),
            plane(ARROW, 1, 10, 10, facing="S"),
        ],
    }
    g = Game(plugins.ruleset("dockfighters"), "aerial-dominance", 1, position=pos)
    assert _leaders_in_order(g, "plan", pick) == [1, 0, 1, 0]
    assert _leaders_in_order(g, "fire", pick) == [1, 0, 1, 0]


@pytest.mark.clause("dockfighters.move.15")
def test_svg_export() -> None:
    import xml.etree.ElementTree as ET

    from aerodrome_dockfighters.ruleset import observe
    from aerodrome_dockfighters.svg import draw_svg

    s = state(
        plane(HAWK, 0, 8, 20, facing="N", altitude=3, speed=4),
        plane(ARROW, 1, 9, 5),
        weather="broken",
        clouds=[{"col": 3, "row": 10, "size": 7}],
    )
    doc = draw_svg(observe(s, None))
    root = ET.fromstring(doc)
    svg = "{http://www.w3.org/2000/svg}"
    polygons = root.findall(f"{svg}polygon")
    assert len(polygons) == s.width * s.height + 2  # the hexes, two legend arrows
    pieces = [g for g in root.findall(f"{svg}g") if g.get("data-place", "").startswith("piece:")]
    assert [len(g.findall(f"{svg}polygon")) for g in pieces] == [1, 1]  # the two aircraft
    assert {g.get("data-place") for g in pieces} == {"piece:0", "piece:1"}
    assert {p.get("data-place") for p in polygons} >= {"8,20", "9,5"}  # hexes as labels say
    assert "0 3/4" in doc and "Fw-802 E-1 Hawk" in doc and ">8,20<" in doc


@pytest.mark.clause(
    "dockfighters.setup.1", "dockfighters.setup.3", "dockfighters.setup.4", "dockfighters.setup.5"
)
def test_scenario_fame_and_initiative(plugins) -> None:  # type: ignore[no-untyped-def]
    from aerodrome_dockfighters.missions import planes, scenario_fame

    r = plugins.ruleset("dockfighters")
    g = Game(r, "mixed-squadrons", 1)
    rolls = [e for e in g.log if getattr(e, "purpose", "").startswith("initiative")]
    assert len(rolls) >= 2 and rolls[-1].faces != rolls[-2].faces  # ties are rolled again
    s = g.state
    # 3 planes each (1 fame for the third); equal experience; values 1+2+3 each: no bonus
    assert [planes(s, p) for p in (0, 1)] == [3, 3]
    assert scenario_fame(s) == [-1, -1] == [sq.fame for sq in s.squadrons]
    duel = Game(r, "duel", 1).state
    assert scenario_fame(duel) == [-5, 0]  # the ambusher pays 5, the drawn-in side nothing
    ships = Game(r, "airship-battle", 1).state
    assert planes(ships, 0) == 4  # the airship counts 2, the dockfighter none, two fighters
    s.aircraft[3].experience = 0  # Saxony now inferior in experience only: +2
    assert scenario_fame(s) == [-1, 1]


@pytest.mark.clause("dockfighters.setup.6")
def test_position_files_set_up_ground_targets_objectives_and_airships() -> None:
    s = state(
        plane("Albatross", 0, 8, 12, systems=["light anti-aircraft turret", "dockfighter"]),
        plane(HAWK, 0, 5, 20, role="recon", ammo=[1, 0], gear_damaged=True),
        plane(ARROW, 1, 8, 2, status="landed"),
        ground=[{"value": 1, "roll": 6, "col": 9, "row": 12, "hostile_to": 0}],
        objectives=[{"col": 4, "row": 9, "owner": 0}],
    )
    assert [a.status for a in s.aircraft] == ["flying", "docked", "flying", "landed"]
    assert (
        s.aircraft[2].ammo == [1, 0]
        and s.aircraft[2].role == "recon"
        and s.aircraft[2].gear_damaged
    )
    assert s.ground[0].name == "FLAK tank" and s.objectives[0].cell == s.width * 9 + 4
    with pytest.raises(SpecError, match=r"aircraft\[0\].systems"):
        state(plane("Albatross", 0, 8, 12, systems=["dockfighter"]))
    with pytest.raises(SpecError, match=r"ground\[0\]"):
        state(plane(HAWK, 0, 8, 12), ground=[{"value": 4, "roll": 1, "col": 1, "row": 1}])


@pytest.mark.clause("dockfighters.setup.4")
def test_mission_provided_aircraft_are_free_but_declared_ones_count(plugins) -> None:  # type: ignore[no-untyped-def]
    from aerodrome_dockfighters.missions import planes, scenario_fame

    r = plugins.ruleset("dockfighters")
    raid = Game(r, "ale-raid", 3).state
    assert (
        planes(raid, 0) == 2 and scenario_fame(raid)[0] == -3
    )  # the agent's plane is one of his two
    escort = Game(r, "recon-escort", 3).state
    assert planes(escort, 0) == 2 and scenario_fame(escort)[0] == -1  # the recon planes are free


@pytest.mark.clause("dockfighters.pilot.1")
def test_forces_name_their_pilots_for_the_campaign(plugins) -> None:  # type: ignore[no-untyped-def]
    from aerodrome.engine.ruleset import Setup
    from aerodrome_dockfighters.options import DockfightersOptions, Sortie

    r = plugins.ruleset("dockfighters")
    base = r.setup("aerial-dominance")
    custom = Setup(
        name="custom",
        title="custom",
        seats=base.seats,
        options=DockfightersOptions(
            forces=(
                (Sortie(datasheet=HAWK, experience=3, pilot="Oberst Kessler"),),
                (Sortie(datasheet=ARROW),),
            ),
        ),
    )
    g = Game(r, custom, 1)
    assert [a.pilot for a in g.state.aircraft] == ["Oberst Kessler", "Saxony pilot 1"]
    bad = Setup(
        name="bad",
        title="bad",
        seats=base.seats,
        options=DockfightersOptions(
            forces=((Sortie(datasheet=HAWK, experience=5),), (Sortie(datasheet=ARROW),))
        ),
    )
    with pytest.raises(SpecError, match="experience 0-3"):
        Game(r, bad, 1)
