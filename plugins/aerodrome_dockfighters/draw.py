"""The terminal picture of an observation (rich): the turn, the weather and wind, the hex map
with its coordinates, a legend of every symbol, and a table of the aircraft (issue 14).

Flat-top hexes in odd-q columns are drawn on a doubled-row text grid: column ``c`` is 3
characters wide and row ``r`` sits on text line ``2r`` (even columns) or ``2r + 1`` (odd
columns, half a hex lower), so neighbours touch as on the mat. Column numbers run along the
top and bottom; row numbers stand on the left for even columns and on the right for odd ones.
Everything printed from a spec (names, table text) goes in as plain text, never as markup.
"""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from aerodrome_dockfighters import rules
from aerodrome_dockfighters.airspace import SMOKE_TOP, altitudes
from aerodrome_dockfighters.board import FACING_ARROWS, FACING_NAMES
from aerodrome_dockfighters.specs import EXPERIENCE, builtin
from aerodrome_dockfighters.text import label, tag, where
from aerodrome_dockfighters.view import Craft, DfView

#: Bavaria, Saxony: bright, bold and far apart (readable with and without colour).
SIDE_STYLE = ("bold bright_cyan", "bold bright_red")
GROUND_STYLE = "bold yellow"
OBJECTIVE_STYLE = "bold green"
MARK_STYLE = "bold magenta"
CELL = 3


def _weather_line(view: DfView) -> Text:
    if not view.weather_set:
        return Text("Weather: determined at the end of the set-up")
    w = builtin().weather
    weather = w.levels[view.weather]
    clouds = ""
    if view.weather:
        lo, hi = altitudes(view)
        clouds = f" (clouds at altitudes {lo}-{hi})"
    wind = (
        f"wind {FACING_NAMES[view.wind]} {FACING_ARROWS[view.wind]}, clouds drift "
        f"{view.cloud_speed} hex{'es' if view.cloud_speed != 1 else ''} a turn"
    )
    return Text(f"Weather {weather}{clouds}; {wind}")


def header(view: DfView) -> Text:
    missions = builtin().missions
    text = Text(f"Turn {min(view.turn, view.last_turn)} of {view.last_turn}", style="bold")
    text.append(f"   initiative: {view.squadrons[view.initiative].side}\n")
    text.append_text(_weather_line(view))
    for sq in view.squadrons:
        mission = missions[sq.mission].name if sq.mission in missions else sq.mission
        text.append("\n")
        text.append(sq.side, style=SIDE_STYLE[sq.player])
        text.append(
            f" ({mission}): fame this scenario {sq.fame:+d}, kills {sq.kills}, losses {sq.losses}"
        )
    return text


def board_text(view: DfView, *, compact: bool = False) -> Text:
    """The map with coordinates on its edges: two lines a row of hexes (the odd columns half
    a hex lower), or, ``compact``, one line a row (each hex in its column and row, the odd
    columns' half-hex offset not drawn)."""
    w, h = view.width, view.height
    lines = h if compact else 2 * h + 1
    grid: list[list[tuple[str, str]]] = [[("   ", "")] * w for _ in range(lines)]

    def line_of(col: int, row: int) -> int:
        return row if compact else 2 * row + (col & 1)

    covered = view.sky.covered
    for i in range(w * h):
        col, row = i % w, i // w
        grid[line_of(col, row)][col] = (" ░ ", "") if i in covered else (" · ", "")

    def put(cell: int, glyph: str, style: str) -> None:
        col, row = cell % w, cell // w
        grid[line_of(col, row)][col] = (glyph, style)

    for g in view.ground:
        if g.damage < g.structure and g.cell >= 0:
            put(g.cell, " ▣ " if any(g.dice) else " ■ ", GROUND_STYLE)
    for o in view.objectives:
        if o.cell >= 0 and o.kind not in ("gone", "stopped"):
            put(
                o.cell,
                {"train": " ═ ", "meeting": " ◎ "}.get(o.kind, " ✓ " if o.done else " ○ "),
                OBJECTIVE_STYLE,
            )
    for m in view.mines:
        put(m.cell, " ✱ ", MARK_STYLE)
    for x in view.acms:
        if x.cell >= 0:
            put(x.cell, f" {FACING_ARROWS[x.facing]}»", MARK_STYLE)
    craft: list[Craft] = sorted(view.aircraft, key=lambda x: (x.altitude, x.id))
    for a in craft:
        if a.status == "flying" and a.cell >= 0:
            put(a.cell, f"{FACING_ARROWS[a.facing]}{a.altitude}{tag(a.id)}", SIDE_STYLE[a.player])
    text = Text()
    ruler = "    " + "".join(f"{c:^{CELL}}" for c in range(w)) + "\n"
    text.append(ruler)
    if compact:
        for n, line in enumerate(grid):
            text.append(f"{n:>3} ")
            for chunk, style in line:
                text.append(chunk, style=style)
            text.append(f" {n:<3}\n")
        text.append(ruler.rstrip("\n"))
        return text
    for n, line in enumerate(grid):
        text.append(f"{n // 2:>3} " if n % 2 == 0 and n < 2 * h else "    ")
        for chunk, style in line:
            text.append(chunk, style=style)
        text.append(f" {n // 2:<3}" if n % 2 == 1 else "")
        text.append("\n")
    text.append(ruler)
    return text


def legend(view: DfView) -> Text:
    """Every symbol of the map, in lines shorter than 80 characters."""
    lo, hi = altitudes(view)
    arrows = " ".join(
        f"{arrow} {name}" for arrow, name in zip(FACING_ARROWS, FACING_NAMES, strict=True)
    )
    text = Text("Legend\n", style="bold")
    text.append("↓32", style=SIDE_STYLE[1])
    text.append("  an aircraft heading S at altitude 3, map id 2 (")
    text.append("Bavaria", style=SIDE_STYLE[0])
    text.append(", ")
    text.append("Saxony", style=SIDE_STYLE[1])
    text.append(f")\n     headings: {arrows}\n")
    text.append(
        f"░    a clouded hex: clouds at altitudes {lo}-{hi}, smoke up to {SMOKE_TOP}   ·  open sky\n"
    )
    for glyph, what, style in (
        ("▣", "ground target that fires  ", GROUND_STYLE),
        ("■", "ground target\n", GROUND_STYLE),
        ("○", "objective  ", OBJECTIVE_STYLE),
        ("✓", "photographed  ", OBJECTIVE_STYLE),
        ("◎", "meeting point  ", OBJECTIVE_STYLE),
        ("═", "ale train\n", OBJECTIVE_STYLE),
        ("✱", "air mine  ", MARK_STYLE),
        ("↑»", "cruise missile and its heading\n", MARK_STYLE),
    ):
        text.append(glyph, style=style)
        text.append(f" {what}")
    text.append(
        "Hexes are column,row: columns along the top and bottom; rows on the left for\n"
        "even columns, on the right for odd columns (they sit half a hex lower)."
    )
    return text


def aircraft_table(view: DfView) -> Table:
    specs = builtin()
    t = Table(title="Aircraft", title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    for col in (
        "id",
        "aircraft",
        "pilot",
        "at",
        "alt",
        "speed",
        "structure",
        "weapons and loads",
        "status",
    ):
        t.add_column(col)
    for a in view.aircraft:
        ds = specs.aircraft[a.datasheet]
        on_board = a.cell >= 0 and a.status in ("flying", "docked", "landed", "grounded")
        at = f"{where(view, a.cell)} {FACING_NAMES[a.facing]}" if on_board else "-"
        structure = f"{ds.structure - a.damage}/{ds.structure}" + (
            " damaged" if rules.is_damaged(a, ds) else ""
        )
        if a.crits:
            structure += ", " + ", ".join(a.crits)
        guns = rules.mounts(a)
        arms = [
            m.weapon
            + ("", " (half ammunition)", " (no ammunition)")[a.ammo[i] if i < len(a.ammo) else 0]
            for i, m in enumerate(guns)
            if i not in a.weapons_out
        ]
        arms += list(a.loads)
        status = a.status + ("" if a.fate == "fit" else f", {a.fate}")
        if a.activation != "waiting" and a.status in ("flying", "docked", "landed", "grounded"):
            status += f", {a.activation}"
        t.add_row(
            Text(tag(a.id), style=SIDE_STYLE[a.player]),
            Text(a.datasheet),
            Text(
                f"{a.pilot} ({EXPERIENCE[a.experience]})" if a.pilot else EXPERIENCE[a.experience]
            ),
            Text(at),
            Text(str(a.altitude)),
            Text(f"{a.speed} ({rules.min_speed(a, ds)}-{rules.max_speed(a, ds)})"),
            Text(structure),
            Text(", ".join(arms) or "-"),
            Text(status),
        )
    return t


def draw(view: DfView) -> RenderableType:
    """The picture of ``view``: header, map, legend, aircraft."""
    parts: list[RenderableType] = [
        header(view),
        board_text(view),
        legend(view),
        aircraft_table(view),
    ]
    if view.move is not None:
        m = view.move
        parts.insert(
            1,
            Text(
                f"{label(view, m.aircraft)} is moving: at {where(view, m.cell)}, "
                f"facing {FACING_NAMES[m.facing]}, altitude {m.altitude}"
            ),
        )
    return Group(*parts)


def panel(view: DfView) -> list[Text]:
    """Beside the compact map: the turn, the weather, the squadrons, the aircraft moving, and
    each aircraft on a line (map id, datasheet, hex, heading, altitude, speed, structure)."""
    specs = builtin()
    out = [header(view)]
    if view.move is not None:
        m = view.move
        out.append(
            Text(
                f"{label(view, m.aircraft)} is moving: at {where(view, m.cell)}, facing "
                f"{FACING_NAMES[m.facing]}, altitude {m.altitude}",
                style="bold",
            )
        )
    for a in view.aircraft:
        ds = specs.aircraft[a.datasheet]
        on_board = a.cell >= 0 and a.status in ("flying", "docked", "landed", "grounded")
        at = f"{where(view, a.cell)} {FACING_NAMES[a.facing]}" if on_board else a.status
        line = Text(tag(a.id), style=SIDE_STYLE[a.player])
        line.append(
            f" {a.datasheet}: {at}, alt {a.altitude}, speed {a.speed}, "
            f"{ds.structure - a.damage}/{ds.structure}"
            + ("" if a.status == "flying" or not on_board else f", {a.status}")
        )
        out.append(line)
    out.append(Text("board: the hexes as laid out, the legend and every aircraft", style="dim"))
    return out


def draw_compact(view: DfView) -> RenderableType:
    """The play screen's picture: the map a line a row, :func:`panel` beside it."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column()
    grid.add_row(board_text(view, compact=True), Group(*panel(view)))
    return grid


def own_marks(view: DfView, player: int) -> list[str]:
    """How ``player``'s flying aircraft show on the compact map (``↓10``: the heading, the
    altitude and the map id): a play screen on a small terminal keeps the lines holding
    them."""
    return [
        f"{FACING_ARROWS[a.facing]}{a.altitude}{tag(a.id)}"
        for a in view.aircraft
        if a.player == player and a.status == "flying" and a.cell >= 0
    ]
