"""The callers of classic's own hooks (:mod:`aerodrome_classic.hookspecs`), looked up once
per ruleset instance: the one module that asks for them (the plugin skeleton's
``hooks.py``). A caller nobody implements is ``None``: the rulebook's rule applies."""

from __future__ import annotations

from aerodrome.api import RuleHooks
from aerodrome_classic import hookspecs


class Variants:
    """The ruleset's variant hooks, typed like their hookspecs (``None``: nobody changes the
    rule)."""

    __slots__ = ("cards_at_take_off", "head_on")

    def __init__(self, hooks: RuleHooks) -> None:
        #: ``aerodrome_classic_head_on`` [classic.headon.1], or None: the rulebook's outcome.
        self.head_on = hooks.caller(hookspecs.aerodrome_classic_head_on)
        #: ``aerodrome_classic_cards_at_take_off``, or None: the rulebook's deal.
        self.cards_at_take_off = hooks.caller(hookspecs.aerodrome_classic_cards_at_take_off)
