"""Numeric parameters of the classic ruleset for ``aerodrome sweep`` (registered by
``plugin.py``; see :mod:`aerodrome.engine.parameters`). Light on purpose: imported at start-up.

- ``cards``: the In Flight cards a plane holds after drawing at take-off [classic.aces.4]:
  the rulebook's 4 (an ACE 6, a DOUBLE ACE 8). A value ``n`` gives ``n``, an ACE ``n + 2``
  and a DOUBLE ACE ``n + 4`` (the aces keep their bonus), through the ruleset's hook
  ``aerodrome_classic_cards_at_take_off``.
"""

from __future__ import annotations

from aerodrome.api import ParameterSpec, hookimpl
from aerodrome.engine.parameters import Value

#: [classic.aces.4] the cards of a plane without victories; an ACE draws 2 more, a DOUBLE
#: ACE 4 more (the hook receives the rulebook's number for the plane's victories).
RULEBOOK_HAND = 4


class HandSize:
    """Hand size ``cards`` for a plane without victories, the aces' bonus kept."""

    def __init__(self, cards: Value) -> None:
        self.cards = int(cards)

    @hookimpl
    def aerodrome_classic_cards_at_take_off(self, kills: int, standard: int) -> int | None:
        """[classic.aces.4] ``standard`` is 4, 6 or 8: shift it by the new hand size."""
        return self.cards + standard - RULEBOOK_HAND


CARDS = ParameterSpec(
    name="cards",
    ruleset="classic",
    summary="In Flight cards a plane holds after drawing at take-off (an ACE 2 more, a "
    "DOUBLE ACE 4 more)",
    low=1,
    high=10,
    default=RULEBOOK_HAND,
    unit="cards",
    clause="classic.aces.4",
    plugin=HandSize,
)

PARAMETERS = (CARDS,)
