"""The conformance kit as pytest tests (run with ``pytest --aerodrome-conformance=RULESET``).

Each test calls one check of :mod:`aerodrome.conformance.playouts`,
:mod:`aerodrome.conformance.contracts` or :mod:`aerodrome.conformance.clauses`; the plugin
(:mod:`aerodrome.conformance.plugin`) parametrises them over the set-ups of the rulesets asked
for and over seeds. A check that does not apply to a ruleset is skipped with the reason.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

from aerodrome.conformance import clauses, contracts, playouts
from aerodrome.conformance.playouts import Case
from aerodrome.plugins import Plugins

F = TypeVar("F", bound=Callable[..., Any])


def seeds(count: int) -> Callable[[F], F]:
    """Play ``count`` seeds of the check (unless ``--aerodrome-conformance-seeds`` says)."""

    def mark(test: F) -> F:
        test.aerodrome_seeds = count  # type: ignore[attr-defined]
        return test

    return mark


def _skip_unless(reason: str | None) -> None:
    if reason is not None:
        pytest.skip(reason)


@seeds(3)
def test_random_playout_reaches_the_end(
    aerodrome_plugins: Plugins, aerodrome_case: Case, aerodrome_seed: int
) -> None:
    playouts.check_random_playout(aerodrome_plugins, aerodrome_case, aerodrome_seed)


def test_replay_reproduces_the_event_log(
    aerodrome_plugins: Plugins, aerodrome_case: Case, aerodrome_seed: int
) -> None:
    playouts.check_replay_identity(aerodrome_plugins, aerodrome_case, aerodrome_seed)


def test_clone_is_independent_and_play_deterministic(
    aerodrome_plugins: Plugins, aerodrome_case: Case, aerodrome_seed: int
) -> None:
    playouts.check_clone_is_independent(aerodrome_plugins, aerodrome_case, aerodrome_seed)


def test_an_idle_players_action_is_refused(
    aerodrome_plugins: Plugins, aerodrome_case: Case, aerodrome_seed: int
) -> None:
    playouts.check_idle_players_action_is_refused(aerodrome_plugins, aerodrome_case, aerodrome_seed)


@seeds(2)
def test_mutating_an_observation_changes_nothing(
    aerodrome_plugins: Plugins, aerodrome_case: Case, aerodrome_seed: int
) -> None:
    contracts.check_observation_isolation(aerodrome_plugins, aerodrome_case, aerodrome_seed)


@seeds(2)
def test_perfect_information_shows_everybody_the_same(
    aerodrome_plugins: Plugins, aerodrome_case: Case, aerodrome_seed: int
) -> None:
    _skip_unless(
        contracts.check_perfect_information(aerodrome_plugins, aerodrome_case, aerodrome_seed)
    )


@seeds(2)
def test_the_owing_players_illegal_action_is_refused(
    aerodrome_plugins: Plugins, aerodrome_case: Case, aerodrome_seed: int
) -> None:
    contracts.check_owing_players_illegal_action_is_refused(
        aerodrome_plugins, aerodrome_case, aerodrome_seed
    )


def test_capabilities_match_play(
    aerodrome_plugins: Plugins, aerodrome_case: Case, aerodrome_seed: int
) -> None:
    contracts.check_capabilities_match_play(aerodrome_plugins, aerodrome_case, aerodrome_seed)


@seeds(2)
def test_a_secret_commitment_is_invisible_until_the_reveal(
    aerodrome_plugins: Plugins, aerodrome_case: Case, aerodrome_seed: int
) -> None:
    _skip_unless(
        contracts.check_secret_commitments(aerodrome_plugins, aerodrome_case, aerodrome_seed)
    )


@seeds(2)
def test_nothing_visible_depends_on_what_is_hidden(
    aerodrome_plugins: Plugins, aerodrome_case: Case, aerodrome_seed: int
) -> None:
    _skip_unless(
        contracts.check_hidden_information_stays_hidden(
            aerodrome_plugins, aerodrome_case, aerodrome_seed
        )
    )


def test_every_clause_has_a_test(
    aerodrome_plugins: Plugins, aerodrome_ruleset: str, aerodrome_tests: list[Path]
) -> None:
    _skip_unless(
        clauses.check_clauses_are_tested(aerodrome_plugins, aerodrome_ruleset, aerodrome_tests)
    )


def test_tests_cite_only_catalogued_clauses(
    aerodrome_plugins: Plugins, aerodrome_ruleset: str, aerodrome_tests: list[Path]
) -> None:
    _skip_unless(
        clauses.check_tests_cite_known_clauses(
            aerodrome_plugins, aerodrome_ruleset, aerodrome_tests
        )
    )
