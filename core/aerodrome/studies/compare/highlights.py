"""Highlights: which column stands out on a few headline metrics (levels, not pairs)."""

from __future__ import annotations

import msgspec

from aerodrome.studies.compare.measure import Comparison

#: What the highlights name: (label, metric, the highest value wins?). Skill and luck are
#: read on the strongest agent's share of the decided games (draws left out: a drawish game
#: is not luck-driven), and the skill ladder says where more skill pays most.
HIGHLIGHTS = (
    ("most balanced", "balance", True),
    ("longest", "duration-turns", True),
    ("shortest", "duration-turns", False),
    ("deadliest", "lethality-turn", True),
    ("most dramatic", "drama", True),
    ("most drawish", "drawishness", True),
    ("most skill-driven", "skill-strongest", True),
    ("most luck-driven", "skill-strongest", False),
    ("skill pays most", "skill-ladder", True),
)


class Highlight(msgspec.Struct, frozen=True, kw_only=True):
    """The column whose value of a metric is highest (or lowest) with a 95 % interval that
    separates from every other column's."""

    label: str
    metric: str
    column: str
    value: float


def highlights(result: Comparison) -> list[Highlight]:
    """Which column stands out on a few headline metrics: named only when its interval lies
    wholly above (or below) the interval of every other column measured; otherwise the
    columns are not told apart and the line is left out."""
    if len(result.columns) < 2:
        return []
    out: list[Highlight] = []
    for label, metric, highest in HIGHLIGHTS:
        found = [
            (e, c.column.name) for c in result.columns if (e := c.metrics.get(metric)) is not None
        ]
        if len(found) < 2:
            continue
        for e, name in found:
            others = [o for o, n in found if n != name]
            apart = (
                all(e.low > o.high for o in others)
                if highest
                else all(e.high < o.low for o in others)
            )
            if apart:
                out.append(Highlight(label=label, metric=metric, column=name, value=e.value))
    return out
