"""The plugin's modules form layers: every import at the top of its module, no import cycle.

Read from the source with :mod:`ast` (nothing is imported), so a cycle held together by an
import tucked inside a function is found too. Mutations tried: the code before the layering
(red: 46 imports inside functions, and the cycle combat -> weather -> mines -> combat), then
``from aerodrome_dockfighters import phases`` under ``if TYPE_CHECKING:`` in ``airspace.py``
(red: "import cycle: acm -> combat -> airspace -> phases -> acm" and "foundation modules
import higher layers: airspace -> phases"). The registration and command modules import
lazily (issue 18); their function-level imports are still in the graph the cycle test reads.
"""

from __future__ import annotations

import ast
from pathlib import Path

import aerodrome_dockfighters

PACKAGE = "aerodrome_dockfighters"
ROOT = Path(aerodrome_dockfighters.__file__).resolve().parent
#: The foundation: data, geometry and aircraft/board mechanics. They never reach up into a
#: phase module, the missions, the bot or the ruleset.
FOUNDATION = (
    "specs",
    "state",
    "events",
    "hookspecs",
    "hooks",
    "context",
    "board",
    "view",
    "rules",
    "airspace",
)
#: The entry points, which import what they register only when it is used (lazy start-up,
#: issue 18): the only modules with imports inside functions.
LAZY = ("plugin", "cli")
#: Modules any module may import on first use: they pull in icepool (a slow start-up), or are
#: for people (drawings, SVG: xml.sax imports urllib) and learning agents (the numbering), so
#: that `aerodrome rulesets`, which imports the ruleset module, imports none of them.
LAZY_TARGETS = (
    "aerodrome_dockfighters.action_odds",
    "aerodrome_dockfighters.draw",
    "aerodrome_dockfighters.svg",
    "aerodrome_dockfighters.numbering",
)


def _modules() -> dict[str, ast.Module]:
    return {
        p.stem: ast.parse(p.read_text(encoding="utf-8"), str(p)) for p in sorted(ROOT.glob("*.py"))
    }


def _targets(node: ast.Import | ast.ImportFrom, known: set[str]) -> set[str]:
    """The plugin's own modules an import statement names."""
    out: set[str] = set()
    if isinstance(node, ast.Import):
        for alias in node.names:
            parts = alias.name.split(".")
            if parts[0] == PACKAGE and len(parts) > 1:
                out.add(parts[1])
        return out
    if node.module is None or node.level:
        return out
    parts = node.module.split(".")
    if parts[0] != PACKAGE:
        return out
    if len(parts) > 1:
        out.add(parts[1])
    else:  # from aerodrome_dockfighters import movement, rules
        out.update(alias.name for alias in node.names if alias.name in known)
    return out


def _top_level(tree: ast.Module) -> list[ast.stmt]:
    """Module-level statements, including those under a module-level ``if TYPE_CHECKING:``."""
    out: list[ast.stmt] = []
    for stmt in tree.body:
        out.append(stmt)
        if isinstance(stmt, ast.If):
            out.extend(stmt.body)
    return out


def import_graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    graph: dict[str, set[str]] = {}
    for name, tree in modules.items():
        edges: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                edges |= _targets(node, known)
        graph[name] = edges - {name}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle as a path (first module repeated at the end), or [] when none."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return []


def test_every_import_is_at_module_top() -> None:
    misplaced = []
    for name, tree in _modules().items():
        if name in LAZY:
            continue
        top = set(map(id, _top_level(tree)))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom) and id(node) not in top:
                if isinstance(node, ast.ImportFrom) and node.module in LAZY_TARGETS:
                    continue
                misplaced.append(f"{name}.py:{node.lineno}")
    assert not misplaced, (
        f"{len(misplaced)} imports inside functions or classes: {', '.join(misplaced)}"
    )


def test_the_plugin_import_graph_has_no_cycle() -> None:
    cycle = find_cycle(import_graph())
    assert not cycle, "import cycle: " + " -> ".join(cycle)


def test_the_foundation_never_imports_the_phases_or_the_bot() -> None:
    graph = import_graph()
    upward = {
        f"{low} -> {high}"
        for low in FOUNDATION
        if low in graph
        for high in graph[low]
        if high not in FOUNDATION
    }
    assert not upward, f"foundation modules import higher layers: {sorted(upward)}"


def test_find_cycle_finds_a_planted_cycle() -> None:
    """The cycle finder itself can fail: a planted a -> b -> c -> a is reported."""
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) == []
