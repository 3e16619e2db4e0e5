"""Issue 27 item 10: ``odds classic attack`` refuses what cannot happen at the table, in one
line naming the option: an unknown card, a card seen played more often than the pack holds
it, a hand bigger than the cards left to deal, a Burst that is no card, an unknown
position."""

from __future__ import annotations

import json

import pytest

from tests.robustness.conftest import run_cli

IMPOSSIBLE = [
    (["--played", "ZZ"], "--played", "'ZZ' is no card of the pack"),
    (["--played", "B1,b1"], "--played", "'b1' is no card"),
    (["--played", ",".join(["B5"] * 17)], "--played", "B5 seen 17 times, but the pack holds 1"),
    (["--played", "LP,LP,LP"], "--played", "LP seen 3 times, but the pack holds 2"),
    (["--cards", "1000000000"], "--cards", "0 to 20, not 1000000000"),
    (["--cards", "21"], "--cards", "0 to 20, not 21"),
    (["--cards", "18", "--played", "B1,B2,B3"], "--cards", "0 to 17, not 18"),
    (["--burst", "0", "--position", "head-on"], "--burst", "1 to 5, not 0"),
    (["--burst", "99"], "--burst", "1 to 5, not 99"),
    (["--burst", str(10**30)], "--burst", ""),
    (["--position", "loop"], "--position", "side, head-on or tail"),
    (["--cards", "-1"], "--cards", ""),
]


@pytest.mark.parametrize(("args", "option", "why"), IMPOSSIBLE)
def test_the_impossible_is_refused(args: list[str], option: str, why: str) -> None:
    run_cli("odds", "classic", "attack", *args).one_line_error(option, why)


@pytest.mark.parametrize(
    "args",
    [[], ["--cards", "20"], ["--cards", "17", "--played", "B1,RO,LP"], ["--played", "LP,LP"]],
)
def test_what_can_happen_is_answered(args: list[str]) -> None:
    result = run_cli("odds", "classic", "attack", *args, "--json")
    assert result.code == 0, result.err
    outcomes = json.loads(result.out)["outcomes"]
    assert sum(o["probability"] for o in outcomes.values()) == pytest.approx(1)
