"""Numeric parameters of the classic ruleset for ``aerodrome sweep`` (registered by
``plugin.py``; see :mod:`aerodrome.engine.parameters`). Light on purpose: imported at start-up.

- ``cards``: the In Flight cards a plane holds after drawing at take-off [classic.aces.4]:
  the rulebook's 4 (an ACE 6, a DOUBLE ACE 8). A value ``n`` gives ``n``, an ACE ``n + 2``
  and a DOUBLE ACE ``n + 4`` (the aces keep their bonus), through the ruleset's hook
  ``aerodrome_classic_cards_at_take_off``.
- ``high-bursts``: added to the number of Burst 4 and of Burst 5 cards in every squadron's
  pack (``cards.toml``: the stand-in's 2 and 1; each at least 0) [classic.equip.7]: a group
  of spec numbers (:mod:`aerodrome.engine.overrides`), the scarcity of the strong shots.
"""

from __future__ import annotations

from aerodrome.api import ParameterSpec, hookimpl
from aerodrome.engine.parameters import SpecData, Value

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


def _high_bursts(data: SpecData, added: Value) -> None:
    pack = data["cards.toml"]["pack"]
    burst = list(pack["burst"])
    for i in (3, 4):  # Burst 4 and Burst 5
        burst[i] = min(40, max(0, burst[i] + int(added)))
    pack["burst"] = burst


HIGH_BURSTS = ParameterSpec(
    name="high-bursts",
    ruleset="classic",
    summary="added to the Burst 4 and Burst 5 cards of every pack",
    low=-2,
    high=6,
    default=0,
    unit="cards",
    clause="classic.equip.7",
    spec=_high_bursts,
)

PARAMETERS = (CARDS, HIGH_BURSTS)
