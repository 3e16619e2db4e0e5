"""Air mines (clause airship.13): laid within 1 hex of an airship with an air mine launcher
(3 mines each), inactive in the turn they are laid and the next, drifting with the wind.
An aircraft flying through a hot mine's hex sets it off; one passing within 3 hexes sets it
off on 4+. An exploding mine attacks every aircraft within 6 hexes, hitting on 5+, and
destroys the cruise missiles in reach. Stand-ins (weapons.toml "air mine"): one die per
aircraft, damage 4+/6; drift: the cloud speed downwind.
"""

from __future__ import annotations

from aerodrome_dockfighters import combat, rules
from aerodrome_dockfighters.board import board
from aerodrome_dockfighters.context import DfContext, announce
from aerodrome_dockfighters.events import MineExploded, MineLaid
from aerodrome_dockfighters.specs import builtin
from aerodrome_dockfighters.state import Aircraft, DfState, LayMine, Mine

PER_LAUNCHER = 3
TRIGGER, BLAST = 3, 6


def lay_options(state: DfState, ship: Aircraft) -> list[LayMine]:
    launchers = ship.systems.count("air mine launcher")
    if not launchers or ship.status != "flying" or ship.mines_laid >= PER_LAUNCHER * launchers:
        return []
    b = board(state.width, state.height)
    taken = {m.cell for m in state.mines}
    return [LayMine(aircraft=ship.id, cell=c) for c in b.within(ship.cell, 1) if c not in taken]


def lay(state: DfState, ship: Aircraft, action: LayMine, ctx: DfContext) -> None:
    ship.mines_laid += 1
    state.mines.append(Mine(id=len(state.mines), cell=action.cell, laid=state.turn, layer=ship.id))
    announce(ctx, MineLaid, airship=ship.id, mine=state.mines[-1].id, cell=action.cell)


def hot(state: DfState, mine: Mine) -> bool:
    return state.turn >= mine.laid + 2


def check_path(state: DfState, a: Aircraft, ctx: DfContext) -> None:
    """After a move: the hot mines near the aircraft's path."""
    if not state.mines or a.status != "flying":
        return
    b = board(state.width, state.height)
    for mine in list(state.mines):
        if mine not in state.mines or not hot(state, mine):
            continue
        if mine.cell in a.path:
            explode(state, mine, ctx)
            continue
        near = any(b.distance(c, mine.cell) <= TRIGGER for c in a.path)
        if near and ctx.dice.d(6, lambda: f"air mine {mine.id} near #{a.id} (4+)") >= 4:  # noqa: B023 (rolled at once)
            explode(state, mine, ctx)


def explode(state: DfState, mine: Mine, ctx: DfContext) -> None:
    b = board(state.width, state.height)
    w = builtin().weapons["air mine"]
    state.mines.remove(mine)
    announce(ctx, MineExploded, mine=mine.id, cell=mine.cell)
    for x in state.aircraft:
        if x.status != "flying" or b.distance(x.cell, mine.cell) > BLAST:
            continue
        pts = combat.strike(ctx, w.dice[0], w.to_hit, w.damage, x, f"air mine {mine.id} at #{x.id}")
        if pts:
            rules.damage(state, x, pts, ctx, mine.layer, crit=True)
    state.acms = [m for m in state.acms if b.distance(m.cell, mine.cell) > BLAST]


def drift(state: DfState) -> None:
    """Mines drift with the wind (cloud speed hexes); off the board they are gone."""
    b = board(state.width, state.height)
    for mine in list(state.mines):
        cell = mine.cell
        for _ in range(state.cloud_speed if state.weather else 1):
            cell = b.step[cell * 6 + state.wind]
            if cell < 0:
                break
        if cell < 0:
            state.mines.remove(mine)
        else:
            mine.cell = cell
