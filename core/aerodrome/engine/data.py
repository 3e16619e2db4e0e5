"""The one base class for every piece of data: frozen, keyword-only msgspec Structs."""

from __future__ import annotations

import msgspec

#: A parameter value a game was played with (``aerodrome sweep``): ``(name, value)``.
ParamValue = tuple[str, int | float]


class Record(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Frozen, keyword-only, strict record. Spec data, events and actions derive from it."""


class Action(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag=True):
    """Base class of every action a player can take. Subclasses are tagged by class name.

    Actions must be small, hashable and serialisable: a saved game is its list of actions.
    """

    def describe(self) -> str:
        """A short human-readable description, used by the CLI when listing choices."""
        fields = ", ".join(f"{f}={getattr(self, f)!r}" for f in self.__struct_fields__)
        return f"{type(self).__name__}({fields})"
