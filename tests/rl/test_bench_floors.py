"""The floors of ``benchmarks/bench_rl_floors.py`` (issue 40, item 2) measure what they
say: the free translators give zeros and the real masks, the free view is never made, and
every variant plays the games of the raw loop. Speed itself is never asserted here."""

from __future__ import annotations

import msgspec
import numpy as np
import pytest

from tests.conftest import PLUGINS
from tests.rl.conftest import layout_of, require_rl

require_rl()

from benchmarks.bench_rl import SPARE_ROOM, _raw  # noqa: E402
from benchmarks.bench_rl_floors import (  # noqa: E402
    ENVIRONMENTS,
    VARIANTS,
    _loops,
    bound_of,
    free_translators,
    render_env_floors,
)

from aerodrome.bridges.rl import env  # noqa: E402
from aerodrome.engine.game import Game  # noqa: E402


def _classic() -> tuple[object, object, object]:
    ruleset = PLUGINS.ruleset("classic")
    layout = layout_of("classic", "two-player")
    layout = msgspec.structs.replace(layout, actions=SPARE_ROOM * layout.actions)
    return ruleset, ruleset.setup("two-player"), layout


def test_the_free_translators_give_zeros_and_the_shipped_masks() -> None:
    """Step by step through a game, a free vector is all zeros of the layout's width and
    the masks are the shipped translator's. Mutation caught: a free view that hands out
    an empty or stale mask (the floors would then measure another game)."""
    ruleset, setup, layout = _classic()
    free_vector, free_view = free_translators()
    shipped = env(ruleset, setup, layout=layout)
    shipped.reset(seed=3)
    vector = free_vector(ruleset, setup, layout)
    view = free_view(ruleset, setup, layout)
    for _ in range(60):
        agent = shipped.agent_selection
        player = shipped.seat_of(agent)
        want = shipped.observe(agent)
        for translator in (vector, view):
            got = translator.observe(shipped.game, player)
            assert got["observation"].shape == (layout.observation,)
            assert not got["observation"].any()
            np.testing.assert_array_equal(got["action_mask"], want["action_mask"])
        shipped.step(int(want["action_mask"].view(np.bool_).nonzero()[0][0]))


def test_the_free_view_never_makes_a_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """The protocol floor leaves the ruleset's view out: a game whose ``observation``
    raises still plays through the free-view loops. Mutation caught: a free view that
    calls ``game.observation`` (it would then measure the vector floor again)."""
    ruleset, setup, layout = _classic()
    loops = _loops(ruleset, setup, layout, PLUGINS)

    def refused(self: object, player: object) -> None:
        raise AssertionError("the free view made a view")

    monkeypatch.setattr(Game, "observation", refused)
    for kind in ENVIRONMENTS:
        assert loops[f"{kind} free view"](0, 1) > 0
    with pytest.raises(AssertionError, match="made a view"):
        loops["env free vector"](0, 1)


def test_every_variant_plays_the_raw_loops_games() -> None:
    """With the generic numbering the AEC and Parallel loops of every variant play the raw
    loop's games (the same decisions), so a floor is a ratio over the same games; the
    single seat plays its own (its opponents have seeds of their own) and finishes them.
    Mutation caught: a free translator whose masks number the legal list differently."""
    ruleset, setup, layout = _classic()
    loops = _loops(ruleset, setup, layout, PLUGINS)
    assert set(loops) == {f"{k} {v}" for v in VARIANTS for k in ENVIRONMENTS}
    raw = _raw(ruleset, setup, observe=False)(0, 2)
    assert raw > 100
    for variant in VARIANTS:
        assert loops[f"env {variant}"](0, 2) == raw
        assert loops[f"parallel {variant}"](0, 2) == raw
        assert loops[f"single {variant}"](0, 2) > 100


def test_the_bound_is_the_vector_floor_unless_every_seat_is_observed() -> None:
    assert bound_of("env", 0.3, 0.1) == 0.3
    assert bound_of("single", 0.3, 0.1) == 0.3
    assert bound_of("parallel", 0.9, 0.7) == 0.7
    assert bound_of("parallel", 0.5, 0.7) == 0.5


def test_the_table_says_which_cells_can_reach_the_target() -> None:
    cell = {
        "decisions_per_second": 1000,
        "overhead": 0.9,
        "vector_floor": 0.3,
        "protocol_floor": 0.4,
        "bound": 0.3,
        "met": False,
        "reachable": True,
    }
    far = {**cell, "vector_floor": 1.2, "protocol_floor": 1.1, "bound": 1.1, "reachable": False}
    figures = {
        "rounds": 3,
        "seconds": 0.1,
        "target_overhead": 0.5,
        "cpu_seconds": 1.0,
        "joust": {
            "setup": "duel",
            "raw_decisions_per_second": 200_000,
            "play_decisions_per_second": 250_000,
            "env": far,
            "parallel": far,
            "single": cell,
        },
    }
    text = render_env_floors(figures)
    lines = text.splitlines()
    assert "target ≤ 50%" in lines[0]
    assert lines[2].split()[:3] == ["joust", "duel", "200,000"]
    assert lines[2].split()[-6:] == ["90%", "120%", "110%", "110%", "no", "no"]
    assert lines[4].split()[-6:] == ["90%", "30%", "40%", "30%", "no", "yes"]
    assert render_env_floors({"skipped": "no rl"}) == "rl_floors: no rl"
