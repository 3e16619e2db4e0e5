"""Exact odds of a dogfight (icepool), cached: the bot and ``aerodrome odds df40k`` use them.

The n-th attacker on the same flyer this turn rolls n d6, keeps the highest and adds n - 1
(df40k.victory.9); the defender rolls one d6. The margin is the attacker's total minus the
defender's: positive wins, zero draws, negative loses (df40k.dogfight.4).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import icepool

from aerodrome.engine.odds import as_fractions, d, highest_of, split_sign
from aerodrome_df40k.limits import FLYERS, GARGOYLES


@cache
def margin_distribution(
    attacker_df: int, defender_df: int, attackers: int = 1
) -> dict[int, Fraction]:
    """``{margin: exact probability}`` when ``attackers`` - 1 flyers attacked the defender
    before this one this turn (``attackers`` = 1: a single attacker)."""
    if not 1 <= attackers <= FLYERS:
        raise ValueError(
            f"attackers counts this attacker too: 1 to {FLYERS} (the most flyers a side may field)"
        )
    attack = highest_of(attackers, 6) + (attackers - 1) + attacker_df
    defend = d(6) + defender_df
    return as_fractions(attack - defend)


@cache
def outcome(attacker_df: int, defender_df: int, attackers: int = 1) -> dict[str, Fraction]:
    """Exact probabilities of ``win``, ``draw`` and ``loss`` for the attacker."""
    return split_sign(margin_distribution(attacker_df, defender_df, attackers))


@cache
def gargoyle_shift(gargoyles: int, success: int = 4) -> dict[int, Fraction]:
    """``{points moved: exact probability}`` for ``gargoyles`` Gargoyles (df40k.racial.2)."""
    if not 0 <= gargoyles <= GARGOYLES:
        raise ValueError(f"gargoyles: 0 to {GARGOYLES}")
    if gargoyles == 0:
        return {0: Fraction(1)}
    one = icepool.d(6).map(lambda x: 1 if x >= success else 0)
    return as_fractions(gargoyles @ one)
