"""The import graph of packages, read from their source with ``ast`` (nothing is imported).

Every ``import`` statement counts: at module level, inside a function (a cycle held together
by function-level imports is still a cycle, it only fails later) and, unless
``type_only=False``, under ``if TYPE_CHECKING:`` (a circle that only type checkers follow
still means the layers are not layers: the lower module names the higher one's types).
``from package import name`` counts as importing ``package.name`` when that is a module,
else ``package`` itself.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
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


def _imports(tree: ast.AST, module: str, is_package: bool, type_only: bool) -> set[str]:
    """Each module (or package) named by an import of ``tree``."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node) and not type_only:
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
            found.update(f"{prefix}\0{alias.name}" for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def import_graph(package_dirs: Path | Iterable[Path], *, type_only: bool = True) -> nx.DiGraph:
    """module → the modules of the given packages it imports."""
    dirs = [package_dirs] if isinstance(package_dirs, Path) else list(package_dirs)
    modules = {_module_name(d, p): p for d in dirs for p in sorted(d.rglob("*.py"))}
    graph = nx.DiGraph()
    for name, path in modules.items():
        graph.add_node(name)
        tree = ast.parse(path.read_text(), str(path))
        for target in sorted(_imports(tree, name, path.name == "__init__.py", type_only)):
            prefix, _, attr = target.partition("\0")
            module = f"{prefix}.{attr}" if attr and f"{prefix}.{attr}" in modules else prefix
            if module in modules and module != name:
                graph.add_edge(name, module)
    return graph


def circles(graph: nx.DiGraph) -> list[list[str]]:
    """One import circle through each knot of ``graph`` (a strongly connected set of modules),
    as the modules in import order with the first repeated at the end."""
    found = []
    for knot in nx.strongly_connected_components(graph):
        if len(knot) < 2:
            continue
        edges = nx.find_cycle(graph.subgraph(knot), source=min(knot))
        found.append([a for a, _ in edges] + [edges[0][0]])
    return sorted(found)


def cycles(package_dir: Path, *, type_only: bool = False) -> list[list[str]]:
    """Every elementary import cycle of one package (empty when its graph is a DAG)."""
    graph = import_graph(package_dir, type_only=type_only)
    return sorted(sorted(c) for c in nx.simple_cycles(graph))
