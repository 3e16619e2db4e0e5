"""The campaign's commands start fast (issue 18): registering them imports none of the heavy
modules; the bodies (rich's progress bar, the engine) are imported when a command runs.

Mutation tried: ``from aerodrome_dockfighters.campaign import commands`` at the top of
``campaign/cli.py`` turns this red (it imports rich.progress and the engine's networkx).
"""

from __future__ import annotations

from tests.startup import heavy, imported


def test_the_campaign_commands_import_nothing_heavy() -> None:
    modules = imported("import aerodrome_dockfighters.campaign.cli")
    assert "aerodrome_dockfighters.campaign.cli" in modules
    found = heavy(modules)
    assert not found, f"the campaign's commands import {found}"
