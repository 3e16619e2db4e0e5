"""The odds shown next to a choice are about the dice the rules then roll: for every choice
with odds in games of the random agent or the bot against the bot, what the odds name — the
pools (Victoriana), the Dogfight skills and the defender (df40k), the dice and the roll
needed (Dockfighters) — is what the roll that follows uses. Each test names the mutation of its ruleset's odds it catches."""

from __future__ import annotations

import re
from typing import Any

import pytest

from aerodrome.engine.agents import agent_seed
from aerodrome.engine.describe import label
from aerodrome.engine.driver import Observer
from aerodrome.engine.game import Game
from aerodrome.ui.choices import spoken
from tests.conftest import PLUGINS
from tests.playouts import rounds


def _games(ruleset: str, setup: str, seeds: range) -> Any:
    """(game, events, choice, odds text) for every choice taken that has odds: the random
    agent against the bot (the random agent also acts twice in a turn), then bot against
    bot."""
    rules = PLUGINS.ruleset(ruleset)
    for seed in seeds:
        game = Game(rules, setup, seed)
        names = ("random", "bot") if seed % 2 else ("bot", "bot")
        bots = [
            PLUGINS.agent(ruleset, n).factory(rules, p, agent_seed(seed, p))
            for p, n in enumerate(names)
        ]
        noted = Noted(rules, bots)
        for _ in rounds(game, [noted] * len(bots), noted):
            for player, action, odds, before in noted.taken:
                yield (
                    game,
                    game.log[before:],
                    spoken(label(rules, action, game.observation(player))),
                    odds,
                )
            noted.taken.clear()


class Noted(Observer):
    """The bots' seats, noting each action that had odds: (player, action, its odds from the
    chooser's view, where the log stood)."""

    def __init__(self, rules: Any, bots: Any) -> None:
        self.rules, self.bots = rules, bots
        self.taken: list[tuple[int, Any, str, int]] = []
        self.odds: str | None = None
        self.before = 0

    def choose(self, view: Any, legal: Any) -> Any:
        action = self.bots[view.player].choose(view, legal)
        self.odds = self.rules.action_odds(action, view.observation())
        return action

    def decision(self, game: Any, player: int, legal: Any) -> None:
        self.before = len(game.log)

    def action(self, game: Any, player: int, action: Any) -> None:
        if self.odds:
            self.taken.append((player, action, self.odds, self.before))


def test_victoriana_odds_name_the_pools_rolled() -> None:
    """Mutations caught: the odds without the multi-action penalty, or without the first
    actor's bonus."""
    checked = 0
    for _, events, _, odds in _games("victoriana", "skirmish", range(1, 9)):
        found = re.search(r"\((\d+) dice against (\d+) black\)", odds)
        assert found is not None, odds
        rolled = next(e for e in events if type(e).__name__ == "TaskRolled")
        assert (rolled.white_dice, rolled.black_dice) == (int(found[1]), int(found[2])), odds
        assert re.match(r"(hits|succeeds|on target) \d+\.\d%|(hits|succeeds) (<|>)", odds), odds
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("setup", ["first-blood", "orks-vs-tyranids"])
def test_df40k_odds_name_the_dogfight_skills_and_the_defender(setup: str) -> None:
    """Mutation caught: the odds of a fight on a ward without its escort taking it."""
    checked = 0
    for _, events, text, odds in _games("df40k", setup, range(1, 6)):
        if "Gargoyle" in text:
            assert re.fullmatch(r"a draw or better \S+%, a win \S+% \(\d+ behind\)", odds), odds
            continue
        rolled = next(e for e in events if type(e).__name__ == "DogfightRolled")
        found = re.search(r"DF (\d+) against (\d+)", odds)
        assert found is not None and (rolled.attacker_df, rolled.defender_df) == (
            int(found[1]),
            int(found[2]),
        ), (text, odds, rolled)
        declared = next(e for e in events if type(e).__name__ == "DogfightDeclared")
        assert ("takes the fight as its escort" in odds) == (declared.defender != declared.target)
        checked += 1
    assert checked > 5


def test_dockfighters_odds_name_the_dice_and_the_roll_needed() -> None:
    """An attack on an aircraft throws the dice the odds count, each needing the roll they
    name. Mutation caught: the odds counting the dice without the clouds crossed."""
    checked = 0
    for setup in ("aerial-dominance", "duel"):
        for _, events, text, odds in _games("dockfighters", setup, range(1, 5)):
            found = re.search(r"\((\d+) dice? at (\d)\+;", odds)
            fired = next((e for e in events if type(e).__name__ == "Fired"), None)
            if found is None or fired is None:
                continue
            thrown = sum(
                len(e.faces)
                for e in events
                if type(e).__name__ == "DiceRolled" and e.purpose.startswith("to hit (")
            )
            assert (thrown, fired.need) == (int(found[1]), int(found[2])), (text, odds)
            checked += 1
    assert checked > 10
