"""A rules-based bot for Dogfight 40,000 that weighs its choices with expected values built
on the exact (cached) dogfight odds of :mod:`aerodrome_df40k.odds` (see
:mod:`aerodrome_df40k.estimate`). It decides from its observation only: enemy orders are
unknown until the reveal, so it assumes that enemy flyers carrying bombs go for the ground
and the others intercept.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from aerodrome.agents import Agent, PlayerView
from aerodrome.data import Action
from aerodrome_df40k.estimate import Sig, carried_of, dogfight_value, kill_chance
from aerodrome_df40k.odds import gargoyle_shift
from aerodrome_df40k.specs import Specs
from aerodrome_df40k.state import (
    ChooseTarget,
    CommitGargoyles,
    Df40kView,
    FlyerView,
    GiveOrder,
    GiveOrders,
)

if TYPE_CHECKING:
    from aerodrome.ruleset import Ruleset

#: Worth of a ground-support attack run, in flyer points (it also breaks tied battles).
RUN_VALUE = 15.0
#: Extra worth of a run that drops bombs.
BOMB_VALUE = 15.0
#: Worth of one Gargoyle kept in reserve, in flyer points.
GARGOYLE_VALUE = 6.0
#: How likely an enemy fighter is taken to intercept (its orders are secret); half that for
#: a flyer carrying bombs.
INTERCEPT_BELIEF = 0.5

#: Situations (specs, enemy and own flyers at the start of an orders step) -> a small int.
_CONTEXTS: dict[tuple[object, ...], int] = {}
#: Per offered combinations of orders: (them, each flyer's options, them as a set, memo).
_SETS: dict[
    int,
    tuple[tuple[Action, ...], tuple[tuple[Action, ...], ...], set[Action], dict[object, Action]],
] = {}
#: Orders chosen, per legal-actions tuple, by everything the choice depends on.
_ORDERS: dict[int, tuple[tuple[Action, ...], dict[tuple[object, ...], Action]]] = {}


def sig(f: FlyerView) -> Sig:
    return (f.type, f.spent, f.lost)


class Df40kBot:
    """Orders and targets by expected flyer points; Gargoyles when they pay for themselves."""

    def __init__(self, specs: Specs, hook: Any, player: int, seed: int) -> None:
        self.specs = specs
        self.hook = hook
        self.player = player
        self.seed = seed
        self._rng: random.Random | None = None  # made on first use (seeding costs time)
        self._turn = -1
        self._orders_round = -1
        self._context = -1
        self._orders_obs: Df40kView | None = None
        self._foes: tuple[tuple[Sig, str], ...] = ()
        self._mine: tuple[tuple[str, Sig], ...] = ()

    # -- helpers -------------------------------------------------------------------------
    def bomber(self, s: Sig) -> bool:
        return any(k in ("bomb", "big-bomb") for k in carried_of(self.specs, s))

    def likely_order(self, f: FlyerView) -> str:
        """The order if known (revealed), else ``"secret"``."""
        return f.order if f.order is not None else "secret"

    def value(self, a: Sig, a_order: str, ram: bool, d: Sig, d_order: str, nth: int = 1) -> float:
        return dogfight_value(self.specs, self.hook, a, a_order, ram, d, d_order, nth)

    # -- decisions -----------------------------------------------------------------------
    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        first = legal[0]
        if isinstance(first, GiveOrder | GiveOrders):
            # nothing the bot looks at changes while orders are being given: the first
            # observation of the orders step serves for all of its flyers
            if self._orders_obs is None or self._orders_round != view.round:
                self._orders_round = view.round
                obs = view.observation()
                assert isinstance(obs, Df40kView)
                self._orders_obs = obs
            if isinstance(first, GiveOrders):
                return self.order_set(self._orders_obs, legal)
            return self.order(self._orders_obs, legal)
        obs = view.observation()
        assert isinstance(obs, Df40kView)
        if isinstance(first, ChooseTarget):
            return self.target(obs, legal)
        if isinstance(first, CommitGargoyles):
            return self.gargoyles(obs, legal)
        if self._rng is None:
            self._rng = random.Random(self.seed)
        return legal[self._rng.randrange(len(legal))]

    def order(self, obs: Df40kView, legal: Sequence[Action]) -> Action:
        """The order of the best expected value, memoised on everything it depends on."""
        me = next(f for f in obs.flyers if f.id == legal[0].flyer)  # type: ignore[attr-defined]
        if self._turn != obs.turn:  # nothing below changes during the orders step
            self._turn = obs.turn
            self._foes = tuple(
                (sig(f), self.likely_order(f))
                for f in obs.flyers
                if f.alive and f.player != self.player
            )
            self._mine = tuple(
                (f.id, sig(f)) for f in obs.flyers if f.alive and f.player == self.player
            )
            context = (id(self.specs), self._foes, self._mine)
            if len(_CONTEXTS) > 50_000:
                _CONTEXTS.clear()
                _ORDERS.clear()
            self._context = _CONTEXTS.setdefault(context, len(_CONTEXTS))
        # a flyer that has disengaged every turn so far risks counting as destroyed
        last = obs.turns - obs.turn if me.disengaged == me.orders_given else -1
        options = legal if isinstance(legal, tuple) else tuple(legal)
        # the ruleset hands out one tuple object per situation; the memo keeps it alive,
        # so its id cannot be reused meanwhile
        entry = _ORDERS.get(id(options))
        if entry is None or entry[0] is not options:
            if len(_ORDERS) > 50_000:
                _ORDERS.clear()
            entry = _ORDERS[id(options)] = (options, {})
        mine = sig(me)
        key = (self._context, mine, last)
        got = entry[1].get(key)
        if got is None:
            got = entry[1][key] = self._best_order(mine, options, last)
        return got

    def order_set(self, obs: Df40kView, legal: Sequence[Action]) -> Action:
        """The best order of each flyer, made consistent (an escort's ward on Ground
        support), among the offered combinations."""
        options = legal if isinstance(legal, tuple) else tuple(legal)
        entry = _SETS.get(id(options))
        if entry is None or entry[0] is not options:
            if len(_SETS) > 50_000:
                _SETS.clear()
            per_flyer: list[tuple[Action, ...]] = []
            first = options[0]
            assert isinstance(first, GiveOrders)
            for i in range(len(first.orders)):
                seen: dict[GiveOrder, None] = {}
                for combo in options:
                    assert isinstance(combo, GiveOrders)
                    seen.setdefault(combo.orders[i])
                per_flyer.append(tuple(seen))
            entry = _SETS[id(options)] = (options, tuple(per_flyer), set(options), {})
        _, per_flyer_options, offered, memo = entry
        flyers = {f.id: f for f in obs.flyers}
        mine = tuple(
            flyers[o[0].flyer]  # type: ignore[attr-defined]
            for o in per_flyer_options
        )
        self.order(obs, per_flyer_options[0])  # sets the turn's context
        key = (self._context, tuple((sig(f), f.disengaged == f.orders_given) for f in mine), obs.turn)
        got = memo.get(key)
        if got is not None:
            return got
        chosen: list[GiveOrder] = []
        for flyer_options in per_flyer_options:
            pick = self.order(obs, flyer_options)
            assert isinstance(pick, GiveOrder)
            chosen.append(pick)
        wards = {o.escort for o in chosen if o.order == "escort"}
        chosen = [
            GiveOrder(flyer=o.flyer, order="ground-support") if o.flyer in wards else o
            for o in chosen
        ]
        answer: Action = GiveOrders(orders=tuple(chosen))
        if answer not in offered:
            answer = options[0]  # cannot happen: the combinations are all consistent ones
        memo[key] = answer
        return answer

    def _best_order(self, me: Sig, legal: tuple[Action, ...], last: int) -> Action:
        # enemy orders are secret: a flyer carrying bombs is taken to go for the ground three
        # times in four, any other to intercept or go for the ground equally often
        beliefs = []
        for foe, likely in self._foes:
            if likely == "disengage":
                continue
            if likely in ("intercept", "ground-support", "escort"):
                p_int = 1.0 if likely == "intercept" else 0.0
            else:
                p_int = INTERCEPT_BELIEF * (0.5 if self.bomber(foe) else 1.0)
            beliefs.append((foe, p_int))
        share = 1.0 / max(1, len(self._mine))  # chance an interceptor picks this flyer

        def exposure(s: Sig, order: str) -> float:
            return -sum(share * p * self.value(e, "intercept", False, s, order) for e, p in beliefs)

        def attack(ram: bool) -> float:
            best = 0.0
            for foe, p_int in beliefs:
                v = p_int * self.value(me, "intercept", ram, foe, "intercept") + (
                    1 - p_int
                ) * self.value(me, "intercept", ram, foe, "ground-support")
                best = max(best, v)
            return best

        interceptors = [e for e, p in beliefs if p > 0]
        attack_value = {False: attack(False), True: attack(True)}
        run = RUN_VALUE + (BOMB_VALUE if self.bomber(me) else 0.0)
        wards = dict(self._mine)
        best_i, best_v = 0, -1e18
        for i, a in enumerate(legal):
            assert isinstance(a, GiveOrder)
            if a.order == "intercept":
                v = attack_value[a.ram] + exposure(me, "intercept")
            elif a.order == "ground-support":
                v = run + exposure(me, "ground-support")
            elif a.order == "escort":
                ward = wards.get(a.escort)
                if ward is None or not interceptors:
                    v = -1e6
                else:  # takes the ward's first interceptor in its place
                    saved = -exposure(ward, "ground-support")
                    v = 2 * exposure(me, "escort") + saved
            else:  # Disengage: safe, but no run; ever more costly if never anything else
                worth = float(self.specs.flyers[me[0]].points)
                v = -RUN_VALUE - 1.0 * len(a.eject) - (worth / (1 + last) if last >= 0 else 0.0)
            if v > best_v:
                best_i, best_v = i, v
        return legal[best_i]

    def target(self, obs: Df40kView, legal: Sequence[Action]) -> Action:
        """The target of the best expected value, with the real orders, the escort that
        would take the Intercept and the defender's attackers so far."""
        by_id = {f.id: f for f in obs.flyers}
        me = by_id[legal[0].flyer]  # type: ignore[attr-defined]
        best_i, best_v = 0, -1e18
        for i, a in enumerate(legal):
            assert isinstance(a, ChooseTarget)
            t = by_id[a.target]
            defender = t
            if t.order == "ground-support":
                for g in obs.flyers:
                    if g.alive and g.order == "escort" and g.escort == t.id and g.attacked == 0:
                        defender = g
                        break
            v = self.value(
                sig(me), "intercept", me.ram, sig(defender), defender.order or "intercept",
                defender.attacked + 1,
            )
            if v > best_v:
                best_i, best_v = i, v
        return legal[best_i]

    def gargoyles(self, obs: Df40kView, legal: Sequence[Action]) -> Action:
        """Commit the number of Gargoyles that saves the most flyer points net of their worth."""
        fight = obs.fight
        if fight is None:
            return legal[0]
        by_id = {f.id: f for f in obs.flyers}
        lost_as_attacker = fight.margin < 0
        me = by_id[fight.attacker if lost_as_attacker else fight.defender]
        foe = by_id[fight.defender if lost_as_attacker else fight.attacker]
        specs = self.specs
        worth_me = float(specs.flyers[me.type].points)
        worth_foe = float(specs.flyers[foe.type].points)
        need = abs(fight.margin)
        foe_fires = foe.order in ("intercept", "escort") and not (foe.ram and not lost_as_attacker)
        me_fires = me.order in ("intercept", "escort")
        success = specs.rules.dogfight.gargoyles.success
        best_i, best_v = 0, -1e18
        for i, a in enumerate(legal):
            assert isinstance(a, CommitGargoyles)
            v = -GARGOYLE_VALUE * a.count
            for shift, prob in gargoyle_shift(a.count, success).items():
                left = need - shift  # > 0: still lost by that much
                if left > 0 and foe_fires:
                    v -= float(prob) * kill_chance(specs, sig(foe), me.type, left, "front", True) * worth_me
                elif left < 0 and me_fires:
                    v += float(prob) * kill_chance(specs, sig(me), foe.type, -left, "front", True) * worth_foe
            if v > best_v:
                best_i, best_v = i, v
        return legal[best_i]


def bot_factory(ruleset: Ruleset[Any], player: int, seed: int) -> Agent:
    specs = getattr(ruleset, "specs", None)
    if not isinstance(specs, Specs):
        from aerodrome_df40k.specs import builtin

        specs = builtin()
    return Df40kBot(specs, ruleset.hook, player, seed)
