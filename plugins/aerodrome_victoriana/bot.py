"""The rules-based bot: a squadron commander who weighs the four manoeuvres by the exact odds
of the Squadron Roll (:mod:`aerodrome_victoriana.commander`), and a tactician for each
character's action (:mod:`aerodrome_victoriana.tactician`).

It decides from its :class:`~aerodrome.engine.agents.PlayerView` only: the observation (everything
on the table is public; secret manoeuvres are never in it), its seat, the decision and the
legal actions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from aerodrome.api import Action, PlayerView
from aerodrome_victoriana.commander import choose_manoeuvre, manoeuvre_ranking
from aerodrome_victoriana.common import handling, spec_of
from aerodrome_victoriana.state import (
    FLYING,
    SPEND_ON_FIGHTERS,
    DamageRoll,
    FreeAttack,
    Kind,
    LeaveBattle,
    RemoveFighter,
)
from aerodrome_victoriana.tactician import (
    best_action,
    damage_value,
    scored_actions,
    target_numbers,
    weapon_mean,
)
from aerodrome_victoriana.view import DogfightView


class VictorianaBot:
    """The "bot" agent of victoriana. It plays by the book; where the book leaves two
    choices equal (two alike fighters to shoot at, two alike gunners to shoot with) it draws
    one with its own generator, seeded like every agent's, so that bots seeded apart play
    apart (a search rolling out with them sees more than one line of play)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView[Any, Any], legal: Sequence[Action]) -> Action:
        decision = view.decision
        obs = view.observation()
        assert isinstance(obs, DogfightView) and decision is not None
        kind = decision.kind
        if kind == Kind.MANOEUVRE:
            return self.manoeuvre(obs, obs.sides[view.player])
        if kind == Kind.SPEND:
            return self.spend(obs, legal)
        if kind in (Kind.REMOVE, Kind.ESCAPE):
            return min(legal, key=lambda a: self._removal_key(obs, a))
        if kind == Kind.FREE_ATTACK:
            return max(legal, key=lambda a: self._free_attack_value(obs, a))
        return self.act(obs, legal)

    # -- squadron phase ------------------------------------------------------------------------
    def manoeuvre(self, obs: DogfightView, side: str) -> Action:
        return choose_manoeuvre(obs, side)

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
        return best_action(obs, legal, self.rng)

    # -- ranking, for a search -----------------------------------------------------------------
    def rank(
        self, view: PlayerView[Any, Any], legal: Sequence[Action]
    ) -> list[tuple[Action, float]]:
        """The legal actions by the values :meth:`choose` weighs them with, best first; the
        first is its choice (drawn among equals as :meth:`choose` draws)."""
        chosen = self.choose(view, legal)
        decision = view.decision
        obs = view.observation()
        assert isinstance(obs, DogfightView) and decision is not None
        kind = decision.kind
        scored: list[tuple[Action, float]]
        if kind == Kind.MANOEUVRE:
            scored = list(manoeuvre_ranking(obs, obs.sides[view.player]))
        elif kind == Kind.SPEND:
            scored = [(a, self._spend_value(obs, a)) for a in legal]
        elif kind in (Kind.REMOVE, Kind.ESCAPE):
            scored = [(a, -self._removal_key(obs, a)[0]) for a in legal]
        elif kind == Kind.FREE_ATTACK:
            scored = [(a, self._free_attack_value(obs, a)) for a in legal]
        else:
            scored = scored_actions(obs, legal)
        top = max((v for _, v in scored), default=0.0)
        rest = sorted(((a, v) for a, v in scored if a != chosen), key=lambda pair: -pair[1])
        return [(chosen, top), *rest]

    def _spend_value(self, obs: DogfightView, a: Action) -> float:
        if type(a) is not DamageRoll:
            return 0.0
        assert isinstance(a, DamageRoll)
        armour, worth, health = target_numbers(obs.crafts[a.target])
        mean, ap = weapon_mean(obs.crafts[a.craft].spec, a.weapon)
        return worth * min(1.0, max(0.0, mean - max(0, armour - ap)) / health)


def bot_agent(ruleset: Any, player: int, seed: int) -> VictorianaBot:
    return VictorianaBot(seed)
