"""The plugin author guide (docs/plugins.md), followed literally from an empty folder: its
blocks in order, each file block (a fenced block whose ``title`` is a path) written to that
path, each ``sh`` block run unchanged, in a fresh virtual environment.

The folder holds nothing but a copy of this checkout as ``aerodrome/`` (aerodrome is not on
PyPI yet: the guide installs it from there). The guide then writes the plugin file by file,
installs it (from the registry's packages: no host environment is shared), runs its tests
with the conformance kit, runs the ruleset through the CLI, and builds and checks the wheel.
If the guide drifts from the API, a file it shows fails to import, type or pass the kit, and
this goes red. The guide's files are also the example in docs/examples, byte for byte.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "plugins.md"
#: Not part of a checkout a user would have (and large, or not ours to copy).
SKIP = shutil.ignore_patterns(
    ".git", ".nox", "site", "venv", ".venv", "__pycache__", "*.egg-info", "dist", "build"
)


#: A fenced block of the guide: its language, its title (a path, for a file), its text.
BLOCK = re.compile(r'^```(\w+)(?: title="([^"]+)")?\n(.*?)^```', flags=re.S | re.M)
EXAMPLE = ROOT / "docs" / "examples" / "aerodrome-joust"


def guide_blocks() -> list[tuple[str, str | None, str]]:
    """The guide's fenced blocks, in order: (language, path or None, text)."""
    return [(m.group(1), m.group(2), m.group(3)) for m in BLOCK.finditer(GUIDE.read_text())]


def guide_commands() -> list[str]:
    """The guide's shell blocks, in order."""
    return [text for lang, _, text in guide_blocks() if lang == "sh"]


def guide_files() -> dict[str, str]:
    """The files the guide writes: path → text."""
    return {path: text for _, path, text in guide_blocks() if path is not None}


def test_the_guide_shows_every_file_of_the_example_as_it_is() -> None:
    """docs/examples/aerodrome-joust is what following the guide writes (mutation caught: a
    line of the example's ruleset changed and not the guide's)."""
    files = guide_files()
    example = {
        f"aerodrome-joust/{p.relative_to(EXAMPLE)}": p.read_text()
        for p in sorted(EXAMPLE.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts
    }
    assert sorted(files) == sorted(example)
    for path, text in example.items():
        assert files[path] == text, f"docs/plugins.md shows another {path}"


def _script() -> tuple[str, int]:
    """The guide as one bash script: file blocks written by here-documents, shell blocks
    run as they are, each shell block announced on the output."""
    script = ["set -euo pipefail"]
    shells = 0
    for lang, path, text in guide_blocks():
        if path is not None:
            assert "AERODROME_GUIDE_EOF" not in text
            script += [
                f"mkdir -p {shlex.quote(str(Path(path).parent))}",
                f"cat > {shlex.quote(path)} <<'AERODROME_GUIDE_EOF'",
                text + "AERODROME_GUIDE_EOF",
            ]
        elif lang == "sh":
            script += [f"echo '### block {shells}'", text]
            shells += 1
    return "\n".join(script), shells


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


def test_the_plugin_guide_runs_as_written_from_an_empty_folder(tmp_path: Path) -> None:
    shutil.copytree(ROOT, tmp_path / "aerodrome", ignore=SKIP)
    script, shells = _script()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTHON"))}
    env["PATH"] = os.pathsep.join(
        p for p in env.get("PATH", "").split(os.pathsep) if "venv" not in p and ".nox" not in p
    )
    env["AERODROME_CACHE_DIR"] = str(tmp_path / "cache")
    env["COLUMNS"] = "200"  # rich tables on one line a row, as in a wide terminal
    proc = subprocess.run(
        ["bash", "-c", script],
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
    assert len(parts) == shells == 4
    install, test, publish = parts[1], parts[2], parts[3]
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
