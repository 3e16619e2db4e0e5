"""The import graph of a package, read from its source with ``ast`` (nothing is imported).

Every ``import`` counts, at module level or inside a function (a cycle held together by
function-level imports is still a cycle); imports under ``if TYPE_CHECKING:`` do not (they
never run).
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx


def _module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST, module: str, is_package: bool) -> set[str]:
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".")
                base = base[: len(base) - node.level + (1 if is_package else 0)]
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            found.add(prefix)
            found.update(f"{prefix}.{alias.name}" for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def import_graph(package_dir: Path) -> nx.DiGraph:
    """module → modules of the same package it imports."""
    graph = nx.DiGraph()
    modules = {_module_name(package_dir, p): p for p in sorted(package_dir.rglob("*.py"))}
    for name, path in modules.items():
        graph.add_node(name)
        tree = ast.parse(path.read_text(), str(path))
        for target in _imports(tree, name, path.name == "__init__.py"):
            if target in modules and target != name:
                graph.add_edge(name, target)
    return graph


def cycles(package_dir: Path) -> list[list[str]]:
    """Every elementary import cycle of the package (empty when its graph is a DAG)."""
    return sorted(sorted(c) for c in nx.simple_cycles(import_graph(package_dir)))
