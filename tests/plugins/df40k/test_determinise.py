"""df40k's determinisation: the other player's orders given and not yet revealed are drawn
again (df40k.orders.1); everything the player sees stays the same."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from aerodrome import Game
from aerodrome.engine.driver import Observer, drive
from aerodrome_df40k import orders
from tests.conftest import PLUGINS
from tests.playouts import seats, uniform

RULES: Any = PLUGINS.ruleset("df40k")
#: A set-up whose players order flyer by flyer (too many combinations to order at once).
SETUP = "orks-vs-tyranids"


def waiting(state: Any) -> list[list[str]]:
    """Each player's flyers still to order this turn (what the prompts ask about)."""
    return [[f.id for f in orders.unordered(state, p)] for p in range(len(state.sides))]


def hidden_moments(seeds: range) -> Iterator[tuple[Game[Any, Any, Any], int]]:
    """Games (clones) in which ``player`` owes an order while the other player has given
    orders not yet revealed."""
    for seed in seeds:
        game = Game(RULES, SETUP, seed)
        hidden = Hidden()
        drive(game, seats(game, uniform(random.Random(seed))), hidden)
        yield from hidden.found


class Hidden(Observer):
    """Clones of the game at each orders decision of a player whose opponent has orders not
    yet revealed."""

    def __init__(self) -> None:
        self.found: list[tuple[Game[Any, Any, Any], int]] = []

    def decision(self, game: Any, player: int, legal: Any) -> None:
        decision = game.decision()
        if (
            decision is not None
            and decision.kind == "orders"
            and any(f.order for f in game.state.flyers if f.player != player)
        ):
            self.found.append((game.clone(), player))


@pytest.mark.clause("df40k.orders.1", "df40k.orders.4")
def test_unrevealed_orders_are_drawn_again_and_nothing_visible_changes() -> None:
    moments = 0
    changed: set[str] = set()
    for game, player in hidden_moments(range(6)):
        moments += 1
        real = game.state
        other = 1 - player
        for seed in range(8):
            alt = game.determinised(player, seed)
            assert alt.observation(player) == game.observation(player)
            assert alt.log_bytes(player) == game.log_bytes(player)
            state = alt.state
            assert waiting(state) == waiting(real)  # the same flyers still wait: same prompts
            for f, g in zip(real.flyers, state.flyers, strict=True):
                if f.player == player or not f.order:
                    assert (g.order, g.escort, g.ram, g.eject) == (
                        f.order,
                        f.escort,
                        f.ram,
                        f.eject,
                    )
                    continue
                assert g.order, "a given order stays given"
                if (g.order, g.escort, g.ram, g.eject) != (f.order, f.escort, f.ram, f.eject):
                    changed.add(f.id)
                if g.order == "escort":
                    ward = state.flyer(g.escort)
                    assert ward.player == other and ward.order == "ground-support"
                    assert g.escort not in waiting(state)[other]
            # the sample is a game the rules can play on to its end
            drive(alt, seats(alt, uniform(random.Random(seed))))
    assert moments > 0
    assert changed, "no unrevealed order was ever drawn differently"


@pytest.mark.clause("df40k.orders.1")
def test_a_players_own_orders_and_a_revealed_turn_are_kept() -> None:
    for game, player in hidden_moments(range(2)):
        state = game.state
        state.revealed = True  # after the reveal nothing is secret
        alt = RULES.determinise(state, player, random.Random(1))
        assert alt == state and alt is not state
        return
    pytest.fail("no moment with hidden orders")


def test_legal_orders_are_what_is_drawn() -> None:
    """Every drawn order is one the flyer could have been given."""
    for game, player in hidden_moments(range(3)):
        alt = game.determinised(player, 5).state
        for f in alt.flyers:
            if f.player != player and f.order and f.order != "ground-support":
                f_order = (f.order, f.escort, f.ram, tuple(f.eject))
                saved = (f.order, f.escort, f.ram, f.eject)
                f.order, f.escort, f.ram, f.eject = "", "", False, []
                options = {
                    (o.order, o.escort, o.ram, o.eject)
                    for o in orders.legal_orders(alt, RULES.specs, f)
                }
                f.order, f.escort, f.ram, f.eject = saved
                assert f_order in options


@pytest.mark.clause("df40k.orders.4")
def test_an_escort_is_never_drawn_for_a_flyer_still_waiting_for_its_order() -> None:
    """Its forced Ground support would change the next prompt the player sees (mutation
    caught: drawing escorts of flyers still in the queue)."""
    game = Game(RULES, SETUP, 0)
    state = game.state
    decision = game.decision()
    assert decision is not None and decision.kind == "orders" and len(waiting(state)[0]) == 3
    first = waiting(state)[0][0]  # the orks gave their first flyer's order (flyer by flyer)
    state.flyer(first).order = "intercept"
    drawn = set()
    for seed in range(60):
        alt = RULES.determinise(state, 1, random.Random(seed))
        f = alt.flyer(first)
        drawn.add(f.order)
        assert not (f.order == "escort" and f.escort in waiting(alt)[0])
        assert waiting(alt) == waiting(state)
    assert len(drawn) > 2
