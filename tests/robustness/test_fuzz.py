"""Issue 19: a fuzz test over position, save and spec files and CLI arguments. Whatever the
input, the CLI ends with exit code 0, or with one line on stderr (``aerodrome: error: ...``)
and a non-zero code: never a traceback (an exception escaping ``main`` fails the example).

Bounded: a few dozen examples per target, derandomized (the same inputs on every run), no
deadline; the whole module takes a few seconds."""

from __future__ import annotations

import json
import os
import tempfile
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import ROOT
from tests.robustness.conftest import Outcome, cli_plugins, run_cli
from tests.saves import save_data

#: ``AERODROME_FUZZ_EXAMPLES=500`` runs a longer, random (not derandomized) campaign.
LONG = int(os.environ.get("AERODROME_FUZZ_EXAMPLES", "0"))
FUZZ = settings(
    max_examples=LONG or 25,
    deadline=None,
    derandomize=not LONG,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

#: Position files of every ruleset (the core reads them; each ruleset checks its own table).
POSITIONS = sorted((ROOT / "specs").glob("*/positions/*.toml"))
JOUST_POSITION = {"ruleset": "joust", "setup": "duel", "seed": 3, "position": {"structure": [1, 1]}}

NASTY_TEXT = st.sampled_from(
    ["", " ", "[/b]", "[link=https://example.org]x[/link]", "\x1b[31m", "\x00", "é" * 3, "a" * 300]
)
NASTY_INT = st.sampled_from([-1, 0, 1, 2, 7, 22, 63, 64, 2**31, 2**63, -(2**63) - 1, 10**20])
LEAF = st.one_of(
    NASTY_TEXT,
    NASTY_INT,
    st.integers(-5, 40),
    st.floats(allow_nan=False, allow_infinity=False),
    st.booleans(),
    st.none(),
    st.just([]),
    st.just({}),
    st.text(max_size=8),
)


def _paths(data: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [at]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*at, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*at, i))
    return out


def _replace(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    copy = json.loads(json.dumps(data))
    node = copy
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return copy


@st.composite
def mutated(draw: st.DrawFn, base: Any) -> Any:
    """``base`` with one to three leaves or branches replaced, dropped or wrapped."""
    data = base
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(data)
        path = draw(st.sampled_from(paths[1:] if len(paths) > 1 else paths))
        how = draw(st.sampled_from(["leaf", "drop", "wrap"]))
        if how == "drop" and path:
            parent = json.loads(json.dumps(data))
            node = parent
            for key in path[:-1]:
                node = node[key]
            del node[path[-1]]
            data = parent
        elif how == "wrap":
            node = data
            for key in path:
                node = node[key]
            data = _replace(data, path, [node] if draw(st.booleans()) else {"x": node})
        else:
            data = _replace(data, path, draw(LEAF))
    return data


def _settled(result: Outcome) -> None:
    """Never a traceback; on stderr at most one error line (and one-line warnings). A
    failure is an error line, or a report on stdout (``specs validate`` lists bad files)."""
    assert "Traceback" not in result.err
    errors = [
        line for line in result.err.splitlines() if not line.startswith("aerodrome: warning: ")
    ]
    assert len(errors) <= 1, result.err
    assert all(line.startswith("aerodrome: error: ") for line in errors), result.err
    assert result.code == 0 or errors or result.out, result


def _file(name: str, data: bytes) -> Path:
    folder = Path(tempfile.mkdtemp(prefix="aerodrome-fuzz-"))
    path = folder / name
    path.write_bytes(data)
    return path


# -- position files ----------------------------------------------------------------------------
def _position(path: Path) -> Any:
    return tomllib.loads(path.read_text())


@pytest.mark.parametrize(
    "source",
    [None, *POSITIONS],
    ids=lambda p: "joust" if p is None else p.parent.parent.name + "-" + p.stem,
)
def test_fuzz_position_files(source: Path | None) -> None:
    base = JOUST_POSITION if source is None else _position(source)

    @FUZZ
    @given(mutated(base))
    def check(data: Any) -> None:
        _settled(run_cli("position", str(_file("pos.json", json.dumps(data).encode()))))

    check()


@FUZZ
@given(st.binary(max_size=300), st.sampled_from(["pos.toml", "pos.json"]))
def test_fuzz_position_bytes(data: bytes, name: str) -> None:
    _settled(run_cli("position", str(_file(name, data))))


@FUZZ
@given(st.data())
def test_fuzz_position_text_edits(data: st.DataObject) -> None:
    text = POSITIONS[0].read_bytes()
    at = data.draw(st.integers(0, len(text)))
    cut = data.draw(st.integers(0, 20))
    insert = data.draw(
        st.sampled_from([b"", b"[", b"]", b'"', b"=", b"\n[[position.x]]\n", b"\xff"])
    )
    _settled(run_cli("position", str(_file("pos.toml", text[:at] + insert + text[at + cut :]))))


# -- saves ---------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def saves(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("saves")
    found = {}
    with cli_plugins():  # module scope: before the autouse fixture applies
        for ruleset in ("joust", "classic"):
            path = folder / f"{ruleset}.json"
            result = run_cli(
                "play", ruleset, "--seat", "1=random", "--seed", "5", "--save", str(path)
            )
            assert result.code == 0, result.err
            found[ruleset] = save_data(path)
    return found


@pytest.mark.parametrize("ruleset", ["joust", "classic"])
def test_fuzz_saves(saves: dict[str, Any], ruleset: str) -> None:
    base = dict(saves[ruleset], actions=saves[ruleset]["actions"][:40])

    @st.composite
    def save(draw: st.DrawFn) -> Any:
        if draw(st.integers(0, 4)) == 0:  # anywhere in the file
            return draw(mutated(base))
        i = draw(st.integers(0, len(base["actions"]) - 1))  # most often: one action
        actions = list(base["actions"])
        actions[i] = draw(mutated(actions[i]))
        return dict(base, actions=actions)

    @FUZZ
    @given(save())
    def check(data: Any) -> None:
        _settled(run_cli("replay", str(_file("save.json", json.dumps(data).encode())), "--verify"))

    check()


# -- spec files ------------------------------------------------------------------------------------
SPECS = sorted(p for p in (ROOT / "specs").glob("*/*.toml") if p.name != "clauses.toml")


@pytest.mark.parametrize("spec", SPECS, ids=lambda p: f"{p.parent.name}-{p.stem}")
def test_fuzz_spec_files(spec: Path) -> None:
    text = spec.read_bytes()

    @settings(FUZZ, max_examples=LONG or 10)
    @given(
        st.integers(0, len(text)),
        st.integers(0, 40),
        st.sampled_from([b"", b"[", b"x = [[[", b"= 1\n", b"\xfe", b"inf", b"9" * 30]),
    )
    def check(at: int, cut: int, insert: bytes) -> None:
        path = _file(spec.name, text[:at] + insert + text[at + cut :])
        _settled(run_cli("specs", "validate", spec.parent.name, "--file", str(path)))

    check()


# -- command-line arguments ------------------------------------------------------------------------
TEXT_ARG = st.one_of(NASTY_TEXT, st.text(max_size=12).filter(lambda s: "\x00" not in s))
NUMBER_ARG = st.sampled_from(
    ["0", "1", "-1", "2", "abc", "1e9", str(10**11), str(10**20), "", "[/b]"]
)
#: Paths for options: run in an empty temporary directory (relative paths land there), and
#: nothing absolute that could be written to.
PATH_ARG = st.sampled_from(
    ["/dev/null", "/dev/full", "no/such/dir/x.json", ".", "sub/", "x[/b].json", "/proc/1/mem"]
)


@st.composite
def argv(draw: st.DrawFn) -> list[str]:
    command = draw(
        st.sampled_from(
            [
                "simulate",
                "compare",
                "replay",
                "position",
                "rules",
                "setups",
                "specs",
                "odds",
                "rulesets",
                "play",
            ]
        )
    )
    ruleset = draw(st.one_of(st.sampled_from(["joust", "df40k", "classic"]), TEXT_ARG))
    args = [command]
    if command == "specs":
        args += [draw(st.sampled_from(["validate", "schema", "assumptions", "nope"]))]
    if command in ("simulate", "compare", "rules", "setups", "specs", "play"):
        args.append(ruleset)
    if command in ("replay", "position"):
        args.append(draw(st.one_of(PATH_ARG, TEXT_ARG)))
    options = {
        "--games": NUMBER_ARG.filter(lambda n: not n.isdigit() or int(n) > 10**6 or int(n) < 3),
        "--seed": NUMBER_ARG,
        "--setup": TEXT_ARG,
        "--agents": TEXT_ARG,
        "--workers": st.sampled_from(["0", "-3", "1000000", "x"]),
        "--dask": st.sampled_from(
            ["tcp://", "inproc://x", "tcp://example.org:1", "x", "tls://h:1"]
        ),
        "--dask-timeout": st.sampled_from(["0", "-1", "nan", "1e9"]),
        "--out": PATH_ARG,
        "--log": PATH_ARG,
        "--svg": PATH_ARG,
        "--report": PATH_ARG,
        "--until": NUMBER_ARG,
        "--seat": TEXT_ARG,
        "--tests": PATH_ARG,
        "--file": PATH_ARG,
        "--variant": TEXT_ARG,
    }
    for name in draw(st.lists(st.sampled_from(sorted(options)), max_size=3, unique=True)):
        args += [name, draw(options[name])]
    if command in ("simulate", "compare") and "--games" not in args:
        args += ["--games", "2"]
    if command == "compare" and "--workers" not in args:
        args += ["--workers", "1"]
    if command == "play":
        args += ["--seat", "1=random"]
    return args + draw(st.sampled_from([[], ["--json"], ["-q"]]))


@settings(FUZZ, max_examples=LONG or 100)
@given(argv())
def test_fuzz_cli_arguments(args: list[str]) -> None:
    here = os.getcwd()
    os.chdir(tempfile.mkdtemp(prefix="aerodrome-fuzz-cwd-"))
    try:
        _settled(run_cli(*args))
    finally:
        os.chdir(here)
