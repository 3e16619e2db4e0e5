"""A third-party ruleset distribution installs beside aerodrome and runs through the CLI.

The example in docs/examples/aerodrome-joust is installed with pip into a fresh virtual
environment that sees this environment's aerodrome; the `aerodrome` entry-point group is all
it takes for the CLI to find it.
"""

from __future__ import annotations

import json
import shutil
import site
import subprocess
import sys
import sysconfig
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "aerodrome-joust"


def test_example_distribution_installs_and_plays(tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    # Let the new venv see this environment's packages (aerodrome and its dependencies).
    parents = [sysconfig.get_paths()["purelib"], *site.getsitepackages()]
    lines = [f"import site; site.addsitedir({p!r})" for p in dict.fromkeys(parents)]
    (Path(purelib) / "aerodrome-host.pth").write_text("\n".join(lines) + "\n")
    source = tmp_path / "aerodrome-joust"
    shutil.copytree(EXAMPLE, source)
    subprocess.run(
        [
            str(python),
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "--disable-pip-version-check",
            str(source),
        ],
        check=True,
    )

    def cli(*args: str) -> str:
        proc = subprocess.run(
            [str(python), "-m", "aerodrome.cli", *args],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            timeout=300,
        )
        assert proc.returncode == 0, proc.stderr
        return proc.stdout

    names = [r["name"] for r in json.loads(cli("rulesets", "--json"))["rulesets"]]
    assert "joust" in names
    summary = json.loads(cli("simulate", "joust", "--games", "20", "--seed", "2", "--json", "-q"))
    assert summary["ruleset"] == "joust" and summary["games"] == 20
    installed = subprocess.run(
        [str(python), "-m", "pip", "show", "aerodrome-joust"], capture_output=True, text=True
    )
    assert str(venv) in installed.stdout
