"""The variant hooks of one ruleset instance: the rules a variant plugin changes
(:mod:`aerodrome_victoriana.hookspecs`), looked up once when the ruleset is built.

A hook nobody implements is ``None``, and the rulebook's rule runs without a pluggy call.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from aerodrome_victoriana import hookspecs

if TYPE_CHECKING:
    from aerodrome.api import RuleHooks
    from aerodrome_victoriana.state import DogfightState


class SquadronPool(Protocol):
    """:func:`hookspecs.aerodrome_victoriana_squadron_pool`, called with keywords."""

    def __call__(self, *, side: str, base_pool: int, state: DogfightState) -> int | None: ...


class DamagePips(Protocol):
    """:func:`hookspecs.aerodrome_victoriana_damage_pips`, called with keywords."""

    def __call__(self, *, successes: int, armour: int, ap: int, extra: int) -> int | None: ...


@dataclass(frozen=True, slots=True)
class Variants:
    """The implemented variant hooks (``None``: the rulebook's rule)."""

    squadron_pool: SquadronPool | None = None
    damage_pips: DamagePips | None = None

    @classmethod
    def of(cls, hooks: RuleHooks) -> Variants:
        return cls(
            squadron_pool=hooks.caller(hookspecs.aerodrome_victoriana_squadron_pool),
            damage_pips=hooks.caller(hookspecs.aerodrome_victoriana_damage_pips),
        )
