"""The exact chances of an attack, shown next to the choice (``odds`` at the ``aerodrome
play`` prompt), from the attacker's view and the datasheets: the attack dice of every weapon
fired and the roll each needs, as :mod:`aerodrome_dockfighters.combat` counts them (arcs,
range bands and clouds: arc.1-2, load.4; the target number: hit.1, hit.6-10, ground.hit.3),
and the damage points they score through :func:`aerodrome_dockfighters.odds.attack`
(icepool): a natural 6 always hits and a 1 never (hit.2), re-roll weapons confirm their hits
(hit.3), easy targets and airships re-roll misses (hit.4, airship.1), an airship's damage
rolls are rolled again (airship.1), each hit scores the weapon's damage profile (damage.3).

The chance to destroy counts the damage points against the structure left (damage.1);
critical effects (damage.4-7) and a variant's change of the roll needed are not in it.
"""

from __future__ import annotations

from fractions import Fraction

from aerodrome.engine.odds import percent
from aerodrome_dockfighters import rules
from aerodrome_dockfighters.combat import (
    ground_load_dice,
    ground_mount_dice,
    load_dice,
    mount_dice,
    to_hit_air,
    to_hit_ground,
)
from aerodrome_dockfighters.odds import attack
from aerodrome_dockfighters.specs import builtin
from aerodrome_dockfighters.state import GROUND, Attack, DfAction
from aerodrome_dockfighters.view import DfView

Distribution = dict[int, Fraction]


def _add(a: Distribution, b: Distribution) -> Distribution:
    """The distribution of the sum of two independent damage totals."""
    out: Distribution = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return out


def _total(
    weapons: list[tuple[str, int]], need: int, *, easy: bool, airship: bool
) -> tuple[Distribution, int]:
    """The damage points of ``(weapon, dice)`` fired together, and the dice thrown."""
    specs = builtin()
    total: Distribution = {0: Fraction(1)}
    dice = 0
    for name, n in weapons:
        if n <= 0:
            continue
        w = specs.weapons[name]
        total = _add(
            total,
            attack(n, need, tuple(w.damage), easy=easy, reroll_hits=w.reroll_hits, airship=airship),
        )
        dice += n
    return total, dice


def _words(total: Distribution, dice: int, need: int, left: int, what: str) -> str:
    if dice == 0:
        return "no attack die can reach it"
    some = sum((p for k, p in total.items() if k > 0), Fraction(0))
    kills = sum((p for k, p in total.items() if k >= left), Fraction(0))
    mean = float(sum((k * p for k, p in total.items()), Fraction(0)))
    roll = max(2, min(6, need))
    return (
        f"damages it {percent(some)}, {what} {percent(kills)}, {mean:.1f} damage points on "
        f"average ({dice} {'die' if dice == 1 else 'dice'} at {roll}+; {left} structure left)"
    )


def _air(view: DfView, action: Attack) -> str:
    specs = builtin()
    a, t = view.aircraft[action.aircraft], view.aircraft[action.target]
    sheet = specs.aircraft[t.datasheet]
    easy = specs.classes[sheet.klass].easy_target
    airship = sheet.klass == "airship"
    need = to_hit_air(view, a, t)
    guns = rules.mounts(a)
    fired = [(guns[i].weapon, mount_dice(view, a, i, t)) for i in action.mounts]
    fired += [(a.loads[j], load_dice(view, a, a.loads[j], t)) for j in action.loads]
    total, dice = _total(fired, need, easy=easy, airship=airship)
    return _words(total, dice, need, sheet.structure - t.damage, "shoots it down")


def _ground(view: DfView, action: Attack) -> str | None:
    specs = builtin()
    a = view.aircraft[action.aircraft]
    g = view.ground[action.target - GROUND]
    need = to_hit_ground(a, g)
    guns = rules.mounts(a)
    fired = [(guns[i].weapon, ground_mount_dice(view, a, i, g)) for i in action.mounts]
    fired += [(a.loads[j], ground_load_dice(view, a, a.loads[j], g)) for j in action.loads]
    if any(specs.weapons[name].smoke for name, _ in fired):
        return None  # smoke loads lay a cloud instead of damage (load.6)
    total, dice = _total(fired, need, easy=False, airship=False)
    return _words(total, dice, need, g.structure - g.damage, "destroys it")


def action_odds(action: DfAction, view: DfView) -> str | None:
    """The chances of ``action`` in words, or ``None`` for a choice that is not an attack."""
    if not isinstance(action, Attack):
        return None
    if action.target >= GROUND:
        return _ground(view, action)
    return _air(view, action)
