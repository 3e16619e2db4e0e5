"""The odds shown next to a choice are about the dice the rules then roll: for every choice
with odds in games of the random agent or the bot against the bot, the pools the odds name
(Victoriana) are the ones of the roll that follows. Mutations caught: Victoriana's odds
without the multi-action penalty, or without the first actor's bonus, fail here."""

from __future__ import annotations

import re
from typing import Any

from aerodrome.agents import PlayerView, agent_seed
from aerodrome.game import Game
from tests.conftest import PLUGINS


def _games(ruleset: str, setup: str, seeds: range) -> Any:
    """(game, events, choice, odds text) for every choice taken that has odds: the random
    agent against the bot (the random agent also acts twice in a turn), then bot against
    bot."""
    rules = PLUGINS.ruleset(ruleset)
    for seed in seeds:
        game = Game(rules, setup, seed)
        names = ("random", "bot") if seed % 2 else ("bot", "bot")
        bots = [PLUGINS.agent(ruleset, n).factory(rules, p, agent_seed(seed, p)) for p, n in enumerate(names)]
        while not game.is_over():
            player = game.waiting_for()[0]
            action = bots[player].choose(PlayerView(game, player), game.legal_actions(player))
            odds = rules.action_odds(action, game.observation(player))
            before = len(game.log)
            game.apply(player, action)
            if odds:
                yield game, game.log[before:], rules.action_text(action, game.observation(player)), odds


def test_victoriana_odds_name_the_pools_rolled() -> None:
    checked = 0
    for _, events, _, odds in _games("victoriana", "skirmish", range(1, 9)):
        found = re.search(r"\((\d+) dice against (\d+) black\)", odds)
        assert found is not None, odds
        rolled = next(e for e in events if type(e).__name__ == "TaskRolled")
        assert (rolled.white_dice, rolled.black_dice) == (int(found[1]), int(found[2])), odds
        assert re.match(r"(hits|succeeds|on target) \d+\.\d%|(hits|succeeds) (<|>)", odds), odds
        checked += 1
    assert checked > 20
