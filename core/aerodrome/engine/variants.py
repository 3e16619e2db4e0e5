"""Rule variants: opt-in plugins that change one rule of a ruleset through its hookspecs."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class VariantSpec:
    """A variant called ``name`` of ``ruleset``; ``plugin`` holds its hook implementations."""

    name: str
    ruleset: str
    summary: str
    plugin: object
