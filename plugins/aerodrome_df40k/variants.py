"""Rule variants of Dogfight 40,000, registered through ``aerodrome_register_variants``.

A variant changes one rule through the ruleset's own hookspecs (:mod:`aerodrome_df40k.hookspecs`);
it is registered but inactive until asked for by name (``aerodrome compare df40k --variant
fixed-first-player``), so the ruleset's reading stays the default.

``fixed-first-player``: "Starting with the player whose turn it is, both players then reveal
their orders" (df40k.resolution.1). aerodrome gives one round of orders per game turn and
lets the player whose turn it is alternate by game turn (df40k.frame.5). This variant plays
the other reading: the first seat's player resolves first in every game turn, as aerodrome
did before issue 13 (it gives that seat a measured edge in mirror battles).
"""

from __future__ import annotations

from aerodrome.api import VariantSpec, hookimpl


class FixedFirstPlayer:
    """The player whose turn it is stays the same in every game turn."""

    @hookimpl
    def aerodrome_df40k_next_player_turn(self, player: int, turn: int) -> int | None:
        """Stops at the first non-None result: the same player, whatever the turn."""
        return player


FIXED_FIRST_PLAYER = VariantSpec(
    name="fixed-first-player",
    ruleset="df40k",
    summary=(
        "the first seat's player resolves first in every game turn "
        "(the ruleset: the player whose turn it is alternates by game turn)"
    ),
    plugin=FixedFirstPlayer(),
)

VARIANTS: tuple[VariantSpec, ...] = (FIXED_FIRST_PLAYER,)
