"""``aerodrome compare RULESET --param NAME=VALUE`` (issue 34, item 5): a column with the
declared parameters set, paired with the base column game by game like a variant, for every
parameter the built-in rulesets declare; with ``--variant``, a column with both; one-line
errors for an unknown parameter, a value out of bounds or of the wrong type."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from aerodrome.engine.parameters import ParameterSpec
from aerodrome.runs.results import ResultsFile
from aerodrome.ui.cli import app
from tests.conftest import PLUGINS

#: The built-in rulesets (the example ruleset and the test plugins declare none of theirs).
BUILT_IN = ("classic", "df40k", "dockfighters", "victoriana")
DECLARED = sorted(
    (spec for (ruleset, _), spec in PLUGINS.parameters().items() if ruleset in BUILT_IN),
    key=lambda s: (s.ruleset, s.name),
)


def _value(spec: ParameterSpec) -> int | float:
    """A value other than the rulebook's: the low bound (short games), else the next one."""
    return spec.low if spec.low != spec.default else spec.low + 1


def _compare(runner: CliRunner, *args: str) -> dict[str, Any]:
    result = runner.invoke(
        app, ["compare", *args, "--games", "2", "--no-ladder", "--workers", "1", "--json"]
    )
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert result.exit_code == 0, result.stdout
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_every_built_in_ruleset_declares_a_parameter() -> None:
    assert {s.ruleset for s in DECLARED} == set(BUILT_IN)


@pytest.mark.parametrize("spec", DECLARED, ids=lambda s: f"{s.ruleset}-{s.name}")
def test_a_parameter_is_a_column_paired_with_its_base(
    spec: ParameterSpec, runner: CliRunner, tmp_path: Path
) -> None:
    """Every declared parameter of the four rulesets: the column plays every game with the
    value (its records say so) from the same seeds as the base column, and is paired with it.
    Mutation caught: ``plan`` building the parameter column without its values (the records
    carry no parameter, the column is named like the base)."""
    value = _value(spec)
    out = tmp_path / "games.jsonl"
    data = _compare(runner, spec.ruleset, "--param", f"{spec.name}={value:g}", "--out", str(out))
    names = [c["column"]["name"] for c in data["columns"]]
    assert names == [spec.ruleset, f"{spec.ruleset} {spec.name}={value:g}"]
    assert data["columns"][1]["column"]["params"] == [[spec.name, value]]
    [diff] = data["differences"]
    assert diff["base"] == spec.ruleset and diff["column"] == names[1]
    with ResultsFile(out) as f:
        records = list(f.records())
    assert {r.params for r in records} == {(), ((spec.name, value),)}
    seeds: dict[tuple[object, ...], set[tuple[object, ...]]] = {}
    for r in records:
        seeds.setdefault((r.agents, r.index, r.seed), set()).add(r.params)
    assert all(len(p) == 2 for p in seeds.values())  # each game played with and without


def test_a_set_up_parameter_changes_the_games(runner: CliRunner) -> None:
    """df40k's battle of one turn lasts one round (the value reaches the set-up, not only
    the column's name)."""
    data = _compare(runner, "df40k", "--param", "turns=1")
    base, short = (c["metrics"]["duration-turns"] for c in data["columns"])
    assert short["high"] <= 1 < base["value"]


def test_a_parameter_and_a_variant_make_a_column_with_both(runner: CliRunner) -> None:
    data = _compare(runner, "df40k", "--param", "turns=2", "--variant", "fixed-first-player")
    names = [c["column"]["name"] for c in data["columns"]]
    assert names == [
        "df40k",
        "df40k+fixed-first-player",
        "df40k turns=2",
        "df40k+fixed-first-player turns=2",
    ]
    assert data["columns"][3]["column"]["variants"] == ["fixed-first-player"]
    assert data["columns"][3]["column"]["params"] == [["turns", 2]]
    assert [(d["base"], d["column"]) for d in data["differences"]] == [
        ("df40k", name) for name in names[1:]
    ]


def test_several_parameters_share_one_column(runner: CliRunner) -> None:
    data = _compare(
        runner, "victoriana", "--param", "raf-squadron=2", "--param", "luftwaffe-squadron=2"
    )
    names = [c["column"]["name"] for c in data["columns"]]
    assert names == ["victoriana", "victoriana luftwaffe-squadron=2,raf-squadron=2"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["df40k", "--param", "turnz=3"],
            "--param turnz: unknown parameter of df40k 'turnz'. Did you mean 'turns'? "
            "Known: ork-bs, turns.",
        ),
        (["classic", "--param", "cards=11"], "--param cards=11: outside its bounds 1..10"),
        (
            ["classic", "--param", "cards=2.5"],
            "--param cards=2.5: not a whole number; cards takes whole numbers in 1..10",
        ),
        (
            ["classic", "--param", "cards=many"],
            "--param cards=many: not a number; cards takes whole numbers in 1..10",
        ),
        (["classic", "--param", "cards"], "--param 'cards': write NAME=VALUE"),
        (["classic", "--param", "cards=2", "--param", "cards=3"], "--param cards: given twice"),
        (["--param", "cards=2"], "--param: name the one ruleset whose parameters it sets"),
    ],
)
def test_a_bad_parameter_is_one_line(args: list[str], message: str) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "aerodrome.ui.cli", "compare", *args, "--games", "1"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 1 and proc.stdout == ""
    assert proc.stderr.startswith(f"aerodrome: error: {message}"), proc.stderr
    assert proc.stderr.count("\n") == 1
