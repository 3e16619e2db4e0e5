"""The rules one df40k ruleset instance plays by: its specs and the variant hooks its rule
code calls (:mod:`aerodrome_df40k.hookspecs`), looked up once when the ruleset is built,
with the caches that depend on both, keyed by values.

A variant plugin changes one rule through a hook; a rule whose hook nobody implements pays
nothing for it (its caller is ``None``). Clause ids in brackets.
"""

from __future__ import annotations

from aerodrome.api import PluginError, RuleHooks
from aerodrome_df40k.hooks import Variants
from aerodrome_df40k.specs import Specs
from aerodrome_df40k.state import FlyerState

#: What a flyer's Dogfight skill depends on: its type, its order, the ordnance it carries.
SkillKey = tuple[str, str, tuple[str, ...]]
#: What a ranking of weapons depends on: shooter type, usable slots, target type, facing.
RankKey = tuple[str, tuple[int, ...], str, str]


class Rules:
    """The specs and the variant hooks of one ruleset instance (see the module)."""

    __slots__ = ("_ranked", "_skill", "damage_result", "dogfight_modifiers", "next_player", "specs")

    def __init__(self, specs: Specs, hooks: RuleHooks | None = None) -> None:
        variants = Variants(hooks)
        self.specs = specs
        self.dogfight_modifiers = variants.dogfight_modifiers
        self.damage_result = variants.damage_result
        self.next_player = variants.next_player
        self._skill: dict[SkillKey, int] = {}
        self._ranked: dict[RankKey, tuple[int, ...]] = {}

    # -- Dogfight skill ------------------------------------------------------------------
    def carried(self, f: FlyerState) -> tuple[str, ...]:
        """Kinds of one-shot ordnance ``f`` still carries (each gives its DF modifier once)."""
        return self.specs.carried(f.type, tuple(f.spent), tuple(f.lost))

    def dogfight_skill(self, f: FlyerState) -> int:
        """DF of flyer ``f`` on its current order (see :meth:`skill`)."""
        return self.skill(f.type, f.order, self.carried(f))

    def skill(self, ftype: str, order: str, carried: tuple[str, ...]) -> int:
        """DF = BS + Initiative + modifiers [df40k.dogfight.2]; Ork Waaagh doubles Initiative
        on Intercept or Escort [df40k.racial.1]; modifiers by order and ordnance carried
        [df40k.dogfight.3], or as a variant's ``aerodrome_df40k_dogfight_modifiers`` says
        (asked every time: a variant may keep state; the rulebook's values are cached)."""
        if self.dogfight_modifiers is not None:
            return self._skill_of(ftype, order, carried)
        key = (ftype, order, carried)
        got = self._skill.get(key)
        if got is None:
            got = self._skill[key] = self._skill_of(ftype, order, carried)
        return got

    def _skill_of(self, ftype: str, order: str, carried: tuple[str, ...]) -> int:
        spec = self.specs.flyers[ftype]
        rules = self.specs.rules.dogfight
        initiative = spec.initiative
        if spec.race == rules.waaagh.race and order in rules.waaagh.orders:
            initiative *= rules.waaagh.initiative_multiplier
        mods = None
        if self.dogfight_modifiers is not None:
            mods = self.dogfight_modifiers(flyer=spec, order=order, carried=carried)
        if mods is None:
            mods = rules.orders.of(order) + sum(rules.carried.of(k) for k in carried)
        return spec.bs + initiative + int(mods)

    # -- whose turn it is ----------------------------------------------------------------
    def next_player_turn(self, player: int, turn: int) -> int:
        """Whose turn it is in the next game turn: the other player's, alternating by game
        turn as the players' turns of the 40K battle do [df40k.frame.5, df40k.resolution.1];
        a variant may change it through ``aerodrome_df40k_next_player_turn``."""
        if self.next_player is not None:
            got = self.next_player(player=player, turn=turn)
            if got is not None:
                if got not in (0, 1):
                    raise PluginError(
                        f"aerodrome_df40k_next_player_turn returned {got!r}, not a player (0 or 1)"
                    )
                return int(got)
        return 1 - player

    # -- the weapons a winner fires ------------------------------------------------------
    def ranked(
        self, shooter: str, slots: tuple[int, ...], target: str, facing: str
    ) -> tuple[int, ...]:
        """The usable ``slots`` of ``facing`` of a ``shooter`` type, best first against a
        ``target`` type: the most expected hits that glance or penetrate; guns before
        one-shot ordnance on equal odds, then roster order (stand-in for the owner's
        choice, df40k.victory.6)."""
        key = (shooter, slots, target, facing)
        got = self._ranked.get(key)
        if got is None:
            got = self._ranked[key] = self._rank(shooter, slots, target, facing)
        return got

    def _rank(
        self, shooter: str, slots: tuple[int, ...], target: str, facing: str
    ) -> tuple[int, ...]:
        specs = self.specs
        spec, tspec = specs.flyers[shooter], specs.flyers[target]
        armour = tspec.armour.rear if facing == "front" else tspec.armour.front
        need = specs.rules.shooting.needed(spec.bs)
        scored = []
        for slot in slots:
            mount = specs.mounts[shooter][slot]
            if mount.facing != facing:
                continue
            w = specs.weapons[mount.weapon]
            score = w.shots * p_hit(need, mount.twin_linked) * p_effect(w.strength, armour)
            scored.append((-score, w.one_shot, slot))
        scored.sort()
        return tuple(slot for _, _, slot in scored)


def p_hit(need: int, twin: bool) -> float:
    """The chance that one shot needing ``need`` on a d6 hits (twin-linked: re-rolled)."""
    p = max(0, 7 - need) / 6
    return 1 - (1 - p) ** 2 if twin else p


def p_effect(strength: int, armour: int) -> float:
    """The chance that a hit of ``strength`` glances or penetrates ``armour`` (d6 + S)."""
    return max(0, min(6, 7 - (armour - strength))) / 6
