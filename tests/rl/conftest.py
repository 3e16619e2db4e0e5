"""The learning environments' tests need the ``rl`` extra. In a dev install without it they
skip with the reason; in CI (``CI`` set) a missing extra is an error, not a skip."""

from __future__ import annotations

import importlib.util
import os
from functools import cache
from typing import Any

import pytest

MISSING = [m for m in ("numpy", "gymnasium", "pettingzoo") if importlib.util.find_spec(m) is None]
REASON = (
    f"the 'rl' extra is not installed ({', '.join(MISSING)} missing): "
    "pip install -e '.[rl]' (nox -s tests installs it)"
)


def require_rl() -> None:
    """Skip the calling test module when the extra is absent (fail in CI)."""
    if not MISSING:
        return
    if os.environ.get("CI"):
        pytest.fail(REASON, pytrace=False)
    pytest.skip(REASON, allow_module_level=True)


@cache
def layout_of(ruleset: str, setup: str) -> Any:
    """The probed layout of a ruleset × set-up, once per test session."""
    from aerodrome.bridges.rl import find_layout
    from tests.conftest import PLUGINS

    return find_layout(PLUGINS.ruleset(ruleset), setup)
