"""Every clause of every ruleset's catalogue is implemented with a test, or says why not."""

from __future__ import annotations

from pathlib import Path

import pytest

from aerodrome.clauses import load_catalogue
from aerodrome.clauses import tests_by_clause as clause_tests
from tests.conftest import PLUGINS

TESTS = Path(__file__).resolve().parent.parent
CATALOGUED = [
    name
    for name in PLUGINS.ruleset_names()
    if (d := PLUGINS.ruleset(name).specs_dir()) is not None and (d / "clauses.toml").is_file()
]


@pytest.mark.parametrize("ruleset", CATALOGUED)
def test_every_implemented_clause_has_a_test(ruleset: str) -> None:
    specs = PLUGINS.ruleset(ruleset).specs_dir()
    assert specs is not None
    clauses = load_catalogue(specs / "clauses.toml")
    tested = clause_tests(TESTS)
    untested = [c.id for c in clauses if c.status != "out-of-scope" and c.id not in tested]
    assert not untested, f"{ruleset}: clauses without a test: {', '.join(untested)}"


@pytest.mark.parametrize("ruleset", CATALOGUED)
def test_tests_cite_only_catalogued_clauses(ruleset: str) -> None:
    specs = PLUGINS.ruleset(ruleset).specs_dir()
    assert specs is not None
    ids = {c.id for c in load_catalogue(specs / "clauses.toml")}
    cited = {cid for cid in clause_tests(TESTS) if cid.startswith(f"{ruleset}.")}
    assert cited <= ids, f"tests cite unknown clauses: {sorted(cited - ids)}"
