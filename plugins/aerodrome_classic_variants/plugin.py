"""Rule variants of the classic ruleset, registered through ``aerodrome_register_variants``.

A variant changes one rule through the classic ruleset's own hookspecs; it is registered but
inactive until asked for by name (``aerodrome compare classic --variant
head-on-ties-kill-both``), so the rulebook's rules stay the default.

``head-on-ties-kill-both``: in a head-on attack, the rulebook has equal Bursts cancel each
other (no effect). One review of the board game reads the tie as both planes shooting each
other down; this variant plays it that way, through ``aerodrome_classic_head_on``.
"""

from __future__ import annotations

from aerodrome.api import VariantSpec, hookimpl

#: What ``aerodrome_classic_head_on`` returns to shoot both planes down.
BOTH_DOWN = "both_down"


class HeadOnTiesKillBoth:
    """Equal, non-zero Bursts in a head-on attack shoot both planes down."""

    @hookimpl
    def aerodrome_classic_head_on(self, attacker_burst: int, defender_burst: int) -> str | None:
        """Stops at the first non-None result: ``"both_down"`` on a tie, else the rulebook."""
        if attacker_burst == defender_burst > 0:
            return BOTH_DOWN
        return None


HEAD_ON_TIES_KILL_BOTH = VariantSpec(
    name="head-on-ties-kill-both",
    ruleset="classic",
    summary="head-on attacks with equal Bursts shoot both planes down (the rulebook: they cancel)",
    plugin=HeadOnTiesKillBoth(),
)


@hookimpl
def aerodrome_register_variants() -> list[VariantSpec]:
    return [HEAD_ON_TIES_KILL_BOTH]
