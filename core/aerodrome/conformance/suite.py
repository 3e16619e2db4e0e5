"""The conformance kit as pytest tests (run with ``pytest --aerodrome-conformance=RULESET``).

One test per check of :mod:`aerodrome.conformance.kit` (``test_`` + its name), calling it
as :func:`aerodrome.conformance.kit.run` does; the plugin (:mod:`aerodrome.conformance.plugin`)
parametrises them over the set-ups of the rulesets asked for and over seeds. A check that
does not apply to a ruleset is skipped with the reason; a check that fails says which
contract is broken (:class:`~aerodrome.conformance.broken.BrokenContract`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from aerodrome.conformance import kit
from aerodrome.conformance.playouts import Case
from aerodrome.plugins import Plugins

CaseTest = Callable[[Plugins, Case, int], None]
RulesetTest = Callable[[Plugins, str], None]
ClauseTest = Callable[[Plugins, str, list[Path]], None]


def _skip_unless(reason: str | None) -> None:
    if reason is not None:
        pytest.skip(reason)


def _case_test(name: str) -> CaseTest:
    """The test of a set-up and a seed running ``kit.CASE_CHECKS[name]``."""
    check, count = kit.CASE_CHECKS[name]

    def test(aerodrome_plugins: Plugins, aerodrome_case: Case, aerodrome_seed: int) -> None:
        _skip_unless(check(aerodrome_plugins, aerodrome_case, aerodrome_seed))

    test.__name__ = test.__qualname__ = f"test_{name}"
    test.__doc__ = check.__doc__
    test.aerodrome_seeds = count  # type: ignore[attr-defined]  # read by the plugin
    return test


def _ruleset_test(name: str) -> RulesetTest:
    """The test of a ruleset running ``kit.RULESET_CHECKS[name]``."""
    check = kit.RULESET_CHECKS[name]

    def test(aerodrome_plugins: Plugins, aerodrome_ruleset: str) -> None:
        _skip_unless(check(aerodrome_plugins, aerodrome_ruleset))

    test.__name__ = test.__qualname__ = f"test_{name}"
    test.__doc__ = check.__doc__
    return test


def _clause_test(name: str) -> ClauseTest:
    """The test of a ruleset's catalogue running ``kit.CLAUSE_CHECKS[name]``."""
    check = kit.CLAUSE_CHECKS[name]

    def test(
        aerodrome_plugins: Plugins, aerodrome_ruleset: str, aerodrome_tests: list[Path]
    ) -> None:
        _skip_unless(check(aerodrome_plugins, aerodrome_ruleset, aerodrome_tests))

    test.__name__ = test.__qualname__ = f"test_{name}"
    test.__doc__ = check.__doc__
    return test


test_random_playout_reaches_the_end = _case_test("random_playout_reaches_the_end")
test_replay_reproduces_the_event_log = _case_test("replay_reproduces_the_event_log")
test_clone_is_independent_and_play_deterministic = _case_test(
    "clone_is_independent_and_play_deterministic"
)
test_an_idle_players_action_is_refused = _case_test("an_idle_players_action_is_refused")
test_mutating_an_observation_changes_nothing = _case_test("mutating_an_observation_changes_nothing")
test_perfect_information_shows_everybody_the_same = _case_test(
    "perfect_information_shows_everybody_the_same"
)
test_the_owing_players_illegal_action_is_refused = _case_test(
    "the_owing_players_illegal_action_is_refused"
)
test_capabilities_match_play = _case_test("capabilities_match_play")
test_a_secret_commitment_is_invisible_until_the_reveal = _case_test(
    "a_secret_commitment_is_invisible_until_the_reveal"
)
test_nothing_visible_depends_on_what_is_hidden = _case_test(
    "nothing_visible_depends_on_what_is_hidden"
)
test_determinise_resamples_what_is_hidden = _ruleset_test("determinise_resamples_what_is_hidden")
test_a_game_is_the_same_in_a_fresh_process = _ruleset_test("a_game_is_the_same_in_a_fresh_process")
test_every_clause_has_a_test = _clause_test("every_clause_has_a_test")
test_tests_cite_only_catalogued_clauses = _clause_test("tests_cite_only_catalogued_clauses")
