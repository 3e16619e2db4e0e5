"""A ruleset's typed access to hooks: its own hookspecs (rule variants) and the core's.

A ruleset declares its hookspecs in its own module with :data:`aerodrome.hookspec` and adds
them through ``aerodrome_addhooks``. Rule code never touches pluggy: it asks its
:class:`RuleHooks` (``ruleset.hooks``) for a caller, once, and gets a function typed like the
hookspec, or ``None`` when no plugin implements the hook (so a rule pays nothing for a
variant nobody plugged in)::

    from aerodrome_joust import hookspecs

    bonus = self.hooks.caller(hookspecs.aerodrome_joust_bonus)
    if bonus is not None:
        extra = bonus(player=0)          # keyword arguments, as pluggy requires

Only pluggy's public API is used (``PluginManager.subset_hook_caller``,
``HookCaller.get_hookimpls``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ParamSpec, TypeVar, cast

import pluggy

if TYPE_CHECKING:
    from aerodrome.events import Event

P = ParamSpec("P")
R = TypeVar("R")


class RuleHooks:
    """Typed hook callers for one ruleset instance (``pm`` is ``None`` without plugins)."""

    __slots__ = ("_callers", "_pm")

    def __init__(self, pm: pluggy.PluginManager | None) -> None:
        self._pm = pm
        self._callers: dict[str, pluggy.HookCaller | None] = {}

    def _hook(self, name: str) -> pluggy.HookCaller | None:
        if name not in self._callers:
            caller: pluggy.HookCaller | None = None
            if self._pm is not None:
                found = self._pm.subset_hook_caller(name, ())
                caller = found if found.get_hookimpls() else None
            self._callers[name] = caller
        return self._callers[name]

    def caller(self, spec: Callable[P, R]) -> Callable[P, R] | None:
        """The hook declared by the hookspec function ``spec``, typed like it; ``None``
        when no plugin implements it. Call it with keyword arguments."""
        name = getattr(spec, "__name__", "")
        if not name.startswith("aerodrome_"):
            raise ValueError(f"{spec!r} is not an aerodrome hookspec function")
        return cast("Callable[P, R] | None", self._hook(name))

    def event_observer(self) -> Callable[[str, Event], None] | None:
        """The core hook ``aerodrome_on_event`` as ``observe(ruleset, event)``, or ``None``
        when no plugin implements it."""
        hook = self._hook("aerodrome_on_event")
        if hook is None:
            return None
        return lambda ruleset, event: hook(ruleset=ruleset, event=event)
