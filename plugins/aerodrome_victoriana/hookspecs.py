"""Hooks through which a variant plugin changes one Victoriana rule (added by
``aerodrome_addhooks``). Every hook is optional; without an implementation the rulebook's
rule applies."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aerodrome.api import hookspec

if TYPE_CHECKING:
    from aerodrome_victoriana.state import DogfightState


@hookspec(firstresult=True)
def aerodrome_victoriana_squadron_pool(
    side: str, base_pool: int, state: DogfightState
) -> int | None:
    """Change a side's Squadron Roll pool before Tactical dice and the Defend bonus.

    The rulebook's pool is one die per aircraft plus the highest Handling
    (victoriana.squadron.2, victoriana.squadron.3). Stops at first non-None result.

    :param side: the side whose pool this is.
    :param base_pool: the rulebook's pool.
    :param state: the game state (read only).
    :return: the pool to roll, or None to keep ``base_pool``.
    """


@hookspec(firstresult=True)
def aerodrome_victoriana_damage_pips(
    successes: int, armour: int, ap: int, extra: int
) -> int | None:
    """Change the Health pips a damage roll takes (victoriana.damage.1-3).

    The rulebook's pips are ``successes + extra - max(0, armour - ap)``, at least 0.
    Stops at first non-None result.

    :param successes: successes of the damage dice.
    :param armour: the target's Armour Value, Defend bonuses included.
    :param ap: the weapon's Armour Piercing.
    :param extra: pips added by the attack's net successes (0 in the Squadron Phase).
    :return: the pips lost, or None for the rulebook's rule.
    """
