"""What people and learning agents get from a Victoriana game (issues #14, #15, #17): plain
sentences for every action and event, the terminal picture and the SVG, a fixed numbering of
the actions and the observation as numbers, all from a player's observation."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from rich.console import Console

from aerodrome import Game
from aerodrome.engine.describe import event_text
from aerodrome.engine.events import DecisionCommitted
from aerodrome.ui.choices import spoken
from aerodrome_victoriana import events as victoriana_events
from aerodrome_victoriana import specs
from aerodrome_victoriana.events import SquadronRolled
from aerodrome_victoriana.state import ACTION_TYPES, ChooseManoeuvre
from aerodrome_victoriana.table import plural
from aerodrome_victoriana.view import DogfightView, observe
from tests import playouts
from tests.conftest import PLUGINS
from tests.plugins.victoriana.helpers import battle, flight

RULESET = PLUGINS.ruleset("victoriana")

SETUPS = [s.name for s in specs.setup_specs()]
EVENT_TYPES = [
    t
    for t in vars(victoriana_events).values()
    if isinstance(t, type)
    and issubclass(t, msgspec.Struct)
    and t.__module__ == victoriana_events.__name__
]
#: The field names of Victoriana's actions and events: a "(" followed by one of them is a
#: Python repr leaking into a sentence.
FIELDS = {f for t in (*ACTION_TYPES, *EVENT_TYPES) for f in t.__struct_fields__} - {"seen_by"}
REPR = re.compile(r"[A-Za-z_]\(|=|\bplayer [0-9]|\bcell [0-9]")
FIELD_AFTER_PAREN = re.compile(r"\(\s*(" + "|".join(sorted(FIELDS)) + r")\b")


def plain(line: str, *, own: bool) -> None:
    """A line a person reads: no repr, no ``=``, no "player 0", no "cell 193"; the
    ruleset's own lines also never open a parenthesis on a field name. (The core's dice
    lines keep the dice purposes of the golden games, "attack X (white)", set by its
    opposed rolls.)"""
    assert line.strip(), "an empty line"
    assert not REPR.search(line), line
    if own:
        assert not FIELD_AFTER_PAREN.search(line), line


def playout(setup: str, seed: int, decisions: int = 120) -> Iterator[Game[Any, Any, Any]]:
    """A random game, yielded at each of its first ``decisions`` decisions and at its end."""
    return playouts.playout(RULESET, setup, seed, decisions)


# -- sentences ---------------------------------------------------------------------------------
@pytest.mark.parametrize("setup", SETUPS)
def test_every_action_and_event_reads_as_plain_sentences(setup: str) -> None:
    """Mutation caught: an action without a sentence of its own (the default
    ``Action.describe`` is a repr with ``=``), an event left to the generic line
    ("CraftLeft: craft 3, ..."), an aircraft named by its index."""
    ruleset = RULESET
    described: set[str] = set()
    for seed in (1, 2):
        for game, player, view, fresh in playouts.seat_moments(playout(setup, seed)):
            for action in game.legal_actions(player):
                plain(spoken(ruleset.label(action, view)), own=True)
                plain(ruleset.sentence(action, view), own=True)
                described.add(type(action).__name__)
            for event in fresh:
                text = event_text(ruleset, game.setup, event, view)
                if type(event).__module__ == victoriana_events.__name__:
                    own = ruleset.event_text(event, view)
                    assert own, f"{type(event).__name__} has no sentence"
                    plain(own, own=True)
                    described.add(type(event).__name__)
                if text is not None:
                    plain(text, own=False)
    assert described & {"ChooseManoeuvre", "EndTurn"}
    assert "CraftDamaged" in described or "SquadronRolled" in described


def test_every_event_kind_has_a_sentence() -> None:
    """Every event class of the ruleset is described (not left to the generic line)."""
    state = battle([flight("spitfire1", pc=True, names=("Ann Penn",))], [flight("he111", npc=True)])
    view = observe(state, 1)
    examples = {
        "SquadronRolled": SquadronRolled(
            round=1,
            manoeuvres={"raf": "attack", "luftwaffe": "defend"},
            pools={"raf": 6, "luftwaffe": 3},
            successes={"raf": 3, "luftwaffe": 1},
            winner="raf",
            net=2,
        ),
        "TaskRolled": victoriana_events.TaskRolled(
            airman=0, task="escape", white_dice=9, black_dice=0, white=2, black=0, outcome="success"
        ),
        "CraftDamaged": victoriana_events.CraftDamaged(
            craft=1, successes=5, armour=6, pips=2, health=40
        ),
        "CraftLeft": victoriana_events.CraftLeft(craft=1, status="destroyed"),
        "CrewHit": victoriana_events.CrewHit(
            craft=1, roll=3, result="crew member", airman=3, pips=4
        ),
        "BombsDropped": victoriana_events.BombsDropped(airman=3, weight_lb=500, outcome="missed"),
        "ParachuteLanded": victoriana_events.ParachuteLanded(airman=3, pips=5, health=5),
    }
    assert set(examples) == {t.__name__ for t in EVENT_TYPES}
    ruleset = RULESET
    for event in examples.values():
        text = ruleset.event_text(event, view)
        assert text
        plain(text, own=True)
    assert ruleset.event_text(examples["CraftLeft"], view) == "He 111 #1 is destroyed."
    assert ruleset.event_text(examples["TaskRolled"], view) == (
        "Ann Penn, pilot of Spitfire Mk I (Penn): escape, 2 successes on 9 dice against no "
        "black dice: a success."
    )


# -- pictures ----------------------------------------------------------------------------------
def _drawn(view: DogfightView) -> str:
    out = io.StringIO()
    Console(file=out, width=160, color_system=None).print(RULESET.draw(view))
    return out.getvalue()


@pytest.mark.parametrize("setup", SETUPS)
def test_every_view_draws_and_the_svg_is_deterministic_xml(setup: str) -> None:
    """Mutation caught: an SVG that leaves a name unescaped (not XML) or depends on
    anything but the view (a dict's order, the clock)."""
    ruleset = RULESET
    for game in playout(setup, 3, decisions=60):
        for player in (0, 1, None):
            view = game.observation(player)
            assert _drawn(view)
            svg = ruleset.draw_svg(view)
            ET.fromstring(svg)
            copy = msgspec.msgpack.decode(msgspec.msgpack.encode(view), type=DogfightView)
            assert copy == view and ruleset.draw_svg(copy) == svg


@pytest.mark.clause("victoriana.squadron.7", "victoriana.turn.1")
def test_the_header_shows_this_rounds_roll_and_phase() -> None:
    """Issue #14: the header once showed the last round's Squadron Roll and the Combat
    Phase's order while the next round's manoeuvres were being chosen. Mutation caught: a
    view (or state) keeping the roll or the order past the end of the round."""
    checked = set()
    for game in playout("11-group", 4, decisions=400):
        if game.is_over():
            assert _drawn(game.observation(None)).startswith("The dogfight is over")
            checked.add("over")
            break
        decision = game.decision()
        assert decision is not None
        text = _drawn(game.observation(0))
        head = text.splitlines()[0]
        rolls = [e for e in game.log if isinstance(e, SquadronRolled) and e.round == game.round]
        if decision.kind == "manoeuvre":
            assert head == f"Round {game.round}: Squadron Phase"
            assert not rolls and "Squadron Roll: both sides are choosing" in text
            assert "Combat Phase order" not in text
        else:
            (roll,) = rolls
            phase = "Combat Phase" if decision.kind in ("act", "free-attack") else "Squadron Phase"
            assert head == f"Round {game.round}: {phase}"
            raf, lw = (
                f"{plural(roll.successes[s], 'success', 'successes')} on "
                f"{plural(roll.pools[s], 'die', 'dice')}"
                for s in ("raf", "luftwaffe")
            )
            assert (
                f"RAF {roll.manoeuvres['raf']}, {raf} against Luftwaffe {roll.manoeuvres['luftwaffe']}, {lw}"
                in text
            )
            assert ("Combat Phase order" in text) == (phase == "Combat Phase")
        checked.add(decision.kind)
    assert {"manoeuvre", "act", "over"} <= checked


def test_the_svg_shows_squadrons_damage_crews_and_the_roll() -> None:
    """Issue #15: the two squadrons, each aircraft with its damage and crew, the squadron
    roll of this round; names escaped."""
    state = battle(
        [flight("spitfire1", pc=True, names=("Ann <Penn> & Co",)), flight("hurricane2")],
        [flight("he111", npc=True, names=("Otto Halder",))],
    )
    state.crafts[1] = msgspec.structs.replace(state.crafts[1], health=9)
    state.manoeuvre = {"raf": "attack", "luftwaffe": "defend"}
    state.pools, state.rolled = {"raf": 9, "luftwaffe": 6}, {"raf": 4, "luftwaffe": 1}
    state.winner, state.net = "raf", 3
    svg = RULESET.draw_svg(observe(state, 1))
    text = "".join(ET.fromstring(svg).itertext())
    for needed in (
        "RAF: 2 of 2 aircraft",
        "Luftwaffe: 1 of 1 aircraft",
        "Spitfire Mk I (Co) PC",
        "Hurricane Mk II #1",
        "9/18",
        "Ann <Penn> & Co",
        "Otto Halder",
        "Squadron Roll: RAF attack, 4 successes on 9 dice against Luftwaffe defend, "
        "1 success on 6 dice: RAF win by 3.",
    ):
        assert needed in text, needed
    assert "&lt;Penn&gt; &amp; Co" in svg


def test_a_seats_picture_never_shows_the_others_secret_manoeuvre() -> None:
    """Two games that differ only in seat 1's committed manoeuvre look the same to seat 0,
    in words and pictures, until the reveal."""
    ruleset = RULESET
    game = Game(ruleset, "11-group", 5)
    a, b = game.clone(), game.clone()
    a.apply(1, ChooseManoeuvre(manoeuvre="attack"))
    b.apply(1, ChooseManoeuvre(manoeuvre="defend"))
    for g in (a, b):
        assert g.observation(0).manoeuvre == {}
        assert not any(isinstance(e, DecisionCommitted) for e in g.log_for(0))
    assert ruleset.draw_svg(a.observation(0)) == ruleset.draw_svg(b.observation(0))
    assert _drawn(a.observation(0)) == _drawn(b.observation(0))


# -- for learning agents -----------------------------------------------------------------------
@pytest.mark.parametrize("setup", SETUPS)
def test_actions_have_fixed_numbers(setup: str) -> None:
    """Mutation caught: an action left out of the numbering (a legal action without a
    number), two actions sharing a number, a number past action_count."""
    ruleset = RULESET
    chosen = ruleset.setup(setup)
    count = ruleset.action_count(chosen)
    seen = {}
    for seed in (1, 2, 3):
        for game in playout(setup, seed, decisions=150):
            for player in game.waiting_for():
                for action in game.legal_actions(player):
                    index = ruleset.action_id(action, chosen)
                    assert 0 <= index < count
                    assert ruleset.action_from_id(index, chosen) == action
                    assert seen.setdefault(index, action) == action
    assert len(seen) > 4
    numbered = [ruleset.action_from_id(i, chosen) for i in range(count)]
    assert len(set(numbered)) == count
    assert [ruleset.action_id(a, chosen) for a in numbered] == list(range(count))


@pytest.mark.parametrize("setup", SETUPS)
def test_the_observation_as_numbers(setup: str) -> None:
    """Equal views give equal vectors; the length is fixed for a set-up; only finite
    numbers. Mutation caught: a slot per aircraft still flying (the length would shrink)."""
    ruleset = RULESET
    lengths = set()
    for game in playout(setup, 6, decisions=150):
        view = game.observation(0)
        vector = ruleset.observation_vector(view)
        copy = msgspec.msgpack.decode(msgspec.msgpack.encode(view), type=DogfightView)
        assert list(ruleset.observation_vector(copy)) == list(vector)
        assert list(ruleset.observation_vector(game.observation(1))) == list(vector)
        assert all(isinstance(x, float) and abs(x) < 1e6 for x in vector)
        lengths.add(len(vector))
    state = game.state
    assert lengths == {3 + 2 * 16 + 16 * len(state.crafts) + 9 * len(state.airmen)}
