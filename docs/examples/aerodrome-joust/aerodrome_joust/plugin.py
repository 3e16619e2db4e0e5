"""Joust's registration: the module the entry point names."""

from __future__ import annotations

from aerodrome.api import hookimpl
from aerodrome_joust.ruleset import Joust


@hookimpl
def aerodrome_register_rulesets() -> list[type[Joust]]:
    return [Joust]
