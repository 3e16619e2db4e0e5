"""What Dockfighters' rules use while a step runs: the game's dice, its event sink, and the
rule variants plugged into the ruleset's own hookspecs.

The ruleset looks its hooks up once, when it is built
(:class:`~aerodrome_dockfighters.hooks.Variants`), and every step hands its rules a :class:`DfContext` carrying
them, so that a rule deep down (a pilot check during a bail-out during a collision) consults
the variant without a plugin manager in sight. Without a variant plugin every caller is
``None`` and the rulebook's rule applies (:data:`BOOK`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from aerodrome.api import Action, Ask, Context, Decision, Event
from aerodrome.engine.turns import Item
from aerodrome_dockfighters.hooks import Variants

if TYPE_CHECKING:
    from aerodrome.api import Dice
    from aerodrome_dockfighters.state import DfState

P = ParamSpec("P")
A = TypeVar("A", bound=Action)


#: The rulebook's rules: no variant plugged in.
BOOK = Variants()


class DfContext:
    """A step's :class:`~aerodrome.engine.turns.Context` (dice, events, the current ForEach item)
    with the ruleset's :class:`Variants`."""

    __slots__ = ("core", "dice", "emit", "variants")

    def __init__(self, core: Context, variants: Variants = BOOK) -> None:
        self.core = core
        self.dice: Dice = core.dice
        #: ``emit(event)`` or ``emit(lambda: Event(...))``: built only when somebody records.
        self.emit: Callable[[Event | Callable[[], Event]], None] = core.emit
        self.variants = variants

    @property
    def item(self) -> Item:
        """The item of the innermost ForEach being played (an aircraft id, a player...)."""
        return self.core.item

    def ask(
        self,
        decision: Decision,
        legal: Callable[[DfState, int], Sequence[A]],
        resolve: Callable[[DfState, DfContext, Mapping[int, A]], bool],
    ) -> Ask[DfState, Any]:
        """An :class:`~aerodrome.engine.turns.Ask` whose ``resolve`` gets a :class:`DfContext` with
        these variants."""

        def resolved(state: DfState, core: Context, answers: Mapping[int, A]) -> bool:
            return resolve(
                state, self if core is self.core else bind(state, core, self.variants), answers
            )

        return Ask(decision, legal, resolved)


def bind(state: DfState, core: Context, variants: Variants) -> DfContext:
    """The rules context of ``state``'s game: made once per game and kept beside the state (a
    runtime attribute, never saved, like the state's clouds; a copied state makes its own)."""
    ctx: DfContext | None = state.__dict__.get("_ctx")
    if ctx is None or ctx.core is not core or ctx.variants is not variants:
        ctx = DfContext(core, variants)
        state.__dict__["_ctx"] = ctx
    return ctx


def announce(
    ctx: DfContext, event: Callable[P, Event], /, *args: P.args, **fields: P.kwargs
) -> None:
    """Emit ``event(**fields)``, built only when somebody records or observes (the core
    decides): the fields are type-checked against the event class."""
    ctx.emit(lambda: event(*args, **fields))
