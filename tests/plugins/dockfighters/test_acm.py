"""Aerial cruise missiles."""

from __future__ import annotations

import pytest

from aerodrome_dockfighters import acm
from aerodrome_dockfighters.ground import place
from aerodrome_dockfighters.state import Release
from tests.plugins.dockfighters.helpers import plane, scripted, state

MILKCOW, ARROW = "Bf-682 D-3 Milkcow", "Do-335 L-3 Arrow"


@pytest.mark.clause(
    "dockfighters.acm.4", "dockfighters.acm.1", "dockfighters.acm.2", "dockfighters.acm.6"
)
def test_release_flight_and_loss() -> None:
    s = state(plane(MILKCOW, 0, 8, 20, facing="N", loads=["Swordwhale ACM"]))
    a = s.aircraft[0]
    assert acm.release_options(s, a) == [Release(aircraft=0, load=0)]
    acm.release(s, a, Release(aircraft=0, load=0), scripted([]))
    assert a.loads == [] and s.acms[0].cell == s.width * 19 + 8
    acm.fly(s, scripted([2]))  # 5 hexes; guidance roll 2 > 1 turn underway: flies on
    assert s.acms[0].cell == s.width * 14 + 8 and s.acms[0].turns == 1
    acm.fly(s, scripted([2]))  # 2 <= 2 turns: lost
    assert s.acms == []


@pytest.mark.clause("dockfighters.acm.5", "dockfighters.acm.3")
def test_detonations() -> None:
    s = state(
        plane(MILKCOW, 0, 8, 20, facing="N", loads=["Swordwhale ACM"]),
        plane(ARROW, 1, 8, 16, altitude=5),
    )
    a, t = s.aircraft
    acm.release(s, a, Release(aircraft=0, load=0), scripted([]))
    # flies into the Arrow's hex (height does not matter): 4 dice at 4+: 6, 4, 1, 2; damage 5, 1
    acm.fly(s, scripted([6, 4, 1, 2, 5, 1, 4]))
    assert s.acms == [] and t.damage == 2 and t.last_hit_by == 0
    h = state(plane(MILKCOW, 0, 8, 20, facing="N", loads=["Hurricane ACM"]))
    acm.release(h, h.aircraft[0], Release(aircraft=0, load=0), scripted([]))
    truck = place(h, 1, 1, h.width * 13 + 9)  # next to where the missile ends its flight
    acm.fly(h, scripted([1, 6, 1, 1, 4]))  # lost on a 1: a Hurricane detonates
    assert h.acms == [] and truck.damage == truck.structure


@pytest.mark.clause("dockfighters.acm.6")
def test_an_acm_takes_two_load_points() -> None:
    from aerodrome.engine.errors import SpecError

    state(plane(MILKCOW, 0, 8, 20, loads=["Swordwhale ACM", "AB 250 bomb", "AB 250 bomb"]))
    with pytest.raises(SpecError, match="4 external load points"):
        state(plane(MILKCOW, 0, 8, 20, loads=["Swordwhale ACM", "Hurricane ACM", "AB 250 bomb"]))
    with pytest.raises(SpecError, match="unknown external load"):
        state(plane(MILKCOW, 0, 8, 20, loads=["Tallboy"]))
