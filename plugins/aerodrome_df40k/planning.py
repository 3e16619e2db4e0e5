"""The bot's orders: what each order of a flyer is worth and the best consistent set of
orders for a whole force (rulebook sections Orders and the worked example's Preparation).

Enemy orders are secret (df40k.orders.1), so an order is weighed against a belief about
them: the rulebook's example has fighters intercept or escort and bombers go for the
ground ("hoping to destroy both of the enemy aircraft before they can strafe and bomb",
"hoping to break through ... he gives his fighter Escort orders to cover his bombers
approach"). Values are in flyer points of :mod:`aerodrome_df40k.estimate`.

An Escort's worth depends on its ward being on Ground support (df40k.orders.4), so orders
are chosen for the force as a whole: the best of the consistent combinations offered, or,
flyer by flyer, a plan made for the force at its first order of the turn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from aerodrome_df40k.estimate import Sig, carried_of, dogfight_value
from aerodrome_df40k.specs import Specs
from aerodrome_df40k.state import GiveOrder

#: Worth of a ground-support attack run, in flyer points (it also breaks tied battles).
RUN_VALUE = 15.0
#: Extra worth of a run that drops bombs.
BOMB_VALUE = 15.0
#: How likely an enemy fighter is taken to intercept (its orders are secret); half that for
#: a flyer carrying bombs.
INTERCEPT_BELIEF = 0.5

#: (sig, belief that it intercepts) of an enemy flyer.
Belief = tuple[Sig, float]


def is_bomber(specs: Specs, s: Sig) -> bool:
    return any(k in ("bomb", "big-bomb") for k in carried_of(specs, s))


def beliefs(specs: Specs, foes: Sequence[tuple[Sig, str]]) -> tuple[Belief, ...]:
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
            p = INTERCEPT_BELIEF * (0.5 if is_bomber(specs, foe) else 1.0)
        out.append((foe, p))
    return tuple(out)


class OrderValues:
    """The worth of each order of a force's flyers against a belief about the enemy."""

    def __init__(
        self, specs: Specs, hook: Any, foes: tuple[Belief, ...], mine: dict[str, Sig]
    ) -> None:
        self.specs, self.hook, self.foes, self.mine = specs, hook, foes, mine
        # an enemy interceptor picks one of the force's flyers
        self.share = 1.0 / max(1, len(mine))
        self.interceptors = any(p > 0 for _, p in foes)

    def value(self, a: Sig, a_order: str, ram: bool, d: Sig, d_order: str) -> float:
        return dogfight_value(self.specs, self.hook, a, a_order, ram, d, d_order, 1)

    def exposure(self, s: Sig, order: str) -> float:
        """Expected points lost to enemy interceptors by ``s`` on ``order`` (negative)."""
        return -sum(self.share * p * self.value(e, "intercept", False, s, order) for e, p in self.foes)

    def attack(self, me: Sig, ram: bool) -> float:
        """Expected points won intercepting the best target."""
        best = 0.0
        for foe, p in self.foes:
            v = p * self.value(me, "intercept", ram, foe, "intercept") + (1 - p) * self.value(
                me, "intercept", ram, foe, "ground-support"
            )
            best = max(best, v)
        return best

    def of(self, me: Sig, order: GiveOrder, last: int) -> float:
        """The worth of ``order`` for a flyer ``me``; ``last`` is the number of turns left
        when it has Disengaged every turn so far (else -1): such a flyer counts as
        destroyed after the battle (df40k.resolution.6)."""
        kind = order.order
        if kind == "intercept":  # [df40k.orders.2]
            return self.attack(me, order.ram) + self.exposure(me, "intercept")
        if kind == "ground-support":  # an attack run [df40k.victory.10]
            run = RUN_VALUE + (BOMB_VALUE if is_bomber(self.specs, me) else 0.0)
            return run + self.exposure(me, "ground-support")
        if kind == "escort":  # takes the ward's first interceptor [df40k.orders.4]
            ward = self.mine.get(order.escort)
            if ward is None or not self.interceptors:
                return -1e6
            return 2 * self.exposure(me, "escort") - self.exposure(ward, "ground-support")
        # Disengage: safe, but no run; ever more costly if never anything else
        worth = float(self.specs.flyers[me[0]].points)
        return -RUN_VALUE - 1.0 * len(order.eject) - (worth / (1 + last) if last >= 0 else 0.0)


def best_set(
    values: Sequence[Sequence[float]], combos: Sequence[Sequence[int]]
) -> int:
    """The index of the combination of the highest total worth (``values[i][j]``: worth of
    option ``j`` of flyer ``i``; ``combos[k][i]``: the option of flyer ``i`` in combination
    ``k``); the first on ties."""
    best_k, best_v = 0, -1e18
    for k, combo in enumerate(combos):
        v = sum(values[i][j] for i, j in enumerate(combo))
        if v > best_v:
            best_k, best_v = k, v
    return best_k


def plan(
    options: Mapping[str, Sequence[GiveOrder]], worth: Mapping[str, Sequence[float]]
) -> dict[str, GiveOrder]:
    """Orders for a force given flyer by flyer: each flyer's best order that is not an
    Escort, then, while one helps, the best switch of a flyer to Escort an ally (which the
    ally's Ground support must pay for, df40k.orders.4). ``options[f]`` are the orders of
    flyer ``f`` and ``worth[f]`` their worth."""

    def best_of(fid: str, kinds: tuple[str, ...]) -> int:
        vals = worth[fid]
        picks = [j for j, o in enumerate(options[fid]) if o.order in kinds]
        return max(picks, key=lambda j: vals[j]) if picks else 0

    plain = ("intercept", "ground-support", "disengage")
    pick = {f: best_of(f, plain) for f in options}
    ground = {f: best_of(f, ("ground-support",)) for f in options}
    for _ in range(len(options)):
        wards = {options[f][j].escort for f, j in pick.items() if options[f][j].order == "escort"}
        best_gain, move = 1e-9, None
        for f, opts in options.items():
            if f in wards:
                continue  # escorted: held to Ground support
            for j, o in enumerate(opts):
                if o.order != "escort" or o.escort not in options:
                    continue
                w = o.escort
                if options[w][pick[w]].order == "escort":
                    continue
                gain = worth[f][j] - worth[f][pick[f]] + worth[w][ground[w]] - worth[w][pick[w]]
                if gain > best_gain:
                    best_gain, move = gain, (f, j, w)
        if move is None:
            break
        f, j, w = move
        pick[f], pick[w] = j, ground[w]
    return {f: options[f][j] for f, j in pick.items()}

