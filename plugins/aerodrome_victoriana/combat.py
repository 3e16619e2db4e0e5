"""The Combat Phase: PCs and important NPCs act, the squadron-roll winner's side first.

Order (victoriana.combat.2-4), the first actor's initiative bonus (victoriana.combat.5),
multi-action penalties (victoriana.combat.6); which pilot and crew actions each character
may take (performed in :mod:`aerodrome_victoriana.actions`).
With the optional rule "skip the Squadron Phase" every aircraft acts, in the order of its
pilot's Aviation + Handling roll (victoriana.optional.14).
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from aerodrome.data import Action
from aerodrome.turns import Context, Decision
from aerodrome_victoriana import specs
from aerodrome_victoriana.actions import free_attack, perform
from aerodrome_victoriana.common import (
    aboard,
    battle_over,
    enemy_of,
    handling,
    player_of,
)
from aerodrome_victoriana.damage import land_due, land_everyone
from aerodrome_victoriana.ending import break_off
from aerodrome_victoriana.heresy import roll_pool
from aerodrome_victoriana.options import (
    ActOptions,
    character_options,
    free_attack_options,
    snapshot,
)
from aerodrome_victoriana.state import (
    FLYING,
    Airman,
    DogfightState,
    EndTurn,
    FreeAttack,
    update_craft,
)

update = msgspec.structs.replace


# -- order ---------------------------------------------------------------------------------
def run_order(state: DogfightState, ctx: Context) -> Decision | None:
    """Set the order of the Combat Phase."""
    state.turn = 0
    state.turn_started = False
    state.first_done = False
    state.free_attack_on = -1
    if state.serial:  # before anybody's first action every count is still 0
        state.airmen = [update(a, actions=0) if a.actions else a for a in state.airmen]
    if battle_over(state):
        return None
    if state.rules.skip_squadron:
        state.initiative = initiative_order(state, ctx)
        state.order = []
    else:
        state.order = side_order(state, ctx)
        state.initiative = []
    return None


def side_order(state: DogfightState, ctx: Context) -> list[str]:
    """The squadron-roll winner acts first; ties go to the side with the bigger pool
    (victoriana.combat.2-3); equal pools: a d6 roll-off (assumed, victoriana.combat.3)."""
    a, b = state.sides
    first = state.winner
    if not first:
        pa, pb = state.pools.get(a, 0), state.pools.get(b, 0)
        if pa != pb:
            first = a if pa > pb else b
        else:
            while not first:
                ra, rb = ctx.dice.d(6, f"roll-off: {a}"), ctx.dice.d(6, f"roll-off: {b}")
                if ra != rb:
                    first = a if ra > rb else b
    return [first, enemy_of(state, first)]


def initiative_order(state: DogfightState, ctx: Context) -> list[int]:
    """Without the Squadron Phase every pilot rolls Aviation + Handling (victoriana.optional.14);
    more successes act first, then the bigger pool, then the friendly side (assumed)."""
    keyed: list[tuple[int, int, int, int]] = []
    for craft in state.crafts:
        if craft.status != FLYING:
            continue
        pilot = next((a for a in aboard(state, craft) if a.pilot), None)
        pool = pilot.pools["aviation"] if pilot else 0
        h = handling(craft)
        white, black = pool + max(0, h), max(0, -h)
        succ = roll_pool(ctx.dice, white, f"initiative: {craft.label} (white)")
        succ -= roll_pool(ctx.dice, black, f"initiative: {craft.label} (black)", explode=False)
        keyed.append((-succ, -(white - black), state.sides.index(craft.side), craft.id))
    return [k[3] for k in sorted(keyed)]


# -- whose turn ----------------------------------------------------------------------------
def units(state: DogfightState) -> int:
    return len(state.initiative) if state.rules.skip_squadron else len(state.order)


def turn_side(state: DogfightState) -> str:
    if state.rules.skip_squadron:
        return state.crafts[state.initiative[state.turn]].side
    return state.order[state.turn]


def actors(state: DogfightState) -> list[Airman]:
    """Characters who may still act in the current turn."""
    limit = specs.rules().multi_action.max_actions
    if state.rules.skip_squadron:
        craft = state.crafts[state.initiative[state.turn]]
        crafts = [craft] if craft.status == FLYING else []
    else:
        if not state.named:
            return []
        side = state.order[state.turn]
        crafts = [
            c for c in map(state.crafts.__getitem__, state.named)
            if c.side == side and c.status == FLYING
        ]
        if not crafts:
            return []
    return [a for c in crafts for a in aboard(state, c) if a.actions < limit]


def start_turn(state: DogfightState) -> None:
    """Defend bonuses last until the start of the defender's next turn (victoriana.pilot.2)."""
    if state.serial == 0 or not any(c.defence for c in state.crafts):
        return  # nobody has acted yet, so nobody has defended
    if state.rules.skip_squadron:
        mine = set(state.crafts[state.initiative[state.turn]].crew)
    else:
        side = state.order[state.turn]
        mine = {a.id for a in state.airmen if state.crafts[a.craft].side == side}
    for c in state.crafts:
        if c.defence:
            update_craft(state, c.id, defence=tuple(b for b in c.defence if b.by not in mine))


def run_combat(state: DogfightState, ctx: Context) -> Decision | None:
    """The Combat Phase's one step: set the order on entering, ask for actions until every
    turn is over, then end the round (:func:`run_end`)."""
    if not state.ordered:
        state.ordered = True
        run_order(state, ctx)
    decision = run_act(state, ctx)
    if decision is None and not battle_over(state):
        run_end(state, ctx)
    return decision


def run_act(state: DogfightState, ctx: Context) -> Decision | None:
    if battle_over(state):
        return None
    if not state.named and not state.serial and not state.rules.skip_squadron:
        # nobody aboard may act (victoriana.combat.1): every turn passes at once
        state.turn = len(state.order)
        state.turn_started = False
        return None
    while True:  # moving through the turns takes no aircraft out: the battle goes on
        if state.free_attack_on >= 0:
            target = state.crafts[state.free_attack_on]
            if target.status == FLYING and free_attack_options(state, target):
                chooser = enemy_of(state, target.side)
                return Decision(
                    players=(player_of(state, chooser),), kind="free-attack",
                    prompt=f"choose an aircraft to attack {target.label}, who failed to escape",
                )
            state.free_attack_on = -1
        if state.turn >= units(state):
            return None
        if not state.turn_started:
            start_turn(state)
            state.turn_started = True
        if actors(state):
            return _ACT[player_of(state, turn_side(state))]
        state.turn += 1
        state.turn_started = False


_ACT = tuple(
    Decision(players=(p,), kind="act", prompt="choose a character's action (or end the turn)")
    for p in (0, 1)
)


def resolve_act(state: DogfightState, ctx: Context, answers: Mapping[int, Action]) -> bool:
    (action,) = answers.values()
    if isinstance(action, FreeAttack):
        target = state.crafts[state.free_attack_on]
        state.free_attack_on = -1
        free_attack(state, ctx, action, target)
        return True
    if isinstance(action, EndTurn):
        state.turn += 1
        state.turn_started = False
        return True
    perform(state, ctx, action)
    return True


def run_end(state: DogfightState, ctx: Context) -> Decision | None:
    """End of the round: parachutes reach the ground, a beaten squadron breaks off
    (victoriana.turn.2, victoriana.turn.4), per-round tallies reset."""
    if state.serial:  # parachutes and Defend bonuses follow somebody's action
        land_due(state, ctx)
        for c in state.crafts:
            if c.defence:
                update_craft(state, c.id, defence=tuple(
                    b for b in c.defence if state.crafts[state.airmen[b.by].craft].status == FLYING
                ))
    break_off(state, ctx)  # victoriana.turn.4: the Gamemaster's call on a beaten squadron
    state.round += 1
    state.ordered = False
    if battle_over(state):
        land_everyone(state, ctx)
    state.manoeuvre = {}
    state.winner = ""
    state.net = state.to_spend = state.to_remove = 0
    state.turn = 0
    state.turn_started = False
    return None


# -- legal actions ---------------------------------------------------------------------------
def act_options(state: DogfightState) -> ActOptions:
    """The legal actions of the ``act`` decision: those of every character who may still act
    this turn (listed on demand, :class:`~aerodrome_victoriana.options.ActOptions`), or end
    the turn."""
    return ActOptions(snapshot(state), tuple(a.id for a in actors(state)))


__all__ = ["character_options", "free_attack", "free_attack_options", "perform"]
