"""``aerodrome simulate``: many seeded games of one ruleset, summarised."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from aerodrome.cli.output import console, err_console, print_json, table
from aerodrome.plugins import default_plugins
from aerodrome.sim import Summary, resolve_agents, summarise


def _default_agents(names: list[str]) -> list[str]:
    return ["bot"] if "bot" in names else ["random"]


def simulate(
    ruleset: Annotated[str, typer.Argument(help="Ruleset name (see `aerodrome rulesets`).")],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option(help="Run seed; game i is seeded from (seed, i).")] = 1,
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
            help="Stream one JSON line per game to this file; a re-run with the same file "
            "keeps the games already in it and plays only the missing ones."
        ),
    ] = None,
    workers: Annotated[
        int, typer.Option("--workers", "-w", min=1, help="Worker processes (1: this process).")
    ] = 1,
    dask: Annotated[
        str | None,
        typer.Option(help="Run on a Dask cluster: tcp://host:port, or 'local' for a local one."),
    ] = None,
    json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
) -> None:
    """Play GAMES seeded games of RULESET with the chosen agents and summarise them.

    Game i is seeded from (SEED, i), so the summary is the same whatever --workers or --dask.
    """
    from aerodrome.parallel import Config, Engine

    plugins = default_plugins()
    r = plugins.ruleset(ruleset)
    s = r.setup(setup)
    names = agents.split(",") if agents else _default_agents(list(plugins.agents_for(ruleset)))
    agent_names = resolve_agents(plugins, r, s, [n.strip() for n in names])
    config = Config(ruleset=ruleset, setup=s.name, agents=agent_names, games=games, seed=seed)
    engine = Engine(plugins, workers=workers, dask=dask, detail=False)
    progress = Progress(
        TextColumn(f"{ruleset} {s.name}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err_console,
        transient=True,
        disable=quiet or not err_console.is_terminal,
    )
    with progress:
        task = progress.add_task("games", total=games)
        records = list(engine.run([config], out, on_progress=lambda n: progress.advance(task, n)))
    summary = summarise(records, ruleset, s, seed, agent_names)
    if json:
        print_json(summary)
    else:
        print_summary(summary, r.title)


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
    console.print(
        f"draws {summary.draws} · unfinished {summary.unfinished} · "
        f"turns mean {summary.mean_rounds:g}, max {summary.max_rounds} · "
        f"decisions per game {summary.mean_decisions:g}"
    )


def register(app: typer.Typer) -> None:
    app.command()(simulate)
