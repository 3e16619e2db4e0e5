"""Seeded games play identically to the checked-in digests (``tests/golden/games.json``).

Catches any change of play: a refactor or an optimisation that changes one die, one action
or one event of any seeded game of any ruleset turns this red. A deliberate rule change
regenerates the file (``python -m tests.golden``) in the same commit.
"""

from __future__ import annotations

import json

import pytest

from tests.conftest import PLUGINS
from tests.golden import FILE, cases, digest, key, play

GOLDEN: dict[str, str] = json.loads(FILE.read_text())
CASES = cases(PLUGINS)


def test_every_case_has_a_digest() -> None:
    missing = [key(c) for c in CASES if key(c) not in GOLDEN]
    assert not missing, f"no golden digest for {missing[:5]}: run python -m tests.golden"


@pytest.mark.parametrize("case", CASES, ids=key)
def test_game_plays_as_recorded(case: tuple[str, str, str, int]) -> None:
    expected = GOLDEN.get(key(case))
    if expected is None:
        pytest.skip("no digest recorded")
    assert digest(play(PLUGINS, *case)) == expected
