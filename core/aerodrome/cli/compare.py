"""``aerodrome compare`` (being written; see issue 6)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the ``compare`` command to ``app`` (nothing yet)."""
