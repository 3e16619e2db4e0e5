"""The SVG picture of a dogfight (issue #15), from an observation: the round, the phase and
this round's Squadron Roll; the two squadrons side by side, each aircraft with its Health
bar, Armour, Handling, status and crew; a legend. Same view, same bytes; every name escaped."""

from __future__ import annotations

from collections.abc import Sequence
from textwrap import wrap
from xml.sax.saxutils import escape, quoteattr

from aerodrome_victoriana.table import LEGEND, Row, header, squadron
from aerodrome_victoriana.view import DogfightView

WIDTH = 1000
COLUMN = WIDTH // 2
LINE = 18
ROW = 40
BAR = 110
SIDE_COLOURS = ("#1f4e9c", "#b22222")
GONE = "#6b6b6b"
#: Characters of 11-pixel text that fit a squadron's column, and the page.
COLUMN_CHARS = 84
PAGE_CHARS = 175


def _text(
    x: int,
    y: int,
    text: str,
    *,
    size: int = 13,
    fill: str = "#111",
    weight: str = "normal",
    style: str = "normal",
) -> str:
    return (
        f'<text x="{x}" y="{y}" font-size="{size}" fill="{fill}" font-weight="{weight}" '
        f'font-style="{style}">{escape(text)}</text>'
    )


def _bar_colour(share: float) -> str:
    return "#2e8b3a" if share > 2 / 3 else "#d4a017" if share > 1 / 3 else "#c0392b"


def _row(x: int, y: int, r: Row) -> tuple[list[str], int]:
    """One aircraft: label and Health bar; underneath its numbers, status and crew (wrapped).
    Returns the elements and the height taken."""
    fill = "#111" if r.flying else GONE
    label = r.label + (f" {r.tag}" if r.tag else "")
    out = [_text(x, y, label, fill=fill, weight="bold" if r.flying else "normal")]
    bx = x + COLUMN - 24 - BAR - 56
    filled = round(BAR * r.share)
    out.append(
        f'<rect x="{bx}" y="{y - 11}" width="{BAR}" height="12" fill="#e6e6e6" '
        'stroke="#999" stroke-width="0.5"/>'
    )
    if filled:
        out.append(
            f'<rect x="{bx}" y="{y - 11}" width="{filled}" height="12" '
            f'fill="{_bar_colour(r.share)}"/>'
        )
    out.append(_text(bx + BAR + 6, y, f"{r.health}/{r.full}", size=12, fill=fill))
    below = wrap(
        f"armour {r.armour}, handling {r.handling}; {r.status}; crew: {', '.join(r.crew)}",
        COLUMN_CHARS,
    )
    for k, line in enumerate(below):
        out.append(
            _text(
                x + 12,
                y + 15 + 14 * k,
                line,
                size=11,
                fill=fill,
                style="normal" if r.flying else "italic",
            )
        )
    height = ROW + 14 * (len(below) - 1)
    # The aircraft as one element a choice can point at (``piece:ID``), its whole row clickable.
    hit = (
        f'<rect x="{x - 4}" y="{y - 15}" width="{COLUMN - 16}" height="{height - 2}" '
        'fill="#ffffff" fill-opacity="0"/>'
    )
    return [f"<g data-place={quoteattr(f'piece:{r.id}')}>", hit, *out, "</g>"], height


def _wrapped(lines: Sequence[str]) -> list[str]:
    return [part for line in lines for part in wrap(line, PAGE_CHARS)]


def draw_svg(view: DogfightView) -> str:
    lines = header(view)
    body: list[str] = []
    y = 24
    body.append(_text(12, y, lines[0], size=16, weight="bold"))
    for line in _wrapped(lines[1:]):
        y += LINE
        roll = line.startswith("Squadron Roll")
        body.append(_text(12, y, line, weight="bold" if roll else "normal"))
    top = y + 30
    bottom = top
    for n, side in enumerate(view.sides):
        x = 12 + n * COLUMN
        title, rows = squadron(view, side)
        yy = top
        body.append(_text(x, yy, title, size=14, fill=SIDE_COLOURS[n % 2], weight="bold"))
        yy += 24
        for r in rows:
            elements, height = _row(x, yy, r)
            body.extend(elements)
            yy += height
        bottom = max(bottom, yy)
    y = bottom + 6
    body.append(_text(12, y, "Legend", weight="bold"))
    for line in _wrapped(LEGEND):
        y += LINE - 2
        body.append(_text(12, y, line, size=11))
    height = y + 14
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif">'
        f'<rect width="{WIDTH}" height="{height}" fill="#fcfcf8"/>' + "".join(body) + "</svg>"
    )
