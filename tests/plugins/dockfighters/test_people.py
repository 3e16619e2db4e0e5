"""What people and learning agents get from a Dockfighters game (issues 14, 15, 17): plain
sentences for every action and event, the terminal picture and the SVG, a fixed numbering of
the actions and the observation as numbers, all from a player's observation."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from rich.console import Console

from aerodrome import Game
from aerodrome.engine.describe import event_text, prompt
from aerodrome.ui.choices import spoken
from aerodrome_dockfighters import events as df_events
from aerodrome_dockfighters.missions import setups
from aerodrome_dockfighters.numbering import vector_length
from aerodrome_dockfighters.ruleset import observe
from aerodrome_dockfighters.state import ACTIONS, GROUND, Attack, Plan
from tests import playouts
from tests.conftest import PLUGINS
from tests.plugins.dockfighters.helpers import plane, state

RULESET = PLUGINS.ruleset("dockfighters")
SETUPS = [s.name for s in setups()]
EVENT_TYPES = [
    t
    for t in vars(df_events).values()
    if isinstance(t, type) and issubclass(t, msgspec.Struct) and t.__module__ == df_events.__name__
]
#: The field names of Dockfighters' actions and events: a "(" followed by one of them is a
#: Python repr leaking into a sentence.
FIELDS = {f for t in (*ACTIONS, *EVENT_TYPES) for f in t.__struct_fields__} - {"seen_by"}
REPR = re.compile(r"[A-Za-z_]\(|=|\bplayer [0-9]|\bcell [0-9]|\[[0-9]")
FIELD_AFTER_PAREN = re.compile(r"\(\s*(" + "|".join(sorted(FIELDS)) + r")\b")


def plain(line: str) -> None:
    """A line a person reads: no repr, no ``=``, no "player 0", no "cell 193", no index list,
    no parenthesis opening on a field name."""
    assert line.strip(), "an empty line"
    assert not REPR.search(line), line
    assert not FIELD_AFTER_PAREN.search(line), line


def playout(setup: str, seed: int, decisions: int) -> Iterator[Game[Any, Any, Any]]:
    """A random game, yielded at each of its first ``decisions`` decisions and at its end."""
    return playouts.playout(RULESET, setup, seed, decisions)


@pytest.mark.parametrize("setup", SETUPS)
def test_every_action_and_event_reads_as_plain_sentences_and_every_action_has_a_number(
    setup: str,
) -> None:
    """Mutations caught (tried): ``action_text`` falling back to ``Action.describe`` for Place
    (red: "set #0 up on cell 396"); the Attack sentence listing mount indices (red: "[0");
    a set-up's numbering without the mission's own aircraft (red for recon-escort,
    cargo-escort and flying-eye: an aircraft id out of range)."""
    numbers: dict[int, Any] = {}
    count = RULESET.action_count(RULESET.setup(setup))
    described: set[str] = set()
    for seed in (1, 2):
        for game, player, view, fresh in playouts.seat_moments(playout(setup, seed, 160)):
            decision = game.decision()
            if player == 0 and decision is not None:  # once a moment
                plain(prompt(RULESET, decision, view))
            for action in game.legal_actions(player):
                plain(spoken(RULESET.label(action, view)))
                plain(RULESET.sentence(action, view))
                described.add(type(action).__name__)
                n = RULESET.action_id(action, game.setup)
                assert 0 <= n < count and RULESET.action_from_id(n, game.setup) == action
                assert numbers.setdefault(n, action) == action, (
                    f"{action} and {numbers[n]} share number {n}"
                )
            for event in fresh:
                if type(event).__module__ == df_events.__name__:
                    own = RULESET.event_text(event, view)
                    assert own, f"{type(event).__name__} has no sentence"
                    plain(own)
                    described.add(type(event).__name__)
                text = event_text(RULESET, game.setup, event, view)
                if text is not None:
                    assert text.strip()
    assert {"Place", "Deploy", "Plan", "Manoeuvre"} <= described


def test_every_event_kind_has_a_sentence() -> None:
    """Every event class of the ruleset is described (never left to the generic line).
    Mutation caught (tried): TrainLeft removed from the table of sentences."""
    s = state(
        plane("Fw-802 E-1 Hawk", 0, 8, 20),
        plane("Albatross", 1, 8, 4, speed=2),
        objectives=[{"col": 4, "row": 8, "owner": 0}],
    )
    _with_target(s)
    view = observe(s, None)
    e = df_events
    examples = [
        e.RoleDeclared(aircraft=0, role="recon"),
        e.GroundTargetRolled(value=2, roll=3, target="FLAK tank"),
        e.WeatherSet(weather="broken", wind=2, cloud_speed=1),
        e.WeatherChanged(weather="rain", was="broken"),
        e.TurnsExtended(turns=2, last_turn=14),
        e.Immelmann(aircraft=0, cell=40, altitude=4, speed=3),
        e.TookOff(aircraft=0, cell=40),
        e.Landed(aircraft=0, cell=40),
        e.LeftBoard(aircraft=0, edge="top", fate="missing"),
        e.AirshipDescended(aircraft=1, altitude=2),
        e.Punched(airship=1, aircraft=0, cell=41),
        e.Docked(aircraft=0, airship=1, side="left"),
        e.Undocked(aircraft=0, airship=1, cell=41),
        e.PilotChecked(aircraft=0, why="flying low", need=5, roll=6, passed=True),
        e.Fired(aircraft=0, target=1, need=5, modified=5),
        e.Hit(aircraft=0, target=1, weapon="light machine gun", dice=3, hits=1, damage=2),
        e.Damaged(aircraft=1, points=2, damage=2, structure=20, by=0),
        e.CriticalDamage(aircraft=1, roll=4, effect="gear", text="Landing gear damaged"),
        e.Overspeed(aircraft=1, damage=4),
        e.Destroyed(aircraft=0, why="shot down", by=1),
        e.PilotFate(aircraft=0, fate="bailed out"),
        e.AmmunitionSpent(aircraft=0, weapon="light machine gun", ammo="half"),
        e.Repaired(aircraft=1, critical="engine"),
        e.Jettisoned(aircraft=0, loads=("AB 250 bomb",)),
        e.SmokeLaid(aircraft=0, cells=(40, 41, 42)),
        e.GroundTargetDamaged(target=0, name="Small building", points=1, damage=1, structure=3),
        e.GroundTargetDestroyed(target=0, name="Small building", by=0),
        e.TeslaFired(airship=1),
        e.MineLaid(airship=1, mine=0, cell=44),
        e.MineExploded(mine=0, cell=44),
        e.AcmReleased(aircraft=0, weapon="Swordwhale ACM", cell=-1),
        e.AcmGone(weapon="Swordwhale ACM", why="left the board"),
        e.AcmDetonated(weapon="Swordwhale ACM", cell=45),
        e.ObjectiveIdentified(objective=0, meeting_point=False),
        e.AgentDelivered(aircraft=0, objective=0),
        e.AgentOnTrain(aircraft=0, objective=0, stops_in=2),
        e.TrainStopped(objective=0),
        e.TrainLeft(objective=0),
        e.Photographed(aircraft=0, objective=0),
        e.MoveEnded(aircraft=0, cell=3, facing=1, altitude=2, speed=4),
        # the campaign (issue 10)
        e.LeaderSkillUsed(player=0, aircraft=0, skill="ignore a wound"),
        e.Reinforcements(aircraft=(0, 1)),
        e.MugTaken(aircraft=0),
        e.PushedIntoMountains(aircraft=0, edge="left"),
        e.Serviced(aircraft=0),
    ]
    assert {type(x) for x in examples} == set(EVENT_TYPES)
    for event in examples:
        text = RULESET.event_text(event, view)
        assert text, type(event).__name__
        plain(text)


def test_sentences_name_weapons_hexes_and_aircraft() -> None:
    s = state(
        plane(
            "Bf-229 R-6 Sprite", 0, 8, 14, facing="N", loads=["AB 250 bomb", "SD 250 cluster bomb"]
        ),
        plane("Do-335 L-3 Arrow", 1, 8, 11, facing="S"),
    )
    view = observe(s, None)
    attack = Attack(aircraft=0, target=1, mounts=(0, 1))
    assert spoken(RULESET.label(attack, view)) == (
        "#0 Bf-229 R-6 Sprite fire light machine gun and heavy cannon at #1 Do-335 L-3 Arrow, "
        "4 dice hitting on 6+"
    )
    assert RULESET.sentence(Plan(aircraft=0, speed=4, template=2), view) == (
        "#0 Bf-229 R-6 Sprite: speed 4, medium template"
    )
    assert "9,12" in spoken_label(
        Attack(aircraft=0, target=GROUND, mounts=(0,)), observe(_with_target(s), None)
    )
    assert RULESET.event_text(df_events.Landed(aircraft=1, cell=s.width * 11 + 8), view) == (
        "#1 Do-335 L-3 Arrow lands on 8,11."
    )


def spoken_label(action: Any, view: Any) -> str:
    return spoken(RULESET.label(action, view))


def _with_target(s: Any) -> Any:
    from aerodrome_dockfighters.ground import place

    place(s, 1, 1, s.width * 12 + 9)
    return s


# -- pictures --------------------------------------------------------------------------------------
@pytest.mark.parametrize("setup", ["airship-battle", "ale-raid", "big-hunt", "agents-insertion"])
def test_every_view_draws_in_the_terminal_and_as_svg(setup: str) -> None:
    """Every view of a playout draws; the SVG parses and is the same for equal views."""
    console = Console(width=160, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    for n, game in enumerate(playout(setup, 3, 400)):
        if n % 20 and not game.is_over():
            continue
        view = game.observation(0)
        console.print(RULESET.draw(view))
        text = console.export_text()
        assert "Legend" in text and " 17 " in text  # the legend, the columns' coordinates
        doc = RULESET.draw_svg(view)
        assert doc is not None
        ET.fromstring(doc)
        assert RULESET.draw_svg(game.observation(1)) == doc  # equal views, same bytes
        assert ">0,0<" in doc and "wind " in doc


def test_the_map_shows_ids_altitude_heading_wind_and_a_legend() -> None:
    s = state(
        plane("Fw-802 E-1 Hawk", 0, 8, 20, facing="N", altitude=3),
        plane("Do-335 L-3 Arrow", 1, 9, 5, facing="S", altitude=2),
        weather="broken",
        wind=2,
        clouds=[{"col": 3, "row": 10, "size": 7}],
    )
    console = Console(width=160, record=True, color_system=None)
    console.print(RULESET.draw(observe(s, None)))
    text = console.export_text()
    assert "↑30" in text and "↓21" in text  # heading, altitude, map id
    assert "wind N ↑, clouds drift 1 hex a turn" in text and "clouds at altitudes 2-4" in text
    assert (
        "↓32  an aircraft heading S at altitude 3, map id 2" in text
        and "░    a clouded hex" in text
    )
    assert "8,20 N" in text and "9,5 S" in text  # where, as the coordinates on the edges


def test_a_name_from_the_specs_is_escaped_in_the_svg() -> None:
    """Mutation caught (tried): the squadrons' names written into the SVG unescaped."""
    s = state(plane("Fw-802 E-1 Hawk", 0, 8, 20), plane("Do-335 L-3 Arrow", 1, 9, 5))
    s.squadrons[0].side = 'Bavaria <&> "Free"'
    doc = RULESET.draw_svg(observe(s, None))
    assert doc is not None
    ET.fromstring(doc)
    assert "Bavaria &lt;&amp;&gt;" in doc


# -- learning agents ---------------------------------------------------------------------------------
@pytest.mark.parametrize("setup", ["duel", "airship-battle", "recon-escort"])
def test_the_observation_vector_has_a_fixed_length_and_follows_the_view(setup: str) -> None:
    for game in playout(setup, 4, 120):
        view = game.observation(0)
        vector = RULESET.observation_vector(view)
        assert vector is not None and len(vector) == vector_length()
        assert RULESET.observation_vector(game.observation(1)) == vector
        assert all(isinstance(x, float) and -1.0 <= x <= 1.5 for x in vector)


def test_numbers_outside_the_numbering_are_refused() -> None:
    setup = RULESET.setup("duel")
    with pytest.raises(ValueError, match="outside"):
        RULESET.action_from_id(RULESET.action_count(setup), setup)
    with pytest.raises(ValueError, match="outside the numbering"):
        RULESET.action_id(Plan(aircraft=99, speed=3, template=0), setup)
