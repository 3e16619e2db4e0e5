"""What a player sees: everything on the table, the same for every player.

Victoriana has no hidden information: the squadron manoeuvres being chosen are held by the
core until both sides have committed (a simultaneous decision), so they are never in the
state before the reveal, and every seat observes the same :class:`DogfightView` (whose view
it is belongs to the user interface, not to the observation).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from aerodrome_victoriana.common import battle_over
from aerodrome_victoriana.specs import OptionalRules
from aerodrome_victoriana.state import Airman, Craft, DogfightState, Roster

#: Where the round is: the Squadron Phase (manoeuvres, the roll and its successes), the
#: Combat Phase (the characters' turns), or the dogfight is over.
Phase = Literal["squadron", "combat", "over"]


class DogfightView(msgspec.Struct, frozen=True, gc=False):
    """The table: the aircraft and crews, the manoeuvres and Squadron Roll of this round
    (empty until both sides have chosen), the successes left to spend, the order of this
    round's Combat Phase (empty outside it).

    A value (issue #12): frozen, its aircraft and characters the state's frozen records in
    tuples, its tables the viewer's own copies; nothing in it is shared with the state that
    could change it. Built positionally (a bot asks for one at every decision)."""

    round: int
    phase: Phase
    rules: OptionalRules
    sides: tuple[str, ...]
    left: dict[str, int]
    crafts: tuple[Craft, ...]
    airmen: tuple[Airman, ...]
    roster: Roster
    manoeuvre: dict[str, str]
    pools: dict[str, int]
    rolled: dict[str, int]
    winner: str
    net: int
    to_spend: int
    to_remove: int
    tactical_carry: dict[str, int]
    tactical_dice: dict[str, int]
    order: tuple[str, ...]
    initiative: tuple[int, ...]
    free_attack_on: int
    stats: dict[str, int]


def phase_of(state: DogfightState) -> Phase:
    """The Combat Phase runs from setting its order to the end of the round, which clears it."""
    if battle_over(state):
        return "over"
    return "combat" if state.order or state.initiative else "squadron"


def observe(state: DogfightState, round: int) -> DogfightView:
    """Everything on the table, as a value; ``round`` is the core's (the turn's)."""
    # positional, in the field order of DogfightView
    return DogfightView(
        round,
        phase_of(state),
        state.rules,
        tuple(state.sides),
        dict(state.left),
        tuple(state.crafts),
        tuple(state.airmen),
        state.roster,
        dict(state.manoeuvre),
        dict(state.pools),
        dict(state.rolled),
        state.winner,
        state.net,
        state.to_spend,
        state.to_remove,
        dict(state.tactical_carry),
        dict(state.tactical_dice),
        tuple(state.order),
        tuple(state.initiative),
        state.free_attack_on,
        dict(state.stats),
    )
