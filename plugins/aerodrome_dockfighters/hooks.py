"""The callers of Dockfighters' own hooks (:mod:`aerodrome_dockfighters.hookspecs`), looked up
once per ruleset instance: the one module that asks for them (the plugin skeleton's
``hooks.py``). A caller nobody implements is ``None``: the rulebook's rule applies."""

from __future__ import annotations

from aerodrome.api import RuleHooks
from aerodrome_dockfighters import hookspecs


class Variants:
    """The ruleset's variant hooks, typed like their hookspecs (``None``: nobody changes the
    rule). Looked up once per ruleset instance."""

    __slots__ = ("mission_turns", "pilot_check", "to_hit")

    def __init__(self, hooks: RuleHooks | None = None) -> None:
        caller = hooks.caller if hooks is not None else None
        self.to_hit = caller(hookspecs.aerodrome_dockfighters_to_hit) if caller else None
        self.pilot_check = caller(hookspecs.aerodrome_dockfighters_pilot_check) if caller else None
        self.mission_turns = (
            caller(hookspecs.aerodrome_dockfighters_mission_turns) if caller else None
        )
