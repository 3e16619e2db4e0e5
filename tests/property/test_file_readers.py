"""Properties (issue 27) of every reader of a user file: position, save (both formats), spec,
squadron and results JSON Lines. Whatever the bytes, a reader gives its value or an
:class:`~aerodrome.engine.errors.AerodromeError` whose one line names the file (never another
exception, never a raw control character); what aerodrome wrote reads back the same; a save
cut anywhere reads as a prefix of its game; a results file yields exactly its sealed lines,
and a file that is not one is left as it was."""

from __future__ import annotations

import json
import tomllib
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.specs import convert, read_mapping
from aerodrome.engine.terminal import find_unsafe
from aerodrome.runs.results import ResultsFile, decode_line, seal
from aerodrome.runs.saves import game_from_position, read_position, read_save, replay, verify
from tests.conftest import PLUGINS, ROOT
from tests.property.support import budget, tried
from tests.robustness.conftest import cli_plugins, run_cli

POSITIONS = sorted((ROOT / "specs").glob("*/positions/*.toml"))
SPECS = sorted(p for p in (ROOT / "specs").glob("*/*.toml") if p.name != "clauses.toml")
NASTY_TEXT = ["", " ", "[/b]", "\x1b]8;;https://x\x1b\\", "\u202e", "\x9b", "é" * 3, "a" * 300]
LEAF = st.one_of(
    st.sampled_from(NASTY_TEXT),
    st.sampled_from([-1, 0, 1, 7, 63, 64, 2**31, 2**63, -(2**63) - 1, 10**20]),
    st.integers(-5, 40),
    st.floats(allow_nan=False, allow_infinity=False),
    st.booleans(),
    st.none(),
    st.just([]),
    st.just({}),
    st.text(max_size=6),
)


@pytest.fixture(autouse=True)
def _test_plugins() -> Iterator[None]:
    with cli_plugins():
        yield


def _paths(data: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [at]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*at, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*at, i))
    return out


@st.composite
def mutated(draw: st.DrawFn, base: Any) -> Any:
    """``base`` with one or two values replaced, dropped or wrapped in a list or a table."""
    data = json.loads(json.dumps(base))
    for _ in range(draw(st.integers(1, 2))):
        paths = _paths(data)[1:] or [()]
        path = draw(st.sampled_from(paths))
        how = draw(st.sampled_from(["leaf", "drop", "wrap"]))
        if not path:
            return draw(LEAF)
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        if how == "drop":
            del parent[path[-1]]
        elif how == "wrap":
            parent[path[-1]] = (
                [parent[path[-1]]] if draw(st.booleans()) else {"x": parent[path[-1]]}
            )
        else:
            parent[path[-1]] = draw(LEAF)
    return data


def _refused_cleanly(exc: AerodromeError, path: Path) -> None:
    """The error names the file (the CLI prints it on one line, escaped)."""
    assert str(exc).startswith(str(path)), exc


# -- position files ------------------------------------------------------------------------------
@pytest.mark.parametrize("source", POSITIONS, ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
def test_a_position_file_is_read_or_refused_in_one_line(source: Path, tmp_path: Path) -> None:
    base = tomllib.loads(source.read_text())

    @budget(15)
    @given(mutated(base))
    def check(data: Any) -> None:
        tried(f"position {source.parent.parent.name}/{source.stem}")
        path = tmp_path / "pos.json"
        path.write_text(json.dumps(data))
        result = run_cli("position", str(path))
        assert "Traceback" not in result.err
        assert result.code == 0 or result.err.startswith(f"aerodrome: error: {path}"), result.err
        assert result.err.count("\n") <= 1 and "\x1b" not in result.out + result.err
        texts = [v for p in _paths(data) for v in [_at(data, p)] if isinstance(v, str)]
        keys = [k for p in _paths(data) for k in p if isinstance(k, str)]
        if any(find_unsafe(t) for t in texts + keys):
            assert result.code == 1 and "control character" in result.err

    check()


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def test_a_position_read_twice_is_the_same_game() -> None:
    for source in POSITIONS:
        pos = read_position(source)
        a = game_from_position(pos, PLUGINS, str(source))
        b = game_from_position(read_position(source), PLUGINS, str(source))
        assert a.log_bytes() == b.log_bytes()
        for player in a.waiting_for():
            assert len(a.legal_actions(player)) == len(b.legal_actions(player))


# -- saves ---------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def saves(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Saves written by ``play --save`` (JSON Lines) of a joust and a classic game."""
    folder = tmp_path_factory.mktemp("saves")
    found = {}
    with cli_plugins():
        for ruleset, seed in (("joust", "5"), ("classic", "3")):
            path = folder / f"{ruleset}.json"
            seats = ["--seat", "1=random", "--seat", "2=random"]
            result = run_cli("play", ruleset, *seats, "--seed", seed, "--save", str(path))
            assert result.code == 0, result.err
            found[ruleset] = path
    return found


@pytest.mark.parametrize("ruleset", ["joust", "classic"])
def test_a_save_cut_anywhere_is_a_prefix_of_its_game(
    saves: dict[str, Path], ruleset: str, tmp_path: Path
) -> None:
    whole = saves[ruleset].read_bytes()
    full = read_save(saves[ruleset])
    header = whole.index(b"\n") + 1

    @budget(12)
    @given(st.integers(header, len(whole)))
    def check(at: int) -> None:
        tried(f"save prefix {ruleset}")
        path = tmp_path / "cut.json"
        path.write_bytes(whole[:at])
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            save = read_save(path)
        assert bool(seen) == (whole[at - 1 : at] != b"\n")  # a cut-short line is said
        assert save.actions == full.actions[: len(save.actions)]
        assert whole[:at].count(b"\n") - 1 == len(save.actions)
        verify(save, replay(save, PLUGINS, str(path)))  # byte-identical, every prefix

    check()


@pytest.mark.parametrize("ruleset", ["joust", "classic"])
def test_a_damaged_save_line_is_refused_in_one_line(
    saves: dict[str, Path], ruleset: str, tmp_path: Path
) -> None:
    lines = saves[ruleset].read_bytes().splitlines(keepends=True)[:40]

    @budget(15)
    @given(st.integers(0, len(lines) - 1), st.data())
    def check(i: int, data: st.DataObject) -> None:
        tried(f"save line {ruleset}")
        changed = list(lines)
        changed[i] = json.dumps(data.draw(mutated(json.loads(lines[i])))).encode() + b"\n"
        path = tmp_path / "bad.json"
        path.write_bytes(b"".join(changed))
        try:
            save = read_save(path)
            verify(save, replay(save, PLUGINS, str(path)))
        except AerodromeError as exc:
            _refused_cleanly(exc, path)

    check()


def test_a_whole_save_reads_back_the_same(saves: dict[str, Path], tmp_path: Path) -> None:
    from aerodrome.runs.saves import FORMAT, encode_save

    for path in saves.values():
        save = read_save(path)
        whole = tmp_path / "whole.json"
        whole.write_bytes(encode_save(msgspec.structs.replace(save, format=FORMAT)))
        again = read_save(whole)
        assert msgspec.structs.replace(again, format=save.format) == save


# -- spec files ----------------------------------------------------------------------------------
@pytest.mark.parametrize("spec", SPECS, ids=lambda p: f"{p.parent.name}-{p.stem}")
def test_an_edited_spec_file_is_read_or_refused(spec: Path, tmp_path: Path) -> None:
    types = PLUGINS.ruleset(spec.parent.name).spec_types()
    type_ = types[spec.name]
    text = spec.read_bytes()

    @budget(8)
    @given(
        st.integers(0, len(text)),
        st.integers(0, 30),
        st.sampled_from(
            [b"", b"[", b"x = [[[", b"= 1\n", b"\xfe", b"inf", b"9" * 30, b'"\\u001b"']
        ),
    )
    def check(at: int, cut: int, insert: bytes) -> None:
        tried(f"spec {spec.parent.name}/{spec.name}")
        path = tmp_path / spec.name
        path.write_bytes(text[:at] + insert + text[at + cut :])
        try:
            convert(read_mapping(path), type_, str(path))
        except AerodromeError as exc:
            _refused_cleanly(exc, path)

    check()


# -- squadron files ------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def squadron() -> bytes:
    from aerodrome_dockfighters.campaign import campaign, files

    sq = campaign.found("Jasta 5", "Bavaria", ["Anna", "Bert", "Carl", "Dora"], 7)
    return files.encode(sq)


def test_a_squadron_file_reads_back_the_same(squadron: bytes) -> None:
    from aerodrome_dockfighters.campaign import files

    assert files.encode(files.decode(squadron, "sq.json")) == squadron


def test_an_edited_squadron_file_is_read_or_refused(squadron: bytes) -> None:
    from aerodrome_dockfighters.campaign import files

    base = json.loads(squadron)

    @budget(40)
    @given(st.one_of(mutated(base).map(lambda d: json.dumps(d).encode()), st.binary(max_size=64)))
    def check(data: bytes) -> None:
        tried("squadron file")
        try:
            files.decode(data, "sq.json")
        except AerodromeError as exc:
            assert str(exc).startswith("sq.json: "), exc

    check()


# -- results files -------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def records() -> list[bytes]:
    from aerodrome.runs.parallel import Config, Engine

    config = Config(ruleset="joust", setup="duel", agents=("random", "random"), games=6, seed=1)
    return [seal(msgspec.json.encode(r)) for r in Engine(PLUGINS, workers=1).run([config], None)]


LINE_KINDS = st.sampled_from(["record", "junk", "unsealed", "empty", "markup"])


def test_a_results_file_yields_exactly_its_sealed_lines(
    records: list[bytes], tmp_path: Path
) -> None:
    @budget(40)
    @given(st.lists(st.tuples(LINE_KINDS, st.integers(0, 5)), max_size=12), st.booleans())
    def check(kinds: list[tuple[str, int]], torn: bool) -> None:
        tried("results file")
        lines, expected = [], []
        for kind, i in kinds:
            if kind == "record":
                lines.append(records[i])
                expected.append(msgspec.to_builtins(decode_line(records[i][:-1])))
            else:
                lines.append(
                    {"junk": b"not a record\n", "unsealed": records[i][:-30] + b'"}\n',
                     "empty": b"\n", "markup": b"[/b]\x1b[31m\n"}[kind]
                )  # fmt: skip
        data = b"".join(lines) + (records[0][:25] if torn else b"")
        path = tmp_path / "games.jsonl"
        path.write_bytes(data)
        try:
            with ResultsFile(path) as f, warnings.catch_warnings():
                warnings.simplefilter("ignore")  # the broken lines (said one by one)
                got = [msgspec.to_builtins(r) for r in f.records()]
        except AerodromeError as exc:
            assert "not a results file" in str(exc) and not expected, exc
            assert path.read_bytes() == data  # left as it was
            return
        assert got == expected
        assert path.read_bytes() == b"".join(lines)  # only a torn last line is cut

    check()
