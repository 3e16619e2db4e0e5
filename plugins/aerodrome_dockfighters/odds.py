"""Exact odds of an attack (icepool, never sampled): hits and damage points.

One attack die hits on ``need`` (a natural 6 always, a natural 1 never, clause hit.2); easy
targets re-roll a miss once (hit.4), re-roll weapons confirm a hit (hit.3), damage against an
airship is re-rolled (airship.1); each hit rolls the weapon's damage profile (damage.3).
"""

from __future__ import annotations

from fractions import Fraction

import icepool

from aerodrome_dockfighters.combat import damage_points, hits


def hit_chance(need: int, *, easy: bool = False, reroll_hits: bool = False) -> Fraction:
    """The chance that one attack die scores a hit."""
    p = Fraction(sum(1 for f in range(1, 7) if hits(f, need)), 6)
    if reroll_hits:
        return p if easy else p * p
    return p + (1 - p) * p if easy else p


def damage_die(profile: tuple[int, ...], *, airship: bool = False) -> icepool.Die:
    """Damage points of one hit."""
    faces = [damage_points(f, profile) for f in range(1, 7)]
    if not airship:
        return icepool.Die(faces)
    # a successful damage roll is re-rolled and the second roll counts
    weights: dict[int, int] = {}
    for first in faces:
        for second in faces:
            got = second if first > 0 else 0
            weights[got] = weights.get(got, 0) + 1
    return icepool.Die(weights)


def attack(
    dice: int,
    need: int,
    profile: tuple[int, ...],
    *,
    easy: bool = False,
    reroll_hits: bool = False,
    airship: bool = False,
) -> dict[int, Fraction]:
    """``{damage points: exact probability}`` of an attack with ``dice`` attack dice."""
    p = hit_chance(need, easy=easy, reroll_hits=reroll_hits)
    one = damage_die(profile, airship=airship)
    miss = icepool.Die([0])
    per_die = icepool.Die([one, miss], times=[p.numerator, p.denominator - p.numerator])
    total = (
        per_die
        if dice == 1
        else icepool.Pool([per_die] * dice).sum()
        if dice > 1
        else icepool.Die([0])
    )
    denominator = total.denominator()
    return {int(o): Fraction(int(q), int(denominator)) for o, q in total.items()}
