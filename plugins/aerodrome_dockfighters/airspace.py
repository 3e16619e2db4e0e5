"""Aircraft on the board: who occupies a hex, bumping off an occupied hex, leaving the board,
the board edges, and the clouds at a hex and altitude.

The mechanics every phase shares, below the phase modules (movement, combat, weather,
docking, mines, objectives): nothing here imports them. Reads work on the state and on the
frozen observation alike (see :mod:`aerodrome_dockfighters.view`).
"""

from __future__ import annotations

import msgspec

from aerodrome_dockfighters import rules
from aerodrome_dockfighters.board import board
from aerodrome_dockfighters.context import DfContext, announce
from aerodrome_dockfighters.events import LeftBoard, PushedIntoMountains
from aerodrome_dockfighters.specs import builtin
from aerodrome_dockfighters.state import Aircraft, DfState
from aerodrome_dockfighters.view import AnyCloud, Craft, Scene, Sky

#: Weather levels (clause weather.1): the index into ``specs.weather.levels``.
CLEAR, BROKEN, RAIN, STORM = 0, 1, 2, 3
#: Smoke clouds cover altitudes up to this one (clause load.6: "altitude 0-3").
SMOKE_TOP = 3
#: The ace challenges: the board is entered by the own edge only, the others are mountains
#: (clause challenge.edges); each player's own edge.
MOUNTAIN_MISSIONS = ("ace-challenge-1", "ace-challenge-2", "ace-challenge-3")
HOME_EDGE = ("bottom", "top")


# -- occupancy -----------------------------------------------------------------------------------
def hull(game: Scene, o: Craft) -> list[int]:
    """The hexes an aircraft fills: its own; an airship its base hex and the hexes ahead and
    behind (clause airship.9)."""
    if rules.sheet(o).klass != "airship":
        return [o.cell]
    return airship_cells(game, o)


def airship_cells(game: Scene, o: Craft) -> list[int]:
    """The three hexes of an airship: base, ahead, behind (airship.9)."""
    step = board(game.width, game.height).step
    out = [o.cell]
    for f in (o.facing, (o.facing + 3) % 6):
        n = step[o.cell * 6 + f]
        if n >= 0:
            out.append(n)
    return out


def occupied(game: Scene, cell: int, altitude: int, me: int) -> bool:
    """Clause move.16: another flying aircraft is on ``cell`` at ``altitude`` (an airship
    fills its base hex and the hexes ahead and behind, airship.9)."""
    for o in game.aircraft:
        if o.id == me or o.status != "flying" or o.altitude != altitude:
            continue
        if o.cell == cell or (rules.sheet(o).klass == "airship" and cell in airship_cells(game, o)):
            return True
    return False


def bump(state: DfState, a: Aircraft) -> None:
    """An occupied end hex (only when every end was occupied): the hex before, then one hex
    ahead, then the neighbours and the ring of two (Konrad's rule, clause konrad.16, used for
    everybody as the referee's fallback)."""
    b = board(state.width, state.height)
    candidates = [b.step[a.cell * 6 + (a.facing + 3) % 6], b.step[a.cell * 6 + a.facing]]
    # the 12 o'clock method: the neighbours clockwise from ahead, then the ring of two likewise
    candidates += [b.step[a.cell * 6 + (a.facing - k) % 6] for k in range(6)]
    ring2 = [c for c in b.within(a.cell, 2) if c >= 0 and b.distance(a.cell, c) == 2]
    candidates += sorted(ring2, key=lambda c: (-b.sector(a.facing, a.cell, c)) % 24)
    for c in candidates:
        if c >= 0 and not occupied(state, c, a.altitude, a.id):
            a.cell = c
            return


# -- the board edges -------------------------------------------------------------------------------
def edge_of(game: Scene, cell: int, facing: int) -> str:
    """The board edge an aircraft on ``cell`` heading ``facing`` leaves by."""
    b = board(game.width, game.height)
    col, row = b.hex_to_colrow(b.hexes[cell].neighbor(facing))
    if row < 0:
        return "top"
    if row >= game.height:
        return "bottom"
    return "left" if col < 0 else "right"


def margin(game: Scene, cell: int) -> int:
    """Hexes between ``cell`` and the nearest board edge."""
    col, row = cell % game.width, cell // game.width
    return min(col, game.width - 1 - col, row, game.height - 1 - row)


def leave_board(
    state: DfState, a: Aircraft, ctx: DfContext, last: int = -1, heading: int = -1
) -> None:
    """Clause move.17: the aircraft is off the board for good; a pilot check at +1 brings it
    home, otherwise it is missing in action. The edge it left by is kept for the missions
    (the caller first lets a recon aircraft photograph what it flew over)."""
    if last >= 0:
        a.exit_edge = edge_of(state, last, heading if heading >= 0 else a.facing)
    a.cell = -1
    if (
        state.squadrons[a.player].mission in MOUNTAIN_MISSIONS
        and a.exit_edge != HOME_EDGE[a.player]
    ):
        # challenge.edges: "he will be pushed into the mountains and destroyed"
        announce(ctx, PushedIntoMountains, aircraft=a.id, edge=a.exit_edge)
        rules.destroy(state, a, ctx, -1, excess=0, why="pushed into the mountains")
        return
    penalty = builtin().tables.leave_board_penalty
    if rules.pilot_check(state, a, ctx, "return home after leaving the board", penalty):
        a.status, a.fate = "left", "returned"
    else:
        a.status, a.fate = "missing", "missing"
    announce(ctx, LeftBoard, aircraft=a.id, edge=a.exit_edge, fate=a.fate)


_encode = msgspec.msgpack.Encoder().encode


# -- clouds --------------------------------------------------------------------------------------
def cloud_cells(game: Scene, cloud: AnyCloud) -> tuple[int, ...]:
    """The on-board cells of ``cloud``: the centre and its ring (size 7), the centre and its
    two neighbours ahead of the wind (size 3), or the cells of a smoke cloud."""
    if cloud.cells:
        return tuple(cloud.cells)
    return board(game.width, game.height).cloud_shape(cloud.col, cloud.row, cloud.size)


def altitudes(game: Scene) -> tuple[int, int]:
    """Cloud heights: broken 2-4, rain and thunderstorm 1-5 (clauses move.22, weather.9)."""
    w = builtin().weather
    return w.storm_altitudes if game.weather >= RAIN else w.broken_altitudes


def sky_key(game: Scene) -> tuple[object, ...]:
    """What the clouded cells depend on: the heights (rain or worse), thunderstorm or not, and
    each cloud's place, size, smoke and cells."""
    return (
        game.weather >= RAIN,
        game.weather == STORM,
        *[(c.col, c.row, c.size, c.smoke > 0, tuple(c.cells)) for c in game.clouds],
    )


def build_sky(game: Scene, key: tuple[object, ...]) -> Sky:
    top = builtin().tables.max_altitude
    lo, hi = altitudes(game)
    at: list[set[int]] = [set() for _ in range(top + 1)]
    storm: set[int] = set()
    covered: set[int] = set()
    for c in game.clouds:
        cells = cloud_cells(game, c)
        covered.update(cells)
        if c.smoke:
            for h in range(min(SMOKE_TOP, top) + 1):
                at[h].update(cells)
            continue
        if game.weather == STORM:
            storm.update(cells)
        for h in range(max(lo, 0), min(hi, top) + 1):
            at[h].update(cells)
    return Sky(
        key=key,
        at=tuple(frozenset(s) for s in at),
        storm=frozenset(storm),
        covered=frozenset(covered),
    )


def sky(game: Scene) -> Sky:
    """The clouds of ``game``; a state keeps its sky until the clouds or the weather change
    (a runtime attribute, never saved), an observation carries its own."""
    if not isinstance(game, DfState):
        return game.sky
    # the weather and every field of every cloud, encoded in C: when they are unchanged, so
    # is the key (cheaper to check than to build the key)
    seen = _encode((game.weather, game.clouds))
    kept = game.__dict__
    got: Sky | None = kept.get("_sky")
    if got is not None and kept.get("_sky_seen") == seen:
        return got
    key = sky_key(game)
    if got is None or got.key != key:
        got = build_sky(game, key)
        kept["_sky"] = got
    kept["_sky_seen"] = seen
    return got


def cloud_cells_at(game: Scene, altitude: int) -> frozenset[int]:
    """Cells clouded at ``altitude`` (smoke clouds cover altitudes up to 3, load.6)."""
    at = sky(game).at
    return at[altitude] if 0 <= altitude < len(at) else frozenset()


def storm_cells(game: Scene) -> frozenset[int]:
    """Cells of thunderstorm clouds (clause weather.10); empty in other weather."""
    return sky(game).storm


def covered_cells(game: Scene) -> frozenset[int]:
    """Every cell under a cloud or smoke, whatever the altitude (photographs)."""
    return sky(game).covered
