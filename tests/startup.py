"""What a piece of start-up imports, in a fresh interpreter: the lazy start-up checks
(issue #18) of the CLI and of every ruleset."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterable

#: Libraries that cost start-up time; imported only where a command needs them.
HEAVY = ("networkx", "icepool", "matplotlib", "dask", "rich.progress")


def imported(code: str) -> set[str]:
    """The modules ``python -X importtime -c code`` imports, in a fresh interpreter."""
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return {m.group(1) for m in re.finditer(r"\|\s+(\S+)\s*$", proc.stderr, re.MULTILINE)}


def heavy(modules: Iterable[str]) -> list[str]:
    """The heavy modules among ``modules`` (a heavy library's submodules included)."""
    return sorted(m for m in modules if m in HEAVY or m.split(".")[0] in HEAVY)
