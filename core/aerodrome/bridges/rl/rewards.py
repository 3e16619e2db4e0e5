"""Rewards of a learning environment: the result, and an optional shaping from material.

**Outcome** (given once, at the end of the game): +1 to every seat whose side is among the
winners, -1 to every other seat when somebody won, 0 to everybody in a draw and in a game
cut at its round cap (an unfinished game is a *truncation*, not a termination).

**Shaping** (off unless ``shaping`` is not 0): after every step each seat also gets
``shaping × (φ_after − φ_before)``, with the potential

    φ(seat) = own side's material / its material at the start
              − mean over the other sides of (their material / theirs at the start)

from :meth:`Ruleset.material` (aircraft alive weighted by value). A difference of
potentials adds ``shaping × (φ_end − φ_start)`` to an episode's return whatever was played
in between, so it does not change which policies are best (Ng, Harada and Russell 1999,
without discounting). A side whose material was 0 at the start counts 0; a ruleset that
reports no material gives no shaping.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from aerodrome.engine.ruleset import Result, Seat


def outcome(result: Result, side: str) -> float:
    """+1 for a winning side, -1 for a side that lost to somebody, 0 otherwise."""
    if not result.winners or not result.finished:
        return 0.0
    return 1.0 if side in result.winners else -1.0


class Shaping:
    """The material potential of every seat, relative to the start of the game."""

    def __init__(self, seats: Sequence[Seat], start: Mapping[str, float]) -> None:
        self.sides = [s.side for s in seats]
        self.start = {side: float(v) for side, v in start.items()}

    def potentials(self, material: Mapping[str, float]) -> list[float]:
        """φ of every seat for ``material`` (per side)."""
        share = {
            side: (float(material.get(side, 0.0)) / base if base > 0 else 0.0)
            for side, base in self.start.items()
        }
        out = []
        for side in self.sides:
            others = [v for s, v in share.items() if s != side]
            mean = sum(others) / len(others) if others else 0.0
            out.append(share.get(side, 0.0) - mean)
        return out
