"""Issue 27 item 11: ``nox -s minimums`` installs as shipped. It failed with ``invalid
command 'bdist_wheel'``: it installed aerodrome *and its dependencies* with
``--no-build-isolation`` into a venv without ``wheel``, so a minimum that exists only as an
sdist (MarkupSafe 2.1.0) was built with that venv's bare setuptools. Only aerodrome itself
must be built without isolation (by the minimum hatchling). Then two tests failed under the
minimum pytest (8.0) only inside the session: ``session.create_tmp()`` points TMPDIR into
``.nox/``, inside the project, and pytest 8.0's importlib mode names a pytester module from
that path (``.nox....``: a relative import). The session is run here with a recording
stand-in for nox's session (``nox -s minimums`` runs it for real)."""

from __future__ import annotations

import importlib.util
import sys
import tomllib
import types
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


class Recorder:
    """What a nox session is asked to do, without doing it."""

    posargs: list[str] = []

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.installs: list[tuple[str, ...]] = []
        self.runs: list[tuple[str, ...]] = []

    def create_tmp(self) -> str:  # nox's points TMPDIR into .nox/, inside the project
        raise AssertionError("minimums must keep TMPDIR (pytester's files) out of the project")

    def install(self, *args: str, **_: Any) -> None:
        self.installs.append(args)

    def run(self, *args: str, **_: Any) -> None:
        self.runs.append(args)


def _stand_in_nox() -> types.ModuleType:
    """Enough of nox to load the noxfile where nox is not installed (the tests session)."""

    def dependency_groups(pyproject: dict[str, Any], *names: str) -> tuple[str, ...]:
        table = pyproject["dependency-groups"]
        out: list[str] = []
        for name in names:
            for item in table[name]:
                out += (
                    dependency_groups(pyproject, item["include-group"])
                    if isinstance(item, dict)
                    else [item]
                )
        return tuple(out)

    nox = types.ModuleType("nox")
    nox.options = types.SimpleNamespace()  # type: ignore[attr-defined]
    nox.Session = object  # type: ignore[attr-defined]
    nox.session = lambda **_: lambda f: f  # type: ignore[attr-defined]
    nox.project = types.SimpleNamespace(  # type: ignore[attr-defined]
        load_toml=lambda path: tomllib.loads(Path(path).read_text()),
        dependency_groups=dependency_groups,
    )
    return nox


def _noxfile(monkeypatch: pytest.MonkeyPatch) -> Any:
    if importlib.util.find_spec("nox") is None:
        monkeypatch.setitem(sys.modules, "nox", _stand_in_nox())
    spec = importlib.util.spec_from_file_location("aerodrome_noxfile", ROOT / "noxfile.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_only_aerodrome_is_built_without_build_isolation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    noxfile = _noxfile(monkeypatch)
    session = Recorder(tmp_path)
    noxfile.minimums(session)  # nox.session keeps the function callable
    constraints = {args[args.index("-c") + 1] for args in session.installs if "-c" in args}
    assert len(constraints) == 1, session.installs
    (pins_file,) = constraints
    assert ROOT not in Path(pins_file).resolve().parents  # no TMPDIR inside the project
    unisolated = [args for args in session.installs if "--no-build-isolation" in args]
    assert unisolated, session.installs
    for args in unisolated:
        targets = [a for a in args if not a.startswith("-") and a != pins_file]
        assert "--no-deps" in args and targets == ["."], args
    pins = Path(pins_file).read_text().split()
    everything = {a for args in session.installs for a in args}
    for req in noxfile.requirements():  # every dependency installed, pinned to its minimum
        name = req.split("[")[0].split(">=")[0]
        assert req in everything, req
        assert any(p.startswith(f"{name}==") for p in pins), name
    assert session.runs[-1][0] == "pytest"
