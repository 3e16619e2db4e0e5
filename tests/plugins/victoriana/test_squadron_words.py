"""What a person reads at the Squadron Roll: ``odds`` gives each side's exact chance to win it
with each manoeuvre, and the dice lines count the pool the roll reports (the dice its 6s
added said apart)."""

from __future__ import annotations

import re

import pytest

from aerodrome.engine.agents import PlayerView, agent_seed
from aerodrome.engine.describe import event_text
from aerodrome.engine.events import DiceRolled
from aerodrome.engine.game import Game
from aerodrome_victoriana import odds
from aerodrome_victoriana.action_odds import action_odds, roll_pools
from aerodrome_victoriana.events import SquadronRolled
from aerodrome_victoriana.state import MANOEUVRE_CHOICES
from tests.conftest import PLUGINS

RULESET = PLUGINS.ruleset("victoriana")


@pytest.mark.clause("victoriana.squadron.2", "victoriana.squadron.3", "victoriana.squadron.5")
def test_the_odds_of_each_manoeuvre_are_the_exact_roll() -> None:
    """The rulebook's example: pools of 14 and 15 dice; with Attack against Attack the RAF's
    chance is the exact chance of 14 exploding dice beating 15 (a tie wins nothing), and a
    Defend (half the pool again) changes it."""
    game = Game(RULESET, "11-group", 1)
    view = game.observation(0)
    assert roll_pools(view) == {"raf": 14, "luftwaffe": 15}
    said = {m.manoeuvre: action_odds(m, view) for m in MANOEUVRE_CHOICES}
    assert all(said.values()), said
    exact = odds.squadron_roll(14, 15).white_wins
    against_defend = odds.squadron_roll(14, 15 + 8).white_wins
    attack = said["attack"] or ""
    assert attack.startswith("RAF wins the roll ")
    shown = re.findall(r"(\d+\.\d)%", attack)
    assert float(shown[0]) == pytest.approx(100 * exact, abs=0.05)
    assert float(shown[1]) == pytest.approx(100 * against_defend, abs=0.05)
    assert "Luftwaffe wins the roll" in attack and "against Defend" in attack
    assert said["defend"] != said["attack"]


@pytest.mark.clause("victoriana.dice.2", "victoriana.squadron.5")
def test_the_dice_lines_count_the_pool_the_roll_reports() -> None:
    """Each side's Squadron Roll dice line says the pool the roll's line reports ("14 dice
    and 4 more for their 6s" where the roll says "on 14 dice"). Mutation caught: the added
    dice counted in the pool (the core's sentence: "18 dice")."""
    checked = 0
    for seed in (1, 2, 3):
        game = Game(RULESET, "11-group", seed)
        bots = [
            PLUGINS.agent("victoriana", "bot").factory(RULESET, p, agent_seed(seed, p))
            for p in (0, 1)
        ]
        while not game.is_over():
            player = game.waiting_for()[0]
            legal = game.legal_actions(player)
            game.apply(player, bots[player].choose(PlayerView(game, player), legal))
        view = game.observation(0)
        rolls = [e for e in game.log if isinstance(e, DiceRolled)]
        for roll in (e for e in game.log if isinstance(e, SquadronRolled)):
            for side, pool in roll.pools.items():
                if not pool:
                    continue
                dice = [
                    e
                    for e in rolls
                    if e.purpose.startswith(f"squadron roll: {side} ")
                    and len(e.faces) - e.faces.count(6) == pool
                ]
                assert dice, (side, pool)
                text = event_text(RULESET, game.setup, dice[0], view) or ""
                assert re.search(
                    rf": {pool} dice( and \d+ more for their 6s| and 1 more for its 6)? \(d6\)",
                    text,
                ), text
                checked += 1
    assert checked >= 6
