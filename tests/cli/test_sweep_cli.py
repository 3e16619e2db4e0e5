"""``aerodrome sweep --target`` through the CLI: ``--json`` carries every grid point, every
crossing and the monotonicity verdict, and the printed lines say the crossing."""

from __future__ import annotations

import json
from typing import Any

from typer.testing import CliRunner

from aerodrome.ui.cli import app

ARGS = ["sweep", "df40k", "--param", "turns=2..5", "--target", "duration-turns=2.5"]


def _run(runner: CliRunner, *more: str) -> str:
    result = runner.invoke(app, [*ARGS, "--games", "8", "--workers", "1", "--quiet", *more])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert result.exit_code == 0, result.stdout
    return result.stdout


def test_json_carries_every_point_every_crossing_and_the_shape(runner: CliRunner) -> None:
    """A battle of 2 turns lasts 2 rounds exactly; one of 3 turns nearly always 3: the
    crossing of 2.5 is claimed between turns=2 and 3. Mutation caught: ``Sweep`` without its
    target in the JSON (a struct field dropped)."""
    data: dict[str, Any] = json.loads(_run(runner, "--json"))
    t = data["target"]
    assert data["values"] == [2, 3, 4, 5]
    assert [p["value"] for p in t["points"]] == [2, 3, 4, 5]
    assert all(
        p["estimate"]["low"] <= p["estimate"]["value"] <= p["estimate"]["high"] for p in t["points"]
    )
    assert t["points"][0]["side"] == "below"
    [c] = t["crossings"]
    assert (c["low"], c["high"], c["claimed"], c["direction"]) == (2, 3, True, "up")
    assert c["at_low"]["high"] < 2.5 < c["at_high"]["low"]
    assert t["monotone"] == "rising" and t["monotone_text"] == t["text"][-1]


def test_the_table_is_followed_by_the_crossing(runner: CliRunner) -> None:
    out = " ".join(_run(runner).split())
    assert "duration-turns crosses 2.5 upward between turns=2 (2 [2, 2]) and turns=3 (" in out
    assert "duration-turns rises with turns" in out
