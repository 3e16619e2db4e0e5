"""The report sections of search and skill: a tournament's standings (``aerodrome tournament
--report DIR``) and the skill ladder of ``aerodrome compare --report DIR`` (hooked into
:func:`aerodrome.studies.report.render_html`). Plain HTML tables: no script, no external file."""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from aerodrome.engine.files import make_folder, write_atomic

if TYPE_CHECKING:
    from aerodrome.engine.data import ParamValue
    from aerodrome.engine.metrics import Estimate
    from aerodrome.studies.compare.measure import Comparison
    from aerodrome.studies.tournament import Standings

_CSS = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 70em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #ccc; padding: 0.3em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
td small { color: #777; display: block; }
"""


def _interval(e: Estimate | None, digits: int = 2, games: str = "") -> str:
    """A value over its interval and the games it rests on (``games``: what they are)."""
    if e is None:
        return "<td>—</td>"
    rests = f"{e.n} {games}{'' if e.n == 1 else 's'}" if games else f"n={e.n}"
    return (
        f"<td>{e.value:.{digits}f}<small>{e.low:.{digits}f}–{e.high:.{digits}f} "
        f"({rests})</small></td>"
    )


def tournament_section(result: Standings) -> str:
    """The standings as an HTML section: ratings with intervals, then every seating."""
    e = html.escape
    rows = "".join(
        f"<tr><td>{i}. {e(r.agent)}</td><td>{r.mu:.1f}<small>{r.low:.1f}–{r.high:.1f}</small>"
        f"</td><td>{r.games}</td><td>{r.wins}</td><td>{r.draws}</td><td>{r.losses}</td>"
        f"{_interval(r.score)}</tr>"
        for i, r in enumerate(result.ratings, start=1)
    )
    seatings = "".join(
        "<tr><td>"
        + e(" vs ".join(f"{a} ({s})" for s, a in p.agents.items()))
        + f"</td><td>{p.games}</td>"
        + "".join(f"<td>{p.wins.get(s, 0)}</td>" for s in p.agents)
        + f"<td>{p.draws}</td><td>{p.unfinished}</td></tr>"
        for p in result.pairings
    )
    return (
        f'<section id="tournament"><h2>Tournament: {e(result.ruleset)}, setup '
        f"{e(result.setup)}</h2><p>Seed {result.seed}; {result.games} games per pairing and "
        "seating. Rating: openskill's Plackett–Luce model (Weng &amp; Lin 2011), mu with "
        "mu ± 1.96 sigma, ranked by mu − 3 sigma. Points: a win 1, a draw ½.</p>"
        '<table id="ratings"><thead><tr><th>agent</th><th>rating</th><th>games</th>'
        "<th>won</th><th>drawn</th><th>lost</th><th>points</th></tr></thead>"
        f"<tbody>{rows}</tbody></table>"
        '<table id="seatings"><thead><tr><th>seating</th><th>games</th>'
        + "".join(
            f"<th>{e(s)} won</th>" for s in (result.pairings[0].agents if result.pairings else {})
        )
        + f"<th>draws</th><th>unfinished</th></tr></thead><tbody>{seatings}</tbody></table>"
        "</section>"
    )


def write_tournament_report(
    result: Standings, folder: Path, sets: Sequence[ParamValue] = ()
) -> Path:
    """Write ``index.html`` with the tournament section into ``folder``; returns its path.
    ``sets``: the spec numbers the games were played with (``--set``), said under the title."""
    numbers = (
        "<p>Spec numbers changed (--set): "
        + html.escape(", ".join(f"{k}={v}" for k, v in sets))
        + "</p>"
        if sets
        else ""
    )
    page = (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>aerodrome tournament</title><style>{_CSS}</style></head><body>"
        f"<h1>aerodrome tournament</h1>{numbers}{tournament_section(result)}</body></html>\n"
    )
    return _write(folder, page)


def skill_section(result: Comparison) -> str:
    """The skill ladder of every column: per adjacent pair of rungs, the share of decided
    games the upper rung wins, its 95 % interval and what it says (separates, saturates,
    reversed, undecided: :func:`aerodrome.studies.ladder.verdict`); empty when not measured."""
    from aerodrome.studies.ladder import verdict

    e = html.escape
    found = [(c.column.name, c.metrics.get("skill-ladder")) for c in result.columns]
    ladders = [(n, t) for n, t in found if t is not None]
    if not ladders:
        return ""
    steps = list(dict.fromkeys(k for _, t in ladders for k in t.parts))
    head = "".join(f"<th>{e(s)}</th>" for s in steps)

    def step(t: Estimate, s: str) -> str:
        part = t.parts.get(s)
        if part is None:
            return "<td>—</td>"
        return _interval(part, games="decided game")[:-5] + f"<small>{verdict(part)}</small></td>"

    rows = "".join(
        f"<tr><td>{e(n)}</td>"
        + "".join(step(t, s) for s in steps)
        + f"{_interval(t, games='decided game')}</tr>"
        for n, t in ladders
    )
    return (
        '<section id="skill-ladder"><h2>Skill ladder</h2><p>The share of decided games the '
        "stronger of two adjacent agents wins (random &lt; bot &lt; search at growing "
        "budgets; each side in turn), with 95 % intervals: a step separates when its "
        "interval lies above ½, saturates when it reaches ½ and stays low (more skill does "
        "not pay there), is undecided when too few games were decided (after Ludii's skill "
        "trace). Each step says the decided games it rests on: a dozen tell apart only a "
        "large step (--ladder-games plays more). The last column pools the steps above "
        "random.</p>"
        f"<table><thead><tr><th>column</th>{head}<th>above random</th></tr></thead>"
        f"<tbody>{rows}</tbody></table>{styles_section(result)}</section>"
    )


def styles_section(result: Comparison) -> str:
    """The learned rungs: per policy, per decision kind, the action kinds it chooses more
    or less often than the bot at the same positions (:mod:`aerodrome.studies.learned`);
    empty without a learned rung."""
    e = html.escape
    parts = []
    for found in result.styles:
        rows = "".join(
            f"<tr><td>{e(kind.kind) if i == 0 else ''}"
            f"{f'<small>{kind.decisions} decisions</small>' if i == 0 else ''}</td>"
            f"<td>{e(p.action)}</td>"
            f"<td>{p.policy}<small>{p.policy / kind.decisions:.0%}</small></td>"
            f"<td>{p.bot}<small>{p.bot / kind.decisions:.0%}</small></td>"
            f"<td>{p.difference:+.2f}<small>{p.low:+.2f} – {p.high:+.2f}</small></td></tr>"
            for kind in found.kinds
            for i, p in enumerate(kind.preferences)
        )
        parts.append(
            f'<h3 id="learned-{e(found.column)}">Learned rung, {e(found.column)}: what '
            f"{e(found.policy)} does differently from the bot</h3><p>The policy played "
            f"{found.games} games against the bot (half on each side, seed {found.seed}); at "
            f"each of its {found.decisions} decisions with a choice the bot was asked what it "
            "would have chosen there. Per decision kind, the action kinds whose shares "
            "differ most: how often each chose it, and the difference (policy minus bot) "
            "with its 95 % interval over games. A kind the policy chooses more often is "
            "what the learner prefers.</p>"
            "<table><thead><tr><th>decision</th><th>action kind</th><th>policy</th>"
            f"<th>bot</th><th>difference</th></tr></thead><tbody>{rows}</tbody></table>"
        )
    return "".join(parts)


def _write(folder: Path, page: str) -> Path:
    make_folder(folder, "--report")
    return write_atomic(folder / "index.html", page, "--report")
