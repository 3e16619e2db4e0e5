"""Dogfights: the opposed roll, victory fire, retaliation, ramming, damage and the
Gargoyles (rulebook sections Dogfight, Victory, Racial Bonuses).

Functions take the state, the :class:`~aerodrome_df40k.rules.Rules` (specs and variant
hooks) and the step context; every die is rolled through ``ctx.dice`` with its purpose, and
events and purposes are built only when somebody records. Clause ids in brackets.
"""

from __future__ import annotations

from functools import partial

from aerodrome.api import Context
from aerodrome_df40k.rules import Rules
from aerodrome_df40k.specs import CREW_RESULTS, Specs
from aerodrome_df40k.state import (
    Df40kState,
    Dogfight,
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


def usable(f: FlyerState, slot: int) -> bool:
    """A weapon slot not destroyed, not spent (one-shot) and not fired this turn."""
    return slot not in f.lost and slot not in f.spent and slot not in f.fired


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
    state: Df40kState, rules: Rules, ctx: Context, attacker: FlyerState, target: FlyerState
) -> Fight:
    """Declare and roll a dogfight [df40k.dogfight.1, df40k.dogfight.4, df40k.victory.9]."""
    defender = target
    escort = find_escort(state, target)
    if escort is not None:
        escort.redirected = True
        defender = escort
    ctx.emit(lambda: DogfightDeclared(attacker=attacker.id, target=target.id, defender=defender.id))
    state.engagements += 1
    defender.attacked += 1
    earlier = defender.attacked - 1
    dogfight = rules.specs.rules.dogfight
    dice = 1 + earlier * dogfight.extra_attacker_dice
    bonus = earlier * dogfight.extra_attacker_bonus
    adf = rules.dogfight_skill(attacker)
    ddf = rules.dogfight_skill(defender)
    if dice > 1:
        aroll = ctx.dice.keep_highest(dice, dogfight.die, 1, lambda: f"dogfight: {attacker.id}")[0]
    else:
        aroll = ctx.dice.d(dogfight.die, lambda: f"dogfight: {attacker.id}")
    droll = ctx.dice.d(dogfight.die, lambda: f"dogfight: {defender.id}")
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
        lambda: DogfightRolled(
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
    if loser is not None and gargoyles_may_help(state, rules.specs, loser):
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
    state: Df40kState, rules: Rules, ctx: Context, fight: Fight, count: int
) -> None:
    """Each allocated Gargoyle rolls a d6; each success moves the result one point towards
    the Tyranid; all allocated Gargoyles are removed [df40k.racial.2, df40k.racial.3]."""
    loser_id = fight.defender if fight.margin > 0 else fight.attacker
    loser = state.flyer(loser_id)
    successes = 0
    if count:
        faces = ctx.dice.roll(count, 6, lambda: f"gargoyles shield {loser_id}")
        need = rules.specs.rules.dogfight.gargoyles.success
        successes = sum(1 for x in faces if x >= need)
        state.gargoyles[loser.player] -= count
    toward_attacker = loser_id == fight.attacker
    fight.margin += successes if toward_attacker else -successes
    fight.awaiting_gargoyles = False
    ctx.emit(
        lambda: GargoylesCommitted(
            flyer=loser_id, count=count, successes=successes, margin=fight.margin
        )
    )


def conclude(state: Df40kState, rules: Rules, ctx: Context, fight: Fight) -> None:
    """Apply the result of a rolled dogfight [df40k.dogfight.5, df40k.victory.1-8,
    df40k.victory.13-14]; the dogfight joins the turn's record (public)."""
    state.fight = None
    attacker, defender = state.flyer(fight.attacker), state.flyer(fight.defender)
    if fight.margin == 0:
        _record(state, fight, "draw")
        ctx.emit(lambda: DogfightResult(winner="", loser="", margin=0, outcome="draw"))
        return
    winner, loser = (attacker, defender) if fight.margin > 0 else (defender, attacker)
    margin = abs(fight.margin)
    if winner.order == "ground-support":
        _record(state, fight, "counts as draw")
        ctx.emit(
            lambda: DogfightResult(
                winner=winner.id, loser=loser.id, margin=margin, outcome="counts as draw"
            )
        )
        return
    _record(state, fight, "win")
    ctx.emit(lambda: DogfightResult(winner=winner.id, loser=loser.id, margin=margin, outcome="win"))
    ramming = fight.ram and winner is attacker
    if not ramming and winner.order in ("intercept", "escort") and not winner.crew_hit:
        slots = best_weapons(rules, winner, loser, "front", margin)
        fire(state, rules, ctx, winner, loser, slots, "rear", all_glancing=True)
    if loser.alive and not loser.crew_hit:
        slots = best_weapons(rules, loser, winner, "rear", 1)
        fire(state, rules, ctx, loser, winner, slots, "front", all_glancing=False)
    if ramming and winner.alive and loser.alive:
        ram(state, rules, ctx, winner, loser)


def _record(state: Df40kState, fight: Fight, outcome: str) -> None:
    state.dogfights.append(
        Dogfight(
            attacker=fight.attacker,
            target=fight.declared,
            defender=fight.defender,
            margin=fight.margin,
            outcome=outcome,
            ram=fight.ram,
        )
    )


def ram(
    state: Df40kState, rules: Rules, ctx: Context, rammer: FlyerState, target: FlyerState
) -> None:
    """The scatter die: on a Hit both flyers take one penetrating hit [df40k.victory.13]."""
    face = ctx.dice.d(6, lambda: f"ram scatter die: {rammer.id}")
    hit = face in rules.specs.rules.scatter.hit_faces
    ctx.emit(lambda: RamResolved(rammer=rammer.id, target=target.id, hit=hit))
    if hit:
        damage(state, rules, ctx, target, "penetrating", rammer.player)
        damage(state, rules, ctx, rammer, "penetrating", target.player)


# -- shooting --------------------------------------------------------------------------


def best_weapons(
    rules: Rules, shooter: FlyerState, target: FlyerState, facing: str, count: int
) -> list[int]:
    """The ``count`` usable weapons of ``facing`` the shooter fires, best first (the
    owner's choice, df40k.victory.6: see :meth:`Rules.ranked`)."""
    usable_slots = tuple(
        slot for slot in range(len(rules.specs.mounts[shooter.type])) if usable(shooter, slot)
    )
    ranked = rules.ranked(shooter.type, usable_slots, target.type, facing)
    return list(ranked[:count])


def fire(
    state: Df40kState,
    rules: Rules,
    ctx: Context,
    shooter: FlyerState,
    target: FlyerState,
    slots: list[int],
    armour_facing: str,
    *,
    all_glancing: bool,
) -> None:
    """Fire ``slots`` at ``target``: to-hit with BS (twin-linked re-rolls misses), then each
    hit rolls d6 + Strength against the armour [df40k.victory.2, df40k.victory.3, df40k.victory.7]."""
    if not slots:
        return
    specs = rules.specs
    spec, tspec = specs.flyers[shooter.type], specs.flyers[target.type]
    need = specs.rules.shooting.needed(spec.bs)
    armour = tspec.armour.rear if armour_facing == "rear" else tspec.armour.front
    mounts = specs.mounts[shooter.type]
    hits: list[int] = []  # strength of each hit, in weapon order
    for slot in slots:
        mount = mounts[slot]
        w = specs.weapons[mount.weapon]
        faces = ctx.dice.roll(w.shots, 6, partial("to hit: {} {}".format, shooter.id, mount.weapon))
        n = sum(1 for x in faces if x >= need)
        if mount.twin_linked and n < w.shots:
            again = ctx.dice.roll(
                w.shots - n, 6, partial("twin-linked re-roll: {}".format, mount.weapon)
            )
            n += sum(1 for x in again if x >= need)
        shooter.fired.append(slot)
        if w.one_shot:
            shooter.spent.append(slot)
        ctx.emit(
            partial(WeaponFired, flyer=shooter.id, weapon=mount.weapon, target=target.id, hits=n)
        )
        hits.extend([w.strength] * n)
    for strength in hits:
        if not target.alive:
            break
        pen = ctx.dice.d(6, lambda: f"penetration: {target.id}") + strength
        if pen < armour:
            ctx.emit(
                partial(HitResolved, target=target.id, penetration=pen, armour=armour, hit="none")
            )
            continue
        kind = "glancing" if all_glancing or pen == armour else "penetrating"
        damage(state, rules, ctx, target, kind, shooter.player, pen=pen, armour=armour)


def damage(
    state: Df40kState,
    rules: Rules,
    ctx: Context,
    target: FlyerState,
    kind: str,
    by: int,
    *,
    pen: int = 0,
    armour: int = 0,
) -> str:
    """Roll on the damage table of ``kind`` and apply the result [df40k.victory.3], or the
    result a variant's ``aerodrome_df40k_damage_result`` gives."""
    specs = rules.specs
    spec = specs.flyers[target.type]
    table = specs.rules.damage[spec.damage_table]
    face = ctx.dice.d(6, lambda: f"{kind} damage: {target.id}")
    effect: str | None = None
    if rules.damage_result is not None:
        effect = rules.damage_result(flyer=spec, hit=kind, face=face)
    if effect is None:
        effect = (table.glancing if kind == "glancing" else table.penetrating)[face - 1]
    applied = apply_effect(state, specs, target, effect, by)
    ctx.emit(
        lambda: HitResolved(
            target=target.id, penetration=pen, armour=armour, hit=kind, effect=applied
        )
    )
    if not target.alive:
        ctx.emit(lambda: FlyerDestroyed(flyer=target.id, by=by))
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
