"""Verdicts: what a variant (or a parameter value) changes, in a line a designer reads, and
no more than its games show.

A comparison tests many differences at once: every metric of every paired column (the
*family*). With twenty of them, about one 95 % interval in twenty excludes zero by chance
alone when nothing changed, so a headline built from single intervals names a change in most
runs of a variant that changes nothing. The headline therefore names a change only when it
holds under **Holm's step-down correction** over the whole family (Holm 1979) at a
family-wise 5 %: with no effect anywhere, a run's headline names any change at most one run
in twenty, whatever the dependence between the metrics (tests/core/test_verdicts.py checks
it by simulation). The rest are said for what they are:

- **confirmed**: Holm-adjusted p ≤ 0.05 and the paired 95 % interval excludes zero: named in
  the headline with its direction, difference, interval, pairs and adjusted p;
- **suggestive, not confirmed**: the interval of the metric alone excludes zero, the family
  does not confirm it: on a line of its own, with the command that plays enough games to
  settle it (80 % power at the headline's level);
- **not detected**: never "unchanged": the headline metrics (balance, length, lethality) say
  the difference this run could have detected (80 % power at the level a change alone must
  reach, 0.05 over the family's size: Holm's first step).

``head-on-ties-kill-both: deadlier, +0.120 kills a turn [+0.080, +0.160] (n 100, adjusted p
0.001); balance not detected (−0.01 [−0.05, +0.03], n 100); this run could detect about ±0.06
(80 % power)``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence

import msgspec

from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.metrics import Column, Metric, MetricInfo
from aerodrome.engine.parameters import label as params_label
from aerodrome.studies.compare.paired import FEWEST_BOOTSTRAP, ColumnDifferences, Difference
from aerodrome.studies.compare.stats import POWER, detectable, games_for, holm

#: What the verdict always says something about: (metric, the dimension's name).
HEADLINE = (("balance", "balance"), ("duration-turns", "length"), ("lethality-turn", "lethality"))

#: Words for a metric that went up and down, and the unit a difference is read in.
WORDS: dict[str, tuple[str, str, str]] = {
    "completion": ("decided more often", "decided less often", ""),
    "timeouts": ("more timeouts", "fewer timeouts", ""),
    "drawishness": ("more drawish", "less drawish", ""),
    "balance": ("more balanced", "less balanced", ""),
    "first-player-advantage": (
        "more first-player advantage",
        "less first-player advantage",
        "",
    ),
    "duration-turns": ("longer", "shorter", "rounds a game"),
    "duration-decisions": ("more decisions", "fewer decisions", "decisions a game"),
    "lethality-turn": ("deadlier", "less deadly", "kills a turn"),
    "lethality-engagement": (
        "deadlier engagements",
        "less deadly engagements",
        "kills an engagement",
    ),
    "decision-density": ("more real choices", "fewer real choices", ""),
    "branching": ("more choices a decision", "fewer choices a decision", "actions a decision"),
    "lead-changes": ("more lead changes", "fewer lead changes", "a game"),
    "drama": ("more dramatic", "less dramatic", ""),
    "decisiveness": ("decided later", "decided earlier", ""),
    "skill-bot-vs-random": ("the bot beats random more", "the bot beats random less", ""),
    "skill-bot-vs-bot": ("more wins per side (bot mirror)", "fewer wins per side (bot mirror)", ""),
    "luck-random-vs-random": (
        "more wins per side (random mirror)",
        "fewer wins per side (random mirror)",
        "",
    ),
    "skill-index": ("more skill over luck", "less skill over luck", ""),
    "skill-strongest": ("more skill-driven", "more luck-driven", ""),
    "skill-ladder": ("more skill pays more", "more skill pays less", ""),
}

#: The family-wise error rate of the headline (Holm's correction over the family).
FAMILY_ALPHA = 0.05
#: The correction, as ``--json`` names it.
CORRECTION = "holm"
#: Games a matchup a settling command asks for at most.
MOST_GAMES = 1_000_000
MINUS = "\u2212"


class Family(msgspec.Struct, frozen=True, kw_only=True):
    """The differences the headline's correction runs over.

    :param correction: ``holm``: Holm's step-down procedure (family-wise error rate).
    :param alpha: the family-wise error rate controlled.
    :param members: every difference of the family, as ``column: metric``.
    :param detect_level: the level a change alone must reach (``alpha`` over the family's
        size: Holm's first step), at which detectable sizes are read.
    """

    correction: str = CORRECTION
    alpha: float = FAMILY_ALPHA
    members: list[str] = []
    detect_level: float = FAMILY_ALPHA

    @property
    def size(self) -> int:
        return len(self.members)


class Verdict(msgspec.Struct, frozen=True, kw_only=True):
    """What ``column`` changes against ``base``.

    :param text: the headline: confirmed changes, and where the headline metrics stand.
    :param confirmed: the metrics whose change holds under the family's correction (table
        order).
    :param suggestive: the metrics whose interval excludes zero alone, not confirmed.
    :param suggestive_text: the line that names them ("" when there are none).
    :param games: games a matchup that would settle the suggestive ones (80 % power at the
        headline's level, if the differences are what this run measured); ``command`` plays
        them.
    :param compared: this column's metrics in the family; ``family``: the family's size.
    :param note: the line that says what the headline controls.
    """

    base: str
    column: str
    label: str
    text: str
    confirmed: list[str]
    suggestive: list[str]
    suggestive_text: str
    compared: int
    family: int
    note: str
    games: int | None = None
    command: str | None = None


def number(value: float, digits: int, sign: bool = True) -> str:
    """``+0.12``, ``−0.01`` (a real minus sign), ``0.00``."""
    text = f"{abs(value):.{digits}f}"
    if float(text) == 0:
        return text
    if value < 0:
        return MINUS + text
    return f"+{text}" if sign else text


def digits(info: MetricInfo) -> int:
    """Decimals shown for a metric's values (and differences)."""
    return 3 if info.unit == "kills" else 2 if info.unit in ("share", "index") else 1


def places(d: Difference, base: int) -> int:
    """Decimals that show ``d`` and its interval as they are: an interval that excludes zero
    never reads as touching it (one or two more decimals where rounding would show 0)."""
    if d.low > 0 or d.high < 0:
        edge = d.low if d.low > 0 else d.high
        while base < 6 and float(f"{abs(edge):.{base}f}") == 0:
            base += 1
    return base


def estimate(d: Difference, base: int) -> tuple[str, str]:
    """``("+0.12", "[+0.08, +0.16]")``: the difference and its interval at one precision (the
    interval's), so the printed value always lies inside the printed interval (rounding is
    monotone, and the interval holds the value)."""
    k = places(d, base)
    return number(d.value, k), f"[{number(d.low, k)}, {number(d.high, k)}]"


def interval(d: Difference, digits: int) -> str:
    """The interval alone, at the precision :func:`estimate` prints its value with."""
    return estimate(d, digits)[1]


def p_text(p: float) -> str:
    """A p-value in two significant figures (``0.0031``, ``0.12``, ``<0.0001``)."""
    if p < 1e-4:
        return "<0.0001"
    return f"{p:.2g}" if p < 0.1 else f"{p:.2f}"


def words(metric: Metric | MetricInfo) -> tuple[str, str, str]:
    """(up, down, unit) for a metric: the table's, a plugin metric's own ``more``/``less``
    attributes, or its title."""
    known = WORDS.get(metric.name)
    if known is not None:
        return known
    more = getattr(metric, "more", None)
    less = getattr(metric, "less", None)
    title = metric.title.lower()
    return (
        more if isinstance(more, str) else f"higher {title}",
        less if isinstance(less, str) else f"lower {title}",
        "",
    )


def confirmed(d: Difference, alpha: float = FAMILY_ALPHA) -> bool:
    """A change the family confirms: adjusted p at most ``alpha``, interval clear of zero."""
    return d.p_adjusted is not None and d.p_adjusted <= alpha and (d.low > 0 or d.high < 0)


#: Differing pairs the exact tests need before they can reject at a level (2**(1 - r)).
def fewest_pairs(level: float) -> int:
    """The fewest differing pairs with which an exact paired test (McNemar's, the swap test)
    can reject at ``level``: all of them one way, ``2 ** (1 - r) <= level``."""
    return max(1, math.ceil(1 + math.log2(1 / level)))


def detectable_size(d: Difference, level: float) -> float | None:
    """The difference this run detects with 80 % power at ``level``: from the paired
    standard error, and never below what the fewest differing pairs an exact test needs
    would move the mean by; ``None`` when no pair differed and nothing else tells."""
    if d.test == "bootstrap-too-few":  # never claimed: no size would be detected
        return None
    size = detectable(d.se, level) if d.se else 0.0
    if d.typical is not None and d.n > 0:
        size = max(size, fewest_pairs(level) * d.typical / d.n)
    return size if size > 0 else None


def family(differences: Sequence[ColumnDifferences]) -> Family:
    """Every difference with a p-value, over every paired column (in plan and table order)."""
    members = [
        f"{c.column}: {name}"
        for c in differences
        for name, d in c.metrics.items()
        if d is not None and d.p is not None
    ]
    level = FAMILY_ALPHA / max(1, len(members))
    return Family(members=members, detect_level=level)


def adjust(differences: Sequence[ColumnDifferences]) -> Family:
    """Holm-adjust the p-values of every difference in place (``p_adjusted``) and set the
    size each could detect (``detectable``); returns the family."""
    fam = family(differences)
    raw = {
        f"{c.column}: {name}": d.p
        for c in differences
        for name, d in c.metrics.items()
        if d is not None and d.p is not None
    }
    adjusted = holm(raw)
    for c in differences:
        for name, d in c.metrics.items():
            if d is None:
                continue
            c.metrics[name] = msgspec.structs.replace(
                d,
                p_adjusted=adjusted.get(f"{c.column}: {name}"),
                detectable=detectable_size(d, fam.detect_level),
            )
    return fam


def _unit(unit: str) -> str:
    return f" {unit}" if unit else ""


def games_to_settle(d: Difference, games: int, level: float) -> int | None:
    """Games a matchup with which a difference the size of ``d`` would be detected with 80 %
    power at ``level`` (``games`` played now give its ``n`` pairs)."""
    if d.n <= 0 or d.value == 0:
        return None
    pairs = pairs_for(abs(d.value), d, level)
    if pairs is None:
        return None
    return min(MOST_GAMES, max(games + 1, math.ceil(games * pairs / d.n)))


def pairs_for(size: float, d: Difference, level: float) -> int | None:
    """Pairs that detect ``size`` with 80 % power at ``level``, from ``d``'s standard error on
    its ``n`` pairs, and at least as many as give an exact test the fewest differing pairs
    it needs (at the rate of differing pairs this run saw); ``None`` when nothing tells."""
    need = games_for(size, d.se, d.n, level) if d.se else 0
    if d.differing:
        need = max(need, math.ceil(d.n * fewest_pairs(level) / d.differing))
    return need or None


def command(column: Column | None, games: int, seed: int) -> str | None:
    """The ``aerodrome compare`` command that plays ``column`` against its base with
    ``games`` games a matchup and the same seed (so the games played are played again, or
    read back from ``--out``)."""
    if column is None:
        return None
    parts = ["aerodrome compare", column.ruleset]
    parts += [f"--variant {v}" for v in column.variants]
    parts += [f"--param {params_label([p])}" for p in column.params]
    parts += [f"--games {games}", f"--seed {seed}"]
    return " ".join(parts)


def verdict(
    diffs: ColumnDifferences,
    infos: Sequence[MetricInfo],
    metrics: Sequence[Metric],
    fam: Family,
    *,
    column: Column | None = None,
    games: int = 0,
    seed: int = 1,
) -> Verdict:
    """The verdict of one paired column, its differences already adjusted (:func:`adjust`)."""
    by_name = {m.name: m for m in metrics}
    measured = [(i, d) for i in infos if (d := diffs.metrics.get(i.name)) is not None]
    sure = [(i, d) for i, d in measured if confirmed(d, fam.alpha)]
    maybe = [(i, d) for i, d in measured if d.changed and not confirmed(d, fam.alpha)]
    parts = []
    for info, d in sure:
        up, down, unit = words(by_name.get(info.name, info))
        value, span = estimate(d, digits(info))
        parts.append(
            f"{up if d.value > 0 else down}, {value}{_unit(unit)} {span} "
            f"(n {d.n}, adjusted p {p_text(d.p_adjusted or 0.0)})"
        )
    if not parts:
        parts.append("no change confirmed")
    suggestive = {i.name for i, _ in maybe}
    stand = []
    for name, dimension in HEADLINE:
        about = next((i for i in infos if i.name == name), None)
        d = diffs.metrics.get(name)
        if about is None or d is None or confirmed(d, fam.alpha):
            continue
        if name in suggestive:
            stand.append(f"{dimension} not confirmed (suggestive, below)")
            continue
        value, span = estimate(d, digits(about))
        size = d.detectable
        if size is not None:
            could = (
                f"this run could detect about ±{number(size, places(d, digits(about)), sign=False)}"
                f"{_unit(words(about)[2])} (80 % power)"
            )
        elif d.test == "bootstrap-too-few":
            could = f"too few pairs to test ({d.n}; a bootstrap needs {FEWEST_BOOTSTRAP})"
        else:
            could = "no pair of games differed, so this run tells no size it could detect"
        stand.append(f"{dimension} not detected ({value} {span}, n {d.n}); {could}")
    text = f"{diffs.label}: " + "; ".join([", ".join(parts[:1]), *parts[1:], *stand])
    need = [g for _, d in maybe if (g := games_to_settle(d, games, fam.detect_level)) is not None]
    more = max(need) if need else None
    run = command(column, more, seed) if more is not None else None
    lines = []
    for info, d in maybe:
        up, down, unit = words(by_name.get(info.name, info))
        value, span = estimate(d, digits(info))
        lines.append(
            f"{up if d.value > 0 else down}, {value}{_unit(unit)} {span} (n {d.n}, p "
            f"{p_text(d.p or 0.0)}, adjusted {p_text(d.p_adjusted or 1.0)})"
        )
    suggestive_text = ""
    if lines:
        suggestive_text = "suggestive, not confirmed: " + "; ".join(lines)
        if run is not None:
            suggestive_text += f"; to settle them (80 % power): {run}"
    compared = len(measured)
    others = "" if fam.size == compared else f", {compared} of them here"
    note = (
        f"confirmed: Holm-adjusted p ≤ {fam.alpha:g} over all {fam.size} paired differences "
        f"compared{others} (with no effect anywhere, a headline names a change in at most "
        f"{fam.alpha * 100:g} % of runs); detectable sizes: {POWER * 100:g} % power at level "
        f"{p_text(fam.detect_level)} ({fam.alpha:g} / {fam.size})"
    )
    return Verdict(
        base=diffs.base,
        column=diffs.column,
        label=diffs.label,
        text=text,
        confirmed=[i.name for i, _ in sure],
        suggestive=[i.name for i, _ in maybe],
        suggestive_text=suggestive_text,
        compared=compared,
        family=fam.size,
        note=note,
        games=more,
        command=run,
    )


def verdicts(
    differences: Sequence[ColumnDifferences],
    infos: Sequence[MetricInfo],
    metrics: Sequence[Metric],
    *,
    columns: Mapping[str, Column] | None = None,
    games: int = 0,
    seed: int = 1,
) -> tuple[list[Verdict], Family]:
    """One verdict per paired column, in plan order, and the family they were corrected
    over (the differences' ``p_adjusted`` and ``detectable`` are set in place)."""
    fam = adjust(differences)
    found = columns or {}
    return [
        verdict(d, infos, metrics, fam, column=found.get(d.column), games=games, seed=seed)
        for d in differences
    ], fam


# -- planning: how many games detect a given size --------------------------------------------
_DETECT = re.compile(r"^\s*([a-z][a-z0-9-]*)\s*=\s*(\S+)\s*$")


class Detect(msgspec.Struct, frozen=True, kw_only=True):
    """``--detect METRIC=SIZE``: a difference of ``size`` in the metric's own unit (what its
    Δ column shows: a share's 0.05 is five points)."""

    metric: str
    size: float


def parse_detect(text: str, names: Sequence[str]) -> Detect:
    """``balance=0.05``; a one-line error naming the option otherwise."""
    m = _DETECT.match(text)
    if m is None:
        raise AerodromeError(
            f"--detect {text!r}: write METRIC=SIZE, SIZE in the metric's unit as its Δ column "
            "shows it (e.g. balance=0.05, duration-turns=1)"
        )
    name, size_text = m.groups()
    if name not in names:
        import difflib

        close = difflib.get_close_matches(name, names, n=3)
        hint = f"; did you mean {', '.join(close)}?" if close else f"; one of {', '.join(names)}"
        raise AerodromeError(f"--detect {text!r}: no metric {name!r}{hint}")
    try:
        size = float(size_text)
    except ValueError:
        raise AerodromeError(f"--detect {text!r}: SIZE {size_text!r} is not a number") from None
    if not math.isfinite(size) or size <= 0:
        raise AerodromeError(f"--detect {text!r}: SIZE must be a number above 0")
    return Detect(metric=name, size=size)


class Plan(msgspec.Struct, frozen=True, kw_only=True):
    """Games a matchup that detect ``size`` in ``metric`` between ``column`` and its base
    with 80 % power at ``level`` (the headline's), from this run's paired standard error
    ``se`` on ``n`` pairs; ``games`` is ``None`` when this run saw no difference to read a
    variance from."""

    column: str
    label: str
    metric: str
    size: float
    level: float
    n: int
    se: float | None
    games: int | None
    command: str | None
    text: str


def plan_detection(
    differences: Sequence[ColumnDifferences],
    fam: Family,
    detect: Detect,
    info: MetricInfo,
    *,
    columns: Mapping[str, Column] | None = None,
    games: int,
    seed: int,
) -> list[Plan]:
    """For every paired column, the games a matchup that would detect ``detect.size`` in its
    metric (80 % power, two-sided, at the headline's level); this run is the pilot whose
    paired variance the plan scales."""
    out = []
    unit = _unit(words(info)[2])
    size_text = f"±{detect.size:g}{unit}"
    for c in differences:
        d = c.metrics.get(detect.metric)
        head = f"{c.label}, {info.title.lower()} {size_text}"
        pairs = None if d is None else pairs_for(detect.size, d, fam.detect_level)
        if d is None or pairs is None:
            out.append(
                Plan(
                    column=c.column,
                    label=c.label,
                    metric=detect.metric,
                    size=detect.size,
                    level=fam.detect_level,
                    n=0 if d is None else d.n,
                    se=None,
                    games=None,
                    command=None,
                    text=f"{head}: not measured in this run"
                    if d is None
                    else f"{head}: no pair of games differed in this run, so there is no "
                    "variance to plan from; play more games first",
                )
            )
            continue
        need = min(MOST_GAMES, max(1, math.ceil(games * pairs / d.n)))
        run = command((columns or {}).get(c.column), need, seed)
        text = (
            f"{head}: about {need} games a matchup ({POWER * 100:g} % power, level "
            f"{p_text(fam.detect_level)}; this run: {games} games, {d.n} pairs, paired "
            f"standard error {d.se or 0.0:.3g})"
        )
        if need <= games:
            text += "; this run already has enough"
        out.append(
            Plan(
                column=c.column,
                label=c.label,
                metric=detect.metric,
                size=detect.size,
                level=fam.detect_level,
                n=d.n,
                se=d.se,
                games=need,
                command=run,
                text=text + (f": {run}" if run is not None and need > games else ""),
            )
        )
    return out
