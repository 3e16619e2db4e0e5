"""The one base class for every piece of data: frozen, keyword-only msgspec Structs."""

from __future__ import annotations

import msgspec

#: A parameter value a game was played with (``aerodrome sweep``): ``(name, value)``.
ParamValue = tuple[str, int | float]


class Record(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Frozen, keyword-only, strict record. Spec data, events and actions derive from it."""


class Action(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag=True, gc=False
):
    """Base class of every action a player can take. Subclasses are tagged by class name.

    Actions must be small, hashable and serialisable: a saved game is its list of actions.
    Being hashable (numbers, strings, tuples, frozen records), an action can hold no
    reference cycle, so actions are not tracked by the garbage collector (``gc=False``,
    inherited): a game's history of thousands of them, and the tuples holding them, never
    fill its older generations (in classic random play its collections took about a tenth
    of the time).
    """

    def describe(self) -> str:
        """A short human-readable description, used by the CLI when listing choices."""
        fields = ", ".join(f"{f}={getattr(self, f)!r}" for f in self.__struct_fields__)
        return f"{type(self).__name__}({fields})"
