"""``aerodrome tournament``: agents of one ruleset play every pairing in every seating,
rated with openskill (see :mod:`aerodrome.studies.tournament`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import msgspec
import typer
from rich.markup import escape
from rich.table import Table

from aerodrome.engine.files import check_output, check_output_folder
from aerodrome.engine.parameters import label
from aerodrome.plugins import default_plugins
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
from aerodrome.ui.cli.output import console, err_console, print_json, say
from aerodrome.ui.cli.paths import output_file

if TYPE_CHECKING:
    from aerodrome.studies.tournament import Standings


def tournament(
    ruleset: Annotated[str, typer.Argument(help="Ruleset name (see `aerodrome rulesets`).")],
    agents: Annotated[
        str,
        typer.Option(
            help="Agents, comma-separated; parameters after a colon (mcts:500, mcts:200ms, "
            "mcts:100:bot)."
        ),
    ] = "random,bot,mcts:100,mcts:1000",
    games: Annotated[
        int,
        typer.Option("--games", "-n", min=1, max=GAMES_MAX, help="Games per pairing and seating."),
    ] = 10,
    seed: Seed = 1,
    setup: Annotated[
        str | None, typer.Option(help="Setup name (default: the ruleset's first).")
    ] = None,
    workers: Workers = None,
    dask: Dask = None,
    dask_tls_ca_file: DaskCa = None,
    dask_tls_cert: DaskCert = None,
    dask_tls_key: DaskKey = None,
    dask_insecure: DaskInsecure = False,
    dask_timeout: DaskTimeout = TIMEOUT,
    out: Annotated[
        Path | None,
        typer.Option(
            parser=output_file,
            help="Stream every game to this JSON Lines file; a re-run skips the games in it.",
            show_default=False,
        ),
    ] = None,
    json: Annotated[bool, typer.Option("--json", help="Print the standings as JSON.")] = False,
    report: Annotated[
        Path | None,
        typer.Option(
            help="Write an HTML report of the standings to this folder.", show_default=False
        ),
    ] = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="No progress on stderr (no bar, no lines).")
    ] = False,
    set_: SpecSet = None,
) -> None:
    """Play every pairing of AGENTS in every seating on RULESET and rate them (openskill).

    The same seed gives the same standings, whatever --workers or --dask.
    """
    from aerodrome.studies.tournament import run_tournament
    from aerodrome.ui.cli.progress import RunProgress, terminate_as_interrupt

    target = dask_option(
        dask, dask_tls_ca_file, dask_tls_cert, dask_tls_key, dask_insecure, dask_timeout
    )
    if out is not None:  # before any game
        check_output(out, "--out", regular=True, update=True)
    if report is not None:
        check_output_folder(report, "--report", files=("index.html",))
    plugins = default_plugins()
    sets = spec_overrides(plugins, ruleset, set_)
    names = [a.strip() for a in agents.split(",") if a.strip()]
    progress = RunProgress("tournament", quiet=quiet, workers=workers, out=out)
    with terminate_as_interrupt(), progress:
        result = run_tournament(
            plugins,
            ruleset,
            names,
            setup=setup,
            games=games,
            seed=seed,
            workers=workers,
            dask=target,
            out=out,
            hooks=progress.hooks(),
            params=sets,
        )
    if report is not None:
        from aerodrome.studies.report_search import write_tournament_report

        path = write_tournament_report(result, report, sets)
        err_console.print(f"report: {escape(str(path))}", highlight=False)
    if json:
        print_json(result if not sets else {**msgspec.to_builtins(result), "set": dict(sets)})
        return
    console.print(standings_table(result))
    if sets:
        say(f"spec numbers changed (--set): {label(sets)}")
    console.print(
        f"[dim]{result.games} games per pairing and seating, seed {result.seed}; rating mu "
        "with its 95 % interval (mu ± 1.96 sigma), ranked by mu − 3 sigma; points: a win 1, a "
        "draw ½. Definitions: docs/compare.md (Tournaments).[/]",
        highlight=False,
    )


def standings_table(result: Standings) -> Table:
    t = Table(
        title=escape(f"aerodrome tournament: {result.ruleset}, setup {result.setup}"),
        title_justify="left",
    )
    for col in (
        "rank",
        "agent",
        "rating",
        "95 % interval",
        "games",
        "won",
        "drawn",
        "lost",
        "points",
    ):
        t.add_column(col, justify="left" if col == "agent" else "right")
    for i, r in enumerate(result.ratings, start=1):
        score = r.score
        points = f"{score.value:.2f} [dim]{score.low:.2f}–{score.high:.2f}[/]" if score else "—"
        t.add_row(
            str(i),
            escape(r.agent),
            f"{r.mu:.1f}",
            f"{r.low:.1f}–{r.high:.1f}",
            str(r.games),
            str(r.wins),
            str(r.draws),
            str(r.losses),
            points,
        )
    return t


def register(app: typer.Typer) -> None:
    """Add the ``tournament`` command to ``app``."""
    app.command()(tournament)
