"""One driver for every loop: ``drive(game, seats, *observers)``."""

from __future__ import annotations

from typing import Any

from aerodrome.engine.agents import RandomAgent, agent_seed
from aerodrome.engine.driver import Observer, answer, drive
from aerodrome.engine.game import Game
from aerodrome.engine.ruleset import Ruleset
from tests.conftest import PLUGINS


class Log(Observer):
    """Notes what it is shown."""

    def __init__(self) -> None:
        self.seen: list[tuple[Any, ...]] = []

    def start(self, game: Any) -> None:
        self.seen.append(("start",))

    def decision(self, game: Any, player: int, legal: Any) -> None:
        self.seen.append(("decision", player, len(legal)))

    def action(self, game: Any, player: int, action: Any) -> None:
        self.seen.append(("action", player, action))

    def end(self, game: Any) -> None:
        self.seen.append(("end",))


def agents(game: Game[Any, Any, Any], seed: int) -> list[RandomAgent]:
    return [RandomAgent(agent_seed(seed, p)) for p in range(len(game.setup.seats))]


def bare(game: Game[Any, Any, Any], players: list[RandomAgent]) -> None:
    """The loop drive replaces, for reference."""
    from aerodrome.engine.agents import PlayerView

    while game.waiting_for():
        for p in game.waiting_for():
            game.apply(p, players[p].choose(PlayerView(game, p), game.legal_actions(p)))


def test_drive_plays_the_game_a_bare_loop_plays_and_shows_every_step(
    ruleset: Ruleset[Any, Any, Any],
) -> None:
    """With or without observers, the same game as the bare loop; observers see the start,
    each decision before its action, and the end. Mutation caught: a watched loop that
    answers in another order than the tight one."""
    plain, watched, reference = (Game(ruleset, None, 7) for _ in range(3))
    bare(reference, agents(reference, 7))
    made = drive(plain, agents(plain, 7))
    log = Log()
    assert drive(watched, agents(watched, 7), log) == made == len(reference.history)
    assert plain.history == watched.history == reference.history
    assert plain.log_bytes() == reference.log_bytes()
    seen = log.seen
    assert seen[0] == ("start",) and seen[-1] == ("end",)
    steps = seen[1:-1]
    assert [s[0] for s in steps] == ["decision", "action"] * made
    assert [(s[1], s[2]) for s in steps[1::2]] == reference.history


def test_drive_returns_when_only_external_seats_owe_and_goes_on_after_an_answer() -> None:
    """The joust's passes are simultaneous: the agent at seat 1 commits first, then drive
    returns for the external seat 0; its answer (through ``answer``) resolves the pass."""
    joust = PLUGINS.ruleset("joust")
    game: Game[Any, Any, Any] = Game(joust, None, 3)
    log = Log()
    seats = [None, RandomAgent(1)]
    assert drive(game, seats, log) == 1
    assert game.waiting_for() == (0,) and [p for p, _ in game.history] == [1]
    answer(game, 0, game.legal_actions(0)[0], log)
    assert game.history[-1][0] == 0 and log.seen[-1][:2] == ("action", 0)
    assert drive(game, seats, log) == 1 and game.waiting_for() == (0,)
    assert log.seen.count(("start",)) == 1  # the game started once


def test_a_limit_bounds_the_decisions_a_round_of_answers_at_a_time() -> None:
    joust = PLUGINS.ruleset("joust")
    game: Game[Any, Any, Any] = Game(joust, None, 3)
    players = agents(game, 3)
    assert drive(game, players, limit=1) == 2  # both passes of the round: one round
    assert drive(game, players, limit=3) == 4
    assert len(game.history) == 6
    classic = Game(PLUGINS.ruleset("classic"), None, 3)
    assert drive(classic, agents(classic, 3), limit=5) == 5


def test_a_finished_game_is_driven_nowhere() -> None:
    joust = PLUGINS.ruleset("joust")
    game: Game[Any, Any, Any] = Game(joust, None, 3)
    drive(game, agents(game, 3))
    log = Log()
    assert drive(game, agents(game, 3), log) == 0 and log.seen == [("end",)]
