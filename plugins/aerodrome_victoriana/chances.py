"""The chances the bot weighs its choices by: Heresy-engine pools in floating point, from the
exact generating function (no icepool, so a fresh process builds them in milliseconds).

One white die counts successes: a 1 is a success, a 6 a success and another die, 2-5
nothing, so its generating function is (4 + x) / (6 - x) and a pool of n dice has
((4 + x) / (6 - x))^n: a pool is the pool of one die fewer multiplied by (4 + x) and
divided by (6 - x), coefficient by coefficient (victoriana.dice.1-3). Black dice that do not
explode are a binomial pool ((4 + 2x) / 6)^n. Each distribution is cut where the mass left
beyond it is below :data:`TAIL`. ``aerodrome odds`` keeps the exact icepool distributions;
the tests check these against them.
"""

from __future__ import annotations

from functools import cache

#: The probability mass a distribution may leave out of its upper tail.
TAIL = 1e-15


@cache
def pool(dice: int, explode: bool = True) -> tuple[float, ...]:
    """P(successes = k) for k = 0, 1, ... of ``dice`` white (``explode``) or plain black dice."""
    if dice <= 0:
        return (1.0,)
    previous = pool(dice - 1, explode)
    if not explode:
        out = [0.0] * (len(previous) + 1)
        for k, p in enumerate(previous):
            out[k] += p * (4 / 6)
            out[k + 1] += p * (2 / 6)
        return tuple(out)
    # multiply by (4 + x), then divide by (6 - x): b[k] = (c[k] + b[k - 1]) / 6
    size = len(previous) + 1
    grown = [0.0] * size
    for k, p in enumerate(previous):
        grown[k] += 4 * p
        grown[k + 1] += p
    terms: list[float] = []
    b = 0.0
    for c in grown:
        b = (c + b) / 6
        terms.append(b)
    # beyond the grown terms each coefficient is a sixth of the one before (the tail after
    # b holds b / 5); keep the terms until what is left beyond them is below TAIL
    while b / 5 >= TAIL:
        b /= 6
        terms.append(b)
    left = b / 5
    while len(terms) > 1 and left + terms[-1] < TAIL:
        left += terms.pop()
    return tuple(terms)


@cache
def hit_chance(white: int, black: int) -> float:
    """Chance an attack hits: white successes at least the black and at least one (ties go
    to the attacker, victoriana.pilot.1); black dice do not explode."""
    w = pool(white, True)
    below = _at_most(pool(black, False))
    return sum(p * below[min(k, len(below) - 1)] for k, p in enumerate(w) if k > 0)


@cache
def success_chance(white: int, black: int, needed: int) -> float:
    """Chance a character's test reaches ``needed`` net successes (black dice do not
    explode)."""
    w = pool(white, True)
    b = pool(black, False)
    below = _at_most(b)
    total = 0.0
    for k, p in enumerate(w):
        most = k - needed  # the black successes it can afford
        if most >= 0:
            total += p * below[min(most, len(below) - 1)]
    return total


@cache
def net_distribution(white: int, black: int) -> tuple[tuple[int, float], ...]:
    """The Squadron Roll's net successes (both pools explode, victoriana.squadron.5) as
    (net, probability) pairs sorted by net."""
    w = pool(white, True)
    b = pool(black, True)
    net: dict[int, float] = {}
    for sw, pw in enumerate(w):
        for sb, pb in enumerate(b):
            net[sw - sb] = net.get(sw - sb, 0.0) + pw * pb
    return tuple(sorted(net.items()))


def _at_most(dist: tuple[float, ...]) -> list[float]:
    """Cumulative: P(successes <= k)."""
    out: list[float] = []
    total = 0.0
    for p in dist:
        total += p
        out.append(total)
    return out
