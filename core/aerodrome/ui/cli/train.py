"""``aerodrome train RULESET``: a policy for each seat, learned by self-play with a league.

The policy file it writes plays wherever an agent is named: ``--agents policy:PATH`` in
``simulate`` and ``tournament``, ``--seat N=policy:PATH`` in ``play``. Training itself is
:mod:`aerodrome.bridges.rl.train` (the ``learn`` extra: sb3-contrib and PyTorch).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer

from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.files import check_output, check_output_folder
from aerodrome.ui.cli.options import Seed
from aerodrome.ui.cli.output import say
from aerodrome.ui.cli.paths import output_file
from aerodrome.ui.cli.progress import EVERY


def train(
    ruleset: Annotated[str, typer.Argument(help="Ruleset name (see `aerodrome rulesets`).")],
    out: Annotated[
        Path,
        typer.Option(parser=output_file, help="The policy file to write (JSON: weights only)."),
    ],
    setup: Annotated[
        str | None, typer.Option(help="Setup name (default: the ruleset's first).")
    ] = None,
    minutes: Annotated[
        float | None,
        typer.Option(min=0.05, max=24 * 60, help="Wall-clock budget, in minutes."),
    ] = None,
    steps: Annotated[
        int | None,
        typer.Option(min=256, max=10**9, help="Budget in decisions of the learning seats."),
    ] = None,
    seat: Annotated[
        list[int] | None,
        typer.Option(help="A seat to train (repeatable; default: every seat)."),
    ] = None,
    opponents: Annotated[
        str,
        typer.Option(
            help="Agents the learners meet, comma-separated (with --league, the earlier "
            "rounds' policies too)."
        ),
    ] = "bot",
    league: Annotated[
        bool,
        typer.Option(
            "--league/--no-league", help="Meet the policies of earlier rounds (self-play)."
        ),
    ] = True,
    rounds: Annotated[int, typer.Option(min=1, max=1000, help="Rounds of training.")] = 4,
    workers: Annotated[
        int, typer.Option("--workers", "-w", min=1, max=64, help="Environments per learner.")
    ] = 1,
    checkpoints: Annotated[
        Path | None,
        typer.Option(
            help="Folder of the checkpoints (default: OUT's name with -checkpoints).",
            show_default=False,
        ),
    ] = None,
    resume: Annotated[
        bool, typer.Option("--resume", help="Go on from the checkpoints of an earlier run.")
    ] = False,
    seed: Seed = 1,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress on stderr.")] = False,
) -> None:
    """Train a policy for each seat of a set-up (maskable PPO, against the named agents and,
    with the league, its own earlier rounds); write it as a policy file."""
    if minutes is None and steps is None:
        raise AerodromeError("train: give --minutes or --steps (the budget)")
    folder = checkpoints if checkpoints is not None else out.with_name(out.stem + "-checkpoints")
    check_output(out, "--out")
    check_output_folder(folder, "--checkpoints")
    if not resume and any(folder.glob("round-*.json")):
        raise AerodromeError(
            f"--checkpoints {folder}: holds an earlier run; --resume goes on from it, or "
            "name another folder"
        )
    from aerodrome.bridges.rl.train import Budget, Progress
    from aerodrome.bridges.rl.train import train as run
    from aerodrome.plugins import default_plugins

    plugins = default_plugins()
    rules = plugins.ruleset(ruleset)
    chosen = rules.setup(setup)
    names = [n.strip() for n in opponents.split(",") if n.strip()]
    if not names:
        raise AerodromeError("--opponents: name at least one agent")

    shown = [-EVERY]

    def progress(done: Progress, share: float) -> None:
        """A line every few seconds, and when the budget is spent (not one per chunk)."""
        now = time.monotonic()
        if quiet or (now - shown[0] < EVERY and share < 1.0):
            return
        shown[0] = now
        say(
            f"train: {done.steps} steps, round {done.rounds + 1}, {share:.0%} of the budget",
            err=True,
        )

    result = run(
        plugins,
        rules,
        chosen,
        out=out,
        budget=Budget(minutes=minutes, steps=steps),
        seats=seat,
        opponents=names,
        league=league,
        seed=seed,
        workers=workers,
        checkpoints=folder,
        resume=resume,
        rounds=rounds,
        progress=progress,
    )
    trained = result.trained
    say(
        f"policy for {rules.name} {chosen.name}, seats "
        + ", ".join(str(s.seat) for s in result.seats)
        + f": {trained.get('steps')} steps in {_rounds(trained.get('rounds'))}, written to {out}"
    )
    say(f"play it: aerodrome simulate {rules.name} --setup {chosen.name} --agents policy:{out},bot")


def _rounds(n: object) -> str:
    return "1 round" if n == 1 else f"{n} rounds"


def register(app: typer.Typer) -> None:
    app.command()(train)
