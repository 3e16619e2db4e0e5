"""The suite's longest tests are collected first (tests/conftest.py, ``LONG_FIRST``), so that
``-n auto`` starts them at once and no worker ends the run alone on one of them."""

from __future__ import annotations

import pytest

from tests.conftest import LONG_FIRST, ROOT, long_rank


def test_every_long_module_named_exists() -> None:
    """A module renamed or moved would silently go back to its place in the run."""
    missing = [path for path in LONG_FIRST if not (ROOT / path).is_file()]
    assert not missing, f"LONG_FIRST names modules that are not there: {missing}"


def test_the_long_modules_are_collected_before_the_rest(request: pytest.FixtureRequest) -> None:
    """Mutation caught: the collection hook left out (the run's order as collected)."""
    ranks = [long_rank(item.nodeid) for item in request.session.items]
    assert ranks == sorted(ranks)
    assert long_rank("tests/test_docs_commands.py::test_x") == 0
    assert long_rank("tests/core/test_game.py::test_x") == len(LONG_FIRST)
