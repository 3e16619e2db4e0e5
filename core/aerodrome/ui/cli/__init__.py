"""The ``aerodrome`` command line: one CLI for every registered ruleset.

Commands are thin: they parse options, call the core, and print through :mod:`.output`
(a rich table, or JSON with ``--json``). Domain errors become one line on stderr and exit
code 1; a traceback is never shown for a user's mistake. Warnings (a broken line in a results
file) are one line on stderr too.
"""

from __future__ import annotations

import importlib
import os
import sys
import warnings
from collections.abc import Sequence
from typing import Annotated, Any

import typer

from aerodrome.engine.errors import AerodromeError, AerodromeWarning
from aerodrome.engine.files import describe_os_error
from aerodrome.ui.cli import (
    compare,
    info,
    play,
    position,
    replay,
    sensitivity,
    serve,
    simulate,
    specs_cmd,
    sweep,
    tournament,
    train,
    variants,
)
from aerodrome.ui.cli.output import fail, say, warn

try:  # typer 0.26 and later ship their own copy of click (and no longer install click itself)
    click_errors: Any = importlib.import_module("typer._click.exceptions")
except ImportError:  # older typer runs on click itself
    click_errors = importlib.import_module("click.exceptions")

#: click 8.2 raises this for a bare group; older click (typer 0.15) prints the help and exits 0.
_NO_ARGS_IS_HELP: Any = getattr(click_errors, "NoArgsIsHelpError", ())

app = typer.Typer(
    name="aerodrome",
    help="Play, simulate and compare tabletop air-combat rulesets.",
    no_args_is_help=True,
    # --install-completion / --show-completion (bash, zsh, fish, PowerShell)
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)
odds_app = typer.Typer(
    help="Exact odds (computed, not sampled) for a ruleset's dice situations.",
    no_args_is_help=True,
)
app.add_typer(odds_app, name="odds")

for module in (
    info,
    play,
    position,
    simulate,
    replay,
    specs_cmd,
    compare,
    sweep,
    sensitivity,
    variants,
    tournament,
    train,
    serve,
):
    module.register(app)


def _print_version(value: bool) -> None:
    """``--version``: aerodrome's version, then every plugin with its distribution's."""
    if not value:
        return
    from aerodrome import __version__
    from aerodrome.runs.versions import installed

    say(f"aerodrome {__version__}")
    for p in installed():
        say(f"  {p.plugin}: {p.distribution} {p.version}")
    raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            is_eager=True,
            callback=_print_version,
            help="Print the versions of aerodrome and of every plugin, and exit.",
        ),
    ] = False,
) -> None:
    """Play, simulate and compare tabletop air-combat rulesets."""


def drop_working_directory() -> None:
    """Remove the current directory that ``python -m aerodrome.ui.cli`` puts first on
    ``sys.path``: a ``*.dist-info`` or a ``selectors.py`` lying in the directory a user runs
    the command from must not be loaded as a plugin or a module (here, and in the worker
    processes, which inherit ``sys.path``). Python's own ``-P`` does the same."""
    if sys.flags.safe_path or not sys.path:
        return
    try:
        cwd = os.getcwd()
    except OSError:
        cwd = None
    if sys.path[0] in ("", ".") or (cwd is not None and sys.path[0] == cwd):
        del sys.path[0]


def _show_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: Any = None,
    line: str | None = None,
) -> None:
    warn(str(message))


_registered: list[object] = []


def register_plugin_commands() -> None:
    """Let every installed plugin add its commands (once per process)."""
    from aerodrome.plugins import default_plugins

    plugins = default_plugins()
    if any(p is plugins for p in _registered):  # main() called again in one process (tests)
        return
    plugins.register_commands(app, odds_app)
    _registered.append(plugins)


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point of the ``aerodrome`` script (``argv``: the arguments, for tests)."""
    drop_working_directory()
    warnings.showwarning = _show_warning
    warnings.simplefilter("always", AerodromeWarning)  # every broken line, not the first
    try:
        register_plugin_commands()
        code = app(
            args=list(argv) if argv is not None else None,
            prog_name="aerodrome",
            standalone_mode=False,
        )
    except _NO_ARGS_IS_HELP as exc:
        from typer import rich_utils

        rich_utils.rich_format_error(exc)
        sys.exit(exc.exit_code)
    except (
        click_errors.ClickException
    ) as exc:  # a usage error: one line too, naming the help to read
        where = (
            exc.ctx.command_path
            if isinstance(exc, click_errors.UsageError) and exc.ctx
            else "aerodrome"
        )
        fail(f"{exc.format_message()} (see `{where} --help`)", exc.exit_code)
    except typer.Abort:
        fail("aborted")
    except AerodromeError as exc:
        fail(str(exc))
    except OSError as exc:  # the last net: an unforeseen file error is still one line
        where = f"{exc.filename}: " if exc.filename else ""
        fail(f"{where}{describe_os_error(exc)}")
    except KeyboardInterrupt:
        fail("interrupted")
    sys.exit(code if isinstance(code, int) else 0)
