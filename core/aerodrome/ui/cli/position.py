"""``aerodrome position``: set up a situation by hand and see what can happen next."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import msgspec
import typer

from aerodrome.engine.describe import label, picture, prompt
from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.files import check_output
from aerodrome.plugins import default_plugins
from aerodrome.runs.saves import game_from_position, read_position
from aerodrome.ui.choices import spoken
from aerodrome.ui.cli.output import console, literal, print_json, say, show, write_svg
from aerodrome.ui.cli.paths import output_file
from aerodrome.ui.cli.replay import Viewer, svg_viewer

if TYPE_CHECKING:
    from aerodrome.engine.game import Game

#: Legal actions listed per seat (``--json`` gives all).
SHOWN = 40


def position(
    file: Annotated[Path, typer.Argument(help="A position file (TOML or JSON).")],
    json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    svg: Annotated[
        Path | None,
        typer.Option(parser=output_file, help="Write an SVG picture of the position here."),
    ] = None,
    viewer: Viewer = None,
) -> None:
    """Load the position FILE: draw it, and list who acts next and their legal actions."""
    if viewer is not None and svg is None:
        raise AerodromeError("--viewer chooses whose view --svg draws: give --svg too")
    if svg is not None:
        check_output(svg, "--svg")
    pos = read_position(file)
    seen_by = svg_viewer(viewer, pos.ruleset, pos.setup)
    game = game_from_position(pos, default_plugins(), str(file))
    if svg is not None:
        write_svg(game, svg, seen_by)
    decision = game.decision()
    r = game.ruleset
    legal = {p: _texts(game, p) for p in game.waiting_for()}
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
    show(picture(r, game.observation(None)))
    if decision is None:
        res = game.result()
        say(f"The game is over: {', '.join(res.winners) or 'no winner'} ({res.reason}).")
        return
    asked = prompt(r, decision, game.observation(game.waiting_for()[0]))
    say(f"Decision: {decision.kind} — {asked}")
    for p, acts in legal.items():
        seat = game.setup.seats[p]
        console.print(
            literal(f"Seat {p + 1} ({seat.name}, {seat.side})", "bold") + f": {len(acts)} legal"
        )
        for i, act in enumerate(acts[:SHOWN], 1):
            say(f"  {i:>3} {act}")
        if len(acts) > SHOWN:
            console.print(f"  … and {len(acts) - SHOWN} more (all of them with --json)")


def _texts(game: Game[Any], player: int) -> list[str]:
    """``player``'s legal actions, each as that player reads it (from their observation)."""
    view = game.observation(player)
    return [spoken(label(game.ruleset, a, view)) for a in game.legal_actions(player)]


def register(app: typer.Typer) -> None:
    app.command()(position)
