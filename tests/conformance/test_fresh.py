"""The kit's fresh-process check (:mod:`aerodrome.conformance.fresh`) beyond the mutants of
:mod:`tests.conformance.test_mutants`: what it cannot check is skipped with the reason, and
a fresh process that dies is one line naming the ruleset."""

from __future__ import annotations

from typing import Any

import pytest

from aerodrome.conformance import fresh
from aerodrome.engine.errors import AerodromeError
from tests.conformance.mutants import plugins_with
from tests.conformance.stash import Stash


def test_a_ruleset_whose_class_cannot_be_imported_is_skipped_with_the_reason() -> None:
    class Local(Stash):  # defined here: no fresh process can import it by name
        pass

    reason = fresh.check_fresh_process(plugins_with(Local), "stash")
    assert reason is not None and "cannot be imported by name" in reason


def test_a_fresh_process_that_dies_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """Mutation caught: the pool's BrokenProcessPool escaping as it is."""

    class Dead:
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            pass

        def __enter__(self) -> Dead:
            return self

        def __exit__(self, *args: Any) -> None:
            pass

        def submit(self, *args: Any) -> Any:
            raise fresh.BrokenProcessPool("a child process terminated abruptly")

    monkeypatch.setattr(fresh, "ProcessPoolExecutor", Dead)
    with pytest.raises(AerodromeError, match=r"^stash: the kit's fresh process stopped"):
        fresh.check_fresh_process(plugins_with(Stash), "stash")
