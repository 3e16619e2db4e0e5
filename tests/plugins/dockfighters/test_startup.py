"""Lazy start-up (issue 18): registering Dockfighters, building the ruleset, listing its
set-ups and loading its commands import none of the heavy modules, so that `aerodrome --help`,
`aerodrome rulesets` and `aerodrome odds ...` start fast.

Mutation caught (tried): ``from aerodrome.ui.cli.output import console`` back at the top of
``aerodrome_dockfighters/cli.py`` turns the command case red (it imports rich.progress), and
``import icepool`` at the top of ``plugin.py`` turns the registration case red.
"""

from __future__ import annotations

import pytest

from tests.startup import heavy, imported


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
    found = heavy(modules)
    assert not found, f"{code!r} imports {found}"
