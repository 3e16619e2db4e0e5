"""The terminal picture of a classic view (issue #14): the board with its coordinates on every
edge, a legend of every symbol under it, then whose turn it is, the squadrons' cards, the
dogfight being fought and the aces.

Everything comes from the observation (a seat sees its own cards and AA faces only) and the
board spec; text from specs is printed as plain ``rich.text.Text`` (never markup). Colours
are the squadrons' own, bright on any background; the board is never drawn dim, and without
colour (``NO_COLOR``) every plane still shows its squadron's letter.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from aerodrome_classic.board import Board
from aerodrome_classic.specs import CARD_NAMES
from aerodrome_classic.text import bursts, cards, position_words, seat
from aerodrome_classic.view import ClassicView

#: a plane In Flight facing N, E, S, W
ARROWS = ("▲", "►", "▼", "◄")
GROUNDED = "✈"
EMPTY = "·"
LANDING = "□"
#: AA pieces: face unknown to the viewer, a Hit, a Miss
AA = {"gun": "•", "hit": "H", "miss": "m"}
ACE_MARKS = (" ", "*", "#")
NO_MANS_LAND = "═"
COLOURS = {
    "RED": "bright_red",
    "YELLOW": "bright_yellow",
    "GREEN": "bright_green",
    "BLUE": "bright_cyan",
}


def colour(squadron: str) -> str:
    return COLOURS.get(squadron, "bright_white")


def ace_mark(kills: int) -> str:
    return ACE_MARKS[min(kills, 2)]


def board_lines(board: Board, view: ClassicView) -> list[Text]:
    """The board, 3 characters a square, columns numbered above and below, rows on both
    sides."""
    planes = {p.cell: p for p in view.planes}
    guns = {g.cell: g for g in view.guns}
    width = board.width
    columns = Text("    " + "".join(f"{x:^3}" for x in range(width)))
    lines = [columns]
    for y in range(board.height):
        row = Text(f"{y:>3} ")
        for x in range(width):
            c = (x, y)
            home = board.landing_squadron.get(c)
            plane = planes.get(c)
            if plane is not None:
                mark = ARROWS[plane.facing] if plane.in_flight else GROUNDED
                row.append(
                    f"{mark}{plane.squadron[:1]}{ace_mark(plane.kills)}",
                    style=f"bold {colour(plane.squadron)}",
                )
            elif c in guns:
                g = guns[c]
                style = colour(g.squadron) + (" reverse" if g.revealed else "")
                row.append(f" {AA[g.face]} ", style=style)
            elif home is not None:
                row.append(f" {LANDING} ", style=colour(home))
            else:
                row.append(f" {EMPTY} ")
        row.append(f" {y:<3}")
        lines.append(row)
        if y == board.german_last_row:
            lines.append(Text("    " + NO_MANS_LAND * (3 * width) + " No Man's Land", style="bold"))
    lines.append(columns.copy())
    return lines


def legend(view: ClassicView) -> list[Text]:
    letters = Text("     letter: the squadron (")
    for i, sq in enumerate(view.squadrons):
        if i:
            letters.append(", ")
        letters.append(f"{sq.name[:1]} {sq.name}", style=colour(sq.name))
    letters.append(")")
    return [
        Text("Legend: x,y = column,row as numbered on the edges", style="bold"),
        Text(f"  {' '.join(ARROWS)}  a plane In Flight facing N, E, S, W"),
        letters,
        Text(f"  {GROUNDED}   a plane on the ground (on a landing square)"),
        Text(
            f"  {ACE_MARKS[1]} after the letter: an ACE (1 victory); {ACE_MARKS[2]}: a DOUBLE ACE (2 or more)"
        ),
        Text(f"  {LANDING}   a landing square, in its squadron's colour"),
        Text(
            f"  {AA['gun']} {AA['hit']} {AA['miss']} an AA piece: face unknown to you, Hit, Miss "
            "(reversed: turned over, seen by all)"
        ),
        Text(f"  {NO_MANS_LAND}   No Man's Land: Germans above it, Americans below"),
        Text(f"  {EMPTY}   an empty square"),
    ]


def info(view: ClassicView) -> Table:
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold")
    table.add_column()
    if view.turn_player is not None:
        dice = " and ".join(map(str, view.dice)) if view.dice else "none left"
        table.add_row(
            Text("turn"),
            Text(f"{view.turn_side} side, {seat(view, view.turn_player)}; dice {dice}"),
        )
    for sq in view.squadrons:
        if sq.hand is not None:
            hand = f"In Flight cards {cards(sq.hand)}"
        else:
            hand = f"{sq.hand_size} card{'' if sq.hand_size == 1 else 's'} In Flight"
        played = ", ".join(CARD_NAMES.get(c, c) for c in sq.played) or "none"
        table.add_row(
            Text(sq.name, style=colour(sq.name)),
            Text(
                f"{seat(view, sq.seat)}; flying {sq.aloft or 'none'}; {hand}; pack {sq.pack_size}, "
                f"discards {sq.discards_size}; played since the reshuffle: {played}"
            ),
        )
    f = view.fight
    if f is not None:
        whose = (
            f"{f.shooter} to shoot" if not f.burst else f"{f.target} to answer {bursts(f.burst)}"
        )
        loops = f", {f.exchanges} Loop exchanges" if f.exchanges else ""
        table.add_row(
            Text("dogfight"),
            Text(f"{f.attacker} on {f.defender}: {position_words(f.position)}{loops}; {whose}"),
        )
    for attacker, target, ground in view.pending:
        table.add_row(
            Text("to fight"), Text(f"{attacker} on {target}{' on the ground' if ground else ''}")
        )
    aces = [f"{p.id} {'DOUBLE ACE' if p.kills >= 2 else 'ACE'}" for p in view.planes if p.kills]
    if aces:
        table.add_row(Text("aces"), Text(", ".join(aces)))
    table.add_row(Text("planes lost"), Text(", ".join(f"{s} {n}" for s, n in view.losses.items())))
    return table


def draw(board: Board, view: ClassicView) -> RenderableType:
    """The picture of ``view``: board, legend, then the table of the game."""
    return Group(*board_lines(board, view), Text(""), *legend(view), Text(""), info(view))


def panel(view: ClassicView) -> list[Text]:
    """What a player needs beside the board on a play screen: whose turn and the dice, each
    squadron's planes and cards (a seat sees its own), the dogfight, the aces, the losses."""
    out: list[Text] = []
    if view.turn_player is not None:
        dice = " and ".join(map(str, view.dice)) if view.dice else "none left"
        out.append(Text(f"{view.turn_side} side to move, dice {dice}", style="bold"))
    for sq in view.squadrons:
        line = Text(sq.name, style=f"bold {colour(sq.name)}")
        held = (
            cards(sq.hand)
            if sq.hand is not None
            else (f"{sq.hand_size} card{'' if sq.hand_size == 1 else 's'}")
        )
        line.append(f" (Seat {sq.seat + 1}): flying {sq.aloft or 'none'}; {held}")
        out.append(line)
    f = view.fight
    if f is not None:
        whose = (
            f"{f.shooter} to shoot" if not f.burst else f"{f.target} to answer {bursts(f.burst)}"
        )
        out.append(
            Text(f"Dogfight: {f.attacker} on {f.defender}, {position_words(f.position)}; {whose}")
        )
    for attacker, target, ground in view.pending:
        out.append(Text(f"To fight: {attacker} on {target}{' on the ground' if ground else ''}"))
    aces = [f"{p.id} {'DOUBLE ACE' if p.kills >= 2 else 'ACE'}" for p in view.planes if p.kills]
    if aces:
        out.append(Text("Aces: " + ", ".join(aces)))
    out.append(Text("Planes lost: " + ", ".join(f"{s} {n}" for s, n in view.losses.items())))
    out.append(Text("board: the legend and every card", style="dim"))
    return out


def draw_compact(board: Board, view: ClassicView) -> RenderableType:
    """The play screen's picture: the board, and beside it :func:`panel` (``board`` in
    ``play`` shows :func:`draw`, with the legend)."""
    lines = board_lines(board, view)
    for i, line in enumerate(lines):  # No Man's Land's line as wide as the board
        if line.plain.startswith("    " + NO_MANS_LAND):
            lines[i] = Text("    " + NO_MANS_LAND * (3 * board.width), style="bold")
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column(max_width=40)
    grid.add_row(Group(*lines), Group(*panel(view)))
    return grid


def own_marks(view: ClassicView, player: int) -> list[str]:
    """How ``player``'s planes show on the board (``▲R``: the facing or the ground mark, and
    the squadron's letter): a play screen on a small terminal keeps the lines holding them."""
    mine = {sq.name for sq in view.squadrons if sq.seat == player}
    return [
        f"{ARROWS[p.facing] if p.in_flight else GROUNDED}{p.squadron[:1]}"
        for p in view.planes
        if p.squadron in mine
    ]
