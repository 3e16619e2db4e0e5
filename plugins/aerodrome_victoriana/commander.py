"""The bot's squadron commander: which Squadron Manoeuvre to choose, by the exact odds of the
Squadron Roll (victoriana.squadron.7-14).

For each of its four manoeuvres against each of the opponent's, it takes the distribution of
the roll's net successes (with the Defend bonus and carried Tactical successes), values the
outcome (fighters removed, damage rolls, aircraft escaping, carried successes, and, when
characters on both sides act in the Combat Phase, acting first: the book's "Ties break in
favor of the side with the biggest dice pool ... (which makes the Defend Maneuver a little
more appealing)") and picks the manoeuvre with the best mix of average and worst case.
It reads the observation only.
"""

from __future__ import annotations

from functools import cache, lru_cache

from aerodrome_victoriana import chances
from aerodrome_victoriana.state import (
    FLYING,
    MANOEUVRE_CHOICES,
    MANOEUVRES,
    ChooseManoeuvre,
)
from aerodrome_victoriana.view import DogfightView

#: What acting first in the Combat Phase is worth, in aircraft removed, when characters of
#: both sides act (victoriana.combat.2-3).
INITIATIVE_WORTH = 0.2


@lru_cache(maxsize=65536)
def manoeuvre_values(
    mine: int,
    theirs: int,
    my_carry: int,
    their_carry: int,
    my_fighters: int,
    their_fighters: int,
    my_count: int,
    their_count: int,
    contest: bool = False,
) -> tuple[float, ...]:
    """Expected value of each of my manoeuvres (Attack, Defend, Escape, Tactical), half
    the mean and half the worst over the opponent's four, by the exact roll odds. With
    ``contest`` (characters of both sides act in the Combat Phase) acting first is worth
    :data:`INITIATIVE_WORTH`: the winner acts first, a tie goes to the bigger pool
    (victoriana.combat.2-3), equal pools to a roll-off."""
    w_def, b_def = mine + (mine + 1) // 2, theirs + (theirs + 1) // 2
    dists = {(w, b): chances.net_distribution(w, b) for w in (mine, w_def) for b in (theirs, b_def)}
    # _effect by net successes, tabulated once per manoeuvre (the distributions are sorted
    # by net successes)
    top = max((d[-1][0] for d in dists.values() if d), default=0) + my_carry
    bottom = max((-d[0][0] for d in dists.values() if d), default=0) + their_carry
    gain = {
        m: [_effect(m, n, their_fighters, my_count, their_count) for n in range(top + 1)]
        for m in MANOEUVRES
    }
    loss = {
        e: [_effect(e, n, my_fighters, their_count, my_count) for n in range(bottom + 1)]
        for e in MANOEUVRES
    }
    rows: list[float] = []
    for m in MANOEUVRES:
        results: list[float] = []
        g = gain[m]
        for e in MANOEUVRES:
            w = w_def if m == "defend" else mine
            b = b_def if e == "defend" else theirs
            shift = (my_carry if m != "tactical" else 0) - (their_carry if e != "tactical" else 0)
            lo = loss[e]
            value = 0.0
            first = 0.0  # chance my side acts first in the Combat Phase
            tie_first = 1.0 if w > b else 0.5 if w == b else 0.0
            for n, p in dists[w, b]:
                n += shift
                if n > 0:
                    value += p * g[n]
                    first += p
                elif n < 0:
                    value -= p * lo[-n]
                else:
                    first += p * tie_first
            if contest:
                value += INITIATIVE_WORTH * (2 * first - 1)
            results.append(value)
        rows.append(0.5 * sum(results) / len(results) + 0.5 * min(results))
    return tuple(rows)


def _effect(manoeuvre: str, n: int, foe_fighters: int, own: int, foe: int) -> float:
    """What ``n`` net successes of ``manoeuvre`` are worth to their side."""
    if manoeuvre == "attack":
        removed = min(n, foe_fighters)
        return removed + 0.4 * ((n - removed) // 3)
    if manoeuvre == "defend":
        removed = min(n // 3, foe_fighters)
        return removed + 0.4 * ((n - 3 * removed) // 6)
    if manoeuvre == "escape":
        return 0.6 * min(n, own) if own * 2 < foe else -0.3 * min(n, own)
    # tactical: successes for next round's Attack, worth less than a fighter each when
    # there are no fighters left to remove
    return 0.6 * n * (1.0 if foe_fighters else 0.4 / 3)


@cache  # unbounded (the positions of a battle are few): no LRU bookkeeping on every hit
def _best_manoeuvre(
    mine: int,
    theirs: int,
    my_carry: int,
    their_carry: int,
    my_fighters: int,
    their_fighters: int,
    my_count: int,
    their_count: int,
    contest: bool,
) -> ChooseManoeuvre:
    """The manoeuvre of highest :func:`manoeuvre_values` (the first of equals)."""
    values = manoeuvre_values(
        mine,
        theirs,
        my_carry,
        their_carry,
        my_fighters,
        their_fighters,
        my_count,
        their_count,
        contest,
    )
    return MANOEUVRE_CHOICES[values.index(max(values))]


def _squadrons(obs: DogfightView) -> dict[str, tuple[int, int, int]]:
    """(fighters, best current Handling, aircraft with acting characters) of each side in
    the dogfight (the roster tells fighters and special aircraft apart: sides and roles
    never change)."""
    crafts, roster = obs.crafts, obs.roster
    counted: dict[str, tuple[int, int, int]] = {}
    for i, side in enumerate(obs.sides):
        n = 0
        best = -99  # the best current Handling (victoriana.aircraft.11)
        named = 0
        for cid in roster.fighters[i]:
            c = crafts[cid]
            if c.status == FLYING:
                n += 1
                h = c.handling
                if h > best:
                    best = h
        for cid in roster.specials[i]:
            c = crafts[cid]
            if c.status == FLYING:
                if c.handling > best:
                    best = c.handling
                named += c.named
        counted[side] = (n, best, named)
    return counted


def choose_manoeuvre(obs: DogfightView, me: str) -> ChooseManoeuvre:
    """The manoeuvre of side ``me``."""
    return _best_manoeuvre(*_inputs(obs, me))


def manoeuvre_ranking(obs: DogfightView, me: str) -> list[tuple[ChooseManoeuvre, float]]:
    """The four manoeuvres of side ``me`` with their :func:`manoeuvre_values`, best first
    (the first is :func:`choose_manoeuvre`'s)."""
    values = manoeuvre_values(*_inputs(obs, me))
    ranked = sorted(range(len(values)), key=lambda i: -values[i])
    return [(MANOEUVRE_CHOICES[i], values[i]) for i in ranked]


def _inputs(obs: DogfightView, me: str) -> tuple[int, int, int, int, int, int, int, int, bool]:
    """What the manoeuvre values of side ``me`` depend on (see :func:`manoeuvre_values`)."""
    sides = obs.sides
    foe = sides[1] if me == sides[0] else sides[0]
    left = obs.left
    count, their_count = left[me], left[foe]  # aircraft in the dogfight
    table = _squadrons(obs)
    fighters, best, named = table[me]
    their_fighters, their_best, their_named = table[foe]
    dice, carry = obs.tactical_dice, obs.tactical_carry
    mine = count + (best if best > 0 else 0) + dice.get(me, 0) if count else 0
    theirs = (
        their_count + (their_best if their_best > 0 else 0) + dice.get(foe, 0) if their_count else 0
    )
    return (
        mine,
        theirs,
        carry.get(me, 0),
        carry.get(foe, 0),
        fighters,
        their_fighters,
        count,
        their_count,
        bool(named and their_named),
    )
