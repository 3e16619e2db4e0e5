"""The callers of Dogfight 40,000's own hooks (:mod:`aerodrome_df40k.hookspecs`), looked up
once per ruleset instance: the one module that asks for them (the plugin skeleton's
``hooks.py``). A caller nobody implements is ``None``: the ruleset's reading applies."""

from __future__ import annotations

from aerodrome.api import RuleHooks
from aerodrome_df40k import hookspecs


class Variants:
    """The ruleset's variant hooks, typed like their hookspecs (``None``: nobody changes the
    rule)."""

    __slots__ = ("damage_result", "dogfight_modifiers", "next_player")

    def __init__(self, hooks: RuleHooks | None = None) -> None:
        hooks = hooks if hooks is not None else RuleHooks(None)
        #: ``aerodrome_df40k_dogfight_modifiers``, or None when no variant changes them.
        self.dogfight_modifiers = hooks.caller(hookspecs.aerodrome_df40k_dogfight_modifiers)
        #: ``aerodrome_df40k_damage_result``, or None when no variant changes the tables.
        self.damage_result = hooks.caller(hookspecs.aerodrome_df40k_damage_result)
        #: ``aerodrome_df40k_next_player_turn``, or None for the ruleset's reading.
        self.next_player = hooks.caller(hookspecs.aerodrome_df40k_next_player_turn)
