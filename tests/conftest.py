"""Shared fixtures: the loaded plugins (every registered ruleset plus the example plugin)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from aerodrome.plugins import Plugins, load_plugins

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "examples" / "aerodrome-joust"


def _plugins() -> Plugins:
    if str(EXAMPLE) not in sys.path:
        sys.path.append(str(EXAMPLE))
    import aerodrome_joust

    from aerodrome.plugins import entry_points

    extra = [] if any(ep.name == "joust" for ep in entry_points()) else [("joust", aerodrome_joust)]
    return load_plugins(extra=extra)


PLUGINS = _plugins()


@pytest.fixture(scope="session")
def plugins() -> Plugins:
    return PLUGINS
