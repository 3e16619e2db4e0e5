"""Sessions: tests, typecheck, lint, docs, bench, wheel.

`nox -s tests typecheck lint wheel` is the test command of README.md and CI.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import nox

nox.options.default_venv_backend = "venv"
nox.options.reuse_existing_virtualenvs = True
nox.options.sessions = ["tests", "typecheck", "lint", "wheel"]

ROOT = Path(__file__).parent
PYTHON = "3.11"


@nox.session(python=PYTHON)
def tests(session: nox.Session) -> None:
    """The whole test suite (unit, conformance, CLI, property, third-party plugin, the
    learning environments of the ``rl`` extra)."""
    session.install("-e", ".[test,rl]")
    session.run("pytest", "-q", "-p", "no:cacheprovider", *session.posargs)


@nox.session(python=PYTHON)
def typecheck(session: nox.Session) -> None:
    """mypy --strict over the core and every plugin."""
    session.install("-e", ".[dev,rl]")
    session.run("mypy", "--strict", "core", "plugins")


@nox.session(python=PYTHON)
def lint(session: nox.Session) -> None:
    """ruff over everything."""
    session.install("ruff>=0.5")
    session.run("ruff", "check", ".")


@nox.session(python=PYTHON)
def docs(session: nox.Session) -> None:
    """Build the MkDocs site with --strict (regenerating the generated pages first)."""
    session.install("-e", ".", "mkdocs>=1.6")
    session.run("python", "docs/gen_pages.py")
    session.run("mkdocs", "build", "--strict", "--site-dir", str(ROOT / "site"))


@nox.session(python=PYTHON)
def bench(session: nox.Session) -> None:
    """Benchmarks: games per second and friends, and aerodrome's decisions per second as
    ratios to reference engines (OpenSpiel, python-chess) measured in the same run. Prints a
    table; see docs/performance.md. ``nox -s bench -- reference --rounds 9`` runs only that."""
    session.install("-e", ".[compare,bench,rl]")
    session.run("python", "-m", "benchmarks", *session.posargs)


@nox.session(python=PYTHON)
def wheel(session: nox.Session) -> None:
    """Build the wheel, install it in a fresh venv outside the repo, run the CLI from there."""
    session.install("build", "hatchling")
    dist = Path(tempfile.mkdtemp(prefix="aerodrome-dist-"))
    session.run("python", "-m", "build", "--wheel", "--outdir", str(dist), external=False)
    wheels = sorted(dist.glob("aerodrome-*.whl"))
    venv = Path(tempfile.mkdtemp(prefix="aerodrome-wheel-venv-"))
    session.run("python", "-m", "venv", str(venv))
    bindir = venv / ("Scripts" if os.name == "nt" else "bin")
    session.run(str(bindir / "python"), "-m", "pip", "install", "-q", str(wheels[-1]), external=True)
    cli = str(bindir / "aerodrome")
    with session.chdir(tempfile.gettempdir()):
        session.run(cli, "rulesets", external=True)
        session.run(cli, "simulate", "classic", "--games", "5", "--seed", "1", "--json", external=True)
        session.run(cli, "specs", "validate", external=True)
        # The viewer's template is package data: a page written from the wheel proves it ships.
        save, page = str(dist / "game.json"), str(dist / "game.html")
        session.run(cli, "play", "victoriana", "--seat", "1=bot", "--save", save, external=True)
        session.run(cli, "replay", save, "--verify", "--html", page, external=True)
    shutil.rmtree(venv, ignore_errors=True)
    shutil.rmtree(dist, ignore_errors=True)
