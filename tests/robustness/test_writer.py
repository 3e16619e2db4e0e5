"""Issue 27: one writer policy (:func:`aerodrome.engine.files.check_output`). Nothing is appended to
what is not a results file (item 6); a symbolic link is never written through or replaced
silently; a path ending with a slash names a folder and is refused by every output option
(item 7); an existing output is never replaced without a word, and ``campaign simulate
--out DIR`` does not overwrite an earlier campaign's squadron files (item 9)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aerodrome.engine.files import ReplacedWarning, check_output
from tests.conftest import ROOT
from tests.robustness.conftest import run_cli

POSITION = ROOT / "specs" / "classic" / "positions" / "head-on.toml"
#: Not a results file: the user's own data, which a run must neither cut nor append to.
FOREIGN = {
    "csv": b"name,score\nalice,3\nbob,5\n",
    "no newline": b"a note without its newline",
    "json": b'{"format": "aerodrome-save/1", "ruleset": "joust"}\n',
    "record without seal": b'{"index":0,"seed":1}\n',
}


def _simulate(out: Path | str, *more: str) -> list[str]:
    return ["simulate", "joust", "-n", "3", "-q", "--out", str(out), *more]


# -- item 6: appending only to a results file -----------------------------------------------------
@pytest.mark.parametrize("content", list(FOREIGN))
@pytest.mark.parametrize("command", ["simulate", "compare", "tournament"])
def test_a_file_that_is_not_a_results_file_is_left_alone(
    tmp_path: Path, content: str, command: str
) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes(FOREIGN[content])
    args = {
        "simulate": _simulate(path),
        "compare": ["compare", "joust", "-n", "2", "-w", "1", "--no-ladder", "-q", "--out"],
        "tournament": [
            "tournament",
            "joust",
            "--agents",
            "random,mcts:2",
            "-n",
            "2",
            "-q",
            "--out",
        ],
    }[command]
    if command != "simulate":
        args = [*args, str(path)]
    run_cli(*args).one_line_error(str(path), "not a results file")
    assert path.read_bytes() == FOREIGN[content]


def test_a_symlink_to_a_file_is_refused_as_out(tmp_path: Path) -> None:
    results = tmp_path / "games.jsonl"
    assert run_cli(*_simulate(results)).code == 0
    before = results.read_bytes()
    link = tmp_path / "link.jsonl"
    link.symlink_to(results)
    run_cli(*_simulate(link, "-n", "6")).one_line_error(str(link), "symbolic link")
    assert results.read_bytes() == before and link.is_symlink()


def test_a_results_file_cut_during_its_first_line_is_resumed(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    assert run_cli(*_simulate(path)).code == 0
    first = path.read_bytes().splitlines(keepends=True)[0]
    path.write_bytes(first[:30])  # a kill in the middle of the first write
    result = run_cli(*_simulate(path))
    assert result.code == 0, result.err
    assert len(path.read_bytes().splitlines()) == 3


# -- symbolic links -------------------------------------------------------------------------------
@pytest.mark.parametrize("option", ["--svg", "--save"])
def test_a_symlink_is_not_replaced_silently(tmp_path: Path, option: str) -> None:
    target = tmp_path / "elsewhere.txt"
    target.write_text("kept")
    link = tmp_path / "out.svg"
    link.symlink_to(target)
    args = {
        "--svg": ["position", str(POSITION), "--svg", str(link)],
        "--save": ["play", "joust", "--seat", "1=random", "--save", str(link)],
    }[option]
    run_cli(*args).one_line_error(option, "symbolic link", str(target))
    assert link.is_symlink() and target.read_text() == "kept"


def test_a_symlink_to_a_device_is_still_written(tmp_path: Path) -> None:
    if not Path("/dev/null").exists():
        pytest.skip("no /dev/null here")
    link = tmp_path / "null.svg"
    link.symlink_to("/dev/null")
    assert check_output(link, "--svg") == link


# -- item 7: a trailing slash ---------------------------------------------------------------------
def _folder_outputs(tmp: Path) -> dict[str, list[str]]:
    x = f"{tmp}/x/"
    return {
        "simulate --out": _simulate(x),
        "compare --out": ["compare", "joust", "-n", "2", "--no-ladder", "--out", x],
        "tournament --out": ["tournament", "joust", "--agents", "random,mcts:2", "--out", x],
        "play --save": ["play", "joust", "--seat", "1=random", "--save", x],
        "replay --log": ["replay", "SAVE", "--log", x],
        "replay --svg": ["replay", "SAVE", "--svg", x],
        "replay --html": ["replay", "SAVE", "--html", x],
        "position --svg": ["position", str(POSITION), "--svg", x],
        "dockfighters svg --out": [
            "dockfighters",
            "svg",
            str(ROOT / "specs/dockfighters/positions/head-on.toml"),
            "--out",
            x,
        ],
        "campaign new": ["campaign", "new", x, "--faction", "bavaria", *["--pilot", "A"] * 4],
        "campaign replay --write": ["campaign", "replay", "SQUADRON", "--write", x],
    }


@pytest.mark.parametrize("output", list(_folder_outputs(Path("t"))))
def test_a_path_ending_with_a_slash_is_refused(tmp_path: Path, output: str) -> None:
    args = _folder_outputs(tmp_path)[output]
    if "SAVE" in args:
        save = tmp_path / "game.json"
        assert run_cli("play", "joust", "--seat", "1=random", "--save", str(save)).code == 0
        args[args.index("SAVE")] = str(save)
    if "SQUADRON" in args:
        squadron = tmp_path / "sq.json"
        pilots = ["--pilot", "A", "--pilot", "B", "--pilot", "C", "--pilot", "D"]
        assert run_cli("campaign", "new", str(squadron), "--faction", "bavaria", *pilots).code == 0
        args[args.index("SQUADRON")] = str(squadron)
    option = output.split()[-1] if output.split()[-1].startswith("-") else ""
    run_cli(*args).one_line_error(option, f"{tmp_path}/x/", "names a folder")
    assert not (tmp_path / "x").exists()


# -- item 9: an existing output is never replaced without a word --------------------------------
def test_replacing_an_existing_output_is_said_first(tmp_path: Path) -> None:
    svg = tmp_path / "board.svg"
    svg.write_text("an older picture")
    result = run_cli("position", str(POSITION), "--svg", str(svg))
    assert result.code == 0
    warning = f"aerodrome: warning: --svg {svg}: the file exists and will be replaced"
    assert result.err.splitlines() == [warning]
    assert svg.read_text().startswith("<svg")
    with pytest.warns(ReplacedWarning):
        check_output(svg, "--svg")


def test_a_resumed_save_and_a_results_file_are_updated_quietly(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    new_game = ["play", "joust", "--seat", "1=random", "--seat", "2=random"]
    assert run_cli(*new_game, "--save", str(save)).code == 0
    assert run_cli("play", "--resume", str(save)).err == ""
    again = run_cli(*new_game, "--save", str(save))
    assert "will be replaced" in again.err  # a new game over an old one: said
    results = tmp_path / "games.jsonl"
    assert run_cli(*_simulate(results)).code == 0
    assert run_cli(*_simulate(results, "-n", "5")).err == ""  # resumed, appended


def test_report_and_schema_folders_name_what_they_replace(tmp_path: Path) -> None:
    out = tmp_path / "schemas"
    assert run_cli("specs", "schema", "classic", "--out", str(out)).err == ""
    result = run_cli("specs", "schema", "classic", "--out", str(out))
    assert result.code == 0
    assert "cards.schema.json" in result.err and "will be replaced" in result.err


def test_campaign_simulate_does_not_overwrite_an_earlier_campaign(tmp_path: Path) -> None:
    out = tmp_path / "campaign"
    out.mkdir()
    args = ["campaign", "simulate", "--scenarios", "2", "-q", "--out", str(out), "--json"]
    first = run_cli(*args)
    assert first.code == 0, first.err
    files = {p.name: p.read_bytes() for p in out.iterdir()}
    assert "bavaria-1.json" in files
    result = run_cli(*args[:-1], "--seed", "2")
    result.one_line_error("--out", "bavaria-1.json", "earlier campaign")
    assert {p.name: p.read_bytes() for p in out.iterdir()} == files
    (out / "notes.txt").write_text("mine")
    empty = tmp_path / "empty"
    empty.mkdir()
    assert run_cli(*args[:-1], "--out", str(empty)).code == 0
    assert json.loads(first.out)["files"]
