"""The campaign's commands start fast (issue 18): registering them imports none of the heavy
modules; the bodies (rich's progress bar, the engine) are imported when a command runs.

Mutation tried: ``from aerodrome_dockfighters.campaign import commands`` at the top of
``campaign/cli.py`` turns this red (it imports rich.progress and the engine's networkx).
"""

from __future__ import annotations

from tests.plugins.dockfighters.test_startup import HEAVY, imported


def test_the_campaign_commands_import_nothing_heavy() -> None:
    modules = imported("import aerodrome_dockfighters.campaign.cli")
    assert "aerodrome_dockfighters.campaign.cli" in modules
    heavy = sorted({m.split(".")[0] for m in modules if m in HEAVY or m.split(".")[0] in HEAVY})
    assert not heavy, f"the campaign's commands import {heavy}"
