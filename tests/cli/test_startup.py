"""Start-up stays lazy (issue 18): the CLI imports a ruleset only when a command needs it.

Each check runs in a fresh interpreter and reads ``sys.modules``. Mutations caught (each tried):
``import networkx`` at the top of ``aerodrome/ui/cli/__init__.py`` (and likewise icepool,
matplotlib, rich.progress); a plugin registering its ruleset class in place of a
``RulesetRef`` (``aerodrome --help`` then imports the ruleset); the victoriana odds module
imported at the top of its CLI module (icepool at start-up).
"""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import metadata

import pytest

from tests.startup import heavy

_REPORT = """
import json, sys
modules = sorted(sys.modules)
plugins = getattr(sys.modules.get("aerodrome.plugins"), "_default", None)  # loaded, if any
refs = [getattr(r, "target", "").partition(":")[0]
        for r in (plugins.registry.rulesets.values() if plugins else ())]
print(json.dumps({"modules": modules, "unresolved": [r for r in refs if r]}))
"""


def _after(code: str) -> tuple[set[str], list[str]]:
    """The modules imported after running ``code`` in a fresh interpreter, and the modules of
    the rulesets still registered by reference (not imported)."""
    proc = subprocess.run(
        [sys.executable, "-c", code + "\n" + _REPORT],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    found = json.loads(proc.stdout.strip().splitlines()[-1])
    return set(found["modules"]), found["unresolved"]


def _plugin_packages() -> set[str]:
    """The packages of the rulesets' plugins (the core's own entry point, the ``policy``
    agent of ``aerodrome.bridges.policy``, is no ruleset)."""
    found = {ep.value.split(".")[0] for ep in metadata.entry_points(group="aerodrome")}
    return found - {"aerodrome"}


def test_importing_the_cli_imports_no_ruleset_and_nothing_heavy() -> None:
    modules, _ = _after("import aerodrome.ui.cli")
    assert heavy(modules) == []
    assert sorted(m for m in modules if m.split(".")[0] in _plugin_packages()) == []


_HELP = """
import contextlib, io
from aerodrome.ui.cli import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
    main({args!r})
"""


def test_help_lists_the_plugin_commands_without_importing_a_ruleset() -> None:
    modules, unresolved = _after(_HELP.format(args=["--help"]))
    assert heavy(modules) == []
    assert {"aerodrome_classic.ruleset", "aerodrome_victoriana.ruleset"} <= set(unresolved)
    assert sorted(m for m in unresolved if m in modules) == []
    help_text = subprocess.run(
        [sys.executable, "-m", "aerodrome.ui.cli", "odds", "--help"],
        capture_output=True,
        text=True,
        timeout=120,
    ).stdout
    assert "victoriana" in help_text and "classic" in help_text


@pytest.mark.parametrize(
    ("args", "needed"),
    [
        (["odds", "victoriana", "squadron-roll", "--white", "2", "--black", "1"], None),
        (["setups", "victoriana"], "aerodrome_victoriana.ruleset"),
    ],
)
def test_a_command_imports_only_the_ruleset_it_needs(args: list[str], needed: str | None) -> None:
    modules, unresolved = _after(_HELP.format(args=args))
    assert "matplotlib" not in modules and "networkx" not in modules
    others = [m for m in unresolved if m != needed]
    assert others and sorted(m for m in others if m in modules) == []
    if needed is not None:
        assert needed in modules and needed not in unresolved
