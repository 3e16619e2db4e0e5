"""docs/howto-rl.md's MaskablePPO section runs at a tiny budget, and so do its checker and
Parallel environment examples."""

from __future__ import annotations

import importlib.util
import os
import re
import warnings
from pathlib import Path

import pytest

from tests.rl.conftest import require_rl

require_rl()

PAGE = Path(__file__).resolve().parents[2] / "docs" / "howto-rl.md"


def section(title: str) -> list[str]:
    text = PAGE.read_text(encoding="utf-8")
    part = text.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^```python\n(.*?)^```", part, flags=re.S | re.M)


def run(blocks: list[str], namespace: dict[str, object]) -> None:
    assert blocks
    for i, code in enumerate(blocks, start=1):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            exec(compile(code, f"docs/howto-rl.md block {i}", "exec"), namespace)


def test_the_maskable_ppo_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    if importlib.util.find_spec("sb3_contrib") is None:
        reason = "sb3-contrib is not installed (nox -s tests installs it)"
        if os.environ.get("AERODROME_LEARN"):
            pytest.fail(reason, pytrace=False)
        pytest.skip(reason)
    run(section("Learning with MaskablePPO"), {"STEPS": 32, "ROLLOUTS": 2, "GAMES": 4})
    out = capsys.readouterr().out
    assert re.search(r"MaskablePPO after 64 steps: won \d of 4 games against random", out)


def test_the_checker_and_parallel_examples_run(capsys: pytest.CaptureFixture[str]) -> None:
    namespace: dict[str, object] = {}
    exec("from aerodrome.bridges.rl import SeatEnv", namespace)
    run(section("Checkers, wrappers and illegal actions"), namespace)
    run(section("The Parallel environment"), namespace)
    out = capsys.readouterr().out
    assert "answers applied in the first step" in out
    assert re.search(r"episodes of \[\d+, \d+\] steps played alike", out)
