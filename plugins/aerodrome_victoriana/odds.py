"""Exact odds of Heresy-engine pools through icepool (never sampled).

One die of an exploding pool counts successes: a 1 is one success, a 6 one success plus
another die, 2-5 nothing. icepool explodes the die to a finite depth; the depth is the
smallest at which the mass that would explode further is below the tolerance. Pool sums are
built by doubling, and outcomes in the far upper tail are trimmed while the trimmed mass
stays below the tolerance. Everything that is dropped or capped is reported.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

import icepool
import msgspec

#: The largest probability mass that truncation may move or drop, per query.
TOLERANCE = 1e-12

_SIX = 101  # a six: one success (101 % 100) and a marker so that only sixes explode


class PoolOdds(msgspec.Struct, frozen=True, kw_only=True):
    """The distribution of successes of one pool."""

    dice: int
    explode: bool
    successes: dict[int, float]
    truncated_mass: float
    explosion_depth: int


class OpposedOdds(msgspec.Struct, frozen=True, kw_only=True):
    """White against black: who wins, ties, and the distribution of net successes
    (white minus black)."""

    white: int
    black: int
    black_explodes: bool
    white_wins: float
    black_wins: float
    tie: float
    net: dict[int, float]
    truncated_mass: float
    explosion_depth: int


def explosion_depth(dice: int, tolerance: float = TOLERANCE) -> int:
    """The smallest depth whose capped mass ``dice * 6**-(depth + 1)`` is below ``tolerance``/4."""
    depth = 0
    while dice * 6.0 ** -(depth + 1) >= tolerance / 4:
        depth += 1
    return depth


@cache
def _success_die(explode: bool, depth: int) -> Any:
    if not explode:
        return icepool.Die({0: 4, 1: 2})
    return icepool.Die({0: 4, 1: 1, _SIX: 1}).explode([_SIX], depth=depth).map(lambda x: x % 100)


def _trim(die: Any, budget: float) -> tuple[Any, float]:
    """Drop the highest outcomes while their total mass stays within ``budget``."""
    items = sorted(die.items())
    total = die.denominator()
    share = Fraction(budget)
    limit = total * share.numerator // share.denominator
    dropped = 0
    cut = len(items)
    while cut > 1 and dropped + items[cut - 1][1] <= limit:
        cut -= 1
        dropped += items[cut][1]
    if cut == len(items):
        return die, 0.0
    return icepool.Die(dict(items[:cut])), dropped / total


def _pool(dice: int, explode: bool) -> tuple[Any, float, int]:
    """(icepool die of the pool's successes, mass trimmed, explosion depth)."""
    if dice <= 0:
        return icepool.Die([0]), 0.0, 0
    depth = explosion_depth(dice) if explode else 0
    one = _success_die(explode, depth)
    steps = max(1, dice.bit_length() * 2)
    budget = TOLERANCE / 4 / steps
    trimmed = 0.0
    acc: Any = None
    power = one
    n = dice
    while n:
        if n & 1:
            acc = power if acc is None else acc + power
            acc, t = _trim(acc, budget)
            trimmed += t
        n >>= 1
        if n:
            power, t = _trim(power + power, budget)
            trimmed += t
    return acc, trimmed, depth


def _capped(dice: int, depth: int, explode: bool) -> float:
    return dice * 6.0 ** -(depth + 1) if explode and dice > 0 else 0.0


@cache
def pool_odds(dice: int, explode: bool = True) -> PoolOdds:
    """The success distribution of ``dice`` white (``explode``) or plain black dice."""
    die, trimmed, depth = _pool(dice, explode)
    total = die.denominator()
    return PoolOdds(
        dice=dice,
        explode=explode,
        successes={int(o): q / total for o, q in die.items()},
        truncated_mass=trimmed + _capped(dice, depth, explode),
        explosion_depth=depth,
    )


@cache
def opposed(white: int, black: int, black_explodes: bool = True) -> OpposedOdds:
    """White pool against black pool. In the Squadron Roll both explode
    (victoriana.squadron.5); in a character's test black dice do not."""
    w, tw, dw = _pool(white, True)
    b, tb, db = _pool(black, black_explodes)
    diff = w - b
    total = diff.denominator()
    net = {int(o): q / total for o, q in diff.items()}
    return OpposedOdds(
        white=white,
        black=black,
        black_explodes=black_explodes,
        white_wins=sum((p for o, p in net.items() if o > 0), 0.0),
        black_wins=sum((p for o, p in net.items() if o < 0), 0.0),
        tie=net.get(0, 0.0),
        net=net,
        truncated_mass=tw + tb + _capped(white, dw, True) + _capped(black, db, black_explodes),
        explosion_depth=max(dw, db),
    )


def squadron_roll(white: int, black: int) -> OpposedOdds:
    """The Squadron Roll: both pools explode."""
    return opposed(white, black, True)


@cache
def hit_chance(white: int, black: int) -> float:
    """Chance an attack hits: white successes at least black and at least one
    (ties go to the attacker, victoriana.pilot.1)."""
    w = pool_odds(white, True).successes
    b = pool_odds(black, False).successes
    return sum((pw * pb for sw, pw in w.items() if sw > 0 for sb, pb in b.items() if sw >= sb), 0.0)


@cache
def success_chance(white: int, black: int, needed: int) -> float:
    """Chance a test reaches ``needed`` net successes (black dice do not explode)."""
    return sum((p for o, p in opposed(white, black, False).net.items() if o >= needed), 0.0)


@cache
def net_distribution(white: int, black: int) -> tuple[tuple[int, float], ...]:
    """The Squadron Roll's net successes as (net, probability) pairs, from the exact pool
    distributions (icepool) combined in floating point: what the bot weighs its options by."""
    w = pool_odds(white, True).successes
    b = pool_odds(black, True).successes
    net: dict[int, float] = {}
    for sw, pw in w.items():
        for sb, pb in b.items():
            net[sw - sb] = net.get(sw - sb, 0.0) + pw * pb
    return tuple(sorted(net.items()))


class TaskOdds(msgspec.Struct, frozen=True, kw_only=True):
    """A character's test: white dice against plain black dice."""

    white: int
    black: int
    success: float
    partial: float
    failure: float
    foul: float
    attack_hits: float
    truncated_mass: float


def task_odds(white: int, black: int, success: int, partial: int) -> TaskOdds:
    """Outcomes of a test needing ``success`` net successes (``partial`` for a partial), and
    the chance an attack with these pools hits (ties go to the attacker)."""
    dist = opposed(white, black, False)
    net = dist.net
    return TaskOdds(
        white=white,
        black=black,
        success=sum((p for n, p in net.items() if n >= success), 0.0),
        partial=sum((p for n, p in net.items() if partial <= n < success), 0.0)
        if partial > 0
        else 0.0,
        failure=sum(
            (p for n, p in net.items() if 0 <= n < (partial if partial > 0 else success)), 0.0
        ),
        foul=sum((p for n, p in net.items() if n < 0), 0.0),
        attack_hits=hit_chance(white, black),
        truncated_mass=dist.truncated_mass,
    )


def clear_caches() -> None:
    """Forget every cached distribution (for timing cold queries)."""
    for f in (_success_die, pool_odds, opposed, hit_chance, success_chance, net_distribution):
        f.cache_clear()
