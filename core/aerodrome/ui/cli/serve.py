"""``aerodrome serve``: a table in the browser (the ``web`` extra: Starlette and uvicorn).

Binds to 127.0.0.1 unless told otherwise; any other address prints a warning saying who can
then reach the server. Games are kept in ``--games`` (default: the user's state folder),
written after every action, and resumed when the server starts again.
"""

from __future__ import annotations

import ipaddress
import os
from pathlib import Path
from typing import Annotated

import typer

from aerodrome.engine.errors import AerodromeError
from aerodrome.ui.cli.output import say, warn

#: The port served when none is given.
PORT = 8765


def default_games() -> Path:
    """``$XDG_STATE_HOME/aerodrome/games`` (``~/.local/state/aerodrome/games``)."""
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / "aerodrome" / "games"


def loopback(host: str) -> bool:
    """Whether ``host`` is reachable from this computer only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def allowed_hosts(host: str) -> list[str] | None:
    """The names a loopback server answers to (a page of another site that points a name of
    its own at 127.0.0.1 is refused: DNS rebinding); ``None``: any, on another address."""
    if not loopback(host):
        return None
    return ["127.0.0.1", "localhost", "[::1]", "::1", host]


def serve(
    host: Annotated[
        str, typer.Option(help="Address to listen on; another than 127.0.0.1 lets others in.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = PORT,
    games: Annotated[
        Path | None,
        typer.Option(
            help="Folder keeping the games (and the seats' links); default "
            "$XDG_STATE_HOME/aerodrome/games.",
            show_default=False,
        ),
    ] = None,
    max_games: Annotated[
        int, typer.Option(min=1, max=10_000, help="Games the server holds at most.")
    ] = 64,
    expire_days: Annotated[
        float,
        typer.Option(
            min=0.01,
            max=3650,
            help="Days after its end a finished game is dropped (its file deleted).",
        ),
    ] = 7.0,
    max_per_client: Annotated[
        int,
        typer.Option(
            min=1, max=10_000, help="Unfinished games one address may have started at once."
        ),
    ] = 16,
    rate: Annotated[
        int,
        typer.Option(min=1, max=10_000, help="New games one address may start a minute."),
    ] = 10,
    set_: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            metavar="RULESET:PATH=VALUE",
            help="Change a number of a ruleset's spec files for every game of the server: "
            "dockfighters:tables.base_to_hit=5 (repeatable; as --set of play, with the "
            "ruleset first). A saved game played with other numbers is not resumed.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Serve a table in the browser: start a game, play it against bots or with friends."""
    try:
        import uvicorn

        from aerodrome.ui.web.app import create_app
        from aerodrome.ui.web.tables import Limits, Tables, games_folder
    except ImportError as exc:
        raise AerodromeError(
            f"serve needs the web extra ({exc.name} is missing): pip install 'aerodrome[web]'"
        ) from None
    from aerodrome.engine.files import remove_leftovers
    from aerodrome.plugins import default_plugins
    from aerodrome.ui.cli.options import with_ruleset_sets

    plugins = with_ruleset_sets(default_plugins(), set_)  # checked before any file is touched
    folder = games_folder(games if games is not None else default_games())
    remove_leftovers(folder)  # the games' temporary files a killed server left
    limits = Limits(
        games=max_games, expire=expire_days * 86400, per_client=max_per_client, rate=rate
    )
    tables = Tables(plugins, folder, limits=limits)
    for problem in tables.load():
        warn(f"not resumed: {problem}")
    if not loopback(host):
        warn(
            f"serving on {host}: anybody who can reach this address can start games here; "
            "a seat is kept only by its link (see the user guide, 'Serving a game')"
        )
    app = create_app(tables, allowed_hosts=allowed_hosts(host))
    shown = f"[{host}]" if ":" in host else host
    resumed = len(tables.tables)
    games_word = "1 game" if resumed == 1 else f"{resumed} games"
    say(f"aerodrome table at http://{shown}:{port}/ ({games_word} resumed)")
    say(f"games kept in {folder}; Ctrl-C stops the server")
    uvicorn.run(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=2)


def register(app: typer.Typer) -> None:
    app.command()(serve)
