"""User mistakes give one line on stderr and exit code 1, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def aerodrome(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "aerodrome.cli", *args],
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
