"""Saved games, replays and position files.

A save is ``ruleset + setup (or position) + seed + actions`` plus the SHA-256 of the event
log it produced; replaying it must reproduce that log byte for byte. A position file sets
up any situation by hand (``ruleset``, ``setup``, ``seed`` and a ``[position]`` table whose
shape the ruleset defines), so a referee can ask "what happens here".
"""

from __future__ import annotations

import hashlib
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import msgspec

from aerodrome.data import Record
from aerodrome.errors import IllegalActionError, ReplayMismatchError, SpecError
from aerodrome.files import write_atomic
from aerodrome.game import Game
from aerodrome.plugins import Plugins
from aerodrome.specs import convert, read_mapping
from aerodrome.versions import OtherVersionWarning, describe, differences, versions_of

FORMAT = "aerodrome-save/1"

#: Bounds of a save's and a position's fields (the file's size and nesting are bounded by
#: :func:`aerodrome.specs.read_mapping`). Seats: no setup has more than a few dozen.
MAX_SEATS = 64
#: Actions in a save: the longest games take a few thousand decisions.
MAX_ACTIONS = 1_000_000
#: Seeds are signed 64-bit integers (game seeds derived by a run are 63-bit).
Seed = Annotated[int, msgspec.Meta(ge=-(2**63), le=2**63 - 1)]
Player = Annotated[int, msgspec.Meta(ge=0, lt=MAX_SEATS)]
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
#: Distribution → version of aerodrome and the ruleset's plugin (see aerodrome.versions).
Versions = Annotated[dict[Name, Name], msgspec.Meta(max_length=64)]


class SavedAction(Record, frozen=True):
    player: Player
    action: dict[str, Any]


class SaveFile(Record, frozen=True):
    format: str
    ruleset: Name
    setup: Name
    seed: Seed
    actions: Annotated[tuple[SavedAction, ...], msgspec.Meta(max_length=MAX_ACTIONS)]
    log_sha256: Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{64}$")]
    log_lines: Annotated[int, msgspec.Meta(ge=0)]
    position: dict[str, Any] | None = None
    #: Players whose seats were flown by bots under the rulebook's bot rules.
    bots: Annotated[tuple[Annotated[int, msgspec.Meta(ge=0, le=64)], ...], msgspec.Meta(max_length=64)] = ()
    #: The versions that played the game (empty in saves written before they were recorded).
    versions: Versions = {}


class PositionFile(Record, frozen=True):
    ruleset: Name
    position: dict[str, Any]
    setup: Name | None = None
    seed: Seed = 0


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
        bots=game.setup.bots,
        versions=versions_of(game.ruleset),
    )


def write_save(game: Game[Any, Any, Any], path: Path, option: str = "--save") -> None:
    """Write ``game``'s save to ``path`` atomically (fsynced); errors name ``option``."""
    data = msgspec.json.format(msgspec.json.encode(to_save(game)), indent=1) + b"\n"
    write_atomic(path, data, option)


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
    save: SaveFile,
    plugins: Plugins,
    source: str = "<save>",
    *,
    until: int | None = None,
    on_step: Callable[[Game[Any, Any, Any]], None] | None = None,
) -> Game[Any, Any, Any]:
    """Re-run ``save``'s actions from its seed (the first ``until`` of them, if given);
    errors name the action that failed. ``on_step`` sees the game at its start and after
    every action (the replay viewer records each step)."""
    ruleset = plugins.ruleset(save.ruleset)
    setup = ruleset.setup(save.setup)
    check_versions(save, versions_of(ruleset), source)
    for player in save.bots:
        if player >= len(setup.seats):
            raise SpecError(f"{source}: $.bots: set-up {setup.name!r} has no seat {player + 1}")
    game = Game(
        ruleset,
        setup.with_bots(save.bots),
        save.seed,
        position=save.position,
        position_source=source,
    )
    if on_step is not None:
        on_step(game)
    action_type = _action_decoder(game)
    for i, saved in enumerate(save.actions[:until]):
        where = f"{source}: $.actions[{i}]"
        action = convert(saved.action, action_type, where)
        _check_action(game, saved, action, where)
        try:
            game.apply(saved.player, action)
        except IllegalActionError as exc:
            raise SpecError(f"{where}: {exc}") from None
        if on_step is not None:
            on_step(game)
    return game


def check_versions(save: SaveFile, running: dict[str, str], source: str) -> None:
    """Warn (:class:`~aerodrome.versions.OtherVersionWarning`) when ``save`` was played by
    other versions than ``running``: its replay may then differ from the game saved."""
    why = differences(save.versions, running)
    if why is not None:
        warnings.warn(
            OtherVersionWarning(
                f"{source} was saved by {describe(save.versions)} ({why}): the rules may have "
                "changed, so the replay may differ from the game saved"
            ),
            stacklevel=3,
        )


def _shown(raw: Any) -> str:
    text = msgspec.json.encode(raw).decode()
    return text if len(text) <= 120 else text[:117] + "..."


def _check_action(game: Game[Any, Any, Any], saved: SavedAction, action: Any, where: str) -> None:
    """Refuse a saved action that is not legal now, naming it as the file spells it (its
    fields are not trusted: the action is never described before it is known legal)."""
    decision = game.decision()
    if decision is None:
        raise SpecError(f"{where}: the game is already over")
    player = saved.player
    if player >= len(game.setup.seats):
        raise SpecError(
            f"{where}.player: {player} is not a seat of setup {game.setup.name!r} "
            f"(seats 0 to {len(game.setup.seats) - 1})"
        )
    if player not in game.waiting_for():
        waiting = ", ".join(map(str, game.waiting_for()))
        raise SpecError(
            f"{where}.player: player {player} does not owe a decision now (waiting for "
            f"{waiting}: {decision.kind})"
        )
    if action not in game.legal_actions(player):
        raise SpecError(
            f"{where}: {_shown(saved.action)} is not a legal {decision.kind} for player {player}"
        )


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
