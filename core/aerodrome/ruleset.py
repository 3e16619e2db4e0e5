"""The contract a ruleset plugin implements.

A ruleset is a class deriving from :class:`Ruleset`. It declares its setups, its turn
sequence (see :mod:`aerodrome.turns`), its action and state types, and answers the questions
the core asks (legal actions, observations, result). The core owns the public game API
(:class:`aerodrome.game.Game`), the dice, the event log and saving/replaying; a ruleset
never touches those directly.

Modules of a ruleset read top to bottom: docstring, constants, data, state, rules,
registration last (see the plugin author guide).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

import msgspec

from aerodrome.data import Action, Record
from aerodrome.errors import SpecError

if TYPE_CHECKING:
    from rich.console import RenderableType

    from aerodrome.turns import Context, Decision, TurnSequence

S = TypeVar("S", bound=msgspec.Struct)


class Seat(Record, frozen=True):
    """A place at the table: one player id, playing for a side (partners share a side)."""

    name: str
    side: str


class Setup(Record, frozen=True):
    """A named starting configuration of a ruleset.

    :param options: ruleset-specific settings (optional rules, mission, forces...).
    :param max_rounds: a safety cap; a game still running then ends unfinished.
    """

    name: str
    title: str
    seats: tuple[Seat, ...]
    description: str = ""
    options: dict[str, Any] = {}
    max_rounds: int = 500

    @property
    def sides(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for seat in self.seats:
            seen.setdefault(seat.side)
        return tuple(seen)


class Result(Record, frozen=True):
    """How a game ended.

    :param winners: the winning side(s); empty for a draw or an unfinished game.
    :param finished: False when the game hit its round cap before the rules ended it.
    :param kills: enemy aircraft destroyed, per side that destroyed them.
    :param losses: own aircraft lost, per side.
    :param stats: further per-ruleset numbers (ground-support runs, fame...).
    """

    winners: tuple[str, ...]
    reason: str
    rounds: int
    finished: bool = True
    kills: dict[str, int] = {}
    losses: dict[str, int] = {}
    stats: dict[str, float] = {}


class Ruleset(ABC, Generic[S]):
    """Base class of every ruleset. Subclass it in a plugin and register the class with the
    ``aerodrome_register_rulesets`` hook.

    Class attributes:

    - ``name``: short id used on the command line (``classic``).
    - ``title``: the game's name. ``rulebook``: where its rules come from.
    - ``state_type``: the msgspec Struct holding the whole game state (mutable, serialisable).
    - ``action_types``: every Action subclass the ruleset accepts (for saves and schemas).
    """

    name: ClassVar[str]
    title: ClassVar[str]
    rulebook: ClassVar[str] = ""
    state_type: ClassVar[type[msgspec.Struct]]
    action_types: ClassVar[tuple[type[Action], ...]]

    def __init__(self, hook: Any = None) -> None:
        #: The plugin manager's hook relay (``pm.hook``) so rule variants can be plugged in.
        self.hook = hook

    # -- description -----------------------------------------------------------------------
    @abstractmethod
    def setups(self) -> Sequence[Setup]:
        """The setups a user can choose; the first is the default."""

    def setup(self, name: str | None = None) -> Setup:
        """The setup called ``name`` (default: the first)."""
        from aerodrome.errors import UnknownNameError

        setups = self.setups()
        if name is None:
            return setups[0]
        for s in setups:
            if s.name == name:
                return s
        raise UnknownNameError(f"setup of {self.name}", name, [s.name for s in setups])

    def specs_dir(self) -> Path | None:
        """The folder of this ruleset's spec files (TOML), if it has one."""
        return None

    def spec_types(self) -> Mapping[str, type[Any]]:
        """Spec file name (relative to :meth:`specs_dir`) → the Struct type it decodes to."""
        return {}

    # -- the game ----------------------------------------------------------------------------
    @abstractmethod
    def sequence(self) -> TurnSequence[S]:
        """The rounds, phases and steps of the game."""

    @abstractmethod
    def initial_state(self, setup: Setup, ctx: Context) -> S:
        """The state at the start of a game (may roll dice, e.g. who goes first)."""

    def position_state(self, setup: Setup, position: Mapping[str, Any], source: str) -> S:
        """A state set up by hand from a position file's ``[position]`` table.

        ``source`` names the file for error messages. Raise :class:`SpecError` on bad input.
        """
        raise SpecError(f"{source}: ruleset {self.name!r} does not support position files")

    @abstractmethod
    def legal_actions(self, state: S, decision: Decision, player: int) -> Sequence[Action]:
        """Every legal answer of ``player`` to ``decision``; never empty for an owing player."""

    @abstractmethod
    def observation(self, state: S, player: int | None) -> msgspec.Struct:
        """What ``player`` sees (``None``: the referee). Hidden information must be absent."""

    @abstractmethod
    def is_over(self, state: S) -> bool:
        """Whether the rules have ended the game."""

    @abstractmethod
    def result(self, state: S, rounds: int) -> Result:
        """The result so far; called when the game is over, at its round cap, and by the
        comparison metrics at the start of every round (kills so far)."""

    # -- optional services ---------------------------------------------------------------
    def render(self, state: S, player: int | None) -> RenderableType:
        """A rich renderable picture of ``state`` as ``player`` sees it (for ``play``)."""
        from rich.pretty import Pretty

        return Pretty(msgspec.to_builtins(self.observation(state, player)))

    def svg(self, state: S, player: int | None) -> str | None:
        """An SVG picture of ``state`` as ``player`` sees it, or ``None`` if the ruleset draws
        none (``aerodrome replay --svg``, ``aerodrome position --svg``)."""
        return None

    def describe_action(self, state: S, action: Action) -> str:
        """A short sentence for a human choosing among legal actions."""
        return action.describe()

    def invariants(self, state: S) -> list[str]:
        """Broken invariants of ``state`` (empty when all hold); checked by the conformance
        suite after every action."""
        return []

    def material(self, state: S) -> dict[str, float]:
        """Per-side material (aircraft alive weighted by value) for comparison metrics."""
        return {}
