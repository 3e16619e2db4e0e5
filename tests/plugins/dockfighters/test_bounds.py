"""Bad Dockfighters input gets a one-line error naming the file and field, never a traceback or
a hang (issue 19): position files, setups' forces, spec files, the CLI's odds and pictures.

Each case was a crash, a hang or a silently accepted impossible value before the bounds:
10,000 aircraft hung the game, altitudes and speeds of 10**6 were accepted, an initiative of
5 or a one-mission list raised IndexError, an unknown mission KeyError, a ground target off
the board IndexError in phase 1.2.
"""

from __future__ import annotations

import copy
import shutil
from pathlib import Path
from typing import Any

import msgspec
import pytest
import typer
from typer.testing import CliRunner

from aerodrome import Game
from aerodrome.engine.errors import SpecError
from aerodrome.engine.ruleset import Setup
from aerodrome.engine.specs import builtin_specs, convert, read_mapping
from aerodrome_dockfighters.cli import app as odds_app
from aerodrome_dockfighters.cli import tools
from aerodrome_dockfighters.missions import forces, setups
from aerodrome_dockfighters.options import MAX_FORCES, DockfightersOptions, Sortie
from aerodrome_dockfighters.positions import MAX_AIRCRAFT
from aerodrome_dockfighters.specs import SPEC_TYPES
from tests.conftest import PLUGINS

BASE: dict[str, Any] = {
    "turn": 1,
    "initiative": 0,
    "weather": "broken",
    "wind": 0,
    "aircraft": [
        {
            "datasheet": "Fw-802 E-1 Hawk",
            "player": 0,
            "col": 8,
            "row": 16,
            "facing": "N",
            "altitude": 3,
            "speed": 4,
        },
        {
            "datasheet": "Do-335 L-3 Arrow",
            "player": 1,
            "col": 8,
            "row": 6,
            "facing": "S",
            "altitude": 3,
            "speed": 4,
        },
    ],
    "clouds": [{"col": 3, "row": 11, "size": 7}],
}


def changed(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    pos = copy.deepcopy(BASE)
    here: Any = pos
    for key in path[:-1]:
        here = here[key]
    here[path[-1]] = value
    return pos


CASES = [
    (changed(("aircraft", 0, "altitude"), 10**6), "aircraft[0].altitude: 1..5"),
    (changed(("aircraft", 0, "altitude"), 0), "aircraft[0].altitude: 1..5"),
    (changed(("aircraft", 0, "speed"), 10**6), "aircraft[0].speed: 2..6 for Fw-802 E-1 Hawk"),
    (changed(("aircraft", 0, "speed"), -5), "aircraft[0].speed: 2..6"),
    (changed(("aircraft", 0, "datasheet"), ""), "$.aircraft[0].datasheet"),
    (changed(("aircraft", 0, "loads"), [""]), "$.aircraft[0].loads[0]"),
    (changed(("aircraft", 0, "role"), "spy"), "$.aircraft[0].role"),
    (changed(("aircraft", 1, "row"), 16), "aircraft[1]: the same hex and altitude as aircraft[0]"),
    (changed(("initiative",), 5), "$.initiative"),
    (changed(("turn",), 10**6), "$.turn"),
    (changed(("wind",), -1), "$.wind"),
    (changed(("cloud_speed",), 10**6), "$.cloud_speed"),
    (changed(("missions",), ["duel"]), "$.missions"),
    (changed(("missions",), ["", ""]), "$.missions[0]"),
    (changed(("missions",), ["sightseeing", "duel"]), "missions: unknown mission 'sightseeing'"),
    (changed(("clouds", 0, "size"), 10**6), "clouds[0].size: one of 1, 3, 7"),
    (changed(("clouds", 0, "col"), 10**6), "clouds[0]: col/row off the 18x24 board"),
    (
        {**BASE, "ground": [{"value": 1, "roll": 1, "col": 10**6, "row": 3}]},
        "ground[0]: col/row off",
    ),
    (
        {**BASE, "ground": [{"value": 2, "roll": 1, "col": 5, "row": 5, "damage": 9}]},
        "ground[0].damage: 0..2",
    ),
    ({**BASE, "objectives": [{"col": 4, "row": 4, "kind": ""}]}, "$.objectives[0].kind"),
    (
        {
            **BASE,
            "aircraft": [
                dict(BASE["aircraft"][i % 2], col=i % 18, row=i // 18 % 24) for i in range(10_000)
            ],
        },
        f"Expected `array` of length <= {MAX_AIRCRAFT} - at `$.aircraft`",
    ),
]


@pytest.mark.clause(
    "dockfighters.move.15", "dockfighters.move.4", "dockfighters.move.5", "dockfighters.move.16"
)
@pytest.mark.parametrize(("position", "message"), CASES, ids=[m for _, m in CASES])
def test_a_bad_position_is_one_clear_error(position: dict[str, Any], message: str) -> None:
    ruleset = PLUGINS.ruleset("dockfighters")
    with pytest.raises(SpecError) as err:
        Game(ruleset, "aerial-dominance", 1, position=position, position_source="bad.toml")
    text = str(err.value)
    assert text.startswith("bad.toml: [position]") and message in text and "\n" not in text


def test_the_bounds_leave_every_good_position_alone() -> None:
    game = Game(PLUGINS.ruleset("dockfighters"), "aerial-dominance", 1, position=BASE)
    assert len(game.state.aircraft) == 2


def _force(*entries: Any) -> Any:
    return tuple(
        Sortie(datasheet=e[0], experience=e[1], loads=tuple(e[2]), pilot=e[3] if len(e) > 3 else "")
        for e in entries
    )


def _setup(forces_: Any, missions: Any = ("aerial-dominance", "aerial-dominance")) -> Setup:
    base = setups()[0]
    return Setup(
        name="custom",
        title="custom",
        seats=base.seats,
        options=DockfightersOptions(missions=missions, forces=forces_),
    )


@pytest.mark.parametrize(
    ("forces_", "message"),
    [
        (
            (_force(*[["Fw-802 E-1 Hawk", 0, []]] * (MAX_FORCES + 1)), _force(["Eel", 0, []])),
            f"forces[0]: 1 to {MAX_FORCES} aircraft",
        ),
        ((_force(["", 0, []]), _force(["Eel", 0, []])), "forces[0][0]: unknown aircraft ''"),
        (
            (_force(["Fw-802 E-1 Hawk", 10**6, []]), _force(["Eel", 0, []])),
            "forces[0][0]: experience 0-3",
        ),
        (
            (_force(["Fw-802 E-1 Hawk", 0, [""]]), _force(["Eel", 0, []])),
            "forces[0][0]: loads must be a list of names",
        ),
        (
            (_force(["Fw-802 E-1 Hawk", 0, [], "  "]), _force(["Eel", 0, []])),
            "forces[0][0]: a pilot's name must not be blank",
        ),
        ((_force(["Fw-802 E-1 Hawk", 0, []]),), "forces: a list of two squadrons' aircraft"),
        (([["Fw-802 E-1 Hawk", 0, []]], _force(["Eel", 0, []])), "forces[0][0]: a Sortie"),
    ],
)
def test_bad_forces_in_a_setup_are_refused(forces_: Any, message: str) -> None:
    with pytest.raises(SpecError, match="setup custom: ") as err:
        forces(_setup(forces_))
    assert message in str(err.value)


def test_a_setup_needs_two_missions_and_typed_options() -> None:
    good = (_force(["Fw-802 E-1 Hawk", 0, []]), _force(["Do-335 L-3 Arrow", 0, []]))
    with pytest.raises(SpecError, match="missions: one mission name per squadron"):
        Game(PLUGINS.ruleset("dockfighters"), _setup(good, ("duel",)), 1)
    with pytest.raises(SpecError, match="options are dict, expected DockfightersOptions"):
        Game(
            PLUGINS.ruleset("dockfighters"),
            msgspec.structs.replace(_setup(good), options={"forces": []}),
            1,
        )


@pytest.mark.parametrize(
    ("file", "path", "value", "message"),
    [
        ("aircraft.toml", ("aircraft", 0, "max_speed"), 10**6, "$.aircraft[0].max_speed"),
        ("aircraft.toml", ("aircraft", 0, "min_speed"), 7, "min_speed 7 is above max_speed 6"),
        ("aircraft.toml", ("aircraft", 0, "name"), "", "$.aircraft[0].name"),
        ("tables.toml", ("max_altitude",), 10**6, "$.max_altitude"),
        ("missions.toml", ("board", "width"), 10**6, "$.board.width"),
        ("weather.toml", ("squall_speed",), 0, "$.squall_speed"),
        ("weapons.toml", ("weapon", 0, "dice"), [10**6, 0, 0], "$.weapon[0].dice[0]"),
    ],
)
def test_spec_values_out_of_bounds_name_the_file_and_field(
    tmp_path: Path, file: str, path: tuple[Any, ...], value: Any, message: str
) -> None:
    source = builtin_specs("dockfighters") / file
    data: Any = read_mapping(source)
    here = data
    for key in path[:-1]:
        here = here[key]
    here[path[-1]] = value
    with pytest.raises(SpecError) as err:
        convert(data, SPEC_TYPES[file], str(tmp_path / file))
    assert str(err.value).startswith(str(tmp_path / file)) and message in str(err.value)


@pytest.fixture
def cli() -> CliRunner:
    return CliRunner()


def _app() -> typer.Typer:
    """The plugin's commands as ``aerodrome`` mounts them: ``odds dockfighters``, ``dockfighters``."""
    root = typer.Typer()
    odds = typer.Typer()
    odds.add_typer(odds_app, name="dockfighters")
    root.add_typer(odds, name="odds")
    root.add_typer(tools, name="dockfighters")
    return root


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--dice", "100000"], "--dice: 0 to 60"),
        (["--dice", "-1"], "--dice: 0 to 60"),
        (["--dice", "3", "--need", "1000"], "--need: 1 to 12"),
    ],
)
def test_odds_refuse_absurd_sizes(cli: CliRunner, args: list[str], message: str) -> None:
    result = cli.invoke(_app(), ["odds", "dockfighters", "attack", *args])
    assert result.exit_code == 1 and message in result.output and "Traceback" not in result.output


def test_svg_into_a_missing_folder_fails_before_work(cli: CliRunner, tmp_path: Path) -> None:
    position = builtin_specs("dockfighters") / "positions" / "head-on.toml"
    result = cli.invoke(
        _app(), ["dockfighters", "svg", str(position), "--out", str(tmp_path / "missing" / "b.svg")]
    )
    assert result.exit_code == 1 and "does not exist" in result.output
    assert not (tmp_path / "missing").exists()


def test_svg_is_written_whole(cli: CliRunner, tmp_path: Path) -> None:
    position = tmp_path / "p.toml"
    shutil.copy(builtin_specs("dockfighters") / "positions" / "head-on.toml", position)
    out = tmp_path / "board.svg"
    out.write_text("old picture")
    result = cli.invoke(_app(), ["dockfighters", "svg", str(position), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert (
        out.read_text().startswith("<svg")
        and [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
    )
