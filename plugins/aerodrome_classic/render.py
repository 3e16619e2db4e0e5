"""A rich picture of the board: planes as arrows coloured by squadron, airfields, AA
squares, the No Man's Land line, and the viewing player's cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group
from rich.table import Table
from rich.text import Text

from aerodrome_classic.specs import CARD_NAMES
from aerodrome_classic.view import ClassicView

if TYPE_CHECKING:
    from rich.console import RenderableType

    from aerodrome_classic.board import Board

ARROWS = ("▲", "▶", "▼", "◀")
COLOURS = {"RED": "red", "YELLOW": "yellow", "GREEN": "green", "BLUE": "blue"}


def render(board: Board, view: ClassicView) -> RenderableType:
    planes = {p.cell: p for p in view.planes}
    guns = {g.cell: g for g in view.guns}
    lines: list[Text] = []
    tens = Text("   ")
    units = Text("   ")
    for x in range(board.width):
        tens.append(f"{x // 10 if x >= 10 else ' '} ", style="dim")
        units.append(f"{x % 10} ", style="dim")
    lines.extend([tens, units])
    for y in range(board.height):
        row = Text(f"{y:>2} ", style="dim")
        for x in range(board.width):
            c = (x, y)
            home = board.landing_squadron.get(c)
            bg = " on grey23" if home else ""
            if c in planes:
                p = planes[c]
                colour = COLOURS.get(p.squadron, "white")
                mark = ARROWS[p.facing] if p.in_flight else "✈"
                ace = "*" * min(p.kills, 2)
                row.append(f"{mark}{ace or ' '}"[:2], style=f"bold {colour}{bg}")
            elif c in guns:
                g = guns[c]
                colour = COLOURS.get(g.squadron, "white")
                sym = {"hit": "H", "miss": "m", "gun": "•"}[g.face]
                style = f"{colour} reverse" if g.revealed else colour
                row.append(f"{sym} ", style=style)
            elif home:
                row.append("□ ", style=f"{COLOURS.get(home, 'white')}{bg}")
            else:
                row.append("· ", style="dim")
        lines.append(row)
        if y == board.german_last_row:
            lines.append(Text("   " + "══" * board.width + "  No Man's Land", style="bold"))
    info = Table.grid(padding=(0, 2))
    info.add_column()
    info.add_column()
    info.add_row("turn", f"{view.turn_side} (player {view.turn_player})  dice {list(view.dice)}")
    for sq in view.squadrons:
        cards = (
            ", ".join(CARD_NAMES[c] for c in sq.hand)
            if sq.hand is not None
            else f"{sq.hand_size} cards"
        )
        info.add_row(
            Text(sq.name, style=COLOURS.get(sq.name, "white")),
            f"aloft {sq.aloft or '-'}; in flight: {cards}; pack {sq.pack_size}, discards {sq.discards_size}",
        )
    if view.fight is not None:
        f = view.fight
        info.add_row("dogfight", f"{f.attacker} vs {f.defender} ({f.position}), burst {f.burst}")
    for attacker, target, ground in view.pending:
        info.add_row("to fight", f"{attacker} → {target}{' (on the ground)' if ground else ''}")
    aces = [f"{p.id} {'double ace' if p.kills >= 2 else 'ace'}" for p in view.planes if p.kills]
    if aces:
        info.add_row("aces", ", ".join(aces))
    info.add_row("kills", ", ".join(f"{s} {n}" for s, n in view.kills.items()))
    return Group(*lines, info)
