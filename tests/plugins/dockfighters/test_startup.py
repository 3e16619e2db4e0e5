"""Lazy start-up (issue 18): registering Dockfighters, building the ruleset, listing its
set-ups and loading its commands import none of the heavy modules, so that `aerodrome --help`,
`aerodrome rulesets` and `aerodrome odds ...` start fast.

Mutation caught (tried): ``from aerodrome.cli.output import console`` back at the top of
``aerodrome_dockfighters/cli.py`` turns the command case red (it imports rich.progress), and
``import icepool`` at the top of ``plugin.py`` turns the registration case red.
"""

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
        "import aerodrome_dockfighters.plugin",
        "from aerodrome_dockfighters.ruleset import Dockfighters; Dockfighters().setups()",
        "import aerodrome_dockfighters.cli",
    ],
)
def test_no_heavy_module_at_start_up(code: str) -> None:
    modules = imported(code)
    assert any(m.startswith("aerodrome_dockfighters.") for m in modules)
    heavy = sorted({m if m in HEAVY else m.split(".")[0] for m in modules
                    if m in HEAVY or m.split(".")[0] in HEAVY})
    assert not heavy, f"{code!r} imports {heavy}"
