"""A rules-based bot for Dogfight 40,000 that weighs its orders with the exact (cached)
dogfight odds of :mod:`aerodrome_df40k.odds`. It decides from its observation only: enemy
orders are unknown until the reveal, so it assumes enemy bombers bomb and fighters fight.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from aerodrome.agents import Agent, PlayerView
from aerodrome.data import Action

from aerodrome_df40k.combat import skill
from aerodrome_df40k.odds import expected_margin_if_won, p_shift_at_least, win_loss
from aerodrome_df40k.specs import EJECTABLE, Specs
from aerodrome_df40k.state import ChooseTarget, CommitGargoyles, Df40kView, FlyerView, GiveOrder

if TYPE_CHECKING:
    from aerodrome.ruleset import Ruleset

#: Worth of a ground-support attack run, in the points of a flyer (bombs double it).
RUN_VALUE = 40.0
#: Share of a flyer's worth one winning point of margin is worth (weapons fired).
PER_POINT = 0.2


class Df40kBot:
    """Orders by expected value; targets by win odds times worth; Gargoyles by need."""

    def __init__(self, specs: Specs, hook: Any, player: int, seed: int) -> None:
        self.specs = specs
        self.hook = hook
        self.player = player
        self.rng = random.Random(seed)
        self._skill: dict[tuple[str, str, tuple[str, ...]], int] = {}

    # -- helpers -------------------------------------------------------------------------
    def carried(self, f: FlyerView) -> tuple[str, ...]:
        specs = self.specs
        kinds = {
            specs.weapons[m.weapon].kind
            for s, m in enumerate(specs.mounts[f.type])
            if s not in f.spent and s not in f.lost
        }
        return tuple(k for k in EJECTABLE if k in kinds)

    def df(self, f: FlyerView, order: str) -> int:
        key = (f.type, order, self.carried(f))
        got = self._skill.get(key)
        if got is None:
            got = self._skill[key] = skill(self.specs, key[0], order, key[2], self.hook)
        return got

    def worth(self, f: FlyerView) -> float:
        return float(self.specs.flyers[f.type].points)

    def guns(self, f: FlyerView, facing: str) -> int:
        return sum(
            1
            for s, m in enumerate(self.specs.mounts[f.type])
            if m.facing == facing and s not in f.lost and s not in f.spent
        )

    def bomber(self, f: FlyerView) -> bool:
        return any(k in ("bomb", "big-bomb") for k in self.carried(f))

    def likely_order(self, f: FlyerView) -> str:
        if f.order is not None:
            return f.order
        return "ground-support" if self.bomber(f) else "intercept"

    # -- decisions -----------------------------------------------------------------------
    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        obs = view.observation()
        assert isinstance(obs, Df40kView)
        first = legal[0]
        if isinstance(first, GiveOrder):
            return self.order(obs, legal)
        if isinstance(first, ChooseTarget):
            return self.target(obs, legal)
        if isinstance(first, CommitGargoyles):
            return self.gargoyles(obs, legal)
        return legal[self.rng.randrange(len(legal))]

    def order(self, obs: Df40kView, legal: Sequence[Action]) -> Action:
        me = next(f for f in obs.flyers if f.id == legal[0].flyer)  # type: ignore[attr-defined]
        foes = [f for f in obs.flyers if f.alive and f.player != self.player]
        own_value = self.worth(me)
        last_turn = obs.turn >= obs.turns
        best: tuple[float, int] = (-1e9, 0)
        for i, a in enumerate(legal):
            assert isinstance(a, GiveOrder)
            value = self.value(obs, me, a, foes, own_value)
            if a.order == "disengage" and last_turn and me.disengaged == me.orders_given:
                value -= own_value  # would count as destroyed [df40k.resolution.4]
            if value > best[0]:
                best = (value, i)
        return legal[best[1]]

    def value(
        self, obs: Df40kView, me: FlyerView, a: GiveOrder, foes: list[FlyerView], own: float
    ) -> float:
        threat = sum(1 for f in foes if self.likely_order(f) == "intercept")
        if a.order == "intercept":
            front = self.guns(me, "front")
            mine = self.df(me, "intercept")
            best = -own
            for t in foes:
                w, _, lose = win_loss(mine, self.df(t, self.likely_order(t)), 1)
                gain = w * PER_POINT * min(front, expected_margin_if_won(mine, self.df(t, self.likely_order(t)), 1)) * self.worth(t)
                best = max(best, gain - lose * PER_POINT * own * 0.5)
            if a.ram:
                best = best * 0.5 if front else best + 0.2 * own * 0.33
            return best
        if a.order == "ground-support":
            run = RUN_VALUE * (2 if self.bomber(me) else 1)
            mine = self.df(me, "ground-support")
            risk = 0.0
            for f in foes:
                if self.likely_order(f) == "intercept":
                    _, _, lose = win_loss(self.df(f, "intercept"), mine, 1)
                    risk += (1 - lose) * PER_POINT * own
            return run - risk / max(1, len(foes)) * min(threat, 2)
        if a.order == "escort":
            ward = next((f for f in obs.flyers if f.id == a.escort), None)
            if ward is None or not self.bomber(ward) or not threat:
                return -own * 0.1
            mine = self.df(me, "escort")
            ward_df = self.df(ward, "ground-support")
            gain = 0.0
            for f in foes:
                if self.likely_order(f) == "intercept":
                    atk = self.df(f, "intercept")
                    _, _, ward_wins = win_loss(atk, ward_df, 1)
                    _, _, escort_wins = win_loss(atk, mine, 1)
                    gain = max(gain, (escort_wins - ward_wins) * self.worth(ward) * PER_POINT * 2)
            return RUN_VALUE * 0.5 + gain
        # disengage: safe but idle; worth it only for a crippled or harried flyer
        crippled = self.guns(me, "front") == 0 and not self.bomber(me)
        eject_cost = 5.0 * len(a.eject)
        return (own * 0.1 if crippled else -own * 0.05) - eject_cost

    def target(self, obs: Df40kView, legal: Sequence[Action]) -> Action:
        me = next(f for f in obs.flyers if f.id == legal[0].flyer)  # type: ignore[attr-defined]
        mine = self.df(me, "intercept")
        by_id = {f.id: f for f in obs.flyers}
        best: tuple[float, int] = (-1e9, 0)
        for i, a in enumerate(legal):
            assert isinstance(a, ChooseTarget)
            t = by_id[a.target]
            defender = t
            if t.order == "ground-support":  # an escort takes the first Intercept
                for g in obs.flyers:
                    if g.alive and g.order == "escort" and g.escort == t.id and g.attacked == 0:
                        defender = g
                        break
            ddf = self.df(defender, defender.order or "intercept")
            n = defender.attacked + 1
            w, _, lose = win_loss(mine, ddf, n)
            worth = self.worth(defender) * (1.5 if defender.order == "ground-support" else 1.0)
            score = w * worth - lose * 0.3 * self.worth(me)
            if score > best[0]:
                best = (score, i)
        return legal[best[1]]

    def gargoyles(self, obs: Df40kView, legal: Sequence[Action]) -> Action:
        fight = obs.fight
        if fight is None:
            return legal[0]
        need = abs(fight.margin)  # points to reach a draw
        success = self.specs.rules.dogfight.gargoyles.success
        for a in legal:
            assert isinstance(a, CommitGargoyles)
            if a.count and p_shift_at_least(a.count, need, success) >= 0.6:
                return a
        return legal[0]


def bot_factory(ruleset: Ruleset[Any], player: int, seed: int) -> Agent:
    specs = getattr(ruleset, "specs", None)
    if not isinstance(specs, Specs):
        from aerodrome_df40k.specs import builtin

        specs = builtin()
    return Df40kBot(specs, ruleset.hook, player, seed)
