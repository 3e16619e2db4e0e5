"""The bridge benchmark's machinery (``benchmarks/bench_openspiel.py``); speed itself is never
asserted (the benchmark measures it)."""

from __future__ import annotations

from tests.conftest import PLUGINS
from tests.openspiel.conftest import require_openspiel

require_openspiel()

import pyspiel  # noqa: E402
from benchmarks import bench_openspiel  # noqa: E402
from benchmarks.interleave import WARM_SEED  # noqa: E402

from aerodrome.bridges.openspiel import game_name, register  # noqa: E402


def test_the_bridge_workload_plays_seeded_games_and_counts_counted_answers() -> None:
    """The same seeds play the same games (the same steps); answers are counted only in the
    counted rounds (not round 0 from seed 0, nor warm-up from WARM_SEED), and a step is a
    chance node or an answer (more steps than answers in a ruleset that rolls). Mutations
    caught: the answers of every call counted; the outcomes drawn from an unseeded stream."""
    register(PLUGINS)
    game = pyspiel.load_game(game_name("dockfighters"), {"max_rounds": 2})
    answers = [0]
    run = bench_openspiel._bridge(game, answers)
    assert run(WARM_SEED, 2) > 0
    assert run(0, 2) > 0
    assert answers == [0]
    first, again = run(3, 2), run(3, 2)
    assert first == again
    assert 0 < answers[0] / 2 < first
