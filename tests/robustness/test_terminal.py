"""Issue 27 item 5: no escape sequence from a file reaches the terminal. Refused at input:
every text of a position, save or spec file holding ESC, OSC 8, a C1 control or a bidi
override such as U+202E is one line naming the field; squadron, pilot and crew names and
ranks refuse them too. Escaped on output: whatever a console prints (strings, the cells of
a table, a ruleset's drawing, JSON) shows them as ``\\x1b``/``\\u202e``."""

from __future__ import annotations

import io
import json
import re
from contextlib import redirect_stdout
from pathlib import Path

import pytest
from rich.table import Table
from rich.text import Text

from aerodrome.engine.terminal import escape, find_unsafe, find_unsafe_in_name
from aerodrome.ui.cli import output
from tests.conftest import ROOT
from tests.robustness.conftest import run_cli
from tests.saves import save_data

ESC_COLOUR = "\x1b[31m"
OSC8 = "\x1b]8;;https://example.org\x1b\\link\x1b]8;;\x1b\\"
RLO = "\u202e"
C1_CSI = "\x9b31m"
NASTY = [ESC_COLOUR, OSC8, RLO, C1_CSI, "\x07", "\x7f", "\u2066"]
#: Raw bytes a terminal would act on.
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")

POSITIONS = {
    "classic plane id": (ROOT / "specs/classic/positions/head-on.toml", '"GREEN-1"', "GREEN-1"),
    "df40k flyer id": (
        ROOT / "specs/df40k/positions/after-first-blood.toml",
        '"imperial-fighter-1"',
        "imperial-fighter-1",
    ),
    "victoriana crew name": (
        ROOT / "specs/victoriana/positions/example.toml",
        '"Flt Sgt Tom Ashworth"',
        "Flt Sgt Tom Ashworth",
    ),
}


def _toml_string(text: str) -> str:
    """``text`` as a TOML basic string (control characters as \\u escapes)."""
    return '"' + "".join(f"\\u{ord(c):04x}" if RAW.match(c) or c == "\\" else c for c in text) + '"'


# -- refused at input -----------------------------------------------------------------------------
@pytest.mark.parametrize("nasty", NASTY, ids=["esc", "osc8", "u202e", "c1", "bel", "del", "lri"])
@pytest.mark.parametrize("where", list(POSITIONS))
def test_a_name_with_a_control_character_in_a_position_is_refused(
    tmp_path: Path, where: str, nasty: str
) -> None:
    source, quoted, name = POSITIONS[where]
    text = source.read_text()
    assert quoted in text
    path = tmp_path / "pos.toml"
    path.write_text(text.replace(quoted, _toml_string(name + nasty), 1))
    result = run_cli("position", str(path))
    result.one_line_error(str(path), "$.position.", "control character U+")
    assert not RAW.search(result.out + result.err)


def test_a_control_character_in_a_key_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "pos.json"
    path.write_text(json.dumps({"ruleset": "joust", "position": {f"x{RLO}": 1}}))
    run_cli("position", str(path)).one_line_error("$.position (a key)", "U+202E")


def test_a_control_character_in_a_save_is_refused(tmp_path: Path) -> None:
    save = tmp_path / "save.json"
    assert run_cli("play", "joust", "--seat", "1=random", "--save", str(save)).code == 0
    data = save_data(save)
    data["seats"][0] = f"random{ESC_COLOUR}"
    save.write_text(json.dumps(data))
    run_cli("replay", str(save)).one_line_error("$.seats[0]", "U+001B")


def test_a_control_character_in_a_spec_file_is_refused(tmp_path: Path) -> None:
    spec = ROOT / "specs" / "classic" / "setups.toml"
    text = spec.read_text()
    path = tmp_path / "setups.toml"
    path.write_text(text.replace('name = "', 'name = "\\u001b]8;;x\\u001b\\\\', 1))
    result = run_cli("specs", "validate", "classic", "--file", str(path), "--json")
    assert result.code == 1
    assert "U+001B" in json.loads(result.out)["files"][0]["error"]


@pytest.mark.parametrize("nasty", [RLO, ESC_COLOUR, "\u2067", "\x85"])
def test_squadron_and_pilot_names_refuse_control_characters(tmp_path: Path, nasty: str) -> None:
    file = tmp_path / "sq.json"
    pilots = ["--pilot", "Anna", "--pilot", "Bert", "--pilot", "Carl"]
    found = ["campaign", "new", str(file), "--faction", "bavaria", *pilots]
    run_cli(*found, "--pilot", f"Dora{nasty}").one_line_error("pilots", "printable")
    run_cli(*found, "--pilot", "Dora", "--name", f"Jasta{nasty}").one_line_error("name")
    assert not file.exists()
    assert run_cli(*found, "--pilot", "Dora").code == 0
    run_cli("campaign", "recruit", str(file), f"Emil{nasty}").one_line_error("name")
    run_cli("campaign", "recruit", str(file), "Emil", "--rank", f"Lt{nasty}").one_line_error("rank")


# -- escaped on output ----------------------------------------------------------------------------
def _printed(*renderables: object) -> str:
    out = io.StringIO()
    with redirect_stdout(out):
        for r in renderables:
            output.console.print(r)
        for r in renderables:
            output.show(r)  # type: ignore[arg-type]
    return out.getvalue()


@pytest.mark.parametrize("nasty", NASTY)
def test_a_table_cell_is_escaped(nasty: str) -> None:
    t = Table(title=f"title{nasty}")
    t.add_column(f"column{nasty}")
    t.add_row(f"cell{nasty}")  # a plain string cell, as rulesets draw them
    t.add_row(Text(f"text{nasty}", style="bold"))  # a Text a plugin built
    printed = _printed(t)
    assert not RAW.search(printed), repr(printed)
    assert escape(nasty[0]) in printed  # shown, escaped


@pytest.mark.parametrize("nasty", NASTY)
def test_strings_and_texts_are_escaped(nasty: str) -> None:
    printed = _printed(f"plain{nasty}", Text(f"text{nasty}"), output.literal(f"lit{nasty}"))
    assert not RAW.search(printed), repr(printed)
    assert f"plain{escape(nasty)}" in printed


def test_json_output_escapes_c1_and_bidi_controls() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        output.print_json({"name": f"a{RLO}b{C1_CSI}\x7f{ESC_COLOUR}"})
    assert not RAW.search(out.getvalue().replace("\n", "")), repr(out.getvalue())
    assert json.loads(out.getvalue()) == {"name": f"a{RLO}b{C1_CSI}\x7f{ESC_COLOUR}"}


def test_the_unsafe_sets() -> None:
    assert escape(f"a{ESC_COLOUR}\tb\n{RLO}\r") == "a\\x1b[31m\tb\n\\u202e\\x0d"
    assert find_unsafe("line one\nline two\r\n\ttab") is None  # texts may hold line breaks
    assert find_unsafe_in_name("two\nlines") == "\n"  # names may not
    assert find_unsafe("é ü ß 日本 שלום") is None and find_unsafe_in_name("Jürgen") is None
