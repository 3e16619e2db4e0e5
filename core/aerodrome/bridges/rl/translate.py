"""Between a game and numbers: observation vectors, action masks and action indices.

A :class:`Translator` serves one ruleset × set-up with its :class:`~aerodrome.bridges.rl.layout.Layout`.
Everything it shows a seat comes from that seat's observation (never from the state) and
from the legal actions the game offers that seat now.

It runs at every step of a learning environment, so it asks the ruleset as little as it can
(figures: docs/performance.md, "Learning environments"):

- the ruleset's number of an action (``action_id``) is asked once per distinct action and
  remembered (actions are frozen values);
- the numbers of a legal-action list are worked out once per decision and kept with the list
  while the game stays at that moment (the same list object, game object and length of its
  history, compared by ``is``); a tuple (immutable; df40k, Victoriana and the joust hand
  out the same tuples again in later decisions) is kept by its value, up to
  :data:`MASKS_MEMO_BYTES` of masks. So the mask of ``observe``, the action of ``step`` and
  a Gymnasium ``action_masks()`` share them, and a number is turned back into the legal
  action by its place in the list, without ``action_from_id``;
- a seat's observation vector and mask are worked out once per moment: observed again
  before anything is applied (``last()`` then ``observe()``), the seat gets copies of the
  first ones, not a second call of the ruleset's ``observation_vector``; and a seat
  observed right after another at the same moment (the Parallel environment observes every
  live seat at every step) whose view equals the other's (Victoriana, Dockfighters, the
  joust: every seat sees the same table) gets the other's vector;
- a ruleset's ``observation_vector`` may return a ``list`` subclass whose ``f32``
  attribute holds the same numbers packed as native float32 (``bytes``, ``struct`` format
  ``=Nf``, made piece by piece from packings it keeps): it is taken as it is, without packing
  the list again (packing costs about 10 ns a number: 23 µs for Dockfighters' 1,878);
- every observation and mask is a new array (an agent may keep or change what it was given;
  ``tests/rl/test_hidden.py`` compares two of them), filled from a packed buffer.
"""

from __future__ import annotations

import operator
import struct
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from aerodrome.bridges.rl.encoder import Encoder
from aerodrome.bridges.rl.encoding import EncodingError, build
from aerodrome.bridges.rl.layout import ActionSpaceError, Layout
from aerodrome.engine.capabilities import Numbering, Vectors, capability
from aerodrome.engine.data import Action
from aerodrome.engine.errors import IllegalActionError
from aerodrome.engine.game import Game
from aerodrome.engine.ruleset import Ruleset, Setup

Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]

F32 = np.dtype(np.float32)
I8 = np.dtype(np.int8)
#: What to do with a legal-action list longer than the action space (generic numbering).
OVERFLOWS = ("error", "truncate")
#: Distinct actions whose numbers are remembered, and legal tuples whose numbers are kept,
#: before each memo starts afresh; the tuples' masks (one byte per action number) may hold
#: at most ``MASKS_MEMO_BYTES`` together (fewer tuples for a large action space).
NUMBERS_MEMO = 1 << 16
TUPLES_MEMO = 1 << 10
MASKS_MEMO_BYTES = 1 << 24


class Numbered:
    """The numbers of one legal-action list (ruleset numbering): ``ids[k]`` is the number of
    ``legal[k]``; ``mask`` the packed mask (one byte per action number, never changed once
    made: only copied out)."""

    __slots__ = ("game", "ids", "legal", "mask", "moment")

    def __init__(
        self,
        legal: Sequence[Action],
        ids: list[int],
        mask: bytes | bytearray,
        game: object,
        moment: int,
    ) -> None:
        self.legal = legal
        self.ids = ids
        self.mask = mask
        self.game = game
        self.moment = moment


class Seen:
    """What :meth:`Translator.observe` last gave: a seat's vector and mask (as bytes) at one
    moment (the length of the history) of one game."""

    __slots__ = ("game", "mask", "moment", "player", "vector", "view")

    def __init__(
        self,
        game: object,
        moment: int,
        player: int,
        view: object,
        vector: bytes | bytearray,
        mask: bytes | bytearray,
    ) -> None:
        self.game = game
        self.moment = moment
        self.player = player
        self.view = view
        self.vector = vector
        self.mask = mask


class Translator:
    """Observation vectors, masks and actions of one ruleset × set-up."""

    def __init__(
        self,
        ruleset: Ruleset[Any, Any, Any],
        setup: Setup,
        layout: Layout,
        *,
        overflow: str = "error",
    ) -> None:
        if layout.ruleset != ruleset.name or layout.setup != setup.name:
            raise ActionSpaceError(
                f"the layout is for {layout.ruleset} {layout.setup}, not {ruleset.name} {setup.name}"
            )
        if overflow not in OVERFLOWS:
            raise ActionSpaceError(
                f"overflow must be one of {', '.join(OVERFLOWS)}, not {overflow!r}"
            )
        self.ruleset = ruleset
        self.setup = setup
        self.layout = layout
        self.overflow = overflow
        self.actions = layout.actions
        self.width = layout.observation
        self.label = f"{ruleset.name} {setup.name}"
        self._numbering = capability(ruleset, Numbering)
        self._vectors = capability(ruleset, Vectors)
        self._packer = struct.Struct(f"={self.width}f")
        self._encoder: Encoder | None = None
        self._view_type: type | None = None
        self._numbers: dict[Action, int] = {}
        self._last: Numbered | None = None
        self._tuples: dict[tuple[Action, ...], Numbered] = {}
        self._tuples_memo = max(1, min(TUPLES_MEMO, MASKS_MEMO_BYTES // self.actions))
        self._seen: Seen | None = None
        #: The generic numbering's mask of n legal actions (the first n numbers), by n.
        self._first: dict[int, bytes] = {}

    # -- observations ------------------------------------------------------------------------
    def vector(self, view: Any) -> Vector:
        """The observation vector of ``view`` (a new float32 array of length ``width``)."""
        return np.frombuffer(bytearray(self.packed(view)), dtype=F32)

    def packed(self, view: Any) -> bytes | bytearray:
        """The observation vector of ``view`` as ``width`` native float32 (read only)."""
        if not self.layout.encoded:
            return self.encoder(view).encode_f32(view)
        numbers = self._vectors.observation_vector(view) if self._vectors is not None else None
        if isinstance(numbers, np.ndarray):  # a ruleset that encodes into NumPy itself
            if numbers.shape == (self.width,):
                return numbers.astype(F32).tobytes()
        elif numbers is not None and len(numbers) == self.width:
            if type(numbers) is not list:  # a list that carries its numbers packed already
                f32 = getattr(numbers, "f32", None)
                if type(f32) is bytes and len(f32) == self._packer.size:
                    return f32
            try:
                return self._packer.pack(*numbers)
            except (struct.error, OverflowError, TypeError):
                raise EncodingError(
                    f"{self.label}: observation_vector gave something not a number"
                ) from None
        got = "None" if numbers is None else f"{len(numbers)} numbers"
        raise EncodingError(
            f"{self.label}: observation_vector gave {got}, expected {self.width} "
            "(the length must be fixed per set-up)"
        )

    def encoder(self, view: Any) -> Encoder:
        """The generic encoder (built on first use, for the type of ``view``)."""
        if self._encoder is None:
            self._view_type = type(view)
            self._encoder = Encoder(build(type(view), self.layout.caps), self.label)
            if self._encoder.width != self.width:
                raise EncodingError(
                    f"{self.label}: the layout says {self.width} numbers, the caps give "
                    f"{self._encoder.width} (a layout of another version of the ruleset?)"
                )
        return self._encoder

    def feature_names(self, view: Any) -> list[str]:
        """A name for each number of the vector (generic encoding only; the ruleset
        documents its own)."""
        if self.layout.encoded:
            return [f"{self.ruleset.name}[{i}]" for i in range(self.width)]
        return self.encoder(view).names()

    # -- actions -----------------------------------------------------------------------------
    def mask(
        self, legal: Sequence[Action], player: int, game: Game[Any, Any, Any] | None = None
    ) -> Mask:
        """1 for each action index that is legal now, 0 elsewhere (a new array). ``game``,
        when given, is the game ``legal`` comes from (its numbers are then kept for the
        decision)."""
        return np.frombuffer(bytearray(self.packed_mask(legal, player, game)), dtype=I8)

    def packed_mask(
        self, legal: Sequence[Action], player: int, game: Game[Any, Any, Any] | None = None
    ) -> bytes | bytearray:
        """The mask of :meth:`mask` as ``actions`` bytes (read only)."""
        if self.layout.numbered:
            return self.numbered(legal, game).mask
        n = len(legal)
        got = self._first.get(n)
        if got is None:
            if n > self.actions:
                if self.overflow == "error":
                    raise self.overflowed(n, player)
                n = self.actions
            got = self._first[len(legal)] = b"\x01" * n + bytes(self.actions - n)
        return got

    def overflowed(self, n: int, player: int) -> ActionSpaceError:
        how = (
            f"found by probing {self.layout.probed} random games (longest {self.layout.longest})"
            if self.layout.probed
            else "declared"
        )
        return ActionSpaceError(
            f"{self.label}: seat {player} has {n} legal actions but the action space holds "
            f"{self.actions} ({how}); pass max_actions={n + n // 4} (or a larger Layout), or "
            "overflow='truncate' to offer only the first ones"
        )

    def numbered(
        self, legal: Sequence[Action], game: Game[Any, Any, Any] | None = None
    ) -> Numbered:
        """The numbers of ``legal`` (the ruleset's numbering), kept for the decision."""
        got = self._last
        if type(legal) is tuple:  # an immutable list, maybe handed out again by the ruleset
            if got is not None and got.legal is legal:  # the same tuple: no need to hash it
                return got
            got = self._tuples.get(legal)
            if got is not None:
                self._last = got
                return got
        elif (
            got is not None
            and got.legal is legal
            and game is not None
            and got.game is game
            and got.moment == len(game.history)
        ):
            return got
        numbers = self._numbers
        try:
            ids = list(map(numbers.__getitem__, legal))
        except KeyError:
            ids = self.ids(legal)
        mask = bytearray(self.actions)
        for i in ids:  # a plain loop: 3 times as fast as deque(map(mask.__setitem__, ...))
            mask[i] = 1
        got = Numbered(legal, ids, mask, game, -1 if game is None else len(game.history))
        if type(legal) is tuple:
            if len(self._tuples) >= self._tuples_memo:
                self._tuples.clear()
            self._tuples[legal] = got
        self._last = got
        return got

    def ids(self, legal: Sequence[Action]) -> list[int]:
        """The ruleset's numbers of ``legal`` (each checked against ``action_count`` the
        first time the ruleset is asked for it)."""
        numbers = self._numbers
        numbering = self._numbering
        if numbering is None:
            raise ActionSpaceError(f"{self.label}: the ruleset numbers no actions")
        out = []
        for action in legal:
            got = numbers.get(action)
            if got is None:
                given = numbering.action_id(action, self.setup)
                try:
                    got = operator.index(given)  # a NumPy integer is a number too
                except TypeError:
                    got = -1
                if not 0 <= got < self.actions:
                    raise ActionSpaceError(
                        f"{self.label}: action_id gave {given!r}, outside 0..{self.actions - 1} "
                        "(action_count of the ruleset)"
                    )
                if len(numbers) >= NUMBERS_MEMO:
                    numbers.clear()
                numbers[action] = got
            out.append(got)
        return out

    def action(
        self,
        index: object,
        legal: Sequence[Action],
        player: int,
        game: Game[Any, Any, Any] | None = None,
    ) -> Action:
        """The legal action numbered ``index`` for ``player``; an index out of range or not
        legal now is an :class:`IllegalActionError` (naming the decision of ``game``)."""
        try:
            i = operator.index(index)  # type: ignore[arg-type]
        except TypeError:
            raise IllegalActionError(
                f"{self.label}: action {index!r} is not an action number (an int from 0 to {self.actions - 1})"
            ) from None
        if not 0 <= i < self.actions:
            raise IllegalActionError(
                f"{self.label}: action {i} is out of range for seat {player}: the action space "
                f"is Discrete({self.actions}), numbers 0 to {self.actions - 1}"
            )
        if not legal:
            raise IllegalActionError(f"{self.label}: seat {player} owes no decision now")
        if self.layout.numbered:
            ids = self.numbered(legal, game).ids
            try:
                return legal[ids.index(i)]
            except ValueError:
                raise IllegalActionError(
                    f"{self.label}: action {i}{self._describe(i)} is not legal for seat {player} now "
                    f"({_kind(game)}; the action mask marks the legal ones)"
                ) from None
        limit = min(len(legal), self.actions)
        if i >= limit:
            raise IllegalActionError(
                f"{self.label}: action {i} is not legal for seat {player} now ({_kind(game)}): "
                f"{len(legal)} legal actions, numbered 0 to {limit - 1}"
            )
        return legal[i]

    def _describe(self, i: int) -> str:
        """`` (the action's description)`` of number ``i``, or nothing (for a message)."""
        if self._numbering is None:
            return ""
        try:
            action = self._numbering.action_from_id(i, self.setup)
        except Exception:
            return ""
        return f" ({action.describe()})" if isinstance(action, Action) else ""

    def index(self, action: Action, legal: Sequence[Action]) -> int:
        """The number of the legal ``action`` (the inverse of :meth:`action`)."""
        if self.layout.numbered:
            return self.ids([action])[0]
        return list(legal).index(action)

    def observe(self, game: Game[Any, Any, Any], player: int) -> dict[str, Any]:
        """What a learning agent at ``player`` gets: its observation vector and its mask
        (new arrays). Asked again for the same seat at the same moment of the same game
        (nothing applied since), it gives copies of what it worked out the first time."""
        moment = len(game.history)
        seen = self._seen
        if seen is None or seen.game is not game or seen.moment != moment:
            view = game.observation(player)
            seen = self._seen = Seen(
                game,
                moment,
                player,
                view,
                self.packed(view),
                self.packed_mask(game.legal_actions(player), player, game),
            )
        elif seen.player != player:  # another seat at the same moment (the Parallel env)
            view = game.observation(player)
            seen = self._seen = Seen(
                game,
                moment,
                player,
                view,
                seen.vector if _same_view(view, seen.view) else self.packed(view),
                self.packed_mask(game.legal_actions(player), player, game),
            )
        return {
            "observation": np.frombuffer(bytearray(seen.vector), dtype=F32),
            "action_mask": np.frombuffer(bytearray(seen.mask), dtype=I8),
        }


def _same_view(view: object, other: object) -> bool:
    """Whether two seats' views at one moment are equal (a game without hidden information
    may show every seat the same: its vector is then worked out once). A view whose
    equality is not a plain answer (a NumPy array inside) is never the same."""
    if type(view) is not type(other):
        return False
    try:
        return bool(view == other)
    except (TypeError, ValueError):
        return False


def _kind(game: Game[Any, Any, Any] | None) -> str:
    decision = game.decision() if game is not None else None
    return decision.kind if decision is not None else "no decision"
