"""The generated docs pages are in step with the code and specs; README keeps its promise."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _gen() -> object:
    spec = importlib.util.spec_from_file_location("gen_pages", ROOT / "docs" / "gen_pages.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_generated_pages_are_up_to_date() -> None:
    gen = _gen()
    stale = [
        name
        for name, make in gen.PAGES.items()  # type: ignore[attr-defined]
        if (ROOT / "docs" / name).read_text() != make().rstrip() + "\n"
    ]
    assert not stale, f"run `python docs/gen_pages.py`: stale {stale}"


def test_readme_opens_with_the_two_commands() -> None:
    readme = (ROOT / "README.md").read_text()
    block = readme.split("```sh", 1)[1].split("```", 1)[0].strip().splitlines()
    assert block[0].startswith("pip install -e . && aerodrome ")
    command = "nox -s tests typecheck lint wheel sdist minimums"
    assert block[1].startswith(f"pip install nox && {command}")
    ci = (ROOT / ".ci" / "run").read_text()
    assert command in ci
    noxfile = (ROOT / "noxfile.py").read_text()
    assert (
        f"nox.options.sessions = {command.split(' -s ')[1].split()!r}".replace("'", '"') in noxfile
    )


def test_every_docs_page_is_in_the_nav() -> None:
    nav = (ROOT / "mkdocs.yml").read_text()
    pages = [p.relative_to(ROOT / "docs").as_posix() for p in (ROOT / "docs").rglob("*.md")]
    missing = [p for p in pages if not p.startswith("examples/") and p not in nav]
    assert not missing, f"docs pages missing from mkdocs.yml nav: {missing}"


def test_no_merge_conflict_markers_anywhere() -> None:
    """Mutation caught: a merge that committed ``<<<<<<<``/``>>>>>>>`` lines (it happened once
    in docs/performance.md)."""
    import subprocess

    if not (ROOT / ".git").exists():
        files = [p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*") if p.is_file()]
    else:
        files = subprocess.run(
            ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.split()
    bad = []
    for name in files:
        path = ROOT / name
        if path.suffix not in {
            ".py",
            ".md",
            ".toml",
            ".json",
            ".yml",
            ".j2",
            ".js",
            ".css",
            ".txt",
            "",
        }:
            continue
        try:
            lines = path.read_text().splitlines()
        except (UnicodeDecodeError, OSError):
            continue
        bad += [
            f"{name}:{i + 1}"
            for i, line in enumerate(lines)
            if line.startswith(("<<<<<<< ", ">>>>>>> "))
        ]
    assert not bad, f"merge conflict markers at {bad}"
