"""The whole command tree, plugin commands included, as a click command: what the CLI
reference (``docs/cli.md``, rendered by mkdocs-typer2) documents.

Importing this module loads the installed plugins and lets them add their commands, exactly
as ``aerodrome`` does when it starts.
"""

from __future__ import annotations

from typing import Any

import typer

from aerodrome.ui.cli import app, register_plugin_commands

register_plugin_commands()
#: The ``aerodrome`` command (named so, since the reference shows the attribute's name).
aerodrome: Any = typer.main.get_command(app)
