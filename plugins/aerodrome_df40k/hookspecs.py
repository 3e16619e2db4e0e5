"""Hooks of the df40k ruleset, through which a variant plugin changes one rule.

Added to the plugin manager by ``aerodrome_addhooks`` in :mod:`aerodrome_df40k.plugin`; the
rule code calls them through typed callers looked up once, when the ruleset is built
(:class:`aerodrome_df40k.hooks.Variants`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from aerodrome.api import hookspec

if TYPE_CHECKING:
    from aerodrome_df40k.specs import Flyer


@hookspec(firstresult=True)
def aerodrome_df40k_dogfight_modifiers(
    flyer: Flyer, order: str, carried: tuple[str, ...]
) -> int | None:
    """The sum of the Dogfight-skill modifiers of ``flyer`` (df40k.dogfight.2).

    The rulebook's rule: the order's modifier (Intercept +1, Escort +1) plus one modifier
    per kind of ordnance carried (rockets -1, big bombs -2). Ballistic Skill and Initiative
    (doubled by the Ork Waaagh) are added by the ruleset; return only the modifiers.

    Stops at first non-None result.

    :param flyer: the flyer's spec.
    :param order: its order this turn (``"intercept"``, ``"escort"``, ``"ground-support"``).
    :param carried: the kinds of one-shot ordnance it still carries (``"rocket"``...).
    :return: the total modifier, or None to keep the rulebook's.
    """


@hookspec(firstresult=True)
def aerodrome_df40k_damage_result(flyer: Flyer, hit: str, face: int) -> str | None:
    """The damage result of a hit on ``flyer`` (df40k.victory.3, tables in rules.toml).

    Stops at first non-None result.

    :param flyer: the spec of the flyer hit.
    :param hit: ``"glancing"`` or ``"penetrating"``.
    :param face: the d6 rolled on the damage table.
    :return: one of ``crew-shaken``, ``crew-stunned``, ``pilot-stunned``,
        ``weapon-destroyed``, ``immobilised``, ``destroyed``; or None for the spec table.
    """


@hookspec(firstresult=True)
def aerodrome_df40k_next_player_turn(player: int, turn: int) -> int | None:
    """Whose turn it is in game turn ``turn + 1`` when it was ``player``'s in ``turn``
    (df40k.resolution.1: "starting with the player whose turn it is"; df40k.frame.5).

    The ruleset's reading: the player whose turn it is alternates by game turn, as the two
    players' turns of the 40K battle do. The variant ``fixed-first-player`` returns
    ``player``: the first seat's player resolves first in every game turn.

    Stops at first non-None result.

    :param player: the player (0 or 1) whose turn it was in game turn ``turn``.
    :param turn: the game turn ending.
    :return: 0 or 1, or None to keep the ruleset's reading.
    """
