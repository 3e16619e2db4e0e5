"""Saved games, replays and position files.

A save is ``ruleset + setup (or position) + seed + actions`` plus the SHA-256 of the event
log it produced; replaying it must reproduce that log byte for byte. A position file sets
up any situation by hand (``ruleset``, ``setup``, ``seed`` and a ``[position]`` table whose
shape the ruleset defines), so a referee can ask "what happens here".

Two formats: a whole save, one JSON object (``aerodrome-save/1``, :func:`write_save`), and the
JSON Lines ``aerodrome play --save`` appends to as the game goes (``aerodrome-save/2``,
:func:`parse_stream`; written by :class:`aerodrome.runs.autosave.SaveWriter`). :func:`read_save`
reads both.

A save of a game played with spec numbers set (``--set``: parameters named by spec paths,
:mod:`aerodrome.engine.overrides`) or declared parameters records them (``params``, left out
when there are none, so other saves keep their bytes); a replay plays with them again.

A save written by ``aerodrome play`` also records who plays each seat (``seats``, so
``--resume`` seats the same players) and every
``undo`` (:class:`Undo`): the game went back to ``at`` actions, the actions taken back are
kept, and the dice from there on were reseeded with ``reseed`` — so an undo cannot be used
to see the dice to come, and a replay (which reseeds at the same points) stays
byte-identical.
"""

from __future__ import annotations

import hashlib
import warnings
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any

import msgspec

from aerodrome.engine.data import ParamValue, Record
from aerodrome.engine.driver import Observer, answer
from aerodrome.engine.errors import (
    AerodromeError,
    AerodromeWarning,
    IllegalActionError,
    ReplayMismatchError,
    SpecError,
    UnknownNameError,
)
from aerodrome.engine.events import encode_log
from aerodrome.engine.files import read_limited, write_atomic
from aerodrome.engine.game import Game
from aerodrome.engine.overrides import MAX_PATH, MAX_SETS
from aerodrome.engine.parameters import apply_setup, find, label, normalise
from aerodrome.engine.ruleset import Ruleset, Setup
from aerodrome.engine.specs import convert, parse_mapping
from aerodrome.plugins import Plugins, load_plugins
from aerodrome.runs.versions import OtherVersionWarning, describe, differences, versions_of

FORMAT = "aerodrome-save/1"

#: Bounds of a save's and a position's fields (the file's size and nesting are bounded by
#: :func:`aerodrome.engine.specs.read_mapping`). Seats: no setup has more than a few dozen.
MAX_SEATS = 64
#: Actions in a save: the longest games take a few thousand decisions.
MAX_ACTIONS = 1_000_000
#: Seeds are signed 64-bit integers (game seeds derived by a run are 63-bit).
Seed = Annotated[int, msgspec.Meta(ge=-(2**63), le=2**63 - 1)]
Player = Annotated[int, msgspec.Meta(ge=0, lt=MAX_SEATS)]
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
#: Undos in a save: a person taking back a decision now and then, not millions of times.
MAX_UNDOS = 100_000
Count = Annotated[int, msgspec.Meta(ge=0, le=MAX_ACTIONS)]
#: Distribution → version of aerodrome and the ruleset's plugin (see aerodrome.runs.versions).
Versions = Annotated[dict[Name, Name], msgspec.Meta(max_length=64)]
#: The parameters a game was played with (spec paths set by ``--set``, declared ones).
Params = Annotated[
    tuple[tuple[Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_PATH)], float], ...],
    msgspec.Meta(max_length=MAX_SETS),
]


class SavedAction(Record, frozen=True):
    player: Player
    action: dict[str, Any]


Actions = Annotated[tuple[SavedAction, ...], msgspec.Meta(max_length=MAX_ACTIONS)]


class Undo(Record, frozen=True):
    """A decision taken back (``aerodrome play``'s ``undo``), kept for the record.

    :param at: how many actions the game went back to (the taken-back ones followed them).
    :param by: the player who asked for it.
    :param reason: why, in words.
    :param actions: the actions taken back, in the order they were played.
    :param reseed: the seed of the dice from ``at`` on (see :func:`reseed`).
    """

    at: Count
    by: Player
    reason: Annotated[str, msgspec.Meta(max_length=200)]
    actions: Actions
    reseed: Seed


class SaveFile(Record, frozen=True):
    format: str
    ruleset: Name
    setup: Name
    seed: Seed
    actions: Actions
    log_sha256: Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{64}$")]
    log_lines: Annotated[int, msgspec.Meta(ge=0)]
    position: dict[str, Any] | None = None
    #: Players whose seats were flown by bots under the rulebook's bot rules.
    bots: Annotated[
        tuple[Annotated[int, msgspec.Meta(ge=0, le=64)], ...], msgspec.Meta(max_length=64)
    ] = ()
    #: Who played each seat (``"human"``, ``"bot"``, ``"bot:konrad"``), when ``play`` wrote it.
    seats: Annotated[tuple[Name, ...], msgspec.Meta(max_length=MAX_SEATS)] | None = None
    undone: Annotated[tuple[Undo, ...], msgspec.Meta(max_length=MAX_UNDOS)] = ()
    #: The versions that played the game (empty in saves written before they were recorded).
    versions: Versions = {}
    #: The parameters the game was played with (``--set``), sorted; left out when none.
    params: Params = ()


class PositionFile(Record, frozen=True):
    ruleset: Name
    position: dict[str, Any]
    setup: Name | None = None
    seed: Seed = 0


# -- the JSON Lines play --save appends to (aerodrome.runs.autosave writes it) --------------------
STREAM_FORMAT = "aerodrome-save/2"
Digest = Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{64}$")]
Lines = Annotated[int, msgspec.Meta(ge=0)]


class Header(Record, frozen=True):
    """Line 1: the game and the event log's digest at the start (after ``undone``)."""

    format: str
    ruleset: Name
    setup: Name
    seed: Seed
    log_sha256: Digest | None = None
    log_lines: Lines | None = None
    position: dict[str, Any] | None = None
    bots: Annotated[tuple[Player, ...], msgspec.Meta(max_length=MAX_SEATS)] = ()
    seats: Annotated[tuple[Name, ...], msgspec.Meta(max_length=MAX_SEATS)] | None = None
    undone: Annotated[tuple[Undo, ...], msgspec.Meta(max_length=MAX_UNDOS)] = ()
    versions: Versions = {}
    params: Params = ()


class Step(Record, frozen=True):
    """An action line: the action and the event log's digest after it."""

    player: Player
    action: dict[str, Any]
    log_sha256: Digest | None = None
    log_lines: Lines | None = None


class UndoLine(Record, frozen=True):
    """An undo line: the undo and the event log's digest of the game it went back to."""

    undo: Undo
    log_sha256: Digest | None = None
    log_lines: Lines | None = None


class CutShortWarning(AerodromeWarning):
    """A save's last line was cut short (a crash while it was written): it is left out."""


def is_stream(raw: bytes) -> bool:
    """Whether the bytes of a save are JSON Lines (``aerodrome-save/2``): its first line is a
    whole JSON object naming that format."""
    first = raw.split(b"\n", 1)[0]
    return (
        first.startswith(b"{") and first.rstrip().endswith(b"}") and STREAM_FORMAT.encode() in first
    )


def parse_stream(raw: bytes, source: str) -> SaveFile:
    """The save in the JSON Lines ``raw``: the kept line of play (undos applied), every undo,
    and the digest of the event log at its end. A last line without its newline is left out
    with a :class:`CutShortWarning`; any other bad line is an error naming it."""
    lines = raw.split(b"\n")
    if lines[-1]:
        warnings.warn(
            CutShortWarning(
                f"{source}: its last line was cut short (a crash while writing it?): the game "
                f"goes on from the line before ({len(lines[-1]):,} bytes left out)"
            ),
            stacklevel=3,
        )
    whole = lines[:-1]
    if not whole:
        raise SpecError(f"{source}: line 1: no header (an empty save)")
    header = convert(parse_mapping(whole[0], f"{source}: line 1"), Header, f"{source}: line 1")
    if header.format != STREAM_FORMAT:
        raise SpecError(f"{source}: line 1: $.format: expected {STREAM_FORMAT!r}")
    kept: list[SavedAction] = []
    digests: list[tuple[int, str] | None] = [_digest(header)]
    undone = list(header.undone)
    if len(whole) - 1 > MAX_ACTIONS + MAX_UNDOS:
        raise SpecError(f"{source}: more than {MAX_ACTIONS:,} actions")
    for number, line in enumerate(whole[1:], start=2):
        where = f"{source}: line {number}"
        data = parse_mapping(line, where)
        if "undo" in data:
            undo = convert(data, UndoLine, where)
            if undo.undo.at > len(kept):
                raise SpecError(
                    f"{where}: $.undo.at: {undo.undo.at}, but {len(kept)} actions were played"
                )
            del kept[undo.undo.at :]
            del digests[undo.undo.at + 1 :]
            undone.append(undo.undo)
            if undo.log_sha256 is not None:
                digests[-1] = _digest(undo)
        else:
            step = convert(data, Step, where)
            kept.append(SavedAction(player=step.player, action=step.action))
            digests.append(_digest(step))
    end = digests[-1]
    if end is None:
        raise SpecError(f"{source}: the last action has no digest of the event log to check")
    return SaveFile(
        format=STREAM_FORMAT,
        ruleset=header.ruleset,
        setup=header.setup,
        seed=header.seed,
        actions=tuple(kept),
        log_sha256=end[1],
        log_lines=end[0],
        position=header.position,
        bots=header.bots,
        seats=header.seats,
        undone=tuple(undone),
        versions=header.versions,
        params=header.params,
    )


def _digest(line: Header | Step | UndoLine) -> tuple[int, str] | None:
    if line.log_sha256 is None or line.log_lines is None:
        return None
    return line.log_lines, line.log_sha256


def log_digest(game: Game[Any, Any, Any]) -> str:
    return hashlib.sha256(game.log_bytes()).hexdigest()


class LogDigest:
    """The SHA-256 of a game's growing event log, fed only the events added since the last
    call (a save after every action hashes each event once, not the whole log each time)."""

    __slots__ = ("_hash", "_lines")

    def __init__(self) -> None:
        self._hash = hashlib.sha256()
        self._lines = 0

    def of(self, game: Game[Any, Any, Any]) -> str:
        """The digest of ``game.log`` (which must have grown from what was fed before)."""
        log = game.log
        if len(log) < self._lines:
            raise ValueError("the event log shrank: start a new LogDigest")
        self._hash.update(encode_log(log[self._lines :]))
        self._lines = len(log)
        return self._hash.copy().hexdigest()


def game_params(game: Game[Any, Any, Any]) -> tuple[ParamValue, ...]:
    """The parameters ``game``'s ruleset was plugged with (spec paths set by ``--set``,
    declared parameters), sorted: what its save records for a replay to play with."""
    plugged = game.ruleset.plugged
    if plugged is None:
        return ()
    return normalise(v for r, v in plugged.parameters if r == game.ruleset.name)


def encode_record(record: SaveFile | Header) -> bytes:
    """``record`` as JSON, its ``params`` left out when there are none (a save of a game
    without them has the bytes it always had)."""
    data = msgspec.to_builtins(record)
    if not data.get("params"):
        data.pop("params", None)
    return msgspec.json.encode(data)


def saved_actions(history: Sequence[tuple[int, Any]]) -> tuple[SavedAction, ...]:
    return tuple(SavedAction(player=p, action=msgspec.to_builtins(a)) for p, a in history)


def to_save(
    game: Game[Any, Any, Any],
    *,
    seats: Sequence[str] | None = None,
    undone: Sequence[Undo] = (),
    digest: str | None = None,
) -> SaveFile:
    """``game``'s save (``digest``: its log's SHA-256, if already known)."""
    return SaveFile(
        format=FORMAT,
        ruleset=game.ruleset.name,
        setup=game.setup.name,
        seed=game.seed,
        position=game.position,
        actions=saved_actions(game.history),
        log_sha256=digest if digest is not None else log_digest(game),
        log_lines=len(game.log),
        bots=game.setup.bots,
        seats=tuple(seats) if seats is not None else None,
        undone=tuple(undone),
        versions=versions_of(game.ruleset),
        params=game_params(game),
    )


def encode_save(save: SaveFile) -> bytes:
    return msgspec.json.format(encode_record(save), indent=1) + b"\n"


def write_save(
    game: Game[Any, Any, Any],
    path: Path,
    option: str = "--save",
    *,
    seats: Sequence[str] | None = None,
    undone: Sequence[Undo] = (),
    digest: str | None = None,
    durable: bool = True,
) -> None:
    """Write ``game``'s save to ``path`` atomically (fsynced when ``durable``); errors name
    ``option``."""
    save = to_save(game, seats=seats, undone=undone, digest=digest)
    write_atomic(path, encode_save(save), option, durable=durable)


# -- undo --------------------------------------------------------------------------------------
def reseed(game: Game[Any, Any, Any], seed: int) -> None:
    """Dice from a fresh stream seeded ``seed`` from now on (what :meth:`Game.clone` does with
    ``reseed``): after an undo the dice to come are not the ones already seen."""
    game.reseed(seed)


def restarts(undone: Sequence[Undo]) -> dict[int, int]:
    """Where the kept line of play reseeds its dice: ``{actions played: seed}``. An undo is on
    the kept line unless a later one went back before it; at the same point the later one
    counts."""
    found: dict[int, int] = {}
    for u in undone:
        for at in [a for a in found if a > u.at]:
            del found[at]
        found[u.at] = u.reseed
    return found


def read_save(path: Path) -> SaveFile:
    """The save in ``path``: a whole save (one JSON object, ``aerodrome-save/1``) or the JSON
    Lines ``play --save`` appends to (``aerodrome-save/2``, :mod:`aerodrome.runs.autosave`)."""
    try:
        raw = read_limited(path)
    except AerodromeError as exc:
        raise SpecError(str(exc)) from None
    if is_stream(raw):
        return parse_stream(raw, str(path))
    kind = "JSON" if path.suffix == ".json" else "TOML"
    save = convert(parse_mapping(raw, str(path), kind), SaveFile, str(path))
    if save.format != FORMAT:
        raise SpecError(
            f"{path}: $.format: expected {FORMAT!r} (or the JSON Lines of {STREAM_FORMAT!r}), "
            f"got {save.format!r}"
        )
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
    observers: Sequence[Observer] = (),
    own_params: bool = False,
) -> Game[Any, Any, Any]:
    """Re-run ``save``'s actions from its seed (the first ``until`` of them, if given),
    reseeding the dice where an undo did; errors name the action that failed. ``observers``
    (:class:`~aerodrome.engine.driver.Observer`) see the start and every action, as a driven game
    shows them (the replay viewer records each step). A save's ``params`` are plugged in
    again (:func:`with_params`); with ``own_params`` (a server, whose games share one
    process) a save must have been played with those of ``plugins``, or it is refused."""
    plugins = with_params(plugins, save, source, own=own_params)
    ruleset, setup = ruleset_and_setup(plugins, save.ruleset, save.setup, source)
    if save.params:
        try:
            setup = apply_setup(plugins.parameters(), save.ruleset, setup, save.params)
        except AerodromeError as exc:
            raise SpecError(f"{source}: $.params: {exc}") from None
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
    for o in observers:
        o.start(game)
    action_type = _action_decoder(game)
    seeds = restarts(save.undone)
    actions = save.actions[:until]
    for i, saved in enumerate(actions):
        if i in seeds:
            reseed(game, seeds[i])
        where = f"{source}: $.actions[{i}]"
        action = convert(saved.action, action_type, where)
        _check_action(game, saved, action, where)
        try:
            answer(game, saved.player, action, *observers)
        except IllegalActionError as exc:
            raise SpecError(f"{where}: {exc}") from None
    if len(actions) in seeds:
        reseed(game, seeds[len(actions)])
    return game


def with_params(plugins: Plugins, save: SaveFile, source: str, *, own: bool = False) -> Plugins:
    """``plugins`` with ``save``'s parameters plugged in (spec numbers put in force with its
    ruleset), each checked as ``--set`` checks it: a one-line error naming the file and
    ``$.params`` otherwise. ``plugins`` itself when they are its own for that ruleset; with
    ``own``, other parameters than those are an error."""
    mine = normalise(v for r, v in plugins.plugged.parameters if r == save.ruleset)
    if normalise(save.params) == mine:
        return plugins
    if own:
        raise SpecError(
            f"{source}: $.params: played with {label(save.params) or 'none'}, this server with "
            f"{label(mine) or 'none'} (serve it with the same --set)"
        )
    from aerodrome.runs.parallel import extra_plugins

    known = plugins.parameters()
    try:
        values = normalise(
            (name, find(known, save.ruleset, name).value(v, "$.params")) for name, v in save.params
        )
        found = load_plugins(extra_plugins(plugins), parameters=[(save.ruleset, v) for v in values])
        found.ruleset(save.ruleset)  # the spec files checked with every change
    except AerodromeError as exc:
        raise SpecError(f"{source}: $.params: {exc}") from None
    return found


def rebuild(
    ruleset_game: Game[Any, Any, Any],
    history: Sequence[tuple[int, Any]],
    seeds: Mapping[int, int],
) -> Game[Any, Any, Any]:
    """A new game like ``ruleset_game`` (same ruleset, set-up or position, seed) with the
    actions ``history`` played again, reseeded at ``seeds`` (see :func:`restarts`)."""
    old = ruleset_game
    game = Game(old.ruleset, old.setup, old.seed, position=old.position)
    for i, (player, action) in enumerate(history):
        if i in seeds:
            reseed(game, seeds[i])
        game.apply(player, action)
    if len(history) in seeds:
        reseed(game, seeds[len(history)])
    return game


def check_versions(save: SaveFile, running: dict[str, str], source: str) -> None:
    """Warn (:class:`~aerodrome.runs.versions.OtherVersionWarning`) when ``save`` was played by
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
    """The position file ``path`` (a saved game, of either format, is named as one)."""
    try:
        raw = read_limited(path)
    except AerodromeError as exc:
        raise SpecError(str(exc)) from None
    saved = is_stream(raw)
    if not saved:
        data = parse_mapping(raw, str(path), "JSON" if path.suffix == ".json" else "TOML")
        saved = str(data.get("format", "")).startswith("aerodrome-save/")
    if saved:
        raise SpecError(
            f"{path}: a saved game, not a position file: continue it with "
            f"`aerodrome play --resume {path}`"
        )
    return convert(data, PositionFile, str(path))


def game_from_position(pos: PositionFile, plugins: Plugins, source: str) -> Game[Any, Any, Any]:
    ruleset, setup = ruleset_and_setup(plugins, pos.ruleset, pos.setup, source)
    return Game(ruleset, setup, pos.seed, position=pos.position, position_source=source)


def ruleset_and_setup(
    plugins: Plugins, ruleset: str, setup: str | None, source: str
) -> tuple[Ruleset[Any, Any, Any], Setup]:
    """The ruleset and set-up a file names (``setup`` None: the ruleset's first); an unknown
    one is an error naming the file and the field (``game.json: $.ruleset: unknown ...``)."""
    try:
        rules = plugins.ruleset(ruleset)
    except UnknownNameError as exc:
        raise SpecError(f"{source}: $.ruleset: {exc}") from None
    try:
        return rules, rules.setup(setup)
    except UnknownNameError as exc:
        raise SpecError(f"{source}: $.setup: {exc}") from None
