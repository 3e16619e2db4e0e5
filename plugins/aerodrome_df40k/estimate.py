"""Expected values of dogfights, for the bot: the exact margin distributions (icepool,
cached) combined with the spec tables (to-hit, penetration, damage).

A flyer is described by its public signature ``(type, spent slots, lost slots)``. Values are
in points of flyers destroyed: kills of the enemy count +, own losses -. One
:class:`Estimates` per ruleset instance (its rules: specs and variant hooks) keeps every
value it worked out, keyed by values.
"""

from __future__ import annotations

import math

from aerodrome_df40k.odds import margin_distribution
from aerodrome_df40k.rules import Rules

Sig = tuple[str, tuple[int, ...], tuple[int, ...]]
#: What a dogfight's value depends on: attacker, its order, ram, defender, its order, and
#: the attacker's place among the defender's attackers this turn.
FightKey = tuple[Sig, str, bool, Sig, str, int]
KillKey = tuple[Sig, str, int, str, bool]


class Estimates:
    """Expected values of dogfights under one ruleset instance's rules."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.specs = rules.specs
        self._destroy: dict[tuple[str, str], float] = {}
        self._kill: dict[KillKey, float] = {}
        self._outcome: dict[FightKey, tuple[float, float]] = {}
        self._value: dict[FightKey, float] = {}
        self._dogfight_kill: dict[FightKey, float] = {}

    def carried_of(self, sig: Sig) -> tuple[str, ...]:
        return self.specs.carried(*sig)

    def skill(self, sig: Sig, order: str) -> int:
        return self.rules.skill(sig[0], order, self.carried_of(sig))

    def destroy_share(self, table: str, hit: str) -> float:
        """The share of d6 faces of a damage table that destroy a flyer outright."""
        key = (table, hit)
        got = self._destroy.get(key)
        if got is None:
            t = self.specs.rules.damage[table]
            faces = t.glancing if hit == "glancing" else t.penetrating
            fatal = {"destroyed"} | ({"immobilised"} if t.immobilised_flyer_destroyed else set())
            got = self._destroy[key] = sum(1 for f in faces if f in fatal) / 6
        return got

    def kill_chance(
        self, shooter: Sig, target_type: str, weapons: int, facing: str, all_glancing: bool
    ) -> float:
        """Chance that ``weapons`` of the shooter's best ``facing`` weapons destroy the target
        (Poisson approximation of the destroying results)."""
        if weapons <= 0:
            return 0.0
        key = (shooter, target_type, weapons, facing, all_glancing)
        got = self._kill.get(key)
        if got is None:
            got = self._kill[key] = self._kill_chance(
                shooter, target_type, weapons, facing, all_glancing
            )
        return got

    def _kill_chance(
        self, shooter: Sig, target_type: str, weapons: int, facing: str, all_glancing: bool
    ) -> float:
        specs = self.specs
        ftype, spent, lost = shooter
        spec, target = specs.flyers[ftype], specs.flyers[target_type]
        armour = target.armour.rear if facing == "front" else target.armour.front
        need = specs.rules.shooting.needed(spec.bs)
        p = max(0, 7 - need) / 6
        dg = self.destroy_share(target.damage_table, "glancing")
        dp = self.destroy_share(target.damage_table, "penetrating")
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

    def dogfight_value(
        self, attacker: Sig, a_order: str, ram: bool, defender: Sig, d_order: str, nth: int
    ) -> float:
        """Expected points won by the attacker's side (kills minus losses) in one dogfight."""
        key = (attacker, a_order, ram, defender, d_order, nth)
        got = self._value.get(key)
        if got is None:
            gain, loss = self.dogfight_outcome(attacker, a_order, ram, defender, d_order, nth)
            got = self._value[key] = gain - loss
        return got

    def dogfight_outcome(
        self, attacker: Sig, a_order: str, ram: bool, defender: Sig, d_order: str, nth: int
    ) -> tuple[float, float]:
        """Expected points of the defender destroyed and of the attacker destroyed in one
        dogfight (the winner's fire, the loser's retaliation, the ram)."""
        key = (attacker, a_order, ram, defender, d_order, nth)
        got = self._outcome.get(key)
        if got is None:
            got = self._outcome[key] = self._dogfight_outcome(*key)
        return got

    def _dogfight_outcome(
        self, attacker: Sig, a_order: str, ram: bool, defender: Sig, d_order: str, nth: int
    ) -> tuple[float, float]:
        specs = self.specs
        worth_a = float(specs.flyers[attacker[0]].points)
        worth_d = float(specs.flyers[defender[0]].points)
        adf, ddf = self.skill(attacker, a_order), self.skill(defender, d_order)
        table_a = specs.flyers[attacker[0]].damage_table
        table_d = specs.flyers[defender[0]].damage_table
        scatter = len(specs.rules.scatter.hit_faces) / 6
        back_a = self.kill_chance(defender, attacker[0], 1, "rear", False)  # retaliation on A
        back_d = self.kill_chance(attacker, defender[0], 1, "rear", False)  # retaliation on D
        gain = loss = 0.0
        for margin, prob in margin_distribution(adf, ddf, nth).items():
            p = float(prob)
            if margin > 0:
                k = 0.0
                if a_order in ("intercept", "escort") and not ram:
                    k = self.kill_chance(attacker, defender[0], margin, "front", True)
                gain += p * k * worth_d
                loss += p * (1 - k) * back_a * worth_a
                if ram:
                    alive = p * (1 - back_a) * scatter
                    gain += alive * self.destroy_share(table_d, "penetrating") * worth_d
                    loss += alive * self.destroy_share(table_a, "penetrating") * worth_a
            elif margin < 0:
                if d_order == "ground-support":
                    continue  # a Ground-support winner's result counts as a draw
                k = self.kill_chance(defender, attacker[0], -margin, "front", True)
                loss += p * k * worth_a
                gain += p * (1 - k) * back_d * worth_d
        return gain, loss

    def dogfight_kill(
        self, attacker: Sig, a_order: str, ram: bool, defender: Sig, d_order: str, nth: int
    ) -> float:
        """The chance that the attacker destroys the defender in one dogfight (its fire when
        it wins, or the ram)."""
        key = (attacker, a_order, ram, defender, d_order, nth)
        got = self._dogfight_kill.get(key)
        if got is None:
            got = self._dogfight_kill[key] = self._kill_in_dogfight(*key)
        return got

    def _kill_in_dogfight(
        self, attacker: Sig, a_order: str, ram: bool, defender: Sig, d_order: str, nth: int
    ) -> float:
        specs = self.specs
        adf, ddf = self.skill(attacker, a_order), self.skill(defender, d_order)
        table_d = specs.flyers[defender[0]].damage_table
        scatter = len(specs.rules.scatter.hit_faces) / 6
        back_a = self.kill_chance(defender, attacker[0], 1, "rear", False)
        chance = 0.0
        for margin, prob in margin_distribution(adf, ddf, nth).items():
            if margin <= 0:
                continue
            if ram:
                chance += (
                    float(prob)
                    * (1 - back_a)
                    * scatter
                    * self.destroy_share(table_d, "penetrating")
                )
            elif a_order in ("intercept", "escort"):
                chance += float(prob) * self.kill_chance(
                    attacker, defender[0], margin, "front", True
                )
        return chance
