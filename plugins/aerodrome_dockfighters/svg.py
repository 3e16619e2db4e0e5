"""The SVG picture of an observation (issue 15): hexes with their coordinates, clouds shaded by
height, ground targets, objectives, mines and cruise missiles, aircraft with their map id,
altitude, speed and heading, the wind, and a legend; drawn with the core's hex layout (Red
Blob's flat-top layout). Same view, same bytes; every name escaped.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from xml.sax.saxutils import escape

from aerodrome.grid.hexes import Layout, Point, hex_to_pixel, layout_flat, polygon_corners
from aerodrome_dockfighters import rules
from aerodrome_dockfighters.airspace import SMOKE_TOP, STORM, airship_cells, altitudes, cloud_cells
from aerodrome_dockfighters.board import FACING_NAMES, Board, board
from aerodrome_dockfighters.specs import builtin
from aerodrome_dockfighters.text import tag, where
from aerodrome_dockfighters.view import DfView

SIZE = 18.0
SIDE_COLOUR = ("#1f5fb4", "#c0392b")
SKY, CLOUD, STORM_CLOUD, SMOKE = "#f7f4ea", "#c9d2dc", "#8e99a6", "#b5a98f"
LEGEND_HEIGHT = 150.0
#: Room right of the board for the wind rose.
WIND_MARGIN = 90.0
#: A legend entry's symbol, drawn with its text's baseline.
Shape = Callable[[float], str]


def _attr(text: str) -> str:
    return escape(text, {'"': "&quot;"})


def draw_svg(view: DfView) -> str:
    """The SVG document of ``view``."""
    b = board(view.width, view.height)
    specs = builtin()
    layout = Layout(layout_flat, Point(SIZE, SIZE), Point(SIZE * 1.2, SIZE * 1.2))
    width = SIZE * (1.5 * view.width + 1.4)
    height = SIZE * (math.sqrt(3) * (view.height + 0.5) + 1.4)
    lo, hi = altitudes(view)
    cloud_at: dict[int, str] = {}
    for cloud in view.clouds:
        fill = SMOKE if cloud.smoke else STORM_CLOUD if view.weather == STORM else CLOUD
        for cell in cloud_cells(view, cloud):
            cloud_at.setdefault(cell, fill)
    full_width, full_height = width + WIND_MARGIN, height + LEGEND_HEIGHT
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{full_width:.0f}" height="{full_height:.0f}" '
        f'viewBox="0 0 {full_width:.0f} {full_height:.0f}" font-family="sans-serif" font-size="9">',
        f"<title>Dockfighters: turn {min(view.turn, view.last_turn)} of {view.last_turn}</title>",
        f'<rect width="{full_width:.0f}" height="{full_height:.0f}" fill="#ffffff"/>',
    ]
    for cell, h in enumerate(b.hexes):
        pts = " ".join(f"{p.x:.1f},{p.y:.1f}" for p in polygon_corners(layout, h))
        c = hex_to_pixel(layout, h)
        out.append(
            f'<polygon points="{pts}" fill="{cloud_at.get(cell, SKY)}" stroke="#b9b2a0" stroke-width="0.6" '
            f'data-place="{where(view, cell)}"/>'
        )
        out.append(
            f'<text x="{c.x:.1f}" y="{c.y - 9:.1f}" font-size="5" fill="#6b6659" '
            f'text-anchor="middle">{where(view, cell)}</text>'
        )
    for g in view.ground:
        if g.cell < 0 or g.damage >= g.structure:
            continue
        c = hex_to_pixel(layout, b.hexes[g.cell])
        colour = "#5b4a12" if any(g.dice) else "#a0822a"
        out.append(
            f'<rect x="{c.x - 6:.1f}" y="{c.y - 6:.1f}" width="12" height="12" fill="{colour}">'
            f"<title>{escape(g.name)} at {where(view, g.cell)}, {g.structure - g.damage} of "
            f"{g.structure} structure left</title></rect>"
        )
    for o in view.objectives:
        if o.cell < 0 or o.kind in ("gone", "stopped"):
            continue
        c = hex_to_pixel(layout, b.hexes[o.cell])
        dash = ' stroke-dasharray="3 2"' if o.kind == "candidate" else ""
        fill = "#2c8a3c" if o.done or o.kind == "meeting" else "none"
        out.append(
            f'<circle cx="{c.x:.1f}" cy="{c.y:.1f}" r="7" fill="{fill}" fill-opacity="0.35" stroke="#2c8a3c" '
            f'stroke-width="2"{dash}><title>{escape(o.kind)} objective at {where(view, o.cell)}'
            f"{', done' if o.done else ''}</title></circle>"
        )
    for m in view.mines:
        c = hex_to_pixel(layout, b.hexes[m.cell])
        out.append(
            f'<circle cx="{c.x:.1f}" cy="{c.y:.1f}" r="4" fill="#8e2c8e"><title>air mine at '
            f"{where(view, m.cell)}</title></circle>"
        )
    for x in view.acms:
        if x.cell >= 0:
            out.append(
                _arrow(
                    layout,
                    b,
                    x.cell,
                    x.facing,
                    "#8e2c8e",
                    0.5,
                    f"{escape(x.weapon)} heading {FACING_NAMES[x.facing]}",
                )
            )
    for a in sorted(view.aircraft, key=lambda x: (x.altitude, x.id)):
        if a.status != "flying" or a.cell < 0:
            continue
        if rules.sheet(a).klass == "airship":  # its hull fills three hexes (airship.9)
            for cell in airship_cells(view, a):
                pts = " ".join(
                    f"{p.x:.1f},{p.y:.1f}" for p in polygon_corners(layout, b.hexes[cell])
                )
                out.append(
                    f'<polygon points="{pts}" fill="{SIDE_COLOUR[a.player]}" fill-opacity="0.18" '
                    f'stroke="{SIDE_COLOUR[a.player]}" stroke-width="1.2"/>'
                )
        title = (
            f"#{tag(a.id)} {escape(a.datasheet)} ({escape(a.side)}), {where(view, a.cell)}, heading "
            f"{FACING_NAMES[a.facing]}, altitude {a.altitude}, speed {a.speed}"
        )
        c = hex_to_pixel(layout, b.hexes[a.cell])
        # What a choice of this aircraft points at: its arrow, label and hex (to click it).
        out.append(f'<g data-place="piece:{a.id}">')
        out.append(
            f'<circle cx="{c.x:.1f}" cy="{c.y:.1f}" r="{SIZE * 0.8:.1f}" fill="#ffffff" '
            'fill-opacity="0"/>'
        )
        out.append(_arrow(layout, b, a.cell, a.facing, SIDE_COLOUR[a.player], 0.8, title))
        out.append(
            f'<text x="{c.x + 5:.1f}" y="{c.y + 12:.1f}" font-weight="bold" fill="{SIDE_COLOUR[a.player]}">'
            f"{tag(a.id)} {a.altitude}/{a.speed}</text>"
        )
        out.append("</g>")
    out += _wind(view, width)
    out += _legend(view, height, lo, hi, specs.weather.levels[view.weather])
    out.append("</svg>")
    return "\n".join(out)


def _arrow(
    layout: Layout, b: Board, cell: int, facing: int, colour: str, scale: float, title: str
) -> str:
    h = b.hexes[cell]
    c = hex_to_pixel(layout, h)
    n = hex_to_pixel(layout, h.neighbor(facing))
    ang = math.atan2(n.y - c.y, n.x - c.x)
    tip = (c.x + math.cos(ang) * SIZE * scale, c.y + math.sin(ang) * SIZE * scale)
    left = (
        c.x + math.cos(ang + 2.5) * SIZE * scale * 0.7,
        c.y + math.sin(ang + 2.5) * SIZE * scale * 0.7,
    )
    right = (
        c.x + math.cos(ang - 2.5) * SIZE * scale * 0.7,
        c.y + math.sin(ang - 2.5) * SIZE * scale * 0.7,
    )
    pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in (tip, left, right))
    return f'<polygon points="{pts}" fill="{colour}" stroke="#ffffff" stroke-width="0.8"><title>{title}</title></polygon>'


def _wind(view: DfView, width: float) -> list[str]:
    """An arrow in the top right corner pointing where the clouds drift."""
    cx, cy = width + WIND_MARGIN / 2, 40.0
    # facing 2 (N) points up; each facing step is 60 degrees counter-clockwise
    ang = -math.pi / 2 - math.radians(60) * (view.wind - 2)
    tip = (cx + math.cos(ang) * 16, cy + math.sin(ang) * 16)
    tail = (cx - math.cos(ang) * 16, cy - math.sin(ang) * 16)
    return [
        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="22" fill="#ffffff" stroke="#555555"/>',
        f'<line x1="{tail[0]:.1f}" y1="{tail[1]:.1f}" x2="{tip[0]:.1f}" y2="{tip[1]:.1f}" stroke="#333333" '
        f'stroke-width="3"/>',
        f'<circle cx="{tip[0]:.1f}" cy="{tip[1]:.1f}" r="3.5" fill="#333333"/>',
        f'<text x="{cx:.1f}" y="{cy + 34:.1f}" text-anchor="middle">wind {FACING_NAMES[view.wind]}, '
        f"{view.cloud_speed}/turn</text>",
    ]


def _legend(view: DfView, top: float, lo: int, hi: int, weather: str) -> list[str]:
    y = top + 14
    turn = min(view.turn, view.last_turn)
    sides = ", ".join(f"{escape(sq.side)} fame {sq.fame} kills {sq.kills}" for sq in view.squadrons)
    rows = [
        f'<text x="8" y="{y:.0f}" font-size="12" font-weight="bold">Dockfighters: turn {turn} of {view.last_turn}, '
        f"initiative {escape(view.squadrons[view.initiative].side)}, weather {escape(weather)}</text>",
        f'<text x="8" y="{y + 15:.0f}">{sides}</text>',
    ]
    y += 32

    def triangle(colour: str) -> Shape:
        return lambda yn: (
            f'<polygon points="8,{yn - 8:.0f} 18,{yn - 4:.0f} 8,{yn:.0f}" fill="{colour}"/>'
        )

    def square(colour: str) -> Shape:
        return lambda yn: f'<rect x="8" y="{yn - 8:.0f}" width="10" height="9" fill="{colour}"/>'

    items: list[tuple[Shape, str]] = [
        (
            triangle(SIDE_COLOUR[0]),
            "Bavarian aircraft: the arrow points its heading; the label is its map id, "
            "altitude/speed (a 3/4)",
        ),
        (
            triangle(SIDE_COLOUR[1]),
            "Saxon aircraft; an airship's hull is shaded over its three hexes",
        ),
        (square(CLOUD), f"cloud (altitudes {lo}-{hi}); darker: thunderstorm"),
        (square(SMOKE), f"smoke (altitudes 0-{SMOKE_TOP})"),
        (square("#5b4a12"), "ground target that fires (lighter: one that does not)"),
        (
            lambda yn: (
                f'<circle cx="13" cy="{yn - 4:.0f}" r="5" fill="none" stroke="#2c8a3c" stroke-width="2"/>'
            ),
            "objective (filled: photographed or the meeting point; dashed: a possible meeting point)",
        ),
        (
            lambda yn: f'<circle cx="13" cy="{yn - 4:.0f}" r="4" fill="#8e2c8e"/>',
            "air mine; a small purple arrow: a cruise missile",
        ),
    ]
    for n, (shape, text) in enumerate(items):
        yn = y + 13 * n
        rows.append(shape(yn))
        rows.append(f'<text x="24" y="{yn:.0f}">{text}</text>')
    y += 13 * len(items)
    rows.append(f'<text x="8" y="{y:.0f}">Each hex shows its coordinates, column,row.</text>')
    return rows
