"""``aerodrome sensitivity RULESET``: which variants and numbers drive the game, ranked per
metric with their paired intervals and the study-wide correction
(:mod:`aerodrome.studies.sensitivity`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from aerodrome.engine.files import check_output, check_output_folder
from aerodrome.ui.cli.options import (
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
    from aerodrome.studies.sensitivity import Sensitivity


def sensitivity(
    ruleset: Annotated[str, typer.Argument(help="Ruleset name (see `aerodrome rulesets`).")],
    metric: Annotated[
        list[str] | None,
        typer.Option(
            help="A metric to rank the changes by (repeatable; default: balance, "
            "duration-turns, lethality-turn; `aerodrome compare --json` lists them)."
        ),
    ] = None,
    setup: Annotated[
        str | None, typer.Option(help="Setup name (default: the ruleset's first).")
    ] = None,
    games: Annotated[
        int,
        typer.Option(
            "--games", "-n", min=20, max=100_000, help="Games a column at the first look."
        ),
    ] = 100,
    max_games: Annotated[
        int,
        typer.Option(
            min=20,
            max=1_000_000,
            help="Games a column at most: the changes not confirmed at the first look play "
            "on to this many (each look confirms at 2.5 %: 5 % for both); equal to --games: "
            "one look.",
        ),
    ] = 400,
    step: Annotated[
        list[str] | None,
        typer.Option(
            help="NAME=STEP: a declared parameter's step either side of its value (default: "
            "1 for a whole number, a tenth of the range for a wide one (a percentage) or a "
            "fractional one)."
        ),
    ] = None,
    vary: Annotated[
        list[str] | None,
        typer.Option(
            help="NAME=V1,V2: values of a parameter or a spec path to study instead of the "
            "steps (e.g. 'tables.base_to_hit=4,6')."
        ),
    ] = None,
    variants: Annotated[
        bool, typer.Option("--variants/--no-variants", help="Study the registered variants.")
    ] = True,
    set_: SpecSet = None,
    seed: Seed = 1,
    out: Annotated[
        Path | None,
        typer.Option(
            parser=output_file,
            help="Stream the games to this JSON Lines file; a re-run with it plays only the "
            "missing ones.",
        ),
    ] = None,
    report: Annotated[
        Path | None,
        typer.Option(help="Write tornado charts and the ranked tables to this folder."),
    ] = None,
    json: Annotated[bool, typer.Option("--json", help="Print the study as JSON.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress on stderr.")] = False,
    workers: Workers = None,
    dask: Dask = None,
    dask_tls_ca_file: DaskCa = None,
    dask_tls_cert: DaskCert = None,
    dask_tls_key: DaskKey = None,
    dask_insecure: DaskInsecure = False,
    dask_timeout: DaskTimeout = TIMEOUT,
) -> None:
    """Which rules and numbers drive the game: every variant and declared parameter (one step
    either side) paired with the base game by game, ranked per metric, corrected for the
    whole study."""
    from aerodrome.plugins import default_plugins
    from aerodrome.studies.sensitivity import DEFAULT_METRICS, parse_assignments, run_study, summary
    from aerodrome.ui.cli.progress import RunProgress, terminate_as_interrupt

    target = dask_option(
        dask, dask_tls_ca_file, dask_tls_cert, dask_tls_key, dask_insecure, dask_timeout
    )
    if out is not None:
        check_output(out, "--out", regular=True, update=True)
    if report is not None:
        from aerodrome.studies.report import require_matplotlib

        require_matplotlib()
        check_output_folder(report, "--report", files=("sensitivity.html",))
    plugins = default_plugins()
    fixed = spec_overrides(plugins, ruleset, set_)
    progress = RunProgress("sensitivity", quiet=quiet, workers=workers, out=out)
    with terminate_as_interrupt(), progress:
        result, plans = run_study(
            plugins,
            ruleset,
            setup=setup,
            metrics=tuple(dict.fromkeys(metric or DEFAULT_METRICS)),
            games=games,
            max_games=max_games,
            seed=seed,
            steps=parse_assignments(step or (), "--step"),
            vary=parse_assignments(vary or (), "--vary"),
            variants=variants,
            fixed=fixed,
            workers=workers,
            dask=target,
            out=out,
            hooks=progress.hooks(),
        )
    if report is not None:
        from aerodrome.studies.sensitivity_report import write_sensitivity_report

        say(f"report: {write_sensitivity_report(result, report, plugins, plans)}", err=True)
    if json:
        print_json(result)
        return
    for name in result.metrics:
        console.print(ranked_table(result, name))
    console.print(literal(summary(result)), highlight=False)


def ranked_table(result: Sensitivity, name: str) -> Table:
    """One metric's effects, the largest first."""
    from aerodrome.studies.compare.verdicts import digits, estimate, p_text

    info = next(m for m in result.comparison.metrics if m.name == name)
    places = digits(info)
    table = Table(title=literal(f"{info.title}: what changes it most"), title_justify="left")
    for header in ("#", "change", "effect", "95 % interval", "n", "adj. p", "verdict"):
        table.add_column(header, justify="right" if header in ("#", "n") else "left")
    for i, e in enumerate(result.ranked.get(name, []), 1):
        d = e.difference
        value, span = estimate(d, places)
        said = e.verdict
        if said == "not detected" and d.detectable is not None:
            said = f"not detected (±{d.detectable:.{places}f})"
        table.add_row(
            str(i),
            literal(e.change),
            value,
            span,
            str(d.n),
            p_text(d.p_adjusted) if d.p_adjusted is not None else "",
            literal(said, "bold" if e.verdict == "confirmed" else ""),
        )
    return table


def register(app: typer.Typer) -> None:
    app.command()(sensitivity)
