"""The OpenSpiel games' tests need the ``openspiel`` extra. In a dev install without it they
skip with the reason; in CI (``CI`` set) a missing extra is an error, not a skip."""

from __future__ import annotations

import importlib.util
import os

import pytest

MISSING = [m for m in ("pyspiel", "numpy", "gymnasium") if importlib.util.find_spec(m) is None]
REASON = (
    f"the 'openspiel' extra is not installed ({', '.join(MISSING)} missing): "
    "pip install -e '.[openspiel]' (nox -s tests installs it)"
)


def require_openspiel() -> None:
    """Skip the calling test module when the extra is absent (fail in CI)."""
    if not MISSING:
        return
    if os.environ.get("CI"):
        pytest.fail(REASON, pytrace=False)
    pytest.skip(REASON, allow_module_level=True)
