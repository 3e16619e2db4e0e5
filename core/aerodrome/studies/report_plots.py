"""The plots of the comparison report, drawn with matplotlib as inline SVG.

Every plot is laid out so that no text leaves the picture or runs into other text: labels
that grow with the number of columns (ruleset and variant names) go on the vertical axis,
one row each, and the figure grows with them; legends sit outside the axes, inside the
picture (``bbox_inches="tight"`` takes every artist in). The report's browser test checks
the bounding box of every text against its SVG.
"""

from __future__ import annotations

import importlib
import io
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.metrics import Estimate

if TYPE_CHECKING:
    from aerodrome.studies.compare.measure import Comparison
    from aerodrome.studies.compare.sweep import Sweep

#: The plots of every report: (id, title, what it shows).
PLOTS = (
    ("durations", "Game length", "The share of games over by each round (a step per ending)."),
    ("win-rates", "Win rates", "Each side's share of the decided games, with 95 % intervals."),
    ("lethality", "Kills per turn", "Aircraft destroyed in each round, per game still running."),
    (
        "skill",
        "Skill against luck",
        "The bot's win share against random agents next to a side's win share in the mirrors "
        "(bot against bot, random against random), with 95 % intervals.",
    ),
)

#: Rounds reached by fewer games than this are left out of the kills-per-turn plot.
MIN_ALIVE = 5
#: Inches a row of a horizontal bar plot takes.
ROW = 0.32


def require_matplotlib() -> Any:
    """The matplotlib module, or a one-line error saying how to install it."""
    try:
        return importlib.import_module("matplotlib")
    except ImportError:
        raise AerodromeError("--report needs matplotlib: pip install 'aerodrome[report]'") from None


def pyplot() -> Any:
    """matplotlib's pyplot on the SVG-friendly Agg backend (imported only for reports)."""
    matplotlib = require_matplotlib()
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "aerodrome"
    matplotlib.rcParams["svg.fonttype"] = "path"
    return importlib.import_module("matplotlib.pyplot")


def svg(plt: Any, fig: Any) -> str:
    """The figure as an inline ``<svg>`` (every artist inside: a tight bounding box)."""
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", pad_inches=0.1, metadata={"Date": None})
    plt.close(fig)
    text = buf.getvalue()
    return text[text.index("<svg") :]


def _errorbars(est: Sequence[Estimate | None]) -> tuple[list[float], list[list[float]]]:
    values = [e.value if e else 0.0 for e in est]
    lows = [max(0.0, e.value - e.low) if e else 0.0 for e in est]
    highs = [max(0.0, e.high - e.value) if e else 0.0 for e in est]
    return values, [lows, highs]


def _legend_outside(ax: Any) -> None:
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1), borderaxespad=0)


def plot_durations(plt: Any, result: Comparison) -> str:
    fig, ax = plt.subplots(figsize=(8, 3.6))
    for col in result.columns:
        hist = col.profile.rounds
        if not hist:
            continue
        total = sum(hist.values())
        xs = sorted(hist)
        done, ys = 0, []
        for x in xs:
            done += hist[x]
            ys.append(done / total)
        ax.step([0, *xs], [0.0, *ys], where="post", label=col.column.name)
    ax.set_xlabel("rounds")
    ax.set_ylabel("share of games over")
    ax.set_ylim(0, 1.02)
    ax.set_title("Game length: share of games over by each round")
    _legend_outside(ax)
    return svg(plt, fig)


def plot_win_rates(plt: Any, result: Comparison) -> str:
    labels: list[str] = []
    ests: list[Estimate | None] = []
    for col in result.columns:
        balance = col.metrics.get("balance")
        for side in col.column.sides:
            labels.append(f"{col.column.name} · {side}")
            ests.append(balance.parts.get(side) if balance else None)
    fig, ax = plt.subplots(figsize=(8, 1.2 + ROW * max(1, len(labels))))
    if labels:
        values, err = _errorbars(ests)
        ys = list(range(len(labels)))[::-1]
        ax.barh(ys, values, color="#6a8caf")
        ax.errorbar(values, ys, xerr=err, fmt="none", ecolor="#222", capsize=3)
        ax.set_yticks(ys, labels, fontsize="small")
        ax.set_ylim(-0.6, len(labels) - 0.4)
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of decided games")
    ax.set_title("Win rates by side")
    return svg(plt, fig)


def plot_lethality(plt: Any, result: Comparison) -> str:
    fig, ax = plt.subplots(figsize=(8, 3.6))
    for col in result.columns:
        p = col.profile
        enough = [i for i, a in enumerate(p.alive) if a >= MIN_ALIVE]
        series = p.kills_per_round()
        if enough:
            xs = [i + 1 for i in enough]
            ax.plot(xs, [series[i] for i in enough], marker=".", label=col.column.name)
    ax.set_xlabel("round")
    ax.set_ylabel("kills per running game")
    ax.set_title(f"Kills per turn (rounds with at least {MIN_ALIVE} games running)")
    _legend_outside(ax)
    return svg(plt, fig)


def plot_skill(plt: Any, result: Comparison) -> str:
    """Horizontal bars, a group per column: the column's name on its own row however long
    it is (vertical bars put the names side by side under the axis, where long variant
    names ran into each other)."""
    kinds = (
        ("skill-bot-vs-random", "bot vs random", "#c0504d"),
        ("skill-bot-vs-bot", "bot mirror (per side)", "#9bbb59"),
        ("luck-random-vs-random", "random mirror (per side)", "#8064a2"),
    )
    n = len(result.columns)
    fig, ax = plt.subplots(figsize=(8, 1.2 + 3 * ROW * max(1, n)))
    height = 0.8 / len(kinds)
    for k, (name, label, colour) in enumerate(kinds):
        ests = [col.metrics.get(name) for col in result.columns]
        values, err = _errorbars(ests)
        ys = [(n - 1 - i) + (1 - k) * height for i in range(n)]
        ax.barh(ys, values, height=height, label=label, color=colour)
        ax.errorbar(values, ys, xerr=err, fmt="none", ecolor="#222", capsize=2)
    ax.set_yticks(list(range(n))[::-1], [c.column.name for c in result.columns], fontsize="small")
    ax.set_ylim(-0.6, n - 0.4)
    ax.set_xlim(0, 1)
    ax.set_xlabel("win share")
    ax.set_title("Skill against luck")
    _legend_outside(ax)
    return svg(plt, fig)


PLOTTERS: dict[str, Callable[[Any, Comparison], str]] = {
    "durations": plot_durations,
    "win-rates": plot_win_rates,
    "lethality": plot_lethality,
    "skill": plot_skill,
}


def plot_sweep(plt: Any, sweep: Sweep, metric: str) -> str:
    """``metric`` against the swept parameter, with 95 % intervals; the reference value
    marked, and the target and its claimed crossings when one was sought."""
    info = next(m for m in sweep.comparison.metrics if m.name == metric)
    by_value = {dict(c.column.params)[sweep.parameter]: c for c in sweep.comparison.columns}
    xs = [float(v) for v in sweep.values]
    ests = [by_value[v].metrics.get(metric) for v in sweep.values]
    shown = [(x, e) for x, e in zip(xs, ests, strict=True) if e is not None]
    fig, ax = plt.subplots(figsize=(8, 3.4))
    if shown:
        px = [x for x, _ in shown]
        values, err = _errorbars([e for _, e in shown])
        lows = [v - lo for v, lo in zip(values, err[0], strict=True)]
        highs = [v + hi for v, hi in zip(values, err[1], strict=True)]
        ax.fill_between(px, lows, highs, color="#6a8caf", alpha=0.25, linewidth=0)
        ax.errorbar(px, values, yerr=err, fmt="o-", color="#2b5d8a", capsize=3, label=info.title)
        ref = by_value[sweep.reference].metrics.get(metric)
        if ref is not None:
            ax.plot([float(sweep.reference)], [ref.value], "s", color="#c0504d", label="reference")
    t = sweep.target
    if t is not None and t.metric == metric:
        ax.axhline(
            t.target, color="#888", linestyle="--", linewidth=1, label=f"target {t.target:g}"
        )
        for c in t.crossings:
            if c.at is not None and c.claimed:
                ax.axvline(
                    c.at, color="#c0504d", linestyle=":", linewidth=1, label=f"crossing {c.at:.3g}"
                )
    ax.set_xlabel(sweep.parameter)
    ax.set_ylabel(f"{info.title} ({info.unit})")
    ax.set_title(f"{info.title} against {sweep.parameter}")
    _legend_outside(ax)
    return svg(plt, fig)
