"""Bounds on every Victoriana input (issue #19): set-ups, positions, spec files and the odds
command refuse what is out of bounds with one line naming the file, field or option — before
any work starts (a flight of 10^9 aircraft once reached 8 GB)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import msgspec
import pytest

from aerodrome.engine.errors import SpecError
from aerodrome.engine.specs import convert
from aerodrome_victoriana import specs

RAF = {"key": "raf", "seat": "RAF", "flight": [{"aircraft": "spitfire1"}]}
LUFTWAFFE = {"key": "luftwaffe", "seat": "Luftwaffe", "flight": [{"aircraft": "bf109e3"}]}


def position(plugins: Any, table: dict[str, Any]) -> Any:
    ruleset = plugins.ruleset("victoriana")
    return ruleset.position_state(ruleset.setup("11-group-squadrons"), table, "pos.toml")


def with_raf(**flight: Any) -> dict[str, Any]:
    return {"side": [{**RAF, "flight": [{"aircraft": "spitfire1", **flight}]}, LUFTWAFFE]}


def test_a_flight_of_a_billion_aircraft_is_refused_at_once(plugins: Any) -> None:
    start = time.perf_counter()
    with pytest.raises(SpecError, match=r"pos\.toml: .*<= 100.*\$\.side\[0\]\.flight\[0\]\.count"):
        position(plugins, with_raf(count=10**9))
    assert time.perf_counter() - start < 1.0


def test_a_side_brings_at_most_100_aircraft(plugins: Any) -> None:
    table = {
        "side": [
            {
                **RAF,
                "flight": [
                    {"aircraft": "spitfire1", "count": 60},
                    {"aircraft": "hurricane2", "count": 41},
                ],
            },
            LUFTWAFFE,
        ]
    }
    with pytest.raises(
        SpecError, match=r"pos\.toml: \$\.side\[0\]\.flight: a side brings at most 100"
    ):
        position(plugins, table)
    assert position(
        plugins, {"side": [{**RAF, "flight": [{"aircraft": "spitfire1", "count": 100}]}, LUFTWAFFE]}
    ).left == {"raf": 100, "luftwaffe": 1}


@pytest.mark.parametrize("names", [[""], ["   "], ["\t"]])
def test_blank_names_are_refused(plugins: Any, names: list[str]) -> None:
    """Once an IndexError: the label took the last word of the first name."""
    with pytest.raises(SpecError, match=r"pos\.toml: .*\$\.side\[0\]\.flight\[0\]\.names\[0\]"):
        position(plugins, with_raf(pc=True, names=names))


def test_blank_keys_and_seats_are_refused(plugins: Any) -> None:
    with pytest.raises(SpecError, match=r"\$\.side\[0\]\.key"):
        position(plugins, {"side": [{**RAF, "key": " "}, LUFTWAFFE]})
    with pytest.raises(SpecError, match=r"\$\.side\[1\]\.seat"):
        position(plugins, {"side": [RAF, {**LUFTWAFFE, "seat": ""}]})


def test_more_names_than_characters_are_refused(plugins: Any) -> None:
    with pytest.raises(
        SpecError, match=r"\$\.side\[0\]\.flight\[0\]\.names: 3 names for 1 characters"
    ):
        position(plugins, with_raf(pc=True, names=["A", "B", "C"]))


def test_carried_successes_and_the_round_are_bounded(plugins: Any) -> None:
    with pytest.raises(SpecError, match=r"<= 200 - at `\$\.tactical_dice"):
        position(plugins, {"tactical_dice": {"raf": 2**63}})
    with pytest.raises(SpecError, match=r"<= 200 - at `\$\.tactical_carry"):
        position(plugins, {"tactical_carry": {"luftwaffe": 201}})
    with pytest.raises(SpecError, match=r"\$\.round: must be 1\.\.20"):
        position(plugins, {"round": 21})
    with pytest.raises(SpecError, match=r"\$\.round"):
        position(plugins, {"round": 10**6})


@pytest.mark.parametrize(
    ("field", "value"),
    [("damage", 10**9), ("damage", -1), ("ap", 99), ("count", 0), ("station", " ")],
)
def test_spec_file_numbers_are_bounded(field: str, value: Any) -> None:
    weapon = {"station": "Pilot", "count": 2, "name": "MG", "mount": "wings", "damage": 10}
    with pytest.raises(SpecError, match=rf"aircraft\.toml: .*\$\.{field}"):
        convert({**weapon, field: value}, specs.Weapon, "aircraft.toml")


def test_rule_numbers_are_bounded() -> None:
    book = msgspec.to_builtins(specs.rules())
    book["sortie"]["rounds"] = 10**7
    with pytest.raises(SpecError, match=r"rules\.toml: .*\$\.sortie\.rounds"):
        convert(book, specs.RulesBook, "rules.toml")
    book = msgspec.to_builtins(specs.rules())
    book["break_off"]["left_percent"] = 101
    with pytest.raises(SpecError, match=r"\$\.break_off\.left_percent"):
        convert(book, specs.RulesBook, "rules.toml")


def test_crew_pools_are_bounded() -> None:
    crew = msgspec.to_builtins(specs.crew_templates()["ace"])
    crew["gunnery"] = 100000
    with pytest.raises(SpecError, match=r"crew\.toml: .*\$\.gunnery"):
        convert(crew, specs.CrewTemplate, "crew.toml")


@pytest.mark.parametrize("command", ["squadron-roll", "test"])
def test_odds_sizes_are_bounded(command: str) -> None:
    """``--white 100000`` is refused by name instead of building a 100,000-die pool."""
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "aerodrome.ui.cli",
            "odds",
            "victoriana",
            command,
            "--white",
            "100000",
            "--black",
            "3",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode != 0 and "Traceback" not in proc.stderr
    assert "--white" in proc.stderr and "200" in proc.stderr


def test_example_position_is_within_bounds(plugins: Any) -> None:
    path = specs.specs_dir() / "positions" / "example.toml"
    assert Path(path).is_file()
    from aerodrome.runs.saves import game_from_position, read_position

    assert game_from_position(read_position(path), plugins, str(path)).round == 3
