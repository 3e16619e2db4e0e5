"""Optional capabilities of a ruleset: typed mixin bases it lists beside :class:`Ruleset`.

A ruleset's required core is small (:class:`aerodrome.engine.ruleset.Ruleset`: set-ups, the turn
sequence, the initial state, observations, the end and the result). Everything else is a
capability it declares by listing its base class::

    class Classic(
        Ruleset[ClassicState, ClassicView, ClassicAction, ClassicOptions],
        Presentation[ClassicView, ClassicAction],
        Determinise[ClassicState],
        ...
    ): ...

and the core finds it by type, in one place, with :func:`capability`::

    shown = capability(ruleset, Presentation)   # Presentation[Any, Any] | None

Never by a method returning ``None`` or raising ``NotImplementedError``: a ruleset either
has a capability (and implements every one of its methods: they are abstract, so a missing
or misspelt one is an error when the class is instantiated, and mypy checks each signature
against the ruleset's own state, view and action types) or it has not (and the core uses
its generic fallback: an action's ``describe()``, a pretty-printed observation, the generic
flat encoding, no odds...). :func:`check_ruleset` enforces the one dependency between
capabilities and declared :class:`~aerodrome.engine.ruleset.Capabilities`: a ruleset with hidden
information must be able to :class:`Determinise`.
"""

from __future__ import annotations

import random
import sys
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic

import msgspec
from typing_extensions import TypeVar

from aerodrome.engine.data import Action, Record
from aerodrome.engine.errors import PluginError

if TYPE_CHECKING:
    from rich.console import RenderableType

    from aerodrome.engine.events import DiceRolled, Event
    from aerodrome.engine.ruleset import Options, Ruleset, Setup
    from aerodrome.engine.turns import Decision

S = TypeVar("S", bound=msgspec.Struct)
O = TypeVar("O", bound=msgspec.Struct, default=msgspec.Struct)  # noqa: E741 (observation)
A = TypeVar("A", bound=Action, default=Action)
C = TypeVar("C")
P = TypeVar("P", bound="Options", default="Options")


class ChoiceLabel(Record, frozen=True):
    """How one legal action is offered to the person choosing it (the terminal's list, the
    browser table's menus).

    :param path: the groups the choice belongs to, outermost first: ``("Spad 1", "to
        12,7")``. Choices sharing a path are shown together under it; a path element is a
        heading a person reads (a name, a square), never an internal id.
    :param text: the choice itself, within its innermost group: ``"facing N"``. Two choices
        of one path must differ in their text, in words (two routes to one square say which
        squares they fly over).
    :param place: the board element the choice belongs to, if any, for pointing at it: a
        square or hex as the board prints its coordinates (``"12,7"``), a piece as
        ``"piece:"`` and its id in the observation (``"piece:RED-1"``). A ruleset's
        ``draw_svg`` may carry the same value in a ``data-place`` attribute of the element,
        so that a front end can choose by clicking it.
    """

    text: str
    path: tuple[str, ...] = ()
    place: str | None = None


#: The most rows :meth:`Presentation.draw_compact` may take at 100 columns (a play screen is
#: at most 50: the picture, the last events, the question and a page of choices).
COMPACT_ROWS = 28


class Presentation(ABC, Generic[O, A]):
    """Words and pictures for people, always from an observation ``view`` of the reader (so
    that a seat never reads what it may not see).

    Three kinds of words, for three uses: a choice's :meth:`label` (in a list of legal
    actions, grouped), an action's :meth:`sentence` in the log (read later, by anybody who
    may see it), and a decision's :meth:`prompt` (the question, worded when it is shown).
    """

    @abstractmethod
    def label(self, action: A, view: O) -> ChoiceLabel:
        """``action`` as a choice of the player whose observation is ``view`` (the view of
        the moment the choice is offered): names and coordinates, never internal indices."""

    @abstractmethod
    def sentence(self, action: A, view: O) -> str:
        """``action`` as the log tells it, without the seat ("Spad 1 moves to 12,7 facing
        N"; the core adds "Seat 1 (German): "). ``view`` is the reader's, and may be of any
        later moment of the game: word the action from its own fields and from what does not
        change (names), never from an index into something that may have changed since."""

    @abstractmethod
    def prompt(self, decision: Decision, view: O) -> str:
        """The question of ``decision`` for the player whose observation is ``view``
        ("Where does Spad 1 fly?"), from its ``kind`` and ``subject``."""

    @abstractmethod
    def event_text(self, event: Event, view: O) -> str | None:
        """A plain sentence for one of this ruleset's own events, as the player whose
        observation is ``view`` reads it (called only for events that player may see): ``""``
        for an event not worth a line, ``None`` for an event the ruleset does not describe (a
        generic line is shown). The core describes its own events (:mod:`aerodrome.engine.describe`).
        """

    @abstractmethod
    def draw(self, view: O) -> RenderableType:
        """A rich renderable picture of ``view`` for the terminal: the board (or the
        squadrons) with coordinates, and a legend of its symbols."""

    def dice_text(self, event: DiceRolled, view: O) -> str | None:
        """A sentence for a roll of this ruleset's dice, when the core's ("PURPOSE: 3 dice
        (d6) show 1, 4, 6.") would not do: a purpose naming pieces by their ids, dice added by
        exploding 6s. ``None``: the core's sentence (the default)."""
        return None

    def draw_compact(self, view: O) -> RenderableType:
        """The picture of ``view`` on a play screen, beside the last events and the choices:
        at most :data:`COMPACT_ROWS` rows at 100 columns (the board with its coordinates and
        the little a player needs at a glance; no legend). ``play``'s ``board`` command shows
        :meth:`draw`. Without it, :meth:`draw`."""
        return self.draw(view)

    @abstractmethod
    def draw_svg(self, view: O) -> str:
        """An SVG picture of ``view``: one ``<svg>`` document; same view, same bytes; every
        name from a spec or a plugin escaped; no scripts, no references to other files."""


class Odds(ABC, Generic[O, A]):
    """Exact chances of actions that roll dice."""

    @abstractmethod
    def action_odds(self, action: A, view: O) -> str | None:
        """The exact chances of ``action`` for the player whose observation is ``view``, in a
        short phrase shown next to the choice ("hits 41.7%; shoots down 12.5%"), computed
        (never sampled) from what that player may see; ``None`` for an action that rolls no
        dice."""


class Positions(ABC, Generic[S, P]):
    """Position files: any situation set up by hand."""

    @abstractmethod
    def position_state(self, setup: Setup[P], position: Mapping[str, Any], source: str) -> S:
        """A state set up by hand from a position file's ``[position]`` table; ``source``
        names the file for error messages (raise :class:`~aerodrome.engine.errors.SpecError`)."""

    def position_round(self, position: Mapping[str, Any]) -> int:
        """The round the game of ``position`` starts at (the core's clock; after
        :meth:`position_state` accepted the table). Round 1 unless overridden."""
        return 1


class SpecFiles(ABC):
    """The ruleset's data in TOML spec files (``aerodrome specs validate``, the clause
    catalogue)."""

    @abstractmethod
    def specs_dir(self) -> Path:
        """The folder of this ruleset's spec files (with its ``clauses.toml``)."""

    @abstractmethod
    def spec_types(self) -> Mapping[str, type[Any]]:
        """Spec file name (relative to :meth:`specs_dir`) → the Struct type it decodes to."""


class Numbering(ABC, Generic[A, P]):
    """A fixed numbering of actions, for learning agents (without it, learning environments
    number the legal actions of each decision)."""

    @abstractmethod
    def action_count(self, setup: Setup[P]) -> int:
        """The size of the fixed action space of ``setup``: every action any decision of that
        set-up could offer has a number below it."""

    @abstractmethod
    def action_id(self, action: A, setup: Setup[P]) -> int:
        """The number of ``action`` in the fixed action space."""

    @abstractmethod
    def action_from_id(self, index: int, setup: Setup[P]) -> A:
        """The action numbered ``index`` (the inverse of :meth:`action_id`)."""


class ActionBound(ABC, Generic[P]):
    """The most legal actions any decision of a set-up can offer, worked out from the rules
    (not from games played), for a ruleset without a :class:`Numbering`: the learning
    environments and the OpenSpiel games number its actions by their place in the legal
    list, and with a declared bound that numbering is total (it never overflows)."""

    @abstractmethod
    def max_legal_actions(self, setup: Setup[P]) -> int:
        """An upper bound on the length of every legal-action list of a game of ``setup``
        (played from its start; a position file may set up more)."""


class Vectors(ABC, Generic[O]):
    """Observations as numbers, for learning agents (without it: the generic flat encoding
    of :mod:`aerodrome.bridges.rl.encoding`)."""

    @abstractmethod
    def observation_vector(self, view: O) -> Sequence[float]:
        """``view`` as a fixed-length list of numbers (the same length for every view of a
        set-up; documented by the ruleset). Optionally a ``list`` subclass whose ``f32``
        attribute holds the same numbers packed as native float32 (``bytes``, ``struct``
        format ``=Nf``): the learning environments then take that packing as it is instead of
        packing the list again (:mod:`aerodrome.bridges.rl.translate`)."""


class Determinise(ABC, Generic[S]):
    """Hidden information resampled, for look-ahead that never reads it. Required of a
    ruleset whose :class:`~aerodrome.engine.ruleset.Capabilities` say ``hidden_information``
    (:func:`check_ruleset`); without hidden information the core copies the state."""

    @abstractmethod
    def determinise(self, state: S, player: int, rng: random.Random) -> S:
        """A state ``player`` cannot tell from ``state``: everything hidden from ``player``
        (other hands, unrevealed guns...) resampled with ``rng`` consistently with what
        ``player`` has seen. A new state; ``state`` is not changed."""


class Analysis(ABC, Generic[S]):
    """Numbers about a state for the comparison metrics and the conformance kit."""

    @abstractmethod
    def material(self, state: S) -> dict[str, float]:
        """Per-side material (aircraft alive weighted by value)."""

    @abstractmethod
    def invariants(self, state: S) -> list[str]:
        """Broken invariants of ``state`` (empty when all hold); the conformance kit checks
        them after every action."""


class WarmUp(ABC):
    """Work every game of a process needs, done once before the first game."""

    @abstractmethod
    def warm_up(self) -> None:
        """Build what every game of this process will need (tables worked out or loaded from
        a cache); a simulation's worker calls it when it starts."""


#: Every capability, for listings (``aerodrome rulesets``) and the docs.
CAPABILITIES: tuple[type, ...] = (
    Presentation,
    Odds,
    Positions,
    SpecFiles,
    Numbering,
    ActionBound,
    Vectors,
    Determinise,
    Analysis,
    WarmUp,
)

_found: dict[tuple[type, type], bool] = {}


def capability(ruleset: object, kind: type[C]) -> C | None:
    """``ruleset`` as a ``kind`` (one of the capability bases above) if its class lists it,
    else ``None``. The answer is cached per class: a hot path may ask every time."""
    key = (type(ruleset), kind)
    has = _found.get(key)
    if has is None:
        has = _found[key] = isinstance(ruleset, kind)
    return ruleset if has else None  # type: ignore[return-value]


def capability_names(ruleset: object) -> list[str]:
    """The names of the capabilities ``ruleset`` has."""
    return [kind.__name__ for kind in CAPABILITIES if capability(ruleset, kind) is not None]


def check_ruleset(cls: type[Ruleset[Any, Any, Any]], plugin: str) -> None:
    """Refuse a ruleset class whose declared capabilities need a capability it lacks: hidden
    information without :class:`Determinise` (a look-ahead would read what it may not). The
    error names ``plugin``, the plugin that registered it."""
    declared = getattr(cls, "capabilities", None)
    if declared is not None and declared.hidden_information and not issubclass(cls, Determinise):
        raise PluginError(
            f"plugin {plugin!r}: ruleset {cls.name!r} declares hidden information but is not a "
            "Determinise "
            "(list aerodrome.engine.capabilities.Determinise among its bases and implement "
            "determinise())"
        )


def material_of(ruleset: object, state: Any) -> dict[str, float]:
    """Per-side material of ``state`` (:meth:`Analysis.material`); empty for a ruleset
    without :class:`Analysis`."""
    analysis = capability(ruleset, Analysis)
    return analysis.material(state) if analysis is not None else {}


def specs_folder(ruleset: object) -> Path | None:
    """The folder of ``ruleset``'s spec files and clause catalogue: its
    :meth:`SpecFiles.specs_dir`, else a ``specs`` folder beside the module defining its
    class (where a small plugin keeps its ``clauses.toml``), else ``None``."""
    files = capability(ruleset, SpecFiles)
    if files is not None:
        return files.specs_dir()
    module = sys.modules.get(type(ruleset).__module__)
    where = getattr(module, "__file__", None)
    if where is None:
        return None
    folder = Path(where).parent / "specs"
    return folder if folder.is_dir() else None


def spec_types(ruleset: object) -> Mapping[str, type[Any]]:
    """``ruleset``'s spec file types (:meth:`SpecFiles.spec_types`; none without it)."""
    files = capability(ruleset, SpecFiles)
    return files.spec_types() if files is not None else {}
