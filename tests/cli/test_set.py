"""``--set PATH=VALUE`` on the commands (issue 35, item 1): spec numbers changed for a run on
every built-in ruleset, recorded in every game record and save (a replay reproduces the game
byte for byte, and cannot without them), swept like a declared parameter, with one-line
errors naming the path and what is allowed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.specs import clear_in_force
from aerodrome.runs.results import ResultsFile
from aerodrome.ui.cli import app

#: A spec number of each built-in ruleset whose change shows in a few games.
PATHS = {
    "classic": "cards.draw=2",
    "df40k": "rules.battle.turns=2",
    "victoriana": "rules.attack.black_base=0",
    "dockfighters": "tables.base_to_hit=2",
}
HAWK = 'aircraft[name="Fw-802 E-1 Hawk"]'


@pytest.fixture(autouse=True)
def _as_they_are() -> Iterator[None]:
    yield
    clear_in_force()


def _ok(runner: CliRunner, *args: str, input: str | None = None) -> str:
    result = runner.invoke(app, list(args), input=input)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert result.exit_code == 0, result.output
    return result.output


def _games(path: Path) -> list[Any]:
    with ResultsFile(path) as results:
        return sorted(results.records(), key=lambda r: r.index)


@pytest.mark.parametrize("ruleset", sorted(PATHS))
def test_set_changes_the_games_of_every_ruleset_and_is_recorded(
    runner: CliRunner, tmp_path: Path, ruleset: str
) -> None:
    path, value = PATHS[ruleset].split("=")
    args = ["simulate", ruleset, "-n", "3", "--seed", "2", "-q", "--json"]
    changed = json.loads(_ok(runner, *args, "--set", PATHS[ruleset], "--out", str(tmp_path / "s")))
    base = json.loads(_ok(runner, *args, "--out", str(tmp_path / "b")))
    assert changed["set"] == {path: int(value)} and "set" not in base
    games = _games(tmp_path / "s")
    assert [g.params for g in games] == [((path, int(value)),)] * 3
    assert [g.params for g in _games(tmp_path / "b")] == [()] * 3
    assert [(g.result, g.decisions) for g in games] != [
        (g.result, g.decisions) for g in _games(tmp_path / "b")
    ]


def test_set_reaches_worker_processes(runner: CliRunner) -> None:
    args = ["simulate", "dockfighters", "-n", "4", "-q", "--json", "--set", f"{HAWK}.yellow=1"]
    here = json.loads(_ok(runner, *args, "--workers", "1"))
    pool = json.loads(_ok(runner, *args, "--workers", "2"))
    assert here == pool


@pytest.mark.parametrize(
    ("value", "says"),
    [
        (f"{HAWK}.yellow=41", '--set aircraft[name="Fw-802 E-1 Hawk"].yellow=41: outside its '),
        ("tables.to_hit.side=5", "--set tables.to_hit.side: tables.toml $ has no field 'to_hit'"),
        ("weather.medium_size=2", "weather.toml $.medium_size takes one of 1, 3, 7"),
        (
            "tables.base_to_hit=high",
            "'high' is not a number; tables.base_to_hit takes whole numbers 1..7",
        ),
    ],
)
def test_bad_sets_are_one_line_errors(runner: CliRunner, value: str, says: str) -> None:
    result = runner.invoke(app, ["simulate", "dockfighters", "-n", "1", "--set", value])
    assert isinstance(result.exception, AerodromeError)
    assert says in str(result.exception) and "\n" not in str(result.exception)


def _play(runner: CliRunner, save: Path, *sets: str) -> None:
    seats = ["--seat", "1=bot", "--seat", "2=bot", "--seed", "5", "--save", str(save)]
    _ok(runner, "play", "dockfighters", *seats, *(a for s in sets for a in ("--set", s)))


def test_a_save_with_sets_replays_byte_identically(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    sets = ("tables.base_to_hit=3", f"{HAWK}.yellow=1")
    _play(runner, save, *sets)
    clear_in_force()  # the replay reads the numbers from the save alone
    out = json.loads(_ok(runner, "replay", str(save), "--verify", "--json"))
    assert out["verified"] is True
    header, *steps = save.read_text().splitlines(keepends=True)
    first = json.loads(header)
    assert first["params"] == [[f"{HAWK}.yellow", 1], ["tables.base_to_hit", 3]]
    # without its numbers the same actions are another game (or no game at all)
    del first["params"]
    bare = tmp_path / "bare.jsonl"
    bare.write_text(json.dumps(first) + "\n" + "".join(steps))
    assert runner.invoke(app, ["replay", str(bare), "--verify"]).exit_code != 0


def test_a_whole_save_with_sets_replays_byte_identically(runner: CliRunner, tmp_path: Path) -> None:
    from aerodrome.engine.game import Game
    from aerodrome.engine.parameters import spec_sets
    from aerodrome.plugins import load_plugins
    from aerodrome.runs.saves import write_save
    from tests.conftest import PLUGINS

    values = spec_sets(PLUGINS.parameters(), "dockfighters", ["tables.base_to_hit=3"])
    plugins = load_plugins(parameters=[("dockfighters", v) for v in values])
    rules = plugins.ruleset("dockfighters")
    game: Game[Any, Any, Any] = Game(rules, rules.setup(), 9)
    while not game.is_over() and len(game.history) < 80:
        player = game.waiting_for()[0]
        game.apply(player, game.legal_actions(player)[-1])
    save = tmp_path / "game.json"
    write_save(game, save)
    assert json.loads(save.read_text())["params"] == [["tables.base_to_hit", 3]]
    clear_in_force()
    out = json.loads(_ok(runner, "replay", str(save), "--verify", "--json"))
    assert out["verified"] is True


def test_a_save_without_sets_keeps_its_bytes(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    _play(runner, save)
    assert '"params"' not in save.read_text()
    assert json.loads(_ok(runner, "replay", str(save), "--verify", "--json"))["verified"]


def test_a_save_with_a_bad_param_names_the_file(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    _play(runner, save, "tables.base_to_hit=3")
    header, *steps = save.read_text().splitlines(keepends=True)
    data = json.loads(header)
    data["params"] = [["tables.base_to_hit", 99]]
    save.write_text(json.dumps(data) + "\n" + "".join(steps))
    result = runner.invoke(app, ["replay", str(save), "--verify"])
    assert f"{save}: $.params: " in str(result.exception) and "bounds 1..7" in str(result.exception)


def test_resume_keeps_the_saved_numbers(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    _play(runner, save, "tables.base_to_hit=3")
    result = runner.invoke(app, ["play", "--resume", str(save), "--set", "tables.base_to_hit=4"])
    assert "leave out --set" in str(result.exception)


def test_sweep_sweeps_a_spec_path(runner: CliRunner) -> None:
    out = json.loads(
        _ok(
            runner,
            "sweep",
            "dockfighters",
            "--param",
            f"{HAWK}.yellow=1..2",
            "--set",
            "tables.base_to_hit=4",
            "--games",
            "2",
            "--workers",
            "1",
            "-q",
            "--json",
        )
    )
    assert out["parameter"] == f"{HAWK}.yellow" and out["values"] == [1, 2]
    params = [dict(c["column"]["params"]) for c in out["comparison"]["columns"]]
    assert sorted(p[f"{HAWK}.yellow"] for p in params) == [1, 2]
    assert {p["tables.base_to_hit"] for p in params} == {4}


def test_tournament_plays_every_game_with_the_numbers(runner: CliRunner, tmp_path: Path) -> None:
    args = ["tournament", "df40k", "--agents", "random,bot", "-n", "1", "-q", "--json"]
    out = tmp_path / "t.jsonl"
    standings = json.loads(_ok(runner, *args, "--set", "rules.battle.turns=2", "--out", str(out)))
    assert standings["set"] == {"rules.battle.turns": 2}
    games = _games(out)
    assert games and all(g.params == (("rules.battle.turns", 2),) for g in games)
    assert all(g.result.rounds <= 2 for g in games)
    report = tmp_path / "report"
    _ok(runner, *args, "--set", "rules.battle.turns=2", "--report", str(report))
    assert (
        "Spec numbers changed (--set): rules.battle.turns=2" in (report / "index.html").read_text()
    )


def test_compare_pairs_a_column_with_the_numbers_against_the_base(runner: CliRunner) -> None:
    args = ["compare", "dockfighters", "--games", "2", "--no-ladder", "--workers", "1", "--json"]
    sets = ("--set", "tables.base_to_hit=5", "--set", "fighter-structure=150")
    out = json.loads(_ok(runner, *args, *sets, "-q"))
    names = [c["column"]["name"] for c in out["columns"]]
    assert names == ["dockfighters", "dockfighters fighter-structure=150,tables.base_to_hit=5"]
    (difference,) = out["differences"]
    assert (difference["column"], difference["base"]) == (names[1], names[0])
    result = runner.invoke(app, ["compare", "dockfighters", "classic", "--set", "tables.x=1"])
    assert "--set: name the one ruleset" in str(result.exception)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (
            ["simulate", "dockfighters", "--set", f"{HAWK}.yellow=41"],
            f"aerodrome: error: --set {HAWK}.yellow=41: outside its bounds 0..40 (aircraft.toml "
            "$.aircraft[0].yellow: whole numbers 0..40)\n",
        ),
        (
            ["sweep", "dockfighters", "--param", "tables.base_to_hit=0..3"],
            "aerodrome: error: --param tables.base_to_hit=0: outside its bounds 1..7",
        ),
    ],
)
def test_the_command_prints_one_line_and_no_traceback(args: list[str], says: str) -> None:
    import subprocess
    import sys

    proc = subprocess.run(
        [sys.executable, "-m", "aerodrome.ui.cli", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert proc.stderr.startswith(says) and proc.stderr.count("\n") == 1, proc.stderr
