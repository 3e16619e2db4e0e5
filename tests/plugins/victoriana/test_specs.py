"""The datasheets, rule tables and set-ups decode and match the rulebook."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from aerodrome.engine.errors import SpecError
from aerodrome.engine.game import Game
from aerodrome.engine.ruleset import Setup
from aerodrome.engine.specs import validate_tree
from aerodrome_victoriana import specs
from aerodrome_victoriana.forces import state_for_setup
from aerodrome_victoriana.options import VictorianaOptions
from tests.conftest import PLUGINS

# key: (movement mph, kmh, handling, black?, health, armour, crew stations)
DATASHEETS = {
    "defiant": (304, 489, 1, False, 18, 3, 2),
    "blenheim": (265, 428, 1, False, 24, 4, 3),
    "hurricane2": (330, 531, 3, False, 18, 3, 1),
    "spitfire1": (360, 579, 5, False, 12, 1, 1),
    "bf109e3": (345, 555, 5, False, 12, 2, 1),
    "bf110c": (295, 475, 1, False, 18, 4, 2),
    "do17z": (255, 410, 1, False, 24, 5, 4),
    "he111": (270, 435, 2, True, 42, 6, 5),
    "ju87": (211, 339, 1, False, 30, 5, 2),
    "ju88a": (280, 450, 2, True, 42, 5, 4),
}


@pytest.mark.clause("victoriana.aircraft.13", "victoriana.aircraft.3", "victoriana.aircraft.7")
def test_the_ten_datasheets() -> None:
    book = specs.aircraft()
    for key, (mph, kmh, handling, black, health, armour, crew) in DATASHEETS.items():
        a = book[key]
        assert (a.movement_mph, a.movement_kmh, a.handling, a.handling_black) == (
            mph,
            kmh,
            handling,
            black,
        ), key
        assert (a.health, a.armour, len(a.crew)) == (health, armour, crew), key


@pytest.mark.clause("victoriana.aircraft.1")
def test_length_and_wingspan_are_only_descriptors() -> None:
    spit = specs.aircraft()["spitfire1"]
    assert (spit.length_ft, spit.wingspan_ft) == (29, 36)
    assert "length_ft" not in Path(specs.__file__).with_name("combat.py").read_text()


@pytest.mark.clause("victoriana.aircraft.4")
def test_chase_pool_is_movement_over_ten_rounded_down() -> None:
    book = specs.aircraft()
    assert book["spitfire1"].chase_pool == 36
    assert book["ju87"].chase_pool == 21
    assert book["bf109e3"].chase_pool == 34  # 345 mph


@pytest.mark.clause("victoriana.aircraft.2", "victoriana.aircraft.8")
def test_stations_and_armament() -> None:
    he111 = specs.aircraft()["he111"]
    assert he111.crew[1].jobs == ("Bombardier", "Nose Gunner", "Navigator")
    nose = [w for w in he111.weapons if w.station == "Nose Gunner"]
    assert [(w.count, w.name, w.damage, w.ap) for w in nose] == [
        (1, "MG FF cannon", 7, 4),
        (1, "MG 81 machine gun", 9, 0),
    ]
    assert he111.station_of("Nose Gunner") == he111.station_of("Bombardier") == 1
    spit = specs.aircraft()["spitfire1"].weapons[0]
    assert (spit.count, spit.damage) == (8, 20)  # the damage dice of all 8 guns combined
    assert spit.label() == "8x .303 Browning machine guns in wings (20)"


@pytest.mark.clause("victoriana.aircraft.10")
def test_cannon_carry_armour_piercing() -> None:
    assert specs.aircraft()["hurricane2"].weapons[0].ap == 5
    assert specs.aircraft()["bf109e3"].weapons[1].ap == 4


@pytest.mark.clause("victoriana.aircraft.12", "victoriana.aircraft.11")
def test_ordnance_and_optional_ordnance() -> None:
    book = specs.aircraft()
    assert [(o.count, o.weight_lb) for o in book["he111"].ordnance] == [(1, 4409), (8, 551)]
    assert [(o.count, o.weight_lb) for o in book["ju88a"].ordnance] == [(6, 1102), (10, 110)]
    assert [(o.count, o.weight_lb) for o in book["hurricane2"].optional_ordnance] == [(2, 500)]
    assert book["hurricane2"].optional_handling_penalty == 2
    assert book["bf109e3"].optional_handling_penalty == 2


@pytest.mark.clause("victoriana.aircraft.14", "victoriana.aircraft.16")
def test_stand_ins_are_marked_assumed() -> None:
    book = specs.aircraft()
    assert book["wyvern"].assumed and book["wyvern"].role == "monster"
    assert book["wyvern"].handling < book["spitfire1"].handling
    assert book["blenheim"].assumed and book["blenheim"].role == "bomber"
    assert book["defiant"].assumed and book["defiant"].role == "fighter"


@pytest.mark.clause("victoriana.optional.3", "victoriana.optional.12", "victoriana.optional.13")
def test_rule_tables() -> None:
    book = specs.rules()
    assert [(e.black, e.damage) for e in book.environment] == [
        (0, 4),
        (3, 6),
        (6, 8),
        (9, 10),
        (12, 12),
    ]
    assert [w.black for w in book.weather] == [0, 3, 6]
    assert book.night.black == 3


@pytest.mark.clause("victoriana.crew.6")
def test_crew_pools_are_stand_ins() -> None:
    for t in specs.crew_templates().values():
        assert t.assumed and t.reason
        assert set(t.pools()) == set(specs.SKILLS)


def test_every_spec_file_validates(plugins: object) -> None:
    problems = [e for _, e in validate_tree(specs.specs_dir(), specs.SPEC_TYPES) if e]
    assert problems == []


def test_bad_setup_names_the_field() -> None:
    options = msgspec.convert(
        {
            "side": [
                {"key": "a", "seat": "A", "flight": [{"aircraft": "zeppelin"}]},
                {"key": "b", "seat": "B", "flight": [{"aircraft": "ju87"}]},
            ]
        },
        VictorianaOptions,
    )
    setup = Setup(name="bad", title="bad", seats=(), options=options)
    with pytest.raises(SpecError, match=r"side\[0\]\.flight\[0\]\.aircraft"):
        state_for_setup(setup)


def test_a_setup_built_in_code_is_checked_within_bounds() -> None:
    """Options made in code are not validated by msgspec when they are made: the set-up's
    bounds are checked when its state is built (issue #19)."""
    huge = specs.SideSpec(key="a", seat="A", flight=(specs.Flight(aircraft="ju87", count=10**9),))
    foe = specs.SideSpec(key="b", seat="B", flight=(specs.Flight(aircraft="ju87"),))
    setup = Setup(name="huge", title="huge", seats=(), options=VictorianaOptions(side=(huge, foe)))
    with pytest.raises(SpecError, match=r"setup 'huge' options.*side\[0\]\.flight\[0\]\.count"):
        state_for_setup(setup)
    plain = Setup(name="plain", title="plain", seats=(), options={"side": []})
    with pytest.raises(SpecError, match="options are dict, expected VictorianaOptions"):
        Game(PLUGINS.ruleset("victoriana"), plain, 1)  # the core checks the options' type


def test_a_setups_options_are_decoded_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The core checks a set-up's options type when a game starts; Victoriana decodes them
    (bounds) once per set-up, then copies the state it built. Mutation caught: decoding the
    options for every game (three games: three decodes)."""
    from aerodrome_victoriana import forces
    from aerodrome_victoriana.ruleset import Victoriana

    calls: list[object] = []
    real = forces.convert

    def counting(*args: object, **kwargs: object) -> object:
        calls.append(args[1])
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(forces, "convert", counting)
    ruleset = Victoriana()  # its own templates: nothing built yet
    for seed in range(3):
        Game(ruleset, "11-group", seed)
    assert calls == [VictorianaOptions]
