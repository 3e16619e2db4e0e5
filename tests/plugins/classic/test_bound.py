"""classic's declared action bound (:mod:`aerodrome_classic.bound`): worked out from the
rules, checked analytically where it rests on an argument, and against seeded random games.

The games: ``AERODROME_BOUND_GAMES`` of them (default 100: about 5 s); the 10,000 games of
issue 28 are run by ``AERODROME_BOUND_GAMES=10000 pytest tests/plugins/classic/test_bound.py``
(40 minutes on a loaded machine, 2026-12-01: too long for every run of the suite;
docs/howto-rl.md gives the result: longest lists 1,204, 1,176, 1,019 and 660 against bounds
of 1,320, 1,320, 1,320 and 660)."""

from __future__ import annotations

import os
import random

import pytest

from aerodrome.engine.capabilities import ActionBound, capability
from aerodrome.engine.game import Game
from tests.conftest import PLUGINS

RULES = PLUGINS.ruleset("classic")
GAMES = int(os.environ.get("AERODROME_BOUND_GAMES", "100"))


@pytest.mark.clause("classic.move.16")
def test_a_plane_in_the_way_only_removes_moves() -> None:
    """The move bound takes each walk table on the empty board: with planes in the way a
    table offers no more moves (a blocked route choice gives none, an open one the same
    facings). Checked for every table of a sample of squares under random occupations."""
    board = RULES.board
    rng = random.Random(7)
    for ci in rng.sample(range(len(board.cells)), 16):
        for length in range(1, 7):
            for qualified in (False, True):
                table = board.table_at(ci, length, 0, qualified)
                empty = table.open[1][-1]
                for _ in range(5):
                    occupied = 0
                    for cell in rng.sample(range(len(board.cells)), 8):
                        occupied |= 1 << cell
                    occupied &= ~(1 << ci)
                    assert table.open_paths(occupied)[1][-1] <= empty


def test_classic_declares_its_bound_and_the_layout_takes_it() -> None:
    """The learning environments' action space of classic is the declared bound, with no
    probing. Mutation caught: find_layout ignoring ActionBound (it probes: probed == 8)."""
    from tests.rl.conftest import require_rl

    require_rl()
    from aerodrome.bridges.rl import find_layout

    found = capability(RULES, ActionBound)
    assert found is not None
    for setup in RULES.setups():
        layout = find_layout(RULES, setup)
        assert layout.actions == found.max_legal_actions(setup)
        assert layout.probed == 0 and not layout.numbered


@pytest.mark.clause("classic.move.9", "classic.setup.6", "classic.renew.2")
def test_no_legal_list_of_seeded_random_games_exceeds_the_bound() -> None:
    """Every legal list of ``GAMES`` seeded random games (every set-up in turn) fits the
    bound, so every legal action has a number. Mutation caught: a bound of one plane per
    seat (the two-player set-up's seats fly two squadrons; moves reach 1,048)."""
    setups = RULES.setups()
    bounds = [RULES.max_legal_actions(s) for s in setups]
    longest = [0] * len(setups)
    for seed in range(GAMES):
        k = seed % len(setups)
        game = Game(RULES, setups[k], seed, record=False)
        rng = random.Random(seed)
        while not game.is_over():
            player = game.waiting_for()[0]
            legal = game.legal_actions(player)
            n = len(legal)
            if n > longest[k]:
                longest[k] = n
                assert n <= bounds[k], f"seed {seed} ({setups[k].name}): {n} > {bounds[k]}"
            game.apply(player, legal[rng.randrange(n)])
    assert all(0 < n <= b for n, b in zip(longest, bounds, strict=True))
    print(f"{GAMES} games: longest legal lists {longest}, bounds {bounds}")
