"""``Hyper.shaping`` (issue 41, item 4): the material shaping asked of a training run is what
every learning environment plays with, and the policy file says which it was (the strength
figures of docs/performance.md name the shaping of each row).

Mutations caught (each tried): the environments made without ``shaping=`` (the first
assertion red: every environment at 0.0); the shaping left out of the file's ``trained``
(KeyError, red).
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Any

import pytest

from tests.rl.conftest import require_rl

require_rl()
if importlib.util.find_spec("sb3_contrib") is None:
    if os.environ.get("AERODROME_LEARN"):
        pytest.fail("the learn group is not installed (sb3-contrib)", pytrace=False)
    pytest.skip("the learn group is not installed (sb3-contrib)", allow_module_level=True)

from aerodrome.bridges.rl import train as training  # noqa: E402
from aerodrome.bridges.rl.policy import read_policy  # noqa: E402
from aerodrome.bridges.rl.single import SeatEnv  # noqa: E402
from tests.conftest import PLUGINS  # noqa: E402


def test_the_shaping_reaches_every_environment_and_the_policy_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[tuple[int, float]] = []

    class Seen(SeatEnv):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            made.append((self.seat, self.shaping))

    monkeypatch.setattr(training, "SeatEnv", Seen)
    ruleset = PLUGINS.ruleset("df40k")
    out = tmp_path / "p.json"
    training.train(
        PLUGINS,
        ruleset,
        ruleset.setup("first-blood"),
        out=out,
        budget=training.Budget(steps=512),
        hyper=training.Hyper(shaping=0.25),
    )
    assert sorted({seat for seat, _ in made}) == [0, 1]
    assert {shaping for _, shaping in made} == {0.25}
    trained = read_policy(out).data.trained
    assert trained["shaping"] == 0.25 and trained["gamma"] == 0.99
