"""benchmarks/calibration.py (issue 34, item 7): its A/A comparison is the ruleset against
itself on another run seed, measured and judged as ``aerodrome compare`` judges a variant;
the figures it reports are read off those verdicts."""

from __future__ import annotations

import pytest
from benchmarks import calibration

from tests.core.countdown import countdown_plugins


def test_an_aa_comparison_pairs_a_ruleset_with_itself_on_other_dice() -> None:
    """Mutation caught: the A/A column replayed on the run's own seed (every pair the same
    game twice: no pair differs, and the comparison is no test of anything)."""
    result = calibration.aa_comparison(countdown_plugins(), "countdown", 12, seed=3)
    [verdict] = result.verdicts
    assert verdict.base == "countdown" and verdict.column == "countdown+a/a"
    assert result.family.size == len(result.family.members) >= 15
    diffs = result.differences[0].metrics
    length = diffs["duration-turns"]
    assert length is not None and length.n == 12
    assert length.differing is not None and length.differing > 0
    assert "unchanged" not in verdict.text


def test_the_table_reads_the_figures() -> None:
    row = {
        "ruleset": "toy",
        "games": 30,
        "runs": 20,
        "family": 19,
        "headline_claims": 1,
        "claim_rate": 0.05,
        "claim_interval": [0.009, 0.236],
        "single_interval_runs": 9,
        "single_rate": 0.45,
        "detectable_median": {"balance": 0.31, "duration-turns": 2.25, "lethality-turn": None},
        "cpu_seconds": 12.5,
    }
    text = calibration.render([row])
    assert "| toy | 20 × 30 | 19 | 1 of 20 (5%) [0.01, 0.24] | 9 of 20 (45%) | ±0.31 | ±2.2" in text
    assert "| — | 12.5 |" in text


def test_the_power_run_counts_the_runs_that_confirm_the_known_effect() -> None:
    """Mutation caught: the effect left out of the plan (``params=()``: no column with
    df40k's ``turns=7``, so no longer games to detect)."""
    row = calibration.power("df40k", 30, range(1, 3))
    assert row["effect"] == "--param turns=7" and row["metric"] == "duration-turns"
    assert row["runs"] == 2 and 0 <= row["detected"] <= row["any_confirmed"] <= 2
    assert row["median_delta"] is not None and row["median_delta"] > 0
    text = calibration.render_power([row])
    assert f"| df40k | `--param turns=7` | duration-turns | 2 × 30 | {row['detected']} of 2" in text


def test_power_refuses_a_ruleset_without_a_known_effect(capsys: pytest.CaptureFixture[str]) -> None:
    assert calibration.main(["--power", "--only", "countdown", "--seeds", "1"]) == 1
    assert "--power: no known effect for 'countdown'" in capsys.readouterr().err
