"""Paths of the command line as the user typed them.

typer turns a ``Path`` option into :class:`pathlib.Path`, which drops a trailing slash:
``--out x/`` (a folder, by the user's own words) would become the file ``x``. Every option
and argument naming an output file takes ``parser=output_file`` instead, so the slash is
seen and refused before any work, naming the option.
"""

from __future__ import annotations

from pathlib import Path

import typer

from aerodrome.engine.files import names_folder


def output_file(text: str) -> Path:
    """An output file's path as the user typed it (``typer.Option(parser=output_file)``):
    typer's own ``Path`` drops a trailing slash, so ``--out x/`` would write the file ``x``;
    a path ending with a slash names a folder and is refused here, naming the option."""
    if names_folder(text):
        raise typer.BadParameter(f"{text}: names a folder; give a file name")
    return Path(text)
