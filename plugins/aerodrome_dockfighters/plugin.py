"""Registration of the dockfighters ruleset (scaffold: the ruleset is being written)."""

from __future__ import annotations

from typing import Any

from aerodrome import Ruleset, hookimpl


@hookimpl
def aerodrome_register_rulesets() -> list[type[Ruleset[Any]]]:
    return []
