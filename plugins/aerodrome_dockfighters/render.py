"""A terminal picture of the hex board (rich): aircraft with facing, altitude and speed,
clouds, ground targets, and a table of the aircraft.

Flat-top hexes in odd-q columns are drawn on a doubled-row text grid: column ``c`` is 3
characters wide, row ``r`` sits on text line ``2r + (c odd)``, so neighbours touch as on the
mat. An aircraft reads ``↑3`` + its id: heading north at altitude 3. ``░`` cloud, ``▣``/``■``
armed/unarmed ground target, ``○``/``✓`` objective, ``◎`` meeting point, ``═`` the ale train,
``✱`` air mine, ``↑»`` cruise missile.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from aerodrome_dockfighters import rules
from aerodrome_dockfighters.airspace import covered_cells
from aerodrome_dockfighters.board import FACING_ARROWS, FACING_NAMES
from aerodrome_dockfighters.specs import EXPERIENCE, builtin
from aerodrome_dockfighters.state import DfState

SIDE_STYLE = ("bold bright_cyan", "bold bright_red")
ID_CHARS = "0123456789abcdefghijklmnopqrstuvwxyz"


def board_text(state: DfState) -> Text:
    """The board as rich text."""
    w, h = state.width, state.height
    lines = 2 * h + 1
    cells: list[list[tuple[str, str]]] = [[("   ", "")] * w for _ in range(lines)]
    cloudy = covered_cells(state)
    for i in range(w * h):
        col, row = i % w, i // w
        cells[2 * row + (col & 1)][col] = (" ░ ", "grey50") if i in cloudy else (" · ", "grey35")
    for g in state.ground:
        if g.damage < g.structure and g.cell >= 0:
            col, row = g.cell % w, g.cell // w
            cells[2 * row + (col & 1)][col] = (" ▣ " if g.dice else " ■ ", "yellow")
    for o in state.objectives:
        if o.cell >= 0 and o.kind not in ("gone",):
            col, row = o.cell % w, o.cell // w
            glyph = {"train": " ═ ", "meeting": " ◎ "}.get(o.kind, " ✓ " if o.done else " ○ ")
            cells[2 * row + (col & 1)][col] = (glyph, "green")
    for m in state.mines:
        col, row = m.cell % w, m.cell // w
        cells[2 * row + (col & 1)][col] = (" ✱ ", "magenta")
    for x in state.acms:
        col, row = x.cell % w, x.cell // w
        cells[2 * row + (col & 1)][col] = (f" {FACING_ARROWS[x.facing]}»", "magenta")
    for a in sorted(state.aircraft, key=lambda x: x.altitude):
        if a.status != "flying" or a.cell < 0:
            continue
        col, row = a.cell % w, a.cell // w
        glyph = f"{FACING_ARROWS[a.facing]}{a.altitude}{ID_CHARS[a.id % 36]}"
        cells[2 * row + (col & 1)][col] = (glyph, SIDE_STYLE[a.player])
    text = Text()
    for line in cells:
        for chunk, style in line:
            text.append(chunk, style=style)
        text.append("\n")
    return text


def aircraft_table(state: DfState) -> Table:
    specs = builtin()
    t = Table(title="Aircraft", expand=False)
    for col in ("id", "side", "aircraft", "pilot", "where", "alt", "speed", "structure", "ammo", "status"):
        t.add_column(col)
    for a in state.aircraft:
        ds = specs.aircraft[a.datasheet]
        where = f"{a.cell % state.width},{a.cell // state.width} {FACING_NAMES[a.facing]}" if a.cell >= 0 else "-"
        ammo = "/".join(("full", "half", "empty")[x] for x in a.ammo)
        dmg = f"{ds.structure - a.damage}/{ds.structure}" + (" damaged" if rules.is_damaged(a, ds) else "")
        if a.crits:
            dmg += " crit: " + ",".join(a.crits)
        status = a.status + ("" if a.fate == "fit" else f" ({a.fate})")
        t.add_row(
            ID_CHARS[a.id % 36], a.side, a.datasheet, EXPERIENCE[a.experience], where, str(a.altitude),
            f"{a.speed} ({rules.min_speed(a, ds)}-{rules.max_speed(a, ds)})", dmg, ammo, status,
            style=SIDE_STYLE[a.player] if a.status == "flying" else "dim",
        )
    return t


def render(state: DfState, player: int | None) -> RenderableType:
    """The board and the aircraft table; the CLI prints the events (events.py) below it."""
    specs = builtin()
    w = specs.weather
    head = Text(
        f"Turn {min(state.turn, state.last_turn)}/{state.last_turn}  initiative: "
        f"{state.squadrons[state.initiative].side}  weather: {w.levels[state.weather]}  "
        f"wind: {FACING_NAMES[state.wind]} {state.cloud_speed}  "
        + "  ".join(f"{sq.side} fame {sq.fame} kills {sq.kills}" for sq in state.squadrons),
        style="bold",
    )
    return Group(head, board_text(state), aircraft_table(state))
