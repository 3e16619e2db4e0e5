"""Error classes of aerodrome.

Every error a user can cause (a bad spec file, an illegal action, a broken plugin, a bad CLI
argument) is an :class:`AerodromeError` whose message names the file, field or rule at fault.
The CLI prints the message on one line and exits with code 1; it never shows a traceback.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable


class AerodromeError(Exception):
    """Base class of every error aerodrome reports to a user."""


class SpecError(AerodromeError):
    """A spec, position or save file is malformed; the message names file and field path."""


class IllegalActionError(AerodromeError):
    """An action is not legal now; the message names the rule (clause id) that forbids it."""

    def __init__(self, message: str, *, clause: str | None = None) -> None:
        self.clause = clause
        super().__init__(f"{message} [{clause}]" if clause else message)


class PluginError(AerodromeError):
    """A plugin failed to load or registered something inconsistent."""


class UnknownNameError(AerodromeError, KeyError):
    """A ruleset, setup, agent or command name is unknown; suggests the nearest names."""

    def __init__(self, kind: str, name: str, known: Iterable[str]) -> None:
        known = sorted(known)
        close = difflib.get_close_matches(name, known, n=3)
        hint = f" Did you mean {', '.join(repr(c) for c in close)}?" if close else ""
        super().__init__(f"unknown {kind} {name!r}.{hint} Known: {', '.join(known) or 'none'}.")
        self.kind = kind
        self.name = name

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class ReplayMismatchError(AerodromeError):
    """A replay did not reproduce the recorded event log."""


class AerodromeWarning(UserWarning):
    """Something a user should know that does not stop the command (a skipped broken line of
    a results file, an unreadable test file); the CLI prints it on one line."""
