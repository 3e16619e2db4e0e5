"""Lazy start-up (issue #18): registering df40k, its odds command and its hooks, building
the ruleset, listing its set-ups and starting a battle import none of the heavy modules
(`aerodrome --help`, `aerodrome rulesets` and `aerodrome odds ...` start fast). The exact
odds (icepool) are imported by the bot and by the odds command when it runs.

Mutations caught (tried): ``import icepool`` at the top of ``aerodrome_df40k/plugin.py``;
the odds command's module importing ``aerodrome_df40k.odds`` at its top (as it did before),
which made every ``aerodrome --help`` import icepool.
"""

from __future__ import annotations

import pytest

from tests.startup import heavy, imported


@pytest.mark.parametrize(
    "code",
    [
        "import aerodrome_df40k.plugin",
        "import aerodrome_df40k.cli",
        "from aerodrome_df40k.ruleset import Df40k; Df40k().setups()",
        "from aerodrome import Game; from aerodrome_df40k.ruleset import Df40k; Game(Df40k(), None, 1)",
    ],
)
def test_no_heavy_module_at_start_up(code: str) -> None:
    modules = imported(code)
    assert any(m.startswith("aerodrome_df40k") for m in modules)
    found = heavy(modules)
    assert not found, f"{code!r} imports {found}"


def test_the_bot_does_import_the_exact_odds() -> None:
    """The check sees a heavy import where there is one."""
    assert "icepool" in imported("import aerodrome_df40k.bot")
