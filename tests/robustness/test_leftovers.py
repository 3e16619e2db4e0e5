"""A writer killed outright (``SIGKILL``: no ``finally`` runs) leaves the temporary file of
:func:`aerodrome.engine.files.write_atomic` behind; the next start of the command that owns
the file or the folder removes it, and nothing else (issue 38, item 8): ``play --save`` (any
output checked by ``check_output``), a ``--report`` folder, ``serve --games``. A temporary
file of a process still running is a write under way and stays."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from aerodrome.engine.files import check_output, check_output_folder, remove_leftovers
from tests.conftest import stderr_apart
from tests.robustness.conftest import run_cli

pytestmark = pytest.mark.skipif(os.name != "posix", reason="SIGKILL and process ids: POSIX")

#: A writer that stops in the middle of its write, says so, and waits to be killed.
STALLED = textwrap.dedent(
    """
    import os, sys, time
    from aerodrome.engine import files

    def stalled(fd, data):
        os.write(fd, data[:4])
        print("writing", flush=True)
        time.sleep(120)

    files._write_all = stalled
    files.write_atomic(sys.argv[1], b"the new content")
    """
)


def killed_writer(path: Path) -> Path:
    """Kill (``SIGKILL``) a process in the middle of writing ``path`` with ``write_atomic``;
    the temporary file it left."""
    proc = subprocess.Popen([sys.executable, "-c", STALLED, str(path)], stdout=subprocess.PIPE)
    try:
        assert proc.stdout is not None and proc.stdout.readline() == b"writing\n"
    finally:
        proc.kill()
        proc.wait(timeout=60)
        if proc.stdout is not None:
            proc.stdout.close()
    (left,) = path.parent.glob(f".{path.name}.{proc.pid}.*.tmp")
    return left


def live(path: Path) -> Path:
    """A temporary file of a write under way in this process (its id is in the name)."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.0123abcd.tmp")
    tmp.write_bytes(b"half")
    return tmp


def test_a_killed_writer_leaves_its_temporary_file_and_check_output_removes_it(
    tmp_path: Path,
) -> None:
    """Mutation caught: check_output not calling remove_leftovers."""
    save = tmp_path / "game.json"
    save.write_bytes(b"the old content")
    left = killed_writer(save)
    other = tmp_path / "other.json"
    others = left.with_name(left.name.replace("game.json", "other.json"))
    others.write_bytes(b"another file's leftover")
    underway, mine = live(save), tmp_path / "notes.tmp"
    mine.write_bytes(b"the user's")
    check_output(save, "--save", update=True)
    assert not left.exists()
    assert save.read_bytes() == b"the old content"  # the old file whole
    assert underway.exists() and others.exists() and mine.exists()  # not this file's leftover
    assert remove_leftovers(tmp_path, [other.name]) == [others]


def test_play_starts_by_removing_the_leftover_of_its_save(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    left = killed_writer(save)
    done = run_cli("play", "joust", "--seat", "1=random", "--seat", "2=random", "--seed", "3",
                   "--save", str(save))  # fmt: skip
    assert done.code == 0, done.err
    assert not left.exists() and save.exists()
    assert not list(tmp_path.glob(".*.tmp"))


def test_a_report_folder_is_cleaned_of_its_pages_leftovers(tmp_path: Path) -> None:
    left = killed_writer(tmp_path / "index.html")
    check_output_folder(tmp_path, "--report", files=("index.html",))
    assert not left.exists()


def test_serve_starts_by_removing_the_leftovers_in_its_games_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Mutation caught: serve not calling remove_leftovers on --games."""
    uvicorn = pytest.importorskip("uvicorn")
    from aerodrome.ui.cli import app

    games = tmp_path / "games"
    games.mkdir()
    left = killed_writer(games / "abc.json")
    underway = live(games / "def.json")
    ran: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: ran.append(options))
    result = stderr_apart().invoke(app, ["serve", "--games", str(games)])
    assert result.exit_code == 0, result.output
    assert ran and not left.exists() and underway.exists()
