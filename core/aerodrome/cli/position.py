"""``aerodrome position``: set up a situation by hand and see what can happen next."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import msgspec
import typer

from aerodrome.cli.output import console, print_json, write_svg
from aerodrome.plugins import default_plugins
from aerodrome.saves import game_from_position, read_position

#: Legal actions listed per seat (``--json`` gives all).
SHOWN = 40


def position(
    file: Annotated[Path, typer.Argument(help="A position file (TOML or JSON).")],
    json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    svg: Annotated[
        Path | None, typer.Option(help="Write an SVG picture of the position here.")
    ] = None,
) -> None:
    """Load the position FILE: draw it, and list who acts next and their legal actions."""
    pos = read_position(file)
    game = game_from_position(pos, default_plugins(), str(file))
    if svg is not None:
        write_svg(game, svg)
    decision = game.decision()
    r = game.ruleset
    legal = {
        p: [r.describe_action(game.state, a) for a in game.legal_actions(p)]
        for p in game.waiting_for()
    }
    if json:
        print_json(
            {
                "ruleset": r.name,
                "over": game.is_over(),
                "decision": decision,
                "legal": {str(p + 1): acts for p, acts in legal.items()},
                "observation": msgspec.to_builtins(game.observation(None)),
                "result": game.result() if game.is_over() else None,
            }
        )
        return
    console.print(r.render(game.state, None))
    if decision is None:
        res = game.result()
        console.print(f"The game is over: {', '.join(res.winners) or 'no winner'} ({res.reason}).")
        return
    console.print(f"Decision: {decision.kind} — {decision.prompt}")
    for p, acts in legal.items():
        seat = game.setup.seats[p]
        console.print(f"[bold]Seat {p + 1} ({seat.name}, {seat.side})[/]: {len(acts)} legal")
        for i, act in enumerate(acts[:SHOWN], 1):
            console.print(f"  {i:>3} {act}", highlight=False)
        if len(acts) > SHOWN:
            console.print(f"  … and {len(acts) - SHOWN} more (all of them with --json)")


def register(app: typer.Typer) -> None:
    app.command()(position)
