"""Lazy re-exports (PEP 562): a package's public names imported from their home modules on
first use, so that importing the package imports nothing else.

``aerodrome`` and ``aerodrome.api`` both use it; this module imports only :mod:`importlib`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_exports(
    owner: str, exports: Mapping[str, str], namespace: dict[str, Any]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of module ``owner`` whose globals are
    ``namespace``: ``exports`` maps each public name to the module defining it. A name is
    imported once, then kept in ``namespace`` (later reads do not come back here)."""

    def __getattr__(name: str) -> Any:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {owner!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted([*namespace, *exports])

    return __getattr__, __dir__
