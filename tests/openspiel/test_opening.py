"""The opening as chance nodes (issue 38, item 3): with ``opening="chance"`` every roll and
deal before the first decision is a chance node, so chance-sampling algorithms see the whole
game; ``opening="seed"`` (the default) keeps the seed's opening."""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from typing import Any

import pytest

from tests.conftest import PLUGINS
from tests.openspiel.conftest import require_openspiel

require_openspiel()

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python.algorithms import mcts, outcome_sampling_mccfr  # noqa: E402

from aerodrome import Game  # noqa: E402
from aerodrome.bridges.openspiel import game_name, register  # noqa: E402
from aerodrome.engine.dice import Dice  # noqa: E402
from aerodrome.engine.errors import AerodromeError  # noqa: E402

register(PLUGINS)

CASES = [(name, s.name) for name in PLUGINS.ruleset_names() for s in PLUGINS.ruleset(name).setups()]


class Draws(Dice):
    """The seed's dice, noting the sides of every single draw in order: a die of ``s`` sides
    is ``s``; a shuffle of ``n`` items the ``n - 1`` draws of a Fisher-Yates shuffle."""

    __slots__ = ("draws", "shuffled")

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.draws: list[int] = []
        self.shuffled = False

    def _die(self, sides: int) -> int:
        self.draws.append(sides)
        return super()._die(sides)

    def _faces(self, count: int, sides: int) -> list[int]:
        self.draws += [sides] * count
        return super()._faces(count, sides)

    def shuffle(self, items: MutableSequence[Any]) -> None:
        self.draws += range(len(items), 1, -1)
        self.shuffled = True
        super().shuffle(items)


def opening(ruleset: str, setup: str, seed: int) -> tuple[Any, list[int]]:
    """The first decision of the chance opening when each chance node is given the face the
    seed's dice roll for a die of its sides, and the sides of the chance nodes passed."""
    game = pyspiel.load_game(
        game_name(ruleset), {"setup": setup, "seed": seed, "opening": "chance"}
    )
    state = game.new_initial_state()
    dice = Dice(seed)
    sides = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == list(range(len(outcomes)))
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        assert all(p == pytest.approx(1 / len(outcomes)) for _, p in outcomes)
        sides.append(len(outcomes))
        state.apply_action(dice._die(len(outcomes)) - 1)
    return state, sides


@pytest.mark.parametrize(("ruleset", "setup"), CASES, ids=[f"{r}-{s}" for r, s in CASES])
def test_the_chance_opening_is_the_openings_draws(ruleset: str, setup: str) -> None:
    """The chance nodes before the first decision are the opening's draws, in order and
    with their sides (each outcome of probability 1/sides, summing to 1); given the faces
    the seed rolls, they lead to the seed's first decision (where the opening shuffles
    nothing: a shuffle is drawn as Fisher-Yates, not as ``random.shuffle``). Mutations
    caught: the opening's rolls taken from the seed (no chance node: 'draws' red); a batch
    of dice announced with one die too few ('scripted face' error or draws red)."""
    draws = Draws(4)
    Game(PLUGINS.ruleset(ruleset), setup, 4, record=False, dice=draws)
    state, sides = opening(ruleset, setup, 4)
    assert sides == draws.draws
    if not draws.shuffled:
        seeded = pyspiel.load_game(game_name(ruleset), {"setup": setup, "seed": 4})
        assert str(state) == str(seeded.new_initial_state())


def test_the_default_opening_is_the_seeds() -> None:
    """``opening`` defaults to "seed": a game loaded as before starts at its first decision
    (Dockfighters rolls for the initiative before it)."""
    game = pyspiel.load_game(game_name("dockfighters"), {"setup": "duel"})
    assert game.get_parameters()["opening"] == "seed"
    assert not game.new_initial_state().is_chance_node()
    chance = pyspiel.load_game(game_name("dockfighters"), {"setup": "duel", "opening": "chance"})
    assert chance.new_initial_state().is_chance_node()


def test_a_bad_opening_is_named_in_one_line() -> None:
    with pytest.raises(AerodromeError, match="opening must be 'seed' or 'chance', not 'dice'"):
        pyspiel.load_game(game_name("joust"), {"opening": "dice"})


def rolls_before_deciding(ruleset: str) -> list[str]:
    """The set-ups of ``ruleset`` that roll before their first decision."""
    found = []
    for setup in PLUGINS.ruleset(ruleset).setups():
        draws = Draws(0)
        Game(PLUGINS.ruleset(ruleset), setup, 0, record=False, dice=draws)
        if draws.draws:
            found.append(setup.name)
    return found


ROLLING = [n for n in PLUGINS.ruleset_names() if rolls_before_deciding(n)]


@pytest.mark.parametrize("ruleset", PLUGINS.ruleset_names())
def test_random_sim_test_with_a_chance_opening(ruleset: str) -> None:
    """OpenSpiel's own checks (serialisation included: a pickled state is its actions from
    the start, the opening's outcomes among them) on every set-up, two rounds at most."""
    for setup in PLUGINS.ruleset(ruleset).setups():
        params = {"setup": setup.name, "max_rounds": 2, "opening": "chance"}
        game = pyspiel.load_game(game_name(ruleset), params)
        pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


#: Victoriana's games pass hundreds of chance nodes of 1/6 before a round ends: OpenSpiel's
#: outcome-sampling MCCFR multiplies their probabilities into a reach that underflows to 0
#: and divides by it (RuntimeWarning, NaN regrets; docs/howto-openspiel.md): MCTS there.
MCCFR = [n for n in ROLLING if n != "victoriana"]


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize("ruleset", MCCFR)
def test_outcome_sampling_mccfr_samples_the_opening(ruleset: str) -> None:
    """Outcome-sampling MCCFR (a chance-sampling algorithm, from the game's first state)
    runs through games whose opening is chance, without a numerical warning; different
    openings lead to different first decisions (different information states), and the
    average policy gives each a distribution over its legal actions."""
    setup = rolls_before_deciding(ruleset)[0]
    params = {"setup": setup, "max_rounds": 1, "opening": "chance", "max_moves": 40}
    game = pyspiel.load_game(game_name(ruleset), params)
    assert game.new_initial_state().is_chance_node()
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(10):
        solver.iteration()
    policy = solver.average_policy()
    firsts = set()
    rng = random.Random(1)
    for _ in range(6):
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        firsts.add(state.information_state_string())
        probs = policy.action_probabilities(state)
        assert set(probs) <= set(state.legal_actions())
        assert sum(probs.values()) == pytest.approx(1.0)
    assert len(firsts) > 1


@pytest.mark.parametrize("ruleset", ROLLING)
def test_mcts_plays_games_with_a_chance_opening(ruleset: str) -> None:
    """OpenSpiel's MCTSBot with random rollouts (chance sampled by its odds in the tree and
    the rollouts) plays every seat of a game whose opening was drawn at chance nodes."""
    params = {"setup": rolls_before_deciding(ruleset)[0], "max_rounds": 1, "opening": "chance"}
    game = pyspiel.load_game(game_name(ruleset), params)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bots = {
        seat: mcts.MCTSBot(game, 2, 4, evaluator, random_state=np.random.RandomState(seat))
        for seat in range(game.num_players())
    }
    state = game.new_initial_state()
    rng = random.Random(0)
    opened = moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            opened += moves == 0
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(bots[state.current_player()].step(state))
            moves += 1
    assert opened > 0
    assert moves > 0
