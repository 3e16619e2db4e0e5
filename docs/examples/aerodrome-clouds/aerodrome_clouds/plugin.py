"""Cloud Cover's registration: the module the entry point names."""

from __future__ import annotations

from aerodrome.api import hookimpl
from aerodrome_clouds.ruleset import Clouds


@hookimpl
def aerodrome_register_rulesets() -> list[type[Clouds]]:
    return [Clouds]
