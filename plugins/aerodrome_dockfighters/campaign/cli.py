"""``aerodrome campaign ...``: squadron files on the command line.

``new``, ``show``, ``recruit``, ``buy``, ``promote``, ``unlock``, ``scenario``,
``challenge``, ``simulate`` and ``replay``. This module only declares the commands and their
options; the bodies are in :mod:`.commands`, imported when a command runs (a fast start,
issue 18). Every error is one line naming the file and the field; a file is written only
when everything went well.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from aerodrome.ui.cli.paths import output_file

app = typer.Typer(
    help="Dockfighters campaign: squadrons, fame, pilots, scenarios, the ace challenges.",
    no_args_is_help=True,
)
#: A simulation is capped so that a typo cannot run for days.
MAX_SCENARIOS = 100_000
#: Seeds are what a squadron file holds (journal.Seed): a bigger one wrote a file that could
#: not be read back.
SEED_MAX = 2**63 - 1
#: A bid of fame for the initiative: no squadron holds more than a few hundred.
MAX_BID = 1_000_000
File = Annotated[Path, typer.Argument(help="A squadron file.")]
Json = Annotated[bool, typer.Option("--json", help="Print JSON.")]


@app.command("new")
def new(
    file: Annotated[
        Path, typer.Argument(parser=output_file, help="The squadron file to create (JSON).")
    ],
    faction: Annotated[str, typer.Option(help="bavaria or saxony")],
    pilot: Annotated[list[str], typer.Option(help="A pilot's name (4 times: the 4 green pilots).")],
    name: Annotated[
        str | None, typer.Option(help="The squadron's name (default: the file's name).")
    ] = None,
    seed: Annotated[
        int,
        typer.Option(min=0, max=SEED_MAX, help="Seed of the squadron's own dice (promotions)."),
    ] = 1,
    json: Json = False,
) -> None:
    """Found a squadron: 4 standard fighters of the faction, 4 named green pilots, 0 fame."""
    from aerodrome_dockfighters.campaign import commands

    commands.new(file, faction, pilot, name, seed, json)


@app.command("show")
def show(
    file: File,
    json: Json = False,
    verify: Annotated[
        bool,
        typer.Option(
            "--verify",
            help="Rebuild the squadron from its journal first (every scenario played again) and "
            "refuse a file it does not match: the seal alone catches accidents, not forgery.",
        ),
    ] = False,
) -> None:
    """The squadron sheet: fame, hangar, barracks and personal files, equipment, leader."""
    from aerodrome_dockfighters.campaign import commands

    commands.show(file, json, verify)


@app.command("recruit")
def recruit(
    file: File,
    name: Annotated[str, typer.Argument(help="The new pilot's or crew's name.")],
    kind: Annotated[str, typer.Option(help="pilot, airship-crew or bomber-crew")] = "pilot",
    rank: Annotated[str, typer.Option(help="A rank (no effect on the game).")] = "",
    json: Json = False,
) -> None:
    """Recruit a pilot or crew for 1 fame (up to 8 pilots, 2 airship crews, 4 bomber crews)."""
    from aerodrome_dockfighters.campaign import commands

    commands.recruit(file, name, kind, rank, json)


@app.command("buy")
def buy(
    file: File,
    items: Annotated[
        list[str], typer.Argument(help="Aircraft (by datasheet name) or equipment to unlock.")
    ],
    json: Json = False,
) -> None:
    """Buy aircraft at their point value, or unlock equipment (paid once)."""
    from aerodrome_dockfighters.campaign import commands

    commands.buy(file, items, json)


@app.command("promote")
def promote(
    file: File,
    pilot: Annotated[str, typer.Argument(help="The pilot or crew to promote to squadron leader.")],
    json: Json = False,
) -> None:
    """Promote the squadron leader; a d6 sets his skill tree."""
    from aerodrome_dockfighters.campaign import commands

    commands.promote(file, pilot, json)


@app.command("unlock")
def unlock(file: File, json: Json = False) -> None:
    """Unlock the next level of the squadron leader's skill tree (one a mission)."""
    from aerodrome_dockfighters.campaign import commands

    commands.unlock(file, json)


@app.command("scenario")
def scenario(
    file: Annotated[Path, typer.Argument(help="Your squadron file.")],
    against: Annotated[Path, typer.Option(help="The opposing squadron's file.")],
    seat: Annotated[
        list[str] | None,
        typer.Option(help="SEAT=AGENT: 1 your squadron, 2 theirs; human, konrad..."),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(min=0, max=SEED_MAX, help="Seed of the scenario (default: from the files)."),
    ] = None,
    mission: Annotated[
        str | None, typer.Option(help="Your mission (default: the bot leader's choice).")
    ] = None,
    send: Annotated[
        list[str] | None, typer.Option(help="PILOT=SERIAL[:LOAD,...] (default: the bot's pick).")
    ] = None,
    bid: Annotated[
        int | None,
        typer.Option(min=0, max=MAX_BID, help="Most fame you bid for the initiative."),
    ] = None,
    pay: Annotated[
        bool | None, typer.Option("--pay/--no-pay", help="Bring bailed-out pilots home.")
    ] = None,
    json: Json = False,
) -> None:
    """Run the scenario set-up, play the mission, and record it in both files."""
    from aerodrome_dockfighters.campaign import commands

    commands.scenario(file, against, seat, seed, mission, send, bid, pay, json)


@app.command("challenge")
def challenge(
    file: File,
    number: Annotated[int, typer.Argument(min=1, max=3, help="The challenge: 1, 2 or 3.")],
    ace: Annotated[str | None, typer.Option(help="The ace (default: the bot's pick).")] = None,
    wingman: Annotated[str | None, typer.Option(help="A wingman who is not an ace.")] = None,
    send: Annotated[
        list[str] | None, typer.Option(help="PILOT=SERIAL[:LOAD,...]: the ace first.")
    ] = None,
    seat: Annotated[str, typer.Option(help="Who flies the ace: human, konrad...")] = "konrad",
    seed: Annotated[
        int | None,
        typer.Option(min=0, max=SEED_MAX, help="Seed of the challenge (default: from the file)."),
    ] = None,
    json: Json = False,
) -> None:
    """Fly one of the League's three ace challenges (Konrad flies the League)."""
    from aerodrome_dockfighters.campaign import commands

    commands.challenge(file, number, ace, wingman, send, seat, seed, json)


@app.command("simulate")
def simulate(
    scenarios: Annotated[
        int, typer.Option(min=1, max=MAX_SCENARIOS, help="Scenarios to play.")
    ] = 10,
    seed: Annotated[int, typer.Option(min=0, max=SEED_MAX, help="Seed of the whole campaign.")] = 1,
    out: Annotated[
        Path | None, typer.Option(help="Write every squadron file into this folder.")
    ] = None,
    json: Json = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
) -> None:
    """A campaign between two bot squadrons: fame curves, pilot survival, aces made."""
    from aerodrome_dockfighters.campaign import commands

    commands.simulate(scenarios, seed, out, json, quiet)


@app.command("replay")
def replay(
    file: File,
    write: Annotated[
        Path | None, typer.Option(parser=output_file, help="Write the rebuilt squadron here.")
    ] = None,
    until: Annotated[
        str | None,
        typer.Option(
            help="Rebuild only the entries before the scenario with this id (roll the squadron "
            "back to before it; with --write)."
        ),
    ] = None,
    json: Json = False,
) -> None:
    """Rebuild the squadron from its journal (every scenario played again) and compare it
    byte for byte with the file."""
    from aerodrome_dockfighters.campaign import commands

    commands.replay(file, write, json, until)
