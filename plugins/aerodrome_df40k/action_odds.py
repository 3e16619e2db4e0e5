"""The exact chances of a choice, shown next to it (``odds`` at the ``aerodrome play``
prompt), from the player's view and the ruleset's rules (icepool, never sampled):

- an interceptor naming its target: the chances the dogfight is won, drawn or lost
  (df40k.dogfight.4), with both Dogfight skills as the rules give them (df40k.dogfight.2-3,
  df40k.racial.1), the extra dice and bonus of a later attacker on the same flyer
  (df40k.victory.9), and the escort that takes the first Intercept on its ward
  (df40k.orders.4, df40k.orders.7);
- Gargoyles shielding a losing large flyer: the chances their successes turn the result
  into a draw, or into a win (df40k.racial.2-3).
"""

from __future__ import annotations

from fractions import Fraction

from aerodrome.engine.odds import as_fractions, d, highest_of, percent, split_sign
from aerodrome_df40k.rules import Rules
from aerodrome_df40k.state import ChooseTarget, CommitGargoyles, Df40kAction
from aerodrome_df40k.text import flyer_name
from aerodrome_df40k.view import Df40kView, FlyerView


def _escort(view: Df40kView, target: FlyerView) -> FlyerView | None:
    """The escort that takes the next Intercept on ``target``: one escorting it on Ground
    support that has not taken one yet this turn (as the fights so far show)."""
    if target.order != "ground-support":
        return None
    taken = {f.defender for f in view.dogfights if f.defender != f.target}
    for f in view.flyers:
        if f.alive and f.order == "escort" and f.escort == target.id and f.id not in taken:
            return f
    return None


def _skill(rules: Rules, f: FlyerView, order: str) -> int:
    return rules.skill(f.type, order, rules.specs.carried(f.type, f.spent, f.lost))


def _dogfight(rules: Rules, view: Df40kView, action: ChooseTarget) -> str | None:
    flyers = {f.id: f for f in view.flyers}
    attacker, target = flyers.get(action.flyer), flyers.get(action.target)
    if attacker is None or target is None:
        return None
    escort = _escort(view, target)
    defender = escort if escort is not None else target
    if defender.order is None:
        return None  # an order the player cannot see yet
    dogfight = rules.specs.rules.dogfight
    earlier = defender.attacked
    dice = 1 + earlier * dogfight.extra_attacker_dice
    bonus = earlier * dogfight.extra_attacker_bonus
    adf, ddf = (
        _skill(rules, attacker, attacker.order or "intercept"),
        _skill(rules, defender, defender.order),
    )
    attack = highest_of(dice, dogfight.die) + (adf + bonus)
    chances = split_sign(as_fractions(attack - (d(dogfight.die) + ddf)))
    notes = [f"DF {adf} against {ddf}"]
    if earlier:
        before = "1 flyer" if earlier == 1 else f"{earlier} flyers"
        notes.append(f"{dice} dice, the highest counts, +{bonus}: {before} attacked it this turn")
    if escort is not None:
        notes.append(
            f"{flyer_name(rules.specs, escort.id, escort.type)} takes the fight as its escort"
        )
    if any(_shielded(rules, view, f) for f in (attacker, defender)):
        notes.append("before any Gargoyles")
    if defender.order == "ground-support":  # its win counts as a draw (df40k.victory.4)
        name = flyer_name(rules.specs, defender.id, defender.type)
        notes.append(f"a win of {name} on Ground support counts as a draw")
        draw = chances["draw"] + chances["loss"]
        return (
            f"wins the dogfight {percent(chances['win'])}, a draw {percent(draw)} "
            f"({'; '.join(notes)})"
        )
    return (
        f"wins the dogfight {percent(chances['win'])}, draws {percent(chances['draw'])}, "
        f"loses {percent(chances['loss'])} ({'; '.join(notes)})"
    )


def _shielded(rules: Rules, view: Df40kView, f: FlyerView) -> bool:
    """Whether Gargoyles may shield ``f`` if it loses (df40k.racial.2)."""
    spec = rules.specs.flyers[f.type]
    race = rules.specs.rules.dogfight.gargoyles.race
    return spec.large and spec.race == race and view.gargoyles[f.player] > 0


def _gargoyles(rules: Rules, view: Df40kView, action: CommitGargoyles) -> str | None:
    fight = view.fight
    if fight is None or action.count == 0:
        return None
    need = rules.specs.rules.dogfight.gargoyles.success
    one = d(6).map(lambda x: 1 if x >= need else 0)
    shift = as_fractions(action.count @ one)
    behind = abs(fight.margin)
    draw_or_better = sum((p for k, p in shift.items() if k >= behind), Fraction(0))
    win = sum((p for k, p in shift.items() if k > behind), Fraction(0))
    return f"a draw or better {percent(draw_or_better)}, a win {percent(win)} ({behind} behind)"


def action_odds(rules: Rules, action: Df40kAction, view: Df40kView) -> str | None:
    """The chances of ``action`` in words, or ``None`` for a choice that rolls no dice."""
    if isinstance(action, ChooseTarget):
        return _dogfight(rules, view, action)
    if isinstance(action, CommitGargoyles):
        return _gargoyles(rules, view, action)
    return None
