"""``python -m benchmarks learned`` (issue 41, item 4): a policy trained on a step budget
plays the bot in both seatings on the same game seeds, and the row says what it was trained
with (the shaping) and what a step cost (steps a second: what a 10-minute budget buys).

Mutations caught (each tried): the seatings played on different seeds (the second seating's
games on ``seed + 1``: the paired results differ, red); the row without its shaping (KeyError,
red); the steps a second from the play time instead of the training time (red).
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tests.rl.conftest import require_rl

require_rl()
if importlib.util.find_spec("sb3_contrib") is None:
    if os.environ.get("AERODROME_LEARN"):
        pytest.fail("the learn group is not installed (sb3-contrib)", pytrace=False)
    pytest.skip("the learn group is not installed (sb3-contrib)", allow_module_level=True)

from benchmarks import bench_learned  # noqa: E402

from aerodrome.bridges.rl.train import Budget, Hyper, train  # noqa: E402
from aerodrome.runs.sim import run_games  # noqa: E402
from tests.conftest import PLUGINS  # noqa: E402


def test_the_duel_plays_both_seatings_on_the_same_seeds(tmp_path: Path) -> None:
    ruleset = PLUGINS.ruleset("df40k")
    setup = ruleset.setup("first-blood")
    out = tmp_path / "p.json"
    train(PLUGINS, ruleset, setup, out=out, budget=Budget(steps=512))
    found = bench_learned.duel(ruleset, setup, str(out), 6, seed=7)
    # the same games played here, seating by seating, on one list of seeds
    wins, losses, draws, seeds = [0, 0], [0, 0], 0, []
    for seat in (0, 1):
        agents = ["bot", "bot"]
        agents[seat] = f"policy:{out}"
        side = setup.seats[seat].side
        played = list(run_games(PLUGINS, ruleset, setup, agents, 3, 7))
        seeds.append([r.seed for r in played])
        for record in played:
            result = record.result
            if not result.finished or not result.winners:
                draws += 1
            elif side in result.winners:
                wins[seat] += 1
            else:
                losses[seat] += 1
    assert seeds[0] == seeds[1]
    assert list(found.seat_wins) == wins and list(found.seat_losses) == losses
    assert (found.wins, found.losses, found.draws) == (sum(wins), sum(losses), draws)


def test_a_row_says_its_shaping_and_steps_a_second(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = iter([100.0, 130.0, 130.0, 190.0])  # training 30 s, play 60 s
    stub = SimpleNamespace(perf_counter=lambda: next(clock))
    monkeypatch.setattr(bench_learned, "time", stub)  # the benchmark's clock alone
    row: dict[str, Any] = bench_learned.measure(
        "df40k", "first-blood", 512, games=2, hyper=Hyper(shaping=0.5)
    )
    assert row["shaping"] == 0.5 and row["steps"] == 512
    assert row["steps_per_second"] == round(512 / 30, 1) and row["play_seconds"] == 60.0
    assert row["games"] == 2 == row["wins"] + row["losses"] + row["draws"]
