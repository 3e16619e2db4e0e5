"""The viewer's CLI tests run the typer app in-process with the test plugins."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import aerodrome.plugins as plugins_module
from tests.conftest import PLUGINS


@pytest.fixture(autouse=True)
def _test_plugins(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(plugins_module, "_default", PLUGINS)
    yield
