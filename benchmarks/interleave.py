"""Interleaved measurement of several workloads in one process (used by
:mod:`benchmarks.bench_reference`).

Each workload first fills its once-per-process tables (``Workload.warm``) and plays one game,
then is sized: the number of games that takes about ``seconds`` of CPU (the workloads of one
``pair`` all play the fewest of theirs: the same seeds, so that their ratio is paired). Then
come the rounds: each plays that many games of every workload, one workload after the other
(round-robin, the order rotated each round), timed in CPU seconds of this process
(``time.process_time``) from a collected heap. Every round plays new seeds (round ``r`` the games ``r*n`` to ``r*n + n - 1``),
as a simulation does: a cache that remembers situations seen before (classic's open routes,
Victoriana's odds tables) helps only as much as it would in a long run, not by replaying
the same games. A first round is played and not counted (caches filled on first sight).

A change of the machine's load or clock during the run hits every workload alike, and a
ratio of two workloads taken within one round cancels most of it: ratios are reported as the
min and median over rounds. Games per second are decisions per second over the mean
decisions per game of all the rounds' games, so one round's short or long games do not count
as a faster or slower machine.
"""

from __future__ import annotations

import gc
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

#: Seeds at and above this are for warming up and sizing; rounds play seeds 0, 1, ...
WARM_SEED = 1_000_000


@dataclass(frozen=True)
class Workload:
    """``run(first_seed, games)`` plays ``games`` seeded games and returns its decisions;
    ``warm()``, if given, fills what the workload caches once per process (before warm-up)."""

    name: str
    run: Callable[[int, int], int]
    unit: str = "games"
    reference: bool = False
    warm: Callable[[], object] | None = None
    #: Workloads with the same non-empty ``pair`` play the same seeds in every round (as many
    #: games as the slowest of them plays in about ``seconds``): a ratio of two of them is
    #: then taken over the same games, not over two sets of games of different lengths.
    pair: str = ""


@dataclass
class Series:
    """What the rounds of one workload measured."""

    workload: Workload
    games: int
    warm_seconds: float
    decisions: list[int] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    @property
    def decisions_per_second(self) -> list[float]:
        return [d / max(c, 1e-9) for d, c in zip(self.decisions, self.cpu, strict=True)]

    @property
    def decisions_per_game(self) -> float:
        return sum(self.decisions) / (self.games * len(self.decisions))

    @property
    def games_per_second(self) -> list[float]:
        per_game = self.decisions_per_game
        return [d / per_game for d in self.decisions_per_second]

    def rate(self, per: str) -> list[float]:
        """``per`` is ``"decisions"`` or ``"games"``: the rate of each round."""
        return self.decisions_per_second if per == "decisions" else self.games_per_second


def size(workload: Workload, seconds: float) -> tuple[int, float]:
    """Warm ``workload`` up, then count the games that take about ``seconds`` of CPU.
    Returns (games, seconds the warm-up took)."""
    start = time.process_time()
    if workload.warm is not None:
        workload.warm()
    workload.run(WARM_SEED, 1)
    warm = time.process_time() - start
    start = time.process_time()
    games = 0
    while time.process_time() - start < seconds / 2:
        workload.run(WARM_SEED + 1 + games, 1)
        games += 1
    return max(1, 2 * games), warm


def measure(
    workloads: Sequence[Workload],
    rounds: int,
    seconds: float,
    progress: Callable[[str], None] | None = None,
) -> list[Series]:
    """Size every workload, then run ``rounds`` interleaved rounds of all of them (after a
    first round that is not counted), each on new seeds."""
    say = progress or (lambda _: None)
    series = []
    for w in workloads:
        say(f"warming up {w.name}")
        games, warm = size(w, seconds)
        series.append(Series(w, games, warm))
    fewest: dict[str, int] = {}
    for s in series:
        if s.workload.pair:
            fewest[s.workload.pair] = min(s.games, fewest.get(s.workload.pair, s.games))
    for s in series:
        if s.workload.pair:
            s.games = fewest[s.workload.pair]
    for r in range(rounds + 1):
        say(f"round {r}/{rounds}" + (" (not counted)" if r == 0 else ""))
        shift = r % len(series)
        for s in series[shift:] + series[:shift]:
            gc.collect()
            start = time.process_time()
            decisions = s.workload.run(r * s.games, s.games)
            cpu = time.process_time() - start
            if r > 0:
                s.cpu.append(cpu)
                s.decisions.append(decisions)
    return series


def spread(values: Sequence[float]) -> dict[str, float]:
    """Min, median and max of per-round figures."""
    return {"min": min(values), "median": statistics.median(values), "max": max(values)}


def ratios(a: Sequence[float], b: Sequence[float]) -> dict[str, float]:
    """Min and median over rounds of ``a[r] / b[r]`` (both measured in round ``r``)."""
    per_round = [x / y for x, y in zip(a, b, strict=True)]
    return {"min": min(per_round), "median": statistics.median(per_round)}


def to_stderr(message: str) -> None:
    print(f"  … {message}", file=sys.stderr, flush=True)
