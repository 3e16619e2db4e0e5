"""One renderer for every command: a rich table for people, JSON for programs."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

import msgspec
from rich.console import Console
from rich.table import Table

from aerodrome.errors import AerodromeError

console = Console()
err_console = Console(stderr=True)


def fail(message: str, code: int = 1) -> NoReturn:
    """Print ``aerodrome: error: message`` on stderr and exit with ``code``."""
    err_console.print(f"[bold red]aerodrome: error:[/] {message}", highlight=False, soft_wrap=True)
    sys.exit(code)


def print_json(data: Any) -> None:
    """Print ``data`` (Structs, dicts, lists...) as indented JSON on stdout."""
    sys.stdout.write(msgspec.json.format(msgspec.json.encode(data), indent=2).decode() + "\n")
    sys.stdout.flush()


def write_svg(game: Any, path: Path) -> None:
    """Write the ruleset's SVG picture of ``game``'s state (referee's view) to ``path``."""
    picture = game.ruleset.svg(game.state, None)
    if picture is None:
        raise AerodromeError(f"--svg: ruleset {game.ruleset.name!r} draws no SVG pictures")
    try:
        path.write_text(picture, encoding="utf-8")
    except OSError as exc:
        raise AerodromeError(f"--svg {path}: cannot write: {exc.strerror}") from None
    console.print(f"wrote {path}")


def table(title: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> Table:
    t = Table(title=title, title_justify="left")
    for c in columns:
        t.add_column(c)
    for r in rows:
        t.add_row(*(str(v) for v in r))
    return t
