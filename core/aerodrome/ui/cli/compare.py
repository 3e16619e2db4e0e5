"""``aerodrome compare``: game-quality metrics of rulesets (and rule variants), side by side,
and what a variant changes, measured game by game against its base ruleset.

Runs the default setup of every registered ruleset (or the ones named) with the matchups
the metrics need (bot against bot, random against random, bot against random, and the skill
ladder's adjacent pairs, :mod:`aerodrome.studies.ladder`), streams the games to JSON Lines (``--out``,
resumable), and prints one table: a row per metric, a column per ruleset, each variant next
to its base with the paired difference (variant minus base, its 95 % interval and the
variance the pairing saved), then the verdicts. ``--json`` prints the same as JSON;
``--report DIR`` writes a self-contained HTML report with plots.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table
from rich.text import Text

from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.files import check_output, check_output_folder
from aerodrome.plugins import default_plugins
from aerodrome.studies.compare import DEFAULT_GAMES, QUICK_GAMES
from aerodrome.studies.ladder import LADDER_BUDGETS, LADDER_GAMES
from aerodrome.ui.cli.options import (
    GAMES_MAX,
    TIMEOUT,
    Dask,
    DaskCa,
    DaskCert,
    DaskInsecure,
    DaskKey,
    DaskTimeout,
    Seed,
    SpecSet,
    Workers,
    dask_option,
    spec_overrides,
)
from aerodrome.ui.cli.output import console, literal, print_json, say
from aerodrome.ui.cli.paths import output_file

if TYPE_CHECKING:
    from aerodrome.engine.data import ParamValue
    from aerodrome.engine.metrics import Estimate, MetricInfo
    from aerodrome.plugins import Plugins
    from aerodrome.studies.compare.measure import Comparison
    from aerodrome.studies.compare.paired import Difference
    from aerodrome.studies.compare.plan import ColumnPlan
    from aerodrome.studies.compare.studies import Study
    from aerodrome.studies.compare.verdicts import Detect, Plan
    from aerodrome.studies.learned import PolicyStyle

#: Units of the metrics whose spread (standard deviation) is shown under the interval.
SPREAD_UNITS = ("turns", "decisions")


Games = Annotated[
    int | None,
    typer.Option(
        "--games",
        "-n",
        min=1,
        max=GAMES_MAX,
        help=f"Games per matchup (bot-vs-bot, random-vs-random; bot-vs-random is split over "
        f"the sides). Default {DEFAULT_GAMES}, {QUICK_GAMES} with --quick.",
        show_default=False,
    ),
]
Quick = Annotated[
    bool,
    typer.Option(
        "--quick",
        help=f"A first look: {QUICK_GAMES} games a matchup; the skill ladder's first step only "
        "(random < bot, from those games; give --ladder-budgets for search rungs; "
        "docs/performance.md gives the times).",
    ),
]
Quiet = Annotated[
    bool, typer.Option("--quiet", "-q", help="No progress on stderr (no bar, no lines).")
]
Json = Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]
Report = Annotated[
    Path | None,
    typer.Option(help="Write an HTML report with plots to this folder.", show_default=False),
]
Out = Annotated[
    Path | None,
    typer.Option(
        parser=output_file,
        help="Stream every game to this JSON Lines file; a re-run skips the games in it.",
        show_default=False,
    ),
]


def _sets(
    plugins: Plugins, rulesets: list[str] | None, texts: list[str] | None
) -> tuple[ParamValue, ...]:
    """The checked ``--set`` values of the one ruleset compared (a column with them)."""
    if not texts:
        return ()
    if rulesets is None or len(rulesets) != 1:
        raise AerodromeError(
            "--set: name the one ruleset whose spec numbers it sets (e.g. aerodrome compare "
            "dockfighters --set tables.base_to_hit=5)"
        )
    return spec_overrides(plugins, rulesets[0], texts)


def compare(
    rulesets: Annotated[
        list[str] | None,
        typer.Argument(
            help="Rulesets to compare (default: every registered ruleset).", show_default=False
        ),
    ] = None,
    games: Games = None,
    quick: Quick = False,
    seed: Seed = 1,
    variant: Annotated[
        list[str] | None,
        typer.Option(
            "--variant",
            help="A rule variant to compare with its base ruleset, game by game (repeatable; "
            "`aerodrome variants` lists them).",
            show_default=False,
        ),
    ] = None,
    param: Annotated[
        list[str] | None,
        typer.Option(
            "--param",
            help="Set a declared parameter of the ruleset, NAME=VALUE (repeatable: one column "
            "with every value set, compared with the base game by game, and with each --variant "
            "a column with both; `aerodrome variants R` lists the parameters).",
            show_default=False,
        ),
    ] = None,
    detect: Annotated[
        list[str] | None,
        typer.Option(
            "--detect",
            help="Plan the games that detect a difference: METRIC=SIZE, SIZE in the metric's "
            "unit as its Δ column shows it (e.g. balance=0.05, duration-turns=1); this run is "
            "the pilot whose paired variance the plan scales (repeatable; needs --variant).",
            show_default=False,
        ),
    ] = None,
    workers: Workers = None,
    dask: Dask = None,
    dask_tls_ca_file: DaskCa = None,
    dask_tls_cert: DaskCert = None,
    dask_tls_key: DaskKey = None,
    dask_insecure: DaskInsecure = False,
    dask_timeout: DaskTimeout = TIMEOUT,
    json: Json = False,
    report: Report = None,
    out: Out = None,
    quiet: Quiet = False,
    ladder: Annotated[
        bool,
        typer.Option(
            "--ladder/--no-ladder",
            help="Measure how far skill carries: the skill ladder (random < bot < search at "
            "growing budgets, each adjacent pair played).",
        ),
    ] = True,
    ladder_budgets: Annotated[
        str | None,
        typer.Option(
            "--ladder-budgets",
            help="The search rungs' budgets (rollouts a decision), each larger than the one "
            f"before (default {','.join(map(str, LADDER_BUDGETS))}; none with --quick: its "
            "ladder is random < bot, from compare's own games).",
            show_default=False,
        ),
    ] = None,
    ladder_games: Annotated[
        int | None,
        typer.Option(
            "--ladder-games",
            min=1,
            max=GAMES_MAX,
            help="Games per adjacent pair of the ladder (split over the sides; default "
            f"{LADDER_GAMES}).",
            show_default=False,
        ),
    ] = None,
    ladder_policy: Annotated[
        list[str] | None,
        typer.Option(
            "--ladder-policy",
            help="A trained policy (aerodrome train) as the ladder's top rung for a ruleset, "
            "RULESET=PATH (repeatable); the report says what it does differently from the "
            "bot. A policy trained on other rules is refused.",
            show_default=False,
        ),
    ] = None,
    set_: SpecSet = None,
) -> None:
    """Compare rulesets and what variants change: balance, length, lethality, skill..."""
    from aerodrome.studies.compare.plan import plan
    from aerodrome.studies.compare.run import execute, studies
    from aerodrome.studies.compare.studies import BUDGET, QUICK_BUDGET
    from aerodrome.ui.cli.progress import RunProgress, terminate_as_interrupt

    target = dask_option(
        dask, dask_tls_ca_file, dask_tls_cert, dask_tls_key, dask_insecure, dask_timeout
    )
    if out is not None:  # before any game
        check_output(out, "--out", regular=True, update=True)
    plugins = default_plugins()
    sets = _sets(plugins, rulesets, set_)
    wanted = _detects(plugins, detect or (), bool(variant or param or sets))
    games = games or (QUICK_GAMES if quick else DEFAULT_GAMES)
    budgets: tuple[int, ...] | None = None
    if ladder and ladder_budgets is not None:
        budgets = _budgets(ladder_budgets)
    elif ladder:
        # --quick: the ladder's first step only (random < bot, and a --ladder-policy's
        # learned rung), read from compare's own bot-against-random games: no game more
        budgets = () if quick else LADDER_BUDGETS
    policies = _policies(plugins, ladder_policy or (), rulesets, ladder)
    if report is not None:  # fail before the games, not after them
        from aerodrome.studies.report import require_matplotlib

        require_matplotlib()
        check_output_folder(report, "--report", files=("index.html", "games"))
    chosen = studies(budgets, ladder_games or LADDER_GAMES, policies)
    plans = plan(
        plugins,
        rulesets or (),
        variant or (),
        games,
        seed,
        studies=chosen,
        study_seconds=QUICK_BUDGET if quick else BUDGET,
        params=param or (),
        sets=sets,
    )
    progress = RunProgress("compare", quiet=quiet, workers=workers, out=out)
    with terminate_as_interrupt(), progress:
        result = execute(
            plugins,
            plans,
            seed=seed,
            games=games,
            workers=workers,
            dask=target,
            out=out,
            hooks=progress.hooks(),
        )
    result.styles = _styles(plugins, chosen, plans, seed, quiet)
    if report is not None:
        from aerodrome.studies.report import write_report
        from aerodrome.studies.samples import write_samples

        samples = write_samples(plugins, plans, report)
        path = write_report(result, report, samples)
        say(f"report: {path}", err=True)
    result.plans = _plans(result, wanted)
    if json:
        print_json(result)
        return
    console.print(comparison_table(result))
    print_ladder(result)
    print_styles(result)
    print_verdicts(result)
    for p in result.plans:
        console.print(literal(f"--detect {p.metric}={p.size:g}: {p.text}"), highlight=False)
    from aerodrome.studies.compare.highlights import highlights

    units = {m.name: m for m in result.metrics}
    notes = [
        Text.assemble(
            f"{h.label.capitalize()}: ",
            literal(h.column, "bold"),
            f" ({cell_value(h.value, units[h.metric])})",
        )
        for h in highlights(result)
    ]
    if notes:
        console.print(Text(" · ").join(notes), highlight=False)
    console.print(
        f"[dim]{games} games per matchup, seed {seed}; value over its 95 % interval and the "
        "games (n) it rests on; Δ: the column minus its base, game by game (paired 95 % "
        "interval, the pairs it rests on, the p-value adjusted over every metric compared, "
        "the share of variance the pairing saved; bold: a change the verdicts confirm). "
        "Definitions: docs/compare.md; plots: --report DIR.[/]",
        highlight=False,
    )


def _policies(
    plugins: Plugins, texts: Sequence[str], rulesets: Sequence[str] | None, ladder: bool
) -> dict[str, str]:
    """``--ladder-policy RULESET=PATH`` options, checked before any game (a policy trained
    on other rules is refused in one line)."""
    from aerodrome.studies.ladder import check_policies, parse_policies

    if not texts:
        return {}
    if not ladder:
        raise AerodromeError("--ladder-policy: the ladder is off (--no-ladder)")
    found = parse_policies(texts)
    check_policies(plugins, found, list(rulesets or plugins.ruleset_names()))
    return found


def _styles(
    plugins: Plugins, chosen: Sequence[Study], plans: Sequence[ColumnPlan], seed: int, quiet: bool
) -> list[PolicyStyle]:
    """What each learned rung does differently from the bot (games played here)."""
    from aerodrome.studies.ladder import LadderStudy

    out: list[PolicyStyle] = []
    for study in chosen:
        if isinstance(study, LadderStudy) and study.policies:
            if not quiet:
                say("compare: the learned rungs' decisions beside the bot's", err=True)
            out += study.styles(plugins, [p.column for p in plans], seed)
    return out


def _detects(plugins: Plugins, texts: Sequence[str], paired: bool) -> list[Detect]:
    """``--detect METRIC=SIZE`` options, checked before any game is played."""
    from aerodrome.engine.errors import AerodromeError
    from aerodrome.studies.compare.measure import all_metrics
    from aerodrome.studies.compare.verdicts import parse_detect

    if not texts:
        return []
    if not paired:
        raise AerodromeError(
            "--detect: plans games for a paired difference; name a --variant (or --param) to "
            "compare with its base"
        )
    names = [m.name for m in all_metrics(plugins)]
    return [parse_detect(t, names) for t in texts]


def _plans(result: Comparison, wanted: Sequence[Detect]) -> list[Plan]:
    from aerodrome.studies.compare.verdicts import plan_detection

    infos = {m.name: m for m in result.metrics}
    columns = {c.column.name: c.column for c in result.columns}
    return [
        p
        for w in wanted
        for p in plan_detection(
            result.differences,
            result.family,
            w,
            infos[w.metric],
            columns=columns,
            games=result.games,
            seed=result.seed,
        )
    ]


def print_verdicts(result: Comparison) -> None:
    """The verdict lines: the headline (confirmed changes, where the headline metrics
    stand), the suggestive changes with the command that settles them, and the note on what
    the headline controls."""
    for v in result.verdicts:
        label, _, rest = v.text.partition(": ")
        console.print(Text.assemble(literal(label, "bold"), ": ", literal(rest)), highlight=False)
        if v.suggestive_text:
            console.print(literal(f"  {v.suggestive_text}"), highlight=False)
        console.print(literal(f"  {v.note}", "dim"), highlight=False)


def print_ladder(result: Comparison) -> None:
    """The skill ladder's steps, each with the decided games it rests on and its reading."""
    from aerodrome.studies.metrics.ladder import verdict

    for col in result.columns:
        ladder = col.metrics.get("skill-ladder")
        if ladder is None or not ladder.parts:
            continue
        steps = "; ".join(
            f"{name} {e.value:.2f} [{e.low:.2f}, {e.high:.2f}] on {e.n} decided game"
            f"{'' if e.n == 1 else 's'}: {verdict(e)}"
            for name, e in ladder.parts.items()
        )
        console.print(literal(f"skill ladder, {col.column.name}: {steps}"), highlight=False)


def print_styles(result: Comparison) -> None:
    """Per learned rung, what its policy chooses more (or less) often than the bot at the
    same positions: per decision kind, the action kinds whose shares differ most."""
    for found in result.styles:
        console.print(
            literal(
                f"learned rung, {found.column} ({found.policy}): its choices beside the bot's "
                f"at the same {found.decisions} decisions of {found.games} games against the "
                "bot (shares of the decisions of each kind; difference: policy minus bot, "
                "95 % interval over games)"
            ),
            highlight=False,
        )
        t = Table(show_header=True, box=None, pad_edge=False)
        for name in ("decision", "action kind", "policy", "bot", "difference"):
            t.add_column(
                name,
                justify="left" if name in ("decision", "action kind") else "right",
                overflow="fold",
            )
        for kind in found.kinds:
            for i, p in enumerate(kind.preferences):
                t.add_row(
                    literal(f"{kind.kind} ({kind.decisions})" if i == 0 else ""),
                    literal(p.action),
                    f"{p.policy} ({p.policy / kind.decisions:.0%})",
                    f"{p.bot} ({p.bot / kind.decisions:.0%})",
                    f"{p.difference:+.2f} [{p.low:+.2f}, {p.high:+.2f}]",
                )
        console.print(t)


def _budgets(text: str) -> tuple[int, ...]:
    from aerodrome.engine.errors import AerodromeError
    from aerodrome.studies.ladder import check_budgets

    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not all(p.isdigit() for p in parts):
        raise AerodromeError(
            f"--ladder-budgets: whole numbers of rollouts separated by commas, got {text!r}"
        )
    return check_budgets([int(p) for p in parts])


def digits(info: MetricInfo) -> int:
    return 3 if info.unit == "kills" else 2 if info.unit in ("share", "index") else 1


def cell_value(value: float, info: MetricInfo) -> str:
    text = f"{value:.{digits(info)}f}"
    return f"{text} {info.unit}" if info.unit in SPREAD_UNITS else text


def cell(estimate: Estimate | None, info: MetricInfo) -> Text:
    """A value over its interval and the games it rests on, e.g. ``0.52`` / ``0.45–0.59`` /
    ``n 100``."""
    if estimate is None:
        return Text("—", style="dim")
    d = digits(info)
    text = Text(f"{estimate.value:.{d}f}\n")
    text.append(f"{estimate.low:.{d}f}–{estimate.high:.{d}f}", style="dim")
    if estimate.spread is not None and info.unit in SPREAD_UNITS:
        text.append(f"\nsd {estimate.spread:.{d}f}", style="dim")
    text.append(f"\nn {estimate.n}", style="dim")
    return text


def difference_cell(d: Difference | None, info: MetricInfo) -> Text:
    """A paired difference over its interval (at one precision, so the value lies inside
    it), its pairs and adjusted p-value, and the variance the pairing saved; bold when the
    verdicts confirm it."""
    from aerodrome.studies.compare.verdicts import confirmed, estimate, p_text

    if d is None:
        return Text("—", style="dim")
    value, span = estimate(d, digits(info))
    sure = confirmed(d)
    text = Text(value + "\n", style="bold" if sure else "")
    text.append(span, style="" if d.changed else "dim")
    adjusted = f" · adj p {p_text(d.p_adjusted)}" if d.p_adjusted is not None else ""
    text.append(f"\nn {d.n}{adjusted}", style="dim")
    if d.variance_saved is not None:
        saved = d.variance_saved
        words = f"saved {saved:.0%}" if saved > -0.005 else f"cost {-saved:.0%}"
        text.append(f"\n{words.replace('-0%', '0%')}", style="dim")
    return text


def column_label(name: str, variants: Sequence[str], ruleset: str) -> Text:
    if not variants:
        return literal(name)
    text = literal(ruleset + "\n")
    text.append(literal("+" + "+".join(variants), "italic"))
    return text


def comparison_table(result: Comparison) -> Table:
    """A row per metric; a column per ruleset, each paired column followed by its Δ."""
    t = Table(title="aerodrome compare", title_justify="left", show_lines=True)
    t.add_column("metric")
    diffs = {d.column: d for d in result.differences}
    for col in result.columns:
        c = col.column
        t.add_column(column_label(c.name, c.variants, c.ruleset), justify="right")
        if c.name in diffs:
            t.add_column(Text("Δ paired"), justify="right")
    for info in result.metrics:
        row: list[Text] = [Text(f"{info.title}\n").append(info.unit, style="dim")]
        for col in result.columns:
            row.append(cell(col.metrics.get(info.name), info))
            found = diffs.get(col.column.name)
            if found is not None:
                row.append(difference_cell(found.metrics.get(info.name), info))
        t.add_row(*row)
    return t


def register(app: typer.Typer) -> None:
    """Add the ``compare`` command to ``app``."""
    app.command()(compare)
