"""Rule clauses: the catalogue of every rule of a rulebook and what implements and tests it.

``specs/<ruleset>/clauses.toml`` holds ``[[clause]]`` tables (id, section, summary, status,
reason). Code cites clause ids in docstrings; tests carry ``@pytest.mark.clause("id")``.
A clause marked implemented with no test is a failing test of the conformance suite.
"""

from __future__ import annotations

import ast
import warnings
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Literal

import msgspec

from aerodrome.engine.data import Record
from aerodrome.engine.errors import AerodromeError, AerodromeWarning, SpecError
from aerodrome.engine.files import read_limited
from aerodrome.engine.specs import convert, read_mapping

Status = Literal["implemented", "assumed", "out-of-scope"]


class Clause(Record, frozen=True):
    """One rule of a rulebook.

    :param status: ``implemented`` (as written), ``assumed`` (implemented with a stand-in
        reading or value, see ``reason``) or ``out-of-scope`` (not implemented, see ``reason``).
    """

    id: str
    section: str
    summary: str
    status: Status
    reason: str = ""

    def __post_init__(self) -> None:
        if self.status != "implemented" and not self.reason:
            raise ValueError(f"clause {self.id}: status {self.status!r} needs a reason")


class Catalogue(Record, frozen=True):
    clause: tuple[Clause, ...]


def load_catalogue(path: Path) -> tuple[Clause, ...]:
    """Read ``clauses.toml``; duplicate ids are an error naming the file."""
    catalogue = convert(read_mapping(path), Catalogue, str(path))
    seen: set[str] = set()
    for c in catalogue.clause:
        if c.id in seen:
            raise SpecError(f"{path}: clause id {c.id!r} appears twice")
        seen.add(c.id)
    return catalogue.clause


def _clause_args(call: ast.Call) -> Iterable[str]:
    for arg in call.args:
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            yield arg.value


def _is_clause_mark(node: ast.expr) -> bool:
    # pytest.mark.clause(...) or mark.clause(...) or clause(...)
    if isinstance(node, ast.Attribute):
        return node.attr == "clause"
    return isinstance(node, ast.Name) and node.id == "clause"


#: The largest test file read by ``rules --coverage`` (bytes): the biggest of the project is
#: about 60 KiB; parsing costs tens of times the source's size in memory.
MAX_TEST_BYTES = 2 * 2**20


def parse_test_file(path: Path) -> ast.Module | str:
    """The syntax tree of the test file ``path`` (parsed, never imported), or why it was not
    read: unreadable, not a regular file, larger than :data:`MAX_TEST_BYTES`, not UTF-8, not
    Python, or nested too deeply for the parser (``((((…``, ``- - - …``: CPython's parser
    gives up with a RecursionError or a MemoryError of its own stack, bounded by the size)."""
    try:
        source = read_limited(path, "", MAX_TEST_BYTES).decode("utf-8")
    except AerodromeError as exc:
        return str(exc).removeprefix(f"{path}: ")
    except UnicodeDecodeError:
        return "not UTF-8 text"
    try:
        return ast.parse(source, str(path))
    except (SyntaxError, ValueError):  # ValueError: a NUL byte
        return "not Python"
    except (RecursionError, MemoryError):
        return "nested too deeply to parse"


def tests_by_clause(tests_dir: Path) -> dict[str, list[str]]:
    """Clause id → tests (``file::name``) marked with it, found by reading the test files;
    a file that cannot be read is skipped with a one-line warning (:func:`parse_test_file`)."""
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted(tests_dir.rglob("test_*.py")):
        tree = parse_test_file(path)
        if isinstance(tree, str):
            warnings.warn(AerodromeWarning(f"--coverage: {path}: {tree}; skipped"), stacklevel=2)
            continue
        rel = path.relative_to(tests_dir).as_posix()
        module_marks: list[str] = []
        for node in tree.body:  # pytestmark = pytest.mark.clause(...)
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets
            ):
                for call in ast.walk(node.value):
                    if isinstance(call, ast.Call) and _is_clause_mark(call.func):
                        module_marks.extend(_clause_args(call))
        for defn in ast.walk(tree):
            if not isinstance(defn, ast.FunctionDef | ast.ClassDef):
                continue
            if isinstance(defn, ast.FunctionDef) and not defn.name.startswith("test"):
                continue
            ids = [
                cid
                for dec in defn.decorator_list
                if isinstance(dec, ast.Call) and _is_clause_mark(dec.func)
                for cid in _clause_args(dec)
            ]
            for cid in ids:
                found[cid].append(f"{rel}::{defn.name}")
        for cid in module_marks:
            found[cid].append(rel)
    return dict(found)


class CoverageRow(msgspec.Struct, frozen=True):
    id: str
    section: str
    summary: str
    status: str
    reason: str
    tests: int


def coverage(clauses: Iterable[Clause], tests: dict[str, list[str]] | None) -> list[CoverageRow]:
    """One row per clause with its number of tests (-1 when tests were not looked at)."""
    return [
        CoverageRow(
            c.id,
            c.section,
            c.summary,
            c.status,
            c.reason,
            -1 if tests is None else len(tests.get(c.id, ())),
        )
        for c in clauses
    ]
