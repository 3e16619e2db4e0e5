"""The workloads of ``benchmarks/bench_rl.py`` (issue 17's speed figure) compare like with
like. Speed itself is never asserted here: only that the loops play the games they claim."""

from __future__ import annotations

import msgspec
import pytest

from tests.conftest import PLUGINS
from tests.rl.conftest import layout_of, require_rl

require_rl()

from benchmarks.bench_rl import SPARE_ROOM, _env, _raw  # noqa: E402

from aerodrome.bridges.rl import env  # noqa: E402
from aerodrome.bridges.rl.translate import Translator  # noqa: E402


def test_raw_tensor_and_env_play_the_same_games_with_the_generic_numbering() -> None:
    """With the generic numbering an action's number is its place in the legal list, so the
    three loops, seeded alike, play the same classic games: the same number of decisions.
    Mutations caught: the env agent drawing over the legal numbers in another order than
    the raw loop's list, a dead step counted as a decision."""
    ruleset = PLUGINS.ruleset("classic")
    layout = layout_of("classic", "two-player")
    layout = msgspec.structs.replace(layout, actions=SPARE_ROOM * layout.actions)
    setup = ruleset.setup("two-player")
    e = env(ruleset, setup, layout=layout)
    tensor = Translator(ruleset, setup, layout).vector
    raw = _raw(ruleset, setup, observe=True)(0, 2)
    assert raw > 100
    assert _raw(ruleset, setup, observe=True, tensor=tensor)(0, 2) == raw
    assert _env(e)(0, 2) == raw


@pytest.mark.parametrize("name", ["df40k", "dockfighters", "victoriana"])
def test_the_env_loop_finishes_games_of_every_numbered_ruleset(name: str) -> None:
    """With a ruleset's own numbering the env loop plays whole games (the k-th legal number
    is not the list's k-th action, so not the raw loop's games): every game it starts ends,
    and each counts its decisions only."""
    ruleset = PLUGINS.ruleset(name)
    setup = ruleset.setups()[0]
    e = env(ruleset, setup, layout=layout_of(name, setup.name))
    decisions = _env(e)(0, 2)
    assert decisions > 0
    assert not e.agents  # the last game is over: every agent took its dead step
