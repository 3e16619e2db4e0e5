"""A spec folder's calibration.md (how its stand-ins were chosen) on the assumptions page.

Mutation caught: the note left off the page (markdown ignoring ``notes``: 2 red)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from aerodrome.engine import assumptions
from aerodrome.engine.errors import AerodromeError, SpecError
from aerodrome.ui.cli import app

STAND_IN = '[speed]\nassumed = true\nvalue = 3\nreason = "not printed"\n'


def _folder(tmp_path: Path, note: str | None) -> Path:
    (tmp_path / "tables.toml").write_text(STAND_IN)
    if note is not None:
        (tmp_path / assumptions.CALIBRATION).write_text(note)
    return tmp_path


def test_the_note_follows_the_rulesets_stand_ins(tmp_path: Path) -> None:
    root = _folder(tmp_path, "### How chosen\n\nswept `speed=2..4`; 3 met the target\n")
    page = assumptions.markdown(
        {"toy": assumptions.collect("toy", root), "other": []},
        {"toy": assumptions.calibration(root), "other": ""},
    )
    toy, other = page.split("## toy", 1)[1].split("## other", 1)
    assert toy.index("`tables.toml $.speed`") < toy.index("### How chosen")
    assert "swept `speed=2..4`; 3 met the target" in toy
    assert "How chosen" not in other


def test_a_folder_without_a_note_has_none(tmp_path: Path) -> None:
    root = _folder(tmp_path, None)
    assert assumptions.calibration(root) == ""
    page = assumptions.markdown({"toy": assumptions.collect("toy", root)}, {"toy": ""})
    assert page.rstrip().endswith("not printed")


def test_a_heading_above_the_rulesets_is_refused_with_its_line(tmp_path: Path) -> None:
    root = _folder(
        tmp_path, "### fine\n\n```sh\n# a shell comment is no heading\n```\n## too high\n"
    )
    with pytest.raises(SpecError, match=r"calibration\.md, line 6: a heading above ###"):
        assumptions.calibration(root)


def test_an_oversized_or_binary_note_is_refused_by_name(tmp_path: Path) -> None:
    root = _folder(tmp_path, "x" * (assumptions.CALIBRATION_LIMIT + 1))
    with pytest.raises(AerodromeError, match=r"calibration\.md"):
        assumptions.calibration(root)
    (root / assumptions.CALIBRATION).write_bytes(b"\xff\xfe###")
    with pytest.raises(SpecError, match=r"calibration\.md: not UTF-8"):
        assumptions.calibration(root)


def test_dockfighters_page_says_how_its_datasheets_were_chosen() -> None:
    result = CliRunner().invoke(app, ["specs", "assumptions", "dockfighters", "--markdown"])
    assert result.exit_code == 0, result.output
    stand_ins, note = result.output.split("### How the datasheet stand-ins were chosen", 1)
    assert "aircraft.toml $.aircraft[0]" in stand_ins
    assert "aerodrome sweep dockfighters --param fighter-structure=100..200:50" in note
    assert "0.73 [0.64, 0.81]" in note
