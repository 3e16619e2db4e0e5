"""Property tests: any chain of legal movement choices ends within the rules."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aerodrome_dockfighters import airspace, movement, rules
from aerodrome_dockfighters.specs import builtin
from tests.plugins.dockfighters.helpers import plane, scripted, state

NAMES = [
    "Fw-802 E-1 Hawk",
    "Fw-127 B-2 Royal Harrier",
    "Bf-229 R-6 Sprite",
    "Bf-682 D-3 Milkcow",
    "Do-252 A-2 Kingfisher",
    "Eel",
    "Albatross",
]


@pytest.mark.clause("dockfighters.move.4", "dockfighters.move.5", "dockfighters.move.16")
@settings(max_examples=150, deadline=None)
@given(
    name=st.sampled_from(NAMES),
    col=st.integers(2, 15),
    row=st.integers(4, 19),
    facing=st.integers(0, 5),
    altitude=st.integers(2, 5),
    speed=st.integers(2, 4),
    picks=st.lists(st.integers(0, 1000), min_size=5, max_size=5),
)
def test_every_legal_move_ends_within_the_limits(
    name: str, col: int, row: int, facing: int, altitude: int, speed: int, picks: list[int]
) -> None:
    names = ["SE", "NE", "N", "NW", "SW", "S"]
    sheet = builtin().aircraft[name]
    speed = max(sheet.min_speed, min(speed, sheet.max_speed))  # a position holds only legal speeds
    s = state(
        plane(name, 0, col, row, facing=names[facing], altitude=altitude, speed=speed),
        plane("Do-335 L-3 Arrow", 1, col, max(0, row - 3), altitude=altitude),
    )
    a = s.aircraft[0]
    ds = rules.sheet(a)
    plans = movement.plan_options(s, a)
    ctx = scripted([6] * 30)
    prog = movement.start(s, a, plans[picks[0] % len(plans)], ctx)
    for pick in picks[1:]:
        if prog is None:
            break
        options = movement.manoeuvre_options(s, prog)
        prog = movement.manoeuvre(s, prog, options[pick % len(options)], ctx)
    assert prog is None
    if a.status == "flying":
        assert rules.min_speed(a, ds) <= a.speed <= rules.max_speed(a, ds)
        assert 1 <= a.altitude <= 5
        assert not airspace.occupied(s, a.cell, a.altitude, a.id)
