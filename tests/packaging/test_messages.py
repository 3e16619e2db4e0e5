"""Messages that name an extra print its name literally (``[report]`` is not rich markup)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def _cli_without(tmp_path: Path, module: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``aerodrome ARGS`` in a subprocess in which ``module`` cannot be imported."""
    blocked = tmp_path / "blocked"
    (blocked / module).mkdir(parents=True)
    (blocked / module / "__init__.py").write_text(
        f"raise ImportError('{module} blocked by the test')\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(blocked), *sys.path]), "COLUMNS": "200"}
    return subprocess.run(
        [sys.executable, "-m", "aerodrome.ui.cli", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=300,
    )


def test_report_without_matplotlib_names_the_report_extra(tmp_path: Path) -> None:
    got = _cli_without(
        tmp_path, "matplotlib", "compare", "classic", "-n", "1", "--report", str(tmp_path / "r")
    )
    assert got.returncode == 1
    assert got.stderr.strip() == (
        "aerodrome: error: --report needs matplotlib: pip install 'aerodrome[report]'"
    ), got.stderr


def test_dask_without_dask_names_the_dask_extra(tmp_path: Path) -> None:
    got = _cli_without(tmp_path, "distributed", "simulate", "classic", "-n", "1", "--dask", "local")
    assert got.returncode == 1
    assert (
        got.stderr.strip() == "aerodrome: error: --dask needs Dask: pip install 'aerodrome[dask]'"
    ), got.stderr
