"""The SVG picture of a battle as one player sees it (issue 15): the two sides' flyers with
their damage and their orders once revealed (a seat's picture never shows the other side's
orders before the reveal: it is drawn from that seat's observation), and the dogfights of the
turn as numbered arrows from the flyer that declared to the flyer that defended, with a
legend. Same view, same bytes; every name escaped.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape, quoteattr

from aerodrome_df40k.draw import dogfight_line, revealed_line, stage, status_of, weapons_of
from aerodrome_df40k.text import flyer_name, names, order_words

if TYPE_CHECKING:
    from aerodrome_df40k.specs import Specs
    from aerodrome_df40k.view import Df40kView, FlyerView

COLOURS = ("#1f5fa8", "#a8321f")  # seat 1, seat 2
WIDTH, MARGIN, COLUMN, GAP = 900, 16, 320, 228
LINE, WRAP = 15, 48
TOP = 56


def _text(
    x: float,
    y: float,
    words: str,
    *,
    size: int = 12,
    weight: str = "normal",
    fill: str = "#111",
    anchor: str = "start",
) -> str:
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size}" font-weight="{weight}" fill="{fill}" '
        f'text-anchor="{anchor}">{escape(words)}</text>'
    )


def _box_lines(
    specs: Specs, view: Df40kView, f: FlyerView, named: dict[str, str], due: bool
) -> list[str]:
    spec = specs.flyers[f.type]
    a = spec.armour
    lines = [f"BS {spec.bs}, I {spec.initiative}, armour {a.front}/{a.side}/{a.rear}"]
    lines += textwrap.wrap(weapons_of(specs, f), WRAP) or ["no weapons"]
    if f.alive:
        if f.order is not None:
            order = order_words(f.order, named.get(f.escort, f.escort), f.ram)
        elif (
            due
            and not view.revealed
            and not view.over
            and view.player is not None
            and f.player != view.player
        ):
            order = "secret until the reveal"
        else:
            order = "none given"
        lines.append(f"order: {order}")
    status = status_of(f)
    if status:
        lines.append(status)
    return lines


def draw_svg(specs: Specs, view: Df40kView) -> str:
    """The picture (see the module)."""
    named = names(specs, view)
    due = view.turn >= specs.rules.battle.first_order_turn
    sides = view.sides
    body: list[str] = []
    whose = "referee's view" if view.player is None else f"view of the {sides[view.player]} player"
    body.append(
        _text(
            MARGIN,
            22,
            f"Dogfight 40,000 — game turn {view.turn} of {view.turns}",
            size=16,
            weight="bold",
        )
    )
    body.append(
        _text(
            MARGIN,
            40,
            f"the {sides[view.first_player]} player's turn — {stage(view, due)} — {whose}",
        )
    )
    # the flyers, one column per side
    anchors: dict[str, tuple[float, float, float]] = {}  # id -> (left x, right x, middle y)
    bottom = TOP
    for p in (0, 1):
        x = MARGIN + p * (COLUMN + GAP)
        y = TOP
        body.append(
            _text(
                x,
                y + 12,
                f"{sides[p]}: {view.kills[p]} kills, {view.ground_runs[p]} ground runs"
                + (f", {view.gargoyles[p]} Gargoyles" if view.gargoyles[p] else ""),
                weight="bold",
                fill=COLOURS[p],
            )
        )
        y += 22
        for f in (g for g in view.flyers if g.player == p):
            lines = _box_lines(specs, view, f, named, due)
            height = 22 + LINE * len(lines)
            fill = "#ffffff" if f.alive else "#e8e8e8"
            body.append(
                f'<rect x="{x}" y="{y}" width="{COLUMN}" height="{height}" rx="6" fill="{fill}" '
                f'stroke="{COLOURS[p]}" stroke-width="2" data-place={quoteattr("piece:" + f.id)}/>'
            )
            title = flyer_name(specs, f.id, f.type) + (
                " (large)" if specs.flyers[f.type].large else ""
            )
            body.append(_text(x + 8, y + 17, title, size=13, weight="bold", fill=COLOURS[p]))
            for i, line in enumerate(lines):
                red = line.startswith("DESTROYED")
                body.append(
                    _text(
                        x + 8,
                        y + 17 + LINE * (i + 1),
                        line,
                        size=11,
                        fill="#b00000" if red else "#111",
                        weight="bold" if red else "normal",
                    )
                )
            if not f.alive:
                body.append(
                    f'<line x1="{x}" y1="{y}" x2="{x + COLUMN}" y2="{y + height}" stroke="#b00000" stroke-width="2"/>'
                )
            anchors[f.id] = (x, x + COLUMN, y + height / 2)
            y += height + 10
        bottom = max(bottom, y)
    # the dogfights of the turn: numbered arrows, declaring flyer to defending flyer
    fights = [(d.attacker, d.defender, False) for d in view.dogfights]
    if view.fight is not None:
        fights.append((view.fight.attacker, view.fight.defender, True))
    for i, (attacker, defender, live) in enumerate(fights, 1):
        if attacker not in anchors or defender not in anchors:
            continue
        ax0, ax1, ay = anchors[attacker]
        dx0, dx1, dy = anchors[defender]
        x1, x2 = (ax1, dx0) if ax0 < dx0 else (ax0, dx1)
        shift = 6 * ((i % 5) - 2)
        dash = ' stroke-dasharray="6 4"' if live else ""
        body.append(
            f'<line x1="{x1}" y1="{ay + shift:g}" x2="{x2}" y2="{dy + shift:g}" stroke="#333" '
            f'stroke-width="2" marker-end="url(#arrow)"{dash}/>'
        )
        mx, my = (x1 + x2) / 2, (ay + dy) / 2 + shift
        body.append(f'<circle cx="{mx:g}" cy="{my:g}" r="9" fill="#fff8d0" stroke="#333"/>')
        body.append(_text(mx, my + 4, str(i), size=11, weight="bold", anchor="middle"))
    # the list of dogfights, the last reveal and the legend
    y = bottom + 16
    notes: list[tuple[str, str]] = []
    if view.last_turn:
        if not view.revealed and view.last_orders:
            shown = "; ".join(revealed_line(r, named) for r in view.last_orders)
            notes += [
                (w, "normal")
                for w in textwrap.wrap(f"Orders of game turn {view.last_turn}: {shown}", 120)
            ]
        notes.append(
            (f"Dogfights of game turn {view.last_turn}" + ("" if fights else ": none"), "bold")
        )
    for i, d in enumerate(view.dogfights, 1):
        notes.append((f"{i}. {dogfight_line(d, named)}", "normal"))
    if view.fight is not None:
        fi = view.fight
        notes.append(
            (
                f"{len(fights)}. under way: {named.get(fi.attacker, fi.attacker)} against "
                f"{named.get(fi.defender, fi.defender)}, margin {fi.margin:+d}",
                "normal",
            )
        )
    notes.append(("Legend", "bold"))
    notes += [
        (
            "arrow n: dogfight n, from the flyer that declared it to the flyer that defended (dashed: under way)",
            "normal",
        ),
        (
            "weapons: ✗ destroyed, · spent, * fired this turn; TL twin-linked; F front, R rear, H hull; 2 lascannon: two alike",
            "normal",
        ),
        (
            "a grey, crossed-out box: a destroyed flyer; crew hit: cannot shoot and makes no attack run this turn",
            "normal",
        ),
    ]
    for words, weight in notes:
        body.append(_text(MARGIN, y, words, weight=weight))
        y += LINE + 2
    height = y + MARGIN
    defs = (
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
        'markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#333"/>'
        "</marker></defs>"
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height:g}" '
        f'viewBox="0 0 {WIDTH} {height:g}" font-family="sans-serif">'
        f'<rect width="{WIDTH}" height="{height:g}" fill="#fafafa"/>{defs}'
        + "".join(body)
        + "</svg>"
    )
