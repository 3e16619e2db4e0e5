"""Expected values of dogfights, for the bot: the exact margin distributions (icepool,
cached) combined with the spec tables (to-hit, penetration, damage).

A flyer is described by its public signature ``(type, spent slots, lost slots)``. Values are
in points of flyers destroyed: kills of the enemy count +, own losses -.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from aerodrome_df40k.combat import skill
from aerodrome_df40k.odds import margin_distribution
from aerodrome_df40k.specs import EJECTABLE, Specs

Sig = tuple[str, tuple[int, ...], tuple[int, ...]]


@cache
def carried_of(specs: Specs, sig: Sig) -> tuple[str, ...]:
    ftype, spent, lost = sig
    kinds = {
        specs.weapons[m.weapon].kind
        for s, m in enumerate(specs.mounts[ftype])
        if s not in spent and s not in lost
    }
    return tuple(k for k in EJECTABLE if k in kinds)


@cache
def destroy_share(specs: Specs, table: str, hit: str) -> float:
    """The share of d6 faces of a damage table that destroy a flyer outright."""
    t = specs.rules.damage[table]
    faces = t.glancing if hit == "glancing" else t.penetrating
    fatal = {"destroyed"} | ({"immobilised"} if t.immobilised_flyer_destroyed else set())
    return sum(1 for f in faces if f in fatal) / 6


@cache
def kill_chance(
    specs: Specs, shooter: Sig, target_type: str, weapons: int, facing: str, all_glancing: bool
) -> float:
    """Chance that ``weapons`` of the shooter's best ``facing`` weapons destroy the target
    (Poisson approximation of the destroying results)."""
    if weapons <= 0:
        return 0.0
    ftype, spent, lost = shooter
    spec, target = specs.flyers[ftype], specs.flyers[target_type]
    armour = target.armour.rear if facing == "front" else target.armour.front
    need = specs.rules.shooting.needed(spec.bs)
    p = max(0, 7 - need) / 6
    dg = destroy_share(specs, target.damage_table, "glancing")
    dp = destroy_share(specs, target.damage_table, "penetrating")
    rates = []
    for slot, m in enumerate(specs.mounts[ftype]):
        if m.facing != facing or slot in spent or slot in lost:
            continue
        w = specs.weapons[m.weapon]
        hit = 1 - (1 - p) ** 2 if m.twin_linked else p
        glance = 1 / 6 if 1 <= armour - w.strength + 1 <= 6 else 0.0
        effect = max(0, min(6, 7 - (armour - w.strength))) / 6
        per_hit = effect * dg if all_glancing else glance * dg + (effect - glance) * dp
        rates.append(w.shots * hit * per_hit)
    rates.sort(reverse=True)
    return 1 - math.exp(-sum(rates[:weapons]))


@cache
def dogfight_value(
    specs: Specs, hook: Any, attacker: Sig, a_order: str, ram: bool,
    defender: Sig, d_order: str, nth: int,
) -> float:
    """Expected points won by the attacker's side (kills minus losses) in one dogfight."""
    gain, loss = dogfight_outcome(specs, hook, attacker, a_order, ram, defender, d_order, nth)
    return gain - loss


@cache
def dogfight_outcome(
    specs: Specs, hook: Any, attacker: Sig, a_order: str, ram: bool,
    defender: Sig, d_order: str, nth: int,
) -> tuple[float, float]:
    """Expected points of the defender destroyed and of the attacker destroyed in one
    dogfight (the winner's fire, the loser's retaliation, the ram)."""
    worth_a = float(specs.flyers[attacker[0]].points)
    worth_d = float(specs.flyers[defender[0]].points)
    adf = skill(specs, attacker[0], a_order, carried_of(specs, attacker), hook)
    ddf = skill(specs, defender[0], d_order, carried_of(specs, defender), hook)
    table_a = specs.flyers[attacker[0]].damage_table
    table_d = specs.flyers[defender[0]].damage_table
    scatter = len(specs.rules.scatter.hit_faces) / 6
    back_a = kill_chance(specs, defender, attacker[0], 1, "rear", False)  # retaliation on A
    back_d = kill_chance(specs, attacker, defender[0], 1, "rear", False)  # retaliation on D
    gain = loss = 0.0
    for margin, prob in margin_distribution(adf, ddf, nth).items():
        p = float(prob)
        if margin > 0:
            k = 0.0
            if a_order in ("intercept", "escort") and not ram:
                k = kill_chance(specs, attacker, defender[0], margin, "front", True)
            gain += p * k * worth_d
            loss += p * (1 - k) * back_a * worth_a
            if ram:
                alive = p * (1 - back_a) * scatter
                gain += alive * destroy_share(specs, table_d, "penetrating") * worth_d
                loss += alive * destroy_share(specs, table_a, "penetrating") * worth_a
        elif margin < 0:
            if d_order == "ground-support":
                continue  # a Ground-support winner's result counts as a draw
            k = kill_chance(specs, defender, attacker[0], -margin, "front", True)
            loss += p * k * worth_a
            gain += p * (1 - k) * back_d * worth_d
    return gain, loss


@cache
def dogfight_kill(
    specs: Specs, hook: Any, attacker: Sig, a_order: str, ram: bool,
    defender: Sig, d_order: str, nth: int,
) -> float:
    """The chance that the attacker destroys the defender in one dogfight (its fire when it
    wins, or the ram)."""
    adf = skill(specs, attacker[0], a_order, carried_of(specs, attacker), hook)
    ddf = skill(specs, defender[0], d_order, carried_of(specs, defender), hook)
    table_d = specs.flyers[defender[0]].damage_table
    scatter = len(specs.rules.scatter.hit_faces) / 6
    back_a = kill_chance(specs, defender, attacker[0], 1, "rear", False)
    chance = 0.0
    for margin, prob in margin_distribution(adf, ddf, nth).items():
        if margin <= 0:
            continue
        if ram:
            chance += float(prob) * (1 - back_a) * scatter * destroy_share(specs, table_d, "penetrating")
        elif a_order in ("intercept", "escort"):
            chance += float(prob) * kill_chance(specs, attacker, defender[0], margin, "front", True)
    return chance
