"""docs/howto-openspiel.md's code runs, at a tiny budget (``GAMES`` = 4)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.openspiel.conftest import require_openspiel

require_openspiel()

PAGE = Path(__file__).resolve().parents[2] / "docs" / "howto-openspiel.md"


def test_the_mcts_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"^```python\n(.*?)^```", PAGE.read_text(encoding="utf-8"), re.S | re.M)
    assert blocks
    namespace: dict[str, object] = {"__name__": "docs.howto_openspiel", "GAMES": 4}
    for i, code in enumerate(blocks, start=1):
        exec(compile(code, f"docs/howto-openspiel.md block {i}", "exec"), namespace)
    out = capsys.readouterr().out
    assert "aerodrome_df40k 2 players" in out
    found = re.search(r"4 games over both seats: won (\d+), drawn (\d+), lost (\d+)", out)
    assert found is not None and sum(map(int, found.groups())) == 4
    assert "the duel opens at a chance node: True" in out
    assert "plays by the average policy:" in out
