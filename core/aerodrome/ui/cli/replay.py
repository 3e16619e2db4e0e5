"""``aerodrome replay``: re-run a saved game and check it reproduces its event log; draw it
(``--svg``) or write a page to watch it in a browser (``--html``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.files import check_output, write_atomic
from aerodrome.plugins import default_plugins
from aerodrome.runs.saves import MAX_ACTIONS, read_save
from aerodrome.runs.saves import replay as replay_save
from aerodrome.runs.saves import verify as verify_save
from aerodrome.runs.versions import versions_of
from aerodrome.ui.cli.output import print_json, say, write_svg
from aerodrome.ui.cli.paths import output_file

#: The ``--viewer`` option of the commands that draw one picture.
Viewer = Annotated[
    str | None,
    typer.Option(
        help="Whose view --svg draws: 'referee' (everything, the default) or a seat number "
        "(from 1); a seat's picture never shows what that seat cannot see.",
        show_default=False,
    ),
]


def svg_viewer(text: str | None, ruleset: str, setup: str | None) -> int | None:
    """The player whose view ``--svg`` draws (``None``: the referee), checked against the
    set-up before any work."""
    if text is None:
        return None
    from aerodrome.runs.viewer.record import viewer_of

    return viewer_of(text, default_plugins().ruleset(ruleset).setup(setup))


def replay(
    file: Annotated[Path, typer.Argument(help="A save written by `aerodrome play --save`.")],
    verify: Annotated[
        bool, typer.Option("--verify", help="Fail unless the event log is byte-identical.")
    ] = False,
    log: Annotated[
        Path | None,
        typer.Option(parser=output_file, help="Write the replayed JSON Lines event log here."),
    ] = None,
    json: Annotated[bool, typer.Option("--json", help="Print the outcome as JSON.")] = False,
    until: Annotated[
        int | None,
        typer.Option(
            min=0, max=MAX_ACTIONS, help="Stop after this many actions (to look at any state)."
        ),
    ] = None,
    svg: Annotated[
        Path | None,
        typer.Option(parser=output_file, help="Write an SVG picture of the replayed state here."),
    ] = None,
    viewer: Viewer = None,
    html: Annotated[
        Path | None,
        typer.Option(
            parser=output_file,
            help="Write a page to watch the game in a browser: the board after every action, "
            "the events beside it, the view of the referee or of any seat (one file, no "
            "network).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Replay FILE from its seed and actions; with --verify, compare the event logs."""
    if verify and until is not None:
        raise AerodromeError("--verify checks the whole game: leave out --until")
    if viewer is not None and svg is None:
        raise AerodromeError("--viewer chooses whose view --svg draws: give --svg too")
    for path, option in ((log, "--log"), (svg, "--svg"), (html, "--html")):
        if path is not None:  # before the replay, not after it
            check_output(path, option)
    save = read_save(file)
    seen_by = svg_viewer(viewer, save.ruleset, save.setup)
    plugins = default_plugins()
    if html is not None:
        from aerodrome.runs.viewer import record_save, write_page

        game, recording = record_save(save, plugins, str(file), until=until)
    else:
        game = replay_save(save, plugins, str(file), until=until)
    if verify:
        verify_save(save, game)
    if svg is not None:
        write_svg(game, svg, seen_by)
    if log is not None:
        write_atomic(log, game.log_bytes(), "--log")
    if html is not None:
        write_page(recording, html)
        say(f"wrote {html}", err=json)
    result = game.result()
    if json:
        print_json(
            {
                "file": str(file),
                "verified": verify,
                "events": len(game.log),
                "actions": len(save.actions),
                "over": game.is_over(),
                "result": result,
                # who played it (the save's record) and who replayed it
                "versions": {"saved": save.versions, "replayed": versions_of(game.ruleset)},
            }
        )
        return
    say(
        f"{file}: {len(save.actions)} actions, {len(game.log)} events"
        + (" — event log identical" if verify else "")
    )
    if game.is_over():
        say(
            f"result: {', '.join(result.winners) or 'no winner'} ({result.reason}, "
            f"{result.rounds} rounds)"
        )


def register(app: typer.Typer) -> None:
    app.command()(replay)
