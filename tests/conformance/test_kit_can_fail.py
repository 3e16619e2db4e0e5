"""Each check of the conformance kit CAN fail: the example ruleset, broken on purpose in the
way a check's docstring names, turns that check red (and the unbroken one passes it)."""

from __future__ import annotations

import importlib
import itertools
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest

from aerodrome import Ask, Capabilities, Decision, Phase, Step, TurnSequence, hookimpl, listed
from aerodrome.conformance import clauses, contracts, playouts, secrecy
from aerodrome.conformance.broken import BrokenContract, Contract
from aerodrome.conformance.playouts import Case
from aerodrome.engine import game as game_module
from aerodrome.engine.capabilities import Analysis
from aerodrome.engine.turns import Turn
from aerodrome.plugins import Plugins, load_plugins
from tests.conftest import EXAMPLE, example_module

example_module()  # importable
joust = importlib.import_module("aerodrome_joust.ruleset")
CASE = Case("joust", "duel")
_calls = itertools.count()  # a mutation's state outside the game


class SharedView(msgspec.Struct, kw_only=True):  # not frozen, and wraps the state's list
    structure: list[int]
    rounds: int


class SharesItsState(joust.Joust):  # type: ignore[misc,name-defined]
    def observation(self, state: Any, player: int | None, turn: Turn) -> Any:
        return SharedView(structure=state.structure, rounds=turn.round)


class PlayerSpecificView(msgspec.Struct, frozen=True, kw_only=True):
    structure: tuple[int, ...]
    rounds: int
    me: int | None


class ShowsEachPlayerSomethingElse(joust.Joust):  # type: ignore[misc,name-defined]
    def observation(self, state: Any, player: int | None, turn: Turn) -> Any:
        return PlayerSpecificView(structure=tuple(state.structure), rounds=turn.round, me=player)


class HidesItsSimultaneousChoices(joust.Joust):  # type: ignore[misc,name-defined]
    capabilities = Capabilities(hidden_information=False, simultaneous=False)


class BreaksAnInvariant(joust.Joust, Analysis[Any]):  # type: ignore[misc,name-defined]
    def invariants(self, state: Any) -> list[str]:
        return ["structure below zero"] if min(state.structure) < 3 else []

    def material(self, state: Any) -> dict[str, float]:
        return {}


def _sequence(meet: Callable[[Any, Any, Any], bool]) -> TurnSequence[Any]:
    def ask(state: Any, ctx: Any) -> Ask[Any, Any]:
        decision = Decision(players=(0, 1), kind=joust.Kind.PASS, simultaneous=True)
        return Ask(decision, listed(joust.PASSES), meet)

    return TurnSequence(phases=(Phase(name="joust", steps=(Step("pass", ask),)),))


class CountsOutsideTheGame(joust.Joust):  # type: ignore[misc,name-defined]
    """A rule that reads a counter kept outside the game (here: in a roll's purpose, which the
    event log records): a replay or a second play of the same game differs."""

    def sequence(self) -> TurnSequence[Any]:
        def meet(state: Any, ctx: Any, answers: Any) -> bool:
            state.last_pass_flown = ctx.round >= joust.ROUNDS
            ctx.dice.d(6, f"roll number {next(_calls)}")
            return False

        return _sequence(meet)


def plugins_with(ruleset: type) -> Plugins:
    """Plugins holding ``ruleset`` as joust, and no entry-point plugin (an installed joust
    would be a second one)."""

    class Plugin:
        @hookimpl
        def aerodrome_register_rulesets(self) -> list[type]:
            return [ruleset]

    saved = os.environ.get("AERODROME_PLUGINS")
    os.environ["AERODROME_PLUGINS"] = "none"
    try:
        return load_plugins(extra=[("broken-joust", Plugin())])
    finally:
        if saved is None:
            del os.environ["AERODROME_PLUGINS"]
        else:
            os.environ["AERODROME_PLUGINS"] = saved


Check = Callable[[Plugins, Case, int], Any]
MUTATIONS: list[tuple[type, Check, str, Contract]] = [
    (SharesItsState, contracts.check_observation_isolation, "frozen Struct", Contract.FROZEN),
    (
        ShowsEachPlayerSomethingElse,
        secrecy.check_perfect_information,
        "views differ",
        Contract.PERFECT,
    ),
    (
        HidesItsSimultaneousChoices,
        contracts.check_capabilities_match_play,
        "simultaneous",
        Contract.CAPABILITIES,
    ),
    (BreaksAnInvariant, playouts.check_random_playout, "structure below zero", Contract.INVARIANTS),
    (
        CountsOutsideTheGame,
        playouts.check_replay_identity,
        "the replay's event log differs",
        Contract.REPLAY,
    ),
    (
        CountsOutsideTheGame,
        playouts.check_clone_is_independent,
        "two different games",
        Contract.DETERMINISM,
    ),
]


@pytest.mark.parametrize(
    ("ruleset", "check", "message", "contract"),
    MUTATIONS,
    ids=[f"{r.__name__}-{c.__name__}" for r, c, _, _ in MUTATIONS],
)
def test_a_broken_ruleset_fails_the_check(
    ruleset: type, check: Check, message: str, contract: Contract
) -> None:
    check(plugins_with(joust.Joust), CASE, 1)  # the example passes
    with pytest.raises(AssertionError, match=message) as failure:
        for seed in (1, 2, 3):
            check(plugins_with(ruleset), CASE, seed)
    assert isinstance(failure.value, BrokenContract) and failure.value.contract is contract
    assert str(failure.value).startswith(f"contract '{contract}' broken: joust/duel seed ")


def test_a_commitment_everybody_reads_fails_the_secrecy_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No ruleset can show a simultaneous answer before the reveal (the core keeps it); a
    core that logs the commitment for everybody can, and the check says so."""
    plugins = plugins_with(joust.Joust)
    secrecy.check_secret_commitments(plugins, CASE, 1)
    committed = game_module.DecisionCommitted

    def for_everybody(**fields: Any) -> Any:
        return committed(**{**fields, "seen_by": None})

    monkeypatch.setattr(game_module, "DecisionCommitted", for_everybody)
    with pytest.raises(BrokenContract, match="player 1 can tell player 0's secret") as failure:
        secrecy.check_secret_commitments(plugins, CASE, 1)
    assert failure.value.contract is Contract.COMMITMENT


def test_an_untested_or_unknown_clause_fails_the_coverage_checks(tmp_path: Path) -> None:
    plugins = plugins_with(joust.Joust)
    tests = [EXAMPLE / "tests"]
    assert clauses.check_clauses_are_tested(plugins, "joust", tests) is None
    trimmed = tmp_path / "tests"
    trimmed.mkdir()
    text = (EXAMPLE / "tests" / "test_joust.py").read_text()
    (trimmed / "test_joust.py").write_text(text.replace('clause("joust.4")', 'clause("joust.44")'))
    with pytest.raises(AssertionError, match=r"joust\.4"):
        clauses.check_clauses_are_tested(plugins, "joust", [trimmed])
    with pytest.raises(AssertionError, match=r"joust\.44"):
        clauses.check_tests_cite_known_clauses(plugins, "joust", [trimmed])
