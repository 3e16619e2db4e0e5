"""Hookspecs of the dockfighters ruleset: the rules a variant plugin may change.

Added to the plugin manager through ``aerodrome_addhooks``. The ruleset looks them up once,
through ``self.hooks.caller`` (:class:`aerodrome_dockfighters.hooks.Variants`), and its
rules call them from the step's context; when no plugin implements one, the rulebook's rule
applies.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from aerodrome.api import hookspec

if TYPE_CHECKING:
    from aerodrome_dockfighters.state import Aircraft, DfState


@hookspec(firstresult=True)
def aerodrome_dockfighters_to_hit(
    state: DfState, attacker: Aircraft, target: Aircraft, need: int
) -> int | None:
    """Change the target number of an air-to-air attack (clauses hit.1-10).

    Stops at first non-None result.

    :param state: the game state (do not change it).
    :param attacker: the firing aircraft.
    :param target: the aircraft fired at.
    :param need: the rulebook's target number before the natural 6/1 rule.
    :return: the target number to use, or None to keep ``need``.
    """


@hookspec(firstresult=True)
def aerodrome_dockfighters_pilot_check(
    state: DfState, aircraft: Aircraft, need: int, why: str
) -> int | None:
    """Change the roll a pilot or crew check needs (clause check.1).

    Stops at first non-None result.

    :param state: the game state (do not change it).
    :param aircraft: the aircraft whose pilot or crew checks.
    :param need: the rulebook's target (experience, wounds, overkill and edge modifiers included).
    :param why: what the check is for ("bail out", "flying low", ...).
    :return: the roll needed, or None to keep ``need``.
    """


@hookspec(firstresult=True)
def aerodrome_dockfighters_mission_turns(standard: int) -> int | None:
    """Change how many turns a mission lasts (clause mission.1: 12).

    Stops at first non-None result.

    :param standard: the rulebook's turns.
    :return: the turns to play, or None to keep ``standard``.
    """
