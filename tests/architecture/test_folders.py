"""The folders of ``core/aerodrome`` are its layers (issue 39).

The top of the package holds at most a dozen entries: ``__init__.py``, ``py.typed``,
``api.py`` (the plugin author's one import), ``plugins.py`` (the plugin manager's facade) and
one folder per layer. :data:`LAYERS` says which layers each may import; every import counts
(module level, inside a function, under ``if TYPE_CHECKING:``), read from source with
``ast`` (``imports.py``). Each layer folder's ``__init__`` docstring ends with the line
``May import: ...`` that says the same, and the tree at the top of docs/architecture.md lists
the same entries and modules as the code.

Mutations caught (each tried): ``from aerodrome.ui.cli.output import console`` inside a
function of ``aerodrome.engine.dice`` (engine -> ui, named with both modules); the same as a
type-only import in ``aerodrome.runs.sim`` importing ``aerodrome.studies.compare``; a
``May import:`` line naming a layer the table does not; a module added to ``engine/`` but not
to the docs' tree.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import networkx as nx
import pytest

from tests.architecture.imports import import_graph

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "core" / "aerodrome"
DOC = ROOT / "docs" / "architecture.md"

#: Each layer and the layers it may import (besides itself). ``aerodrome`` is the package's
#: ``__init__`` (its version and lazy re-exports), ``api`` and ``plugins`` the two modules at
#: the top; every other key is a folder.
LAYERS: dict[str, frozenset[str]] = {
    "engine": frozenset(),
    "grid": frozenset({"engine"}),
    "search": frozenset({"engine"}),
    "api": frozenset({"engine"}),
    "aerodrome": frozenset({"engine", "api"}),
    "plugins": frozenset({"engine", "search"}),
    "bridges": frozenset({"engine", "search", "plugins"}),
    "runs": frozenset({"engine", "search", "plugins", "aerodrome"}),
    "conformance": frozenset({"engine", "search", "plugins", "runs"}),
    "studies": frozenset({"engine", "search", "plugins", "runs", "aerodrome"}),
    "ui": frozenset(
        {
            "engine",
            "grid",
            "search",
            "api",
            "aerodrome",
            "plugins",
            "bridges",
            "runs",
            "conformance",
            "studies",
        }
    ),
}
#: The entries at the top of the package that are no layer of their own.
FILES = {"__init__.py", "py.typed"}
MODULES = {"api.py": "api", "plugins.py": "plugins"}


def layer_of(module: str) -> str:
    """``aerodrome.runs.sim`` -> ``runs``; ``aerodrome.api`` -> ``api``; ``aerodrome`` ->
    ``aerodrome``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def wrong_way(graph: nx.DiGraph) -> list[str]:
    """Every import of ``graph`` from one layer into a layer it may not import."""
    found = []
    for a, b in sorted(graph.edges()):
        la, lb = layer_of(a), layer_of(b)
        if la != lb and lb not in LAYERS.get(la, frozenset()):
            found.append(f"{a} ({la}) imports {b} ({lb})")
    return found


def test_the_top_holds_a_dozen_entries_each_a_layer() -> None:
    entries = sorted(p.name for p in CORE.iterdir() if p.name != "__pycache__")
    assert len(entries) <= 12, entries
    for name in entries:
        assert name in FILES or MODULES.get(name) in LAYERS or name in LAYERS, (
            f"core/aerodrome/{name} is no layer of tests/architecture/test_folders.py"
        )
        if name not in FILES and name not in MODULES:
            assert (CORE / name / "__init__.py").is_file(), f"{name}/ is not a package"
    assert {n for n in LAYERS if n not in {"aerodrome", *MODULES.values()}} == {
        n for n in entries if (CORE / n).is_dir()
    }


def test_the_layers_import_only_downwards() -> None:
    graph = import_graph(CORE)
    assert graph.number_of_nodes() > 120
    assert nx.is_directed_acyclic_graph(
        nx.DiGraph([(a, b) for a, below in LAYERS.items() for b in below])
    )
    found = wrong_way(graph)
    assert not found, "imports against the layers' direction:\n" + "\n".join(found)


def test_a_planted_import_against_the_direction_is_named(tmp_path: Path) -> None:
    """The check can fail: a function-level import from the engine into the CLI and a
    type-only one from runs into studies, in a copy of the layout."""
    pkg = tmp_path / "aerodrome"
    for folder in ("engine", "runs", "studies", "ui", "ui/cli"):
        (pkg / folder).mkdir(parents=True)
        (pkg / folder / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "ui" / "cli" / "output.py").write_text("from aerodrome.engine import dice\n")
    (pkg / "engine" / "dice.py").write_text(
        "def roll():\n    from aerodrome.ui.cli.output import console\n"
    )
    (pkg / "studies" / "compare.py").write_text("from aerodrome.runs import sim\n")
    (pkg / "runs" / "sim.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
        "    from aerodrome.studies.compare import Plan\n"
    )
    assert wrong_way(import_graph(pkg)) == [
        "aerodrome.engine.dice (engine) imports aerodrome.ui.cli.output (ui)",
        "aerodrome.runs.sim (runs) imports aerodrome.studies.compare (studies)",
    ]


def _may_import(folder: Path) -> frozenset[str]:
    doc = ast.get_docstring(ast.parse((folder / "__init__.py").read_text())) or ""
    lines = [line for line in doc.splitlines() if line.startswith("May import:")]
    assert len(lines) == 1, f"{folder.name}/__init__.py: no single 'May import:' line"
    said = lines[0].removeprefix("May import:").strip().rstrip(".")
    if said == "nothing else of aerodrome":
        return frozenset()
    if said == "every other layer":
        return frozenset(LAYERS) - {folder.name}
    names = re.findall(r"``(\w+)``|\b([a-z]+)\b", said)
    words = {a or b for a, b in names} - {"and", "the", "package", "itself", "its", "version"}
    return frozenset(words)


@pytest.mark.parametrize("folder", sorted(n for n in LAYERS if (CORE / n).is_dir()))
def test_each_folder_says_what_it_holds_and_may_import(folder: str) -> None:
    path = CORE / folder
    doc = ast.get_docstring(ast.parse((path / "__init__.py").read_text())) or ""
    assert len(doc.split()) > 20, f"{folder}/__init__.py says too little of what it holds"
    assert _may_import(path) == LAYERS[folder], f"{folder}/__init__.py 'May import:' line"


def _doc_tree() -> dict[str, set[str]]:
    """The tree at the top of docs/architecture.md: each entry of ``core/aerodrome/`` and,
    for a folder, the modules and packages it lists on its indented lines."""
    block = DOC.read_text().split("```")[1]
    lines = block.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("core/aerodrome/"))
    tree: dict[str, set[str]] = {}
    entry = ""
    for line in lines[start + 1 :]:
        if not line.startswith("  "):
            break
        if not line.startswith("    "):
            entry = line.split()[0]
            tree[entry] = set()
        else:
            tree[entry] |= set(re.findall(r"[a-z_]+/?", line))
    return tree


def _code_tree() -> dict[str, set[str]]:
    tree: dict[str, set[str]] = {}
    for path in sorted(CORE.iterdir()):
        if path.name == "__pycache__":
            continue
        if path.is_dir():
            tree[path.name + "/"] = {
                p.stem if p.suffix == ".py" else p.name + "/"
                for p in path.iterdir()
                if (p.suffix == ".py" and p.name != "__init__.py")
                or (p.is_dir() and (p / "__init__.py").is_file())
            }
        else:
            tree[path.name] = set()
    return tree


def test_the_docs_tree_matches_the_code() -> None:
    doc, code = _doc_tree(), _code_tree()
    assert sorted(doc) == sorted(code), "entries of docs/architecture.md's tree"
    for entry, modules in code.items():
        assert doc[entry] == modules, (
            f"docs/architecture.md lists for {entry}: missing {sorted(modules - doc[entry])}, "
            f"extra {sorted(doc[entry] - modules)}"
        )
