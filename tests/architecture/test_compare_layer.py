"""The comparison's layers (issue 22, item 7): the metrics only measure finished games, the
compare package plans, runs and measures, and no import circle runs through either, not
even one that only type checkers follow (``if TYPE_CHECKING:`` imports count here: the
hookspecs name the metric protocol, so the metrics must not reach back to the hookspecs).

The whole-tree check without type-only imports is test_layers.py; this one is stricter on
the modules the comparison is made of.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "core" / "aerodrome"
#: The metrics: their contract (in the engine) and the built-in ones (a study).
METRICS = ("aerodrome.engine.metrics", "aerodrome.studies.metrics")
#: What the metrics package must never reach, even for typing: what plays games, loads
#: plugins or plans a comparison.
PLAYS = (
    "aerodrome.runs.sim",
    "aerodrome.runs.parallel",
    "aerodrome.plugins",
    "aerodrome.engine.game",
    "aerodrome.engine.agents",
    "aerodrome.engine.hookspecs",
    "aerodrome.studies.compare",
    "aerodrome.runs.versions",
)


def _module(path: Path) -> str:
    parts = list(path.relative_to(CORE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _all_imports(path: Path, module: str) -> set[str]:
    """Every aerodrome module ``path`` imports, type-only imports included."""
    found: set[str] = set()
    tree = ast.parse(path.read_text(), str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                prefix = ".".join([*base, *([node.module] if node.module else [])])
            else:
                prefix = node.module or ""
            found.add(prefix)
            found.update(f"{prefix}.{a.name}" for a in node.names)
    return {f for f in found if f.startswith("aerodrome")}


@functools.cache
def graph() -> nx.DiGraph:
    modules = {_module(p): p for p in sorted(CORE.rglob("*.py"))}
    g = nx.DiGraph()
    for name, path in modules.items():
        g.add_node(name)
        for target in _all_imports(path, name):
            if target in modules and target != name:
                g.add_edge(name, target)
    return g


def _ours(name: str) -> bool:
    return name.startswith((*METRICS, "aerodrome.studies.compare"))


def test_no_import_circle_runs_through_the_metrics_or_the_compare_package() -> None:
    """Mutation caught: ``from aerodrome.runs.sim import GameRecord`` in aerodrome.engine.metrics
    (hookspecs -> metrics -> sim -> plugins -> hookspecs, the circle of issue 22)."""
    g = graph()
    # the protocol, for typing
    assert g.has_edge("aerodrome.engine.hookspecs", "aerodrome.engine.metrics")
    knots = [sorted(c) for c in nx.strongly_connected_components(g) if len(c) > 1]
    ours = [c for c in knots if any(_ours(m) for m in c)]
    assert not ours, f"import circles through the comparison: {ours}"


def test_the_metrics_import_nothing_that_plays_games() -> None:
    g = graph()
    for name in g.nodes:
        if not name.startswith(METRICS):
            continue
        reached = sorted(m for m in nx.descendants(g, name) if m.startswith(PLAYS))
        assert not reached, f"{name} reaches {reached}"


def test_the_engine_and_the_rulesets_do_not_import_the_comparison() -> None:
    """The comparison sits above the engine: parallel, sim and the records never import it
    (a tournament uses the engine, not the comparison)."""
    g = graph()
    for low in (
        "aerodrome.runs.parallel",
        "aerodrome.runs.sim",
        "aerodrome.engine.records",
        "aerodrome.studies.tournament",
    ):
        above = {m for m in nx.descendants(g, low) if m.startswith("aerodrome.studies.compare")}
        assert not above, f"{low} imports {sorted(above)}"
