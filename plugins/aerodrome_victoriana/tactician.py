"""The bot's tactician: the action of each character in the Combat Phase, by expected value.

Gunners and pilots attack the target of best hit chance x damage (exact hit odds), bombardiers
drop the heaviest full load, crews repair, spot or use Tactical when they have nothing better.
As the rulebook advises:

- "Crew members must take desperate steps to avoid this ugly end before their craft's health
  depletes": a pilot whose aircraft an average hit of the enemy's best gun would bring down
  escapes (weighed by the chance of the test: 9 black dice when outnumbered), else makes an
  emergency landing it can survive, else bails out with the crew (victoriana.optional.5);
- "If multiple pilots in the same Squadron perform the Tactical Action in the same Combat
  Phase, only the highest counts": one Tactical action a phase (victoriana.pilot.10).

A character who has acted this round is not asked again (the bot never takes multi-action
penalties).

It reads the observation and the legal actions only.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence

from aerodrome.api import Action
from aerodrome_victoriana import chances, specs
from aerodrome_victoriana.acting import END_TURN, ActOptions
from aerodrome_victoriana.common import spec_of, weather_black
from aerodrome_victoriana.state import (
    FLYING,
    Attack,
    BailOut,
    Craft,
    Defend,
    DropBomb,
    EmergencyLanding,
    Escape,
    Repair,
    Spot,
    Tactical,
)
from aerodrome_victoriana.view import DogfightView

_EXPECTED_PER_DIE = 0.4  # successes per white die (1/3 per roll, 6s explode: 1/3 ÷ 5/6)


@specs.spec_cached
def weapon_mean(aircraft: str, weapon: int) -> tuple[float, int]:
    """(expected successes of the weapon's damage dice, its AP) from the datasheet."""
    w = specs.aircraft()[aircraft].weapons[weapon]
    return _EXPECTED_PER_DIE * w.damage, w.ap


@specs.spec_cached
def _armour(aircraft: str) -> int:
    return specs.aircraft()[aircraft].armour


def target_numbers(target: Craft) -> tuple[int, float, int]:
    """(Armour with Defend bonuses, worth, Health at least 1) of a damage roll's target."""
    armour = _armour(target.spec)
    if target.defence:
        armour += sum(b.amount for b in target.defence)
    worth = 2.0 if target.named else 1.5 if target.role != "fighter" else 1.0
    return armour, worth, max(1, target.health)


def damage_value(obs: DogfightView, craft: int, weapon: int, target: Craft) -> float:
    """Expected share of ``target``'s Health that ``craft``'s ``weapon`` takes, weighted by
    what the target is worth."""
    mean, ap = weapon_mean(obs.crafts[craft].spec, weapon)
    armour, worth, health = target_numbers(target)
    pips = max(0.0, mean - max(0, armour - ap))
    return worth * min(1.0, pips / health)


def best_action(
    obs: DogfightView, legal: Sequence[Action], rng: random.Random | None = None
) -> Action:
    """The legal action of highest value, or the end of the turn when nothing is worth more
    than nothing. Equal values (two fighters alike, two gunners alike) are told apart by
    ``rng``, each of the equals as likely (without one: the first of equals). Only the
    characters who have not acted are weighed: with :class:`ActOptions` their actions are
    the only ones listed."""
    best: Action = END_TURN
    best_value = 0.0
    ties = 1
    weigh = _Weigher(obs)
    for airman, options in _groups(obs, legal):  # the loop of _values, inline: a hot path
        value_of = weigh.of(airman)
        for action in options:
            value = value_of(action)
            if value > best_value:
                best, best_value, ties = action, value, 1
            elif value == best_value and rng is not None and value > 0.0:
                ties += 1  # reservoir sampling: the k-th equal replaces the pick with chance 1/k
                if rng.random() * ties < 1.0:
                    best = action
    return best


def scored_actions(obs: DogfightView, legal: Sequence[Action]) -> list[tuple[Action, float]]:
    """The end of the turn (worth nothing) and every action :func:`best_action` weighs, with
    its value, in the order it weighs them."""
    return [(END_TURN, 0.0), *_values(obs, legal)]


def _values(obs: DogfightView, legal: Sequence[Action]) -> Iterator[tuple[Action, float]]:
    weigh = _Weigher(obs)
    for airman, options in _groups(obs, legal):
        value_of = weigh.of(airman)
        for action in options:
            yield action, value_of(action)


def _groups(obs: DogfightView, legal: Sequence[Action]) -> Iterator[tuple[int, Sequence[Action]]]:
    """The actions weighed, by character: only those who have not acted this round."""
    airmen = obs.airmen
    groups: Iterable[tuple[int | None, Sequence[Action]]]
    if isinstance(legal, ActOptions):
        groups = ((a, legal.options_of(a)) for a in legal.actors if airmen[a].actions == 0)
    else:
        groups = ((getattr(action, "airman", None), (action,)) for action in legal)
    for airman, options in groups:
        if airman is None or airmen[airman].actions > 0:
            continue  # not a character's action, or a second action
        yield airman, options


class _Weigher:
    """Values of actions on one table, per character (worked out once per character and
    per target)."""

    def __init__(self, obs: DogfightView) -> None:
        self.obs = obs
        self.black_base = specs.rules().attack.black_base + weather_black(obs.rules)
        self.targets: dict[int, tuple[int, float, int]] = {}
        self.values: dict[int, Callable[[Action], float]] = {}
        self.guns: dict[str, set[tuple[float, int]]] = {}

    def of(self, airman: int) -> Callable[[Action], float]:
        value_of = self.values.get(airman)
        if value_of is None:
            value_of = self.values[airman] = self._character(airman)
        return value_of

    def threat(self, craft: Craft) -> float:
        """The pips an average hit of the enemy's most dangerous gun takes off ``craft``."""
        guns = self.guns.get(craft.side)
        if guns is None:  # (mean pips, AP) of each gun the enemy has in the dogfight
            kinds = {e.spec for e in self.obs.crafts if e.side != craft.side and e.status == FLYING}
            guns = self.guns[craft.side] = {
                weapon_mean(kind, w)
                for kind in kinds
                for w in range(len(specs.aircraft()[kind].weapons))
            }
        armour = target_numbers(craft)[0]
        worst = 0.0
        for mean, ap in guns:
            pips = mean - max(0, armour - ap)
            if pips > worst:
                worst = pips
        return worst

    def _desperate(
        self, craft: Craft, aviation: int, outnumbered: bool, spot: int
    ) -> tuple[float, float, float]:
        """Values of escaping, an emergency landing and bailing out for a pilot whose
        aircraft is about to go down: escaping home beats landing, landing beats losing the
        aircraft, but a landing the aircraft would not survive is worse than jumping."""
        book = specs.rules()
        own = craft.handling
        white = aviation + max(0, own)
        black = max(0, -own) + weather_black(self.obs.rules)
        if craft.vital_damage:
            black += book.crew_damage.vital_black
        needed = book.tests.success
        escape_black = black + (book.escape.black_outnumbered if outnumbered else 0)
        escape = 4.0 * chances.success_chance(white, max(0, escape_black - spot), needed)
        rules = self.obs.rules
        if not rules.emergency_landings:
            return escape, 0.0, 0.0
        env = book.environment_of(rules.environment)
        to_survive = env.damage - craft.health + 1  # net successes the landing needs
        survive = (
            1.0
            if to_survive <= 0
            else chances.success_chance(white, max(0, black + env.black - spot), to_survive)
        )
        return escape, 3.0 * survive, 2.0

    def _character(self, airman: int) -> Callable[[Action], float]:
        obs = self.obs
        crafts = obs.crafts
        a = obs.airmen[airman]
        craft = crafts[a.craft]
        spec = spec_of(craft)
        sides = obs.sides
        foe = sides[1] if craft.side == sides[0] else sides[0]
        pools = a.pools
        kind_of_craft = craft.spec
        gunnery = pools["gunnery"]
        own = craft.handling
        black_base, spot = self.black_base, a.spot
        targets = self.targets
        tactic = "tactics" if pools["tactics"] > pools["aviation"] else "aviation"
        spotting = "gunnery" if pools["gunnery"] > pools["perception"] else "perception"
        tactical_banked = obs.tactical_dice.get(craft.side, 0) > 0
        escape_value = landing_value = bail_value = 0.0
        if a.pilot and craft.health <= self.threat(craft):
            # desperate steps (victoriana.optional.5, victoriana.pilot.3)
            escape_value, landing_value, bail_value = self._desperate(
                craft, pools["aviation"], obs.left[foe] > obs.left[craft.side], spot
            )
        share = craft.health / spec.health

        aimed: dict[int, tuple[float, int, float, int]] = {}  # by target

        def aim(target_id: int) -> tuple[float, int, float, int]:
            """(hit chance, Armour, worth, Health) against a target, once per target."""
            target = crafts[target_id]
            th = target.handling
            white = gunnery + (own if own > 0 else 0) + (-th if th < 0 else 0)
            black = black_base + (th if th > 0 else 0) + (-own if own < 0 else 0) - spot
            numbers = targets.get(target_id)
            if numbers is None:
                numbers = targets[target_id] = target_numbers(target)
            armour, worth, health = numbers
            aimed[target_id] = found = (
                chances.hit_chance(white, black if black > 0 else 0),
                armour,
                worth,
                health,
            )
            return found

        def attack(action: Attack) -> float:
            found = aimed.get(action.target)
            hit, armour, worth, health = aim(action.target) if found is None else found
            mean, ap = weapon_mean(kind_of_craft, action.weapon)
            cut = armour - ap
            pips = mean - cut if cut > 0 else mean
            if pips < 0.0:
                pips = 0.0
            share_taken = pips / health
            return hit * (worth * (share_taken if share_taken < 1.0 else 1.0))

        def value_of(action: Action) -> float:
            kind = type(action)
            if kind is Attack:
                assert isinstance(action, Attack)
                return attack(action)
            if kind is Defend:
                assert isinstance(action, Defend)
                return 0.1 if action.ward == craft.id else 0.0
            if kind is Spot:
                assert isinstance(action, Spot)
                mate = obs.airmen[action.mate]
                return (
                    0.08 if mate.pilot and mate.actions == 0 and action.skill == spotting else 0.0
                )
            if kind is DropBomb:
                assert isinstance(action, DropBomb)
                lines = spec.optional_ordnance if action.optional else spec.ordnance
                stock = craft.optional_bombs if action.optional else craft.bombs
                if action.count != stock[action.line]:
                    return 0.0
                return 3.0 + lines[action.line].weight_lb * action.count / 10000
            if kind is Escape:
                return escape_value
            if kind is EmergencyLanding:
                return landing_value
            if kind is BailOut:
                return bail_value if a.pilot else 0.0
            if kind is Repair:
                return 0.5 if share < 0.6 or craft.vital_damage else 0.05
            if kind is Tactical:
                assert isinstance(action, Tactical)
                return 0.12 if action.skill == tactic and not tactical_banked else 0.0
            return 0.0

        return value_of
