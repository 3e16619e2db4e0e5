"""Sessions: tests, typecheck, lint, wheel, minimums, sdist, docs, bench.

`nox -s tests typecheck lint wheel sdist minimums` is the test command of README.md and CI
(each session within the 10 minutes a session of the test command may take on CI's 2 cores,
the longest being ``tests``; figures in docs/performance.md, "The test suite's time").
The project's own requirements are PEP 735 dependency groups in pyproject.toml (test, lint,
typecheck, docs, dev); sessions read them with ``nox.project.dependency_groups`` (a venv's
bundled pip may be too old for ``pip install --group``).

The FAST subset (``minimums`` and ``sdist`` run it): every test folder except the ones that
install into fresh virtual environments, drive a browser, or fuzz for half a minute; see
:data:`FAST`.
"""

from __future__ import annotations

import os
import re
import shutil
import tarfile
import tempfile
import zipfile
from pathlib import Path

import nox

nox.needs_version = ">=2025.2.9"
nox.options.default_venv_backend = "venv"
nox.options.reuse_existing_virtualenvs = True
nox.options.sessions = ["tests", "typecheck", "lint", "wheel", "sdist", "minimums"]

ROOT = Path(__file__).parent
PYPROJECT = nox.project.load_toml(ROOT / "pyproject.toml")
PYTHON = "3.11"
#: The extras the tests exercise (bench is measured by `nox -s bench`, not tested).
EXTRAS = "report,dask,rl,openspiel,web"
#: torch for the learn group (the CPU wheel on the machine's disk; docs/howto-rl.md).
TORCH = "torch==2.13.0"
#: Every pytest run of a session: one worker per core (pytest-xdist; in one process the tests
#: took 11.6 min on 2 busy cores, and the fast subset 8 min in each of sdist and minimums),
#: the property tests' examples derandomized (the profile of tests/conftest.py), so that a
#: session's result depends on the tree, not on the draw. The property tests' count of cases
#: is printed by a run of tests/property without -n (docs/security.md).
PYTEST = ["pytest", "-q", "-p", "no:cacheprovider", "--hypothesis-profile=ci", "-n", "auto"]
#: The fast subset: pytest arguments. Left out: tests/cli/test_plugin_guide.py (fresh venvs
#: installed from the registry), tests/browser (Chromium), tests/robustness/test_fuzz.py (a
#: 30 s hypothesis campaign) and the slow-marked tests.
FAST = [
    "tests",
    "--ignore",
    "tests/cli/test_plugin_guide.py",
    "--ignore",
    "tests/browser",
    "--ignore",
    "tests/robustness/test_fuzz.py",
    "-m",
    "not slow",
]


def groups(*names: str) -> list[str]:
    """The requirements of the named dependency groups."""
    return list(nox.project.dependency_groups(PYPROJECT, *names))


@nox.session(python=PYTHON)
def tests(session: nox.Session) -> None:
    """The whole test suite (unit, conformance kit over every ruleset, CLI, property, the
    third-party plugin guide in a fresh venv, the learning environments)."""
    session.install("-e", f".[{EXTRAS}]", *groups("test"))
    # Stable-Baselines3's check_env and the how-to's MaskablePPO (tests/rl): torch first, by
    # its exact version, so that pip takes the CPU wheel the machine keeps on disk and no
    # resolver pulls a CUDA build of several GB; then the learn group.
    session.install(TORCH)
    session.install(*groups("learn"))
    session.run(*PYTEST, *session.posargs, env={"AERODROME_LEARN": "1"})


@nox.session(python=PYTHON)
def typecheck(session: nox.Session) -> None:
    """mypy --strict over the core and every plugin."""
    session.install("-e", ".[rl,web]", *groups("typecheck"))
    session.run("mypy", "--strict", "core", "plugins")


@nox.session(python=PYTHON)
def lint(session: nox.Session) -> None:
    """ruff over everything: the linter, and the formatter's check (lines of at most 100
    columns, except strings the formatter may not split)."""
    session.install(*groups("lint"))
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session(python=PYTHON)
def docs(session: nox.Session) -> None:
    """Build the MkDocs site with --strict (regenerating the generated pages first)."""
    session.install("-e", ".", *groups("docs"))
    session.run("python", "docs/gen_pages.py")
    session.run("mkdocs", "build", "--strict", "--site-dir", str(ROOT / "site"))


@nox.session(python=PYTHON)
def bench(session: nox.Session) -> None:
    """Benchmarks: games per second and friends, and aerodrome's decisions per second as
    ratios to reference engines (OpenSpiel, python-chess) measured in the same run. Prints a
    table; see docs/performance.md. ``nox -s bench -- reference --rounds 9`` runs only that."""
    # openspiel: bench_openspiel drives the bridge; web and httpx: bench_serve; torch and the
    # learn group: bench_learned trains policies (the CPU wheel first, as in the tests session).
    session.install("-e", ".[report,dask,bench,rl,openspiel,web]", "httpx>=0.27")
    session.install(TORCH)
    session.install(*groups("learn"))
    session.run("python", "-m", "benchmarks", *session.posargs)


def _has_license(names: list[str]) -> bool:
    return any(re.search(r"(^|/)LICENSE$", n) for n in names)


@nox.session(python=PYTHON)
def wheel(session: nox.Session) -> None:
    """`pip wheel` builds the wheel (LICENSE inside); installed in a fresh venv outside the
    repo, the CLI runs from there."""
    dist = Path(tempfile.mkdtemp(prefix="aerodrome-dist-"))
    session.run("python", "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(dist), ".")
    wheels = sorted(dist.glob("aerodrome-*.whl"))
    names = zipfile.ZipFile(wheels[-1]).namelist()
    if not any(n.endswith(".dist-info/licenses/LICENSE") for n in names):
        session.error(f"{wheels[-1].name} has no LICENSE")
    venv = Path(tempfile.mkdtemp(prefix="aerodrome-wheel-venv-"))
    session.run("python", "-m", "venv", str(venv))
    bindir = venv / ("Scripts" if os.name == "nt" else "bin")
    session.run(
        str(bindir / "python"), "-m", "pip", "install", "-q", str(wheels[-1]), external=True
    )
    cli = str(bindir / "aerodrome")
    with session.chdir(tempfile.gettempdir()):
        session.run(cli, "--version", external=True)
        session.run(cli, "rulesets", external=True)
        session.run(
            cli, "simulate", "classic", "--games", "5", "--seed", "1", "--json", external=True
        )
        session.run(cli, "specs", "validate", external=True)
        # The viewer's template is package data: a page written from the wheel proves it ships.
        save, page = str(dist / "game.json"), str(dist / "game.html")
        session.run(cli, "play", "victoriana", "--seat", "1=bot", "--save", save, external=True)
        session.run(cli, "replay", save, "--verify", "--html", page, external=True)
    shutil.rmtree(venv, ignore_errors=True)
    shutil.rmtree(dist, ignore_errors=True)


def requirements() -> list[str]:
    """The runtime dependencies, those of the tested extras and the build backend."""
    project = PYPROJECT["project"]
    reqs = list(project["dependencies"])
    for extra in EXTRAS.split(","):
        reqs += project["optional-dependencies"][extra]
    return reqs + list(PYPROJECT["build-system"]["requires"])


def minimum_pins() -> list[str]:
    """``name==X`` for every ``name>=X`` of the dependencies, the tested extras, the test
    group and the build backend."""
    reqs = requirements() + groups("test")
    pins = []
    for req in reqs:
        m = re.fullmatch(r"([A-Za-z0-9_.\-]+)(\[[^\]]*\])?>=([^,;\s]+)", req.strip())
        if m is None:
            raise ValueError(f"pyproject.toml: {req!r} has no plain lower bound")
        pins.append(f"{m.group(1)}=={m.group(3)}")
    return sorted(set(pins))


@nox.session(python=PYTHON)
def minimums(session: nox.Session) -> None:
    """The declared lower bounds are true: install exactly the minimum of every dependency
    (runtime, the report/dask/rl extras, the test group, hatchling to build), let pip pick
    the rest, and run the FAST subset."""
    # not session.create_tmp(): it points TMPDIR into .nox/, inside the project, where pytest
    # 8.0's importlib mode names pytester's test modules from their path ('.nox....': a
    # relative import, TypeError); the tests' temporary files stay outside the project
    folder = Path(tempfile.mkdtemp(prefix="aerodrome-minimums-"))
    constraints = folder / "minimums.txt"
    constraints.write_text("\n".join(minimum_pins()) + "\n")
    # the dependencies first, each built as its own metadata says (an old sdist such as
    # MarkupSafe 2.1.0 needs setuptools and wheel in an isolated build environment)...
    session.install("-c", str(constraints), *groups("test"), *requirements())
    # ...then aerodrome alone, built by the minimum hatchling itself (no isolated build env
    # with the newest one); not editable: the tests run against the installed wheel
    session.install("-c", str(constraints), "--no-deps", "--no-build-isolation", ".")
    session.run("python", "-m", "pip", "freeze", silent=False)
    # docs/cli.md is written by the newest typer's generator: an older typer words it otherwise
    stale_ok = ["--deselect", "tests/test_docs.py::test_generated_pages_are_up_to_date"]
    session.run(*PYTEST, *(session.posargs or [*FAST, *stale_ok]))


@nox.session(python=PYTHON)
def sdist(session: nox.Session) -> None:
    """The sdist is complete: build it, unpack it in a temporary folder, install aerodrome
    from there (not editable), build the docs there with --strict, and run the FAST subset
    there (``nox -s sdist -- tests`` runs the whole suite)."""
    session.install("build", *groups("test", "docs"))
    dist = Path(tempfile.mkdtemp(prefix="aerodrome-sdist-"))
    session.run("python", "-m", "build", "--sdist", "--outdir", str(dist), silent=True)
    archive = sorted(dist.glob("aerodrome-*.tar.gz"))[-1]
    with tarfile.open(archive) as tar:
        tar.extractall(dist, filter="data")
    tree = dist / archive.name.removesuffix(".tar.gz")
    if not (tree / "LICENSE").is_file():
        session.error(f"{archive.name} has no LICENSE")
    session.install(f"{tree}[{EXTRAS}]")
    with session.chdir(tree):
        session.run("python", "docs/gen_pages.py", "--check")
        session.run("mkdocs", "build", "--strict", "--site-dir", str(dist / "site"))
        session.run(*PYTEST, *(session.posargs or FAST))
    shutil.rmtree(dist, ignore_errors=True)
