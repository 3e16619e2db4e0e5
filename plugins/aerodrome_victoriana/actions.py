"""The characters' actions of the Combat Phase: pilot actions (victoriana.pilot.*), crew
actions (victoriana.crew.*) and the optional rules' landings and bail-outs
(victoriana.optional.2-7)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aerodrome.api import Action, Context, IllegalActionError
from aerodrome_victoriana import specs
from aerodrome_victoriana.common import (
    aboard,
    character_task,
    count_flying,
    enemy_of,
    handling,
    handling_of,
    spec_of,
    stat,
    weapon_gunner,
)
from aerodrome_victoriana.damage import bail_out, damage_roll, destroy, leave
from aerodrome_victoriana.events import BombsDropped
from aerodrome_victoriana.hooks import Variants
from aerodrome_victoriana.state import (
    FLYING,
    Airman,
    Attack,
    BailOut,
    CharacterAction,
    Chase,
    Craft,
    DefenceBonus,
    Defend,
    DogfightState,
    DropBomb,
    EmergencyLanding,
    Escape,
    FreeAttack,
    Repair,
    Spot,
    Tactical,
    update_airman,
    update_craft,
)


# -- performing actions ------------------------------------------------------------------------
def perform(
    state: DogfightState, ctx: Context, action: CharacterAction, variants: Variants
) -> None:
    """A character's action of the Combat Phase (counted for the multi-action penalty)."""
    a = state.airmen[action.airman]
    if a.actions == 0:
        a = update_airman(
            state, a.id, actions=1, prev_turn_start=a.turn_start, turn_start=state.serial
        )
    else:
        a = update_airman(state, a.id, actions=a.actions + 1)
    state.serial += 1
    craft = state.crafts[a.craft]
    kind = type(action)
    if kind is Attack:
        assert isinstance(action, Attack)
        attack(state, ctx, a, craft, state.crafts[action.target], action.weapon, variants)
        return
    perform_other = _PERFORM.get(kind)
    if perform_other is None:  # pragma: no cover - guarded by the legal actions
        raise IllegalActionError(f"{action.describe()} is not a Combat Phase action")
    perform_other(state, ctx, a, craft, action)


def attack(
    state: DogfightState,
    ctx: Context,
    a: Airman,
    craft: Craft,
    target: Craft,
    weapon: int,
    variants: Variants,
    *,
    free: bool = False,
) -> None:
    """Gunnery + Handling against the target's Handling + 3 black dice; a target's black-dice
    Handling joins the attack pool; ties go to the attacker (victoriana.pilot.1,
    victoriana.crew.1)."""
    book = specs.rules()
    stat(state, "engagements")  # one attack (for the comparison metrics)
    th = handling(target)
    black = book.attack.black_base + max(0, th)
    roll = character_task(
        state,
        ctx,
        a,
        f"attack {target.label}",
        a.pools["gunnery"],
        black,
        with_handling=True,
        bonus=max(0, -th),
        free=free,
    )
    if roll.white >= roll.black and roll.white > 0:
        extra = max(0, roll.net) if book.damage.attack_net_adds_pips else 0
        damage_roll(state, ctx, target, spec_of(craft).weapons[weapon], extra, a.name, variants)


def free_attack(
    state: DogfightState, ctx: Context, action: FreeAttack, target: Craft, variants: Variants
) -> None:
    """The free attack on an aircraft that failed to escape: the gunner at the chosen
    weapon's station attacks, spending no action (victoriana.pilot.5, assumed)."""
    craft = state.crafts[action.craft]
    gunner = weapon_gunner(state, craft, action.weapon)
    if gunner is None or target.status != FLYING:
        return
    attack(state, ctx, gunner, craft, target, action.weapon, variants, free=True)


def defend(state: DogfightState, ctx: Context, a: Airman, craft: Craft, action: Defend) -> None:
    """Aviation + Handling: net successes add to an aircraft's Armour Value until the start
    of the pilot's next turn (victoriana.pilot.2)."""
    ward = state.crafts[action.ward]
    roll = character_task(
        state, ctx, a, f"defend {ward.label}", a.pools["aviation"], 0, with_handling=True
    )
    if roll.net > 0:
        defence = state.crafts[ward.id].defence
        update_craft(state, ward.id, defence=(*defence, DefenceBonus(by=a.id, amount=roll.net)))


def escape_or_chase(
    state: DogfightState, ctx: Context, a: Airman, craft: Craft, action: Escape | Chase
) -> None:
    """Aviation + Handling with 9 black dice when outnumbered (victoriana.pilot.3-7)."""
    book = specs.rules()
    outnumbered = count_flying(state, enemy_of(state, craft.side)) > count_flying(state, craft.side)
    black = book.escape.black_outnumbered if outnumbered else 0
    what = "escape" if isinstance(action, Escape) else f"chase {state.crafts[action.target].label}"
    roll = character_task(state, ctx, a, what, a.pools["aviation"], black, with_handling=True)
    if roll.outcome == "success":
        craft = update_craft(state, craft.id, escaped_at=state.serial)
        # victoriana.pilot.8: a chase continues under another sourcebook's rules: both leave
        leave(state, ctx, craft, "escaped" if isinstance(action, Escape) else "chasing")
    elif isinstance(action, Escape):
        state.free_attack_on = craft.id  # victoriana.pilot.5
    else:
        update_airman(state, a.id, lost=(*state.airmen[a.id].lost, action.target))


def tactical(state: DogfightState, ctx: Context, a: Airman, craft: Craft, action: Tactical) -> None:
    """Aviation or Tactics + Handling: successes become dice of the next Squadron Roll; only
    the side's best counts (victoriana.pilot.9-10)."""
    roll = character_task(state, ctx, a, "tactical", a.pools[action.skill], 0, with_handling=True)
    if roll.outcome == "success":
        side = craft.side
        state.tactical_dice[side] = max(state.tactical_dice.get(side, 0), roll.net)


def drop_bomb(
    state: DogfightState, ctx: Context, a: Airman, craft: Craft, action: DropBomb
) -> None:
    """Gunnery with 6 black dice, +2 dice per 500 lb dropped; success, partial or miss
    (victoriana.crew.2-3)."""
    book = specs.rules()
    spec = spec_of(craft)
    lines = spec.optional_ordnance if action.optional else spec.ordnance
    stock = list(craft.optional_bombs if action.optional else craft.bombs)
    stock[action.line] -= action.count
    craft = update_craft(
        state, craft.id, **{"optional_bombs" if action.optional else "bombs": tuple(stock)}
    )
    # victoriana.aircraft.11: the penalty ends with the bombs
    update_craft(state, craft.id, handling=handling_of(craft))
    weight = lines[action.line].weight_lb * action.count
    dice = a.pools["gunnery"] + (weight // 500) * book.bomb.dice_per_500lb
    roll = character_task(
        state, ctx, a, f"drop {weight} lb", dice, book.bomb.black, with_handling=False
    )
    side = craft.side
    partial_roll = 0
    if roll.outcome == "success":
        outcome = "on target"
    elif roll.outcome == "partial":
        partial_roll = ctx.dice.d(6, f"{a.name}: partial bombing")
        outcome = {
            1: "target damaged",
            6: "target damaged",
            2: "destruction elsewhere",
            5: "destruction elsewhere",
        }.get(partial_roll, "no effect")  # 3-4 assumed
    else:
        outcome = "missed"
    stat(state, f"{side}.bombs {outcome}")
    ctx.emit(
        lambda: BombsDropped(
            airman=a.id, weight_lb=weight, outcome=outcome, partial_roll=partial_roll
        )
    )


def repair(state: DogfightState, ctx: Context, a: Airman, craft: Craft, action: Repair) -> None:
    """Ad Hoc Repair with 3 black dice: a pip per success, at most the Armour Value
    (victoriana.crew.4); any success also mends vital components (assumed)."""
    book = specs.rules()
    roll = character_task(
        state, ctx, a, "repair", a.pools["repair"], book.repair.black, with_handling=False
    )
    if roll.net > 0:
        spec = spec_of(craft)
        health = min(spec.health, state.crafts[craft.id].health + min(roll.net, spec.armour))
        update_craft(state, craft.id, vital_damage=False, health=health)


def spot(state: DogfightState, ctx: Context, a: Airman, craft: Craft, action: Spot) -> None:
    """Perception or Gunnery: successes cut the black dice of a crewmate's next action
    (victoriana.crew.5)."""
    roll = character_task(state, ctx, a, "spot", a.pools[action.skill], 0, with_handling=False)
    if roll.net > 0:
        update_airman(state, action.mate, spot=state.airmen[action.mate].spot + roll.net)


def emergency_landing(
    state: DogfightState, ctx: Context, a: Airman, craft: Craft, action: EmergencyLanding
) -> None:
    """Aviation + Handling against the environment's black dice; the aircraft takes the
    environment's damage less the successes (victoriana.optional.2-3)."""
    env = specs.rules().environment_of(state.rules.environment)
    roll = character_task(
        state,
        ctx,
        a,
        f"emergency landing ({env.name})",
        a.pools["aviation"],
        env.black,
        with_handling=True,
    )
    health = max(0, state.crafts[craft.id].health - max(0, env.damage - max(0, roll.net)))
    craft = update_craft(state, craft.id, health=health)
    if craft.health == 0:
        destroy(state, ctx, craft)
    else:
        leave(state, ctx, craft, "landed")


def bail(state: DogfightState, ctx: Context, a: Airman, craft: Craft, action: BailOut) -> None:
    """Bail out (victoriana.optional.5); a pilot who bails abandons the aircraft and the crew
    goes with them (assumed)."""
    if a.pilot:
        for m in aboard(state, craft):
            bail_out(state, ctx, m)
        leave(state, ctx, craft, "crashed")
    else:
        bail_out(state, ctx, a)


#: The Combat Phase's actions other than Attack (dispatched on the action's exact type).
_PERFORM: dict[type[Action], Callable[[DogfightState, Context, Airman, Craft, Any], None]] = {
    Defend: defend,
    Escape: escape_or_chase,
    Chase: escape_or_chase,
    Tactical: tactical,
    DropBomb: drop_bomb,
    Repair: repair,
    Spot: spot,
    EmergencyLanding: emergency_landing,
    BailOut: bail,
}
