"""Versions: ``aerodrome --version``, shell completion, and the versions recorded in saves and
results files, with what happens when a file was written by other versions.

Decisions tested here: a replay of a save made by other versions WARNS (one line naming both
versions) and goes on; a resumed ``--out`` file whose games were played by other versions is
REFUSED with a one-line error (one run never mixes games of two versions); records and saves
written before versions were recorded (no ``versions`` field) are read as before.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import msgspec

import aerodrome
from aerodrome.engine.game import Game
from aerodrome.runs.parallel import Config, Engine
from aerodrome.runs.results import seal
from aerodrome.runs.saves import read_save, write_save
from aerodrome.runs.versions import differences, installed, versions_of
from tests.conftest import PLUGINS
from tests.robustness.conftest import cli_plugins, run_cli


def test_version_lists_aerodrome_and_every_plugin_with_its_distribution() -> None:
    out = run_cli("--version")
    assert out.code == 0, out.err
    lines = out.out.splitlines()
    assert lines[0] == f"aerodrome {aerodrome.__version__}"
    for name in ("classic", "df40k", "victoriana", "dockfighters"):
        assert f"  {name}: aerodrome {aerodrome.__version__}" in lines
    assert len(lines) == 1 + len(installed())


def test_the_version_has_one_source() -> None:
    from importlib.metadata import version

    assert version("aerodrome") == aerodrome.__version__
    text = (Path(__file__).resolve().parents[2] / "pyproject.toml").read_text()
    assert 'dynamic = ["version"]' in text and "\nversion = " not in text


def test_shell_completion_is_enabled() -> None:
    """The completion protocol (what the script of `--install-completion` calls) completes
    commands, plugin commands too."""
    env = {**os.environ, "_AERODROME_COMPLETE": "complete_bash", "COMP_CWORD": "1"}
    cmd = [sys.executable, "-c", "from aerodrome.ui.cli import main; main()"]
    got = subprocess.run(
        cmd, env={**env, "COMP_WORDS": "aerodrome sim"}, capture_output=True, text=True, timeout=120
    )
    assert got.stdout.split() == ["simulate"], got.stderr
    got = subprocess.run(
        cmd,
        env={**env, "COMP_WORDS": "aerodrome dockf"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert got.stdout.split() == ["dockfighters"], got.stderr


def _game() -> Game:
    game = Game(PLUGINS.ruleset("classic"), "two-player", 5)
    for _ in range(6):
        for p in game.waiting_for():
            game.apply(p, game.legal_actions(p)[0])
    return game


def test_a_save_records_the_versions_that_played(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    write_save(_game(), path)
    assert read_save(path).versions == {"aerodrome": aerodrome.__version__}


def test_a_replay_by_another_version_warns_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    write_save(_game(), path)
    data = json.loads(path.read_text())
    data["versions"] = {"aerodrome": "0.0.1", "aerodrome-extra": "2.0"}
    path.write_text(json.dumps(data))
    with cli_plugins():
        out = run_cli("replay", str(path), "--verify")
    assert out.code == 0, out.err
    warning = [line for line in out.err.splitlines() if line.startswith("aerodrome: warning: ")]
    assert len(warning) == 1, out.err
    assert "aerodrome 0.0.1" in warning[0] and f"now {aerodrome.__version__}" in warning[0]
    assert "aerodrome-extra 2.0, now not installed" in warning[0]
    with cli_plugins():
        out = run_cli("replay", str(path), "--json")
    versions = json.loads(out.out)["versions"]
    assert versions == {"saved": data["versions"], "replayed": {"aerodrome": aerodrome.__version__}}


def test_a_save_without_versions_replays_without_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    write_save(_game(), path)
    data = json.loads(path.read_text())
    del data["versions"]  # as written before versions were recorded
    path.write_text(json.dumps(data))
    with cli_plugins():
        out = run_cli("replay", str(path), "--verify")
    assert out.code == 0 and "warning" not in out.err, out.err


CONFIG = Config(ruleset="joust", setup="duel", agents=("random", "random"), games=4, seed=3)


def test_records_carry_versions_and_another_versions_file_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    records = list(Engine(PLUGINS, workers=1).run([CONFIG], out))
    assert {tuple(r.versions.items()) for r in records} == {(("aerodrome", aerodrome.__version__),)}
    lines = out.read_bytes().splitlines()
    # the first game as if played by another aerodrome (sealed again: a well-formed record)
    first = msgspec.json.decode(lines[0][: lines[0].rindex(b',"check"')] + b"}")
    first["versions"] = {"aerodrome": "9.9"}
    out.write_bytes(seal(msgspec.json.encode(first)) + b"\n".join(lines[1:]) + b"\n")
    with cli_plugins():
        got = run_cli("simulate", "joust", "--games", "4", "--seed", "3", "--out", str(out), "-q")
    got.one_line_error(
        str(out), "aerodrome 9.9", f"now {aerodrome.__version__}", "another --out file"
    )


def test_records_without_versions_are_still_read(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    records = list(Engine(PLUGINS, workers=1).run([CONFIG], out))
    old = []
    for rec in records:
        raw = msgspec.to_builtins(rec)
        del raw["versions"]  # a line written before versions were recorded
        old.append(seal(msgspec.json.encode(raw)))
    out.write_bytes(b"".join(old))
    again = list(Engine(PLUGINS, workers=1).run([CONFIG], out))
    assert len(again) == 4 and all(r.versions == {} for r in again)  # read, not played again
    assert out.read_bytes() == b"".join(old)


def test_differences_name_each_changed_distribution() -> None:
    assert differences({}, {"aerodrome": "1"}) is None
    assert differences({"aerodrome": "1"}, {"aerodrome": "1"}) is None
    assert differences({"aerodrome": "1", "p": "2"}, {"aerodrome": "1"}) == "p 2, now not installed"
    assert versions_of(PLUGINS.ruleset("classic")) == {"aerodrome": aerodrome.__version__}
