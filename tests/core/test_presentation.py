"""Words for people from a ruleset's Presentation: a log sentence reads the same whenever it
is read; every legal action has a label of its own."""

from __future__ import annotations

from typing import Any

import pytest

from aerodrome.engine.agents import RandomAgent, agent_seed
from aerodrome.engine.capabilities import Presentation, capability
from aerodrome.engine.driver import Observer, drive
from aerodrome.engine.events import ActionTaken, DecisionCommitted
from aerodrome.engine.game import Game
from aerodrome.ui.choices import spoken
from tests.conftest import PLUGINS
from tests.playouts import rounds

PRESENTED = [n for n in PLUGINS.ruleset_names() if capability(PLUGINS.ruleset(n), Presentation)]


def _cases() -> list[tuple[str, str]]:
    return [(n, s.name) for n in PRESENTED for s in PLUGINS.ruleset(n).setups()]


@pytest.mark.parametrize(("name", "setup"), _cases())
def test_a_log_sentence_reads_the_same_when_read_later(name: str, setup: str) -> None:
    """Each answer's sentence, read by each seat right after it was taken and again every
    few actions until the end of the game, is the same (the log is worded when read: a sentence that reads an
    index into something that changes, or the phase, would change). Mutation caught:
    Dockfighters' "moves next"/"fires next" of an activation read from the view."""
    ruleset = PLUGINS.ruleset(name)
    shown: Any = capability(ruleset, Presentation)
    game: Game[Any, Any, Any] = Game(ruleset, setup, 1)
    seats = range(len(game.setup.seats))
    agents = [RandomAgent(agent_seed(1, p)) for p in seats]
    first: dict[tuple[int, int], str] = {}
    words = FirstWords(shown, first)
    for _ in rounds(game, agents, words):
        if len(game.history) % 7 == 0:
            _read_again(shown, game, first)
        if len(game.history) >= 200:
            break
    _read_again(shown, game, first)


class FirstWords(Observer):
    """Each answer's sentence as each seat reads it right after it was taken."""

    def __init__(self, shown: Any, first: dict[tuple[int, int], str]) -> None:
        self.shown, self.first, self.before = shown, first, 0

    def decision(self, game: Any, player: int, legal: Any) -> None:
        self.before = len(game.log)

    def action(self, game: Any, player: int, action: Any) -> None:
        for q in range(len(game.setup.seats)):
            view = game.observation(q)
            for i, e in enumerate(game.log[self.before :], self.before):
                if isinstance(e, ActionTaken | DecisionCommitted) and e.visible_to(q):
                    self.first[(i, q)] = self.shown.sentence(e.action, view)


def _read_again(shown: Any, game: Game[Any, Any, Any], first: dict[tuple[int, int], str]) -> None:
    """Every sentence of ``first`` (by event index and seat) read again from the seat's view
    now."""
    views = {q: game.observation(q) for q in range(len(game.setup.seats))}
    for (i, q), said in first.items():
        event = game.log[i]
        assert isinstance(event, ActionTaken | DecisionCommitted)
        assert shown.sentence(event.action, views[q]) == said, said


@pytest.mark.parametrize(("name", "setup"), _cases())
def test_legal_actions_have_labels_of_their_own(name: str, setup: str) -> None:
    """No two legal actions of one decision are offered with the same words; a path element
    is never empty. Mutation caught: a move's label without its route's details."""
    ruleset = PLUGINS.ruleset(name)
    shown: Any = capability(ruleset, Presentation)
    game: Game[Any, Any, Any] = Game(ruleset, setup, 3)
    agents = [RandomAgent(agent_seed(3, p)) for p in range(len(game.setup.seats))]
    drive(game, agents, OwnLabels(shown), limit=200)


class OwnLabels(Observer):
    """At every decision: no two legal actions with the same words, no empty part."""

    def __init__(self, shown: Any) -> None:
        self.shown = shown

    def decision(self, game: Any, player: int, legal: Any) -> None:
        view = game.observation(player)
        labels = [self.shown.label(a, view) for a in legal]
        said = [spoken(lab) for lab in labels]
        assert len(set(said)) == len(said), [s for s in said if said.count(s) > 1][:3]
        assert all(part.strip() for lab in labels for part in (*lab.path, lab.text))
