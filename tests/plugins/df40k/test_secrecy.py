"""Secret orders do not leak: nothing a player sees before the reveal depends on the other
player's unrevealed orders (df40k.orders.1 "both players secretly give each of their Flyers
one of the following orders").

Two games that differ only in one side's orders are played in lock step; until the reveal
the other side must see the same observations, log, decisions (kind, prompt, players),
waiting players and legal actions in both.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aerodrome import Game
from aerodrome.engine.data import Action
from aerodrome.engine.describe import prompt
from aerodrome.engine.ruleset import Setup
from aerodrome_df40k.state import GiveOrder, OrdersRevealed
from tests.plugins.df40k.helpers import ARMADA, RULESET, custom

#: Three flyers a side: both players give their orders flyer by flyer.
BIG = custom(
    "three-a-side",
    [["ork-fighter", "fighta-bommer", "ork-heavy-bomber"], ["harridan", "harpy", "crone"]],
    (0, 8),
)


def seen_by(g: Game, player: int) -> bytes:
    """Everything ``player`` can see now, as bytes."""
    d = g.decision()
    enc = msgspec.json.encode
    return b"\n".join(
        (
            enc(g.observation(player)),
            g.log_bytes(player),
            enc(d),
            enc(g.waiting_for()),
            enc(list(g.legal_actions(player))),
        )
    )


def lockstep(setup: Setup, secret: int, choose_a: Any, choose_b: Any, choose_other: Any) -> int:
    """Play the orders of turn two in two games; ``secret``'s orders come from
    ``choose_a`` / ``choose_b`` (game A / game B), the other player's from
    ``choose_other`` in both. Returns how many steps were compared."""
    other = 1 - secret
    a, b = Game(RULESET, setup, 7), Game(RULESET, setup, 7)
    steps = 0
    while not revealed(a) and not revealed(b):
        assert seen_by(a, other) == seen_by(b, other), (
            f"step {steps}: games differ for player {other}"
        )
        steps += 1
        assert a.waiting_for() == b.waiting_for()
        # the secret side first: its commitment must not show while the other still chooses
        for p in sorted(a.waiting_for(), key=lambda q: q != secret):
            if p == other:
                act: Action = choose_other(a.legal_actions(p))
                a.apply(p, act)
                b.apply(p, act)
            else:
                asked = a.asked
                a.apply(p, choose_a(a.legal_actions(p)))
                b.apply(p, choose_b(b.legal_actions(p)))
                # committed, the decision not yet resolved (a resolution that ends the game
                # asks nothing new: the orders are revealed then, and may differ)
                if a.asked == asked and not revealed(a) and not revealed(b):
                    assert seen_by(a, other) == seen_by(b, other), (
                        f"step {steps}: player {other} sees {secret}'s commitment"
                    )
    # the reveal happens at the same moment in both games
    assert revealed(a) and revealed(b)
    return steps


def revealed(g: Game) -> bool:
    return any(isinstance(e, OrdersRevealed) for e in g.log)


def pick(**fields: Any) -> Any:
    """The first legal action with these fields, else Ground support."""

    def choose(legal: Any) -> Action:
        for act in legal:
            if isinstance(act, GiveOrder) and all(getattr(act, k) == v for k, v in fields.items()):
                return act  # type: ignore[no-any-return]
        return next(a for a in legal if getattr(a, "order", "") == "ground-support")  # type: ignore[no-any-return]

    return choose


@pytest.mark.clause("df40k.orders.1", "df40k.orders.4", "df40k.orders.7")
def test_an_escort_of_an_ally_not_yet_ordered_does_not_change_the_next_public_prompt() -> None:
    """The leak of issue 13: ordering flyer by flyer, the Ork fighter escorts the
    Fighta-Bommer (the next flyer in roster order). The Tyranid player must not learn it
    from the next prompt skipping the Fighta-Bommer (mutation caught: settling the ward's
    order without asking, as before)."""
    escort = pick(flyer="ork-fighter-1", order="escort", escort="fighta-bommer-1")
    ground = pick(flyer="ork-fighter-1", order="ground-support")
    steps = lockstep(BIG, 0, escort, ground, lambda legal: legal[0])
    # one simultaneous decision per round of flyers, whatever the orders
    assert steps == 3


@pytest.mark.clause("df40k.orders.1", "df40k.orders.7")
def test_the_escorted_flyer_is_still_asked_and_may_only_take_ground_support() -> None:
    g = Game(RULESET, BIG, 7)
    g.apply(0, GiveOrder(flyer="ork-fighter-1", order="escort", escort="fighta-bommer-1"))
    g.apply(1, g.legal_actions(1)[0])
    d = g.decision()
    assert d is not None and d.players == (0, 1)
    assert prompt(RULESET, d, g.observation(0)) == "Secret orders for Fighta-Bommer 1"
    assert "Fighta-Bommer" not in prompt(RULESET, d, g.observation(1))
    assert list(g.legal_actions(0)) == [GiveOrder(flyer="fighta-bommer-1", order="ground-support")]


@pytest.mark.clause("df40k.orders.1")
@pytest.mark.parametrize("setup", [BIG, ARMADA, *RULESET.setups()], ids=lambda s: s.name)
@given(seed=st.integers(min_value=0, max_value=2**32), secret=st.integers(0, 1))
@settings(max_examples=25, deadline=None)
def test_two_games_differing_only_in_one_sides_orders_look_the_same_to_the_other(
    setup: Setup, seed: int, secret: int
) -> None:
    rng_a, rng_b, rng_o = random.Random(seed), random.Random(seed + 1), random.Random(seed + 2)
    lockstep(
        setup,
        secret,
        lambda legal: legal[rng_a.randrange(len(legal))],
        lambda legal: legal[rng_b.randrange(len(legal))],
        lambda legal: legal[rng_o.randrange(len(legal))],
    )
