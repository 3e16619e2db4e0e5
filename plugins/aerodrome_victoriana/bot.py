"""The rules-based bot: a squadron commander who weighs the four manoeuvres by the exact odds
of the Squadron Roll, and a simple tactician for each character's action.

It decides from the observation only (everything on the table is public; secret manoeuvres
are never in it).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any

from aerodrome.agents import PlayerView
from aerodrome.data import Action
from aerodrome_victoriana import odds
from aerodrome_victoriana.common import handling, spec_of
from aerodrome_victoriana.state import (
    FLYING,
    MANOEUVRE_CHOICES,
    MANOEUVRES,
    SPEND_ON_FIGHTERS,
    ChooseManoeuvre,
    DamageRoll,
    DogfightView,
    FreeAttack,
    LeaveBattle,
    RemoveFighter,
)
from aerodrome_victoriana.tactician import best_action, damage_value, target_numbers, weapon_mean


@lru_cache(maxsize=65536)
def manoeuvre_values(
    mine: int, theirs: int, my_carry: int, their_carry: int,
    my_fighters: int, their_fighters: int, my_count: int, their_count: int,
) -> tuple[float, ...]:
    """Expected value of each of my manoeuvres (Attack, Defend, Escape, Tactical), half
    the mean and half the worst over the opponent's four, by the exact roll odds."""
    w_def, b_def = mine + (mine + 1) // 2, theirs + (theirs + 1) // 2
    dists = {
        (w, b): odds.net_distribution(w, b) for w in (mine, w_def) for b in (theirs, b_def)
    }
    # _effect by net successes, tabulated once per manoeuvre (the same floats as calling it)
    # (the distributions are sorted by net successes)
    top = max((d[-1][0] for d in dists.values() if d), default=0) + my_carry
    bottom = max((-d[0][0] for d in dists.values() if d), default=0) + their_carry
    gain = {m: [_effect(m, n, their_fighters, my_count, their_count) for n in range(top + 1)]
            for m in MANOEUVRES}
    loss = {e: [_effect(e, n, my_fighters, their_count, my_count) for n in range(bottom + 1)]
            for e in MANOEUVRES}
    rows: list[float] = []
    for m in MANOEUVRES:
        results: list[float] = []
        g = gain[m]
        for e in MANOEUVRES:
            w = w_def if m == "defend" else mine
            b = b_def if e == "defend" else theirs
            shift = (my_carry if m != "tactical" else 0) - (their_carry if e != "tactical" else 0)
            lo = loss[e]
            value = 0.0
            for n, p in dists[w, b]:
                n += shift
                if n > 0:
                    value += p * g[n]
                elif n < 0:
                    value -= p * lo[-n]
            results.append(value)
        rows.append(0.5 * sum(results) / len(results) + 0.5 * min(results))
    return tuple(rows)


def _effect(manoeuvre: str, n: int, foe_fighters: int, own: int, foe: int) -> float:
    """What ``n`` net successes of ``manoeuvre`` are worth to their side."""
    if manoeuvre == "attack":
        removed = min(n, foe_fighters)
        return removed + 0.4 * ((n - removed) // 3)
    if manoeuvre == "defend":
        removed = min(n // 3, foe_fighters)
        return removed + 0.4 * ((n - 3 * removed) // 6)
    if manoeuvre == "escape":
        return 0.6 * min(n, own) if own * 2 < foe else -0.3 * min(n, own)
    # tactical: successes for next round's Attack, worth less than a fighter each when
    # there are no fighters left to remove
    return 0.6 * n * (1.0 if foe_fighters else 0.4 / 3)


@cache  # unbounded (the positions of a battle are few): no LRU bookkeeping on every hit
def _best_manoeuvre(
    mine: int, theirs: int, my_carry: int, their_carry: int,
    my_fighters: int, their_fighters: int, my_count: int, their_count: int,
) -> ChooseManoeuvre:
    """The manoeuvre of highest :func:`manoeuvre_values` (the first of equals)."""
    values = manoeuvre_values(
        mine, theirs, my_carry, their_carry, my_fighters, their_fighters, my_count, their_count
    )
    return MANOEUVRE_CHOICES[values.index(max(values))]


def _squadrons(obs: DogfightView) -> dict[str, tuple[int, int]]:
    """(fighters, best current Handling) of each side in the dogfight (the roster tells the
    fighters and special aircraft of each side apart: sides and roles never change)."""
    crafts, roster = obs.crafts, obs.roster
    counted: dict[str, tuple[int, int]] = {}
    for i, side in enumerate(obs.sides):
        n = 0
        best = -99  # the best current Handling (victoriana.aircraft.11)
        for cid in roster.fighters[i]:
            c = crafts[cid]
            if c.status == FLYING:
                n += 1
                h = c.handling
                if h > best:
                    best = h
        for cid in roster.specials[i]:
            c = crafts[cid]
            if c.status == FLYING and c.handling > best:
                best = c.handling
        counted[side] = (n, best)
    return counted


class VictorianaBot:
    """The "bot" agent of victoriana."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        decision = view.decision
        obs = view.observation()
        assert isinstance(obs, DogfightView) and decision is not None
        kind = decision.kind
        if kind == "manoeuvre":
            return self.manoeuvre(obs)
        if kind == "spend":
            return self.spend(obs, legal)
        if kind in ("remove", "escape"):
            return min(legal, key=lambda a: self._removal_key(obs, a))
        if kind == "free-attack":
            return max(legal, key=lambda a: self._free_attack_value(obs, a))
        return self.act(obs, legal)

    # -- squadron phase ------------------------------------------------------------------------
    def manoeuvre(self, obs: DogfightView) -> Action:
        me = obs.side
        assert me is not None
        sides = obs.sides
        foe = sides[1] if me == sides[0] else sides[0]
        left = obs.left
        count, their_count = left[me], left[foe]  # aircraft in the dogfight
        table = _squadrons(obs)
        fighters, best = table[me]
        their_fighters, their_best = table[foe]
        dice, carry = obs.tactical_dice, obs.tactical_carry
        mine = count + (best if best > 0 else 0) + dice.get(me, 0) if count else 0
        theirs = their_count + (their_best if their_best > 0 else 0) + dice.get(foe, 0) if their_count else 0
        return _best_manoeuvre(
            mine, theirs, carry.get(me, 0), carry.get(foe, 0),
            fighters, their_fighters, count, their_count,
        )

    def spend(self, obs: DogfightView, legal: Sequence[Action]) -> Action:
        winner, sides = obs.winner, obs.sides
        loser = sides[1] if winner == sides[0] else sides[0]
        fighter_cost = 3 if obs.manoeuvre.get(winner, "attack") == "defend" else 1
        removable = obs.to_spend // fighter_cost
        if removable <= 0:
            return SPEND_ON_FIGHTERS
        fighters = 0  # enough enemy fighters to spend everything on them?
        crafts = obs.crafts
        for cid in obs.roster.fighters[sides.index(loser)]:
            if crafts[cid].status == FLYING:
                fighters += 1
                if fighters >= removable:
                    return SPEND_ON_FIGHTERS
        best: Action = SPEND_ON_FIGHTERS
        best_value = -1.0
        targets: dict[int, tuple[int, float, int]] = {}  # (armour, worth, health) by target
        for a in legal:
            if type(a) is DamageRoll:
                # _damage_value, with each target's numbers worked out once
                t = targets.get(a.target)
                if t is None:
                    target = crafts[a.target]
                    t = targets[a.target] = target_numbers(target)
                armour, worth, health = t
                mean, ap = weapon_mean(crafts[a.craft].spec, a.weapon)
                pips = max(0.0, mean - max(0, armour - ap))
                value = worth * min(1.0, pips / health)
                if value > best_value:  # the first of equals
                    best, best_value = a, value
        return best

    def _removal_key(self, obs: DogfightView, a: Action) -> tuple[float, int]:
        assert isinstance(a, RemoveFighter | LeaveBattle)
        c = obs.crafts[a.craft]
        share = c.health / spec_of(c).health
        return (share, handling(c)) if isinstance(a, RemoveFighter) else (share, -c.id)

    # -- combat phase --------------------------------------------------------------------------
    def _free_attack_value(self, obs: DogfightView, a: Action) -> float:
        assert isinstance(a, FreeAttack)
        return damage_value(obs, a.craft, a.weapon, obs.crafts[obs.free_attack_on])

    def act(self, obs: DogfightView, legal: Sequence[Action]) -> Action:
        return best_action(obs, legal)


def bot_agent(ruleset: Any, player: int, seed: int) -> VictorianaBot:
    return VictorianaBot(seed)
