"""The terminal picture of a dogfight (rich), from an observation: the round, the phase and
this round's Squadron Roll, a table of each squadron's aircraft with their damage and crews,
and a legend. Every name is printed as plain text (never as markup)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aerodrome_victoriana.table import LEGEND, Row, header, squadron
from aerodrome_victoriana.view import DogfightView

if TYPE_CHECKING:
    from rich.console import RenderableType

#: Readable on dark and light terminals; NO_COLOR turns colours off (rich).
SIDE_STYLES = ("bold blue", "bold red")
BAR = 10


def health_bar(r: Row) -> RenderableType:
    from rich.text import Text

    filled = round(BAR * r.share)
    style = "green" if r.share > 2 / 3 else "yellow" if r.share > 1 / 3 else "red"
    bar = Text("█" * filled, style=style)
    bar.append("░" * (BAR - filled))
    bar.append(f" {r.health}/{r.full}")
    return bar


def draw(view: DogfightView) -> RenderableType:
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    lines = header(view)
    parts: list[RenderableType] = [Text(lines[0], style="bold")]
    parts.extend(Text(line) for line in lines[1:])
    for n, side in enumerate(view.sides):
        title, rows = squadron(view, side)
        table = Table(title=Text(title, style=SIDE_STYLES[n % 2]), title_justify="left")
        table.add_column("aircraft", ratio=2)
        table.add_column("health", no_wrap=True)
        table.add_column("armour", no_wrap=True)
        table.add_column("handling", no_wrap=True)
        table.add_column("status", ratio=1)
        table.add_column("crew", ratio=2, overflow="fold")
        for r in rows:
            label = Text(r.label + (f" {r.tag}" if r.tag else ""), style="bold" if r.flying else "")
            table.add_row(
                label,
                health_bar(r),
                Text(r.armour),
                Text(r.handling),
                Text(r.status),
                Text(", ".join(r.crew)),
            )
        parts.append(table)
    legend = Text("Legend", style="bold")
    for line in LEGEND:
        legend.append("\n  " + line)
    parts.append(legend)
    return Group(*parts)


def _short_bar(r: Row) -> RenderableType:
    from rich.text import Text

    filled = round(5 * r.share)
    style = "green" if r.share > 2 / 3 else "yellow" if r.share > 1 / 3 else "red"
    bar = Text("█" * filled, style=style)
    bar.append("░" * (5 - filled))
    bar.append(f" {r.health}/{r.full}")
    return bar


def draw_compact(view: DogfightView) -> RenderableType:
    """The play screen's picture: the round, the phase and the Squadron Roll, then the two
    squadrons side by side, an aircraft a line (its Health, and its status when it is not
    simply flying); ``board`` shows :func:`draw`, with the crews and the legend."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    lines = header(view)
    parts: list[RenderableType] = [Text(lines[0], style="bold")]
    parts.extend(Text(line) for line in lines[1:])
    grid = Table.grid(padding=(0, 2), expand=True)
    columns: list[RenderableType] = []
    for n, side in enumerate(view.sides):
        title, rows = squadron(view, side)
        table = Table.grid(padding=(0, 1), expand=True)
        table.add_column(no_wrap=True, overflow="ellipsis", ratio=1)
        table.add_column(no_wrap=True, min_width=11)
        table.add_column(no_wrap=True, overflow="ellipsis", max_width=14)
        for r in rows:
            label = Text(r.label + (f" {r.tag}" if r.tag else ""), style="bold" if r.flying else "")
            status = "" if r.status == "flying" else r.status.removeprefix("flying, ")
            table.add_row(label, _short_bar(r), Text(status))
        grid.add_column(ratio=1)
        columns.append(Group(Text(title, style=SIDE_STYLES[n % 2]), table))
    grid.add_row(*columns)
    parts.append(grid)
    return Group(*parts)


def own_marks(view: DogfightView, player: int) -> list[str]:
    """The beginnings of ``player``'s aircraft's lines in the compact picture (their names,
    as far as a narrow column shows them): a play screen on a small terminal keeps the lines
    holding them."""
    if not 0 <= player < len(view.sides):
        return []
    _, rows = squadron(view, view.sides[player])
    return [r.label[:10] for r in rows]
