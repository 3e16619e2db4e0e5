"""Paired differences: a column (a variant, a parameter value) minus its base, game by game.

Game *i* of a matchup is played from the same seed in every column, by the same agents: the
two columns' games are a paired sample (common random numbers; Law & Kelton, *Simulation
Modeling and Analysis*, the chapter on comparing alternative systems). Whatever the dice did
to both games of a pair cancels in their difference, so a paired interval is narrower than
one built from two independent samples whenever the pair's games are alike.

A test that fits each metric (docs/compare.md names the test of every metric):

- **A share of every game** (0 or 1 in every game of both columns): McNemar's exact test on
  the discordant pairs (the binomial test of ``b`` of ``b + c`` at ½) and the interval that
  inverts it (Clopper-Pearson on the discordant pairs, scaled by their share of all pairs).
- **A mean of one number per game** (:class:`aerodrome.engine.metrics.PerGame`): the
  numbers of both columns are paired by *unit* (the matchup and game index) and folded into
  running sums (:class:`PairedMoments`); the paired t interval (a ratio estimator linearised
  by the delta method when the metric skips some games), with guards where a t test would
  be wrong: when 12 pairs or fewer differ the p-value is the **exact swap test** (every way
  of swapping the two games of each differing pair: exact when nothing changed, for any
  distribution); when fewer than half the pairs differ (mostly zeros) or one pair carries
  more than a quarter of the differences' variance (heavy tails), a Monte Carlo swap test on
  the pairs kept. The interval is widened to reach zero when that test does not reject; a
  difference is *changed* only when its interval excludes zero and its test rejects.
- **Any other metric** (balance, skill indices, a plugin's): the Poisson bootstrap of
  Chamandy et al. (2012) run on the metric's own accumulators. Every game index gets ``B``
  Poisson(1) weights drawn from the run seed and the index, the *same* weights in both
  columns (so the resampling keeps the pairs), and replicate ``k`` of the metric sees each
  game as often as its ``k``-th weight: streamed, order-free, no game kept. The interval is
  the 2.5-97.5 % percentile interval of the replicates' differences, the p-value the normal
  test of the difference over the replicates' standard deviation; on fewer than
  :data:`FEWEST_BOOTSTRAP` pairs (a dozen ladder games) the p-value is 1: never claimed.

A difference is *changed* (its interval excludes zero and its test rejects) at the 95 %
level of one metric alone; which changes the verdicts confirm, over every metric compared,
is :mod:`aerodrome.studies.compare.verdicts`' question. Each difference also says how much
variance the pairing saved: one minus the paired variance over the variance of the same
difference from two independent samples.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Sequence

import msgspec

from aerodrome.engine.dice import derive_seed
from aerodrome.engine.metrics import (
    Accumulator,
    Column,
    Estimate,
    ExactSum,
    Matchup,
    Metric,
    PerGame,
    Reads,
)
from aerodrome.engine.records import GameRecord
from aerodrome.studies.compare.stats import (
    ALPHA,
    Z95,
    mcnemar_interval,
    mcnemar_p,
    newcombe_unpaired,
    normal_p,
    quantile,
    t_quantile,
    t_two_sided_p,
)

#: Bootstrap replicates (a 95 % percentile interval reads its 2.5 % and 97.5 % points).
REPLICATES = 400
#: Salt of the bootstrap weights' seed: not the seed of any game.
_SALT = 0x0B007_57A9
#: Differing pairs up to which the swap test is exact (all ``2**k`` swaps).
EXACT_SWAPS = 12
#: Differing pairs kept for the swap tests (beyond them the large-sample test stands).
KEEP = 400
#: Share of the differences' variance one pair may carry before the tails count as heavy.
HEAVY = 0.25
#: Random swaps of the Monte Carlo swap test.
SWAPS = 2000
#: Pairs below which a bootstrapped difference is never claimed (its p-value is 1): on a
#: handful of games the bootstrap's spread is itself too uncertain to test with.
FEWEST_BOOTSTRAP = 20


class Difference(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A metric in one column minus the same metric in its base column, game by game.

    :param value: the difference (column minus base); ``[low, high]`` its paired 95 %
        interval (it always holds ``value``).
    :param n: pairs of games it rests on (units: a matchup's game *i* in both columns).
    :param method: the interval: ``mcnemar-exact`` (a share of every game), ``paired-t``
        (a mean of every game), ``paired-ratio`` (a mean over the games the metric reads,
        delta method) or ``paired-bootstrap`` (any other metric).
    :param test: the test behind ``p``: ``mcnemar-exact``, ``paired-t``, ``swap-exact``
        (every swap of the differing pairs), ``swap-monte-carlo`` (heavy tails) or
        ``bootstrap-normal``.
    :param unpaired_low: ``unpaired_high``: the interval two independent samples of the
        same size would give (Newcombe's unpaired score interval for shares; normal
        otherwise).
    :param variance_saved: 1 − paired variance ÷ unpaired variance (0.75: an unpaired
        comparison needs 4 times the games for the same precision); ``None`` when neither
        column varies.
    :param p: the two-sided p-value of no difference, for this metric alone.
    :param p_adjusted: ``p`` adjusted for every metric of the comparison (Holm's step-down,
        :mod:`aerodrome.studies.compare.verdicts`); the verdicts confirm a change when it is
        at most 0.05.
    :param se: the paired standard error of ``value`` (what the detectable size and the
        planned games are read from).
    :param differing: pairs whose two games gave different numbers (for shares: McNemar's
        discordant pairs); ``None`` for a bootstrapped metric.
    :param typical: the mean absolute difference of the differing pairs.
    :param discordant: for shares, the pairs where only the column (first) or only the base
        (second) scored: McNemar's counts.
    :param detectable: the difference this run would detect with 80 % power at the level
        the verdicts confirm at (set by the verdicts; ``None`` when nothing tells it).
    """

    value: float
    low: float
    high: float
    n: int
    method: str
    unpaired_low: float
    unpaired_high: float
    test: str = ""
    variance_saved: float | None = None
    p: float | None = None
    p_adjusted: float | None = None
    se: float | None = None
    differing: int | None = None
    typical: float | None = None
    discordant: tuple[int, int] | None = None
    detectable: float | None = None

    @property
    def changed(self) -> bool:
        """The interval excludes zero and the test rejects at 5 % (this metric alone)."""
        return (self.low > 0.0 or self.high < 0.0) and (self.p is None or self.p < ALPHA)


class ColumnDifferences(msgspec.Struct, kw_only=True):
    """Every metric of ``column`` minus the same metric of ``base``, game by game;
    ``label`` says what the column changes (``head-on-ties-kill-both``, ``cards=6``)."""

    base: str
    column: str
    label: str
    metrics: dict[str, Difference | None]


def _bounds(metric: Metric) -> tuple[float, float]:
    """The range of a difference of ``metric``'s values: from its declared ``bounds`` (a
    share: 0 to 1), else unbounded."""
    bounds = getattr(metric, "bounds", None)
    if bounds is None and metric.unit == "share":
        bounds = (0.0, 1.0)
    if bounds is None:
        return -math.inf, math.inf
    lo, hi = bounds
    return lo - hi, hi - lo


def _clip(d: Difference, bounds: tuple[float, float]) -> Difference:
    lo, hi = bounds
    return msgspec.structs.replace(
        d,
        low=max(lo, d.low),
        high=min(hi, d.high),
        unpaired_low=max(lo, d.unpaired_low),
        unpaired_high=min(hi, d.unpaired_high),
    )


# -- analytic: one number per game ---------------------------------------------------------
#: A unit of pairing: the matchup (kind, side, the ladder's rungs, agents) and the game index.
Unit = tuple[str, str | None, str | None, str | None, tuple[str, ...], int]


class PairedMoments:
    """Running sums of the paired per-game numbers ``(y, x)`` of a base (``b``) and a column
    (``v``): ``y`` the number (0 where the metric skips the game), ``x`` 1 where it reads it.

    The estimates are ratio estimators ``R = Σy / Σx`` (a plain mean when ``x`` is always
    1). Their difference's variance comes from the linearised values ``u = (y − R x) / x̄``
    of each column (the delta method): ``S²(u_v − u_b) / n`` paired, ``(S²(u_v) + S²(u_b))
    / n`` unpaired; sums are exact, so the result does not depend on the order of games.
    The pairs whose two games differ are counted, and kept (at most :data:`KEEP` of them)
    for the swap tests of the module docstring.
    """

    _NAMES = ("yb", "xb", "yv", "xv")

    def __init__(self, seed: int = 0) -> None:
        self.n = 0
        self.seed = seed
        self.first = [ExactSum() for _ in range(4)]
        #: upper triangle of the products, row-major over (yb, xb, yv, xv)
        self.second = [ExactSum() for _ in range(10)]
        self.complete = True  # every unit defined in both columns
        self.binary = True  # every number is 0 or 1
        #: a: 1 in both, b: column 1 base 0, c: column 0 base 1, d: 0 in both
        self.table = [0, 0, 0, 0]
        #: pairs whose games differ; the first KEEP of them (None once more arrived)
        self.differing = 0
        self.kept: list[tuple[float, float, float, float]] | None = []
        self.spread = ExactSum()  # Σ |y_v − y_b| over the differing pairs

    def add(self, base: float | None, value: float | None) -> None:
        if base is None and value is None:
            return
        self.n += 1
        yb, xb = (0.0, 0.0) if base is None else (base, 1.0)
        yv, xv = (0.0, 0.0) if value is None else (value, 1.0)
        if base is None or value is None:
            self.complete = False
        for y, x in ((yb, xb), (yv, xv)):
            if x and y not in (0.0, 1.0):
                self.binary = False
        if self.complete and self.binary:
            self.table[(0 if yv else 2) + (0 if yb else 1)] += 1
        v = (yb, xb, yv, xv)
        if (yb, xb) != (yv, xv):
            self.differing += 1
            self.spread.add(abs(yv - yb))
            if self.kept is not None:
                self.kept.append(v)
                if len(self.kept) > KEEP:
                    self.kept = None
        for i in range(4):
            self.first[i].add(v[i])
        k = 0
        for i in range(4):
            for j in range(i, 4):
                self.second[k].add(v[i] * v[j])
                k += 1

    def _m2(self, i: int, j: int) -> float:
        i, j = min(i, j), max(i, j)
        return self.second[i * 4 - i * (i - 1) // 2 + (j - i)].value

    def difference(self, bounds: tuple[float, float]) -> Difference | None:
        n = self.n
        yb, xb, yv, xv = (s.value for s in self.first)
        if n < 2 or xb <= 0 or xv <= 0:
            return None
        if self.complete and self.binary:
            return _clip(self._shares(), bounds)
        rb, rv = yb / xb, yv / xv
        mb, mv = xb / n, xv / n
        # Σ (y − R x)(y' − R' x') over units, from the sums of products
        YB, XB, YV, XV = 0, 1, 2, 3

        def cross(y1: int, x1: int, r1: float, y2: int, x2: int, r2: float) -> float:
            return (
                self._m2(y1, y2)
                - r2 * self._m2(y1, x2)
                - r1 * self._m2(x1, y2)
                + r1 * r2 * self._m2(x1, x2)
            )

        var_b = max(0.0, cross(YB, XB, rb, YB, XB, rb)) / ((n - 1) * mb * mb)
        var_v = max(0.0, cross(YV, XV, rv, YV, XV, rv)) / ((n - 1) * mv * mv)
        cov = cross(YB, XB, rb, YV, XV, rv) / ((n - 1) * mb * mv)
        paired = max(0.0, var_v + var_b - 2 * cov) / n
        unpaired = (var_v + var_b) / n
        d = rv - rb
        t = t_quantile(1 - ALPHA / 2, n - 1)
        se = math.sqrt(paired)
        p = t_two_sided_p(d / se, n - 1) if se > 0 else float(d == 0)
        low, high = d - t * se, d + t * se
        test = "paired-t"
        if se == 0 and d != 0:  # every pair differs by the same: the swap test is 2 ** (1 - k)
            test, p = "swap-exact", min(1.0, 2.0 ** (1 - self.differing))
        swapped = self._swap_test(d, paired * n)
        if swapped is not None:
            test, p = swapped
            if p >= ALPHA:  # the interval never claims what the test does not
                low, high = min(low, 0.0), max(high, 0.0)
        half_u = t * math.sqrt(unpaired)
        return _clip(
            Difference(
                value=d,
                low=min(low, d),
                high=max(high, d),
                n=n,
                method="paired-t" if self.complete else "paired-ratio",
                test=test,
                unpaired_low=d - half_u,
                unpaired_high=d + half_u,
                variance_saved=_saved(paired, unpaired),
                p=p,
                se=se,
                differing=self.differing,
                typical=self.spread.value / self.differing if self.differing else None,
            ),
            bounds,
        )

    def _swap_test(self, observed: float, variance: float) -> tuple[str, float] | None:
        """The swap test where the t test would be wrong: exact over every swap of the
        differing pairs when there are at most :data:`EXACT_SWAPS`; by Monte Carlo when fewer
        than half the pairs differ (the differences are mostly zeros, and the t statistic
        is a sum of few terms) or one pair carries more than :data:`HEAVY` of the
        differences' variance (``variance``: ``n`` times the squared standard error; heavy
        tails); ``None`` where the t test stands."""
        if self.kept is None:
            return None
        kept = sorted(self.kept)  # the pairs in a fixed order: whatever order games arrived in
        if not kept:  # no pair differs: every swap gives the same
            return "swap-exact", 1.0
        if len(kept) <= EXACT_SWAPS:
            return "swap-exact", swap_p(self._totals(), kept, observed)
        if not self.complete or variance <= 0:
            return None
        mean = observed
        zeros = self.n - len(kept)
        largest = max(
            [(yv - yb - mean) ** 2 for yb, _, yv, _ in kept] + ([mean * mean] if zeros else [])
        )
        if 2 * len(kept) >= self.n and largest <= HEAVY * variance * (self.n - 1):
            return None
        rng = random.Random(derive_seed(self.seed ^ _SALT, len(kept)))
        return "swap-monte-carlo", swap_p(self._totals(), kept, observed, rng)

    def _totals(self) -> tuple[float, float, float, float]:
        yb, xb, yv, xv = (s.value for s in self.first)
        return yb, xb, yv, xv

    def _shares(self) -> Difference:
        a, b, c, d = self.table
        n = a + b + c + d
        theta, low, high = mcnemar_interval(b, c, n)
        _, ulow, uhigh = newcombe_unpaired(a + b, n, a + c, n)
        p1, p2 = (a + b) / n, (a + c) / n
        paired = ((b + c) - (b - c) ** 2 / n) / (n * n)
        unpaired = (p1 * (1 - p1) + p2 * (1 - p2)) / n
        return Difference(
            value=theta,
            low=low,
            high=high,
            n=n,
            method="mcnemar-exact",
            test="mcnemar-exact",
            unpaired_low=ulow,
            unpaired_high=uhigh,
            variance_saved=_saved(paired, unpaired),
            p=mcnemar_p(b, c),
            se=math.sqrt(max(0.0, paired)),
            differing=b + c,
            typical=1.0 if b + c else None,
            discordant=(b, c),
        )


def swap_p(
    totals: tuple[float, float, float, float],
    kept: Sequence[tuple[float, float, float, float]],
    observed: float,
    rng: random.Random | None = None,
) -> float:
    """The two-sided p-value of the swap test: the share of the ways of swapping the two
    games of each differing pair (``kept``: ``(yb, xb, yv, xv)``; ``totals``: the sums over
    every pair) whose difference of ratios is at least as far from zero as ``observed``.
    With no effect the two games of a pair are exchangeable, so every swap is as likely as
    the games played: the test is exact. Every swap (``2**k``, in Gray-code order) without
    ``rng``; else :data:`SWAPS` random ones, ``(1 + hits) / (1 + SWAPS)``."""
    yb0, xb0, yv0, xv0 = totals
    far = abs(observed) * (1 - 1e-9) - 1e-12

    def extreme(yb: float, xb: float, yv: float, xv: float) -> bool:
        if xb <= 0 or xv <= 0:
            return False
        return abs(yv / xv - yb / xb) >= far

    if rng is None:
        swapped = [False] * len(kept)
        yb, xb, yv, xv = totals
        hits = 1 if extreme(yb, xb, yv, xv) else 0
        for i in range(1, 1 << len(kept)):
            j = (i & -i).bit_length() - 1
            b_y, b_x, v_y, v_x = kept[j]
            sign = -1.0 if swapped[j] else 1.0
            swapped[j] = not swapped[j]
            yb, xb = yb + sign * (v_y - b_y), xb + sign * (v_x - b_x)
            yv, xv = yv - sign * (v_y - b_y), xv - sign * (v_x - b_x)
            hits += extreme(yb, xb, yv, xv)
        return hits / (1 << len(kept))
    hits = 0
    if xv0 > 0 and all(b_x == v_x for _, b_x, _, v_x in kept):
        # every differing pair read in both columns (so Σx is the same in both): a swap
        # of the pairs F moves the difference from Σd / Σx to (Σd − 2 Σ_F d) / Σx
        ds = [v_y - b_y for b_y, _, v_y, _ in kept]
        whole = math.fsum(ds)
        for _ in range(SWAPS):
            bits = rng.getrandbits(len(ds))
            flipped = math.fsum([x for j, x in enumerate(ds) if bits >> j & 1])
            hits += abs(whole - 2 * flipped) / xv0 >= far
        return (1 + hits) / (1 + SWAPS)
    for _ in range(SWAPS):
        yb, xb, yv, xv = yb0, xb0, yv0, xv0
        for b_y, b_x, v_y, v_x in kept:
            if rng.random() < 0.5:
                yb, xb = yb + v_y - b_y, xb + v_x - b_x
                yv, xv = yv - v_y + b_y, xv - v_x + b_x
        hits += extreme(yb, xb, yv, xv)
    return (1 + hits) / (1 + SWAPS)


def _saved(paired: float, unpaired: float) -> float | None:
    if unpaired <= 0:
        return None
    return 1.0 - paired / unpaired


def unit(record: GameRecord, matchup: Matchup) -> Unit:
    return (
        matchup.kind,
        matchup.bot_side,
        matchup.lower,
        matchup.upper,
        record.agents,
        record.index,
    )


class PerGamePairs:
    """One :class:`PerGame` metric's numbers in a base and a column, paired by unit as the
    records arrive (a game waits here only until its partner comes)."""

    def __init__(self, metric: PerGame, base: Column, column: Column, seed: int = 0) -> None:
        self.metric = metric
        self.columns = (base, column)
        self.waiting: dict[Unit, tuple[int, float | None]] = {}
        self.moments = PairedMoments(seed)

    def add(self, side: int, record: GameRecord, matchup: Matchup) -> None:
        value = self.metric.per_game(record, matchup, self.columns[side])
        key = unit(record, matchup)
        other = self.waiting.pop(key, None)
        if other is None:
            self.waiting[key] = (side, value)
            return
        got = {side: value, other[0]: other[1]}
        self.moments.add(got.get(0), got.get(1))

    def difference(self, bounds: tuple[float, float]) -> Difference | None:
        return self.moments.difference(bounds)


# -- the Poisson bootstrap ---------------------------------------------------------------------
def _poisson(rng: random.Random) -> int:
    """A Poisson(1) draw by inversion."""
    u = rng.random()
    k, p = 0, math.exp(-1.0)
    total = p
    while u > total and k < 30:
        k += 1
        p /= k
        total += p
    return k


@functools.lru_cache(maxsize=8192)
def weights(seed: int, index: int, replicates: int = REPLICATES) -> bytes:
    """The Poisson(1) weights of game index ``index`` in each bootstrap replicate: a
    function of the run seed and the index only, so both columns of a pair (and every
    matchup of that index) get the same weights, whatever order the games finish in."""
    rng = random.Random(derive_seed(seed ^ _SALT, index))
    return bytes(min(255, _poisson(rng)) for _ in range(replicates))


class BootstrapPairs:
    """Replicates of any metric's accumulator in a base and a column (see the module)."""

    def __init__(
        self, metric: Metric, base: Column, column: Column, seed: int, replicates: int = REPLICATES
    ) -> None:
        self.seed = seed
        self.replicates = replicates
        self.reps: tuple[list[Accumulator], list[Accumulator]] = (
            [metric.accumulator(base) for _ in range(replicates)],
            [metric.accumulator(column) for _ in range(replicates)],
        )
        #: the matchups each side's accumulators read (None: every one)
        self.kinds = tuple(
            frozenset(metric.reads(c)) if isinstance(metric, Reads) else None
            for c in (base, column)
        )

    def add(self, side: int, record: GameRecord, matchup: Matchup) -> None:
        kinds = self.kinds[side]
        if kinds is not None and matchup.kind not in kinds:
            return
        w = weights(self.seed, record.index, self.replicates)
        for acc, times in zip(self.reps[side], w, strict=True):
            for _ in range(times):
                acc.add(record, matchup)

    def difference(
        self, base: Estimate | None, column: Estimate | None, bounds: tuple[float, float]
    ) -> Difference | None:
        if base is None or column is None:
            return None
        diffs: list[float] = []
        bs: list[float] = []
        vs: list[float] = []
        for rb, rv in zip(*self.reps, strict=True):
            eb, ev = rb.estimate(), rv.estimate()
            if eb is None or ev is None:
                continue
            bs.append(eb.value)
            vs.append(ev.value)
            diffs.append(ev.value - eb.value)
        if len(diffs) < self.replicates // 2:
            return None
        d = column.value - base.value
        ordered = sorted(diffs)
        paired = _variance(diffs)
        unpaired = _variance(bs) + _variance(vs)
        se = math.sqrt(paired)
        p = normal_p(d / se) if se > 0 else float(d == 0)
        n = min(base.n, column.n)
        test = "bootstrap-normal"
        if n < FEWEST_BOOTSTRAP:
            test, p = "bootstrap-too-few", 1.0
        half_u = Z95 * math.sqrt(unpaired)
        return _clip(
            Difference(
                value=d,
                low=min(d, quantile(ordered, ALPHA / 2)),
                high=max(d, quantile(ordered, 1 - ALPHA / 2)),
                n=n,
                method="paired-bootstrap",
                test=test,
                unpaired_low=d - half_u,
                unpaired_high=d + half_u,
                variance_saved=_saved(paired, unpaired),
                p=p,
                se=se,
            ),
            bounds,
        )


def _variance(xs: Sequence[float]) -> float:
    n = len(xs)
    if n < 2:
        return 0.0
    mean = math.fsum(xs) / n
    return math.fsum((x - mean) ** 2 for x in xs) / (n - 1)


class Pairing:
    """Every metric's paired difference between a base column and one other column.

    Feed it the records of both columns (``side`` 0: the base, 1: the column) in any order.
    """

    def __init__(
        self,
        metrics: Sequence[Metric],
        base: Column,
        column: Column,
        seed: int,
        replicates: int = REPLICATES,
    ) -> None:
        self.base, self.column = base, column
        self.metrics = list(metrics)
        self.parts: list[PerGamePairs | BootstrapPairs] = [
            PerGamePairs(m, base, column, seed)
            if isinstance(m, PerGame)
            else BootstrapPairs(m, base, column, seed, replicates)
            for m in self.metrics
        ]

    def add(self, side: int, record: GameRecord, matchup: Matchup) -> None:
        for part in self.parts:
            part.add(side, record, matchup)

    def differences(
        self, base: dict[str, Estimate | None], column: dict[str, Estimate | None]
    ) -> dict[str, Difference | None]:
        """Each metric's difference, given both columns' level estimates."""
        out: dict[str, Difference | None] = {}
        for metric, part in zip(self.metrics, self.parts, strict=True):
            bounds = _bounds(metric)
            if isinstance(part, PerGamePairs):
                got = part.difference(bounds)
            else:
                got = part.difference(base.get(metric.name), column.get(metric.name), bounds)
            out[metric.name] = got
        return out


#: What each interval method and test is, in words (tables, the report, docs/compare.md).
METHODS: dict[str, str] = {
    "mcnemar-exact": "McNemar's exact test, its exact interval",
    "paired-t": "paired t interval",
    "paired-ratio": "paired ratio estimator (delta method)",
    "paired-bootstrap": f"paired Poisson bootstrap ({REPLICATES} replicates)",
}
TESTS: dict[str, str] = {
    "mcnemar-exact": "McNemar's exact test",
    "paired-t": "paired t test",
    "swap-exact": "exact swap test (few differing games)",
    "swap-monte-carlo": f"Monte Carlo swap test ({SWAPS} swaps; heavy tails)",
    "bootstrap-normal": "bootstrap standard error, normal test",
    "bootstrap-too-few": f"fewer than {FEWEST_BOOTSTRAP} pairs: never claimed",
}


def describe_method(d: Difference) -> str:
    """A few words on how a difference was measured (for tables and the report)."""
    interval = METHODS.get(d.method, d.method)
    if not d.test or d.test == d.method or (d.method, d.test) == ("paired-ratio", "paired-t"):
        return interval
    return f"{interval}; {TESTS.get(d.test, d.test)}"
