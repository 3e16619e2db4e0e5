"""The HTML report of ``aerodrome compare --report DIR``: one self-contained page.

The page holds the metrics table, the definitions, and four plots drawn with matplotlib as
inline SVG (durations, win rates with intervals, kills per turn, skill against luck). It has
no script, no external file and no network access: it opens from disk in any browser.
"""

from __future__ import annotations

import html
import importlib
import io
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aerodrome.errors import AerodromeError
from aerodrome.files import make_folder, write_atomic
from aerodrome.metrics import Estimate, MetricInfo

if TYPE_CHECKING:
    from collections.abc import Mapping

    from aerodrome.metrics.compare import Comparison
    from aerodrome.viewer.samples import Sample

#: The plots of the report: (id, title, what it shows).
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

_CSS = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 70em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #ccc; padding: 0.3em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
td small { color: #777; display: block; }
figure { margin: 2em 0; }
figure svg { max-width: 100%; height: auto; }
dt { font-weight: bold; margin-top: 0.6em; }
"""


def require_matplotlib() -> Any:
    """The matplotlib module, or a one-line error saying how to install it."""
    try:
        return importlib.import_module("matplotlib")
    except ImportError:
        raise AerodromeError("--report needs matplotlib: pip install 'aerodrome[report]'") from None


def _pyplot() -> Any:
    """matplotlib's pyplot on the SVG-friendly Agg backend (imported only for reports)."""
    matplotlib = require_matplotlib()
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "aerodrome"
    matplotlib.rcParams["svg.fonttype"] = "path"
    return importlib.import_module("matplotlib.pyplot")


def _svg(plt: Any, fig: Any) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(fig)
    text = buf.getvalue()
    return text[text.index("<svg") :]


def _errorbars(est: list[Estimate | None]) -> tuple[list[float], list[list[float]]]:
    values = [e.value if e else 0.0 for e in est]
    lows = [max(0.0, e.value - e.low) if e else 0.0 for e in est]
    highs = [max(0.0, e.high - e.value) if e else 0.0 for e in est]
    return values, [lows, highs]


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
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1))
    return _svg(plt, fig)


def plot_win_rates(plt: Any, result: Comparison) -> str:
    labels: list[str] = []
    ests: list[Estimate | None] = []
    for col in result.columns:
        balance = col.metrics.get("balance")
        for side in col.column.sides:
            labels.append(f"{col.column.name} · {side}")
            ests.append(balance.parts.get(side) if balance else None)
    fig, ax = plt.subplots(figsize=(8, 1.2 + 0.32 * max(1, len(labels))))
    if labels:
        values, err = _errorbars(ests)
        ys = list(range(len(labels)))[::-1]
        ax.barh(ys, values, color="#6a8caf")
        ax.errorbar(values, ys, xerr=err, fmt="none", ecolor="#222", capsize=3)
        ax.set_yticks(ys, labels, fontsize="small")
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of decided games")
    ax.set_title("Win rates by side")
    return _svg(plt, fig)


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
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1))
    return _svg(plt, fig)


def plot_skill(plt: Any, result: Comparison) -> str:
    fig, ax = plt.subplots(figsize=(8, 3.6))
    kinds = (
        ("skill-bot-vs-random", "bot vs random", "#c0504d"),
        ("skill-bot-vs-bot", "bot mirror (per side)", "#9bbb59"),
        ("luck-random-vs-random", "random mirror (per side)", "#8064a2"),
    )
    n = len(result.columns)
    width = 0.8 / len(kinds)
    for k, (name, label, colour) in enumerate(kinds):
        ests = [col.metrics.get(name) for col in result.columns]
        values, err = _errorbars(ests)
        xs = [i + (k - 1) * width for i in range(n)]
        ax.bar(xs, values, width=width, label=label, color=colour)
        ax.errorbar(xs, values, yerr=err, fmt="none", ecolor="#222", capsize=3)
    names = [c.column.name.replace("+", "\n+") for c in result.columns]
    ax.set_xticks(range(n), names, fontsize="small")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win share")
    ax.set_title("Skill against luck")
    ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1))
    return _svg(plt, fig)


_PLOTTERS: dict[str, Callable[[Any, Comparison], str]] = {
    "durations": plot_durations,
    "win-rates": plot_win_rates,
    "lethality": plot_lethality,
    "skill": plot_skill,
}


def _digits(info: MetricInfo) -> int:
    return 3 if info.unit == "kills" else 2 if info.unit in ("share", "index") else 1


def _cell(est: Estimate | None, info: MetricInfo) -> str:
    if est is None:
        return "<td>—</td>"
    digits = _digits(info)
    spread = (
        f"<small>sd {est.spread:.{digits}f}</small>"
        if est.spread is not None and info.unit in ("turns", "decisions")
        else ""
    )
    return (
        f"<td>{est.value:.{digits}f}<small>{est.low:.{digits}f}–{est.high:.{digits}f}"
        f" (n={est.n})</small>{spread}</td>"
    )


def _sample(sample: Sample | None) -> str:
    """The link to a column's sample game in the viewer (see :mod:`aerodrome.viewer`)."""
    if sample is None:
        return ""
    e = html.escape
    return (
        f' — <a class="sample" href="{e(sample.href)}">watch a sample game</a> '
        f"(agents {e(', '.join(dict.fromkeys(sample.agents)))}, game seed {sample.seed})"
    )


def render_html(result: Comparison, samples: Mapping[str, Sample] | None = None) -> str:
    """The report page as one HTML string; ``samples`` links each column's sample game."""
    from aerodrome.metrics.compare import highlights
    from aerodrome.report_search import skill_section

    plt = _pyplot()
    e = html.escape
    head = "".join(f"<th>{e(c.column.name)}</th>" for c in result.columns)
    rows = "".join(
        f"<tr><td>{e(m.title)} <small>{e(m.unit)}</small></td>"
        + "".join(_cell(c.metrics.get(m.name), m) for c in result.columns)
        + "</tr>"
        for m in result.metrics
    )
    games = "".join(
        f"<li>{e(c.column.name)} ({e(c.column.title)}, setup {e(c.column.setup)}): "
        + ", ".join(f"{n} {e(k)}" for k, n in c.games.items())
        + _sample((samples or {}).get(c.column.name))
        + "</li>"
        for c in result.columns
    )
    figures = "".join(
        f'<figure id="{pid}"><h3>{e(title)}</h3>{_PLOTTERS[pid](plt, result)}'
        f"<figcaption>{e(caption)}</figcaption></figure>"
        for pid, title, caption in PLOTS
    )
    infos = {m.name: m for m in result.metrics}
    notes = " · ".join(
        f"{e(h.label.capitalize())}: <strong>{e(h.column)}</strong> "
        f"({h.value:.{_digits(infos[h.metric])}f})"
        for h in highlights(result)
    )
    highlights_html = f'<p id="highlights">{notes}</p>' if notes else ""
    defs = "".join(
        f"<dt>{e(m.title)}</dt><dd>{e(m.description)}. <em>Source: {e(m.source)}.</em></dd>"
        for m in result.metrics
    )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        "<title>aerodrome compare</title>"
        f"<style>{_CSS}</style></head><body>"
        "<h1>aerodrome compare</h1>"
        f"<p>Seed {result.seed}; {result.games} games per matchup. Values with their 95 % "
        "confidence intervals.</p>"
        f"<ul>{games}</ul>"
        f'<table id="metrics"><thead><tr><th>metric</th>{head}</tr></thead>'
        f"<tbody>{rows}</tbody></table>"
        f"{highlights_html}"
        "<h2>Plots</h2><p>Game length, win rates and kills per turn come from the games of "
        "the ruleset's bot against itself (random agents where a ruleset has no bot).</p>"
        f"{figures}{skill_section(result)}"
        f"<h2>Definitions</h2><dl>{defs}</dl>"
        "</body></html>\n"
    )


def write_report(
    result: Comparison, folder: Path, samples: Mapping[str, Sample] | None = None
) -> Path:
    """Write ``index.html`` into ``folder`` (created if needed); returns its path."""
    page = render_html(result, samples)
    make_folder(folder, "--report")
    return write_atomic(folder / "index.html", page, "--report")
