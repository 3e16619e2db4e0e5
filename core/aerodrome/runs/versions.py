"""Which versions play a game: aerodrome's and those of the distributions providing plugins.

Saves and results files record :func:`versions_of` the ruleset (and rule variants) that
played, so that a replay by another version is flagged (:func:`differences`) instead of
failing mysteriously, and a resumed run never mixes games of two versions.
``aerodrome --version`` prints :func:`installed`. Versions come from the installed metadata
of the ``aerodrome`` entry points, without importing any plugin.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Mapping
from types import ModuleType
from typing import NamedTuple

from aerodrome import __version__
from aerodrome.engine.errors import AerodromeWarning

#: The name under which aerodrome's own version is recorded.
CORE = "aerodrome"


class OtherVersionWarning(AerodromeWarning):
    """A save or a record was written by other versions of aerodrome or of a plugin."""


class PluginVersion(NamedTuple):
    """A plugin (entry-point name), its module, and the distribution that provides it."""

    plugin: str
    module: str
    distribution: str
    version: str


@functools.cache
def installed() -> tuple[PluginVersion, ...]:
    """Every plugin registered through the ``aerodrome`` entry-point group, by name (read
    once per process: what is installed does not change under a running program)."""
    from aerodrome.plugins import entry_points

    found = []
    for ep in entry_points():
        dist = ep.dist
        name = str(dist.metadata["Name"]) if dist is not None else "?"
        version = dist.version if dist is not None else "?"
        found.append(PluginVersion(ep.name, ep.module, name, version))
    return tuple(found)


def _package(obj: object) -> str:
    name = obj.__name__ if isinstance(obj, ModuleType) else type(obj).__module__
    return name.split(".")[0]


def versions_of(*objects: object) -> dict[str, str]:
    """Distribution → version of aerodrome and of the distributions whose code ``objects``
    (a ruleset, a variant's plugin) come from. Code registered by hand, not through an entry
    point, records its package's ``__version__`` if it has one."""
    found = {CORE: __version__}
    for obj in objects:
        package = _package(obj)
        dists = [p for p in installed() if p.module.split(".")[0] == package]
        for p in dists:
            found[p.distribution] = p.version
        if not dists:
            version = getattr(sys.modules.get(package), "__version__", None)
            if isinstance(version, str):
                found[package] = version
    return dict(sorted(found.items()))


def describe(versions: Mapping[str, str]) -> str:
    """``aerodrome 0.1.0, aerodrome-joust 0.2.0``."""
    return ", ".join(f"{name} {version}" for name, version in versions.items())


def differences(recorded: Mapping[str, str], running: Mapping[str, str]) -> str | None:
    """What differs between ``recorded`` and ``running`` versions, or None when they agree
    (a record without versions, written before aerodrome recorded them, agrees with any)."""
    if not recorded:
        return None
    parts = [
        f"{name} {recorded.get(name) or '(none)'}, now {running.get(name) or 'not installed'}"
        for name in dict.fromkeys([*recorded, *running])
        if recorded.get(name) != running.get(name)
    ]
    return "; ".join(parts) or None
