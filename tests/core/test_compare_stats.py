"""The statistics of paired comparisons against published answers and hand computations."""

from __future__ import annotations

import itertools
import math

import pytest
from pytest import approx

from aerodrome.studies.compare.paired import PairedMoments
from aerodrome.studies.compare.stats import (
    clopper_pearson,
    holm,
    mcnemar_interval,
    mcnemar_p,
    newcombe_paired,
    newcombe_unpaired,
    quantile,
    t_quantile,
    t_two_sided_p,
)

UNBOUNDED = (-math.inf, math.inf)

#: Student's sleep data (Cushny & Peebles 1905, as in R's ``sleep``): extra hours of sleep of
#: ten patients under two drugs. R: ``t.test(extra ~ group, data = sleep, paired = TRUE)``
#: gives t = -4.0621, df = 9, p-value = 0.002833, 95 % CI -2.4598858 -0.7001142 for group 1
#: minus group 2.
DRUG_1 = (0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0)
DRUG_2 = (1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4)


def test_newcombe_paired_matches_the_published_example() -> None:
    """Cavo et al. 2012 in Fagerland, Lydersen & Laake, *Statistical Analysis of Contingency
    Tables* (2017), chapter 8: [[59, 6], [16, 80]] gives -0.0621 (95 % CI -0.1186 to
    -0.0046). Mutation caught: dropping Newcombe's correction of phi."""
    theta, low, high = newcombe_paired(59, 6, 16, 80)
    assert theta == approx(-0.0621, abs=5e-5)
    assert low == approx(-0.1186, abs=5e-5) and high == approx(-0.0046, abs=5e-5)


def test_newcombe_unpaired_matches_newcombes_example() -> None:
    """Newcombe 1998 (Stat Med 17:873), method 10: 56/70 - 48/80 = 0.2000, 0.0524 to
    0.3339."""
    theta, low, high = newcombe_unpaired(56, 70, 48, 80)
    assert theta == approx(0.2)
    assert low == approx(0.0524, abs=5e-5) and high == approx(0.3339, abs=5e-5)


def test_newcombe_intervals_of_identical_columns_contain_zero() -> None:
    theta, low, high = newcombe_paired(30, 0, 0, 70)
    assert theta == 0 and low < 0 < high


def test_mcnemar_is_the_exact_binomial_test_of_the_discordant_pairs() -> None:
    # 1 against 7 discordant pairs: 2 * (1 + 8) / 2**8
    assert mcnemar_p(1, 7) == approx(18 / 256)
    assert mcnemar_p(7, 1) == mcnemar_p(1, 7)
    assert mcnemar_p(0, 0) == 1.0
    assert mcnemar_p(5, 5) == 1.0
    assert mcnemar_p(4, 0) == approx(0.125)  # the 4 discordant games
    # exact for any number of pairs: the binomial sum written out
    exact = 2 * sum(math.comb(5800, i) for i in range(2801)) / 2**5800
    assert mcnemar_p(3000, 2800) == approx(exact, rel=1e-9)


def test_clopper_pearson_matches_r() -> None:
    """R: ``binom.test(5, 10)$conf.int`` is 0.1870860 0.8129140; ``binom.test(0, 10)`` gives
    0 0.3084971."""
    assert clopper_pearson(5, 10) == approx((0.1870860, 0.8129140), abs=1e-7)
    assert clopper_pearson(0, 10) == approx((0.0, 0.3084971), abs=1e-7)
    assert clopper_pearson(10, 10) == approx((0.6915029, 1.0), abs=1e-7)


@pytest.mark.parametrize(("b", "c"), [(4, 0), (9, 1), (8, 1), (20, 8), (30, 30), (0, 0), (1, 6)])
def test_the_exact_interval_excludes_zero_exactly_when_mcnemar_rejects(b: int, c: int) -> None:
    """The interval inverts the test, so a printed interval and its p-value never disagree;
    the estimate lies inside. Mutation caught: Newcombe's interval with McNemar's p (9 of 10
    discordant: Newcombe excludes zero at p = 0.021 ... while (4, 0) on 400 pairs would have
    the paired t's +0.0005 lower end the issue found)."""
    value, low, high = mcnemar_interval(b, c, 400)
    assert low <= value <= high
    assert (low > 0 or high < 0) == (mcnemar_p(b, c) < 0.05)


@pytest.mark.parametrize(
    ("df", "expected"),
    [(1, 12.706204736), (9, 2.262157163), (30, 2.042272456), (1000, 1.962339081)],
)
def test_t_quantiles(df: float, expected: float) -> None:
    assert t_quantile(0.975, df) == approx(expected, abs=1e-8)


def test_t_tail() -> None:
    assert t_two_sided_p(4.0621, 9) == approx(0.002833, abs=2e-6)
    assert t_two_sided_p(0.0, 5) == approx(1.0)


def test_paired_t_on_students_sleep_data() -> None:
    """Means of every game: the paired t interval, and the variance pairing saved
    (1 - var(d) / (var(x) + var(y)) = 1 - 1.5129 / (3.2006 + 4.0090)). Nine of the ten
    pairs differ: few enough that the p-value is the exact swap test's (every one of the
    2**9 sign flips of the nonzero differences, counted here by hand)."""
    m = PairedMoments()
    for base, value in zip(DRUG_2, DRUG_1, strict=True):
        m.add(base, value)
    d = m.difference(UNBOUNDED)
    assert d is not None and d.method == "paired-t" and d.n == 10
    assert d.value == approx(-1.58)
    assert d.low == approx(-2.4598858, abs=1e-6) and d.high == approx(-0.7001142, abs=1e-6)
    diffs = [round(a - b, 10) for a, b in zip(DRUG_1, DRUG_2, strict=True) if a != b]
    observed = abs(sum(diffs))
    flips = itertools.product((1, -1), repeat=len(diffs))
    hits = sum(
        abs(sum(s * x for s, x in zip(f, diffs, strict=True))) >= observed - 1e-9 for f in flips
    )
    assert d.test == "swap-exact" and d.differing == 9
    assert d.p == approx(hits / 2**9)
    assert d.variance_saved == approx(1 - 1.5128889 / (3.2005556 + 4.0090000), abs=1e-6)
    # unpaired: the same difference with the sum of the two variances
    half = t_quantile(0.975, 9) * math.sqrt((3.2005556 + 4.0090000) / 10)
    assert d.unpaired_high - d.unpaired_low == approx(2 * half, abs=1e-6)


def test_shares_of_every_game_get_mcnemars_exact_test_and_interval() -> None:
    m = PairedMoments()
    # (base, column): a = both 1, b = column only, c = base only, d = neither
    for base, value, times in ((1, 1, 59), (0, 1, 6), (1, 0, 16), (0, 0, 80)):
        for _ in range(times):
            m.add(float(base), float(value))
    d = m.difference((-1.0, 1.0))
    assert d is not None and d.method == d.test == "mcnemar-exact"
    assert d.discordant == (6, 16) and d.differing == 22
    assert (d.value, d.low, d.high) == approx(mcnemar_interval(6, 16, 161))
    assert d.p == approx(mcnemar_p(6, 16))
    # as wide as Newcombe's recommended score interval, give or take a fifth
    _, low, high = newcombe_paired(59, 6, 16, 80)
    assert 0.8 < (d.high - d.low) / (high - low) < 1.25


def test_a_share_of_some_games_is_a_ratio_by_the_delta_method() -> None:
    """A metric that skips games (a share of the decided ones): the ratio estimators'
    difference with the linearised variance, checked against the formula written out."""
    pairs = [(1.0, 1.0), (0.0, None), (None, 1.0), (1.0, 0.0), (0.0, 0.0), (1.0, 1.0)]
    pairs += [(None, None)]  # read by neither column: not a unit
    m = PairedMoments()
    for b, v in pairs:
        m.add(b, v)
    d = m.difference(UNBOUNDED)
    units = [(b, v) for b, v in pairs if not (b is None and v is None)]
    n = len(units)
    yb = [b or 0.0 for b, _ in units]
    xb = [0.0 if b is None else 1.0 for b, _ in units]
    yv = [v or 0.0 for _, v in units]
    xv = [0.0 if v is None else 1.0 for _, v in units]
    rb, rv = sum(yb) / sum(xb), sum(yv) / sum(xv)
    ub = [(y - rb * x) / (sum(xb) / n) for y, x in zip(yb, xb, strict=True)]
    uv = [(y - rv * x) / (sum(xv) / n) for y, x in zip(yv, xv, strict=True)]
    diffs = [a - b for a, b in zip(uv, ub, strict=True)]
    mean = sum(diffs) / n
    var = sum((x - mean) ** 2 for x in diffs) / (n - 1)
    half = t_quantile(0.975, n - 1) * math.sqrt(var / n)
    assert d is not None and d.method == "paired-ratio" and d.n == n
    assert d.value == approx(rv - rb)
    assert (d.low, d.high) == approx((rv - rb - half, rv - rb + half))


def test_holm_adjusts_step_by_step() -> None:
    """Adjusted p-values as R's ``p.adjust(p, "holm")``."""
    # 0.01 * 3, 0.02 * 2, 0.04 * 1: all at most 0.05 (Bonferroni would keep only "a")
    assert holm({"a": 0.01, "b": 0.02, "c": 0.04}) == approx({"a": 0.03, "b": 0.04, "c": 0.04})
    # 0.01 * 3, then 0.03 * 2 = 0.06 > 0.05: stop, and the rest never fall below it
    assert holm({"a": 0.01, "b": 0.03, "c": 0.04}) == approx({"a": 0.03, "b": 0.06, "c": 0.06})
    assert holm({"a": 0.2}) == {"a": 0.2}
    assert holm({"a": 0.6, "b": 0.7}) == {"a": 1.0, "b": 1.0}


def test_quantile_type_7() -> None:
    assert quantile([1.0, 2.0, 3.0, 4.0], 0.5) == 2.5
    assert quantile([1.0, 2.0, 3.0, 4.0], 0.0) == 1.0
    assert quantile([5.0], 0.975) == 5.0
