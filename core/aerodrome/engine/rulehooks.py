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

The callers come from the plugin manager's typed facade (:meth:`aerodrome.plugins.Plugins.
caller`, the one way every hook is called: pluggy's own call, with the error naming the
plugin whose implementation broke); this module imports no pluggy.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar, cast

if TYPE_CHECKING:
    from aerodrome.engine.events import Event

P = ParamSpec("P")
R = TypeVar("R")

#: The facade's lookup: a hook's name → its caller, ``None`` when nobody implements it.
Lookup = Callable[[str], "Callable[..., Any] | None"]


class RuleHooks:
    """Typed hook callers for one ruleset instance (``lookup`` is ``None`` without
    plugins: then no hook has a caller)."""

    __slots__ = ("_callers", "_lookup")

    def __init__(self, lookup: Lookup | None) -> None:
        self._lookup = lookup
        self._callers: dict[str, Callable[..., Any] | None] = {}

    def _hook(self, name: str) -> Callable[..., Any] | None:
        if name not in self._callers:
            self._callers[name] = self._lookup(name) if self._lookup is not None else None
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
