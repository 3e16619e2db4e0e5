"""The page of ``aerodrome sensitivity --report DIR``: a tornado chart per metric (each
change's effect with its paired 95 % interval, the largest on top, confirmed ones dark), the
ranked tables, and a sample game of every change (the replay viewer), linked from its bar."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from pathlib import Path

from aerodrome.engine.files import make_folder, write_atomic
from aerodrome.plugins import Plugins
from aerodrome.studies.compare.plan import ColumnPlan
from aerodrome.studies.compare.verdicts import digits, estimate, p_text
from aerodrome.studies.report_plots import ROW, pyplot, svg
from aerodrome.studies.samples import Sample, write_samples
from aerodrome.studies.sensitivity import Effect, Sensitivity, summary

PAGE = "sensitivity.html"
_CSS = (
    "body{font-family:system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem}"
    "table{border-collapse:collapse;margin:.5rem 0}td,th{padding:.2rem .5rem;"
    "border-bottom:1px solid #ddd;text-align:left}svg{max-width:100%;height:auto}"
    ".confirmed{font-weight:bold}.wide{overflow-x:auto}td{white-space:nowrap}"
    "@media (max-width:600px){body{font-size:14px}td,th{padding:.15rem .3rem}}"
)


def tornado(effects: Sequence[Effect], title: str, links: Mapping[str, str]) -> str:
    """A horizontal bar per change (its effect) with its interval as a whisker; each bar a
    link to the change's sample game when there is one."""
    plt = pyplot()
    shown = list(effects)
    fig, ax = plt.subplots(figsize=(7.5, 1.2 + ROW * max(1, len(shown))))
    ys = list(range(len(shown)))[::-1]  # the largest on top
    values = [e.difference.value for e in shown]
    errors = [
        [max(0.0, e.difference.value - e.difference.low) for e in shown],
        [max(0.0, e.difference.high - e.difference.value) for e in shown],
    ]
    colors = [
        "#1f4e79"
        if e.verdict == "confirmed"
        else "#8fb3d9"
        if e.verdict == "suggestive"
        else "#ccc"
        for e in shown
    ]
    bars = ax.barh(ys, values, xerr=errors, color=colors, ecolor="#333", capsize=3)
    for bar, e in zip(bars, shown, strict=True):
        href = links.get(e.change)
        if href is not None:
            bar.set_url(href)
    ax.set_yticks(ys, [e.change for e in shown])
    ax.axvline(0, color="#333", linewidth=0.8)
    ax.set_xlabel(f"{title}: change minus base (paired 95 % interval)")
    return svg(plt, fig)


def render(result: Sensitivity, samples: Mapping[str, Sample] | None = None) -> str:
    e = html.escape
    infos = {m.name: m for m in result.comparison.metrics}
    column_of = {c.label: c.column for c in result.changes}
    links = {
        label: samples[column].href
        for label, column in column_of.items()
        if samples is not None and column in samples
    }
    sections = []
    for name in result.metrics:
        info = infos[name]
        places = digits(info)
        rows = []
        for i, effect in enumerate(result.ranked.get(name, []), 1):
            d = effect.difference
            value, span = estimate(d, places)
            verdict = effect.verdict
            if verdict == "not detected" and d.detectable is not None:
                verdict = f"not detected (±{d.detectable:.{places}f})"
            link = links.get(effect.change)
            change = f'<a href="{e(link)}">{e(effect.change)}</a>' if link else e(effect.change)
            adjusted = p_text(d.p_adjusted) if d.p_adjusted is not None else ""
            rows.append(
                f'<tr class="{e(effect.verdict.replace(" ", "-"))}"><td>{i}</td>'
                f"<td>{change}</td><td>{e(value)}</td><td>{e(span)}</td><td>{d.n}</td>"
                f"<td>{e(adjusted)}</td><td>{e(verdict)}</td></tr>"
            )
        chart = tornado(result.ranked.get(name, []), info.title, links)
        sections.append(
            f'<h2>{e(info.title)}</h2><figure id="tornado-{e(name)}">{chart}</figure>'
            '<div class="wide"><table><tr><th>#</th><th>change</th><th>effect</th>'
            "<th>95 % interval</th><th>n</th><th>adj. p</th><th>verdict</th></tr>"
            + "".join(rows)
            + "</table></div>"
        )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>aerodrome sensitivity: {e(result.ruleset)}</title><style>{_CSS}</style>"
        f"</head><body><h1>What drives {e(result.ruleset)} ({e(result.setup)})</h1>"
        f"<p>{e(summary(result))} Dark bars: confirmed; light: suggestive; grey: not "
        "detected or the same in every pair. A bar links to a sample game of its change.</p>"
        + "".join(sections)
        + "</body></html>\n"
    )


def write_sensitivity_report(
    result: Sensitivity,
    folder: Path,
    plugins: Plugins | None = None,
    plans: Sequence[ColumnPlan] = (),
) -> Path:
    """Write the page (and, given the plans, a sample game of every change) into
    ``folder``; returns the page's path."""
    make_folder(folder, "--report")
    samples = write_samples(plugins, plans, folder) if plugins is not None and plans else None
    return write_atomic(folder / PAGE, render(result, samples), "--report")
