"""The table of set-ups in docs/rules/df40k.md (written by ``python -m benchmarks
df40k.setups``) lists every set-up; a stand-in's forces are matched (bot-vs-bot: 40-60 % of
the decided battles for either side) and the printed one is marked so. Mutation caught: a
set-up added to setups.toml without re-running the benchmark, or a stand-in whose measured
share left 40-60 %."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any

from aerodrome_df40k.specs import builtin

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "rules" / "df40k.md"


def bench() -> Any:
    """benchmarks/bench_df40k.py (not a package the tests import)."""
    spec = importlib.util.spec_from_file_location(
        "bench_df40k", ROOT / "benchmarks" / "bench_df40k.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BENCH = bench()
BEGIN, END = BENCH.BEGIN, BENCH.END


def rows() -> dict[str, list[str]]:
    text = DOC.read_text().split(BEGIN, 1)[1].split(END, 1)[0]
    out = {}
    for line in text.strip().splitlines()[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        out[cells[0].strip("`")] = cells
    return out


def test_every_setup_is_in_the_table_with_its_kind() -> None:
    table_rows = rows()
    setups = builtin().setups
    assert list(table_rows) == [s.name for s in setups]
    for s in setups:
        assert table_rows[s.name][1] == ("stand-in" if s.assumed else "printed")
        assert table_rows[s.name][2].startswith(s.sides[0]) and table_rows[s.name][3].startswith(
            s.sides[1]
        )


def test_stand_in_setups_are_matched_forces() -> None:
    for s in builtin().setups:
        cells = rows()[s.name]
        wins = [int(re.findall(r"\d+", c)[-1]) for c in cells[2:4]]
        assert sum(wins) + int(cells[4]) == 1000  # 1,000 battles measured
        share = float(cells[8].rstrip("%"))
        assert abs(share - 100 * wins[0] / sum(wins)) < 0.1
        if s.assumed:
            assert 40 <= share <= 60, s.name


def test_the_table_is_made_from_the_figures() -> None:
    row = {
        "setup": "x",
        "sides": ("a", "b"),
        "wins": [3, 1],
        "draws": 1,
        "capped": 0,
        "dogfights_per_battle": 2.5,
        "battles_with_dogfights": 0.8,
        "first_side_share": 0.75,
    }
    text = BENCH.table([row], {"x": {**row, "first_side_share": 0.5}}, set())
    assert "| `x` | stand-in | a 3 | b 1 | 1 | 0 | 2.50 | 80% | 75.0% | 50.0% |" in text
