"""Issue 19: bounds on every input the core reads. Nesting depth (no RecursionError), file
size, NaN, a save's actions (decoded with their types and bounds, refused before anything
describes them), ``--games``, ``--seed``, ``--workers``, ``--dask`` addresses and non-UTF-8
test files for ``rules --coverage``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.files import MAX_INPUT_BYTES
from aerodrome.engine.specs import MAX_DEPTH
from aerodrome.plugins import Plugins
from aerodrome.runs.cluster import dask_target
from aerodrome.runs.parallel import MAX_GAMES, Config, Engine
from tests.robustness.conftest import cli_plugins, run_cli
from tests.saves import save_data

DEEP = 100_000  # far past Python's recursion limit


@pytest.fixture(scope="module")
def classic_save(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("save") / "classic.json"
    with cli_plugins():
        result = run_cli("play", "classic", "--seat", "1=bot", "--seed", "3", "--save", str(path))
    assert result.code == 0, result.err
    data: dict[str, Any] = save_data(path)
    return data


def _write(tmp_path: Path, name: str, data: object) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


# -- nesting depth -----------------------------------------------------------------------------
@pytest.mark.parametrize("suffix", [".json", ".toml"])
def test_a_deeply_nested_position_is_refused(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"deep{suffix}"
    text = "[" * DEEP + "]" * DEEP
    path.write_text(text if suffix == ".json" else f"x = {text}\n")
    run_cli("position", str(path)).one_line_error(path.name, "nested too deeply")


def test_a_position_nested_just_too_deep_is_refused(tmp_path: Path) -> None:
    value: Any = 1
    for _ in range(MAX_DEPTH):
        value = [value]
    path = _write(tmp_path, "pos.json", {"ruleset": "joust", "position": {"x": value}})
    run_cli("position", str(path)).one_line_error("nested too deeply")


def test_a_deeply_nested_save_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_text('{"format": "aerodrome-save/1", "actions": ' + "[" * DEEP + "]" * DEEP + "}")
    run_cli("replay", str(path)).one_line_error("nested too deeply")


def test_a_deeply_nested_spec_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text("x = " + "[" * DEEP + "]" * DEEP + "\n")
    result = run_cli("specs", "validate", "classic", "--file", str(path), "--json")
    assert result.code == 1 and "Traceback" not in result.err
    assert "nested too deeply" in json.loads(result.out)["files"][0]["error"]


# -- size and numbers ---------------------------------------------------------------------------
def test_a_huge_save_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as f:  # sparse: 290 MB on paper, nothing on disk
        f.truncate(290 * 2**20)
    run_cli("replay", str(path)).one_line_error("huge.json", "too large", f"{MAX_INPUT_BYTES:,}")


def test_an_endless_device_is_refused_before_it_is_read() -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    run_cli("position", "/dev/zero").one_line_error("is a device, not a regular file")


def test_nan_and_infinity_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "pos.toml"
    path.write_text('ruleset = "joust"\n[position]\nx = nan\n')
    run_cli("position", str(path)).one_line_error("numbers must be finite")
    path = tmp_path / "pos.json"
    path.write_text('{"ruleset": "joust", "position": {"x": Infinity}}')
    run_cli("position", str(path)).one_line_error("numbers must be finite")


def test_not_utf8_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "pos.toml"
    path.write_bytes(b'ruleset = "\xff\xfe"\n')
    run_cli("position", str(path)).one_line_error("not UTF-8")


# -- a save's actions ----------------------------------------------------------------------------
def _first(save: dict[str, Any], kind: str) -> int:
    return next(i for i, a in enumerate(save["actions"]) if a["action"]["type"] == kind)


BAD_MOVES = [
    ("facing", 7),  # 'NESW'[7] when described
    ("facing", -1),
    ("path", []),  # path[-1] when described
    ("plane", "NO-SUCH-PLANE"),
]


@pytest.mark.parametrize(("field", "value"), BAD_MOVES)
def test_a_malformed_saved_move_is_one_line(
    tmp_path: Path, classic_save: dict[str, Any], field: str, value: object
) -> None:
    save = json.loads(json.dumps(classic_save))
    i = _first(save, "Move")
    save["actions"][i]["action"][field] = value
    path = _write(tmp_path, "bad.json", save)
    run_cli("replay", str(path)).one_line_error(f"$.actions[{i}]")


@pytest.mark.parametrize(
    "action",
    [
        None,
        {},
        {"type": "NoSuchAction"},
        {"type": "TakeOff"},
        {"type": "TakeOff", "plane": None},
        [1],
    ],
)
def test_a_malformed_saved_action_is_one_line(
    tmp_path: Path, classic_save: dict[str, Any], action: object
) -> None:
    save = json.loads(json.dumps(classic_save))
    save["actions"][3]["action"] = action
    path = _write(tmp_path, "bad.json", save)
    run_cli("replay", str(path)).one_line_error("$.actions[3]")


@pytest.mark.parametrize("player", [-1, 2, 63, 64, 10**30, "0", None])
def test_a_saved_player_out_of_bounds_is_one_line(
    tmp_path: Path, classic_save: dict[str, Any], player: object
) -> None:
    save = json.loads(json.dumps(classic_save))
    save["actions"][2]["player"] = player
    path = _write(tmp_path, "bad.json", save)
    run_cli("replay", str(path)).one_line_error("$.actions[2].player")


def test_a_save_seed_out_of_bounds_is_one_line(
    tmp_path: Path, classic_save: dict[str, Any]
) -> None:
    save = dict(classic_save, seed=2**80)
    run_cli("replay", str(_write(tmp_path, "s.json", save))).one_line_error("$.seed")


def test_the_good_save_replays(tmp_path: Path, classic_save: dict[str, Any]) -> None:
    path = _write(tmp_path, "good.json", classic_save)
    assert run_cli("replay", str(path), "--verify").code == 0


# -- options --------------------------------------------------------------------------------------
@pytest.mark.parametrize("games", [str(10**11), str(10**20), str(MAX_GAMES + 1), "-5"])
def test_games_out_of_bounds(games: str) -> None:
    run_cli("simulate", "joust", "--games", games).one_line_error("--games")
    run_cli("compare", "joust", "--games", games).one_line_error("--games")


def test_the_engine_bounds_games_too(plugins: Plugins) -> None:
    config = Config(
        ruleset="joust", setup="duel", agents=("random", "random"), games=10**11, seed=1
    )
    with pytest.raises(AerodromeError, match="--games 100000000000: give 1 to"):
        list(Engine(plugins, workers=1).run([config]))


@pytest.mark.parametrize("seed", [str(2**63), str(-(2**63) - 1), str(10**30)])
def test_seed_out_of_bounds(seed: str) -> None:
    run_cli("simulate", "joust", "--seed", seed).one_line_error("--seed")


def test_workers_out_of_bounds() -> None:
    run_cli("simulate", "joust", "--workers", "1000000").one_line_error("--workers")
    with pytest.raises(AerodromeError, match="--workers 1000000"):
        Engine(Plugins.__new__(Plugins), workers=1_000_000)


@pytest.mark.parametrize(
    ("address", "why"),
    [
        ("tcp://", "expected 'local' or a scheduler address"),
        ("inproc://x", "expected 'local' or a scheduler address"),
        ("inproc://x:1", "not supported"),
        ("ucx://host:8786", "not supported"),
        ("tcp://host:0", "port 0"),
        ("tcp://host:99999", "port 99999"),
        ("tcp://scheduler.example.org:8786", "--dask-insecure"),
        ("tcp://10.0.0.8:8786", "neither encrypted nor authenticated"),
        ("tls://scheduler.example.org:8786", "--dask-tls-ca-file"),
        ("", "expected 'local'"),
        ("local:x", "expected 'local'"),
    ],
)
def test_malformed_or_unsafe_dask_addresses(address: str, why: str) -> None:
    run_cli("simulate", "joust", "--dask", address).one_line_error("--dask", why)


def test_dask_addresses_that_are_accepted(pki: dict[str, Path]) -> None:
    assert dask_target("tcp://127.0.0.1:8786").address == "tcp://127.0.0.1:8786"
    assert dask_target("tcp://localhost:8786").local is False
    assert dask_target("tcp://[::1]:8786").address == "tcp://[::1]:8786"
    assert dask_target("tcp://scheduler:8786", insecure=True).insecure
    ca, cert, key = pki["ca"], pki["client"], pki["client-key"]
    target = dask_target(
        "tls://scheduler.example.org:8786", tls_ca_file=ca, tls_cert=cert, tls_key=key
    )
    assert target.tls_ca_file == str(ca)
    with pytest.raises(AerodromeError, match=r"--dask-tls-key .*: cannot read: no such file"):
        dask_target("tls://s:1", tls_ca_file=ca, tls_cert=cert, tls_key=ca.parent / "nope.pem")
    with pytest.raises(AerodromeError, match="need a tls:// address"):
        dask_target("tcp://127.0.0.1:1", tls_ca_file=ca)


def test_a_tls_address_gets_dask_security(pki: dict[str, Path]) -> None:
    pytest.importorskip("distributed")
    files = {"ca": pki["ca"], "cert": pki["client"], "key": pki["client-key"]}
    target = dask_target(
        "tls://scheduler.example.org:8786",
        tls_ca_file=files["ca"],
        tls_cert=files["cert"],
        tls_key=files["key"],
    )
    security = target.security()
    assert security.require_encryption
    assert (security.tls_ca_file, security.tls_client_cert, security.tls_client_key) == tuple(
        str(f) for f in files.values()
    )
    assert dask_target("tcp://127.0.0.1:8786").security() is None


def test_tls_options_without_dask_are_refused(tmp_path: Path) -> None:
    run_cli("simulate", "joust", "--dask-tls-ca-file", str(tmp_path)).one_line_error(
        "--dask-tls-ca-file", "needs --dask"
    )


def test_a_non_utf8_test_file_does_not_break_coverage(tmp_path: Path) -> None:
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_latin1.py").write_bytes(b"# caf\xe9\ndef test_x():\n    pass\n")
    (tests / "test_ok.py").write_text(
        'import pytest\n\n@pytest.mark.clause("classic.move.2")\ndef test_y():\n    pass\n'
    )
    result = run_cli("rules", "classic", "--coverage", "--tests", str(tests), "--json")
    assert result.code == 0, result.err
    assert "test_latin1.py" in result.err and "not UTF-8" in result.err  # a warning, one line
    rows = {r["id"]: r for r in json.loads(result.out)["clauses"]}
    assert rows["classic.move.2"]["tests"] == 1
