"""Damage, destruction, crew damage and parachutes.

A damage roll rolls the weapon's damage dice; each success is a Health pip; the target's
Armour Value (plus Defend bonuses) cancels pips, AP bypasses armour point for point
(victoriana.damage.*). At 0 Health the aircraft is destroyed with everyone aboard.
"""

from __future__ import annotations

from aerodrome.api import Context
from aerodrome_victoriana import specs
from aerodrome_victoriana.common import battle_over, spec_of, stat
from aerodrome_victoriana.events import CraftDamaged, CraftLeft, CrewHit, ParachuteLanded
from aerodrome_victoriana.heresy import roll_pool
from aerodrome_victoriana.hooks import Variants
from aerodrome_victoriana.state import (
    FLYING,
    Airman,
    Craft,
    DogfightState,
    update_airman,
    update_craft,
)


def armour_of(craft: Craft) -> int:
    """Armour Value plus active Defend bonuses (victoriana.pilot.2)."""
    return spec_of(craft).armour + sum(b.amount for b in craft.defence)


def pips_lost(variants: Variants, successes: int, armour: int, ap: int, extra: int) -> int:
    """Pips a damage roll takes (victoriana.damage.2, victoriana.damage.3), or a variant's."""
    caller = variants.damage_pips
    if caller is not None:
        changed = caller(successes=successes, armour=armour, ap=ap, extra=extra)
        if changed is not None:
            return max(0, int(changed))
    return max(0, successes + extra - max(0, armour - ap))


def damage_roll(
    state: DogfightState,
    ctx: Context,
    target: Craft,
    weapon: specs.Weapon,
    extra: int,
    who: str,
    variants: Variants,
) -> int:
    """Roll ``weapon``'s damage against ``target``; returns the pips lost."""
    book = specs.rules()
    label = target.label
    succ = roll_pool(
        ctx.dice,
        weapon.damage,
        lambda: f"{who}: damage {weapon.name} on {label}",
        explode=book.damage.dice_explode,
    )
    target = state.crafts[target.id]  # the current record
    armour = armour_of(target)
    pips = pips_lost(variants, succ, armour, weapon.ap, extra)
    hit = update_craft(state, target.id, health=max(0, target.health - pips))
    ctx.emit(
        lambda: CraftDamaged(
            craft=hit.id, successes=succ, armour=armour, pips=pips, health=hit.health
        )
    )
    target = hit
    if target.health == 0:
        destroy(state, ctx, target)
    elif state.rules.crew_damage and pips > 2 * spec_of(target).armour:
        crew_damage(state, ctx, target)
    return pips


def leave(state: DogfightState, ctx: Context, craft: Craft, status: str) -> None:
    """``craft`` leaves the dogfight with ``status``."""
    craft = state.crafts[craft.id]  # the current record
    if craft.status != FLYING:
        return
    update_craft(state, craft.id, status=status, defence=())
    state.left[craft.side] -= 1
    ctx.emit(lambda: CraftLeft(craft=craft.id, status=status))
    stat(state, f"{craft.side}.{status}")
    if battle_over(state):
        land_everyone(state, ctx)


def destroy(state: DogfightState, ctx: Context, craft: Craft) -> None:
    """0 Health: the aircraft and all its occupants are lost (victoriana.damage.4)."""
    craft = update_craft(state, craft.id, health=0)
    _lose_crew(state, craft)
    leave(state, ctx, craft, "destroyed")


def _lose_crew(state: DogfightState, craft: Craft) -> None:
    """Everyone still aboard (or out of action aboard) goes down with the aircraft."""
    for i in craft.crew:
        if state.airmen[i].status in ("aboard", "out"):
            update_airman(state, i, status="dead", health=0)


def crew_damage(state: DogfightState, ctx: Context, craft: Craft) -> None:
    """Optional crew damage: the GM's d6 picks the casualty (victoriana.optional.8-10)."""
    table = specs.rules().crew_damage
    roll = ctx.dice.d(6, f"crew damage on {craft.label}")
    if roll in table.vital:
        update_craft(state, craft.id, vital_damage=True)
        ctx.emit(lambda: CrewHit(craft=craft.id, roll=roll, result="vital components"))
        return
    aboard = [state.airmen[i] for i in craft.crew if state.airmen[i].status == "aboard"]
    if not aboard:
        return
    if roll in table.pilot:
        victim = next((a for a in aboard if a.pilot), aboard[0])
        result = "pilot"
    else:  # a random crew member other than the pilot, if there is one
        crew = [a for a in aboard if not a.pilot] or aboard
        victim = crew[0] if len(crew) == 1 else ctx.dice.choice(crew)
        result = "crew member"
    pips = roll_pool(ctx.dice, table.damage_dice, f"crew damage (5) on {victim.name}")
    victim = update_airman(state, victim.id, health=max(0, victim.health - pips))
    ctx.emit(lambda: CrewHit(craft=craft.id, roll=roll, result=result, airman=victim.id, pips=pips))
    if victim.health == 0:
        update_airman(state, victim.id, status="out")
        if victim.pilot:
            # assumed (victoriana.optional.9): nobody flies the aircraft any more
            crash(state, ctx, craft)


def crash(state: DogfightState, ctx: Context, craft: Craft) -> None:
    """An aircraft with nobody at the controls goes down with whoever is still aboard."""
    _lose_crew(state, craft)
    leave(state, ctx, craft, "crashed")


def bail_out(state: DogfightState, ctx: Context, airman: Airman) -> None:
    """Bail out: no roll; the evacuee leaves the dogfight and lands in 1D6 turns
    (victoriana.optional.5-6)."""
    book = specs.rules().parachute
    lands = ctx.round + ctx.dice.d(book.descent_die, f"{airman.name}: parachute descent")
    update_airman(state, airman.id, status="descending", lands_round=lands)
    stat(state, "bailed_out")


def parachute_landing(state: DogfightState, ctx: Context, airman: Airman) -> None:
    """8 pips on impact, each Athletics success negates one (victoriana.optional.7)."""
    book = specs.rules()
    succ = roll_pool(ctx.dice, airman.pools["athletics"], f"{airman.name}: Athletics landing")
    black = roll_pool(
        ctx.dice, book.parachute.athletics_black, f"{airman.name}: landing (black)", explode=False
    )
    pips = max(0, book.parachute.damage - max(0, succ - black))
    health = max(0, state.airmen[airman.id].health - pips)
    update_airman(state, airman.id, health=health, status="down" if health > 0 else "dead")
    ctx.emit(lambda: ParachuteLanded(airman=airman.id, pips=pips, health=health))


def land_due(state: DogfightState, ctx: Context, *, everyone: bool = False) -> None:
    for a in list(state.airmen):
        if a.status == "descending" and (everyone or a.lands_round <= ctx.round):
            parachute_landing(state, ctx, a)


def land_everyone(state: DogfightState, ctx: Context) -> None:
    """When the dogfight ends, everyone still under a parachute reaches the ground."""
    land_due(state, ctx, everyone=True)
