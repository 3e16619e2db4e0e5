"""The statistics of paired comparisons, in pure Python (no numpy: the core's dependencies).

- :func:`mcnemar_p`: McNemar's exact test on the discordant pairs (the binomial test of
  ``b`` of ``b + c``), and :func:`mcnemar_interval`, the interval that inverts it: the
  Clopper-Pearson interval of the share of discordant pairs that favour the column, scaled
  by their share of all pairs (exact given the number of discordant pairs);
- :func:`newcombe_paired`: Newcombe's hybrid score interval for the difference of two paired
  proportions (Newcombe 1998, *Statistics in Medicine* 17:2635, method 10): a check on the
  exact interval's width, not used for verdicts;
- :func:`newcombe_unpaired`: the same interval for independent samples (Newcombe 1998,
  *Statistics in Medicine* 17:873, method 10): what the comparison would give unpaired;
- :func:`t_quantile` and :func:`t_two_sided_p`: Student's t, for paired-t intervals;
- :func:`quantile`: sample quantiles (Hyndman & Fan's type 7) for percentile bootstrap
  intervals;
- :func:`holm`: Holm's step-down adjusted p-values (the family of a comparison's verdicts);
- :func:`detectable`: the difference a two-sided test at a level detects with 80 % power.

Known answers are checked in tests/core/test_compare_stats.py.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from statistics import NormalDist

#: Two-sided 95 %.
ALPHA = 0.05
Z95 = 1.959963984540054


def wilson_limits(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval of ``successes / trials`` (``(0, 1)`` for no trials)."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half))


def newcombe_paired(a: int, b: int, c: int, d: int, z: float = Z95) -> tuple[float, float, float]:
    """Newcombe's method 10 for paired proportions: the difference ``p1 - p2`` with its
    interval, where ``a`` pairs are 1 in both, ``b`` 1 then 0, ``c`` 0 then 1, ``d`` 0 in
    both (``p1 = (a + b) / n``, ``p2 = (a + c) / n``). The correlation ``phi`` of the pairs
    narrows the interval, with Newcombe's correction (``ad - bc`` less ``n/2`` when
    positive, never below 0). Returns ``(difference, low, high)``."""
    n = a + b + c + d
    if n == 0:
        return 0.0, -1.0, 1.0
    p1, p2 = (a + b) / n, (a + c) / n
    l1, u1 = wilson_limits(a + b, n, z)
    l2, u2 = wilson_limits(a + c, n, z)
    margins = (a + b) * (c + d) * (a + c) * (b + d)
    phi = 0.0
    if margins > 0:
        cross = a * d - b * c
        if cross > n / 2:
            phi = (cross - n / 2) / math.sqrt(margins)
        elif cross < 0:
            phi = cross / math.sqrt(margins)
    theta = p1 - p2
    low = theta - math.sqrt(
        max(0.0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2)
    )
    high = theta + math.sqrt(
        max(0.0, (p2 - l2) ** 2 - 2 * phi * (p2 - l2) * (u1 - p1) + (u1 - p1) ** 2)
    )
    return theta, max(-1.0, low), min(1.0, high)


def newcombe_unpaired(
    x1: int, n1: int, x2: int, n2: int, z: float = Z95
) -> tuple[float, float, float]:
    """Newcombe's method 10 for independent proportions ``x1/n1 - x2/n2``: ``(difference,
    low, high)``."""
    if n1 <= 0 or n2 <= 0:
        return 0.0, -1.0, 1.0
    p1, p2 = x1 / n1, x2 / n2
    l1, u1 = wilson_limits(x1, n1, z)
    l2, u2 = wilson_limits(x2, n2, z)
    theta = p1 - p2
    low = theta - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = theta + math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    return theta, max(-1.0, low), min(1.0, high)


def binomial_cdf(k: int, n: int, p: float) -> float:
    """P(X <= k) for X ~ Binomial(n, p), through the regularized incomplete beta function
    (``I_{1-p}(n - k, k + 1)``): exact to rounding for any ``n``."""
    if k < 0:
        return 0.0
    if k >= n:
        return 1.0
    if p <= 0.0:
        return 1.0
    if p >= 1.0:
        return 0.0
    return _incomplete_beta(n - k, k + 1, 1.0 - p)


def mcnemar_p(b: int, c: int) -> float:
    """McNemar's exact test of ``b`` against ``c`` discordant pairs: the two-sided p-value
    of the binomial test of ``min(b, c)`` of ``b + c`` at ½ (twice the smaller tail, at most
    1; no mid-p), for any number of pairs."""
    n = b + c
    if n == 0:
        return 1.0
    return min(1.0, 2.0 * binomial_cdf(min(b, c), n, 0.5))


def clopper_pearson(successes: int, trials: int, alpha: float = 0.05) -> tuple[float, float]:
    """The Clopper-Pearson ("exact") interval of a binomial share: the shares whose one-sided
    tails at the observed count are at least ``alpha / 2`` (``(0, 1)`` for no trials). It
    excludes ½ exactly when the two-sided binomial test (:func:`mcnemar_p`) is below
    ``alpha``."""
    if trials <= 0:
        return 0.0, 1.0

    def solve(tail: float, count: int, upper: bool) -> float:
        # the share p where P(X <= count) (upper) or P(X >= count) (lower) equals tail
        lo, hi = 0.0, 1.0
        for _ in range(100):
            mid = (lo + hi) / 2
            if upper:
                value = binomial_cdf(count, trials, mid)  # falls as p grows
                lo, hi = (mid, hi) if value > tail else (lo, mid)
            else:
                value = 1.0 - binomial_cdf(count - 1, trials, mid)  # grows with p
                lo, hi = (lo, mid) if value > tail else (mid, hi)
            if hi - lo < 1e-13:
                break
        return (lo + hi) / 2

    low = 0.0 if successes <= 0 else solve(alpha / 2, successes, upper=False)
    high = 1.0 if successes >= trials else solve(alpha / 2, successes, upper=True)
    share = successes / trials
    return min(low, share), max(high, share)


def mcnemar_interval(b: int, c: int, n: int, alpha: float = 0.05) -> tuple[float, float, float]:
    """The difference of two paired shares, ``(b - c) / n``, with the interval that inverts
    McNemar's exact test: given the ``b + c`` discordant pairs, ``b`` is binomial with the
    share ``pi`` of them that favour the column, and the difference is ``(b + c) / n * (2 pi
    - 1)``; the Clopper-Pearson interval of ``pi`` gives its interval. It excludes zero
    exactly when :func:`mcnemar_p` is below ``alpha``. Returns ``(difference, low, high)``."""
    if n <= 0:
        return 0.0, -1.0, 1.0
    k = b + c
    if k == 0:
        return 0.0, 0.0, 0.0
    lo, hi = clopper_pearson(b, k, alpha)
    scale = k / n
    return (b - c) / n, scale * (2 * lo - 1), scale * (2 * hi - 1)


# -- Student's t -------------------------------------------------------------------------------
def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c = 1.0
    d = 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 400):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        step = d * c
        h *= step
        if abs(step - 1.0) < 1e-15:
            break
    return h


def _incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_fraction(a, b, x) / a
    return 1.0 - front * _beta_fraction(b, a, 1.0 - x) / b


def t_two_sided_p(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with ``df`` degrees of freedom."""
    if math.isinf(t):
        return 0.0
    return _incomplete_beta(df / 2.0, 0.5, df / (df + t * t))


@functools.lru_cache(maxsize=1024)
def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile (0.5 < p < 1) of Student's t with ``df`` degrees of freedom."""
    if not 0.5 < p < 1.0:
        raise ValueError(f"t_quantile: p must lie in (0.5, 1), got {p}")
    target = 2.0 * (1.0 - p)  # the two-sided tail
    low, high = 0.0, 1.0
    while t_two_sided_p(high, df) > target:
        high *= 2.0
    for _ in range(200):
        mid = (low + high) / 2.0
        if t_two_sided_p(mid, df) > target:
            low = mid
        else:
            high = mid
        if high - low < 1e-12 * max(1.0, high):
            break
    return (low + high) / 2.0


def quantile(ordered: Sequence[float], q: float) -> float:
    """The ``q`` quantile of sorted values, interpolated (Hyndman & Fan type 7, R's
    default)."""
    if not ordered:
        raise ValueError("quantile of no values")
    h = (len(ordered) - 1) * q
    lo = math.floor(h)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (h - lo) * (ordered[hi] - ordered[lo])


def normal_p(z: float) -> float:
    """The two-sided p-value of a standard normal statistic ``z``."""
    return math.erfc(abs(z) / math.sqrt(2.0))


def holm(pvalues: Mapping[str, float]) -> dict[str, float]:
    """Holm's step-down adjusted p-values (Holm 1979): sorted ascending, the ``k``-th
    smallest (from 0) of ``m`` is multiplied by ``m - k``, made non-decreasing, capped at 1.
    A hypothesis is rejected at family-wise level ``alpha`` when its adjusted p-value is at
    most ``alpha``; ties are broken by name, so the result does not depend on order."""
    ordered = sorted(pvalues.items(), key=lambda kv: (kv[1], kv[0]))
    m = len(ordered)
    out: dict[str, float] = {}
    running = 0.0
    for k, (name, p) in enumerate(ordered):
        running = max(running, min(1.0, (m - k) * p))
        out[name] = running
    return out


#: The power the detectable sizes and the planned games are read at.
POWER = 0.80


def detection_z(level: float, power: float = POWER) -> float:
    """``z(1 - level / 2) + z(power)``: a difference this many standard errors from zero is
    detected by a two-sided test at ``level`` with probability ``power``."""
    normal = NormalDist()
    return normal.inv_cdf(1.0 - level / 2.0) + normal.inv_cdf(power)


def detectable(se: float, level: float, power: float = POWER) -> float:
    """The difference a two-sided test at ``level`` detects with ``power``, when the
    difference's standard error is ``se`` (the normal approximation)."""
    return detection_z(level, power) * se


def games_for(size: float, se: float, n: int, level: float, power: float = POWER) -> int:
    """Pairs of games needed to detect ``size`` with ``power`` at ``level``, given a standard
    error ``se`` measured on ``n`` pairs (it shrinks as one over the root of the pairs)."""
    if size <= 0 or se <= 0 or n <= 0:
        return n
    return max(n, math.ceil(n * (detection_z(level, power) * se / size) ** 2))
