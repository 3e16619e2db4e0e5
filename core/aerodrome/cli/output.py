"""One renderer for every command: a rich table for people, JSON for programs.

Text that comes from a user or a file (names, paths, error messages) is printed literally,
never read as rich markup: ``fail`` and ``table`` wrap it in :class:`rich.text.Text`, and
commands print such text with :func:`say`. Control characters are shown escaped, so a file
name cannot send escape sequences to the terminal.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import msgspec
from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

from aerodrome.errors import AerodromeError
from aerodrome.files import write_atomic

if TYPE_CHECKING:
    from rich.progress import Progress, ProgressColumn

console = Console()
err_console = Console(stderr=True)
#: Prints what rulesets draw: no markup anywhere inside (see :func:`show`).
_drawings = Console(markup=False, emoji=False)

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def literal(text: object, style: str = "") -> Text:
    """``text`` as it is (no markup), control characters escaped (``\\x1b``)."""
    value = _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", str(text))
    return Text(value, style=style)


def one_line(message: str) -> str:
    """``message`` on one line (line breaks become `` / ``)."""
    return " / ".join(part for part in message.replace("\r", "\n").split("\n") if part.strip())


def fail(message: str, code: int = 1) -> NoReturn:
    """Print ``aerodrome: error: message`` (literally, on one line) on stderr; exit ``code``."""
    text = Text.assemble(("aerodrome: error: ", "bold red"), literal(one_line(str(message))))
    err_console.print(text, highlight=False, soft_wrap=True)
    sys.exit(code)


def warn(message: str) -> None:
    """Print ``aerodrome: warning: message`` (literally, on one line) on stderr."""
    text = Text.assemble(("aerodrome: warning: ", "bold yellow"), literal(one_line(message)))
    err_console.print(text, highlight=False, soft_wrap=True)


def say(text: object, *, err: bool = False, style: str = "") -> None:
    """Print ``text`` literally (a path, a name, a message built from user input)."""
    (err_console if err else console).print(literal(text, style), highlight=False)


def show(renderable: RenderableType) -> None:
    """Print what a ruleset drew. Its text holds names from spec and position files, which
    are data, not markup: strings (also the cells of a rich table) are printed literally;
    styles set with :class:`rich.text.Text` or ``style=`` are kept."""
    _drawings.print(literal(renderable) if isinstance(renderable, str) else renderable)


def progress_bar(*columns: str | ProgressColumn, quiet: bool) -> Progress:
    """A transient progress bar on stderr, shown only on a terminal and without ``--quiet``.

    Disabled, it writes nothing at all: rich before 14.3 printed an empty line on stderr when
    a disabled bar stopped away from a terminal (`2>file`, a pipe, CI), so `simulate -q` and
    friends printed a blank line before an error. rich.progress is imported here, not at
    start-up (issue 18)."""
    from rich.progress import Progress

    class _Bar(Progress):
        def stop(self) -> None:
            if not self.disable:
                super().stop()

    return _Bar(
        *columns,
        console=err_console,
        transient=True,
        disable=quiet or not err_console.is_terminal,
    )


def print_json(data: Any) -> None:
    """Print ``data`` (Structs, dicts, lists...) as indented JSON on stdout."""
    sys.stdout.write(msgspec.json.format(msgspec.json.encode(data), indent=2).decode() + "\n")
    sys.stdout.flush()


def write_svg(game: Any, path: Path, viewer: int | None = None) -> None:
    """Write the ruleset's SVG picture of what ``viewer`` sees of ``game`` now (``None``:
    the referee, who sees everything) to ``path``: ``draw_svg`` of that observation."""
    from aerodrome.describe import svg

    picture = svg(game.ruleset, game.observation(viewer))
    if picture is None:
        raise AerodromeError(f"--svg: ruleset {game.ruleset.name!r} draws no SVG pictures")
    write_atomic(path, picture, "--svg")
    say(f"wrote {path}")


def table(title: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> Table:
    """A table whose title, headers and cells are printed literally."""
    t = Table(title=literal(title), title_justify="left")
    for c in columns:
        t.add_column(literal(c))
    for r in rows:
        t.add_row(*(literal(v) for v in r))
    return t
