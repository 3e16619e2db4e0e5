"""``aerodrome compare``: game-quality metrics of rulesets (and rule variants), side by side.

Runs the default setup of every registered ruleset (or the ones named) with the matchups
the metrics need (bot against bot, random against random, bot against random), streams the
games to JSON Lines (``--out``, resumable), and prints one table: a row per metric, a column
per ruleset, variants next to their base ruleset. ``--json`` prints the same as JSON;
``--report DIR`` writes a self-contained HTML report with plots.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from aerodrome.cli.options import (
    GAMES_MAX,
    TIMEOUT,
    Dask,
    DaskCa,
    DaskCert,
    DaskInsecure,
    DaskKey,
    DaskTimeout,
    Seed,
    Workers,
    dask_option,
)
from aerodrome.cli.output import console, print_json, progress_bar, say
from aerodrome.cli.paths import output_file
from aerodrome.files import check_output, check_output_folder
from aerodrome.metrics.compare import TRACE_BUDGETS, TRACE_GAMES
from aerodrome.plugins import default_plugins

if TYPE_CHECKING:
    from aerodrome.metrics import Estimate, MetricInfo
    from aerodrome.metrics.compare import Comparison

#: Units of the metrics whose spread (standard deviation) is shown under the interval.
SPREAD_UNITS = ("turns", "decisions")

#: Games per configuration by default: all registered rulesets in about a minute on 2 cores.
DEFAULT_GAMES = 100


def compare(
    rulesets: Annotated[
        list[str] | None,
        typer.Argument(
            help="Rulesets to compare (default: every registered ruleset).", show_default=False
        ),
    ] = None,
    games: Annotated[
        int,
        typer.Option(
            "--games",
            "-n",
            min=1,
            max=GAMES_MAX,
            help="Games per matchup (bot-vs-bot, random-vs-random; bot-vs-random is split "
            "over the sides).",
        ),
    ] = DEFAULT_GAMES,
    seed: Seed = 1,
    variant: Annotated[
        list[str] | None,
        typer.Option(
            "--variant",
            help="A rule variant to compare next to its base ruleset (repeatable).",
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
    json: Annotated[bool, typer.Option("--json", help="Print the comparison as JSON.")] = False,
    report: Annotated[
        Path | None,
        typer.Option(help="Write an HTML report with plots to this folder.", show_default=False),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            parser=output_file,
            help="Stream every game to this JSON Lines file; a re-run skips the games in it.",
            show_default=False,
        ),
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
    trace: Annotated[
        bool,
        typer.Option(
            "--trace/--no-trace",
            help="Measure skill by thinking: the skill trace (mcts at budget 2k against k) and "
            "mcts against random agents.",
        ),
    ] = True,
    trace_budgets: Annotated[
        str,
        typer.Option(
            "--trace-budgets",
            help="The skill trace's mcts budgets (iterations), each double the one before.",
        ),
    ] = ",".join(map(str, TRACE_BUDGETS)),
    trace_games: Annotated[
        int,
        typer.Option(
            "--trace-games",
            min=1,
            max=GAMES_MAX,
            help="Games per doubling of the trace, and of mcts against random (split over the "
            "sides).",
        ),
    ] = TRACE_GAMES,
) -> None:
    """Compare rulesets: completion, balance, duration, lethality, drama, skill and more."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from aerodrome.metrics.compare import all_metrics, highlights, measure, plan, total_games
    from aerodrome.parallel import Engine

    target = dask_option(
        dask, dask_tls_ca_file, dask_tls_cert, dask_tls_key, dask_insecure, dask_timeout
    )
    if out is not None:  # before any game
        check_output(out, "--out", regular=True, update=True)
    plugins = default_plugins()
    budgets = _budgets(trace_budgets) if trace else ()
    if report is not None:  # fail before the games, not after them
        from aerodrome.report import require_matplotlib

        require_matplotlib()
        check_output_folder(report, "--report", files=("index.html", "games"))
    progress = progress_bar(
        TextColumn("comparing"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        quiet=quiet,
    )
    with progress:
        task = progress.add_task("games", total=None)
        plans = plan(
            plugins,
            rulesets or (),
            variant or (),
            games,
            seed,
            trace=budgets,
            trace_games=trace_games,
        )
        progress.update(task, total=total_games(plans))
        engine = Engine(plugins, workers=workers, dask=target)
        records = engine.run(
            [c for p in plans for c, _ in p.configs],
            out,
            on_progress=lambda n: progress.advance(task, n),
        )
        result = measure(plans, records, all_metrics(plugins), seed=seed, games=games)
    if report is not None:
        from aerodrome.report import write_report
        from aerodrome.viewer.samples import write_samples

        samples = write_samples(plugins, plans, report)
        path = write_report(result, report, samples)
        say(f"report: {path}", err=True)
    if json:
        print_json(result)
    else:
        console.print(comparison_table(result))
        units = {m.name: m for m in result.metrics}
        notes = [
            f"{h.label.capitalize()}: [bold]{h.column}[/] ({cell_value(h.value, units[h.metric])})"
            for h in highlights(result)
        ]
        if notes:
            console.print(" · ".join(notes), highlight=False)
        console.print(
            f"[dim]{games} games per matchup, seed {seed}; value over its 95 % interval. "
            "Definitions: docs/compare.md; plots: --report DIR.[/]",
            highlight=False,
        )


def _budgets(text: str) -> tuple[int, ...]:
    from aerodrome.errors import AerodromeError

    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not all(p.isdigit() for p in parts):
        raise AerodromeError(
            f"--trace-budgets: whole numbers of iterations separated by commas, got {text!r}"
        )
    from aerodrome.metrics.compare import check_budgets

    return check_budgets([int(p) for p in parts])


def digits(info: MetricInfo) -> int:
    return 3 if info.unit == "kills" else 2 if info.unit in ("share", "index") else 1


def cell_value(value: float, info: MetricInfo) -> str:
    text = f"{value:.{digits(info)}f}"
    return f"{text} {info.unit}" if info.unit in SPREAD_UNITS else text


def cell(estimate: Estimate | None, info: MetricInfo) -> str:
    """A value over its interval, e.g. ``0.52`` / ``0.45–0.59``."""
    if estimate is None:
        return "[dim]—[/]"
    d = digits(info)
    text = f"{estimate.value:.{d}f}\n[dim]{estimate.low:.{d}f}–{estimate.high:.{d}f}[/]"
    if estimate.spread is not None and info.unit in SPREAD_UNITS:
        text += f"\n[dim]sd {estimate.spread:.{d}f}[/]"
    return text


def comparison_table(result: Comparison) -> Table:
    t = Table(title="aerodrome compare", title_justify="left", show_lines=True)
    t.add_column("metric")
    for col in result.columns:
        label = (
            col.column.name
            if not col.column.variants
            else (f"{col.column.ruleset}\n[italic]+{'+'.join(col.column.variants)}[/]")
        )
        t.add_column(label, justify="right")
    for info in result.metrics:
        t.add_row(
            f"{info.title}\n[dim]{info.unit}[/]",
            *(cell(col.metrics.get(info.name), info) for col in result.columns),
        )
    return t


def register(app: typer.Typer) -> None:
    """Add the ``compare`` command to ``app``."""
    app.command()(compare)
