"""Saves that record undos: the kept line of play reseeds its dice where a decision was taken
back, replays byte-identically, and a save written before undos existed still loads."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest
from typer.testing import CliRunner

from aerodrome.engine.errors import ReplayMismatchError, SpecError
from aerodrome.engine.game import Game
from aerodrome.runs.saves import LogDigest, Undo, log_digest, read_save, replay, restarts, verify
from aerodrome.ui.cli import app
from tests.conftest import PLUGINS
from tests.saves import save_data


def _undo(at: int, seed: int) -> Undo:
    return Undo(at=at, by=0, reason="test", actions=(), reseed=seed)


def test_restarts_keep_the_undos_on_the_kept_line() -> None:
    assert restarts([_undo(5, 1), _undo(8, 2)]) == {5: 1, 8: 2}
    assert restarts([_undo(8, 1), _undo(5, 2)]) == {5: 2}  # the second went back before it
    assert restarts([_undo(5, 1), _undo(5, 2)]) == {5: 2}  # the later one at the same point
    assert restarts([_undo(5, 1), _undo(9, 2), _undo(7, 3)]) == {5: 1, 7: 3}


def test_the_log_digest_follows_the_growing_log() -> None:
    game = Game(PLUGINS.ruleset("joust"), None, 3)
    digest = LogDigest()
    for _ in range(3):
        for p in game.waiting_for():
            game.apply(p, game.legal_actions(p)[0])
        assert digest.of(game) == log_digest(game)
    with pytest.raises(ValueError, match="shrank"):
        digest.of(Game(PLUGINS.ruleset("joust"), None, 3))


def _played_with_an_undo(tmp_path: Path) -> Path:
    save = tmp_path / "g.json"
    args = ["play", "victoriana", "--setup", "skirmish", "--seed", "1", "--save", str(save)]
    answers = "end the turn\nend the turn\nundo\nend the turn\nq\n"
    result = CliRunner().invoke(app, args, input=answers)
    assert result.exit_code == 0, result.output
    assert "↶ Undone" in result.output
    return save


def test_an_undo_reseeds_the_dice_and_the_replay_does_too(tmp_path: Path) -> None:
    """Mutation caught: a replay that ignores ``undone`` (or a save whose reseed is changed)
    rolls other dice after the undo and fails the byte-for-byte check."""
    save = _played_with_an_undo(tmp_path)
    data = read_save(save)
    verify(data, replay(data, PLUGINS, str(save)))
    (undo,) = data.undone
    assert undo.at < len(data.actions) and undo.actions
    for changed in (
        msgspec.structs.replace(data, undone=()),
        msgspec.structs.replace(
            data, undone=(msgspec.structs.replace(undo, reseed=undo.reseed + 1),)
        ),
    ):
        with pytest.raises((ReplayMismatchError, SpecError)):  # other dice: other log or moves
            verify(changed, replay(changed, PLUGINS, str(save)))


def test_a_save_from_before_undos_still_loads(tmp_path: Path) -> None:
    save = _played_with_an_undo(tmp_path)
    data = save_data(save)
    old = tmp_path / "old.json"
    game = replay(read_save(save), PLUGINS, str(save), until=2)
    trimmed = {k: v for k, v in data.items() if k not in {"seats", "undone", "versions"}}
    trimmed.update(
        actions=data["actions"][:2], log_sha256=log_digest(game), log_lines=len(game.log)
    )
    old.write_text(json.dumps(trimmed))
    loaded = read_save(old)
    assert loaded.seats is None and loaded.undone == () and loaded.versions == {}
    verify(loaded, replay(loaded, PLUGINS, str(old)))
