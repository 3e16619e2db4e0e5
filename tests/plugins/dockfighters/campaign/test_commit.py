"""A scenario between two squadrons is one commit (issue 26): both files show it or neither
does, whatever stops the command between the two files, and two files that disagree are
refused with one line naming both and how to recover.

Faults injected: the second file's rename failing (an OSError), the process killed (SIGKILL,
a real subprocess) right after the first file's rename, the process killed before it, the
first file gone when the second is read, an old copy of one file put back.
Mutations caught: the pending file written after the first rename (the kill test: the
second file never learns of the scenario), ``recover`` not called by ``load`` (the kill and
failure tests), ``check_pair`` returning at once (the old-copy test).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from aerodrome_dockfighters.campaign import files
from aerodrome_dockfighters.campaign.cli import app
from aerodrome_dockfighters.campaign.journal import Scenario

PILOTS = ["--pilot", "Hans", "--pilot", "Fritz", "--pilot", "Sepp", "--pilot", "Alois"]
SAXONS = ["--pilot", "Karl", "--pilot", "Otto", "--pilot", "Paul", "--pilot", "Emil"]


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


@pytest.fixture
def pair(tmp_path: Path) -> tuple[Path, Path]:
    a, b = tmp_path / "jasta.json", tmp_path / "saxons.json"
    assert run("new", str(a), "--faction", "bavaria", *PILOTS)[0] == 0
    assert run("new", str(b), "--faction", "saxony", *SAXONS, "--seed", "2")[0] == 0
    return a, b


def scenarios(path: Path) -> list[str]:
    """The scenario ids of the file as it lies on the disk (no recovery)."""
    sq = files.decode(path.read_bytes(), str(path))
    return [e.id for e in sq.journal if isinstance(e, Scenario)]


def consistent(a: Path, b: Path) -> None:
    """Both files read (finishing what waits), agree, and rebuild from their journals."""
    sa, sb = files.load(a), files.load(b)
    files.check_pair((a, sa), (b, sb))
    assert sa.shared(sb.uid) == sb.shared(sa.uid)
    for path in (a, b):
        code, out = run("replay", str(path))
        assert code == 0 and "identical" in out, out
    assert not files.pending_path(b).exists()


def one_line(out: str) -> str:
    lines = [x for x in out.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("aerodrome: error:"), out
    return lines[0]


@pytest.mark.clause("dockfighters.campaign.free.1")
def test_both_journals_carry_the_scenario_and_its_partner(pair: tuple[Path, Path]) -> None:
    a, b = pair
    code, out = run("scenario", str(a), "--against", str(b), "--seed", "7")
    assert code == 0, out
    sa, sb = files.load(a), files.load(b)
    (ea,), (eb,) = ([e for e in sq.journal if isinstance(e, Scenario)] for sq in (sa, sb))
    assert ea.id == eb.id and ea.partner == sb.uid and eb.partner == sa.uid
    assert sa.uid != sb.uid and not files.pending_path(b).exists()
    consistent(a, b)


def test_the_second_rename_failing_is_one_line_and_the_next_command_finishes_it(
    pair: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk refuses the second file: one line names both files; the first holds the
    scenario, the second's bytes wait beside it, and the next command on it finishes it."""
    a, b = pair
    real = os.replace

    def full_disk(src: str, dst: object) -> None:
        if Path(str(dst)) == b:
            raise OSError(28, "No space left on device")
        real(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "replace", full_disk)
    code, out = run("scenario", str(a), "--against", str(b), "--seed", "7")
    line = one_line(out)
    assert code == 1 and str(a) in line and str(b) in line and "No space left" in line
    assert "finishes it" in line
    assert len(scenarios(a)) == 1 and scenarios(b) == [] and files.pending_path(b).exists()
    monkeypatch.setattr(os, "replace", real)
    code, out = run("show", str(b), "--json")
    assert code == 0, out
    assert scenarios(b) == scenarios(a)
    consistent(a, b)


#: Runs the command line with ``os.replace`` killing the process after (or before) the
#: rename onto ``argv[1]``: the crash the commit must survive.
KILLER = """
import os, signal, sys
from pathlib import Path
target, when = Path(sys.argv[1]).resolve(), sys.argv[2]
real = os.replace
def replace(src, dst):
    hit = Path(str(dst)).resolve() == target
    if hit and when == "before":
        os.kill(os.getpid(), signal.SIGKILL)
    real(src, dst)
    if hit and when == "after":
        os.kill(os.getpid(), signal.SIGKILL)
os.replace = replace
sys.argv = ["aerodrome", *sys.argv[3:]]
from aerodrome.ui.cli import main
main()
"""


def _killed(tmp_path: Path, target: Path, when: str, *args: str) -> None:
    script = tmp_path / "killer.py"
    script.write_text(KILLER)
    proc = subprocess.run(
        [sys.executable, str(script), str(target), when, *args],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == -signal.SIGKILL, (proc.returncode, proc.stderr[-2000:])


@pytest.mark.parametrize("when", ["after", "before"])
def test_a_process_killed_at_the_first_rename_leaves_a_consistent_pair(
    pair: tuple[Path, Path], tmp_path: Path, when: str
) -> None:
    """Killed right after the first file is moved into place (the commit), the scenario is
    finished by the next command on the second file; killed right before it, it is dropped:
    both files show the scenario or neither does."""
    a, b = pair
    before = b.read_bytes()
    _killed(tmp_path, a, when, "campaign", "scenario", str(a), "--against", str(b), "--seed", "7")
    assert files.pending_path(b).exists()  # the second file's bytes waited beside it
    assert scenarios(b) == []
    code, out = run("scenario", str(a), "--against", str(b), "--seed", "8")  # the next command
    assert code == 0, out
    if when == "after":
        assert len(scenarios(a)) == len(scenarios(b)) == 2
    else:
        assert len(scenarios(a)) == len(scenarios(b)) == 1
        assert before != b.read_bytes()  # only the second scenario
    consistent(a, b)


def test_the_first_file_gone_is_one_line_naming_both(
    pair: tuple[Path, Path], tmp_path: Path
) -> None:
    a, b = pair
    _killed(tmp_path, a, "after", "campaign", "scenario", str(a), "--against", str(b))
    moved = tmp_path / "elsewhere.json"
    shutil.move(a, moved)
    code, out = run("show", str(b))
    line = one_line(out)
    assert code == 1 and str(a) in line and str(b) in line and "put " in line
    shutil.move(moved, a)
    assert run("show", str(b))[0] == 0
    consistent(a, b)


def test_an_old_copy_put_back_is_refused_naming_both(pair: tuple[Path, Path]) -> None:
    """The second file restored from before a scenario: the next scenario between them is
    refused with one line naming both and how to recover; rolling the first back recovers."""
    a, b = pair
    old = b.read_bytes()
    assert run("scenario", str(a), "--against", str(b), "--seed", "7")[0] == 0
    (x,) = scenarios(a)
    b.write_bytes(old)
    before = (a.read_bytes(), b.read_bytes())
    code, out = run("scenario", str(a), "--against", str(b), "--seed", "8")
    line = one_line(out)
    assert code == 1 and str(a) in line and str(b) in line and x in line
    assert f"replay {a} --until {x} --write {a}" in line
    assert (a.read_bytes(), b.read_bytes()) == before
    code, out = run("replay", str(a), "--until", x, "--write", str(a))
    assert code == 0 and f"rebuilt up to before scenario {x}" in out and "wrote" in out, out
    assert scenarios(a) == []
    consistent(a, b)
