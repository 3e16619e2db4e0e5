"""Every contract of the conformance kit is proven by a mutant: stash
(:mod:`tests.conformance.stash`) passes the whole kit, and each of its mutants
(:mod:`tests.conformance.mutants`) fails it, every failure naming a contract the mutant
breaks (never an unrelated error), and every contract it breaks named by some failure.

The kit is run as a plugin author runs it: through :func:`aerodrome.conformance.kit.run`
(the checks of ``pytest --aerodrome-conformance``, with their default seeds), and, for the
unbroken ruleset and the leaky observation, through pytest itself (pytester).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest

from aerodrome.conformance import kit, suite
from aerodrome.conformance.broken import BrokenContract, Contract
from aerodrome.conformance.kit import Outcome
from tests.conformance.mutants import MUTANTS, LeaksTheOtherDie, plugins_with
from tests.conformance.stash import Stash
from tests.conformance.test_kit_can_fail import MUTATIONS as JOUST_MUTATIONS
from tests.conftest import ROOT

pytest_plugins = ["pytester"]


def failures(outcomes: Sequence[Outcome]) -> list[Outcome]:
    return [o for o in outcomes if o.error is not None]


def test_the_unbroken_ruleset_passes_every_check_that_applies() -> None:
    outcomes = kit.run(plugins_with(Stash), ["stash"])
    assert failures(outcomes) == []
    ran = {o.check for o in outcomes if o.skipped is None}
    # everything but the checks of perfect information and simultaneous decisions applies
    assert ran == set(kit.CASE_CHECKS) - {
        "perfect_information_shows_everybody_the_same",
        "a_secret_commitment_is_invisible_until_the_reveal",
    } | set(kit.RULESET_CHECKS)


@pytest.mark.parametrize("mutant", list(MUTANTS), ids=lambda m: m.__name__)
def test_a_mutant_fails_the_kit_naming_the_contract_it_breaks(mutant: type[Stash]) -> None:
    failed = failures(kit.run(plugins_with(mutant), ["stash"]))
    assert failed, f"{mutant.__name__} passes the kit"
    unrelated = [o for o in failed if not isinstance(o.error, BrokenContract)]
    assert not unrelated, f"{mutant.__name__} fails with an unrelated error: {unrelated[0]}"
    named = {o.error.contract for o in failed if isinstance(o.error, BrokenContract)}
    assert named == MUTANTS[mutant]
    for o in failed:
        assert re.match(r"contract '[^']+' broken: stash(/pair seed \d)?: ", str(o.error))


def test_every_contract_of_the_kit_is_proven_by_a_mutant() -> None:
    """The stash mutants, joust's (test_kit_can_fail: perfect information and capabilities
    need a ruleset with simultaneous decisions and nothing hidden), the core logging a
    commitment for everybody and the trimmed clause catalogue (test_kit_can_fail too)."""
    proven = set().union(*MUTANTS.values()) | {contract for *_, contract in JOUST_MUTATIONS}
    proven |= {Contract.COMMITMENT, Contract.CLAUSES_TESTED, Contract.CLAUSES_KNOWN}
    assert proven == set(Contract)


def test_the_mutants_are_listed_in_the_plugin_guide() -> None:
    guide = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    rows = [line for line in guide.splitlines() if line.startswith("| `")]
    for mutant, contracts in MUTANTS.items():
        row = next((r for r in rows if r.startswith(f"| `{mutant.__name__}`")), None)
        assert row is not None, f"docs/plugins.md does not list {mutant.__name__}"
        for contract in contracts:
            assert contract.value in row, f"{mutant.__name__}: {contract.value!r} not in {row}"


def test_the_pytest_suite_runs_the_kits_checks_with_their_seeds() -> None:
    tests = {n[5:]: getattr(suite, n) for n in dir(suite) if n.startswith("test_")}
    assert set(tests) == set(kit.CASE_CHECKS) | set(kit.RULESET_CHECKS) | set(kit.CLAUSE_CHECKS)
    for name, (_, count) in kit.CASE_CHECKS.items():
        assert tests[name].aerodrome_seeds == count


AUTHOR_TESTS = """
from aerodrome.conformance.suite import *  # the kit, as a test module of the author's
from tests.conformance.mutants import {name}, plugins_with

AERODROME_CONFORMANCE = ["stash"]
AERODROME_PLUGINS = plugins_with({name})
"""


@pytest.mark.parametrize("ruleset", [Stash, LeaksTheOtherDie], ids=lambda r: r.__name__)
def test_run_by_pytest_a_leaky_observation_fails_and_the_unbroken_ruleset_passes(
    pytester: pytest.Pytester, ruleset: type[Stash]
) -> None:
    """Today's kit passed the leaky observation (165 passed, issue 22); it fails now, in
    the test that checks what is hidden, and only there."""
    pytester.makepyfile(test_stash=AUTHOR_TESTS.format(name=ruleset.__name__))
    # (hypothesis's plugin would be imported again for the inner run, for nothing)
    result = pytester.runpytest("-p", "no:cacheprovider", "-p", "no:hypothesispytest")
    if ruleset is Stash:  # the checks of perfect information, simultaneous decisions and
        result.assert_outcomes(passed=15, skipped=6)  # clauses (no catalogue) do not apply
        return
    result.assert_outcomes(failed=2, passed=13, skipped=6)
    result.stdout.fnmatch_lines(
        [
            "*contract 'observation hides what the player cannot see' broken: stash/pair seed 1: "
            "at decision 1, player 0's observation differs*",
            "FAILED test_stash.py::test_nothing_visible_depends_on_what_is_hidden"
            "[[]stash-pair-seed1[]]*",
        ]
    )
