"""Lazy start-up (issue #18): registering Victoriana, building the ruleset and listing its
set-ups import none of the heavy modules (`aerodrome --help`, `aerodrome rulesets` and
`aerodrome odds ...` start fast).

Mutation caught (tried): an ``import icepool`` at the top of ``aerodrome_victoriana/plugin.py``
(or of ``ruleset.py``) turns these red."""

from __future__ import annotations

import pytest

from tests.startup import heavy, imported


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
    found = heavy(modules)
    assert not found, f"{code!r} imports {found}"
