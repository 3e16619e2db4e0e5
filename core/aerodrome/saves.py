"""Saved games, replays and position files.

A save is ``ruleset + setup (or position) + seed + actions`` plus the SHA-256 of the event
log it produced; replaying it must reproduce that log byte for byte. A position file sets
up any situation by hand (``ruleset``, ``setup``, ``seed`` and a ``[position]`` table whose
shape the ruleset defines), so a referee can ask "what happens here".
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import msgspec

from aerodrome.data import Record
from aerodrome.errors import IllegalActionError, ReplayMismatchError, SpecError
from aerodrome.game import Game
from aerodrome.plugins import Plugins
from aerodrome.specs import convert, read_mapping

FORMAT = "aerodrome-save/1"


class SavedAction(Record, frozen=True):
    player: int
    action: dict[str, Any]


class SaveFile(Record, frozen=True):
    format: str
    ruleset: str
    setup: str
    seed: int
    actions: tuple[SavedAction, ...]
    log_sha256: str
    log_lines: int
    position: dict[str, Any] | None = None


class PositionFile(Record, frozen=True):
    ruleset: str
    position: dict[str, Any]
    setup: str | None = None
    seed: int = 0


def log_digest(game: Game[Any, Any, Any]) -> str:
    return hashlib.sha256(game.log_bytes()).hexdigest()


def to_save(game: Game[Any, Any, Any]) -> SaveFile:
    return SaveFile(
        format=FORMAT,
        ruleset=game.ruleset.name,
        setup=game.setup.name,
        seed=game.seed,
        position=game.position,
        actions=tuple(
            SavedAction(player=p, action=msgspec.to_builtins(a)) for p, a in game.history
        ),
        log_sha256=log_digest(game),
        log_lines=len(game.log),
    )


def write_save(game: Game[Any, Any, Any], path: Path) -> None:
    path.write_bytes(msgspec.json.format(msgspec.json.encode(to_save(game)), indent=1) + b"\n")


def read_save(path: Path) -> SaveFile:
    save = convert(read_mapping(path), SaveFile, str(path))
    if save.format != FORMAT:
        raise SpecError(f"{path}: $.format: expected {FORMAT!r}, got {save.format!r}")
    return save


def _action_decoder(game: Game[Any, Any, Any]) -> Any:
    types = game.ruleset.action_types
    union: Any = types[0]
    for t in types[1:]:
        union = union | t
    return union


def replay(
    save: SaveFile, plugins: Plugins, source: str = "<save>", *, until: int | None = None
) -> Game[Any, Any, Any]:
    """Re-run ``save``'s actions from its seed (the first ``until`` of them, if given);
    errors name the action that failed."""
    ruleset = plugins.ruleset(save.ruleset)
    game = Game(ruleset, save.setup, save.seed, position=save.position, position_source=source)
    action_type = _action_decoder(game)
    for i, saved in enumerate(save.actions[:until]):
        where = f"{source}: $.actions[{i}]"
        action = convert(saved.action, action_type, where)
        try:
            game.apply(saved.player, action)
        except IllegalActionError as exc:
            raise SpecError(f"{where}: {exc}") from None
    return game


def verify(save: SaveFile, game: Game[Any, Any, Any]) -> None:
    digest = log_digest(game)
    if digest != save.log_sha256 or len(game.log) != save.log_lines:
        raise ReplayMismatchError(
            f"replay produced {len(game.log)} events (sha256 {digest[:12]}), the save recorded "
            f"{save.log_lines} (sha256 {save.log_sha256[:12]})"
        )


def read_position(path: Path) -> PositionFile:
    return convert(read_mapping(path), PositionFile, str(path))


def game_from_position(pos: PositionFile, plugins: Plugins, source: str) -> Game[Any, Any, Any]:
    ruleset = plugins.ruleset(pos.ruleset)
    return Game(ruleset, pos.setup, pos.seed, position=pos.position, position_source=source)
