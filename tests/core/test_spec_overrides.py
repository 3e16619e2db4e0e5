"""Spec overrides (issue 35, item 1): any number of a ruleset's spec files set for a run by its
path, checked against the spec's own types and bounds, put in force where every plugin loads
its specs (:func:`aerodrome.engine.specs.load`), and part of the game's identity (the plugin
set's parameters: pickling and worker processes rebuild it)."""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from typing import Any

import pytest

from aerodrome.engine.errors import AerodromeError, SpecError
from aerodrome.engine.game import Game
from aerodrome.engine.overrides import MAX_SET_CHARS, MAX_SETS, parse_path, parse_set
from aerodrome.engine.parameters import find, spec_sets
from aerodrome.engine.specs import anything_in_force, clear_in_force
from aerodrome.plugins import load_plugins
from aerodrome.runs.parallel import Config, Engine
from tests.conftest import PLUGINS

HAWK = 'aircraft[name="Fw-802 E-1 Hawk"]'


@pytest.fixture(autouse=True)
def _as_they_are() -> Iterator[None]:
    """Every test leaves the spec files read as they are (other tests load them directly)."""
    yield
    clear_in_force()


def _sets(*texts: str, ruleset: str = "dockfighters") -> tuple[tuple[str, int | float], ...]:
    return spec_sets(PLUGINS.parameters(), ruleset, texts)


def test_paths_read_as_documented() -> None:
    assert parse_path('aircraft[name="Fw-802 E-1 Hawk"].yellow') == (
        "aircraft",
        (("select", ("name", "Fw-802 E-1 Hawk")), ("key", "yellow")),
    )
    assert parse_path('weather.cloud_speed."two words"[0]') == (
        "weather",
        (("key", "cloud_speed"), ("key", "two words"), ("index", 0)),
    )
    assert parse_path("missions[key=recon].turns")[1][0] == ("select", ("key", "recon"))
    assert parse_set("tables.base_to_hit=5") == ("tables.base_to_hit", 5)
    assert parse_set(f"{HAWK}.yellow = 2.5") == (f"{HAWK}.yellow", 2.5)
    assert parse_set("weapons[0].reroll_hits=TRUE") == ("weapons[0].reroll_hits", 1)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("tables", "write PATH=VALUE"),
        ("tables.base_to_hit=", "write PATH=VALUE"),
        ("turns=5", "'turns' is a parameter of dockfighters that changes no spec number"),
        ("turn=5", "unknown parameter of dockfighters 'turn'. Did you mean 'turns'?"),
        ("tables.base_to_hit=five", "'five' is not a number"),
        ("tables.base_to_hit=nan", "not a finite number"),
        ("tables.base_to_hit{1}=5", "cannot read '{1}'"),
        ('aircraft[name="Hawk\\q"].yellow=3', "Invalid \\escape"),
        ("x" * (MAX_SET_CHARS + 1), f"at most {MAX_SET_CHARS}"),
    ],
)
def test_unreadable_sets_are_one_line_errors(text: str, says: str) -> None:
    with pytest.raises(AerodromeError, match=r"^--set") as err:
        _sets(text)
    assert says in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("tablez.base_to_hit=5", "no spec file 'tablez.toml'; the files are aircraft, "),
        ("tables.to_hit=5", "tables.toml $ has no field 'to_hit'; its fields: "),
        (f"{HAWK.replace('Hawk', 'Hawx')}.yellow=3", 'no entry has name="Fw-802 E-1 Hawx"; '),
        (f"{HAWK}.yellow=41", "outside its bounds 0..40 (aircraft.toml $.aircraft[0].yellow"),
        (f"{HAWK}.yellow=2.5", "takes whole numbers"),
        ("weather.medium_size=2", "weather.toml $.medium_size takes one of 1, 3, 7"),
        (f"{HAWK}.agility=fast", "takes one of 'very low' (0), 'low' (1), 'medium' (2), 'high'"),
        (f"{HAWK}.agility=5", "outside its bounds 0..4 (aircraft.toml $.aircraft[0].agility: "),
        (f"{HAWK}.name=3", "is a text: --set changes numbers"),
        (f"{HAWK}.weapons[12].dice[0]=3", "aircraft.toml $.aircraft[0].weapons has "),
        (f"{HAWK}.min_speed=9", "aircraft.toml (with " + HAWK + ".min_speed=9): min_speed 9"),
    ],
)
def test_bad_paths_and_values_name_the_file_and_what_is_allowed(text: str, says: str) -> None:
    with pytest.raises((AerodromeError, SpecError)) as err:
        _sets(text)
    assert str(err.value).startswith("--set ") and says in str(err.value), err.value
    assert "\n" not in str(err.value)


def test_a_choice_of_words_is_set_by_word_or_place_and_recorded_by_place() -> None:
    from aerodrome_dockfighters.specs import AGILITY, builtin

    spec = find(PLUGINS.parameters(), "dockfighters", f"{HAWK}.agility")
    assert (spec.low, spec.high, spec.integer) == (0, 4, True)
    assert spec.default == AGILITY.index(builtin().aircraft["Fw-802 E-1 Hawk"].agility)
    assert (
        _sets(f"{HAWK}.agility=low") == _sets(f"{HAWK}.agility='low'") == _sets(f"{HAWK}.agility=1")
    )
    assert _sets(f'{HAWK}.agility="very high"') == ((f"{HAWK}.agility", 4),)
    _plugins(f"{HAWK}.agility=very low").ruleset("dockfighters")
    assert builtin().aircraft["Fw-802 E-1 Hawk"].agility == "very low"


def test_a_control_character_is_refused() -> None:
    with pytest.raises(AerodromeError, match="the control character U\\+001B is not allowed"):
        _sets("tables.base_to_hit=\x1b[2J")


def test_many_sets_are_refused() -> None:
    with pytest.raises(AerodromeError, match=f"at most {MAX_SETS}"):
        _sets(*["tables.base_to_hit=5"] * (MAX_SETS + 1))


def test_a_path_is_a_parameter_with_the_spec_bounds_and_the_file_value() -> None:
    from aerodrome_dockfighters.specs import builtin

    hawk = builtin().aircraft["Fw-802 E-1 Hawk"]
    spec = find(PLUGINS.parameters(), "dockfighters", f"{HAWK}.weapons[0].dice[1]")
    assert (spec.low, spec.high, spec.default) == (0, 20, hawk.weapons[0].dice[1])
    assert spec.integer
    assert spec.summary == "aircraft.toml $.aircraft[0].weapons[0].dice[1]: whole numbers 0..20"
    # the last of a path counts; the values are sorted by path
    assert _sets("tables.base_to_hit=5", f"{HAWK}.yellow=2", "tables.base_to_hit=4") == (
        (f"{HAWK}.yellow", 2),
        ("tables.base_to_hit", 4),
    )


def _plugins(*texts: str, ruleset: str = "dockfighters") -> Any:
    values = _sets(*texts, ruleset=ruleset)
    return load_plugins(parameters=[(ruleset, v) for v in values])


def test_the_loaded_specs_change_and_change_back() -> None:
    from aerodrome_dockfighters.specs import builtin

    before = builtin().aircraft["Fw-802 E-1 Hawk"]
    changed = _plugins(f"{HAWK}.yellow=1", f"{HAWK}.weapons[0].dice[0]=9", "weather.medium_size=3")
    changed.ruleset("dockfighters")
    specs = builtin()
    hawk = specs.aircraft["Fw-802 E-1 Hawk"]
    assert (hawk.yellow, hawk.weapons[0].dice[0], specs.weather.medium_size) == (1, 9, 3)
    assert hawk.weapons[0].dice[1:] == before.weapons[0].dice[1:] and hawk.red == before.red
    PLUGINS.ruleset("dockfighters")  # the plugin set without them puts the files back
    assert builtin().aircraft["Fw-802 E-1 Hawk"] == before
    assert not anything_in_force()


def _digest(plugins: Any, ruleset: str, seed: int = 7) -> str:
    import hashlib

    from aerodrome.runs.sim import run_games

    r = plugins.ruleset(ruleset)
    records = run_games(plugins, r, r.setup(), ["bot", "bot"], 2, seed)
    return hashlib.sha256(b"".join(repr(rec.result).encode() for rec in records)).hexdigest()


def test_overrides_change_the_games_and_the_same_overrides_play_the_same() -> None:
    base = _digest(PLUGINS, "dockfighters")
    changed = _digest(_plugins("tables.base_to_hit=2", f"{HAWK}.yellow=1"), "dockfighters")
    assert changed != base
    assert _digest(PLUGINS, "dockfighters") == base
    assert _digest(_plugins("tables.base_to_hit=2", f"{HAWK}.yellow=1"), "dockfighters") == changed


def test_a_pickled_game_rebuilds_its_overrides() -> None:
    plugins = _plugins("tables.base_to_hit=2", f"{HAWK}.yellow=1")
    r = plugins.ruleset("dockfighters")
    assert ("dockfighters", ("tables.base_to_hit", 2)) in r.plugged.parameters
    game: Game[Any, Any, Any] = Game(r, r.setup(), 11)
    while not game.is_over() and len(game.history) < 60:
        player = game.waiting_for()[0]
        game.apply(player, game.legal_actions(player)[0])
    log = game.log_bytes()
    PLUGINS.ruleset("dockfighters")  # another plugin set is in force when it is loaded
    copy = pickle.loads(pickle.dumps(game))
    assert copy.log_bytes() == log
    assert copy.ruleset.plugged == r.plugged


def test_worker_processes_play_with_the_overrides() -> None:
    sets = _sets("tables.base_to_hit=2", f"{HAWK}.yellow=1")
    config = Config(
        ruleset="dockfighters",
        setup="aerial-dominance",
        agents=("bot", "bot"),
        games=3,
        seed=3,
        params=sets,
    )
    here = sorted(Engine(PLUGINS, workers=1, detail=False).run([config]), key=lambda r: r.index)
    pool = sorted(Engine(PLUGINS, workers=2, detail=False).run([config]), key=lambda r: r.index)
    assert [r.params for r in pool] == [sets] * 3
    assert [r.result for r in pool] == [r.result for r in here]
    base = Config(
        ruleset="dockfighters",
        setup="aerial-dominance",
        agents=("bot", "bot"),
        games=3,
        seed=3,
    )
    plain = sorted(Engine(PLUGINS, workers=1, detail=False).run([base]), key=lambda r: r.index)
    assert [r.result for r in plain] != [r.result for r in here]


def test_named_groups_change_every_datasheet_of_their_class() -> None:
    from aerodrome_dockfighters.parameters import FIGHTERS
    from aerodrome_dockfighters.specs import builtin

    before = dict(builtin().aircraft)
    _plugins("fighter-structure=200", "fighter-dice=2").ruleset("dockfighters")
    after = builtin().aircraft
    for name, sheet in before.items():
        now = after[name]
        if sheet.klass in FIGHTERS:
            assert (now.yellow, now.red) == (2 * sheet.yellow, 2 * sheet.red)
            for old, new in zip(sheet.weapons, now.weapons, strict=True):
                assert new.dice == tuple(0 if d == 0 else min(20, d + 2) for d in old.dice)
        else:
            assert now == sheet
    _plugins("airship-structure=50").ruleset("dockfighters")
    for name, sheet in before.items():
        if sheet.klass == "airship":
            assert after is not builtin().aircraft
            assert builtin().aircraft[name].yellow == max(1, int(sheet.yellow / 2 + 0.5))
    with pytest.raises(AerodromeError, match=r"--set fighter-structure=20: outside its bounds"):
        _sets("fighter-structure=20")


def _loaded(ruleset: str, file: str) -> Any:
    """The spec file ``file`` of ``ruleset`` as it is in force now."""
    from aerodrome.engine.parameters import spec_files
    from aerodrome.engine.specs import load

    root, types = spec_files(ruleset)
    return load(root / file, types[file])


def test_every_ruleset_declares_a_group_of_spec_numbers() -> None:
    PLUGINS.ruleset("classic")
    pack = _loaded("classic", "cards.toml").pack
    _plugins("high-bursts=2", ruleset="classic").ruleset("classic")
    assert _loaded("classic", "cards.toml").pack.burst == (
        *pack.burst[:3],
        *(n + 2 for n in pack.burst[3:]),
    )

    PLUGINS.ruleset("df40k")
    flyers = _loaded("df40k", "flyers.toml").flyer
    _plugins("ork-bs=2", ruleset="df40k").ruleset("df40k")
    now = _loaded("df40k", "flyers.toml").flyer
    assert {k: f.bs for k, f in now.items()} == {
        k: min(10, f.bs + 2) if f.race == "ork" else f.bs for k, f in flyers.items()
    }

    PLUGINS.ruleset("victoriana")
    sheets = _loaded("victoriana", "aircraft.toml").aircraft
    _plugins("luftwaffe-health=150", ruleset="victoriana").ruleset("victoriana")
    after = _loaded("victoriana", "aircraft.toml").aircraft
    assert [a.health for a in after] == [
        int(a.health * 1.5 + 0.5) if a.nation == "Luftwaffe" else a.health for a in sheets
    ]
