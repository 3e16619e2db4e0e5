"""The second example plugin, Cloud Cover (docs/examples/aerodrome-clouds: a game with a
secret), passes its own tests and the conformance kit, run as its author runs them: ``pytest``
in its folder, where its ``pyproject.toml`` adds ``--aerodrome-conformance=clouds``.

The plugin is made visible to aerodrome the way an install would: a ``.dist-info`` folder with
its entry point, on the path of a child pytest (nothing is installed, nothing downloaded).

Mutations caught (each tried in aerodrome_clouds/ruleset.py): the observation showing both
heights (the kit's "nothing visible depends on what is hidden" and the example's own test
fail); ``determinise`` drawing the player's own height instead of the other's (likewise).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "aerodrome-clouds"


def installed_view(site: Path) -> None:
    """What ``pip install`` would leave for importlib.metadata: the distribution's
    metadata and its entry point."""
    info = site / "aerodrome_clouds-0.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: aerodrome-clouds\nVersion: 0.1.0\n"
    )
    (info / "entry_points.txt").write_text("[aerodrome]\nclouds = aerodrome_clouds.plugin\n")


def test_the_example_with_a_secret_passes_its_tests_and_the_kit(tmp_path: Path) -> None:
    site = tmp_path / "site"
    installed_view(site)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(site), str(EXAMPLE), env.get("PYTHONPATH", "")])
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist"],
        cwd=EXAMPLE,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    out = proc.stdout
    assert proc.returncode == 0, f"{out[-3000:]}\n{proc.stderr[-2000:]}"
    summary = re.search(r"(\d+) passed", out)
    assert summary is not None and int(summary.group(1)) >= 20, out[-2000:]
    # the kit's secrecy and determinisation checks ran on it (not skipped)
    verbose = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:xdist",
            "--collect-only",
        ],
        cwd=EXAMPLE,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    ).stdout
    for check in (
        "test_nothing_visible_depends_on_what_is_hidden[clouds-hunt-seed1]",
        "test_determinise_resamples_what_is_hidden[clouds]",
        "test_every_clause_has_a_test[clouds]",
    ):
        assert check in verbose, verbose[-2000:]


GUIDE = ROOT / "docs" / "plugins.md"
EXCERPT = re.compile(r"^```python\n# (\S+) \(excerpt\)\n(.*?)^```", flags=re.S | re.M)


def test_the_guides_excerpts_are_the_examples_code() -> None:
    """docs/plugins.md, "A game with a secret", quotes the example: each excerpt is a run of
    lines of the file it names, as it is. Mutation caught: a changed line in the guide's
    copy of ``determinise`` (``height[player]``)."""
    section = GUIDE.read_text().split("## 10. A game with a secret", 1)[1]
    excerpts = EXCERPT.findall(section)
    assert len(excerpts) >= 4
    for path, text in excerpts:
        assert text in (EXAMPLE / path).read_text(), f"docs/plugins.md quotes another {path}"
