"""What people and learning agents get from a classic game (issues #14, #15, #17): plain
sentences for every action and event, the terminal picture with coordinates and a legend,
the SVG and the observation as numbers, all from one seat's observation. (Classic numbers
no actions: see :mod:`aerodrome_classic.numbering`.)"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from rich.console import Console

from aerodrome import Game
from aerodrome.engine.agents import PlayerView, agent_seed
from aerodrome.engine.describe import event_text
from aerodrome.ui.choices import match, spoken
from aerodrome_classic import state as classic_state
from aerodrome_classic.bot import make_bot
from aerodrome_classic.state import ACTION_TYPES, Move
from aerodrome_classic.text import FACING_LETTERS
from tests import playouts
from tests.plugins.classic.helpers import RULESET, game, move_to, plane, position

SETUPS = [s.name for s in RULESET.setups()]
EVENT_TYPES = [
    t
    for t in vars(classic_state).values()
    if isinstance(t, type)
    and issubclass(t, classic_state.Event)
    and t.__module__ == classic_state.__name__
]
#: The field names of classic's actions and events: a "(" followed by one of them is a Python
#: repr leaking into a sentence.
FIELDS = {f for t in (*ACTION_TYPES, *EVENT_TYPES) for f in t.__struct_fields__} - {"seen_by"}
REPR = re.compile(r"[A-Za-z_]\(|=|\bplayer [0-9]|\bcell [0-9]")
FIELD_AFTER_PAREN = re.compile(r"\(\s*(" + "|".join(sorted(FIELDS)) + r")\b")
#: what a person types for a move: the destination square and the facing (a move is offered
#: as plane → end square and route → facing)
MOVE = re.compile(r"^(\S+) to (\d+),(\d+) \([^)]*\) facing ([NESW])$")


def plain(line: str) -> None:
    """A line a person reads: no repr, no ``=``, no "player 0", no "cell 193", no "(" opening
    on a field name."""
    assert line.strip(), "an empty line"
    assert not REPR.search(line), line
    assert not FIELD_AFTER_PAREN.search(line), line


def playout(
    setup: str, seed: int, agent: str, decisions: int = 400
) -> Iterator[Game[Any, Any, Any]]:
    """A game of ``agent`` players, yielded at each of its first ``decisions`` decisions and
    at its end."""
    if agent != "bot":
        return playouts.playout(RULESET, setup, seed, decisions)
    bots = [
        make_bot(RULESET, p, agent_seed(seed, p)) for p in range(len(RULESET.setup(setup).seats))
    ]
    return playouts.playout(
        RULESET,
        setup,
        seed,
        decisions,
        lambda g, player, legal: bots[player].choose(PlayerView(g, player), legal),
    )


# -- sentences ---------------------------------------------------------------------------------
@pytest.mark.parametrize("setup", SETUPS)
def test_every_action_and_event_reads_as_plain_sentences(setup: str) -> None:
    """Mutations caught: an action left to ``Action.describe`` of a repr (``=``), an event
    left to the generic line ("Moved: plane RED-1, path ..."), a seat named "player 1", two
    legal moves with the same sentence (a route told apart only by its walk)."""
    described: set[str] = set()
    for seed, agent in ((1, "bot"), (2, "random")):
        for g, player, view, fresh in playouts.seat_moments(
            playout(setup, seed, agent, decisions=250 if agent == "bot" else 120)
        ):
            texts = [spoken(RULESET.label(a, view)) for a in g.legal_actions(player)]
            for action, text in zip(g.legal_actions(player), texts, strict=True):
                plain(text)
                described.add(type(action).__name__)
                if isinstance(action, Move):
                    found = MOVE.match(text)
                    assert found, text
                    end = action.path[-1]
                    assert found.groups() == (
                        action.plane,
                        str(end[0]),
                        str(end[1]),
                        FACING_LETTERS[action.facing],
                    ), text
            assert len(set(texts)) == len(texts), "two legal actions read the same"
            for event in fresh:
                text = event_text(RULESET, g.setup, event, view)
                if type(event).__module__ == classic_state.__name__:
                    own = RULESET.event_text(event, view)
                    assert own, f"{type(event).__name__} has no sentence"
                    plain(own)
                    described.add(type(event).__name__)
                if text is not None:
                    assert "player 0" not in text and "player 1" not in text, text
    assert {
        "Move",
        "TakeOff",
        "PlaceGuns",
        "Decline",
        "Moved",
        "CardsDrawn",
        "GunsPlaced",
    } <= described


def test_every_event_kind_has_a_sentence() -> None:
    """Every event class of the ruleset has a sentence of its own (not the generic line)."""
    g = Game(RULESET, "four-player", 1)
    view = g.observation(0)
    ev = classic_state
    examples = [
        ev.FirstTurn(side="German"),
        ev.GunsPlaced(player=1),
        ev.PlaneGiven(plane="RED-2", to=1, squadron="YELLOW"),
        ev.TookOff(plane="RED-1"),
        ev.CardsDrawn(squadron="RED", cards=("B1", "LP")),
        ev.Reshuffled(squadron="RED", cards=12),
        ev.Moved(plane="RED-1", path=((1, 0), (1, 1), (1, 2)), facing=2),
        ev.Stuck(plane="RED-1"),
        ev.GunRevealed(cell=(0, 20), squadron="GREEN", hit=True),
        ev.Landed(plane="RED-1", cell=(1, 0)),
        ev.CardsKept(squadron="RED", kept=2),
        ev.DogfightStarted(attacker="RED-1", defender="GREEN-1", position="tail"),
        ev.CardPlayed(plane="RED-1", card="B3"),
        ev.Exchanged(plane="GREEN-1", other="RED-1"),
        ev.ShotDown(plane="GREEN-1", by="AA:RED", how="AA gun"),
        ev.BecameAce(plane="RED-1", kills=2),
    ]
    assert {type(e) for e in examples} == set(EVENT_TYPES)
    for e in examples:
        text = RULESET.event_text(e, view)
        assert text
        plain(text)
    assert (
        RULESET.event_text(ev.GunsPlaced(player=1), view)
        == "Seat 2 (YELLOW partner) has placed the AA pieces."
    )


def test_every_action_kind_has_a_sentence() -> None:
    """Mutation caught: an action left to its ``describe`` ("give RED-2 to player 1")."""
    g = game(
        position(
            "German",
            plane("RED-1", 5, 5, "S"),
            plane("RED-2", 0, 0, flying=False),
            plane("GREEN-1", 5, 6, "S"),
        ),
        setup="four-player",
    )
    view = g.observation(0)
    st = classic_state
    expected = {
        st.PlaceGuns(
            hits=((0, 1), (3, 0))
        ): "Hit AA pieces on RED 0,1 3,0 (Miss on the other dot squares)",
        st.GivePlane(plane="RED-2", to=1): "give RED-2 to Seat 2 (YELLOW partner)",
        st.TakeOff(plane="RED-2"): "put RED-2 In Flight at 0,0",
        st.Move(plane="RED-1", path=((5, 5), (5, 4)), facing=0): "RED-1 to 5,4 (1 square) facing N",
        st.Attack(attacker="RED-1", target="GREEN-1"): "RED-1 attacks GREEN-1: tail attack",
        st.PlayCard(card="B3"): "play 3 Bursts",
        st.Decline(what="take-off RED"): "keep the RED planes on the ground",
        st.Decline(what="defend"): "play no card",
        st.KeepCards(cards=("B4", "LP")): "keep 4 Bursts and Loop",
    }
    assert {type(a) for a in expected} == set(ACTION_TYPES)
    for action, text in expected.items():
        assert spoken(RULESET.label(action, view)) == text
        plain(text)


@pytest.mark.clause("classic.move.9", "classic.move.15", "classic.ground.2")
def test_a_move_names_its_square_facing_die_and_the_guns_it_passes() -> None:
    g = game(
        position(
            "German",
            plane("RED-1", 2, 18, "S", may_land=True),
            plane("GREEN-1", 0, 21, flying=False),
        ),
        dice=[3, 3],
    )
    texts = {spoken(RULESET.label(m, g.observation(0))) for m in g.legal_actions(0)}
    assert "RED-1 to 1,20 (3 squares, over enemy AA 2,20 1,20) facing N" in texts
    assert "RED-1 to 2,19 (3 squares) facing N" in texts  # a route around the guns
    # a plane not yet allowed to land: routes to the same square that do and do not enter
    # the enemy half are told apart [classic.renew.5]
    g = game(
        position("German", plane("RED-1", 5, 10, "S"), plane("GREEN-1", 0, 21, flying=False)),
        dice=[4, 4],
    )
    texts = {spoken(RULESET.label(m, g.observation(0))) for m in g.legal_actions(0)}
    assert {
        "RED-1 to 5,10 (4 squares) facing S",
        "RED-1 to 5,10 (4 squares, entering the enemy half) facing S",
    } <= texts


def test_typing_a_square_and_facing_finds_the_move() -> None:
    """What a person types ("12,7 N") picks out moves by their sentence alone."""
    g = game(
        position("German", plane("RED-1", 5, 5, "S"), plane("GREEN-1", 0, 21, flying=False)),
        dice=[2, 4],
    )
    view = g.observation(0)
    typed = [
        m for m in g.legal_actions(0) if match("5,7 S", [spoken(RULESET.label(m, view))]).found
    ]
    assert {len(m.path) - 1 for m in typed} == {2, 4}  # with either die: the sentence says which
    assert all(m.path[-1] == (5, 7) and m.facing == 2 for m in typed)


# -- pictures ----------------------------------------------------------------------------------
def render(view: Any, **kw: Any) -> str:
    console = Console(width=130, record=True, force_terminal=True, color_system="truecolor", **kw)
    console.print(RULESET.draw(view))
    return console.export_text()


@pytest.mark.parametrize("setup", SETUPS)
def test_every_view_draws_with_coordinates_and_a_legend(setup: str) -> None:
    for g in playout(setup, 3, "bot", decisions=60):
        for viewer in (*range(len(g.setup.seats)), None):
            view = g.observation(viewer)
            text = render(view)
            lines = text.splitlines()
            assert lines[0].split() == [str(x) for x in range(16)]  # columns on the top edge
            assert lines[1].split()[0] == "0" and lines[1].split()[-1] == "0"  # rows on both sides
            assert "Legend" in text and "No Man's Land" in text and "AA piece" in text
            svg = RULESET.draw_svg(view)
            ET.fromstring(svg)
            assert (
                RULESET.draw_svg(
                    msgspec.msgpack.decode(msgspec.msgpack.encode(view), type=type(view))
                )
                == svg
            )


def test_the_board_is_never_dim() -> None:
    """Issue #14: the old board was drawn dim and low-contrast."""
    g = Game(RULESET, "two-player", 3)
    console = Console(width=130, record=True, force_terminal=True, color_system="truecolor")
    console.print(RULESET.draw(g.observation(0)))
    assert all(seg.style is None or not seg.style.dim for seg in console._record_buffer)
    assert "grey23" not in console.export_text(styles=True)


def test_without_colour_every_plane_still_shows_its_squadron() -> None:
    g = game(
        position(
            "German", plane("RED-1", 5, 5, "S", kills=1), plane("GREEN-1", 7, 12, "W", kills=2)
        )
    )
    text = render(g.observation(0), no_color=True)
    assert "▼R*" in text and "◄G#" in text


def test_a_seat_picture_never_shows_enemy_guns_it_has_not_seen() -> None:
    """Two games that differ only in where the American player put his Hit pieces give the
    German player identical pictures (terminal and SVG) until a piece is turned over; the
    American player's own picture shows his faces. Mutation caught: an SVG drawn from the
    referee's view, or the faces of all guns."""
    games = [Game(RULESET, "two-player", 5), Game(RULESET, "two-player", 5)]
    for g in games:
        g.apply(0, g.legal_actions(0)[0])
    g1, g2 = games
    legal = g1.legal_actions(1)
    g1.apply(1, legal[0])
    g2.apply(1, legal[-1])
    assert legal[0] != legal[-1]
    assert RULESET.draw_svg(g1.observation(0)) == RULESET.draw_svg(g2.observation(0))
    assert render(g1.observation(0)) == render(g2.observation(0))
    assert RULESET.draw_svg(g1.observation(1)) != RULESET.draw_svg(g2.observation(1))


def test_names_are_escaped_in_the_svg() -> None:
    g = Game(RULESET, "two-player", 1)
    view = msgspec.structs.replace(g.observation(0), seats=("<b>&", "x"))
    svg = RULESET.draw_svg(view)
    ET.fromstring(svg)
    assert "<b>&" not in svg and "&lt;b&gt;&amp;" in svg


# -- numbers for learning agents ---------------------------------------------------------------
@pytest.mark.parametrize("setup", SETUPS)
def test_the_observation_vector_has_a_fixed_length_and_follows_the_view(setup: str) -> None:
    lengths = set()
    for g in playout(setup, 6, "bot", decisions=120):
        for viewer in (*range(len(g.setup.seats)), None):
            view = g.observation(viewer)
            vector = RULESET.observation_vector(view)
            lengths.add(len(vector))
            assert all(isinstance(x, float) and -1e-9 <= x <= 1 + 1e-9 for x in vector)
            copy = msgspec.msgpack.decode(msgspec.msgpack.encode(view), type=type(view))
            assert RULESET.observation_vector(copy) == vector
    assert len(lengths) == 1


def test_a_seats_vector_does_not_show_the_other_seats_guns() -> None:
    games = [Game(RULESET, "two-player", 5), Game(RULESET, "two-player", 5)]
    for g in games:
        g.apply(0, g.legal_actions(0)[0])
    legal = games[0].legal_actions(1)
    games[0].apply(1, legal[0])
    games[1].apply(1, legal[-1])
    vectors = [RULESET.observation_vector(g.observation(0)) for g in games]
    assert vectors[0] == vectors[1]
    assert RULESET.observation_vector(games[0].observation(1)) != RULESET.observation_vector(
        games[1].observation(1)
    )


def test_move_to_helper_still_plays_moves() -> None:
    """The helpers pick moves by walk; the sentence of the move played is in the log."""
    g = game(
        position("German", plane("RED-1", 5, 5, "S"), plane("GREEN-1", 0, 21, flying=False)),
        dice=[2, 2],
    )
    move_to(g, "RED-1", [(5, 5), (5, 6), (5, 7)], "S")
    view = g.observation(0)
    lines = [event_text(RULESET, g.setup, e, view) or "" for e in g.log]
    assert any("RED-1 moves 2 squares to 5,7 facing S" in line for line in lines)
