"""The contract a ruleset plugin implements.

A ruleset is a class deriving from :class:`Ruleset`, generic in its state, observation and
action types. It declares its setups, its capabilities, its turn sequence (see
:mod:`aerodrome.turns`: each step that asks a question also lists the legal answers and
resolves them) and answers the core's questions (observation, is the game over, result).
The core owns the public game API (:class:`aerodrome.game.Game`), the dice, the event log
and saving/replaying; a ruleset never touches those directly.

Modules of a ruleset read top to bottom: docstring, constants, data, state, rules,
registration last (see the plugin author guide).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic

import msgspec
from typing_extensions import TypeVar

from aerodrome.data import Action, Record
from aerodrome.errors import SpecError
from aerodrome.rulehooks import RuleHooks

if TYPE_CHECKING:
    from rich.console import RenderableType

    from aerodrome.events import Event
    from aerodrome.turns import Context, TurnSequence

S = TypeVar("S", bound=msgspec.Struct)
O = TypeVar("O", bound=msgspec.Struct, default=msgspec.Struct)  # noqa: E741 (OpenSpiel's letters)
A = TypeVar("A", bound=Action, default=Action)
OptionsT = TypeVar("OptionsT", bound="Options")


class Capabilities(Record, frozen=True):
    """What kind of game a ruleset is, after OpenSpiel's ``GameType``.

    :param hidden_information: some players cannot see everything (cards, AA guns, orders);
        a ruleset that says False must show every player the same observation, and
        :meth:`Ruleset.determinise` is then the identity.
    :param simultaneous: some decisions are committed by several players at once, in secret.
    :param chance: dice or shuffles decide part of the game.
    """

    hidden_information: bool
    simultaneous: bool
    chance: bool = True


class Options(Record, frozen=True):
    """Base class of a ruleset's typed set-up options (one Struct per ruleset)."""


class Seat(Record, frozen=True):
    """A place at the table: one player id, playing for a side (partners share a side).

    :param bot: the seat is flown by a bot under the rulebook's own rules for bots (e.g.
        Dockfighters' simplified landing for Konrad); set when a seat's agent plays by those
        rules (:attr:`aerodrome.agents.AgentSpec.bot_rules`) and saved with the game.
    """

    name: str
    side: str
    bot: bool = False


class Setup(Record, frozen=True):
    """A named starting configuration of a ruleset.

    :param options: the ruleset's typed settings (optional rules, mission, forces...): an
        instance of its :attr:`Ruleset.options_type`, read with :meth:`options_as`.
    :param max_rounds: a safety cap; a game still running then ends unfinished.
    """

    name: str
    title: str
    seats: tuple[Seat, ...]
    description: str = ""
    options: Options = Options()
    max_rounds: int = 500

    def options_as(self, kind: type[OptionsT]) -> OptionsT:
        """The options, checked to be a ``kind`` (a one-line error naming the set-up when they
        are not, e.g. a set-up built in code with another ruleset's options)."""
        if not isinstance(self.options, kind):
            raise SpecError(
                f"setup {self.name!r}: options are {type(self.options).__name__}, "
                f"expected {kind.__name__}"
            )
        return self.options

    def with_bots(self, players: Iterable[int]) -> Setup:
        """This set-up with the seats of ``players`` flown by bots (see :attr:`Seat.bot`)."""
        bots = set(players)
        if not bots and not any(seat.bot for seat in self.seats):
            return self
        seats = tuple(
            msgspec.structs.replace(seat, bot=i in bots) for i, seat in enumerate(self.seats)
        )
        return msgspec.structs.replace(self, seats=seats)

    @property
    def bots(self) -> tuple[int, ...]:
        """The players whose seats are flown by bots."""
        return tuple(i for i, seat in enumerate(self.seats) if seat.bot)

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
    :param engagements: attacks resolved (dogfights, shots, fights), for the comparison's
        lethality metric; ``None`` when the ruleset does not count them.
    :param first_player: the seat that acted first (who won the initiative), for the
        first-player advantage metric; ``None``: the core takes the seat of the first
        decision that is not simultaneous.
    :param stats: further per-ruleset numbers (ground-support runs, aces...).
    """

    winners: tuple[str, ...]
    reason: str
    rounds: int
    finished: bool = True
    kills: dict[str, int] = {}
    losses: dict[str, int] = {}
    engagements: int | None = None
    first_player: int | None = None
    stats: dict[str, float] = {}


class Ruleset(ABC, Generic[S, O, A]):
    """Base class of every ruleset, generic in its state ``S`` (one mutable msgspec Struct,
    the whole game), observation ``O`` (a frozen Struct: what one player sees) and action
    ``A`` (a union of frozen :class:`~aerodrome.data.Action` Structs). Subclass it in a
    plugin and register the class with the ``aerodrome_register_rulesets`` hook.

    Class attributes:

    - ``name``: short id used on the command line (``classic``).
    - ``title``: the game's name. ``rulebook``: where its rules come from.
    - ``capabilities``: what kind of game it is (:class:`Capabilities`).
    - ``action_types``: every Action subclass the ruleset accepts (for saves and schemas).
    - ``options_type``: the Struct of its set-up options (:class:`Options` if it has none).

    The instance gets ``hooks``: typed callers of the ruleset's own hookspecs, through which
    variant plugins change a rule (:class:`~aerodrome.rulehooks.RuleHooks`).
    """

    name: ClassVar[str]
    title: ClassVar[str]
    rulebook: ClassVar[str] = ""
    capabilities: ClassVar[Capabilities]
    action_types: ClassVar[tuple[type[Action], ...]]
    options_type: ClassVar[type[Options]] = Options

    def __init__(self, hooks: RuleHooks | None = None) -> None:
        self.hooks = hooks if hooks is not None else RuleHooks(None)

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
    def observation(self, state: S, player: int | None) -> O:
        """What ``player`` sees (``None``: the referee): a frozen value that shares nothing
        mutable with ``state``, with everything hidden from ``player`` left out."""

    def determinise(self, state: S, player: int, rng: random.Random) -> S:
        """A state ``player`` cannot tell from ``state``: everything hidden from ``player``
        (other hands, unrevealed guns...) resampled with ``rng`` consistently with what
        ``player`` has seen, so that look-ahead never reads hidden information. The result
        is a new state; ``state`` is not changed.

        A ruleset that declares no hidden information gets the identity (a copy); one that
        has hidden information must override this.
        """
        if self.capabilities.hidden_information:
            raise NotImplementedError(
                f"ruleset {self.name!r} has hidden information but no determinise()"
            )
        return copy_state(state)

    @abstractmethod
    def is_over(self, state: S) -> bool:
        """Whether the rules have ended the game."""

    @abstractmethod
    def result(self, state: S, rounds: int) -> Result:
        """The result so far; called when the game is over, at its round cap, and by the
        comparison metrics at the start of every round (kills so far)."""

    # -- for people: sentences and pictures, always from an observation -----------------------
    def action_text(self, action: A, view: O) -> str:
        """A short plain sentence for ``action`` as the player whose observation is ``view``
        reads it (names and coordinates, never internal indices); shown when a person
        chooses among legal actions and in every log a person reads."""
        return action.describe()

    def event_text(self, event: Event, view: O) -> str | None:
        """A plain sentence for one of this ruleset's own events, as the player whose
        observation is ``view`` reads it (called only for events that player may see): ``""``
        for an event not worth a line, ``None`` when the ruleset does not describe it (a
        generic line is shown). The core describes its own events (dice, rounds, actions,
        the end) in :mod:`aerodrome.describe`."""
        return None

    def action_odds(self, action: A, view: O) -> str | None:
        """The exact chances of ``action`` for the player whose observation is ``view``, in a
        short phrase shown next to the choice ("hits 41.7%; shoots down 12.5%"), computed
        (never sampled) from what that player may see; ``None`` when the action rolls no
        dice or the ruleset gives no odds for it."""
        return None

    def draw(self, view: O) -> RenderableType:
        """A rich renderable picture of ``view`` for the terminal: the board (or the
        squadrons) with coordinates, and a legend of its symbols."""
        from rich.pretty import Pretty

        return Pretty(msgspec.to_builtins(view))

    def draw_svg(self, view: O) -> str | None:
        """An SVG picture of ``view`` (``None``: the ruleset draws none). Same view, same
        bytes; every name from a spec or a plugin escaped."""
        return None

    # -- for learning agents: a fixed numbering of actions, observations as numbers ----------
    def action_count(self, setup: Setup) -> int | None:
        """The size of this ruleset's fixed action space for ``setup`` (every action any
        decision of that set-up could offer has a number below it), or ``None`` when the
        ruleset numbers no actions (learning environments then number legal actions)."""
        return None

    def action_id(self, action: A, setup: Setup) -> int:
        """The number of ``action`` in the fixed action space (see :meth:`action_count`)."""
        raise NotImplementedError(f"ruleset {self.name!r} numbers no actions")

    def action_from_id(self, index: int, setup: Setup) -> A:
        """The action numbered ``index`` (the inverse of :meth:`action_id`)."""
        raise NotImplementedError(f"ruleset {self.name!r} numbers no actions")

    def observation_vector(self, view: O) -> Sequence[float] | None:
        """``view`` as a fixed-length list of numbers (same length for every view of a
        set-up; documented by the ruleset), or ``None`` for the generic flat encoding."""
        return None

    def invariants(self, state: S) -> list[str]:
        """Broken invariants of ``state`` (empty when all hold); checked by the conformance
        suite after every action."""
        return []

    def material(self, state: S) -> dict[str, float]:
        """Per-side material (aircraft alive weighted by value) for comparison metrics."""
        return {}

    def warm_up(self) -> None:
        """Build what every game of this process will need once (tables worked out or loaded
        from a cache), before the first game: a simulation's worker calls it when it starts.
        Nothing by default."""


def copy_state(state: S) -> S:
    """A deep copy of a ruleset state through msgpack (also proves it serialises)."""
    return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=type(state))
