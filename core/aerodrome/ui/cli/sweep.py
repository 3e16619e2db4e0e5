"""``aerodrome sweep R --param NAME=LOW..HIGH[:STEP]``: a declared parameter over a range of
values, one paired column per value, and ``--target METRIC=VALUE`` to find where a metric
crosses a target, read on every value (see :mod:`aerodrome.studies.compare.sweep`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table
from rich.text import Text

from aerodrome.engine.files import check_output, check_output_folder
from aerodrome.plugins import default_plugins
from aerodrome.ui.cli.compare import Json, Out, Quiet, Report, cell, print_verdicts
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

if TYPE_CHECKING:
    from aerodrome.studies.compare.sweep import Sweep

#: Games per matchup and value by default.
DEFAULT_GAMES = 100


def sweep(
    ruleset: Annotated[str, typer.Argument(help="Ruleset name (see `aerodrome rulesets`).")],
    param: Annotated[
        str,
        typer.Option(
            "--param",
            help="The parameter and its range: NAME=LOW..HIGH or NAME=LOW..HIGH:STEP "
            "(`aerodrome variants R` lists the parameters). NAME may be a spec path "
            "('aircraft\\[name=\"Fw-802 E-1 Hawk\"].yellow=2..6', tables.base_to_hit=3..6; "
            "see --set).",
            show_default=False,
        ),
    ],
    target: Annotated[
        str | None,
        typer.Option(
            "--target",
            help="Find where a metric crosses a value (METRIC=VALUE, e.g. balance=0.9), read "
            "on every value: each crossing with the intervals at both sides (claimed only where "
            "both exclude the target), and whether the metric is monotone over the range.",
            show_default=False,
        ),
    ] = None,
    metric: Annotated[
        list[str] | None,
        typer.Option(
            "--metric",
            help="A metric to show against the parameter (repeatable; default balance, "
            "duration-turns, lethality-turn).",
            show_default=False,
        ),
    ] = None,
    games: Annotated[
        int,
        typer.Option("--games", "-n", min=1, max=GAMES_MAX, help="Games per matchup and value."),
    ] = DEFAULT_GAMES,
    seed: Seed = 1,
    setup: Annotated[
        str | None, typer.Option(help="Setup name (default: the ruleset's first).")
    ] = None,
    variant: Annotated[
        list[str] | None,
        typer.Option(
            "--variant",
            help="A rule variant plugged into every value (repeatable).",
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
    set_: SpecSet = None,
) -> None:
    """Sweep a parameter of RULESET over a range: its effect on the metrics, game by game."""
    from aerodrome.engine.errors import UnknownNameError
    from aerodrome.studies.compare.measure import all_metrics
    from aerodrome.studies.compare.sweep import (
        DEFAULT_METRICS,
        parse_range,
        parse_target,
        run_sweep,
    )
    from aerodrome.ui.cli.progress import RunProgress, terminate_as_interrupt

    dask_target = dask_option(
        dask, dask_tls_ca_file, dask_tls_cert, dask_tls_key, dask_insecure, dask_timeout
    )
    if out is not None:
        check_output(out, "--out", regular=True, update=True)  # a results file: appended
    plugins = default_plugins()
    plugins.ruleset(ruleset)
    rng = parse_range(param)
    fixed = spec_overrides(plugins, ruleset, set_)
    names = [m.name for m in all_metrics(plugins)]
    shown = list(dict.fromkeys(metric or DEFAULT_METRICS))
    for m in shown:
        if m not in names:
            raise UnknownNameError("metric", m, names)
    goal = parse_target(target, names) if target is not None else None
    if goal is not None and goal[0] not in shown:
        shown.insert(0, goal[0])
    if report is not None:
        from aerodrome.studies.report import require_matplotlib

        require_matplotlib()
        check_output_folder(report, "--report", files=("index.html",))
    progress = RunProgress("sweep", quiet=quiet, workers=workers, out=out)
    with terminate_as_interrupt(), progress:
        result = run_sweep(
            plugins,
            ruleset,
            rng,
            games=games,
            seed=seed,
            metrics=shown,
            target=goal,
            variants=variant or (),
            setup=setup,
            workers=workers,
            dask=dask_target,
            out=out,
            hooks=progress.hooks(),
            fixed=fixed,
        )
    if report is not None:
        from aerodrome.studies.report import write_report

        path = write_report(result.comparison, report, sweep=result)
        say(f"report: {path}", err=True)
    if json:
        print_json(result)
        return
    console.print(sweep_table(result))
    if result.target is not None:
        for line in result.target.text:
            console.print(literal(line, "bold"), highlight=False)
    print_verdicts(result.comparison)
    console.print(
        f"[dim]{games} games per matchup and value, seed {seed}; every value plays the same "
        "games (paired); value over its 95 % interval. --json has every metric; plots: "
        "--report DIR.[/]",
        highlight=False,
    )


def sweep_table(result: Sweep) -> Table:
    """A row per value; a column per chosen metric."""
    infos = {m.name: m for m in result.comparison.metrics}
    t = Table(
        title=literal(f"aerodrome sweep: {result.ruleset}, {result.parameter} ({result.summary})"),
        title_justify="left",
        show_lines=True,
    )
    t.add_column(literal(result.parameter), justify="right")
    for m in result.metrics:
        t.add_column(literal(infos[m].title), justify="right")
    by_value = {dict(c.column.params)[result.parameter]: c for c in result.comparison.columns}
    for v in result.values:
        col = by_value[v]
        label = Text(f"{v:g}")
        if v == result.reference:
            label.append("\n(reference)", style="dim")
        t.add_row(label, *(cell(col.metrics.get(m), infos[m]) for m in result.metrics))
    return t


def register(app: typer.Typer) -> None:
    """Add the ``sweep`` command to ``app``."""
    app.command()(sweep)
