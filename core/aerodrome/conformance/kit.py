"""The whole kit as one function, outside pytest: :func:`run` plays every check over every
set-up of the rulesets asked for and returns what failed.

``pytest --aerodrome-conformance=RULESET`` runs the same checks (:mod:`.suite`, one test each,
named ``test_`` + the name here) with the same number of seeds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from aerodrome.conformance import clauses, contracts, fresh, playouts, secrecy
from aerodrome.conformance.playouts import Case, cases
from aerodrome.plugins import Plugins

CaseCheck = Callable[[Plugins, Case, int], "str | None"]
RulesetCheck = Callable[[Plugins, str], "str | None"]
ClauseCheck = Callable[[Plugins, str, Sequence[Path]], "str | None"]

#: Checks of one set-up and one seed → (the check, seeds played by default).
CASE_CHECKS: dict[str, tuple[CaseCheck, int]] = {
    "random_playout_reaches_the_end": (playouts.check_random_playout, 3),
    "replay_reproduces_the_event_log": (playouts.check_replay_identity, 1),
    "clone_is_independent_and_play_deterministic": (playouts.check_clone_is_independent, 1),
    "an_idle_players_action_is_refused": (playouts.check_idle_players_action_is_refused, 1),
    "mutating_an_observation_changes_nothing": (contracts.check_observation_isolation, 2),
    "perfect_information_shows_everybody_the_same": (secrecy.check_perfect_information, 2),
    "the_owing_players_illegal_action_is_refused": (
        contracts.check_owing_players_illegal_action_is_refused,
        2,
    ),
    "capabilities_match_play": (contracts.check_capabilities_match_play, 1),
    "a_secret_commitment_is_invisible_until_the_reveal": (secrecy.check_secret_commitments, 2),
    "nothing_visible_depends_on_what_is_hidden": (
        secrecy.check_hidden_information_stays_hidden,
        2,
    ),
}
#: Checks of a whole ruleset.
RULESET_CHECKS: dict[str, RulesetCheck] = {
    "determinise_resamples_what_is_hidden": secrecy.check_determinise_resamples,
    "a_game_is_the_same_in_a_fresh_process": fresh.check_fresh_process,
}
#: Checks of a ruleset's clause catalogue against the test folders.
CLAUSE_CHECKS: dict[str, ClauseCheck] = {
    "every_clause_has_a_test": clauses.check_clauses_are_tested,
    "tests_cite_only_catalogued_clauses": clauses.check_tests_cite_known_clauses,
}


class Outcome(NamedTuple):
    """One check run once: ``error`` is None when it passed (or did not apply: ``skipped``
    says why)."""

    check: str
    subject: str  #: the set-up and seed, or the ruleset
    error: BaseException | None = None
    skipped: str | None = None


def run(
    plugins: Plugins,
    rulesets: Iterable[str] = ("all",),
    *,
    seeds: int | None = None,
    tests: Sequence[Path] = (),
) -> list[Outcome]:
    """Run every check over the named rulesets (``all``: every registered one), ``seeds``
    seeds per check of a set-up (default: each check's own), the clause checks against the
    test folders ``tests`` (none given: not run). Returns every outcome; a failure holds
    the exception (a :class:`~aerodrome.conformance.broken.BrokenContract` names the
    contract)."""
    found = cases(plugins, rulesets)
    outcomes: list[Outcome] = []
    for name, (check, default) in CASE_CHECKS.items():
        for case in found:
            for seed in range(1, (seeds or default) + 1):
                subject = f"{case.id}-seed{seed}"
                outcomes.append(_attempt(name, subject, check, plugins, case, seed))
    names = list(dict.fromkeys(c.ruleset for c in found))
    for ruleset in names:
        for name, rcheck in RULESET_CHECKS.items():
            outcomes.append(_attempt(name, ruleset, rcheck, plugins, ruleset))
        if tests:
            for name, ccheck in CLAUSE_CHECKS.items():
                outcomes.append(_attempt(name, ruleset, ccheck, plugins, ruleset, tests))
    return outcomes


def _attempt(name: str, subject: str, check: Callable[..., str | None], *args: Any) -> Outcome:
    try:
        reason = check(*args)
    except Exception as exc:
        return Outcome(name, subject, error=exc)
    return Outcome(name, subject, skipped=reason)
