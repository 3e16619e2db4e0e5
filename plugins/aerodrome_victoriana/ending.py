"""How a dogfight ends, and who holds the sky.

The rulebook only says "If the fight remains unresolved by the end of the Combat phase
another round of dogfighting begins with the Squadron Phase" (victoriana.turn.2). aerodrome
reads the fight as resolved when

- a side has no aircraft left in it: destroyed, removed, escaped, landed or chasing
  (victoriana.turn.3);
- at the end of a round, a beaten squadron breaks off, the Gamemaster's call: a side with
  at most half of its aircraft left and no advantage in numbers withdraws, as the Escape
  manoeuvre's planes "fly away, or escape in thick cloud banks" (victoriana.turn.4);
- the sortie's range and ammunition run out (victoriana.aircraft.9): a rare stand-in cap.
"""

from __future__ import annotations

from fractions import Fraction

from aerodrome.api import Context, Result
from aerodrome_victoriana import specs
from aerodrome_victoriana.common import battle_over, stat
from aerodrome_victoriana.damage import leave
from aerodrome_victoriana.state import FLYING, GONE_LOST, DogfightState

BROKE_OFF = "broke_off"  # the stat of a side that broke off (victoriana.turn.4)


def starting(state: DogfightState, side: str) -> int:
    """Aircraft the side brought to the dogfight."""
    return len(state.roster.crafts[state.sides.index(side)])


def beaten(state: DogfightState) -> list[str]:
    """Sides that break off now (victoriana.turn.4): at most ``left_percent`` % of their
    aircraft left in the dogfight and no more aircraft than the enemy. When both sides
    qualify, the one keeping the smaller share of its aircraft breaks off; equal shares:
    both."""
    rule = specs.rules().break_off
    a, b = state.sides
    left = state.left
    broken = [
        side
        for side, foe in ((a, b), (b, a))
        if left[side] * 100 <= starting(state, side) * rule.left_percent and left[foe] >= left[side]
    ]
    if len(broken) == 2:
        share = {s: Fraction(left[s], starting(state, s)) for s in broken}
        if share[a] != share[b]:
            broken = [a if share[a] < share[b] else b]
    return broken


def break_off(state: DogfightState, ctx: Context) -> None:
    """The Gamemaster's call at the end of a round: beaten squadrons withdraw (their
    aircraft are not lost: they fly home to fight another day)."""
    if battle_over(state):
        return
    for side in beaten(state):
        stat(state, f"{side}.{BROKE_OFF}")
        for c in list(state.crafts):
            if c.side == side and c.status == FLYING:
                leave(state, ctx, c, "withdrawn")


def result(state: DogfightState, rounds: int) -> Result:
    """Who holds the sky: the side with aircraft left when the other has none (or broke
    off); after the sortie, the side keeping the larger share of its
    aircraft in the dogfight (victoriana.aircraft.9)."""
    a, b = state.sides
    left = dict(state.left)
    losses = dict.fromkeys(state.sides, 0)
    start = dict.fromkeys(state.sides, 0)
    for c in state.crafts:  # one pass: aircraft lost and aircraft at the start, by side
        start[c.side] += 1
        if c.status in GONE_LOST:
            losses[c.side] += 1
    kills = {a: losses[b], b: losses[a]}
    stats: dict[str, float] = {k: float(v) for k, v in state.stats.items()}
    engagements = int(stats.pop("engagements", 0.0))
    for s in state.sides:
        stats[f"{s}.left_in_dogfight"] = float(left[s])

    def ended(winners: tuple[str, ...], reason: str) -> Result:
        return Result(
            winners=winners,
            reason=reason,
            rounds=rounds,
            kills=kills,
            losses=losses,
            engagements=engagements,
            stats=stats,
        )

    if not battle_over(state):
        return Result(
            winners=(),
            reason="the dogfight goes on",
            rounds=rounds,
            finished=False,
            kills=kills,
            losses=losses,
            engagements=engagements,
            stats=stats,
        )
    broke = [s for s in state.sides if state.stats.get(f"{s}.{BROKE_OFF}")]
    if not (left[a] and left[b]):  # victoriana.turn.3, victoriana.turn.4
        if left[a] == left[b]:
            if len(broke) == 2:
                return ended((), "both squadrons break off")
            return ended((), "no aircraft left on either side")
        winner = a if left[a] else b
        loser = b if winner == a else a
        if loser in broke:
            return ended((winner,), f"{loser} break off: {winner} hold the sky")
        return ended((winner,), f"{winner} hold the sky")
    # victoriana.aircraft.9: out of range and ammunition; the side keeping the larger share
    # of its aircraft in the dogfight holds the sky
    share = {s: Fraction(left[s], start[s]) for s in state.sides}
    if share[a] == share[b]:
        return ended((), "out of range and ammunition, even")
    winner = a if share[a] > share[b] else b
    return ended((winner,), f"out of range and ammunition: {winner} hold the sky")
