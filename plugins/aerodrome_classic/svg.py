"""The SVG picture of a classic view (issue #15): the square board with its coordinates, the
airfields' landing squares, the AA squares as the viewer knows them (his own pieces' faces,
an enemy piece's face only once turned over), No Man's Land, the planes with their facing
and squadron, aces marked with stars, and a legend.

Drawn from the observation only: a seat's picture never shows an enemy AA face it has not
seen, nor anybody's cards. Same view, same bytes; every name is escaped.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

import msgspec

from aerodrome_classic.board import Board
from aerodrome_classic.text import seat
from aerodrome_classic.view import ClassicView, GunView, PlaneView

CELL = 26
MARGIN = 28
#: the board's top edge (the title above it)
TOP = 44
FILL = {"RED": "#d62728", "YELLOW": "#d4a600", "GREEN": "#2ca02c", "BLUE": "#1f77b4"}
TINT = {"RED": "#f7c9c9", "YELLOW": "#f5e7a8", "GREEN": "#c8ebc8", "BLUE": "#c6dcef"}
LEGEND_HEIGHT = 190


def fill(squadron: str) -> str:
    return FILL.get(squadron, "#666666")


def tint(squadron: str) -> str:
    return TINT.get(squadron, "#dddddd")


def _xy(cell: tuple[int, int]) -> tuple[int, int]:
    """The top-left corner of a square."""
    return MARGIN + cell[0] * CELL, TOP + cell[1] * CELL


def _plane(p: PlaneView, x: float, y: float, size: float) -> list[str]:
    """A plane centred on (x, y): a triangle pointing its facing (In Flight) or a circle (on
    the ground), its squadron's letter and number, and a star per victory up to two."""
    h = size / 2
    out: list[str] = []
    colour = fill(p.squadron)
    label = escape(p.id.split("-")[0][:1] + p.id.rsplit("-", 1)[-1])
    if p.in_flight:
        tips = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}
        dx, dy = tips[p.facing]
        # nose at the facing, the two wing tips behind it
        nose = (x + dx * h, y + dy * h)
        back = (x - dx * h * 0.8, y - dy * h * 0.8)
        wing1 = (back[0] + dy * h * 0.9, back[1] - dx * h * 0.9)
        wing2 = (back[0] - dy * h * 0.9, back[1] + dx * h * 0.9)
        points = " ".join(f"{a:.1f},{b:.1f}" for a, b in (nose, wing1, wing2))
        out.append(f'<polygon points="{points}" fill="{colour}" stroke="#000" stroke-width="1"/>')
    else:
        out.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{h * 0.8:.1f}" fill="{colour}" '
            'stroke="#000" stroke-width="1" stroke-dasharray="2,1"/>'
        )
    out.append(
        f'<text x="{x:.1f}" y="{y + 3:.1f}" font-size="8" text-anchor="middle" '
        f'fill="#fff" font-weight="bold">{label}</text>'
    )
    for i in range(min(p.kills, 2)):
        out.append(
            f'<text x="{x + h - 1 - 6 * i:.1f}" y="{y - h + 6:.1f}" font-size="9" '
            f'text-anchor="middle" fill="#b8860b">★</text>'
        )
    return out


def _gun(g: GunView, x: float, y: float) -> list[str]:
    r = CELL * 0.32
    face = {"hit": ("#ffffff", "H", "#c00000"), "miss": ("#ffffff", "M", "#555555")}.get(
        g.face, ("#eeeeee", "?", "#555555")
    )
    stroke = "#000" if g.revealed else fill(g.squadron)
    width = 2.5 if g.revealed else 1.5
    return [
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{face[0]}" stroke="{stroke}" '
        f'stroke-width="{width}"/>',
        f'<text x="{x:.1f}" y="{y + 3.5:.1f}" font-size="10" text-anchor="middle" '
        f'fill="{face[2]}" font-weight="bold">{face[1]}</text>',
    ]


def _legend(view: ClassicView, top: int, width: int) -> list[str]:
    out = [f'<g font-size="11" transform="translate({MARGIN},{top})">']
    y = 14
    x = 0
    for sq in view.squadrons:
        out.append(
            f'<rect x="{x}" y="{y - 9}" width="12" height="12" fill="{tint(sq.name)}" stroke="{fill(sq.name)}"/>'
        )
        out.append(
            f'<text x="{x + 16}" y="{y + 1}">{escape(sq.name)}: {escape(seat(view, sq.seat))}</text>'
        )
        x += (width - 2 * MARGIN) // 2
        if x + 10 > width - 2 * MARGIN:
            x = 0
            y += 16
    if x:
        y += 16
    y += 4
    sample = PlaneView(
        id="R-1",
        squadron="",
        side="",
        cell=(0, 0),
        facing=0,
        in_flight=True,
        kills=2,
        may_land=False,
    )
    out.extend(_plane(sample, 8, y + 4, CELL * 0.7))
    out.append(
        f'<text x="24" y="{y + 8}">a plane In Flight, pointing its facing (R1: RED-1)</text>'
    )
    y += 20
    out.append(f'<text x="0" y="{y + 8}" fill="#b8860b">★</text>')
    out.append(f'<text x="24" y="{y + 8}">an ACE (1 victory); ★★ a DOUBLE ACE</text>')
    y += 20
    grounded = msgspec.structs.replace(sample, in_flight=False, kills=0)
    out.extend(_plane(grounded, 8, y + 4, CELL * 0.7))
    out.append(f'<text x="24" y="{y + 8}">a plane on the ground; tinted: landing squares</text>')
    y += 20
    for i, (face, what) in enumerate(
        (("gun", "AA face unknown"), ("hit", "Hit"), ("miss", "Miss"))
    ):
        gv = GunView(cell=(0, 0), squadron="", side="", face=face, revealed=False)
        out.extend(_gun(gv, 8 + 120 * i, y + 4))
        out.append(f'<text x="{24 + 120 * i}" y="{y + 8}">{what}</text>')
    y += 20
    out.append(
        f'<text x="0" y="{y + 8}">A black ring: an AA piece turned over, seen by all.</text>'
    )
    y += 16
    out.append(f'<text x="0" y="{y + 8}">Double line: No Man\'s Land (Germans above it).</text>')
    y += 16
    out.append(f'<text x="0" y="{y + 8}">A square is column,row, as numbered on the edges.</text>')
    out.append("</g>")
    return out


def draw_svg(board: Board, view: ClassicView) -> str:
    """The SVG document of ``view``."""
    w, h = board.width, board.height
    width = 2 * MARGIN + w * CELL
    board_bottom = TOP + h * CELL
    height = board_bottom + MARGIN + LEGEND_HEIGHT + 24
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
    ]
    whose = "the referee" if view.player is None else seat(view, view.player)
    out.append(
        f'<text x="{MARGIN}" y="18" font-size="12">{escape(f"Dogfight, as {whose} sees it")}</text>'
    )
    if view.turn_player is not None:
        dice = " and ".join(map(str, view.dice)) if view.dice else "none left"
        turn = f"{view.turn_side} side to move: {seat(view, view.turn_player)}, dice {dice}"
        out.append(
            f'<text x="{MARGIN}" y="{board_bottom + MARGIN + 2}" font-size="12">{escape(turn)}</text>'
        )
    # squares
    out.append('<g stroke="#bbbbbb" stroke-width="0.5">')
    for y in range(h):
        for x in range(w):
            sx, sy = _xy((x, y))
            home = board.landing_squadron.get((x, y))
            colour = tint(home) if home is not None else "#fbfbf8"
            out.append(
                f'<rect x="{sx}" y="{sy}" width="{CELL}" height="{CELL}" fill="{colour}" '
                f'data-place="{x},{y}"/>'
            )
    out.append("</g>")
    # coordinates on every edge
    out.append('<g font-size="9" fill="#333" text-anchor="middle">')
    for x in range(w):
        cx = MARGIN + x * CELL + CELL // 2
        out.append(f'<text x="{cx}" y="{TOP - 4}">{x}</text>')
        out.append(f'<text x="{cx}" y="{board_bottom + 11}">{x}</text>')
    for y in range(h):
        cy = TOP + y * CELL + CELL // 2 + 3
        out.append(f'<text x="{MARGIN // 2}" y="{cy}">{y}</text>')
        out.append(f'<text x="{width - MARGIN // 2}" y="{cy}">{y}</text>')
    out.append("</g>")
    # No Man's Land
    line_y = TOP + (board.german_last_row + 1) * CELL
    for dy in (-2, 2):
        out.append(
            f'<line x1="{MARGIN}" y1="{line_y + dy}" x2="{MARGIN + w * CELL}" y2="{line_y + dy}" '
            'stroke="#000" stroke-width="1.5"/>'
        )
    planes = {p.cell: p for p in view.planes}
    for g in view.guns:
        if g.cell not in planes:
            sx, sy = _xy(g.cell)
            out.extend(_gun(g, sx + CELL / 2, sy + CELL / 2))
    for p in view.planes:
        sx, sy = _xy(p.cell)
        out.append(
            f"<g data-place={quoteattr('piece:' + p.id)}><title>{escape(p.id)} ({escape(p.squadron)})</title>"
        )
        out.extend(_plane(p, sx + CELL / 2, sy + CELL / 2, CELL * 0.8))
        out.append("</g>")
    out.extend(_legend(view, board_bottom + MARGIN + 8, width))
    out.append("</svg>")
    return "\n".join(out)
