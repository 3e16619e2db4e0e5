"""Lazy start-up (issue #18): registering classic, building the ruleset and listing its
set-ups import none of the heavy modules, so `aerodrome --help`, `aerodrome rulesets` and
`aerodrome odds ...` start fast; the board (grid, walk tables) is built at the first game.

Mutations caught (tried): building the board in ``Classic.__init__`` (the grid imports
networkx) turns the second case red; an ``import icepool`` at the top of ``plugin.py`` turns
the first red."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

HEAVY = ("networkx", "icepool", "matplotlib", "dask", "rich.progress")


def imported(code: str) -> set[str]:
    """The modules ``python -X importtime -c code`` imports, in a fresh interpreter."""
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code],
        capture_output=True, text=True, timeout=120, check=True,
    )
    return {m.group(1) for m in re.finditer(r"\|\s+(\S+)\s*$", proc.stderr, re.MULTILINE)}


@pytest.mark.parametrize(
    "code",
    [
        "import aerodrome_classic.plugin",
        "from aerodrome_classic.ruleset import Classic; Classic().setups()",
    ],
)
def test_no_heavy_module_at_start_up(code: str) -> None:
    modules = imported(code)
    assert "aerodrome_classic.plugin" in modules or "aerodrome_classic.ruleset" in modules
    heavy = sorted({m.split(".")[0] if m.split(".")[0] in HEAVY else m for m in modules
                    if m in HEAVY or m.split(".")[0] in HEAVY})
    assert not heavy, f"{code!r} imports {heavy}"
