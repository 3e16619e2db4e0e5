"""Weather (phase 3.1 and the set-up roll): clouds, their heights, wind and cloud movement.

The squadron leaders place the clouds (clauses weather.2, weather.13; see
:mod:`aerodrome_dockfighters.placement`).
"""

from __future__ import annotations

from aerodrome_dockfighters import challenges, rules
from aerodrome_dockfighters.airspace import (
    CLEAR,
    STORM,
    altitudes,
    bump,
    cloud_cells,
    leave_board,
    occupied,
)
from aerodrome_dockfighters.board import board
from aerodrome_dockfighters.context import DfContext, announce
from aerodrome_dockfighters.events import WeatherChanged, WeatherSet
from aerodrome_dockfighters.mines import drift
from aerodrome_dockfighters.objectives import photograph
from aerodrome_dockfighters.specs import builtin
from aerodrome_dockfighters.state import Cloud, DfState


def setup_weather(state: DfState, ctx: DfContext) -> None:
    """The set-up roll (weather.1), rolled for the initiative loser (weather.2), and the
    wind (weather.3): a d6 for the general direction, then the precise one of the three
    around it (the general, one hexside left or right, by the direction-change roll)."""
    w = builtin().weather
    state.weather_set = True
    if not challenges.start_weather(state):  # challenge.storm: thunderstorm, no roll
        state.weather = w.setup_roll[ctx.dice.d(6, "weather") - 1]
    general = ctx.dice.d(6, "general wind direction") - 1
    state.wind = (general + w.wind_change[ctx.dice.d(6, "precise wind direction") - 1]) % 6
    if state.weather != CLEAR:  # the clouds are placed by the leaders (placement tasks)
        state.cloud_speed = w.cloud_speed[w.levels[state.weather]][ctx.dice.d(6, "cloud speed") - 1]
    announce(
        ctx,
        WeatherSet,
        weather=w.levels[state.weather],
        wind=state.wind,
        cloud_speed=state.cloud_speed,
    )


def weather_change(state: DfState, ctx: DfContext) -> bool:
    """Phase 3.1, first part: mines drift, the weather changes (weather.4); True when clear
    skies turned broken, so the clouds must be placed again (weather.13)."""
    w = builtin().weather
    drift(state)
    if challenges.fixed_storm(state):  # challenge.storm: it "does not get better"
        return False
    roll = ctx.dice.d(6, "weather change")
    before = state.weather
    if roll == 1:
        state.weather = max(CLEAR, state.weather - 1)
    elif roll == 6:
        state.weather = min(STORM, state.weather + 1)
    if state.weather != before:
        announce(ctx, WeatherChanged, weather=w.levels[state.weather], was=w.levels[before])
    return before == CLEAR and state.weather != CLEAR


def weather_move(state: DfState, ctx: DfContext) -> None:
    """Phase 3.1, second part: cloud speed, wind and cloud movement (weather.5-12)."""
    w = builtin().weather
    if state.weather == CLEAR:
        state.clouds = [c for c in state.clouds if c.smoke and _age_smoke(c)]
        return
    state.cloud_speed = w.cloud_speed[w.levels[state.weather]][ctx.dice.d(6, "cloud speed") - 1]
    state.wind = (state.wind + w.wind_change[ctx.dice.d(6, "wind change") - 1]) % 6
    move_clouds(state, ctx)


def move_clouds(state: DfState, ctx: DfContext) -> None:
    """Move each cloud ``cloud_speed`` hexes downwind; a cloud leaving the board re-enters
    touching the opposite edge (weather.7). At the squall speed a cloud catching an aircraft
    pushes it 1 hex downwind with a pilot check (weather.11-12)."""
    b = board(state.width, state.height)
    squall = state.cloud_speed >= builtin().weather.squall_speed
    lo, hi = altitudes(state)
    for cloud in state.clouds:
        if cloud.smoke:
            continue
        # the hexes it covered and swept: only a squall pushes aircraft (weather.11)
        before = set(cloud_cells(state, cloud)) if squall else set()
        swept: set[int] = set()
        h = b.hexes[b.cell(cloud.col, cloud.row)]
        for _ in range(state.cloud_speed):
            h = h.neighbor(state.wind)
            col, row = b.hex_to_colrow(h)
            if squall:
                swept.update(cloud_cells(state, Cloud(col=col, row=row, size=cloud.size)))
        margin = 1 if cloud.size >= 7 else 0
        if not (margin <= col < state.width - margin and margin <= row < state.height - margin):
            if col < margin:
                col = state.width - 1 - margin
            elif col >= state.width - margin:
                col = margin
            if row < margin:
                row = state.height - 1 - margin
            elif row >= state.height - margin:
                row = margin
        cloud.col, cloud.row = col, row
        if not squall:
            continue
        for a in state.aircraft:
            if a.status != "flying" or a.cell not in swept or a.cell in before:
                continue
            if not lo <= a.altitude <= hi:
                continue
            pushed = b.step[a.cell * 6 + state.wind]
            if pushed < 0:  # move.17: pushed off the board
                photograph(state, a, ctx)
                leave_board(state, a, ctx, a.cell, state.wind)
                continue
            a.cell = pushed
            if occupied(state, a.cell, a.altitude, a.id):
                bump(state, a)
            if not rules.pilot_check(state, a, ctx, "caught by a squall"):
                rules.critical(state, a, ctx)
    state.clouds = [c for c in state.clouds if not c.smoke or _age_smoke(c)]


def _age_smoke(cloud: Cloud) -> bool:
    """Smoke thins out: it lasts the turns of its weapon (load.6)."""
    cloud.smoke -= 1
    return cloud.smoke > 0
