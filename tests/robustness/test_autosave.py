"""Issue 27 item 8: ``play --save`` costs O(1) an action (one line appended, never the whole
game rewritten), replays byte-identical, and loses nothing on a crash: every prefix of whole
lines is a save that replays and verifies, a torn last line is left out with a warning, and
a game killed with SIGKILL goes on with ``--resume`` from where it stood."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import aerodrome.engine.files as files
import aerodrome.runs.autosave as autosave
from aerodrome.runs.autosave import SaveWriter
from aerodrome.runs.saves import STREAM_FORMAT, CutShortWarning, read_save
from tests.robustness.conftest import run_cli

RANDOM_GAME = ["play", "classic", "--seat", "1=random", "--seat", "2=random", "--seed", "3"]


@pytest.fixture(scope="module")
def long_save(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A classic game of random agents (1,053 actions) saved by ``play --save``."""
    from tests.robustness.conftest import cli_plugins

    path = tmp_path_factory.mktemp("autosave") / "game.json"
    with cli_plugins():
        result = run_cli(*RANDOM_GAME, "--save", str(path))
    assert result.code == 0, result.err
    return path


def test_a_save_is_written_once_and_appended_to_once_an_action(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Mutation caught: the session writing the whole save after every action (main's
    write_save: one atomic rewrite per action, O(n) each, O(n^2) a game)."""
    whole: list[int] = []
    lines: list[int] = []
    real_atomic, real_append = files.write_atomic, SaveWriter._append

    def atomic(path: Any, data: Any, *args: Any, **kwargs: Any) -> Any:
        whole.append(len(data))
        return real_atomic(path, data, *args, **kwargs)

    def append(self: SaveWriter, data: bytes) -> None:
        lines.append(len(data))
        real_append(self, data)

    monkeypatch.setattr(files, "write_atomic", atomic)
    monkeypatch.setattr(autosave, "write_atomic", atomic)
    monkeypatch.setattr("aerodrome.runs.saves.write_atomic", atomic)
    monkeypatch.setattr(SaveWriter, "_append", append)
    save = tmp_path / "game.json"
    assert run_cli(*RANDOM_GAME, "--save", str(save)).code == 0
    actions = len(read_save(save).actions)
    assert actions > 1000
    assert len(whole) == 1 and whole[0] < 2000  # the header, once
    assert len(lines) == actions  # one line an action...
    assert max(lines) < 1000  # ...of its own size, not the game's


def test_the_save_replays_byte_identical(long_save: Path) -> None:
    assert long_save.read_bytes().startswith(b'{"format":"' + STREAM_FORMAT.encode())
    result = run_cli("replay", str(long_save), "--verify")
    assert result.code == 0 and "event log identical" in result.out, result.err


@pytest.mark.parametrize("cut", [0.0, 0.1, 0.5, 0.9, 0.999])
def test_every_prefix_is_a_save_that_goes_on(long_save: Path, tmp_path: Path, cut: float) -> None:
    """A crash at any byte: the whole lines before it replay and verify, a torn last line is
    left out with one warning, and ``--resume`` finishes the game from there (its actions
    first: nothing lost, nothing twice)."""
    data = long_save.read_bytes()
    header_end = data.index(b"\n") + 1
    at = header_end + int((len(data) - header_end) * cut) + 7  # inside a line
    cut_save = tmp_path / "cut.json"
    cut_save.write_bytes(data[:at])
    with pytest.warns(CutShortWarning, match="cut short"):
        kept = read_save(cut_save)
    replayed = run_cli("replay", str(cut_save), "--verify")
    assert replayed.code == 0, replayed.err
    assert replayed.err.count("aerodrome: warning:") == 1 and "cut short" in replayed.err
    resumed = run_cli("play", "--resume", str(cut_save))
    assert resumed.code == 0, resumed.err
    final = read_save(cut_save)
    assert final.actions[: len(kept.actions)] == kept.actions
    assert run_cli("replay", str(cut_save), "--verify").code == 0


def test_a_broken_middle_line_is_one_error_naming_it(long_save: Path, tmp_path: Path) -> None:
    lines = long_save.read_bytes().splitlines(keepends=True)
    lines[10] = lines[10][:20] + b"\n"
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"".join(lines))
    run_cli("replay", str(bad)).one_line_error(f"{bad}: line 11", "not valid JSON")


def test_an_undo_line_goes_back(long_save: Path, tmp_path: Path) -> None:
    """An undo line after 19 actions going back to 7: the kept line of play is cut there,
    the undo recorded, and the digest is the one of the 7th action's line."""
    lines = long_save.read_bytes().splitlines(keepends=True)
    undo = b'{"undo":{"at":7,"by":0,"reason":"r","actions":[],"reseed":5}}\n'
    path = tmp_path / "undo.json"
    path.write_bytes(b"".join(lines[:20]) + undo)
    got = read_save(path)
    assert len(got.actions) == 7 and got.undone[-1].at == 7
    assert got.log_sha256 in lines[7].decode()
    assert run_cli("replay", str(path), "--verify").code == 0
    path.write_bytes(b"".join(lines[:20]) + undo.replace(b'"at":7', b'"at":70'))
    run_cli("replay", str(path)).one_line_error("line 21", "$.undo.at: 70, but 19 actions")


def _lines(path: Path) -> int:
    try:
        return path.read_bytes().count(b"\n")
    except FileNotFoundError:
        return 0


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_a_game_killed_mid_play_goes_on_with_resume(tmp_path: Path) -> None:
    """The real thing: ``aerodrome play`` killed with SIGKILL while it plays; the save holds
    every whole action up to the kill, replays byte-identical, and goes on."""
    save = tmp_path / "game.json"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    game = subprocess.Popen(
        [sys.executable, "-m", "aerodrome.ui.cli", *RANDOM_GAME, "--save", str(save)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    try:
        deadline = time.monotonic() + 120
        while _lines(save) < 300 and game.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        game.send_signal(signal.SIGKILL)
    finally:
        game.wait(30)
    if game.returncode == 0:
        pytest.skip("the game ended before it could be killed")
    before = read_save(save)
    assert len(before.actions) >= 299
    assert run_cli("replay", str(save), "--verify").code == 0
    resumed = run_cli("play", "--resume", str(save))
    assert resumed.code == 0, resumed.err
    after = read_save(save)
    assert after.actions[: len(before.actions)] == before.actions
    assert run_cli("replay", str(save), "--verify").code == 0
