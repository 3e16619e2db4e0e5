"""The bot's orders: what each order of a flyer is worth and the best consistent set of
orders for a whole force (rulebook sections Orders and the worked example's Preparation).

Enemy orders are secret (df40k.orders.1), so an order is weighed against a belief about
them: the rulebook's example has fighters intercept or escort and bombers go for the
ground ("hoping to destroy both of the enemy aircraft before they can strafe and bomb",
"hoping to break through ... he gives his fighter Escort orders to cover his bombers
approach"). Values are in flyer points of :mod:`aerodrome_df40k.estimate`.

Orders are valued for the force as a whole: an Escort is worth something only with its
ward on Ground support (df40k.orders.4), and interceptors may gang up on one target, each
further attacker rolling one more die and adding one (df40k.victory.9), as both Imperial
fighters of the example go for the heavy bomber.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from aerodrome_df40k.estimate import Estimates, Sig
from aerodrome_df40k.state import GiveOrder

#: Worth of a ground-support attack run, in flyer points, while the runs are level or
#: behind: runs break battles tied on kills (df40k.frame.4); with a lead of n runs a run
#: is worth 1/(n + 1) of that.
RUN_VALUE = 8.0
#: Extra worth of a run that drops bombs (the bombs are what an attack run is for).
BOMB_VALUE = 8.0
#: How likely an enemy fighter is taken to intercept (its orders are secret); half that for
#: a flyer carrying bombs.
INTERCEPT_BELIEF = 0.5

#: (sig, belief that it intercepts) of an enemy flyer.
Belief = tuple[Sig, float]
#: A flyer of the force being ordered: its sig, its options and what each is worth alone.
Choice = tuple[Sig, Sequence[GiveOrder], Sequence[float]]


def risk(behind: int, turns_left: int) -> float:
    """How much the bot weighs its own losses against enemy kills, by the score: the
    battle is won by flyers destroyed (df40k.frame.4), so a side behind must take risks
    (on the last turn it has all but nothing to lose) and a side ahead guards its lead.
    ``behind``: own flyers lost minus enemy flyers lost."""
    if behind > 0:
        return 0.1 if turns_left == 0 else 1.0 / (1 + behind)
    return 1.0 - 0.5 * behind


def is_bomber(estimates: Estimates, s: Sig) -> bool:
    return any(k in ("bomb", "big-bomb") for k in estimates.carried_of(s))


def beliefs(estimates: Estimates, foes: Sequence[tuple[Sig, str]]) -> tuple[Belief, ...]:
    """How likely each enemy flyer is to intercept: known once revealed; before that a
    bomber a quarter of the time, any other flyer half the time. Disengaging flyers are
    left out (they cannot intercept or be intercepted, df40k.orders.5)."""
    out = []
    for foe, known in foes:
        if known == "disengage":
            continue
        if known in ("intercept", "ground-support", "escort"):
            p = 1.0 if known == "intercept" else 0.0
        else:
            p = INTERCEPT_BELIEF * (0.5 if is_bomber(estimates, foe) else 1.0)
        out.append((foe, p))
    return tuple(out)


class OrderValues:
    """The worth of the orders of a force's flyers against a belief about the enemy."""

    def __init__(
        self,
        estimates: Estimates,
        foes: tuple[Belief, ...],
        mine: dict[str, Sig],
        lead: int = 0,
        risk: float = 1.0,
    ) -> None:
        self.estimates, self.foes, self.mine = estimates, foes, mine
        #: the worth of an attack run, given the force's lead in runs
        self.run = RUN_VALUE / (1 + max(0, lead))
        #: the weight of own losses against enemy kills (:func:`risk`)
        self.risk = risk
        # an enemy interceptor picks one of the force's flyers
        self.share = 1.0 / max(1, len(mine))
        self.interceptors = any(p > 0 for _, p in foes)
        self._attacks: dict[tuple[tuple[Sig, bool], ...], float] = {}

    def value(self, a: Sig, a_order: str, ram: bool, d: Sig, d_order: str, nth: int = 1) -> float:
        """The worth of a dogfight the force's flyer ``a`` declares against ``d``."""
        gain, loss = self.estimates.dogfight_outcome(a, a_order, ram, d, d_order, nth)
        return gain - self.risk * loss

    def exposure(self, s: Sig, order: str) -> float:
        """The worth to the force of the dogfights enemy interceptors declare against ``s``
        on ``order`` (mostly negative)."""
        total = 0.0
        for e, p in self.foes:
            theirs, ours = self.estimates.dogfight_outcome(e, "intercept", False, s, order, 1)
            total += self.share * p * (ours - self.risk * theirs)
        return total

    def of(self, me: Sig, order: GiveOrder, last: int) -> float:
        """The worth of ``order`` for a flyer ``me`` but for the dogfight an interceptor
        declares (:meth:`attacks`); ``last`` is the number of turns left when it has
        Disengaged every turn so far (else -1): such a flyer counts as destroyed after the
        battle (df40k.resolution.6)."""
        kind = order.order
        if kind == "intercept":  # [df40k.orders.2]
            return self.exposure(me, "intercept")
        if kind == "ground-support":  # an attack run [df40k.victory.10]
            run = self.run + (BOMB_VALUE if is_bomber(self.estimates, me) else 0.0)
            return run + self.exposure(me, "ground-support")
        if kind == "escort":  # takes the ward's first interceptor [df40k.orders.4]
            ward = self.mine.get(order.escort)
            if ward is None or not self.interceptors:
                return -1e6
            return 2 * self.exposure(me, "escort") - self.exposure(ward, "ground-support")
        # Disengage: safe, but no run; ever more costly if never anything else
        worth = float(self.estimates.specs.flyers[me[0]].points)
        return -self.run - 1.0 * len(order.eject) - (worth / (1 + last) if last >= 0 else 0.0)

    def attacks(self, interceptors: tuple[tuple[Sig, bool], ...]) -> float:
        """Expected points won by the force's interceptors (sig, ram), declaring in roster
        order: each takes the target of the best value given the attackers before it on
        that target (df40k.victory.9) and the chance that they left it flying."""
        got = self._attacks.get(interceptors)
        if got is not None:
            return got
        on: dict[int, tuple[int, float]] = {}  # foe -> (attackers so far, chance it flies)
        total = 0.0
        for me, ram in interceptors:
            best, pick = -1e18, -1
            for j, (foe, p) in enumerate(self.foes):
                n, alive = on.get(j, (0, 1.0))
                v = alive * (
                    p * self.value(me, "intercept", ram, foe, "intercept", n + 1)
                    + (1 - p) * self.value(me, "intercept", ram, foe, "ground-support", n + 1)
                )
                if v > best:
                    best, pick = v, j
            if pick < 0:
                continue  # nobody to intercept
            total += best
            foe, p = self.foes[pick]
            n, alive = on.get(pick, (0, 1.0))
            kill = p * self.estimates.dogfight_kill(
                me, "intercept", ram, foe, "intercept", n + 1
            ) + (1 - p) * self.estimates.dogfight_kill(
                me, "intercept", ram, foe, "ground-support", n + 1
            )
            on[pick] = (n + 1, alive * (1 - kill))
        self._attacks[interceptors] = total
        return total

    def total(self, force: Sequence[Choice], picks: Sequence[int]) -> float:
        """The worth of option ``picks[i]`` for each flyer ``force[i]``."""
        worth = 0.0
        attackers: list[tuple[Sig, bool]] = []
        for (me, options, values), j in zip(force, picks, strict=True):
            worth += values[j]
            if options[j].order == "intercept":
                attackers.append((me, options[j].ram))
        return worth + self.attacks(tuple(attackers))


def best_set(values: OrderValues, force: Sequence[Choice], combos: Sequence[Sequence[int]]) -> int:
    """The index of the combination of the highest total worth (``combos[k][i]``: the
    option of flyer ``i`` in combination ``k``); the first on ties."""
    best_k, best_v = 0, -1e18
    for k, combo in enumerate(combos):
        v = values.total(force, combo)
        if v > best_v:
            best_k, best_v = k, v
    return best_k


def plan(values: OrderValues, force: Mapping[str, Choice]) -> dict[str, GiveOrder]:
    """Orders for a force given flyer by flyer, by coordinate ascent: starting from each
    flyer's best plain order (an interceptor valued alone) or, if worth more, the best two,
    three... interceptors ganging up, change one flyer's order at a time while the force's
    worth grows. A flyer may escort an ally, which is then put on
    Ground support; a flyer an ally escorts stays on Ground support (df40k.orders.4)."""
    ids = list(force)
    index = {f: i for i, f in enumerate(ids)}
    choices = [force[f] for f in ids]

    def alone(i: int, j: int) -> float:
        me, options, worth = choices[i]
        o = options[j]
        return worth[j] + (values.attacks(((me, o.ram),)) if o.order == "intercept" else 0.0)

    def first(i: int, kind: str) -> int:
        return next((j for j, o in enumerate(choices[i][1]) if o.order == kind), -1)

    picks = []
    for i, (_, options, _) in enumerate(choices):
        plain = [j for j, o in enumerate(options) if o.order != "escort"]
        picks.append(max(plain, key=lambda j, i=i: alone(i, j)))  # type: ignore[misc]
    current = values.total(choices, picks)
    # interceptors may pay only together (df40k.victory.9): try the m best of them at once
    intercepts = sorted(
        (
            (alone(i, j), i, j)
            for i, (_, options, _) in enumerate(choices)
            for j in [
                max(
                    (j for j, o in enumerate(options) if o.order == "intercept"),
                    key=lambda j, i=i: alone(i, j),  # type: ignore[misc]
                    default=-1,
                )
            ]
            if j >= 0
        ),
        reverse=True,
    )
    for m in range(2, len(intercepts) + 1):
        trial = list(picks)
        for _, i, j in intercepts[:m]:
            trial[i] = j
        v = values.total(choices, trial)
        if v > current + 1e-9:
            picks, current = trial, v
    for _ in range(3):  # a few passes: a move that pays is found early
        improved = False
        for i, (_, options, _) in enumerate(choices):
            warded = any(
                choices[k][1][picks[k]].order == "escort"
                and choices[k][1][picks[k]].escort == ids[i]
                for k in range(len(ids))
            )
            if warded:
                continue  # held to Ground support
            for j, o in enumerate(options):
                if j == picks[i]:
                    continue
                trial = list(picks)
                trial[i] = j
                if o.order == "escort":
                    w = index.get(o.escort)
                    ground = first(w, "ground-support") if w is not None else -1
                    if w is None or ground < 0:
                        continue
                    trial[w] = ground
                v = values.total(choices, trial)
                if v > current + 1e-9:
                    picks, current, improved = trial, v, True
        if not improved:
            break
    return {f: choices[i][1][picks[i]] for i, f in enumerate(ids)}
