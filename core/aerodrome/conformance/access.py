"""Every call the kit makes into a game, in one place: :class:`Table`.

The checks of the kit never call :class:`~aerodrome.engine.game.Game` themselves; they play
through a :class:`Table`, which knows where it is (ruleset, set-up, seed: the ``where`` of
every failure) and turns an error the rules raise while the kit plays legal actions into a
failure naming the contract (:data:`Contract.PLAYABLE`) instead of a bare traceback. When
the Game API changes (how a player's view, prompt or log is read, how a game is copied),
this module is what changes.
"""

from __future__ import annotations

import hashlib
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

import msgspec

from aerodrome.conformance.broken import BrokenContract, Contract, broken
from aerodrome.engine.capabilities import Analysis, Determinise, capability
from aerodrome.engine.data import Action
from aerodrome.engine.errors import IllegalActionError
from aerodrome.engine.events import Event, encode_log
from aerodrome.engine.game import Game
from aerodrome.engine.ruleset import Result, Ruleset, copy_state
from aerodrome.engine.turns import Decision, Reveal
from aerodrome.plugins import Plugins
from aerodrome.runs.saves import read_save, replay, verify, write_save

AnyGame = Game[Any, Any, Any]

_encode = msgspec.msgpack.Encoder().encode


class Sight(NamedTuple):
    """What one player can read of a game at one moment, as bytes and values to compare."""

    observation: bytes
    prompt: bytes | None  #: the decision owed now (who, what, the prompt), None: the end
    legal: tuple[Action, ...]  #: the player's legal actions (empty when they owe nothing)


class Table:
    """A game as the kit plays it, with the ``where`` named by every failure."""

    __slots__ = ("game", "where")

    def __init__(self, game: AnyGame, where: str) -> None:
        self.game = game
        self.where = where

    @classmethod
    def new(cls, plugins: Plugins, ruleset: str, setup: str, seed: int) -> Table:
        where = f"{ruleset}/{setup} seed {seed}"
        rules = plugins.ruleset(ruleset)
        with _rules_running(where, "setting up the game"):
            return cls(Game(rules, setup, seed), where)

    # -- what the game is ----------------------------------------------------------------------
    @property
    def ruleset(self) -> Ruleset[Any, Any, Any]:
        return self.game.ruleset

    @property
    def players(self) -> range:
        return range(len(self.game.setup.seats))

    @property
    def round(self) -> int:
        return self.game.round

    @property
    def asked(self) -> int:
        """How many decisions the game has asked (a new number for each question)."""
        return self.game.asked

    def over(self) -> bool:
        return self.game.is_over()

    def decision(self) -> Decision | None:
        return self.game.decision()

    def secret(self) -> bool:
        """The pending decision's answer is hidden from the other players (a secret decision
        of one player, not a simultaneous commitment: its ``reveal`` is not everyone)."""
        d = self.game.decision()
        return d is not None and d.reveal is not Reveal.EVERYONE and not d.simultaneous

    def simultaneous(self) -> bool:
        """Several players owe the pending decision at once."""
        d = self.game.decision()
        return d is not None and d.simultaneous and len(d.players) > 1

    def events(self) -> Sequence[Event]:
        """The referee's event log."""
        return self.game.log

    @property
    def sides(self) -> tuple[str, ...]:
        return self.game.setup.sides

    def result(self) -> Result:
        return self.game.result()

    def invariants(self) -> list[str]:
        """The invariants of the state that the ruleset finds broken."""
        analysis = capability(self.ruleset, Analysis)
        if analysis is None:
            return []
        with _rules_running(self.where, "checking the invariants"):
            return analysis.invariants(self.game.state)

    def state_survives_a_copy(self) -> bool:
        state = self.game.state
        return bool(_encode(copy_state(state)) == _encode(state))

    def action_union(self) -> Any:
        """The union of the ruleset's action types (what a save decodes actions into)."""
        types = self.ruleset.action_types
        union: Any = types[0]
        for t in types[1:]:
            union = union | t
        return union

    def can_determinise(self) -> bool:
        """Whether the ruleset can determinise (it is a
        :class:`~aerodrome.engine.capabilities.Determinise`)."""
        return capability(self.ruleset, Determinise) is not None

    # -- playing -------------------------------------------------------------------------------
    def owing(self) -> tuple[int, ...]:
        """The players who still owe an answer to the pending decision."""
        return self.game.waiting_for()

    def legal(self, player: int) -> tuple[Action, ...]:
        """``player``'s legal actions now (read by iterating, whatever sequence the ruleset
        returns)."""
        with _rules_running(self.where, f"listing player {player}'s legal actions"):
            return tuple(self.game.legal_actions(player))

    def play(self, player: int, action: Action) -> None:
        """Play one of ``player``'s legal actions: a refusal or an error is a broken contract."""
        try:
            self.game.apply(player, action)
        except BrokenContract:
            raise
        except IllegalActionError as exc:
            broken(
                Contract.PLAYABLE,
                self.where,
                f"player {player}'s legal action {_short(action)} was refused: {exc}",
            )
        except Exception as exc:
            broken(
                Contract.PLAYABLE,
                self.where,
                f"playing player {player}'s legal action {_short(action)} raised "
                f"{type(exc).__name__}: {exc}",
            )

    def accepts(self, player: int, action: Action) -> bool:
        """Try an action the kit knows to be illegal: True if the game took it."""
        try:
            self.game.apply(player, action)
        except IllegalActionError:
            return False
        except Exception as exc:
            broken(
                Contract.REFUSED,
                self.where,
                f"player {player}'s illegal {_short(action)} raised {type(exc).__name__} "
                f"(expected IllegalActionError): {exc}",
            )
        return True

    def tried(self, player: int, action: Action) -> str | None:
        """Play ``action`` for ``player`` on a clone of the game: ``None`` when it is taken,
        else the error it raised (the game itself is not played)."""
        try:
            self.game.clone().apply(player, action)
        except Exception as exc:
            return f"{type(exc).__name__}: {exc}"
        return None

    def options(self, player: int) -> tuple[Action, ...]:
        """The legal actions of ``player``, who owes the pending decision: never empty (else
        :data:`Contract.PLAYABLE` is broken)."""
        legal = self.legal(player)
        if not legal:
            d = self.game.decision()
            kind = repr(d.kind) if d is not None else "no"
            broken(
                Contract.PLAYABLE,
                self.where,
                f"player {player} owes a {kind} decision but has no legal action",
            )
        return legal

    # -- what a player sees --------------------------------------------------------------------
    def observation(self, player: int | None) -> Any:
        """What ``player`` sees (``None``: the referee)."""
        with _rules_running(self.where, f"observing for player {player}"):
            return self.game.observation(player)

    def sight(self, player: int) -> Sight:
        """``player``'s observation, prompt and legal actions now."""
        d = self.game.decision()
        return Sight(
            _encode(self.observation(player)),
            _encode(d) if d is not None else None,
            self.legal(player),
        )

    def log(self, player: int | None = None) -> bytes:
        """The JSON Lines log ``player`` may read (``None``: the referee's)."""
        return self.game.log_bytes(player)

    def mark(self) -> int:
        """A mark in the log: :meth:`log_since` reads the events after it."""
        return len(self.game.log)

    def log_since(self, player: int, mark: int) -> tuple[bytes, bytes]:
        """The events after ``mark`` that ``player`` may read, as two logs: the events shown
        to everybody, and those shown to some players only (``player`` among them)."""
        events = [e for e in self.game.log[mark:] if e.visible_to(player)]
        return (
            encode_log(e for e in events if e.seen_by is None),
            encode_log(e for e in events if e.seen_by is not None),
        )

    # -- copies --------------------------------------------------------------------------------
    def digest(self) -> str:
        """Everything the rules keep: the state, where the turn is, the history and the log."""
        game = self.game
        h = hashlib.sha256(_encode(game.state))
        h.update(_encode(game.clock))
        h.update(b"%d/%d/%d" % (len(game.history), len(game.log), game.asked))
        return h.hexdigest()

    def state(self) -> bytes:
        return bytes(_encode(self.game.state))

    def clone(self) -> Table:
        return Table(self.game.clone(), self.where)

    def replayed(self, plugins: Plugins) -> Table:
        """The game written to a save file and replayed from it (raises
        :class:`~aerodrome.engine.errors.ReplayMismatchError` when the replay's log differs from the
        one the save recorded)."""
        with tempfile.TemporaryDirectory(prefix="aerodrome-conformance-") as folder:
            path = Path(folder) / "game.json"
            write_save(self.game, path)
            save = read_save(path)
            again = replay(save, plugins, str(path))
            verify(save, again)
        return Table(again, self.where)

    def determinised(self, player: int, seed: int) -> Table:
        """The game with everything ``player`` cannot see resampled (``seed``), its dice going
        on as the real game's do (so that the two can be compared roll for roll)."""
        what = f"determinising for player {player} (seed {seed})"
        with _rules_running(self.where, what):
            alt = self.game.determinised(player, seed, reseed=False)
        return Table(alt, f"{self.where}, determinised for player {player} (seed {seed})")


@contextmanager
def _rules_running(where: str, what: str) -> Iterator[None]:
    """An error the rules raise while the kit plays by them breaks :data:`Contract.PLAYABLE`."""
    try:
        yield
    except BrokenContract:
        raise
    except Exception as exc:
        broken(Contract.PLAYABLE, where, f"{what} raised {type(exc).__name__}: {exc}")


def _short(value: object, limit: int = 120) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def differences(a: Any, b: Any, limit: int = 3) -> str:
    """The fields in which two values (observations, decisions) differ, shortly."""
    x, y = msgspec.to_builtins(a), msgspec.to_builtins(b)
    if isinstance(x, dict) and isinstance(y, dict):
        keys = [k for k in dict.fromkeys([*x, *y]) if x.get(k) != y.get(k)]
        shown = [f"{k}: {_short(x.get(k), 60)} vs {_short(y.get(k), 60)}" for k in keys[:limit]]
        more = f" (and {len(keys) - limit} more)" if len(keys) > limit else ""
        return "; ".join(shown) + more
    return f"{_short(x, 80)} vs {_short(y, 80)}"
