"""Dogfights: Dogfight skill, the opposed roll, victory fire, retaliation, ramming,
damage and the Gargoyles (rulebook sections Dogfight, Victory, Racial Bonuses).

Functions take the state, the specs and the step context; every die is rolled through
``ctx.dice`` with its purpose. Clause ids in brackets.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from aerodrome.turns import Context
from aerodrome_df40k.specs import CREW_RESULTS, EJECTABLE, Specs
from aerodrome_df40k.state import (
    Df40kState,
    DogfightDeclared,
    DogfightResult,
    DogfightRolled,
    Fight,
    FlyerDestroyed,
    FlyerState,
    GargoylesCommitted,
    HitResolved,
    RamResolved,
    WeaponFired,
)

# -- what a flyer carries and can fire -------------------------------------------------


def usable(specs: Specs, f: FlyerState, slot: int) -> bool:
    """A weapon slot not destroyed, not spent (one-shot) and not fired this turn."""
    return slot not in f.lost and slot not in f.spent and slot not in f.fired


def carried_kinds(specs: Specs, f: FlyerState) -> tuple[str, ...]:
    """Kinds of one-shot ordnance ``f`` still carries (each gives its DF modifier once)."""
    key = (id(specs), f.type, tuple(f.spent), tuple(f.lost))
    got = _CARRIED.get(key)
    if got is None:
        kinds = {
            specs.weapons[m.weapon].kind
            for slot, m in enumerate(specs.mounts[f.type])
            if slot not in f.spent and slot not in f.lost
        }
        got = _CARRIED[key] = tuple(k for k in EJECTABLE if k in kinds)
    return got


_CARRIED: dict[tuple[int, str, tuple[int, ...], tuple[int, ...]], tuple[str, ...]] = {}


def relay(hook: Any, name: str) -> Any:
    """The hook caller ``name`` if some plugin implements it, else None."""
    caller = getattr(hook, name, None) if hook is not None else None
    if caller is None:
        return None
    impls = getattr(caller, "_hookimpls", None)  # pluggy's list; get_hookimpls() copies it
    if impls is None:
        impls = caller.get_hookimpls()
    return caller if impls else None


#: DF by (specs, flyer type, order, ordnance carried) when no variant changes the modifiers.
_SKILL: dict[tuple[int, str, str, tuple[str, ...]], int] = {}


def dogfight_skill(specs: Specs, f: FlyerState, hook: Any = None) -> int:
    """DF of flyer ``f`` on its current order (see :func:`skill`)."""
    return skill(specs, f.type, f.order, carried_kinds(specs, f), hook)


def skill(specs: Specs, ftype: str, order: str, carried: tuple[str, ...], hook: Any = None) -> int:
    """DF = BS + Initiative + modifiers [df40k.dogfight.2]; Ork Waaagh doubles Initiative on
    Intercept or Escort [df40k.racial.1]; modifiers by order and ordnance carried
    [df40k.dogfight.3], or as a variant's ``aerodrome_df40k_dogfight_modifiers`` says."""
    caller = relay(hook, "aerodrome_df40k_dogfight_modifiers")
    key = (id(specs), ftype, order, carried)
    if caller is None:
        got = _SKILL.get(key)
        if got is not None:
            return got
    spec = specs.flyers[ftype]
    rules = specs.rules.dogfight
    initiative = spec.initiative
    if spec.race == rules.waaagh.race and order in rules.waaagh.orders:
        initiative *= rules.waaagh.initiative_multiplier
    mods = None
    if caller is not None:
        mods = caller(flyer=spec, order=order, carried=carried)
    if mods is None:
        mods = rules.orders.of(order) + sum(rules.carried.of(k) for k in carried)
        value = spec.bs + initiative + int(mods)
        if caller is None:
            _SKILL[key] = value
        return value
    return spec.bs + initiative + int(mods)


# -- the dogfight ----------------------------------------------------------------------


def find_escort(state: Df40kState, target: FlyerState) -> FlyerState | None:
    """The escort that takes the first Intercept declared against ``target`` [df40k.orders.4, df40k.orders.7].
    With several escorts, each takes one Intercept in roster order."""
    if target.order != "ground-support":
        return None
    for f in state.flyers:
        if f.alive and f.order == "escort" and f.escort == target.id and not f.redirected:
            return f
    return None


def declare(
    state: Df40kState, specs: Specs, ctx: Context, attacker: FlyerState, target: FlyerState
) -> Fight:
    """Declare and roll a dogfight [df40k.dogfight.1, df40k.dogfight.4, df40k.victory.9]."""
    defender = target
    escort = find_escort(state, target)
    if escort is not None:
        escort.redirected = True
        defender = escort
    ctx.emit(DogfightDeclared(attacker=attacker.id, target=target.id, defender=defender.id))
    state.engagements += 1
    defender.attacked += 1
    earlier = defender.attacked - 1
    rules = specs.rules.dogfight
    dice = 1 + earlier * rules.extra_attacker_dice
    bonus = earlier * rules.extra_attacker_bonus
    adf = dogfight_skill(specs, attacker, ctx.hook)
    ddf = dogfight_skill(specs, defender, ctx.hook)
    who_a, who_d = f"dogfight: {attacker.id}", f"dogfight: {defender.id}"
    if dice > 1:
        aroll = ctx.dice.keep_highest(dice, rules.die, 1, who_a)[0]
    else:
        aroll = ctx.dice.d(rules.die, who_a)
    droll = ctx.dice.d(rules.die, who_d)
    atotal, dtotal = aroll + adf + bonus, droll + ddf
    fight = Fight(
        attacker=attacker.id,
        defender=defender.id,
        declared=target.id,
        attacker_df=adf,
        defender_df=ddf,
        dice=dice,
        bonus=bonus,
        attacker_roll=aroll,
        defender_roll=droll,
        margin=atotal - dtotal,
        ram=attacker.ram,
    )
    ctx.emit(
        DogfightRolled(
            attacker=attacker.id,
            defender=defender.id,
            attacker_df=adf,
            defender_df=ddf,
            attacker_total=atotal,
            defender_total=dtotal,
            margin=fight.margin,
        )
    )
    loser = defender if fight.margin > 0 else attacker if fight.margin < 0 else None
    if loser is not None and gargoyles_may_help(state, specs, loser):
        fight.awaiting_gargoyles = True
    state.fight = fight
    return fight


def gargoyles_may_help(state: Df40kState, specs: Specs, loser: FlyerState) -> bool:
    """A large Tyranid flyer that lost, with uncommitted Gargoyles [df40k.racial.2]."""
    spec = specs.flyers[loser.type]
    return (
        spec.large
        and spec.race == specs.rules.dogfight.gargoyles.race
        and state.gargoyles[loser.player] > 0
    )


def commit_gargoyles(
    state: Df40kState, specs: Specs, ctx: Context, fight: Fight, count: int
) -> None:
    """Each allocated Gargoyle rolls a d6; each success moves the result one point towards
    the Tyranid; all allocated Gargoyles are removed [df40k.racial.2, df40k.racial.3]."""
    loser_id = fight.defender if fight.margin > 0 else fight.attacker
    loser = state.flyer(loser_id)
    successes = 0
    if count:
        faces = ctx.dice.roll(count, 6, f"gargoyles shield {loser_id}")
        need = specs.rules.dogfight.gargoyles.success
        successes = sum(1 for x in faces if x >= need)
        state.gargoyles[loser.player] -= count
    toward_attacker = loser_id == fight.attacker
    fight.margin += successes if toward_attacker else -successes
    fight.awaiting_gargoyles = False
    ctx.emit(GargoylesCommitted(flyer=loser_id, count=count, successes=successes, margin=fight.margin))


def conclude(state: Df40kState, specs: Specs, ctx: Context, fight: Fight) -> None:
    """Apply the result of a rolled dogfight [df40k.dogfight.5, df40k.victory.1-8,
    df40k.victory.13-14]."""
    state.fight = None
    attacker, defender = state.flyer(fight.attacker), state.flyer(fight.defender)
    if fight.margin == 0:
        ctx.emit(DogfightResult(winner="", loser="", margin=0, outcome="draw"))
        return
    winner, loser = (attacker, defender) if fight.margin > 0 else (defender, attacker)
    margin = abs(fight.margin)
    if winner.order == "ground-support":
        ctx.emit(DogfightResult(winner=winner.id, loser=loser.id, margin=margin, outcome="counts as draw"))
        return
    ctx.emit(DogfightResult(winner=winner.id, loser=loser.id, margin=margin, outcome="win"))
    ramming = fight.ram and winner is attacker
    if not ramming and winner.order in ("intercept", "escort") and not winner.crew_hit:
        slots = best_weapons(specs, winner, loser, "front", margin)
        fire(state, specs, ctx, winner, loser, slots, "rear", all_glancing=True)
    if loser.alive and not loser.crew_hit:
        slots = best_weapons(specs, loser, winner, "rear", 1)
        fire(state, specs, ctx, loser, winner, slots, "front", all_glancing=False)
    if ramming and winner.alive and loser.alive:
        ram(state, specs, ctx, winner, loser)


def ram(state: Df40kState, specs: Specs, ctx: Context, rammer: FlyerState, target: FlyerState) -> None:
    """The scatter die: on a Hit both flyers take one penetrating hit [df40k.victory.13]."""
    face = ctx.dice.d(6, f"ram scatter die: {rammer.id}")
    hit = face in specs.rules.scatter.hit_faces
    ctx.emit(RamResolved(rammer=rammer.id, target=target.id, hit=hit))
    if hit:
        damage(state, specs, ctx, target, "penetrating", rammer.player)
        damage(state, specs, ctx, rammer, "penetrating", target.player)


# -- shooting --------------------------------------------------------------------------


def _p_hit(need: int, twin: bool) -> float:
    p = max(0, 7 - need) / 6
    return 1 - (1 - p) ** 2 if twin else p


def _p_effect(strength: int, armour: int) -> float:
    return max(0, min(6, 7 - (armour - strength))) / 6


def best_weapons(
    specs: Specs, shooter: FlyerState, target: FlyerState, facing: str, count: int
) -> list[int]:
    """The ``count`` usable weapons of ``facing`` the shooter fires, best first.

    Stand-in for the owner's choice (df40k.victory.6): the most expected hits that glance
    or penetrate; guns before one-shot ordnance on equal odds, then roster order.
    """
    usable_slots = tuple(
        slot for slot in range(len(specs.mounts[shooter.type])) if usable(specs, shooter, slot)
    )
    ranked = _ranked(specs, shooter.type, usable_slots, target.type, facing)
    return list(ranked[:count])


@cache
def _ranked(
    specs: Specs, shooter: str, slots: tuple[int, ...], target: str, facing: str
) -> tuple[int, ...]:
    spec, tspec = specs.flyers[shooter], specs.flyers[target]
    armour = tspec.armour.rear if facing == "front" else tspec.armour.front
    need = specs.rules.shooting.needed(spec.bs)
    scored = []
    for slot in slots:
        mount = specs.mounts[shooter][slot]
        if mount.facing != facing:
            continue
        w = specs.weapons[mount.weapon]
        score = w.shots * _p_hit(need, mount.twin_linked) * _p_effect(w.strength, armour)
        scored.append((-score, w.one_shot, slot))
    scored.sort()
    return tuple(slot for _, _, slot in scored)


def fire(
    state: Df40kState, specs: Specs, ctx: Context, shooter: FlyerState, target: FlyerState,
    slots: list[int], armour_facing: str, *, all_glancing: bool,
) -> None:
    """Fire ``slots`` at ``target``: to-hit with BS (twin-linked re-rolls misses), then each
    hit rolls d6 + Strength against the armour [df40k.victory.2, df40k.victory.3, df40k.victory.7]."""
    if not slots:
        return
    spec, tspec = specs.flyers[shooter.type], specs.flyers[target.type]
    need = specs.rules.shooting.needed(spec.bs)
    armour = getattr(tspec.armour, armour_facing)
    mounts = specs.mounts[shooter.type]
    hits: list[int] = []  # strength of each hit, in weapon order
    for slot in slots:
        mount = mounts[slot]
        w = specs.weapons[mount.weapon]
        faces = ctx.dice.roll(w.shots, 6, f"to hit: {shooter.id} {mount.weapon}")
        n = sum(1 for x in faces if x >= need)
        if mount.twin_linked and n < w.shots:
            again = ctx.dice.roll(w.shots - n, 6, f"twin-linked re-roll: {mount.weapon}")
            n += sum(1 for x in again if x >= need)
        shooter.fired.append(slot)
        if w.one_shot:
            shooter.spent.append(slot)
        ctx.emit(WeaponFired(flyer=shooter.id, weapon=mount.weapon, target=target.id, hits=n))
        hits.extend([w.strength] * n)
    for strength in hits:
        if not target.alive:
            break
        pen = ctx.dice.d(6, f"penetration: {target.id}") + strength
        if pen < armour:
            ctx.emit(HitResolved(target=target.id, penetration=pen, armour=armour, hit="none"))
            continue
        kind = "glancing" if all_glancing or pen == armour else "penetrating"
        damage(state, specs, ctx, target, kind, shooter.player, pen=pen, armour=armour)


def damage(
    state: Df40kState, specs: Specs, ctx: Context, target: FlyerState, kind: str, by: int,
    *, pen: int = 0, armour: int = 0,
) -> str:
    """Roll on the damage table of ``kind`` and apply the result [df40k.victory.3]."""
    spec = specs.flyers[target.type]
    table = specs.rules.damage[spec.damage_table]
    face = ctx.dice.d(6, f"{kind} damage: {target.id}")
    effect: str | None = None
    caller = relay(ctx.hook, "aerodrome_df40k_damage_result")
    if caller is not None:
        effect = caller(flyer=spec, hit=kind, face=face)
    if effect is None:
        effect = (table.glancing if kind == "glancing" else table.penetrating)[face - 1]
    applied = apply_effect(state, specs, target, effect, by)
    ctx.emit(HitResolved(target=target.id, penetration=pen, armour=armour, hit=kind, effect=applied))
    if not target.alive:
        ctx.emit(FlyerDestroyed(flyer=target.id, by=by))
    return applied


def apply_effect(state: Df40kState, specs: Specs, target: FlyerState, effect: str, by: int) -> str:
    """Apply one damage result; returns the result as applied."""
    table = specs.rules.damage[specs.flyers[target.type].damage_table]
    if effect in CREW_RESULTS:
        target.crew_hit = True
        return effect
    if effect == "weapon-destroyed":
        slot = strongest_weapon(specs, target)
        if slot is not None:
            target.lost.append(slot)
            return effect
        effect = table.no_weapon_left
        if effect == "weapon-destroyed":
            return effect
        return apply_effect(state, specs, target, effect, by)
    if effect == "immobilised" and not table.immobilised_flyer_destroyed:
        return effect
    target.alive = False
    target.destroyed_by = by
    state.kills[by] += 1
    return effect


def strongest_weapon(specs: Specs, f: FlyerState) -> int | None:
    """The weapon a 'weapon destroyed' result removes: the strongest left (stand-in for the
    attacker's choice; the worked example destroys a lascannon)."""
    best: tuple[int, int, int] | None = None
    for slot, mount in enumerate(specs.mounts[f.type]):
        if slot in f.lost or slot in f.spent:
            continue
        w = specs.weapons[mount.weapon]
        key = (w.strength, w.shots, -slot)
        if best is None or key > best:
            best = key
    return None if best is None else -best[2]
