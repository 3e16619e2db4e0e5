"""The clause catalogue's coverage: every rule of the rulebook is implemented with a test,
or says why not.

A ruleset's ``clauses.toml`` (in :func:`~aerodrome.engine.capabilities.specs_folder`) catalogues its rules; tests cite them with
``@pytest.mark.clause("id")`` (found by reading the test files, see
:func:`aerodrome.engine.clauses.tests_by_clause`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path

from aerodrome.conformance.broken import Contract, require
from aerodrome.engine.capabilities import specs_folder
from aerodrome.engine.clauses import Clause, load_catalogue, tests_by_clause
from aerodrome.plugins import Plugins


def catalogue(plugins: Plugins, ruleset: str) -> tuple[Clause, ...] | None:
    """The ruleset's clauses, or None if it has no ``clauses.toml``."""
    specs = specs_folder(plugins.ruleset(ruleset))
    path = specs / "clauses.toml" if specs is not None else None
    return load_catalogue(path) if path is not None and path.is_file() else None


def cited(tests: Sequence[Path]) -> dict[str, list[str]]:
    """Clause id → the tests citing it, over every folder of ``tests``."""
    return _cited(tuple(tests))


@functools.cache
def _cited(tests: tuple[Path, ...]) -> dict[str, list[str]]:  # read once per run
    found: dict[str, list[str]] = {}
    for folder in tests:
        for cid, names in tests_by_clause(folder).items():
            found.setdefault(cid, []).extend(names)
    return found


def check_clauses_are_tested(plugins: Plugins, ruleset: str, tests: Sequence[Path]) -> str | None:
    """Every clause that is not out of scope has a test in ``tests`` citing it (returns why
    it does not apply: no catalogue).

    Mutation caught: a clause marked implemented whose test lost its ``clause`` mark."""
    clauses = catalogue(plugins, ruleset)
    if clauses is None:
        return f"{ruleset} has no clauses.toml in its spec folder"
    found = cited(tests)
    untested = [c.id for c in clauses if c.status != "out-of-scope" and c.id not in found]
    where = ", ".join(str(t) for t in tests)
    require(
        not untested,
        Contract.CLAUSES_TESTED,
        ruleset,
        f"clauses without a test in {where}: {', '.join(untested)}",
    )
    return None


def check_tests_cite_known_clauses(
    plugins: Plugins, ruleset: str, tests: Sequence[Path]
) -> str | None:
    """Tests cite only clauses of the catalogue (ids ``RULESET.…``; returns why it does not
    apply: no catalogue).

    Mutation caught: a test citing a misspelt clause id."""
    clauses = catalogue(plugins, ruleset)
    if clauses is None:
        return f"{ruleset} has no clauses.toml in its specs_dir()"
    ids = {c.id for c in clauses}
    unknown = sorted(
        cid for cid in cited(tests) if cid.startswith(f"{ruleset}.") and cid not in ids
    )
    require(
        not unknown,
        Contract.CLAUSES_KNOWN,
        ruleset,
        f"tests cite clauses not in its catalogue: {unknown}",
    )
    return None
