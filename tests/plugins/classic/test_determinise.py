"""classic's determinisation: other hands, unrevealed AA faces and pack orders dealt again
(classic.move.5, classic.setup.6, classic.setup.7); the player sees exactly the same."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from aerodrome import Game
from aerodrome.engine.driver import drive
from tests.conftest import PLUGINS
from tests.playouts import seats

RULES: Any = PLUGINS.ruleset("classic")


def moments(setup: str, seed: int, every: int = 9) -> Iterator[tuple[Game[Any, Any, Any], int]]:
    """Clones of a random game after the AA guns are placed, with the player who owes."""
    game = Game(RULES, setup, seed)
    rng = random.Random(seed)
    step = 0
    players = seats(game, lambda g, p, legal: legal[rng.randrange(len(legal))])
    while step < 400 and not game.is_over():
        player = game.waiting_for()[0]  # one player at a time in classic
        step += 1
        if all(game.state.guns_placed) and step % every == 0:
            yield game.clone(), player
        drive(game, players, limit=1)


@pytest.mark.clause("classic.move.5", "classic.setup.6", "classic.setup.7")
@pytest.mark.parametrize("setup", ["two-player", "four-player"])
def test_hidden_cards_and_guns_are_dealt_again_and_nothing_visible_changes(setup: str) -> None:
    hands_changed = guns_changed = packs_changed = 0
    for game, player in moments(setup, seed=7):
        real = game.state
        for seed in range(4):
            alt = game.determinised(player, seed)
            new = alt.state
            assert alt.observation(player) == game.observation(player)
            assert alt.log_bytes(player) == game.log_bytes(player)
            assert RULES.invariants(new) == []  # every pack still holds all its cards
            for name, sq in real.squadrons.items():
                nsq = new.squadrons[name]
                assert (len(nsq.hand), len(nsq.pack), len(nsq.discards)) == (
                    len(sq.hand),
                    len(sq.pack),
                    len(sq.discards),
                )
                assert not Counter(nsq.played) - Counter(nsq.discards)  # face up stays put
                if sq.seat == player:
                    assert nsq.hand == sq.hand and nsq.discards == sq.discards
                    assert sorted(nsq.pack) == sorted(sq.pack)
                else:
                    hands_changed += nsq.hand != sq.hand
                packs_changed += nsq.pack != sq.pack
            for g, ng in zip(real.guns, new.guns, strict=True):
                if g.revealed or real.squadrons[g.squadron].seat == player:
                    assert ng.hit == g.hit
                else:
                    guns_changed += ng.hit != g.hit
            for name in real.squadrons:
                hits = sum(g.hit for g in real.guns if g.squadron == name)
                assert sum(g.hit for g in new.guns if g.squadron == name) == hits
    assert hands_changed and guns_changed and packs_changed


def test_determinise_leaves_the_real_state_alone() -> None:
    game, player = next(moments("two-player", seed=2))
    before = RULES.observation(game.state, None, game.turn())
    RULES.determinise(game.state, player, random.Random(0))
    assert RULES.observation(game.state, None, game.turn()) == before


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 16, 33, 64])
def test_the_inlined_shuffle_draws_as_random_shuffle(size: int) -> None:
    """classic's determinisation shuffles with an inlined copy of CPython's algorithm (issue
    18, speed): the same order and the same generator state after it, for any size, so the
    searches play the same games. Mutations caught: drawing ``getrandbits(i.bit_length())``
    (the bound ``i`` in place of ``i + 1``), or walking the list upwards."""
    from aerodrome_classic.determinise import shuffle

    for seed in range(20):
        mine, theirs = random.Random(seed), random.Random(seed)
        a = [f"c{i}" for i in range(size)]
        b = list(a)
        shuffle(a, mine)
        theirs.shuffle(b)
        assert a == b
        assert mine.getstate() == theirs.getstate()
