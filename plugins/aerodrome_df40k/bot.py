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


#: Orders chosen, by everything the choice depends on (the bot is deterministic).
_ORDERS: dict[int, tuple[tuple[Action, ...], dict[tuple[object, ...], Action]]] = {}


class Df40kBot:
    """Orders by expected value; targets by win odds times worth; Gargoyles by need."""

    def __init__(self, specs: Specs, hook: Any, player: int, seed: int) -> None:
        self.specs = specs
        self.hook = hook
        self.player = player
        self.rng = random.Random(seed)
        self._skill: dict[tuple[str, str, tuple[str, ...]], int] = {}
        self._turn = -1
        self._foes: tuple[tuple[str, int, float], ...] = ()
        self._wards: tuple[tuple[str, int, float], ...] = ()
        self._carried: dict[tuple[str, tuple[int, ...], tuple[int, ...]], tuple[str, ...]] = {}

    # -- helpers -------------------------------------------------------------------------
    def carried(self, f: FlyerView) -> tuple[str, ...]:
        key = (f.type, f.spent, f.lost)
        got = self._carried.get(key)
        if got is None:
            specs = self.specs
            kinds = {
                specs.weapons[m.weapon].kind
                for s, m in enumerate(specs.mounts[f.type])
                if s not in f.spent and s not in f.lost
            }
            got = self._carried[key] = tuple(k for k in EJECTABLE if k in kinds)
        return got

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
        """The order of the best expected value (crude worths, exact odds), memoised on
        everything it depends on."""
        me = next(f for f in obs.flyers if f.id == legal[0].flyer)  # type: ignore[attr-defined]
        if self._turn != obs.turn:  # nothing below changes during the orders step
            self._turn = obs.turn
            foes = []
            for f in obs.flyers:
                if f.alive and f.player != self.player:
                    likely = self.likely_order(f)
                    foes.append((likely, self.df(f, likely), self.worth(f)))
            self._foes = tuple(foes)
            self._wards = tuple(
                (f.id, self.df(f, "ground-support"), self.worth(f))
                for f in obs.flyers
                if f.player == self.player and f.alive and self.bomber(f)
            )
        last = obs.turn >= obs.turns and me.disengaged == me.orders_given
        options = legal if isinstance(legal, tuple) else tuple(legal)
        # memo per legal-actions tuple (the ruleset hands out the same tuple object for the
        # same situation; the memo keeps it alive, so its id cannot be reused meanwhile)
        entry = _ORDERS.get(id(options))
        if entry is None or entry[0] is not options:
            if len(_ORDERS) > 50_000:
                _ORDERS.clear()
            entry = _ORDERS[id(options)] = (options, {})
        memo = entry[1]
        key = (id(self.specs), me.type, me.spent, me.lost, last, self._foes, self._wards)
        got = memo.get(key)
        if got is None:
            got = memo[key] = self._best_order(me, options, last)
        return got

    def _best_order(self, me: FlyerView, legal: tuple[Action, ...], last: bool) -> Action:
        own = self.worth(me)
        foes = self._foes
        interceptors = [df for likely, df, _ in foes if likely == "intercept"]
        front = self.guns(me, "front")
        bomber = self.bomber(me)
        # Intercept: the best target's win odds times the weapons a win fires
        mine = self.df(me, "intercept")
        best = -own
        for _, ddf, worth in foes:
            w, _, lose = win_loss(mine, ddf, 1)
            fired = min(front, expected_margin_if_won(mine, ddf, 1))
            best = max(best, w * PER_POINT * fired * worth - lose * PER_POINT * own * 0.5)
        intercept = best
        ram = best * 0.5 if front else best + 0.066 * own
        # Ground support: an attack run, less the risk of losing to interceptors
        gs = self.df(me, "ground-support")
        risk = 0.0
        for adf in interceptors[:2]:
            _, _, lose = win_loss(adf, gs, 1)
            risk += (1 - lose) * PER_POINT * own
        ground = RUN_VALUE * (2 if bomber else 1) - risk
        # Escort: worth it for a bomber under threat
        esc = self.df(me, "escort")
        escort_value: dict[str, float] = {}
        for wid, ward_df, worth in self._wards:
            if wid == me.id:
                continue
            gain = 0.0
            for adf in interceptors:
                _, _, ward_wins = win_loss(adf, ward_df, 1)
                _, _, escort_wins = win_loss(adf, esc, 1)
                gain = max(gain, (escort_wins - ward_wins) * worth * PER_POINT * 2)
            escort_value[wid] = RUN_VALUE * 0.5 + gain if interceptors else -own * 0.1
        # Disengage: safe but idle; for a crippled flyer
        crippled = front == 0 and not bomber
        disengage = own * 0.1 if crippled else -own * 0.05
        if last:
            disengage -= own  # would count as destroyed [df40k.resolution.4]
        best_i, best_v = 0, -1e18
        for i, a in enumerate(legal):
            assert isinstance(a, GiveOrder)
            if a.order == "intercept":
                v = ram if a.ram else intercept
            elif a.order == "escort":
                v = escort_value.get(a.escort, -own * 0.1)
            elif a.order == "disengage":
                v = disengage - 5.0 * len(a.eject)
            else:
                v = ground
            if v > best_v:
                best_i, best_v = i, v
        return legal[best_i]

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
