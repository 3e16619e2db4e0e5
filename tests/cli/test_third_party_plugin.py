"""The plugin author guide (docs/plugins.md), followed literally in a fresh folder and a fresh
virtual environment: every ``sh`` block of the guide, in order, unchanged.

The folder holds a copy of this checkout as ``aerodrome/`` (the guide's starting point); the
guide then installs aerodrome from it and the example plugin from docs/examples (both from
the registry's packages: no host environment is shared), runs the example's tests with the
conformance kit, runs the ruleset through the CLI, and builds and checks the wheel.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "plugins.md"
#: Not part of a checkout a user would have (and large, or not ours to copy).
SKIP = shutil.ignore_patterns(
    ".git", ".nox", "site", "venv", ".venv", "__pycache__", "*.egg-info", "dist", "build"
)


def guide_commands() -> list[str]:
    """The guide's shell blocks, in order."""
    return re.findall(r"^```sh\n(.*?)^```", GUIDE.read_text(), flags=re.S | re.M)


def test_the_guide_has_commands_for_every_step() -> None:
    text = "\n".join(guide_commands())
    for step in (
        "pip install ./aerodrome",
        "pip install -e ./aerodrome-joust",
        "pytest",
        "aerodrome simulate joust",
        "pip wheel",
    ):
        assert step in text, step


def test_the_plugin_guide_runs_as_written(tmp_path: Path) -> None:
    shutil.copytree(ROOT, tmp_path / "aerodrome", ignore=SKIP)
    blocks = guide_commands()
    script = ["set -euo pipefail"]
    for i, block in enumerate(blocks):
        script += [f"echo '### block {i}'", block]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTHON"))}
    env["PATH"] = os.pathsep.join(
        p for p in env.get("PATH", "").split(os.pathsep) if "venv" not in p and ".nox" not in p
    )
    env["AERODROME_CACHE_DIR"] = str(tmp_path / "cache")
    env["COLUMNS"] = "200"  # rich tables on one line a row, as in a wide terminal
    proc = subprocess.run(
        ["bash", "-c", "\n".join(script)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    out = proc.stdout
    assert proc.returncode == 0, f"{out[-3000:]}\n{proc.stderr[-3000:]}"
    parts = dict(
        (int(m.group(1)), m.group(2))
        for m in re.finditer(r"^### block (\d+)\n(.*?)(?=^### block |\Z)", out, flags=re.S | re.M)
    )
    assert len(parts) == len(blocks)
    install, test, publish = parts[0], parts[1], parts[2]
    assert "Joust (example plugin)" in install  # aerodrome rulesets
    assert "joust: aerodrome-joust 0.1.0" in install  # aerodrome --version
    # the example's own tests AND the conformance kit ran, and all passed
    summary = re.search(r"(\d+) passed(?:, (\d+) skipped)?", test)
    assert summary is not None and " failed" not in test, test
    assert int(summary.group(1)) >= 20, test
    assert re.search(r"joust\.3 .* 2\b", test), test  # rules --coverage: two tests cite it
    assert "200" in test  # simulate's summary of 200 games
    assert "PASSED" in publish and (tmp_path / "dist").is_dir()
    assert sorted(p.name for p in (tmp_path / "dist").iterdir()) == [
        "aerodrome_joust-0.1.0-py3-none-any.whl"
    ]
