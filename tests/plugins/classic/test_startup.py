"""Lazy start-up (issue #18): registering classic, building the ruleset and listing its
set-ups import none of the heavy modules, so `aerodrome --help`, `aerodrome rulesets` and
`aerodrome odds ...` start fast; the board (grid, walk tables) is built at the first game.

Mutations caught (tried): building the board in ``Classic.__init__`` (the grid imports
networkx) turns the second case red; an ``import icepool`` at the top of ``plugin.py`` turns
the first red."""

from __future__ import annotations

import pytest

from tests.startup import heavy, imported


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
    found = heavy(modules)
    assert not found, f"{code!r} imports {found}"
