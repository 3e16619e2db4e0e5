"""A rules-based bot for Dogfight 40,000 that weighs its choices with expected values built
on the exact (cached) dogfight odds of :mod:`aerodrome_df40k.odds` (see
:mod:`aerodrome_df40k.estimate`). It decides from its observation only: enemy orders are
unknown until the reveal, so it weighs its orders against a belief about them and picks
the best consistent set of orders for its whole force (:mod:`aerodrome_df40k.planning`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from aerodrome.api import Action, Agent, PlayerView
from aerodrome_df40k.estimate import Estimates, Sig
from aerodrome_df40k.odds import gargoyle_shift
from aerodrome_df40k.orders import orders_for
from aerodrome_df40k.planning import Choice, OrderValues, beliefs, best_set, plan, risk
from aerodrome_df40k.state import ChooseTarget, CommitGargoyles, GiveOrder, GiveOrders
from aerodrome_df40k.view import Df40kView, FlyerView

if TYPE_CHECKING:
    from aerodrome.api import Ruleset
    from aerodrome_df40k.ruleset import Df40k

#: Worth of one Gargoyle kept in reserve, in flyer points.
GARGOYLE_VALUE = 6.0
#: Memos are emptied when they grow past this many entries.
MEMO_SIZE = 50_000

#: The offered combinations of orders seen apart: each flyer's options, each combination
#: as option indices, and the combination chosen (its index) by situation and own flyers.
Split = tuple[tuple[tuple[GiveOrder, ...], ...], tuple[tuple[int, ...], ...], dict[object, int]]


class Memory:
    """What the bots of one ruleset instance have worked out, keyed by values and shared by
    all its battles (:meth:`aerodrome_df40k.ruleset.Df40k.memory`): the exact dogfight
    values under its rules (variant hooks included) and the bots' situations and choices."""

    def __init__(self, ruleset: Df40k) -> None:
        self.estimates = Estimates(ruleset.rules)
        #: situations (enemy and own flyers at the start of an orders step) -> their values
        self.contexts: dict[tuple[object, ...], tuple[int, OrderValues]] = {}
        #: the worth of an order, by (situation, flyer, order, turns left when never engaged)
        self.worth: dict[tuple[int, Sig, GiveOrder, int], float] = {}
        #: offered combinations of orders seen apart, with the choices made (:data:`Split`)
        self.splits: dict[tuple[Action, ...], Split] = {}
        #: plans of orders given flyer by flyer, by situation and own flyers
        self.plans: dict[tuple[object, ...], dict[str, GiveOrder]] = {}

    def trim(self) -> None:
        """Empty the memos once they grow past :data:`MEMO_SIZE` situations."""
        if len(self.contexts) > MEMO_SIZE:
            for memo in (self.contexts, self.worth, self.splits, self.plans):
                memo.clear()


def sig(f: FlyerView) -> Sig:
    return (f.type, f.spent, f.lost)


def _last(obs: Df40kView, f: FlyerView) -> int:
    """Turns left when ``f`` has Disengaged every turn so far (it risks counting as
    destroyed, df40k.resolution.6), else -1."""
    return obs.turns - obs.turn if f.disengaged == f.orders_given else -1


class Df40kBot:
    """Orders and targets by expected flyer points; Gargoyles when they pay for themselves."""

    def __init__(self, memory: Memory, player: int, seed: int) -> None:
        self.memory = memory
        self.estimates = memory.estimates
        self.specs = memory.estimates.specs
        self.player = player
        self.seed = seed
        self._rng: random.Random | None = None  # made on first use (seeding costs time)
        self._orders_round = -1
        self._orders_obs: Df40kView | None = None
        self._context = -1
        self._values: OrderValues | None = None

    def value(self, a: Sig, a_order: str, ram: bool, d: Sig, d_order: str, nth: int = 1) -> float:
        return self.estimates.dogfight_value(a, a_order, ram, d, d_order, nth)

    # -- decisions -----------------------------------------------------------------------
    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        first = legal[0]
        if isinstance(first, GiveOrder | GiveOrders):
            # nothing the bot looks at changes while orders are being given: the first
            # observation of the orders step serves for all of its flyers
            if self._orders_obs is None or self._orders_round != view.turn.round:
                self._orders_round = view.turn.round
                obs = view.observation()
                assert isinstance(obs, Df40kView)
                self._orders_obs = obs
                self._situation(obs)
            if len(legal) == 1:
                return first
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

    def rank(self, view: PlayerView, legal: Sequence[Action]) -> list[tuple[Action, float]]:
        """The legal actions by the expected flyer points :meth:`choose` weighs them with,
        best first; the first is its choice (for orders given flyer by flyer, the order the
        force's plan gives the flyer; the others by their worth alone)."""
        chosen = self.choose(view, legal)
        if len(legal) == 1:
            return [(chosen, 0.0)]
        first = legal[0]
        obs = view.observation()
        assert isinstance(obs, Df40kView)
        value: dict[Action, float] = {}
        if isinstance(first, GiveOrders):
            options = legal if isinstance(legal, tuple) else tuple(legal)
            per_flyer_options, combo_index, _ = self.memory.splits[options]
            flyers = {f.id: f for f in obs.flyers}
            mine = [flyers[opts[0].flyer] for opts in per_flyer_options]
            assert self._values is not None
            force = [
                (sig(f), opts, [self.worth(sig(f), o, _last(obs, f)) for o in opts])
                for f, opts in zip(mine, per_flyer_options, strict=True)
            ]
            value = {
                a: self._values.total(force, c) for a, c in zip(options, combo_index, strict=True)
            }
        elif isinstance(first, GiveOrder) and self._values is not None:
            by_id = {f.id: f for f in obs.flyers}
            me = by_id[first.flyer]
            value = {a: self.worth(sig(me), a, _last(obs, me)) for a in legal}  # type: ignore[arg-type]
        elif isinstance(first, ChooseTarget):
            value = {a: self._target_value(obs, a) for a in legal}  # type: ignore[arg-type]
        elif isinstance(first, CommitGargoyles) and obs.fight is not None:
            value = {a: self._gargoyle_value(obs, a) for a in legal}  # type: ignore[arg-type]
        rest = sorted((a for a in legal if a != chosen), key=lambda a: -value.get(a, 0.0))
        top = max(value.values(), default=0.0)
        return [(chosen, value.get(chosen, top)), *((a, value.get(a, 0.0)) for a in rest)]

    def _situation(self, obs: Df40kView) -> None:
        """The situation of this orders step: enemy flyers (and their orders once known)
        and own flyers; the same situation in another battle shares its memos."""
        foes = tuple(
            (sig(f), f.order if f.order is not None else "secret")
            for f in obs.flyers
            if f.alive and f.player != self.player
        )
        mine = tuple((f.id, sig(f)) for f in obs.flyers if f.alive and f.player == self.player)
        runs, kills = obs.ground_runs, obs.kills
        lead = max(-1, min(3, runs[self.player] - runs[1 - self.player]))
        behind = max(-2, min(2, kills[1 - self.player] - kills[self.player]))
        weight = risk(behind, obs.turns - obs.turn)
        key = (foes, mine, lead, weight)
        memory = self.memory
        got = memory.contexts.get(key)
        if got is None:
            memory.trim()
            values = OrderValues(
                self.estimates, beliefs(self.estimates, foes), dict(mine), lead, weight
            )
            got = memory.contexts[key] = (len(memory.contexts), values)
        self._context, self._values = got

    def worth(self, me: Sig, order: GiveOrder, last: int) -> float:
        key = (self._context, me, order, last)
        memo = self.memory.worth
        got = memo.get(key)
        if got is None:
            assert self._values is not None
            got = memo[key] = self._values.of(me, order, last)
        return got

    def order_set(self, obs: Df40kView, legal: Sequence[Action]) -> Action:
        """The offered combination of orders of the highest total worth (every one is
        consistent: an escort's ward on Ground support, df40k.orders.4)."""
        # the ruleset hands out the same tuple for the same situation (a dict lookup by
        # value then finds it at once; the orders' hashes are cached)
        options = legal if isinstance(legal, tuple) else tuple(legal)
        memory = self.memory
        split = memory.splits.get(options)
        if split is None:
            split = memory.splits[options] = _split(options)
        per_flyer_options, combo_index, chosen = split
        flyers = {f.id: f for f in obs.flyers}
        mine = [flyers[opts[0].flyer] for opts in per_flyer_options]
        key = (self._context, tuple((sig(f), _last(obs, f)) for f in mine))
        got = chosen.get(key)
        if got is None:
            assert self._values is not None
            force = [
                (sig(f), opts, [self.worth(sig(f), o, _last(obs, f)) for o in opts])
                for f, opts in zip(mine, per_flyer_options, strict=True)
            ]
            got = chosen[key] = best_set(self._values, force, combo_index)
        return options[got]

    def order(self, obs: Df40kView, legal: Sequence[Action]) -> Action:
        """Flyer by flyer: the order the force's plan for this turn gives the flyer, made at
        its first order from the observation of the turn's start."""
        fid = legal[0].flyer  # type: ignore[attr-defined]
        mine = [f for f in obs.flyers if f.alive and f.player == self.player]
        key = (self._context, tuple((f.id, sig(f), f.no_intercept, _last(obs, f)) for f in mine))
        got = self.memory.plans.get(key)
        if got is None:
            assert self._values is not None
            force: dict[str, Choice] = {}
            for f in mine:
                wards = tuple(g.id for g in mine if g is not f)
                opts = orders_for(f.id, f.no_intercept, self.estimates.carried_of(sig(f)), wards)
                force[f.id] = (sig(f), opts, [self.worth(sig(f), o, _last(obs, f)) for o in opts])
            got = self.memory.plans[key] = plan(self._values, force)
        chosen = got.get(fid)
        if chosen is not None and chosen in legal:
            return chosen
        me = next(f for f in mine if f.id == fid)
        return max(legal, key=lambda a: self.worth(sig(me), a, _last(obs, me)))  # type: ignore[arg-type]

    def target(self, obs: Df40kView, legal: Sequence[Action]) -> Action:
        """The target of the best expected value, with the real orders, the escort that
        would take the Intercept and the defender's attackers so far."""
        best_i, best_v = 0, -1e18
        for i, a in enumerate(legal):
            assert isinstance(a, ChooseTarget)
            v = self._target_value(obs, a)
            if v > best_v:
                best_i, best_v = i, v
        return legal[best_i]

    def _target_value(self, obs: Df40kView, a: ChooseTarget) -> float:
        by_id = {f.id: f for f in obs.flyers}
        me = by_id[a.flyer]
        t = by_id[a.target]
        defender = t
        if t.order == "ground-support":
            for g in obs.flyers:
                if g.alive and g.order == "escort" and g.escort == t.id and g.attacked == 0:
                    defender = g
                    break
        return self.value(
            sig(me),
            "intercept",
            me.ram,
            sig(defender),
            defender.order or "intercept",
            defender.attacked + 1,
        )

    def gargoyles(self, obs: Df40kView, legal: Sequence[Action]) -> Action:
        """Commit the number of Gargoyles that saves the most flyer points net of their worth."""
        if obs.fight is None:
            return legal[0]
        best_i, best_v = 0, -1e18
        for i, a in enumerate(legal):
            assert isinstance(a, CommitGargoyles)
            v = self._gargoyle_value(obs, a)
            if v > best_v:
                best_i, best_v = i, v
        return legal[best_i]

    def _gargoyle_value(self, obs: Df40kView, a: CommitGargoyles) -> float:
        """Flyer points saved by committing ``a.count`` Gargoyles, net of their worth."""
        fight = obs.fight
        assert fight is not None
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
        v = -GARGOYLE_VALUE * a.count
        for shift, prob in gargoyle_shift(a.count, success).items():
            left = need - shift  # > 0: still lost by that much
            if left > 0 and foe_fires:
                v -= (
                    float(prob)
                    * self.estimates.kill_chance(sig(foe), me.type, left, "front", True)
                    * worth_me
                )
            elif left < 0 and me_fires:
                v += (
                    float(prob)
                    * self.estimates.kill_chance(sig(me), foe.type, -left, "front", True)
                    * worth_foe
                )
        return v


def _split(options: tuple[Action, ...]) -> Split:
    """Each flyer's options among the offered combinations, and each combination as option
    indices."""
    first = options[0]
    assert isinstance(first, GiveOrders)
    per_flyer: list[dict[GiveOrder, int]] = [{} for _ in first.orders]
    combos = []
    for combo in options:
        assert isinstance(combo, GiveOrders)
        combos.append(
            tuple(
                seen.setdefault(o, len(seen))
                for seen, o in zip(per_flyer, combo.orders, strict=True)
            )
        )
    return tuple(tuple(seen) for seen in per_flyer), tuple(combos), {}


def bot_factory(ruleset: Ruleset[Any, Any, Any], player: int, seed: int) -> Agent:
    from aerodrome_df40k.ruleset import Df40k

    if not isinstance(ruleset, Df40k):
        raise TypeError(f"the df40k bot plays df40k, not {ruleset.name!r}")
    return Df40kBot(ruleset.memory(Memory), player, seed)
