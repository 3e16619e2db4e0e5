"""Issue 19: user text is printed literally; every write is checked before work starts, is
atomic, and fails in one line (missing folder, full disk, read-only folder, a folder given
as a file). Each test names the case of the issue it pins."""

from __future__ import annotations

import errno
import os
import shutil
import types
from pathlib import Path

import pytest

from aerodrome.engine import files
from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.files import check_output, write_atomic
from tests.conftest import ROOT
from tests.robustness.conftest import run_cli

MARKUP = "[/x][link=https://example.org]click[/link][/b]"
POSITION = ROOT / "specs" / "df40k" / "positions" / "after-first-blood.toml"


def _joust_position(tmp_path: Path, name: str = "pos.toml") -> Path:
    path = tmp_path / name
    path.write_text('ruleset = "joust"\nsetup = "duel"\n[position]\nstructure = [1, 1]\n')
    return path


# -- the error printer -------------------------------------------------------------------------
def test_markup_in_an_option_is_printed_literally() -> None:
    run_cli("simulate", "joust", "--setup", MARKUP).one_line_error(MARKUP)


def test_markup_in_a_file_name_is_printed_literally(tmp_path: Path) -> None:
    run_cli("position", str(tmp_path / "x[/y].json")).one_line_error("x[/y].json")


def test_a_link_is_not_interpreted(tmp_path: Path) -> None:
    result = run_cli("replay", str(tmp_path / "[link=mailto:x@example.org]save[/link].json"))
    result.one_line_error("[link=mailto:x@example.org]save[/link].json")


def test_control_characters_in_a_name_are_escaped() -> None:
    result = run_cli("simulate", "joust", "--setup", "\x1b[31mred")
    result.one_line_error("\\x1b[31mred")
    assert "\x1b" not in result.err


def test_markup_in_a_position_name_is_drawn_literally(tmp_path: Path) -> None:
    text = POSITION.read_text().replace('id = "', f'id = "{MARKUP}', 1)
    assert MARKUP in text
    path = tmp_path / "named.toml"
    path.write_text(text)
    result = run_cli("position", str(path))
    assert result.code == 0, result.err
    assert MARKUP in result.out.replace("\n", "") or "[/x][link=" in result.out


def test_a_usage_error_is_one_line() -> None:
    run_cli("simulate", "joust", "--games", "many").one_line_error("--games", "--help")


# -- every write -------------------------------------------------------------------------------
def test_play_save_into_a_missing_folder_fails_before_the_game(tmp_path: Path) -> None:
    save = tmp_path / "missing" / "game.json"
    result = run_cli(
        "play", "joust", "--seat", "1=random", "--seat", "2=random", "--save", str(save)
    )
    result.one_line_error("--save", "does not exist")
    assert result.out == ""  # no game was played


def test_play_save_is_written_atomically(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = run_cli(
        "play", "joust", "--seat", "1=random", "--seat", "2=random", "--save", str(save)
    )
    assert result.code == 0, result.err
    assert run_cli("replay", str(save), "--verify").code == 0
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left


def test_a_full_disk_keeps_the_old_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "game.json"
    target.write_text("the old save\n")

    def full(fd: int, data: object) -> None:
        os.write(fd, b"half a sa")
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(files, "_write_all", full)
    with pytest.raises(AerodromeError, match=r"^--save .*game\.json: cannot write: No space left"):
        write_atomic(target, b"x" * 100_000, "--save")
    monkeypatch.undo()
    assert target.read_text() == "the old save\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_an_interrupted_write_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C mid-write: the old file whole, no ``.tmp`` orphan beside it, the interruption
    goes on. Mutation caught: cleaning up on ``OSError`` only (the orphan stays)."""
    target = tmp_path / "game.json"
    target.write_text("the old save\n")

    def interrupted(fd: int, data: object) -> None:
        os.write(fd, b"half a sa")
        raise KeyboardInterrupt

    monkeypatch.setattr(files, "_write_all", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, b"x" * 100_000, "--save")
    monkeypatch.undo()
    assert target.read_text() == "the old save\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_dev_full_is_one_line(tmp_path: Path) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    save = tmp_path / "s.json"
    played = run_cli(
        "play", "joust", "--seat", "1=random", "--seat", "2=random", "--save", str(save)
    )
    assert played.code == 0
    run_cli("replay", str(save), "--log", "/dev/full").one_line_error(
        "--log /dev/full", "No space left on device"
    )


def test_simulate_out_dev_full_is_refused_before_reading(tmp_path: Path) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    run_cli("simulate", "joust", "-n", "2", "--out", "/dev/full").one_line_error(
        "--out /dev/full", "not a regular file"
    )


def test_read_only_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        if os.access(folder, os.W_OK):  # root: permissions do not stop it; a read-only mount would
            real = os.access
            monkeypatch.setattr(
                os,
                "access",
                lambda p, mode, **kw: (
                    False if Path(p) == folder and mode & os.W_OK else real(p, mode, **kw)
                ),
            )
        run_cli("simulate", "joust", "-n", "2", "--out", str(folder / "g.jsonl")).one_line_error(
            "--out", "is not writable"
        )
        run_cli("specs", "schema", "classic", "--out", str(folder)).one_line_error(
            "--out", "not writable"
        )
    finally:
        folder.chmod(0o755)


def test_a_write_error_after_the_checks_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The checks passed, then the folder turned read-only (EROFS at the write itself)."""
    real_open = os.open

    def read_only(path: object, flags: int, *args: object) -> int:
        if flags & os.O_CREAT:
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
        return real_open(path, flags, *args)  # type: ignore[arg-type]

    fake_os = types.SimpleNamespace(**{**vars(os), "open": read_only})
    monkeypatch.setattr(files, "os", fake_os)
    with pytest.raises(AerodromeError, match=r"--log .*: cannot write: Read-only file system"):
        write_atomic(tmp_path / "log.jsonl", b"{}\n", "--log")


def test_replay_log_into_a_folder(tmp_path: Path) -> None:
    run_cli("replay", str(tmp_path / "any.json"), "--log", str(tmp_path)).one_line_error(
        "--log", "is a folder"
    )


def test_simulate_out_into_a_folder(tmp_path: Path) -> None:
    run_cli("simulate", "joust", "-n", "2", "--out", str(tmp_path)).one_line_error(
        "--out", "is a folder"
    )


def test_compare_out_into_a_folder(tmp_path: Path) -> None:
    run_cli("compare", "joust", "-n", "2", "-w", "1", "--out", str(tmp_path)).one_line_error(
        "--out", "is a folder"
    )


def test_specs_schema_out_an_existing_file(tmp_path: Path) -> None:
    existing = tmp_path / "schemas"
    existing.write_text("I am a file\n")
    run_cli("specs", "schema", "classic", "--out", str(existing)).one_line_error(
        "--out", "not a folder"
    )
    assert existing.read_text() == "I am a file\n"


def test_specs_schema_out_writes_every_schema(tmp_path: Path) -> None:
    out = tmp_path / "new" / "schemas"
    assert run_cli("specs", "schema", "classic", "--out", str(out)).code == 0
    assert sorted(p.suffix for p in out.iterdir()) and all(
        p.name.endswith(".schema.json") for p in out.iterdir()
    )


def test_dockfighters_svg_out_a_missing_folder(tmp_path: Path) -> None:
    position = sorted((ROOT / "specs" / "dockfighters" / "positions").glob("*.toml"))[0]
    missing = str(tmp_path / "missing") + "/"
    result = run_cli("dockfighters", "svg", str(position), "--out", missing)
    result.one_line_error("--out", "folder")
    assert not (tmp_path / "missing").exists()
    fine = tmp_path / "p.svg"
    assert run_cli("dockfighters", "svg", str(position), "--out", str(fine)).code == 0
    assert "<svg" in fine.read_text()


def test_position_svg_into_a_missing_folder_fails_before_loading(tmp_path: Path) -> None:
    pos = _joust_position(tmp_path)
    run_cli("position", str(pos), "--svg", str(tmp_path / "no" / "p.svg")).one_line_error(
        "--svg", "does not exist"
    )


def test_compare_report_onto_a_file_fails_before_the_games(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    existing = tmp_path / "report"
    existing.write_text("")
    run_cli("compare", "joust", "-n", "2", "-w", "1", "--report", str(existing)).one_line_error(
        "--report", "not a folder"
    )


def test_check_output_names_the_problem(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    with pytest.raises(AerodromeError, match="a part of the path is a file"):
        check_output(tmp_path / "file" / "x.json", "--save")
    assert check_output(tmp_path / "ok.json", "--save") == tmp_path / "ok.json"


def test_an_existing_file_keeps_its_permissions(tmp_path: Path) -> None:
    target = tmp_path / "shared.json"
    target.write_text("old")
    target.chmod(0o640)
    write_atomic(target, "new", "--save")
    assert target.read_text() == "new" and (target.stat().st_mode & 0o777) == 0o640
    shutil.rmtree(tmp_path)
