"""Spec loading errors name file and field; the clause catalogue and its test scan."""

from __future__ import annotations

from pathlib import Path

import pytest

from aerodrome.engine.clauses import coverage, load_catalogue
from aerodrome.engine.clauses import tests_by_clause as clause_tests
from aerodrome.engine.data import Record
from aerodrome.engine.errors import SpecError
from aerodrome.engine.specs import Assumed, convert, json_schema, load, read_mapping


class Wing(Record, frozen=True):
    name: str
    speed: int


class Hangar(Record, frozen=True):
    aircraft: tuple[Wing, ...]


class Guess(Assumed, frozen=True, kw_only=True):
    value: int


def test_error_names_file_and_field_path(tmp_path: Path) -> None:
    f = tmp_path / "hangar.toml"
    f.write_text(
        '[[aircraft]]\nname = "Hawk"\nspeed = 6\n[[aircraft]]\nname = "Boar"\nspeed = "fast"\n'
    )
    with pytest.raises(SpecError) as err:
        load(f, Hangar)
    assert str(f) in str(err.value) and "$.aircraft[1].speed" in str(err.value)


def test_unknown_fields_are_refused(tmp_path: Path) -> None:
    f = tmp_path / "hangar.toml"
    f.write_text('[[aircraft]]\nname = "Hawk"\nspeed = 6\nsped = 7\n')
    with pytest.raises(SpecError, match="sped"):
        load(f, Hangar)


def test_bad_toml_names_the_file(tmp_path: Path) -> None:
    f = tmp_path / "broken.toml"
    f.write_text("speed = = 3")
    with pytest.raises(SpecError, match=r"broken\.toml: not valid TOML"):
        read_mapping(f)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(SpecError, match="cannot read"):
        read_mapping(tmp_path / "nope.toml")


def test_assumed_needs_a_reason() -> None:
    with pytest.raises(SpecError, match="needs a one-line reason"):
        convert({"value": 3, "assumed": True}, Guess, "x.toml")
    assert convert({"value": 3, "assumed": True, "reason": "not printed"}, Guess, "x.toml").assumed


def test_schema_export() -> None:
    schema = json_schema(Hangar)
    assert "Wing" in str(schema)


def test_catalogue_rules(tmp_path: Path) -> None:
    f = tmp_path / "clauses.toml"
    f.write_text(
        '[[clause]]\nid = "x.1"\nsection = "S"\nsummary = "a"\nstatus = "implemented"\n'
        '[[clause]]\nid = "x.2"\nsection = "S"\nsummary = "b"\nstatus = "out-of-scope"\n'
    )
    with pytest.raises(SpecError, match="needs a reason"):
        load_catalogue(f)
    f.write_text(
        '[[clause]]\nid = "x.1"\nsection = "S"\nsummary = "a"\nstatus = "implemented"\n'
        '[[clause]]\nid = "x.1"\nsection = "S"\nsummary = "b"\nstatus = "implemented"\n'
    )
    with pytest.raises(SpecError, match="appears twice"):
        load_catalogue(f)


def test_clause_marks_are_found(tmp_path: Path) -> None:
    (tmp_path / "test_a.py").write_text(
        "import pytest\n\n@pytest.mark.clause('x.1', 'x.2')\ndef test_one():\n    assert True\n\n"
        "def helper():\n    pass\n"
    )
    (tmp_path / "test_b.py").write_text(
        "import pytest\npytestmark = pytest.mark.clause('x.3')\n\ndef test_two():\n    assert 1\n"
    )
    found = clause_tests(tmp_path)
    assert found["x.1"] == ["test_a.py::test_one"] and found["x.3"] == ["test_b.py"]
    f = tmp_path / "clauses.toml"
    f.write_text('[[clause]]\nid = "x.1"\nsection = "S"\nsummary = "a"\nstatus = "implemented"\n')
    rows = coverage(load_catalogue(f), found)
    assert rows[0].tests == 1
