"""The code's layers: no import cycle in any package, and the core imports no plugin.

Read from source with ``ast`` (see ``imports.py``): every import counts, inside functions
too; ``if TYPE_CHECKING:`` imports do not. Mutation caught: a function-level import that
closes a cycle (e.g. ``aerodrome.engine.metrics`` importing ``aerodrome.studies.metrics.builtin`` inside
``builtin_metrics()`` while ``builtin`` imports the package).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.architecture.imports import circles, cycles, import_graph

ROOT = Path(__file__).resolve().parents[2]
PLUGINS = sorted(p for p in (ROOT / "plugins").iterdir() if (p / "__init__.py").is_file())
PACKAGES = [ROOT / "core" / "aerodrome", *PLUGINS]
#: The example a plugin author starts from follows the same layering.
JOUST = ROOT / "docs" / "examples" / "aerodrome-joust" / "aerodrome_joust"
CLOUDS = ROOT / "docs" / "examples" / "aerodrome-clouds" / "aerodrome_clouds"


def test_no_import_circle_anywhere() -> None:
    """One graph of the core, every built-in plugin and the joust example: every import
    counts, at module level, in a function or under ``if TYPE_CHECKING:`` (a circle only
    type checkers follow still puts a lower layer's types above it). Mutation caught: a
    planted ``if TYPE_CHECKING: from aerodrome.engine.ruleset import Ruleset`` in
    ``aerodrome.engine.events`` (events -> ruleset -> rulehooks -> events) and the same in
    ``aerodrome_classic.position`` (position -> ruleset -> position), each named."""
    graph = import_graph([*PACKAGES, JOUST, CLOUDS])
    assert graph.number_of_nodes() > 200
    found = circles(graph)
    assert not found, "import circles: " + "; ".join(" -> ".join(c) for c in found)


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_no_import_cycle_at_run_time(package: Path) -> None:
    """The run-time imports alone (what the stricter test above also covers), one package at
    a time, so that a failure names the package first."""
    found = cycles(package)
    assert not found, f"import cycles in {package.name}: {found}"


def test_the_core_imports_no_plugin() -> None:
    plugins = {p.name for p in PACKAGES[1:]}
    graph = import_graph(ROOT / "core" / "aerodrome")
    assert graph.number_of_nodes() > 20
    for path in (ROOT / "core" / "aerodrome").rglob("*.py"):
        text = path.read_text()
        for name in plugins:
            assert f"import {name}" not in text and f"from {name}" not in text, (
                f"{path.relative_to(ROOT)} imports the plugin {name}"
            )


def test_the_cycle_finder_finds_cycles(tmp_path: Path) -> None:
    """The check itself can fail: a package whose modules import each other inside
    functions has a cycle."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("def f():\n    from pkg import b\n")
    (pkg / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import c\nimport pkg.a\n"
    )
    (pkg / "c.py").write_text("from pkg import b\n")
    assert cycles(pkg) == [["pkg.a", "pkg.b"]]
    # with type-only imports a, b and c are one knot, named by one circle through it
    (knot,) = circles(import_graph(pkg))
    assert knot[0] == knot[-1] and set(knot) <= {"pkg.a", "pkg.b", "pkg.c"} and len(knot) == 3
    assert circles(import_graph(pkg, type_only=False)) == [["pkg.a", "pkg.b", "pkg.a"]]


def test_the_circle_finder_crosses_packages(tmp_path: Path) -> None:
    """A circle between two packages (a plugin importing the core, the core importing the
    plugin for typing only) is found and named in import order."""
    for name in ("low", "high"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "__init__.py").write_text("")
    (tmp_path / "low" / "base.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from high.mod import X\n"
    )
    (tmp_path / "high" / "mod.py").write_text("from low import base\nX = 1\n")
    graph = import_graph([tmp_path / "low", tmp_path / "high"])
    assert circles(graph) == [["high.mod", "low.base", "high.mod"]]


def _identity_calls(package: Path) -> list[str]:
    found = []
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "id"
            ):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


IDENTITY_KNOWN: dict[str, str] = {}


@pytest.mark.parametrize(
    "package",
    [
        pytest.param(p, marks=pytest.mark.xfail(strict=True, reason=IDENTITY_KNOWN[p.name]))
        if p.name in IDENTITY_KNOWN
        else p
        for p in PACKAGES
    ],
    ids=lambda p: p.name,
)
def test_no_cache_keyed_by_object_identity(package: Path) -> None:
    """Caches live on the ruleset (or agent) instance and are keyed by values: ``id()`` of
    an object can be reused once it is freed, and a module-level cache outlives every game.
    Mutation caught: ``_CACHE[id(specs)]`` anywhere in a package."""
    found = _identity_calls(package)
    assert not found, f"id() used (a cache keyed by identity?) at {found}"


#: Attributes of the forms the core's contracts replaced: the untyped hook relay
#: (``pm.hook``, ``ruleset.hook``, ``ctx.hook``, ``RuleHooks.relay``), pluggy's private
#: ``_hookimpls`` and the state-drawing shims (``render``/``svg``/``describe_action`` of a
#: state; a ruleset draws with ``draw``/``draw_svg``/``action_text`` of an observation).
UNTYPED_HOOKS = {"hook", "relay", "_hookimpls"}
#: The one module that may call pluggy's relay: the typed facade over it.
FACADE = ROOT / "core" / "aerodrome" / "plugins.py"


def _untyped_hook_uses(package: Path) -> list[str]:
    found = []
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Attribute) and node.attr in UNTYPED_HOOKS and path != FACADE:
                found.append(f"{where} .{node.attr}")
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "getattr"
                and len(node.args) > 1
                and isinstance(node.args[1], ast.Constant)
                and str(node.args[1].value).startswith("aerodrome_")
                and "hook" in ast.unparse(node.args[0]).lower()
            ):
                found.append(f"{where} getattr(..., {node.args[1].value!r})")
            elif isinstance(node, ast.FunctionDef) and node.name in {
                "render",
                "svg",
                "describe_action",
            }:
                args = [a.arg for a in node.args.args]
                if args[:2] == ["self", "state"]:
                    found.append(f"{where} def {node.name}(self, state, ...)")
    return found


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_hooks_are_called_typed_and_pictures_drawn_from_observations(package: Path) -> None:
    """Rules call variant hooks only through ``self.hooks.caller(spec)``, the core only
    through the ``Plugins`` facade, and pictures and sentences come from observations.
    Mutations caught (tried, in classic's ruleset module): ``getattr(x.hooks,
    "aerodrome_classic_head_on")``; a class defining ``render(self, state, player)`` that
    reads ``self.hook``."""
    found = _untyped_hook_uses(package)
    assert not found, f"untyped hook calls or state-drawing shims at {found}"
