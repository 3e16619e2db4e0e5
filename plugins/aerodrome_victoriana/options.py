"""Victoriana's set-up options: what ``Setup.options`` holds."""

from __future__ import annotations

from aerodrome.api import Options
from aerodrome_victoriana import specs


class VictorianaOptions(Options, frozen=True, kw_only=True):
    """What ``Setup.options`` holds: the optional-rule switches and the two sides."""

    rules: specs.OptionalRules = specs.OptionalRules()
    side: tuple[specs.SideSpec, ...]
