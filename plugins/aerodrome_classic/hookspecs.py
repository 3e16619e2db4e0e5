"""Hookspecs of the classic ruleset, through which a variant plugin changes one rule.

Added to the plugin manager by ``aerodrome_addhooks`` in :mod:`aerodrome_classic.plugin`.
"""

from __future__ import annotations

from aerodrome.api import hookspec


@hookspec(firstresult=True)
def aerodrome_classic_head_on(attacker_burst: int, defender_burst: int) -> str | None:
    """Decide a head-on dogfight once both Bursts are down [classic.headon.2].

    Stops at first non-None result.

    :param attacker_burst: the value of the attacker's Burst (his highest, 1..5).
    :param defender_burst: the value of the defender's answering Burst, 0 when he played
        none.
    :return: ``"cancel"`` (nobody is shot down), ``"attacker_down"``, ``"defender_down"`` or
        ``"both_down"``; ``None`` to leave the rulebook's rule (equal → cancel, defender
        higher → attacker down, lower or none → defender down).
    """
    return None


@hookspec(firstresult=True)
def aerodrome_classic_cards_at_take_off(kills: int, standard: int) -> int | None:
    """How many In Flight cards a plane holds after drawing at take-off [classic.aces.4].

    Stops at first non-None result.

    :param kills: the plane's victories (1 = ACE, 2 or more = DOUBLE ACE).
    :param standard: the rulebook's number (4, an ACE 6, a DOUBLE ACE 8).
    :return: the number of cards to fill the hand up to, or ``None`` for the rulebook's.
    """
    return None
