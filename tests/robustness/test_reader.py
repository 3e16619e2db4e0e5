"""Issue 27: one reader for every user file (:func:`aerodrome.engine.files.read_limited`). Regular
files only: a FIFO without a writer, a device, a folder is refused at once, through every
command that reads a file (item 4); a position whose ``position`` is not a table is one
line in ``dockfighters svg`` too (item 1)."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.robustness.conftest import Outcome, run_cli

#: Seconds a command may take to refuse a FIFO (it used to block for ever).
PROMPT = 20.0

DOCKFIGHTERS = ROOT / "specs" / "dockfighters" / "positions" / "head-on.toml"


def _commands(path: str, tmp_path: Path) -> dict[str, list[str]]:
    """Every command that reads a user file, reading ``path``."""
    return {
        "position": ["position", path],
        "replay": ["replay", path],
        "play --position": ["play", "--position", path, "--seat", "1=random"],
        "play --resume": ["play", "--resume", path, "--save", str(tmp_path / "s.json")],
        "specs validate --file": ["specs", "validate", "classic", "--file", path, "--json"],
        "dockfighters svg": ["dockfighters", "svg", path, "--out", str(tmp_path / "b.svg")],
        "campaign show": ["campaign", "show", path],
    }


COMMANDS = list(_commands("x", Path()))


def _refused(result: Outcome, command: str, *fragments: str) -> None:
    """One line naming ``fragments`` (``specs validate`` lists the error in its report)."""
    if command != "specs validate --file":
        result.one_line_error(*fragments)
        return
    assert result.code == 1 and "Traceback" not in result.err, result
    error = json.loads(result.out)["files"][0]["error"]
    assert all(f in error for f in fragments), error


def _within(args: list[str], fifo: Path | None = None) -> Outcome:
    """``aerodrome ARGS``, failing the test (instead of hanging it) if it blocks."""
    box: dict[str, Outcome] = {}
    worker = threading.Thread(target=lambda: box.setdefault("r", run_cli(*args)), daemon=True)
    worker.start()
    worker.join(PROMPT)
    blocked = worker.is_alive()
    if blocked and fifo is not None:  # let the blocked reader go before failing
        os.close(os.open(fifo, os.O_WRONLY))
        worker.join(PROMPT)
    assert not blocked, f"{args} blocked on its input"
    return box["r"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("command", COMMANDS)
def test_a_fifo_without_a_writer_is_refused_at_once(tmp_path: Path, command: str) -> None:
    fifo = tmp_path / "cards.toml"  # a name `specs validate --file` knows
    os.mkfifo(fifo)
    args = _commands(str(fifo), tmp_path)[command]
    _refused(_within(args, fifo), command, str(fifo), "pipe (FIFO), not a regular file")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_among_the_test_files_of_coverage_is_skipped(tmp_path: Path) -> None:
    tests = tmp_path / "tests"
    tests.mkdir()
    os.mkfifo(tests / "test_fifo.py")
    result = _within(["rules", "classic", "--coverage", "--tests", str(tests), "--json"])
    assert result.code == 0, result.err
    assert "test_fifo.py" in result.err and "pipe (FIFO)" in result.err


@pytest.mark.parametrize("command", COMMANDS)
def test_a_device_is_refused(tmp_path: Path, command: str) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    device = tmp_path / "cards.toml"
    device.symlink_to("/dev/zero")
    args = _commands(str(device), tmp_path)[command]
    _refused(_within(args), command, str(device), "is a device, not a regular file")


@pytest.mark.parametrize("command", COMMANDS)
def test_a_folder_is_refused(tmp_path: Path, command: str) -> None:
    folder = tmp_path / "cards.toml"
    folder.mkdir()
    args = _commands(str(folder), tmp_path)[command]
    _refused(_within(args), command, str(folder), "is a folder, not a file")


# -- item 1: `position` that is not a table --------------------------------------------------------
@pytest.mark.parametrize("value", [[1, 2], 5, "north", True, None])
@pytest.mark.parametrize("suffix", [".json", ".toml"])
def test_dockfighters_svg_of_a_position_that_is_not_a_table(
    tmp_path: Path, value: object, suffix: str
) -> None:
    if suffix == ".toml" and value is None:
        pytest.skip("TOML has no null")
    path = tmp_path / f"pos{suffix}"
    if suffix == ".json":
        path.write_text(json.dumps({"ruleset": "dockfighters", "position": value}))
    else:
        literal = json.dumps(value)  # [1, 2], 5, "north", true are TOML too
        path.write_text(f'ruleset = "dockfighters"\nposition = {literal}\n')
    out = tmp_path / "b.svg"
    for args in (["dockfighters", "svg", str(path), "--out", str(out)], ["position", str(path)]):
        run_cli(*args).one_line_error(str(path), "$.position")
    assert not out.exists()


def test_dockfighters_svg_of_a_position_of_another_ruleset(tmp_path: Path) -> None:
    classic = ROOT / "specs" / "classic" / "positions" / "head-on.toml"
    out = tmp_path / "b.svg"
    run_cli("dockfighters", "svg", str(classic), "--out", str(out)).one_line_error(
        "$.ruleset", "'classic'", "dockfighters"
    )


def test_dockfighters_svg_of_its_own_position_is_drawn(tmp_path: Path) -> None:
    out = tmp_path / "b.svg"
    result = run_cli("dockfighters", "svg", str(DOCKFIGHTERS), "--out", str(out))
    assert result.code == 0, result.err
    assert out.read_text().startswith("<svg")


# -- item 3: test files read by `rules --coverage` ---------------------------------------------
DEEP_SOURCES = {
    "unary minus": "x = " + "-" * 200_000 + "1\n",
    "sum": "x = " + "1+" * 200_000 + "1\n",
    "not": "x = " + "not " * 200_000 + "x\n",
    "lambdas": "f = " + "lambda: " * 50_000 + "1\n",
    "brackets": "x = " + "[" * 100_000 + "]" * 100_000 + "\n",
}


@pytest.mark.parametrize("source", list(DEEP_SOURCES))
def test_a_deep_expression_in_a_test_file_is_skipped(tmp_path: Path, source: str) -> None:
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_deep.py").write_text(DEEP_SOURCES[source])
    (tests / "test_ok.py").write_text(
        'import pytest\n\n@pytest.mark.clause("classic.move.2")\ndef test_y():\n    pass\n'
    )
    result = run_cli("rules", "classic", "--coverage", "--tests", str(tests), "--json")
    assert result.code == 0, result.err
    warning = [line for line in result.err.splitlines() if "test_deep.py" in line]
    assert len(warning) == 1 and warning[0].startswith("aerodrome: warning: "), result.err
    assert warning[0].endswith("skipped")
    rows = {r["id"]: r for r in json.loads(result.out)["clauses"]}
    assert rows["classic.move.2"]["tests"] == 1


def test_a_test_file_larger_than_the_bound_is_skipped(tmp_path: Path) -> None:
    from aerodrome.engine.clauses import MAX_TEST_BYTES

    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_big.py").write_text("# " + "x" * MAX_TEST_BYTES + "\n")
    result = run_cli("rules", "classic", "--coverage", "--tests", str(tests), "--json")
    assert result.code == 0 and "test_big.py: too large" in result.err, result.err
