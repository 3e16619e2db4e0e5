"""``aerodrome train`` (issue 41, item 1): a policy for each seat on a small budget, written
as a policy file that plays as an agent; checkpoints a later run resumes from; an earlier
run's folder is not overwritten without ``--resume``; a bad seat or opponent is one line
before any learning.

It needs the learn group (sb3-contrib and PyTorch): skipped without it, an error where
``AERODROME_LEARN`` says the session installed it (``nox -s tests``). It shows that training
runs and resumes, not that it learns (docs/performance.md has the strength figures).

Mutations caught (each tried): ``train`` writing the policy of seat 0 only (the seats
test); ``--resume`` starting from zero (the steps after a resume); the earlier-run check
removed (the second run overwrites the checkpoints).
"""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path

import pytest

from tests.rl.conftest import require_rl

require_rl()
if importlib.util.find_spec("sb3_contrib") is None:
    if os.environ.get("AERODROME_LEARN"):
        pytest.fail("the learn group is not installed (sb3-contrib)", pytrace=False)
    pytest.skip("the learn group is not installed (sb3-contrib)", allow_module_level=True)

from aerodrome.bridges.rl.policy import read_policy  # noqa: E402
from aerodrome.bridges.rl.train import Budget, train  # noqa: E402
from aerodrome.engine.errors import AerodromeError  # noqa: E402
from aerodrome.ui.cli import app  # noqa: E402
from tests.conftest import PLUGINS, stderr_apart  # noqa: E402

TRAIN = ["train", "df40k", "--setup", "first-blood", "--quiet"]


def invoke(*args: str) -> tuple[int, str]:
    result = stderr_apart().invoke(app, [*TRAIN, *args])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout


def test_train_writes_a_policy_for_every_seat_that_plays(tmp_path: Path) -> None:
    out = tmp_path / "p.json"
    code, said = invoke("--steps", "512", "--out", str(out))
    assert code == 0, said
    policy = read_policy(out)
    assert sorted(policy.networks) == [0, 1]
    assert policy.data.rules.ruleset == "df40k" and policy.data.rules.setup == "first-blood"
    assert policy.data.trained["steps"] == 512 and policy.data.trained["opponents"] == "bot"
    assert f"--agentspolicy:{out},bot" in "".join(said.split())  # however rich wraps it
    ruleset = PLUGINS.ruleset("df40k")
    for seat in (0, 1):
        PLUGINS.agent("df40k", f"policy:{out}").factory(ruleset, seat, 1)
    assert (tmp_path / "p-checkpoints" / "round-1.json").is_file()


def test_a_run_resumes_from_its_checkpoints_and_keeps_an_earlier_one(tmp_path: Path) -> None:
    out = tmp_path / "p.json"
    assert invoke("--steps", "512", "--seat", "0", "--out", str(out))[0] == 0
    with pytest.raises(AerodromeError, match="holds an earlier run; --resume"):
        invoke("--steps", "512", "--seat", "0", "--out", str(out))
    ruleset = PLUGINS.ruleset("df40k")
    chunks: list[int] = []
    train(
        PLUGINS,
        ruleset,
        ruleset.setup("first-blood"),
        out=out,
        budget=Budget(steps=1024),
        seats=[0],
        checkpoints=tmp_path / "p-checkpoints",
        resume=True,
        progress=lambda done, share: chunks.append(done.steps),
    )
    assert chunks == [768, 1024]  # only what the first run had not trained
    state = json.loads((tmp_path / "p-checkpoints" / "train-state.json").read_text())
    # the first run's four rounds (128 steps each: a round's share of its 512), one more for
    # the rest of the larger budget (was a loop without end: that round's end was past 1)
    assert state["steps"] == 1024 and state["rounds"] == 5
    assert read_policy(out).data.trained["steps"] == 1024
    assert sorted(read_policy(out).networks) == [0]


def test_a_budget_spent_at_once_still_trains_every_seat(tmp_path: Path) -> None:
    """A budget smaller than one chunk: every seat still learns one chunk (was a KeyError
    for the second seat, which never got a network)."""
    out = tmp_path / "p.json"
    assert invoke("--steps", "256", "--rounds", "1", "--out", str(out))[0] == 0
    assert sorted(read_policy(out).networks) == [0, 1]


def test_bad_seats_budgets_and_opponents_are_one_line(tmp_path: Path) -> None:
    out = str(tmp_path / "p.json")
    with pytest.raises(AerodromeError, match="give --minutes or --steps"):
        invoke("--out", out)
    with pytest.raises(AerodromeError, match="--seat 5: first-blood has seats 0 to 1"):
        invoke("--steps", "512", "--seat", "5", "--out", out)
    with pytest.raises(AerodromeError, match="unknown agent for df40k 'wizard'"):
        invoke("--steps", "512", "--opponents", "wizard", "--out", out)
    assert not (tmp_path / "p.json").exists()
