"""Observations keep hands and AA faces hidden; the board picture renders."""

from __future__ import annotations

import pytest
from rich.console import Console

from aerodrome.engine.agents import RandomAgent
from aerodrome.engine.game import Game
from aerodrome_classic.view import ClassicView
from tests.plugins.classic.helpers import RULESET, game, plane, position


@pytest.mark.clause("classic.move.5", "classic.setup.7")
def test_hands_and_gun_faces_are_hidden_from_opponents() -> None:
    g = game(
        position(
            "German",
            plane("RED-1", 5, 5, "S"),
            plane("GREEN-1", 5, 12, "N"),
            hands={"RED": ["B2", "LP"], "GREEN": ["B5", "RO", "B1"]},
            hits=[(0, 1), (0, 20)],
            revealed=[(0, 20)],
        ),
        dice=[3, 4],
    )
    german = g.observation(0)
    american = g.observation(1)
    referee = g.observation(None)
    assert isinstance(german, ClassicView) and isinstance(american, ClassicView)
    assert isinstance(referee, ClassicView)
    sq = {s.name: s for s in german.squadrons}
    assert (
        sq["RED"].hand == ("B2", "LP") and sq["GREEN"].hand is None and sq["GREEN"].hand_size == 3
    )
    faces = {x.cell: x.face for x in american.guns}
    assert faces[(0, 1)] == "gun" and faces[(0, 20)] == "hit"  # own guns known, enemy hidden
    assert {x.cell: x.face for x in german.guns}[(0, 1)] == "hit"
    assert {s.name: s.hand for s in referee.squadrons}["GREEN"] == ("B1", "B5", "RO")


def test_render_draws_the_board_for_a_player() -> None:
    g = Game(RULESET, "two-player", 3)
    agents = [RandomAgent(1), RandomAgent(2)]
    for _ in range(12):
        (p,) = g.waiting_for()
        g.apply(p, agents[p].choose(None, g.legal_actions(p)))  # type: ignore[arg-type]
    console = Console(width=120, record=True, force_terminal=False)
    console.print(RULESET.draw(g.observation(0)))
    text = console.export_text()
    assert "No Man's Land" in text and "RED" in text
    assert any(ch in text for ch in "▲►▼◄✈")
