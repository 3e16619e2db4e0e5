"""The ``aerodrome`` command line: one CLI for every registered ruleset.

Commands are thin: they parse options, call the core, and print through :mod:`.output`
(a rich table, or JSON with ``--json``). Domain errors become one line on stderr and exit
code 1; a traceback is never shown for a user's mistake.
"""

from __future__ import annotations

import sys

import typer

from aerodrome.cli import compare, info, play, position, replay, simulate, specs_cmd, tournament
from aerodrome.cli.output import fail
from aerodrome.errors import AerodromeError

app = typer.Typer(
    name="aerodrome",
    help="Play, simulate and compare tabletop air-combat rulesets.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)
odds_app = typer.Typer(
    help="Exact odds (computed, not sampled) for a ruleset's dice situations.",
    no_args_is_help=True,
)
app.add_typer(odds_app, name="odds")

for module in (info, play, position, simulate, replay, specs_cmd, compare, tournament):
    module.register(app)


def _register_plugin_commands() -> None:
    from aerodrome.plugins import default_plugins

    default_plugins().register_commands(app, odds_app)


def main() -> None:
    """Entry point of the ``aerodrome`` script."""
    try:
        _register_plugin_commands()
        app()
    except AerodromeError as exc:
        fail(str(exc))
    except KeyboardInterrupt:
        fail("interrupted")
    sys.exit(0)
