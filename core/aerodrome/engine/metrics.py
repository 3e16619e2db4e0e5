"""Game-quality metrics for comparing rulesets (``aerodrome compare``).

A metric is computed from the games of one *column* of the comparison (a ruleset, or a
ruleset with variants plugged in), streamed one record at a time, so memory stays flat
however many games are played. Each game comes with its *matchup*: ``bot-vs-bot`` (the
ruleset's rules-based bot in every seat), ``random-vs-random``, ``bot-vs-random`` (the
bot plays ``bot_side``, random agents the others), or ``ladder`` (two adjacent agents of the
skill ladder, :mod:`aerodrome.studies.ladder`). Most metrics read the column's *main*
matchup (bot-vs-bot when the ruleset has a bot, else random-vs-random).

The metric protocol (implement it to add a metric from a plugin through
``aerodrome_register_metrics``)::

    class MyMetric:
        name = "my-metric"          # unique key (JSON, table)
        title = "My metric"         # row label
        unit = "share"              # "share" (0..1), "turns", "decisions", "count", ...
        description = "what one value means"
        source = "where the definition comes from"

        def accumulator(self, column: Column) -> Accumulator: ...

    class MyAccumulator:
        def add(self, game: GameRecord, matchup: Matchup) -> None: ...
        def estimate(self) -> Estimate | None: ...   # None: not measurable here

Every estimate carries a 95 % confidence interval: Wilson's score interval for proportions,
the normal approximation for means. Both are deterministic, and sums are exact
(:class:`ExactSum`), so the value does not depend on the order in which games finish.

A metric whose value is the mean of one number per game may also say so (:class:`PerGame`):
``aerodrome.studies.compare`` then pairs a variant's games with its base's game by game (analytic
paired intervals); any other metric is paired by a bootstrap over its accumulators.

This package only measures finished games: it imports :mod:`aerodrome.engine.records`, never the
engine that plays them (:mod:`aerodrome.studies.compare`, :mod:`aerodrome.runs.parallel`).

Definitions and sources: ``docs/compare.md``.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable
from typing import Protocol, runtime_checkable

import msgspec

from aerodrome.engine.records import GameRecord, ParamValue

#: z for a two-sided 95 % interval.
Z95 = 1.959963984540054

#: The kind of a matchup: ``bot-vs-bot``, ``random-vs-random``, ``bot-vs-random``, or a
#: study's (the skill ladder's ``ladder``, :mod:`aerodrome.studies.ladder`).
MatchupKind = str


class Matchup(msgspec.Struct, frozen=True, kw_only=True):
    """Which agents played a game: the kind; for bot-vs-random the bot's side; for the
    skill ladder (:mod:`aerodrome.studies.ladder`) the side of the ``upper`` rung and the labels of
    the ``lower`` and ``upper`` rungs of the pair."""

    kind: MatchupKind
    bot_side: str | None = None
    lower: str | None = None
    upper: str | None = None


class Column(msgspec.Struct, frozen=True, kw_only=True):
    """One column of a comparison: a ruleset (with variants, or parameter values) and its
    setup.

    :param sides: the setup's sides; ``seat_sides``: the side of each seat (player id).
    :param params: the declared parameters set for this column (``aerodrome sweep``).
    """

    name: str
    ruleset: str
    title: str
    setup: str
    sides: tuple[str, ...]
    seat_sides: tuple[str, ...]
    variants: tuple[str, ...] = ()
    has_bot: bool = True
    #: The rungs of the skill ladder played (labels, weakest first; empty: no ladder).
    ladder: tuple[str, ...] = ()
    params: tuple[ParamValue, ...] = ()

    @property
    def main(self) -> MatchupKind:
        """The matchup most metrics read: the bot against itself when there is a bot."""
        return "bot-vs-bot" if self.has_bot else "random-vs-random"


class Estimate(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A measured value with its 95 % confidence interval ``[low, high]``.

    :param n: how many observations (games, usually) it rests on.
    :param method: ``wilson``, ``normal`` or ``derived`` (built from other estimates).
    :param spread: the standard deviation of the per-game values (for means).
    :param parts: the same measure per side (e.g. each side's win share).
    """

    value: float
    low: float
    high: float
    n: int
    method: str
    spread: float | None = None
    parts: dict[str, Estimate] = {}


class Accumulator(Protocol):
    """Takes games one at a time; gives the estimate at the end."""

    def add(self, game: GameRecord, matchup: Matchup) -> None: ...

    def estimate(self) -> Estimate | None: ...


@runtime_checkable
class Metric(Protocol):
    """A game-quality metric (see the module docstring)."""

    @property
    def name(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def unit(self) -> str: ...

    @property
    def description(self) -> str: ...

    @property
    def source(self) -> str: ...

    def accumulator(self, column: Column) -> Accumulator: ...


@runtime_checkable
class PerGame(Protocol):
    """A metric whose value is the mean of one number per game (a share: 0 or 1 a game).

    ``per_game`` gives that number for one game of ``column`` played in ``matchup``, or None
    when the metric does not read that game (another matchup, an undecided game...). The
    metric's estimate must be the mean of the numbers that are not None: the comparison
    pairs a variant's game *i* with its base's game *i* through them."""

    def per_game(self, game: GameRecord, matchup: Matchup, column: Column) -> float | None: ...


@runtime_checkable
class Reads(Protocol):
    """A metric that says which matchups' games its accumulator reads (an optional promise:
    the comparison skips other games when it bootstraps the metric, which saves most of that
    work). Without it, every game is offered."""

    def reads(self, column: Column) -> Collection[str]: ...


class MetricInfo(msgspec.Struct, frozen=True, kw_only=True):
    """A metric's description, as shown in ``--json`` and the report."""

    name: str
    title: str
    unit: str
    description: str
    source: str

    @classmethod
    def of(cls, metric: Metric) -> MetricInfo:
        return cls(
            name=metric.name,
            title=metric.title,
            unit=metric.unit,
            description=metric.description,
            source=metric.source,
        )


# -- statistics -------------------------------------------------------------------------------
class ExactSum:
    """A float sum that is exact (Shewchuk's partials, as in :func:`math.fsum`), kept
    incrementally: the total does not depend on the order of the values."""

    __slots__ = ("partials",)

    def __init__(self) -> None:
        self.partials: list[float] = []

    def add(self, x: float) -> None:
        partials = self.partials
        i = 0
        for y in partials:
            if abs(x) < abs(y):
                x, y = y, x
            hi = x + y
            lo = y - (hi - x)
            if lo:
                partials[i] = lo
                i += 1
            x = hi
        partials[i:] = [x]

    @property
    def value(self) -> float:
        return math.fsum(self.partials)


def wilson(successes: int, trials: int, z: float = Z95) -> Estimate | None:
    """Wilson's score interval for ``successes`` out of ``trials`` (None for no trials)."""
    if trials <= 0:
        return None
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return Estimate(
        value=p,
        low=min(p, max(0.0, centre - half)),  # p is inside; rounding must not push it out
        high=max(p, min(1.0, centre + half)),
        n=trials,
        method="wilson",
    )


class Proportion:
    """Counts successes among trials."""

    __slots__ = ("successes", "trials")

    def __init__(self) -> None:
        self.successes = 0
        self.trials = 0

    def add(self, success: bool) -> None:
        self.trials += 1
        self.successes += bool(success)

    def estimate(self) -> Estimate | None:
        return wilson(self.successes, self.trials)


class Mean:
    """Mean, standard deviation and normal-approximation interval of per-game values."""

    __slots__ = ("n", "squares", "total")

    def __init__(self) -> None:
        self.n = 0
        self.total = ExactSum()
        self.squares = ExactSum()

    def add(self, x: float) -> None:
        self.n += 1
        self.total.add(x)
        self.squares.add(x * x)

    def extend(self, xs: Iterable[float]) -> None:
        for x in xs:
            self.add(x)

    def estimate(self) -> Estimate | None:
        n = self.n
        if n == 0:
            return None
        mean = self.total.value / n
        var = max(0.0, (self.squares.value - n * mean * mean) / (n - 1)) if n > 1 else 0.0
        sd = math.sqrt(var)
        half = Z95 * sd / math.sqrt(n)
        return Estimate(
            value=mean, low=mean - half, high=mean + half, n=n, method="normal", spread=sd
        )


__all__ = [
    "Z95",
    "Accumulator",
    "Column",
    "Estimate",
    "ExactSum",
    "Matchup",
    "MatchupKind",
    "Mean",
    "Metric",
    "MetricInfo",
    "PerGame",
    "Proportion",
    "Reads",
    "wilson",
]
