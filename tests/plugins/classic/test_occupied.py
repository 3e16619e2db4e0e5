"""The state's mask of occupied squares (``ClassicState.occupied``), which moves and attacks
read instead of looking at every plane, is the squares of the living planes after every
action: random and bot games of every set-up, whose planes are shot down by AA guns and in
dogfights of every kind, and a game from a position file with a plane already lost."""

from __future__ import annotations

from collections import Counter

import pytest

from aerodrome.engine.agents import PlayerView, RandomAgent, agent_seed
from aerodrome.engine.game import Game
from aerodrome_classic.state import ShotDown
from tests.conftest import PLUGINS
from tests.plugins.classic.helpers import RULESET, game, plane, position

BOT = PLUGINS.agent("classic", "bot").factory


def _held(g: Game) -> bytes:
    board = RULESET.board
    return board.pack(board.mask(p.cell for p in g.state.planes.values() if p.alive))


def _play(g: Game, seed: int, bots: bool, limit: int = 100_000) -> int:
    """Play ``g`` to its end (or ``limit`` actions), checking the mask after every action;
    the actions played."""
    seats = range(len(g.setup.seats))
    agents = [
        BOT(RULESET, p, agent_seed(seed, p)) if bots else RandomAgent(agent_seed(seed, p))
        for p in seats
    ]
    played = 0
    while not g.is_over() and g.round <= 150 and played < limit:
        for p in g.waiting_for():
            g.apply(p, agents[p].choose(PlayerView(g, p), g.legal_actions(p)))
            played += 1
            assert g.state.occupied == _held(g), f"after action {played} of seed {seed}"
    return played


@pytest.mark.clause("classic.move.16", "classic.down.1")
@pytest.mark.parametrize("setup", [s.name for s in RULESET.setups()])
def test_occupied_squares_kept_after_every_action(setup: str) -> None:
    how: Counter[str] = Counter()
    for seed in range(4):
        g = Game(RULESET, setup, seed)
        assert g.state.occupied == _held(g)
        assert _play(g, seed, bots=seed % 2 == 1) > 0
        how.update(e.how for e in g.log if isinstance(e, ShotDown))
    assert how["AA gun"] > 0  # a plane shot down on an AA square it flew over
    assert sum(n for k, n in how.items() if k != "AA gun") > 0  # and in dogfights


def test_occupied_squares_of_a_position_with_a_plane_lost() -> None:
    g = game(position("American", plane("GREEN-1", 5, 12), plane("RED-1", 5, 9, "S")))
    lost = [p for p in g.state.planes.values() if not p.alive]
    assert lost  # the planes the position leaves out are shot down
    assert g.state.occupied == _held(g)
    assert _play(g, 0, bots=False, limit=150) > 0  # (the scripted dice: 3 and 4 from here)
