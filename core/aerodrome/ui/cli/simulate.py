"""``aerodrome simulate``: many seeded games of one ruleset, summarised."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import msgspec
import typer

from aerodrome.engine.files import check_output
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
from aerodrome.ui.cli.output import console, print_json, progress_bar, say, table
from aerodrome.ui.cli.paths import output_file

if TYPE_CHECKING:
    from aerodrome.runs.sim import Summary


def _default_agents(names: list[str]) -> list[str]:
    return ["bot"] if "bot" in names else ["random"]


def simulate(
    ruleset: Annotated[str, typer.Argument(help="Ruleset name (see `aerodrome rulesets`).")],
    games: Annotated[
        int, typer.Option("--games", "-n", min=1, max=GAMES_MAX, help="Number of games.")
    ] = 100,
    seed: Seed = 1,
    setup: Annotated[
        str | None, typer.Option(help="Setup name (default: the ruleset's first).")
    ] = None,
    agents: Annotated[
        str | None,
        typer.Option(
            help="Agent per seat, comma-separated (one name = every seat). Default: the "
            "ruleset's bot, else random."
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            parser=output_file,
            help="Stream one JSON line per game to this file; a re-run with the same file "
            "keeps the games already in it and plays only the missing ones.",
        ),
    ] = None,
    set_: SpecSet = None,
    workers: Workers = 1,
    dask: Dask = None,
    dask_tls_ca_file: DaskCa = None,
    dask_tls_cert: DaskCert = None,
    dask_tls_key: DaskKey = None,
    dask_insecure: DaskInsecure = False,
    dask_timeout: DaskTimeout = TIMEOUT,
    json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
) -> None:
    """Play GAMES seeded games of RULESET with the chosen agents and summarise them.

    Game i is seeded from (SEED, i), so the summary is the same whatever --workers or --dask.
    """
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeRemainingColumn

    from aerodrome.runs.parallel import Config, Engine
    from aerodrome.runs.sim import resolve_agents, summarise

    target = dask_option(
        dask, dask_tls_ca_file, dask_tls_cert, dask_tls_key, dask_insecure, dask_timeout
    )
    if out is not None:  # before any game
        check_output(out, "--out", regular=True, update=True)
    plugins = default_plugins()
    r = plugins.ruleset(ruleset)
    s = r.setup(setup)
    names = agents.split(",") if agents else _default_agents(list(plugins.agents_for(ruleset)))
    agent_names = resolve_agents(plugins, r, s, [n.strip() for n in names])
    sets = spec_overrides(plugins, ruleset, set_)
    config = Config(
        ruleset=ruleset, setup=s.name, agents=agent_names, games=games, seed=seed, params=sets
    )
    engine = Engine(plugins, workers=workers, dask=target, detail=False)
    progress = progress_bar(
        TextColumn(f"{ruleset} {s.name}".replace("[", "\\[")),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        quiet=quiet,
    )
    with progress:
        task = progress.add_task("games", total=games)
        records = engine.run([config], out, on_progress=lambda n: progress.advance(task, n))
        summary = summarise(records, ruleset, s, seed, agent_names)  # streamed: flat memory
    if json:
        print_json(summary if not sets else {**msgspec.to_builtins(summary), "set": dict(sets)})
    else:
        print_summary(summary, r.title)
        if sets:
            say(f"spec numbers changed (--set): {label(sets)}")


def print_summary(summary: Summary, title: str) -> None:
    sides = list(summary.wins)
    rows = [[side, summary.wins[side], summary.kills.get(side, 0)] for side in sides]
    console.print(
        table(
            f"{title} — {summary.games} games, setup {summary.setup}, seed {summary.seed}, "
            f"agents {', '.join(summary.agents)}",
            ["side", "wins", "kills"],
            rows,
        )
    )
    say(
        f"draws {summary.draws} · unfinished {summary.unfinished} · "
        f"turns mean {summary.mean_rounds:g}, max {summary.max_rounds} · "
        f"decisions per game {summary.mean_decisions:g}"
    )


def register(app: typer.Typer) -> None:
    app.command()(simulate)
