"""An SVG picture of a state: the hex board, clouds, ground targets, objectives and aircraft
(an arrow along the facing, labelled with altitude and speed), drawn with the core's hex
layout (Red Blob's flat-top layout)."""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

from aerodrome.grid.hexes import Layout, Point, hex_to_pixel, layout_flat, polygon_corners
from aerodrome_dockfighters.airspace import covered_cells
from aerodrome_dockfighters.board import board
from aerodrome_dockfighters.state import DfState

SIZE = 18.0
SIDE_COLOUR = ("#1f6fd1", "#c8312b")


def to_svg(state: DfState) -> str:
    """The SVG document of ``state``."""
    b = board(state.width, state.height)
    layout = Layout(layout_flat, Point(SIZE, SIZE), Point(SIZE * 1.2, SIZE * 1.2))
    width = SIZE * (1.5 * state.width + 1.4)
    height = SIZE * (math.sqrt(3) * (state.height + 0.5) + 1.4)
    clouds = covered_cells(state)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height + 30:.0f}" '
        f'font-family="sans-serif" font-size="9">',
        f'<text x="6" y="{height + 20:.0f}" font-size="13">Dockfighters: turn {min(state.turn, state.last_turn)}'
        f' of {state.last_turn}</text>',
    ]
    for cell, h in enumerate(b.hexes):
        pts = " ".join(f"{p.x:.1f},{p.y:.1f}" for p in polygon_corners(layout, h))
        fill = "#d9dde3" if cell in clouds else "#f5f1e6"
        out.append(f'<polygon points="{pts}" fill="{fill}" stroke="#b9b2a0" stroke-width="0.6"/>')
    for g in state.ground:
        if g.damage >= g.structure:
            continue
        c = hex_to_pixel(layout, b.hexes[g.cell])
        colour = "#8a6d1f" if not any(g.dice) else "#5b4a12"
        out.append(f'<rect x="{c.x - 6:.1f}" y="{c.y - 6:.1f}" width="12" height="12" fill="{colour}">'
                   f'<title>{escape(g.name)}</title></rect>')
    for o in state.objectives:
        c = hex_to_pixel(layout, b.hexes[o.cell])
        out.append(f'<circle cx="{c.x:.1f}" cy="{c.y:.1f}" r="7" fill="none" stroke="#2c8a3c" stroke-width="2">'
                   f'<title>objective {o.id} ({escape(o.kind)})</title></circle>')
    for a in state.aircraft:
        if a.status != "flying" or a.cell < 0:
            continue
        h = b.hexes[a.cell]
        c = hex_to_pixel(layout, h)
        n = hex_to_pixel(layout, h.neighbor(a.facing))
        ang = math.atan2(n.y - c.y, n.x - c.x)
        tip = (c.x + math.cos(ang) * SIZE * 0.8, c.y + math.sin(ang) * SIZE * 0.8)
        left = (c.x + math.cos(ang + 2.5) * SIZE * 0.55, c.y + math.sin(ang + 2.5) * SIZE * 0.55)
        right = (c.x + math.cos(ang - 2.5) * SIZE * 0.55, c.y + math.sin(ang - 2.5) * SIZE * 0.55)
        pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in (tip, left, right))
        out.append(
            f'<polygon points="{pts}" fill="{SIDE_COLOUR[a.player]}"><title>#{a.id} {escape(a.datasheet)}'
            f' altitude {a.altitude} speed {a.speed}</title></polygon>'
        )
        out.append(f'<text x="{c.x + 6:.1f}" y="{c.y + 12:.1f}">{a.altitude}/{a.speed}</text>')
    out.append("</svg>")
    return "\n".join(out)
