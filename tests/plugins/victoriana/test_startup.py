"""Lazy start-up (issue #18): registering Victoriana, building the ruleset and listing its
set-ups import none of the heavy modules (`aerodrome --help`, `aerodrome rulesets` and
`aerodrome odds ...` start fast).

Mutation caught (tried): an ``import icepool`` at the top of ``aerodrome_victoriana/plugin.py``
(or of ``ruleset.py``) turns these red."""

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
        "import aerodrome_victoriana.plugin",
        "from aerodrome_victoriana.ruleset import Victoriana; Victoriana().setups()",
    ],
)
def test_no_heavy_module_at_start_up(code: str) -> None:
    modules = imported(code)
    assert "aerodrome_victoriana.plugin" in modules or "aerodrome_victoriana.ruleset" in modules
    heavy = sorted({m if m in HEAVY else m.split(".")[0] for m in modules
                    if m in HEAVY or m.split(".")[0] in HEAVY})
    assert not heavy, f"{code!r} imports {heavy}"
