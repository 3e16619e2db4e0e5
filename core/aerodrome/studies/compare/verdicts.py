"""Verdicts: what a variant (or a parameter value) changes, in a line a designer reads.

``head-on-ties-kill-both: deadlier, +0.120 kills a turn [+0.080, +0.160]; balance unchanged
(−0.01 [−0.05, +0.03])``. A verdict names a metric as changed only when its paired 95 %
interval excludes zero; the headline metrics (balance, length, lethality) are always said,
as unchanged with their interval when they did not change. With many metrics some interval
excludes zero by chance alone (about one in twenty when nothing changed): every verdict
carries a note saying how many were compared, and which changes also hold under Holm's
step-down correction for all of them together (Holm 1979).
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from aerodrome.engine.metrics import Metric, MetricInfo
from aerodrome.studies.compare.paired import ColumnDifferences, Difference

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

#: Family-wise error rate of the Holm note.
FAMILY_ALPHA = 0.05
MINUS = "\u2212"


class Verdict(msgspec.Struct, frozen=True, kw_only=True):
    """What ``column`` changes against ``base``.

    :param text: the verdict line.
    :param changed: the metrics whose interval excludes zero (table order).
    :param holm: those of them that also hold under Holm's correction for ``compared``
        metrics at a family-wise 5 %.
    :param note: the line that says so.
    """

    base: str
    column: str
    label: str
    text: str
    changed: list[str]
    holm: list[str]
    compared: int
    note: str


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


def interval(d: Difference, places: int) -> str:
    """``[+0.08, +0.16]``; an interval that excludes zero never reads as touching it (one
    or two more decimals where rounding would show 0)."""
    if d.changed:
        edge = d.low if d.low > 0 else d.high
        while places < 6 and float(f"{abs(edge):.{places}f}") == 0:
            places += 1
    return f"[{number(d.low, places)}, {number(d.high, places)}]"


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


def holm(pvalues: dict[str, float], alpha: float = FAMILY_ALPHA) -> set[str]:
    """The hypotheses Holm's step-down procedure rejects at family-wise level ``alpha``."""
    ordered = sorted(pvalues.items(), key=lambda kv: (kv[1], kv[0]))
    m = len(ordered)
    out: set[str] = set()
    for k, (name, p) in enumerate(ordered):
        if p > alpha / (m - k):
            break
        out.add(name)
    return out


def verdict(
    diffs: ColumnDifferences, infos: Sequence[MetricInfo], metrics: Sequence[Metric]
) -> Verdict:
    by_name = {m.name: m for m in metrics}
    measured = [(i, d) for i in infos if (d := diffs.metrics.get(i.name)) is not None]
    changed = [(i, d) for i, d in measured if d.changed]
    parts = []
    for info, d in changed:
        up, down, unit = words(by_name.get(info.name, info))
        places = digits(info)
        value = f"{number(d.value, places)}{' ' + unit if unit else ''}"
        parts.append(f"{up if d.value > 0 else down}, {value} {interval(d, places)}")
    same = []
    for name, dimension in HEADLINE:
        headline = next((i for i in infos if i.name == name), None)
        d = diffs.metrics.get(name)
        if headline is None or d is None or d.changed:
            continue
        places = digits(headline)
        same.append(f"{dimension} unchanged ({number(d.value, places)} {interval(d, places)})")
    if not parts:
        parts.append("no change measured")
    text = f"{diffs.label}: " + "; ".join([", ".join(parts[:1]), *parts[1:], *same])
    pvalues = {i.name: d.p for i, d in measured if d.p is not None}
    held = holm(pvalues)
    holding = [i.name for i, _ in changed if i.name in held]
    compared = len(measured)
    note = (
        f"{len(changed)} of {compared} paired 95 % intervals exclude zero (with no effect at "
        f"all, about {compared / 20:.1f} would by chance); "
        + (
            f"holding under Holm's correction for all {compared}: {', '.join(holding)}"
            if holding
            else f"none holds under Holm's correction for all {compared}"
        )
    )
    return Verdict(
        base=diffs.base,
        column=diffs.column,
        label=diffs.label,
        text=text,
        changed=[i.name for i, _ in changed],
        holm=holding,
        compared=compared,
        note=note,
    )


def verdicts(
    differences: Sequence[ColumnDifferences],
    infos: Sequence[MetricInfo],
    metrics: Sequence[Metric],
) -> list[Verdict]:
    """One verdict per paired column, in plan order."""
    return [verdict(d, infos, metrics) for d in differences]
