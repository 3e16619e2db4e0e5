"""The wheel and the sdist: LICENSE in both, metadata by PEP 639, no test/dev extras
published, and an sdist holding what its docs and tests need (nox -s sdist builds and tests
one for real; this is the quick look)."""

from __future__ import annotations

import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: What the unpacked sdist needs to build its docs and run its tests.
SDIST_NEEDS = (
    "LICENSE",
    "README.md",
    "CHANGELOG.md",
    "pyproject.toml",
    "mkdocs.yml",
    "noxfile.py",
    ".ci/run",
    "benchmarks/__main__.py",
    "docs/gen_pages.py",
    "docs/plugins.md",
    "docs/examples/aerodrome-joust/tests/test_joust.py",
    "tests/conftest.py",
    "specs/classic/clauses.toml",
    "core/aerodrome/conformance/plugin.py",
    "docs/index.md",
)


def _build(kind: str, out: Path) -> Path:
    code = f"from hatchling.build import build_{kind}; print(build_{kind}({str(out)!r}))"
    name = (
        subprocess.run(
            [sys.executable, "-c", code],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
            timeout=300,
        )
        .stdout.strip()
        .splitlines()[-1]
    )
    return out / name


def test_the_wheel_has_the_license_and_publishes_no_test_extras(tmp_path: Path) -> None:
    wheel = zipfile.ZipFile(_build("wheel", tmp_path))
    names = wheel.namelist()
    assert "aerodrome-0.1.0.dist-info/licenses/LICENSE" in names or any(
        n.endswith(".dist-info/licenses/LICENSE") for n in names
    )
    meta = wheel.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert "License-Expression: MIT" in meta
    extras = {
        line.split(": ", 1)[1] for line in meta.splitlines() if line.startswith("Provides-Extra: ")
    }
    assert extras == {"report", "dask", "rl", "openspiel", "web", "bench", "compare", "learn"}
    # `aerodrome serve` needs no network: its pages, scripts and style ship in the wheel
    for shipped in ("static/table.js", "static/start.js", "static/table.css"):
        assert f"aerodrome/ui/web/{shipped}" in names, shipped
    assert {"aerodrome/ui/web/templates/seat.html", "aerodrome/ui/web/templates/start.html"} <= set(
        names
    )
    requires = [line for line in meta.splitlines() if line.startswith("Requires-Dist: ")]
    assert not [r for r in requires if "pytest" in r or "mypy" in r]  # groups stay unpublished
    urls = dict(
        line.split(": ", 1)[1].split(", ", 1)
        for line in meta.splitlines()
        if line.startswith("Project-URL: ")
    )
    assert {"Documentation", "Changelog"} <= set(urls)
    # an https address, or a file the sdist ships (no placeholder host, no made-up path)
    for label, url in urls.items():
        assert url.startswith("https://") or (ROOT / url).is_file(), (label, url)
        assert "example" not in url and "TODO" not in url.upper(), (label, url)
    entry_points = wheel.read(next(n for n in names if n.endswith("entry_points.txt"))).decode()
    assert "[pytest11]\naerodrome = aerodrome.conformance.plugin" in entry_points
    # the policy agent registers like any plugin (NumPy only when a policy is named)
    assert "policy = aerodrome.bridges.policy.plugin" in entry_points


def test_the_sdist_holds_what_its_docs_and_tests_need(tmp_path: Path) -> None:
    with tarfile.open(_build("sdist", tmp_path)) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    missing = [n for n in SDIST_NEEDS if n not in names]
    assert not missing, missing
    assert not [n for n in names if "__pycache__" in n or n.startswith((".nox/", "site/"))]
