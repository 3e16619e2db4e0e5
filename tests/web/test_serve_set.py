"""``aerodrome serve --set RULESET:PATH=VALUE`` (issue 35, item 1): every game of that ruleset
on the server plays with the spec numbers, its file records them, a restarted server with
the same ``--set`` resumes it, and one with other numbers refuses it in one line (its games
share one process, so the numbers of one ruleset are the server's)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.specs import clear_in_force
from aerodrome.ui.cli.options import with_ruleset_sets
from aerodrome.ui.web.tables import Tables
from tests.conftest import PLUGINS

SET = "df40k:rules.battle.turns=2"


@pytest.fixture(autouse=True)
def _as_they_are() -> Iterator[None]:
    yield
    clear_in_force()


def test_a_served_game_plays_and_resumes_with_the_numbers(tmp_path: Path) -> None:
    plugins = with_ruleset_sets(PLUGINS, [SET])
    table = Tables(plugins, tmp_path).start("df40k", None, ["person", "bot"], seed=3)
    saved = json.loads((tmp_path / f"{table.id}.json").read_text())
    assert saved["save"]["params"] == [["rules.battle.turns", 2]]
    assert table.game.ruleset.specs.rules.battle.turns == 2
    log = table.game.log_bytes()

    again = Tables(with_ruleset_sets(PLUGINS, [SET]), tmp_path)
    assert again.load() == []
    assert again.tables[table.id].game.log_bytes() == log

    plain = Tables(PLUGINS, tmp_path)
    (problem,) = plain.load()
    assert "$.params: played with rules.battle.turns=2, this server with none" in problem
    assert "serve it with the same --set" in problem and "\n" not in problem


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("rules.battle.turns=2", "write RULESET:PATH=VALUE (e.g. dockfighters:tables.base_to_hit"),
        ("chess:rules.turns=2", "write RULESET:PATH=VALUE"),
        ("df40k:rules.battle.turns=99", "--set rules.battle.turns=99: outside its bounds"),
    ],
)
def test_bad_serve_sets_are_one_line_errors(value: str, says: str) -> None:
    with pytest.raises(AerodromeError) as err:
        with_ruleset_sets(PLUGINS, [value])
    assert says in str(err.value) and "\n" not in str(err.value)


def test_serve_refuses_a_bad_set_before_any_file(tmp_path: Path) -> None:
    import subprocess
    import sys

    games = tmp_path / "games"
    proc = subprocess.run(
        [sys.executable, "-m", "aerodrome.ui.cli", "serve", "--games", str(games), "--set", "x=1"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert proc.stderr.startswith("aerodrome: error: --set 'x=1': write RULESET:PATH=VALUE")
    assert not games.exists()
