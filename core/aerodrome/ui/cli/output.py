"""One renderer for every command: a rich table for people, JSON for programs.

Text that comes from a user or a file (names, paths, error messages) is printed literally,
never read as rich markup: ``fail`` and ``table`` wrap it in :class:`rich.text.Text`, and
commands print such text with :func:`say`.

Every console here is a :class:`SafeConsole`: whatever it prints (a string, a table's cells,
a ruleset's drawing, a prompt) has its control characters and bidi controls escaped
(``\\x1b``, ``\\u202e``, :func:`aerodrome.engine.terminal.escape`), so no name from a file can
send an escape sequence (colours, OSC 8 links, clearing the screen) or turn text around.
JSON output writes them as ``\\u`` escapes (:func:`print_json`).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import msgspec
from rich.console import Console, ConsoleOptions, RenderableType
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.files import write_atomic
from aerodrome.engine.terminal import escape, escape_json

if TYPE_CHECKING:
    from rich.progress import Progress, ProgressColumn


class SafeConsole(Console):
    """A rich console that never writes a control character or a bidi control it was given
    as text: strings are escaped before rich lays them out (so a table's columns fit the
    escaped text), and every segment of text once more as it is rendered (a
    :class:`~rich.text.Text` a plugin built). Rich's own control codes (styles, cursor
    moves) are kept."""

    def render_str(self, text: str, **kwargs: Any) -> Text:
        return super().render_str(escape(text), **kwargs)

    def render(
        self, renderable: RenderableType, options: ConsoleOptions | None = None
    ) -> Iterable[Segment]:
        for segment in super().render(renderable, options):
            if segment.control is None and escape(segment.text) != segment.text:
                yield Segment(escape(segment.text), segment.style)
            else:
                yield segment


console = SafeConsole()
err_console = SafeConsole(stderr=True)
#: Prints what rulesets draw: no markup anywhere inside (see :func:`show`).
_drawings = SafeConsole(markup=False, emoji=False)


def literal(text: object, style: str = "") -> Text:
    """``text`` as it is (no markup), control characters escaped (``\\x1b``)."""
    return Text(escape(str(text)), style=style)


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
    text = msgspec.json.format(msgspec.json.encode(data), indent=2).decode()
    sys.stdout.write(escape_json(text) + "\n")
    sys.stdout.flush()


def write_svg(game: Any, path: Path, viewer: int | None = None) -> None:
    """Write the ruleset's SVG picture of what ``viewer`` sees of ``game`` now (``None``:
    the referee, who sees everything) to ``path``: ``draw_svg`` of that observation."""
    from aerodrome.engine.describe import svg

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
