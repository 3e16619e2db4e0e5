"""Seeded games play identically to the checked-in digests (``tests/golden/games.json``).

Catches any change of play: a refactor or an optimisation that changes one die, one action
or one event of any seeded game of any ruleset turns this red. A deliberate rule change
regenerates the file (``python -m tests.golden``) in the same commit.
"""

from __future__ import annotations

import json

import pytest

from tests.conftest import PLUGINS
from tests.golden import (
    FILE,
    PERFT_FILE,
    cases,
    digest,
    key,
    perft_counts,
    perft_key,
    play,
    position_files,
)

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


PERFT: dict[str, list[int]] = json.loads(PERFT_FILE.read_text())


@pytest.mark.parametrize("path", position_files(), ids=perft_key)
def test_position_perft_counts(path: object) -> None:
    """The legal actions of every shipped position, counted the way chess engines count
    moves (perft): a change in move generation changes a count. Mutation caught: a ruleset
    that drops or duplicates one legal action anywhere within the first decisions."""
    expected = PERFT.get(perft_key(path))  # type: ignore[arg-type]
    assert expected, f"no perft counts for {path}: run python -m tests.golden"
    assert perft_counts(PLUGINS, path, len(expected)) == expected  # type: ignore[arg-type]
