"""Plain sentences for events: the core's own, a ruleset's, and a generic last resort."""

from __future__ import annotations

from aerodrome import Game
from aerodrome.engine.agents import RandomAgent
from aerodrome.engine.describe import event_text, seat_label
from aerodrome.engine.driver import drive
from aerodrome.engine.events import DiceRolled, Event, GameEnded
from tests.conftest import PLUGINS

JOUST = PLUGINS.ruleset("joust")
SETUP = JOUST.setup()


class Exploded(Event, frozen=True):
    aircraft_id: int


def test_seats_are_counted_from_one_with_their_names() -> None:
    assert seat_label(SETUP, 0) == "Seat 1 (Red ace)"
    assert seat_label(SETUP, 1) == "Seat 2 (Blue ace)"


def test_core_events_read_as_sentences() -> None:
    view = Game(JOUST, None, 1).observation(0)
    roll = DiceRolled(purpose="ace 1 fires", sides=6, faces=(3, 5), kept=(5,))
    assert (
        event_text(JOUST, SETUP, roll, view) == "ace 1 fires: 2 dice (d6) show 3, 5 (counting 5)."
    )
    end = GameEnded(winners=("red",), reason="shot down", rounds=4)
    assert (
        event_text(JOUST, SETUP, end, view)
        == "The game ends after 4 rounds, won by red: shot down."
    )


def test_a_whole_game_reads_without_indices_or_reprs() -> None:
    """Mutation caught: an action or event line falling back to a repr (``Pass(height=...)``)
    or to "player 0"."""
    game = Game(JOUST, None, 3)
    drive(game, [RandomAgent(1), RandomAgent(2)])
    lines = [event_text(JOUST, SETUP, e, game.observation(0)) for e in game.log_for(0)]
    text = "\n".join(line for line in lines if line)
    assert "Seat 1 (Red ace): pass" in text and "The game ends" in text
    for bad in ("=", "(height", "player 0"):
        assert bad not in text


def test_an_event_nobody_describes_gets_a_generic_line_without_markup_syntax() -> None:
    view = Game(JOUST, None, 1).observation(0)
    assert event_text(JOUST, SETUP, Exploded(aircraft_id=3), view) == "Exploded: aircraft id 3."
