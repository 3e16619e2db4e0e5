"""The odds shown next to a classic choice in ``aerodrome play``: a move that ends with an
enemy plane In Flight straight ahead starts a dogfight, and its chances are the exact ones of
:func:`aerodrome_classic.odds.attack_odds` from what the mover's seat may see."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from aerodrome.engine.game import Game
from aerodrome.engine.odds import percent
from aerodrome.plugins import default_plugins
from aerodrome_classic.odds import attack_odds
from aerodrome_classic.state import Move
from tests import playouts

RULES = default_plugins().ruleset("classic")
SETUP = next(s for s in RULES.setups() if s.name == "two-player")


def _moves_with_odds(seed: int) -> list[tuple[Game, int, Move, str]]:
    """Up to 40 moves that start a dogfight, one per decision, from a random game."""
    found = []
    for game in playouts.playout(RULES, SETUP, seed, decisions=3000):
        if game.is_over() or len(found) >= 40:
            break
        player = game.waiting_for()[0]
        view = game.observation(player)
        for action in game.legal_actions(player):
            if isinstance(action, Move) and (text := RULES.action_odds(action, view)):
                found.append((game.clone(), player, action, text))
                break
    return found


@pytest.mark.clause("classic.dogfight.1", "classic.dogfight.3", "classic.strategy.2")
def test_a_move_into_a_dogfight_shows_the_exact_chances() -> None:
    """Mutations caught: odds from the wrong squadron's hand size or played cards; a move
    away from any enemy given odds."""
    found = _moves_with_odds(1)
    assert found, "no move of the game started a dogfight"
    board = RULES.board
    played_seen = False
    for game, player, move, text in found:
        view = game.observation(player)
        mover = next(p for p in view.planes if p.id == move.plane)
        target = next(p for p in view.planes if p.cell == board.ahead(move.path[-1], move.facing))
        assert target.side != mover.side and target.in_flight
        theirs = next(s for s in view.squadrons if s.name == target.squadron)
        played_seen |= bool(theirs.played)
        mine = next(s for s in view.squadrons if s.name == mover.squadron)
        position = board.position(target.cell, target.facing, move.path[-1])
        bursts = [int(c[1]) for c in mine.hand or () if c[0] == "B"]
        if position == "head-on" and not bursts:
            assert "no Burst" in text
            continue
        chances = attack_odds(position, theirs.hand_size, max(bursts, default=0), theirs.played)
        assert f"shoots it down {percent(chances['defender_down'])}" in text
        assert sum(chances.values(), Fraction(0)) == 1
        shown = [float(x) for x in re.findall(r"([\d.]+)%", text)]
        assert abs(sum(shown) - 100) < 0.2
    assert played_seen, "no dogfight after the defender had played a card: the pack is not tested"


def test_a_move_that_starts_no_dogfight_shows_no_odds() -> None:
    game = Game(RULES, SETUP, 1)
    while not isinstance(game.legal_actions(game.waiting_for()[0])[0], Move):
        player = game.waiting_for()[0]
        game.apply(player, game.legal_actions(player)[0])
    player = game.waiting_for()[0]
    view = game.observation(player)
    quiet = [m for m in game.legal_actions(player) if RULES.action_odds(m, view) is None]
    assert quiet and all(
        not any(
            p.cell == RULES.board.ahead(m.path[-1], m.facing) and p.side != view.side
            for p in view.planes
        )
        for m in quiet
    )
