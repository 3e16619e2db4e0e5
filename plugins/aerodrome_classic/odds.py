"""Exact dogfight odds from the card pack (icepool decks, never sampled).

An enemy's In Flight hand is a deal of ``cards`` from the squadron pack minus the cards seen
played since the last reshuffle [classic.strategy.2]. From it follow the chances of each
outcome of an attack [classic.side.*, classic.headon.*, classic.tail.*]:

- side: the defender holds a Roll Out (saved) or not (shot down);
- tail: the defender holds a Loop (exchange) or not (shot down);
- head on with the attacker's highest Burst ``burst``: a higher Burst (the attacker is shot
  down, if the defender plays it), an equal one (cancel), neither (the defender is shot down).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import cache

import icepool

from aerodrome_classic.specs import load_specs


def _p(die: object, outcome: int) -> Fraction:
    return Fraction(die.probability(outcome))  # type: ignore[attr-defined]


@cache
def _deal_none(pool: tuple[tuple[str, int], ...], kinds: frozenset[str], cards: int) -> Fraction:
    """Chance that ``cards`` dealt from ``pool`` hold none of ``kinds``."""
    total = sum(n for _, n in pool)
    if cards <= 0:
        return Fraction(1)
    if cards > total:
        return Fraction(0)
    wanted = sum(n for k, n in pool if k in kinds)
    if wanted == 0:
        return Fraction(1)
    deck = icepool.Deck(
        {"wanted": wanted, "other": total - wanted} if total > wanted else {"wanted": wanted}
    )
    size = deck.deal(cards).keep_outcomes(["wanted"]).size()
    return _p(size, 0)


def unseen_pool(played: Iterable[str] = ()) -> tuple[tuple[str, int], ...]:
    """The squadron pack minus the cards seen played."""
    counts = Counter(load_specs().cards.pack.cards())
    for c in played:
        if counts[c] > 0:
            counts[c] -= 1
    return tuple(sorted((k, n) for k, n in counts.items() if n > 0))


POSITIONS = ("side", "head-on", "tail")
#: Burst cards run from 1 to 5 (the pack's ``burst`` counts) [classic.headon.1].
BURSTS = range(1, 6)


def check_request(position: str, cards: int, burst: int, played: Sequence[str]) -> None:
    """Refuse (``ValueError`` naming the option) what cannot happen at the table: an unknown
    attack position, a Burst that is no card, a card the pack does not hold, a card seen
    played more often than the pack holds it, a hand of more cards than are left to deal
    (the pack minus the cards seen played) [classic.strategy.2]."""
    if position not in POSITIONS:
        raise ValueError(f"--position: side, head-on or tail, not {position!r}")
    if burst not in BURSTS:
        raise ValueError(f"--burst: the attacker's highest Burst is 1 to 5, not {burst}")
    pack = Counter(load_specs().cards.pack.cards())
    seen = Counter(played)
    for card, times in seen.items():
        if card not in pack:
            raise ValueError(
                f"--played: {card!r} is no card of the pack (its cards: {', '.join(pack)})"
            )
        if times > pack[card]:
            raise ValueError(
                f"--played: {card} seen {times} times, but the pack holds {pack[card]}"
            )
    left = pack.total() - seen.total()
    if not 0 <= cards <= left:
        raise ValueError(
            f"--cards: a hand is dealt from the {left} cards not seen played: 0 to {left}, "
            f"not {cards}"
        )


def attack_odds(
    position: str, cards: int, burst: int = 0, played: Iterable[str] = ()
) -> dict[str, Fraction]:
    """Exact chances of the outcomes of an attack on a plane holding ``cards`` cards.

    Keys: ``defender_down``, ``saved`` (side: Roll Out; tail: Loop exchange), and for head on
    ``cancel`` and ``attacker_down`` (the defender holds a higher Burst than ``burst``).
    """
    pool = unseen_pool(played)
    if position == "side":
        none = _deal_none(pool, frozenset({"RO"}), cards)
        return {"defender_down": none, "saved": 1 - none}
    if position == "tail":
        none = _deal_none(pool, frozenset({"LP"}), cards)
        return {"defender_down": none, "saved": 1 - none}
    if position == "head-on":
        if not 1 <= burst <= 5:
            raise ValueError("a head-on attack needs the attacker's highest Burst, 1..5")
        higher = frozenset(f"B{v}" for v in range(burst + 1, 6))
        no_higher = _deal_none(pool, higher, cards)
        no_answer = _deal_none(pool, higher | {f"B{burst}"}, cards)
        return {
            "defender_down": no_answer,
            "cancel": no_higher - no_answer,
            "attacker_down": 1 - no_higher,
        }
    raise ValueError(f"unknown attack position {position!r}: side, head-on or tail")
