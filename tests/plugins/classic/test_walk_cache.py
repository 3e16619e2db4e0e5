"""The walk tables' disk cache: the same tables as built in memory, named by a checksum of
the board, written atomically, and never a crash: a missing, truncated, edited or foreign
file, a folder that cannot be written, or the cache turned off all leave tables built in
memory (the same ones).

Mutations tried: skipping the SHA-256 check in ``walkcache.load`` turns
``test_a_damaged_file_is_not_used[flip]`` red (the flipped byte decodes to other walks); dropping the board spec from ``Board.cache_key`` turns
``test_the_file_name_follows_the_board`` red; not catching a stored table that does not fit the
board (``Board._fill``) turns ``test_a_forged_file_falls_back_to_building`` red.
"""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from aerodrome_classic import walkcache
from aerodrome_classic.board import Board
from aerodrome_classic.specs import load_specs
from aerodrome_classic.walks import WalkTable

SPECS = load_specs()
#: a sample of squares (corners, edges, airfields, the middle) and every length
SAMPLE = [0, 1, 3, 15, 16, 17, 40, 100, 170, 175, 200, 335, 336, 350, 351]


def tables_of(board: Board) -> list[tuple[object, ...]]:
    out: list[tuple[object, ...]] = []
    for ci in SAMPLE:
        for length in range(1, 7):
            for si in range(len(board.sides)):
                for q in (False, True):
                    t: WalkTable = board.table_at(ci, length, si, q)
                    out.append((ci, length, si, q, t.codes, t.firsts, t.reach, t.heads))
    return out


@pytest.fixture(scope="module")
def reference() -> list[tuple[object, ...]]:
    """The tables built in memory, without a cache."""
    mp = pytest.MonkeyPatch()
    mp.setenv("AERODROME_CACHE_DIR", "off")
    try:
        return tables_of(Board(SPECS))
    finally:
        mp.undo()


def cached_file(folder: Path) -> Path:
    (found,) = folder.glob("classic-walks-*.bin")
    return found


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache file of the built-in board, written by a board that built it."""
    folder = tmp_path_factory.mktemp("walk-cache")
    mp = pytest.MonkeyPatch()
    mp.setenv("AERODROME_CACHE_DIR", str(folder))
    try:
        Board(SPECS).table_at(0, 1, 0, False)
    finally:
        mp.undo()
    return cached_file(folder)


def test_built_saved_and_loaded_tables_are_the_same(
    saved: Path, monkeypatch: pytest.MonkeyPatch, reference: list[tuple[object, ...]]
) -> None:
    assert [p.name for p in saved.parent.iterdir()] == [saved.name]  # no temporary file left
    monkeypatch.setenv("AERODROME_CACHE_DIR", str(saved.parent))
    stamp = saved.stat().st_mtime_ns
    board = Board(SPECS)
    assert tables_of(board) == reference  # loaded
    assert board._stored  # from the file
    assert saved.stat().st_mtime_ns == stamp  # and not written again


@pytest.mark.parametrize("damage", ["truncate", "flip", "empty", "garbage"])
def test_a_damaged_file_is_not_used(saved: Path, tmp_path: Path, damage: str) -> None:
    good = saved.read_bytes()
    bad = {
        "truncate": good[: len(good) // 2],
        "flip": good[:-10] + bytes([good[-10] ^ 1]) + good[-9:],
        "empty": b"",
        "garbage": b"\x00" * 40,
    }[damage]
    path = tmp_path / saved.name
    path.write_bytes(bad)
    key = Board(SPECS).cache_key()
    assert walkcache.load(saved, key) is not None
    assert walkcache.load(path, key) is None
    assert walkcache.load(saved, "another board") is None


def test_a_damaged_file_is_rebuilt(
    saved: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    reference: list[tuple[object, ...]],
) -> None:
    good = saved.read_bytes()
    path = tmp_path / saved.name
    path.write_bytes(good[:-10] + bytes([good[-10] ^ 1]) + good[-9:])
    monkeypatch.setenv("AERODROME_CACHE_DIR", str(tmp_path))
    assert tables_of(Board(SPECS)) == reference
    assert path.read_bytes() == good  # rewritten whole


def test_a_forged_file_falls_back_to_building(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, reference: list[tuple[object, ...]]
) -> None:
    """A file with a right checksum but walks off the board (forged, or from a buggy
    writer) is not used for the tables it spoils."""
    monkeypatch.setenv("AERODROME_CACHE_DIR", str(tmp_path))
    board = Board(SPECS)
    key = board.cache_key()
    stored = board.all_walks()
    stored[0] = msgspec.structs.replace(stored[0], codes=[b"\xff" * stored[0].length])
    stored[1] = msgspec.structs.replace(stored[1], codes=[b"\x00\x00\x00"])  # length 2: 3 bytes
    assert walkcache.save(walkcache.cache_file(key) or tmp_path / "x", key, stored)
    assert tables_of(Board(SPECS)) == reference


def test_an_unwritable_folder_builds_in_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, reference: list[tuple[object, ...]]
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("AERODROME_CACHE_DIR", str(blocker / "cache"))
    assert tables_of(Board(SPECS)) == reference
    assert blocker.read_text() == "not a folder"
    assert not walkcache.save(blocker / "cache" / "x.bin", "k", [])  # says so, never raises


def test_the_cache_can_be_turned_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, reference: list[tuple[object, ...]]
) -> None:
    monkeypatch.setenv("AERODROME_CACHE_DIR", "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    assert walkcache.cache_dir() is None
    assert tables_of(Board(SPECS)) == reference
    assert not list(tmp_path.rglob("*"))


def test_the_default_folder_is_the_users_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("AERODROME_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    folder = walkcache.cache_dir()
    assert folder is not None
    import sys

    if sys.platform.startswith("linux"):
        assert folder == tmp_path / "aerodrome"


def test_the_file_name_follows_the_board() -> None:
    """A different board (here: No Man's Land a row further north) has its own checksum, so a cache of the
    built-in board is never used for it."""
    line = msgspec.structs.replace(SPECS.board.no_mans_land, german_last_row=9)
    other = msgspec.structs.replace(
        SPECS, board=msgspec.structs.replace(SPECS.board, no_mans_land=line)
    )
    assert Board(other).cache_key() != Board(SPECS).cache_key()
    assert Board(SPECS).cache_key() == Board(SPECS).cache_key()


def test_no_home_folder_means_no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.delenv("AERODROME_CACHE_DIR", raising=False)
    monkeypatch.setattr(Path, "home", staticmethod(no_home))
    assert walkcache.cache_dir() is None


def test_an_oversized_file_is_not_read(
    saved: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / saved.name
    path.write_bytes(saved.read_bytes())
    monkeypatch.setattr(walkcache, "MAX_BYTES", 1000)
    assert walkcache.load(path, Board(SPECS).cache_key()) is None


def test_warm_up_makes_every_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """``Classic.warm_up`` (what a simulation worker calls when it starts, issue 18) leaves no
    walk table to make during the games; the same tables as made on demand. Mutation caught:
    ``Board.warm_up`` making one length per square (``range(1, 2)``)."""
    monkeypatch.setenv("AERODROME_CACHE_DIR", "off")
    board = Board(SPECS)
    slots = [
        board.slot(ci, n, si, q)
        for ci in range(len(board.cells))
        for n in range(1, 7)
        for si in range(len(board.sides))
        for q in (False, True)
    ]
    assert all(board.tables[s] is None for s in slots)
    board.warm_up()
    assert all(board.tables[s] is not None for s in slots)
    warmed = [(ci, n, t.codes) for ci, n, *_, t in _sample(board)]
    assert warmed == [(ci, n, t.codes) for ci, n, *_, t in _sample(Board(SPECS))]


def _sample(board: Board) -> list[tuple[int, int, WalkTable]]:
    return [(ci, n, board.table_at(ci, n, 0, False)) for ci in SAMPLE for n in range(1, 7)]
