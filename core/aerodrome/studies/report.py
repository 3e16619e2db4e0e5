"""The HTML report of ``aerodrome compare --report DIR`` (and ``aerodrome sweep``): one
self-contained page.

It leads with the verdicts (what each variant or parameter value changes, game by game
against its base), then the table of paired differences, then the levels of every column
(the metrics with their intervals), the plots (:mod:`aerodrome.studies.report_plots`, inline SVG),
a sweep's plots of each chosen metric against its parameter, the family the verdicts were
corrected over (every difference's raw and adjusted p-value), the skill trace and the
definitions. Names are the plain ones a reader knows (metric titles, ruleset and variant
names), never internal identifiers. The page has no script, no external file and no
network access: it opens from disk in any browser.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING

from aerodrome.engine.files import make_folder, write_atomic
from aerodrome.engine.metrics import Estimate, MetricInfo
from aerodrome.studies.report_plots import PLOTS, PLOTTERS, plot_sweep, pyplot
from aerodrome.studies.report_plots import require_matplotlib as require_matplotlib

if TYPE_CHECKING:
    from collections.abc import Mapping

    from aerodrome.studies.compare.measure import Comparison
    from aerodrome.studies.compare.paired import Difference
    from aerodrome.studies.compare.sweep import Sweep
    from aerodrome.studies.samples import Sample

__all__ = ["PLOTS", "render_html", "require_matplotlib", "write_report"]

_CSS = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 70em; color: #222;
       padding: 0 1em; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #ccc; padding: 0.3em 0.6em; text-align: right; vertical-align: top; }
th:first-child, td:first-child { text-align: left; }
td small, th small { color: #777; display: block; font-weight: normal; }
td.changed { font-weight: bold; }
td.suggestive { font-style: italic; }
#verdicts { border: 2px solid #2b5d8a; border-radius: 6px; padding: 0.4em 1.2em 0.8em; }
#verdicts li { margin: 0.4em 0; }
#verdicts .note { color: #666; font-size: 0.9em; display: block; }
#verdicts .suggestive { display: block; }
figure { margin: 2em 0; }
figure svg { max-width: 100%; height: auto; }
dt { font-weight: bold; margin-top: 0.6em; }
"""


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


def _difference(d: Difference | None, info: MetricInfo) -> str:
    from aerodrome.studies.compare.paired import describe_method
    from aerodrome.studies.compare.verdicts import confirmed, estimate, p_text

    if d is None:
        return "<td>—</td>"
    e = html.escape
    value, span = estimate(d, _digits(info))
    saved = (
        f"<small>{e(saved_words(d.variance_saved))}</small>" if d.variance_saved is not None else ""
    )
    tested = (
        f"<small>p {e(p_text(d.p))}, adjusted {e(p_text(d.p_adjusted))}</small>"
        if d.p is not None and d.p_adjusted is not None
        else ""
    )
    kind = "changed" if confirmed(d) else "suggestive" if d.changed else "same"
    return (
        f'<td class="{kind}">{e(value)}<small>{e(span)} (n={d.n})</small>{tested}{saved}'
        f"<small>{e(describe_method(d))}</small></td>"
    )


def saved_words(saved: float) -> str:
    """``pairing saved 74 % of the variance``; a pairing that did not help says so."""
    if saved >= 0.005:
        return f"pairing saved {saved:.0%} of the variance"
    if saved > -0.005:
        return "pairing saved no variance"
    return f"pairing added {-saved:.0%} to the variance"


def _sample(sample: Sample | None) -> str:
    """The link to a column's sample game in the viewer (see :mod:`aerodrome.runs.viewer`)."""
    if sample is None:
        return ""
    e = html.escape
    return (
        f' — <a class="sample" href="{e(sample.href)}">watch a sample game</a> '
        f"(agents {e(', '.join(dict.fromkeys(sample.agents)))}, game seed {sample.seed})"
    )


def verdicts_section(result: Comparison) -> str:
    """The verdicts (paired columns), or the stand-outs of the levels when nothing is
    paired."""
    from aerodrome.studies.compare.highlights import highlights

    e = html.escape
    infos = {m.name: m for m in result.metrics}
    if result.verdicts:
        items = "".join(
            f"<li><strong>{e(v.label)}</strong>: {e(v.text.partition(': ')[2])}"
            + (
                f'<span class="suggestive">{e(v.suggestive_text)}</span>'
                if v.suggestive_text
                else ""
            )
            + f'<span class="note">{e(v.note)}</span></li>'
            for v in result.verdicts
        )
        fam = result.family
        lead = (
            "What each variant changes against its base ruleset, measured game by game on "
            "the same seeds and agents. A change is confirmed only when it holds under "
            f"Holm's correction over every difference compared (the family of {fam.size}: "
            f"family-wise {fam.alpha * 100:g} %); a change whose 95 % interval excludes zero "
            "alone is suggestive, not confirmed."
        )
    else:
        found = highlights(result)
        items = "".join(
            f"<li>{e(h.label.capitalize())}: <strong>{e(h.column)}</strong> "
            f"({h.value:.{_digits(infos[h.metric])}f})</li>"
            for h in found
        ) or ("<li>No column stands out: every headline interval overlaps another.</li>")
        lead = (
            "No variant is compared with its base here (aerodrome compare R --variant NAME "
            "does): the columns that stand out on a headline metric, named only when its "
            "interval lies apart from every other column's."
        )
    return f'<section id="verdicts"><h2>Verdicts</h2><p>{lead}</p><ul>{items}</ul></section>'


def family_section(result: Comparison) -> str:
    """The family the verdicts were corrected over: every difference, its raw and adjusted
    p-value."""
    if not result.differences:
        return ""
    from aerodrome.studies.compare.verdicts import p_text

    e = html.escape
    fam = result.family
    rows = "".join(
        f"<tr><td>{e(c.label)}</td><td>{e(name)}</td><td>{d.n}</td>"
        f"<td>{e(p_text(d.p))}</td><td>{e(p_text(d.p_adjusted))}</td></tr>"
        for c in result.differences
        for name, d in c.metrics.items()
        if d is not None and d.p is not None and d.p_adjusted is not None
    )
    return (
        '<section id="family"><h2>The family of the verdicts</h2><p>Holm\'s step-down '
        f"correction ran over these {fam.size} differences (every metric of every paired "
        f"column) at a family-wise {fam.alpha * 100:g} %; a change alone must reach "
        f"p ≤ {e(p_text(fam.detect_level))}, the level the detectable sizes are read at "
        '(80 % power).</p><table id="family-table"><thead><tr><th>column</th><th>metric</th>'
        "<th>n</th><th>p</th><th>adjusted p</th></tr></thead>"
        f"<tbody>{rows}</tbody></table></section>"
    )


def differences_section(result: Comparison) -> str:
    if not result.differences:
        return ""
    e = html.escape
    head = "".join(
        f"<th>{e(d.label)}<small>minus {e(d.base)}</small></th>" for d in result.differences
    )
    rows = "".join(
        f"<tr><td>{e(m.title)} <small>{e(m.unit)}</small></td>"
        + "".join(_difference(d.metrics.get(m.name), m) for d in result.differences)
        + "</tr>"
        for m in result.metrics
    )
    return (
        '<section id="differences"><h2>Differences, game by game</h2><p>Each column minus '
        "its base, game <em>i</em> against game <em>i</em> (the same dice seed and agents): "
        "the difference with its paired 95 % interval, and how much of the variance of an "
        "unpaired comparison the pairing saved (docs/compare.md: the paired method), its "
        "pairs (n), its p-value and the p-value adjusted over the family. Bold: a change "
        "the verdicts confirm; italic: suggestive (the interval alone excludes zero).</p>"
        f'<table id="difference-table"><thead><tr><th>metric</th>{head}</tr></thead>'
        f"<tbody>{rows}</tbody></table></section>"
    )


def levels_section(result: Comparison, samples: Mapping[str, Sample] | None) -> str:
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
    return (
        '<section id="levels"><h2>Levels</h2><p>Every metric of every column with its 95 % '
        f'confidence interval.</p><ul id="games">{games}</ul>'
        f'<table id="metrics"><thead><tr><th>metric</th>{head}</tr></thead>'
        f"<tbody>{rows}</tbody></table></section>"
    )


def plots_section(result: Comparison) -> str:
    plt = pyplot()
    e = html.escape
    figures = "".join(
        f'<figure id="{pid}"><h3>{e(title)}</h3>{PLOTTERS[pid](plt, result)}'
        f"<figcaption>{e(caption)}</figcaption></figure>"
        for pid, title, caption in PLOTS
    )
    return (
        '<section id="plots"><h2>Plots</h2><p>Game length, win rates and kills per turn '
        "come from the games of the ruleset's bot against itself (random agents where a "
        f"ruleset has no bot).</p>{figures}</section>"
    )


def sweep_section(sweep: Sweep) -> str:
    plt = pyplot()
    e = html.escape
    crossing = (
        '<div id="crossing">'
        + "".join(f"<p><strong>{e(line)}</strong></p>" for line in sweep.target.text)
        + "</div>"
        if sweep.target is not None
        else ""
    )
    figures = "".join(
        f'<figure id="sweep-{e(m)}" class="sweep"><h3>{e(_title(sweep, m))} against '
        f"{e(sweep.parameter)}</h3>{plot_sweep(plt, sweep, m)}<figcaption>Each value of "
        f"{e(sweep.parameter)} ({e(sweep.summary)}) plays the same games; 95 % intervals; "
        "the reference value in red.</figcaption></figure>"
        for m in sweep.metrics
    )
    return (
        f'<section id="sweep"><h2>Sweep: {e(sweep.parameter)}</h2>'
        f"<p>{e(sweep.ruleset)}: {e(sweep.summary)}, values "
        f"{e(', '.join(f'{v:g}' for v in sweep.values))} (reference {sweep.reference:g})."
        f"</p>{crossing}{figures}</section>"
    )


def _title(sweep: Sweep, metric: str) -> str:
    return next((m.title for m in sweep.comparison.metrics if m.name == metric), metric)


def render_html(
    result: Comparison,
    samples: Mapping[str, Sample] | None = None,
    sweep: Sweep | None = None,
) -> str:
    """The report page as one HTML string; ``samples`` links each column's sample game;
    ``sweep`` adds its plots (the page of ``aerodrome sweep``)."""
    from aerodrome.studies.report_search import skill_section

    e = html.escape
    title = (
        f"aerodrome sweep: {sweep.ruleset}, {sweep.parameter}"
        if sweep is not None
        else "aerodrome compare"
    )
    defs = "".join(
        f"<dt>{e(m.title)}</dt><dd>{e(m.description)}. <em>Source: {e(m.source)}.</em></dd>"
        for m in result.metrics
    )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{e(title)}</title>"
        f"<style>{_CSS}</style></head><body>"
        f"<h1>{e(title)}</h1>"
        f"<p>Seed {result.seed}; {result.games} games per matchup. Values with their 95 % "
        "confidence intervals.</p>"
        f"{verdicts_section(result)}"
        f"{differences_section(result)}"
        f"{levels_section(result, samples)}"
        f"{plots_section(result)}"
        f"{sweep_section(sweep) if sweep is not None else ''}"
        f"{family_section(result)}"
        f"{skill_section(result)}"
        f"<h2>Definitions</h2><dl>{defs}</dl>"
        "</body></html>\n"
    )


def write_report(
    result: Comparison,
    folder: Path,
    samples: Mapping[str, Sample] | None = None,
    *,
    sweep: Sweep | None = None,
) -> Path:
    """Write ``index.html`` into ``folder`` (created if needed); returns its path."""
    page = render_html(result, samples, sweep)
    make_folder(folder, "--report")
    return write_atomic(folder / "index.html", page, "--report")
