"""The contract a ruleset plugin implements.

A ruleset is a class deriving from :class:`Ruleset`, generic in its state, observation and
action types. Its required core is six methods: its set-ups, its turn sequence (see
:mod:`aerodrome.engine.turns`: each step that asks a question also lists the legal answers and
resolves them), the initial state, and the answers to the core's questions (observation, is
the game over, result). Anything more (words and pictures, odds, position files, spec files,
numbering for learning, determinisation, analysis, warm-up) is an optional capability it
lists among its bases (:mod:`aerodrome.engine.capabilities`).
The core owns the public game API (:class:`aerodrome.engine.game.Game`), the dice, the event log
and saving/replaying; a ruleset never touches those directly.

Modules of a ruleset read top to bottom: docstring, constants, data, state, rules,
registration last (see the plugin author guide).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic

import msgspec
from typing_extensions import TypeVar

from aerodrome.engine.data import Action, Record
from aerodrome.engine.errors import SpecError
from aerodrome.engine.rulehooks import RuleHooks

if TYPE_CHECKING:
    from aerodrome.engine.lineage import Plugged
    from aerodrome.engine.turns import Context, Turn, TurnSequence

S = TypeVar("S", bound=msgspec.Struct)
O = TypeVar("O", bound=msgspec.Struct, default=msgspec.Struct)  # noqa: E741 (OpenSpiel's letters)
A = TypeVar("A", bound=Action, default=Action)


@dataclass(frozen=True)
class RulesetRef:
    """A ruleset registered by its name and where its class lives (``target``:
    ``"package.module:Class"``), so that registering it imports nothing: the class is imported
    the first time a command needs this ruleset (:meth:`aerodrome.plugins.Plugins.ruleset_class`)."""

    name: str
    target: str


class Capabilities(Record, frozen=True):
    """What kind of game a ruleset is, after OpenSpiel's ``GameType``.

    :param hidden_information: some players cannot see everything (cards, AA guns, orders);
        a ruleset that says False must show every player the same observation (the core
        then determinises by copying the state); one that says True must be a
        :class:`~aerodrome.engine.capabilities.Determinise`.
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
        rules (:attr:`aerodrome.engine.agents.AgentSpec.bot_rules`) and saved with the game.
    """

    name: str
    side: str
    bot: bool = False


#: A ruleset's set-up options type (:class:`Options` when it has none).
P = TypeVar("P", bound=Options, default=Options)
#: The same, for a :class:`Setup` (frozen: a set-up of a ruleset's options is a set-up).
P_co = TypeVar("P_co", bound=Options, default=Options, covariant=True)


class Setup(Record, Generic[P_co], frozen=True):
    """A named starting configuration of a ruleset, generic in its options type.

    :param options: the ruleset's typed settings (optional rules, mission, forces...): an
        instance of its :attr:`Ruleset.options_type`, checked once by the core when a game
        starts (:func:`checked_setup`), then read as ``setup.options`` (typed).
    :param max_rounds: a safety cap; a game still running then ends unfinished.
    """

    name: str
    title: str
    seats: tuple[Seat, ...]
    description: str = ""
    options: P_co = Options()  # type: ignore[assignment]  # no options: the base, for any P
    max_rounds: int = 500

    def with_bots(self, players: Iterable[int]) -> Setup[P_co]:
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


class Ruleset(ABC, Generic[S, O, A, P]):
    """Base class of every ruleset, generic in its state ``S`` (one mutable msgspec Struct,
    the whole game), observation ``O`` (a frozen Struct: what one player sees), action ``A``
    (a union of frozen :class:`~aerodrome.engine.data.Action` Structs) and set-up options ``P`` (its
    :attr:`options_type`; :class:`Options` if it has none). Subclass it in a plugin and
    register the class with the ``aerodrome_register_rulesets`` hook.

    Class attributes:

    - ``name``: short id used on the command line (``classic``).
    - ``title``: the game's name. ``rulebook``: where its rules come from.
    - ``capabilities``: what kind of game it is (:class:`Capabilities`).
    - ``action_types``: every Action subclass the ruleset accepts (for saves and schemas).
    - ``options_type``: the Struct of its set-up options (:class:`Options` if it has none).

    The instance gets ``hooks``: typed callers of the ruleset's own hookspecs, through which
    variant plugins change a rule (:class:`~aerodrome.engine.rulehooks.RuleHooks`).

    Optional capabilities are further bases (:mod:`aerodrome.engine.capabilities`).
    """

    name: ClassVar[str]
    title: ClassVar[str]
    rulebook: ClassVar[str] = ""
    capabilities: ClassVar[Capabilities]
    action_types: ClassVar[tuple[type[Action], ...]]
    options_type: ClassVar[type[Options]] = Options

    def __init__(self, hooks: RuleHooks | None = None) -> None:
        self.hooks = hooks if hooks is not None else RuleHooks(None)
        #: How the plugins made this instance (``None``: built by hand), for a pickled game
        #: to find it again (:mod:`aerodrome.engine.lineage`).
        self.plugged: Plugged | None = None

    # -- description -----------------------------------------------------------------------
    @abstractmethod
    def setups(self) -> Sequence[Setup[P]]:
        """The setups a user can choose; the first is the default."""

    def setup(self, name: str | None = None) -> Setup[P]:
        """The setup called ``name`` (default: the first)."""
        from aerodrome.engine.errors import UnknownNameError

        setups = self.setups()
        if name is None:
            return setups[0]
        for s in setups:
            if s.name == name:
                return s
        raise UnknownNameError(f"setup of {self.name}", name, [s.name for s in setups])

    # -- the game ----------------------------------------------------------------------------
    @abstractmethod
    def sequence(self) -> TurnSequence[S]:
        """The rounds, phases and steps of the game."""

    @abstractmethod
    def initial_state(self, setup: Setup[P], ctx: Context) -> S:
        """The state at the start of a game (may roll dice, e.g. who goes first)."""

    @abstractmethod
    def observation(self, state: S, player: int | None, turn: Turn) -> O:
        """What ``player`` sees (``None``: the referee): a frozen value that shares nothing
        mutable with ``state``, with everything hidden from ``player`` left out. ``turn`` is
        where the game is (round, phase, step: the core's clock), for a view that shows it."""

    @abstractmethod
    def is_over(self, state: S) -> bool:
        """Whether the rules have ended the game."""

    @abstractmethod
    def result(self, state: S, rounds: int) -> Result:
        """The result so far; called when the game is over, at its round cap, and by the
        comparison metrics at the start of every round (kills so far)."""


def checked_setup(ruleset: Ruleset[Any, Any, Any, P], setup: Setup[Any]) -> Setup[P]:
    """``setup``, its options checked to be the ruleset's :attr:`~Ruleset.options_type` (a
    one-line error naming the set-up when they are not, e.g. a set-up built in code with
    another ruleset's options): done once, when a game starts; the rules then read
    ``setup.options`` as the type they declared."""
    kind = ruleset.options_type
    if not isinstance(setup.options, kind):
        raise SpecError(
            f"setup {setup.name!r}: options are {type(setup.options).__name__}, "
            f"expected {kind.__name__}"
        )
    return setup


def copy_state(state: S) -> S:
    """A deep copy of a ruleset state through msgpack (also proves it serialises)."""
    return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=type(state))
