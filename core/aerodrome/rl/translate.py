"""Between a game and numbers: observation vectors, action masks and action indices.

A :class:`Translator` serves one ruleset × set-up with its :class:`~aerodrome.rl.layout.Layout`.
Everything it shows a seat comes from that seat's observation (never from the state) and
from the legal actions the game offers that seat now.
"""

from __future__ import annotations

import operator
import struct
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from aerodrome.data import Action
from aerodrome.errors import IllegalActionError
from aerodrome.game import Game
from aerodrome.rl.encoder import Encoder
from aerodrome.rl.encoding import EncodingError, build
from aerodrome.rl.layout import ActionSpaceError, Layout
from aerodrome.ruleset import Ruleset, Setup

Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]

#: What to do with a legal-action list longer than the action space (generic numbering).
OVERFLOWS = ("error", "truncate")


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
            raise ActionSpaceError(f"overflow must be one of {', '.join(OVERFLOWS)}, not {overflow!r}")
        self.ruleset = ruleset
        self.setup = setup
        self.layout = layout
        self.overflow = overflow
        self.actions = layout.actions
        self.width = layout.observation
        self.label = f"{ruleset.name} {setup.name}"
        self._packer = struct.Struct(f"={self.width}f")
        self._encoder: Encoder | None = None
        self._view_type: type | None = None

    # -- observations ------------------------------------------------------------------------
    def vector(self, view: Any) -> Vector:
        """The observation vector of ``view`` (float32, length ``width``)."""
        if not self.layout.encoded:
            return np.frombuffer(self.encoder(view).encode_f32(view), dtype=np.float32)
        numbers = self.ruleset.observation_vector(view)
        if numbers is None or len(numbers) != self.width:
            raise EncodingError(
                f"{self.label}: observation_vector gave "
                f"{'None' if numbers is None else f'{len(numbers)} numbers'}, "
                f"expected {self.width} (the length must be fixed per set-up)"
            )
        buffer = bytearray(self._packer.size)
        try:
            self._packer.pack_into(buffer, 0, *numbers)
        except (struct.error, OverflowError, TypeError):
            raise EncodingError(f"{self.label}: observation_vector gave something not a number") from None
        return np.frombuffer(buffer, dtype=np.float32)

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
    def mask(self, legal: Sequence[Action], player: int) -> Mask:
        """1 for each action index that is legal now, 0 elsewhere."""
        mask = np.zeros(self.actions, dtype=np.int8)
        if not legal:
            return mask
        if self.layout.numbered:
            mask[self.ids(legal)] = 1
            return mask
        n = len(legal)
        if n > self.actions:
            if self.overflow == "error":
                raise self.overflowed(n, player)
            n = self.actions
        mask[:n] = 1
        return mask

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

    def ids(self, legal: Sequence[Action]) -> list[int]:
        """The ruleset's numbers of ``legal`` (each checked against ``action_count``)."""
        action_id, setup = self.ruleset.action_id, self.setup
        ids = [action_id(a, setup) for a in legal]
        if ids and not (min(ids) >= 0 and max(ids) < self.actions):
            bad = next(i for i in ids if not 0 <= i < self.actions)
            raise ActionSpaceError(
                f"{self.label}: action_id gave {bad!r}, outside 0..{self.actions - 1} "
                "(action_count of the ruleset)"
            )
        return ids

    def action(
        self, index: object, legal: Sequence[Action], player: int, game: Game[Any, Any, Any] | None = None
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
            action: Action | None
            try:
                action = self.ruleset.action_from_id(i, self.setup)
            except (IndexError, KeyError, ValueError):
                action = None
            if isinstance(action, Action) and action in legal:
                return action
            what = "" if action is None else f" ({action.describe()})"
            raise IllegalActionError(
                f"{self.label}: action {i}{what} is not legal for seat {player} now ({_kind(game)}; "
                "the action mask marks the legal ones)"
            )
        limit = min(len(legal), self.actions)
        if i >= limit:
            raise IllegalActionError(
                f"{self.label}: action {i} is not legal for seat {player} now ({_kind(game)}): "
                f"{len(legal)} legal actions, numbered 0 to {limit - 1}"
            )
        return legal[i]

    def index(self, action: Action, legal: Sequence[Action]) -> int:
        """The number of the legal ``action`` (the inverse of :meth:`action`)."""
        if self.layout.numbered:
            return self.ids([action])[0]
        return list(legal).index(action)

    def observe(self, game: Game[Any, Any, Any], player: int) -> dict[str, Any]:
        """What a learning agent at ``player`` gets: its observation vector and its mask."""
        return {
            "observation": self.vector(game.observation(player)),
            "action_mask": self.mask(game.legal_actions(player), player),
        }


def _kind(game: Game[Any, Any, Any] | None) -> str:
    decision = game.decision() if game is not None else None
    return decision.kind if decision is not None else "no decision"
