"""User mistakes give one line on stderr and exit code 1, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def aerodrome(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "aerodrome.ui.cli", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_unknown_ruleset_is_one_line() -> None:
    proc = aerodrome("simulate", "no-such-ruleset")
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    assert proc.stderr.startswith("aerodrome: error: unknown ruleset 'no-such-ruleset'")


def test_unreadable_save_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "broken.json"
    bad.write_text("{not json")
    proc = aerodrome("replay", str(bad))
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert str(bad) in proc.stderr.replace("\n", "")


def test_save_with_a_wrong_field_names_the_path(tmp_path: Path) -> None:
    bad = tmp_path / "save.json"
    bad.write_text(
        '{"format": "aerodrome-save/1", "ruleset": "x", "setup": "y", "seed": "one",'
        ' "actions": [], "log_sha256": "", "log_lines": 0}'
    )
    proc = aerodrome("replay", str(bad))
    assert proc.returncode == 1
    assert "$.seed" in proc.stderr


def _broken_distribution(root: Path) -> dict[str, str]:
    """A distribution whose `aerodrome` entry point names a module that does not exist."""
    info = root / "broken_plugin-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-plugin\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[aerodrome]\nbroken = no_such_module_for_aerodrome\n")
    import os

    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(root), env.get("PYTHONPATH", "")]))
    return env


def test_a_broken_plugin_is_named_in_one_line(tmp_path: Path) -> None:
    env = _broken_distribution(tmp_path)
    proc = aerodrome("rulesets", env=env)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert "plugin 'broken'" in proc.stderr and "broken-plugin" in proc.stderr
    assert "no_such_module_for_aerodrome" in proc.stderr.replace("\n", "")


def test_a_broken_plugin_can_be_blocked(tmp_path: Path) -> None:
    env = _broken_distribution(tmp_path)
    env["AERODROME_BLOCK_PLUGINS"] = "broken"
    proc = aerodrome("rulesets", "--json", env=env)
    assert proc.returncode == 0, proc.stderr
    assert "classic" in proc.stdout or "rulesets" in proc.stdout
