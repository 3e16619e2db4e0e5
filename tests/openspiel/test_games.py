"""Every registered ruleset as a pyspiel game: OpenSpiel's own ``random_sim_test``, its
``MCTSBot`` and ``ISMCTSBot`` playing whole games, explicit chance nodes that no search can
see past, and ``resample_from_infostate`` keeping what the player knows."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.conftest import PLUGINS
from tests.openspiel.conftest import require_openspiel

require_openspiel()

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from aerodrome.bridges.openspiel import game_name, register  # noqa: E402
from aerodrome.engine.errors import AerodromeError  # noqa: E402

NAMES = PLUGINS.ruleset_names()
register(PLUGINS)
#: Short games: a round cap keeps searches within the suite's budget (Victoriana's rounds
#: roll hundreds of dice, each a chance node: one round for the searches).
SHORT = {"max_rounds": 2}
SEARCH_ROUNDS = {"victoriana": 1}


def load(ruleset: str, **params: Any) -> Any:
    return pyspiel.load_game(game_name(ruleset), {**SHORT, **params})


def play_out(state: Any, rng: random.Random, bots: dict[int, Any]) -> int:
    """Play ``state`` to its end: chance by its odds, ``bots`` where given, else random.
    Returns the number of answers played."""
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            assert sum(probs) == pytest.approx(1.0)
            state.apply_action(rng.choice(outcomes))
            continue
        player = state.current_player()
        bot = bots.get(player)
        state.apply_action(bot.step(state) if bot else rng.choice(state.legal_actions()))
        moves += 1
    return moves


@pytest.mark.parametrize("ruleset", NAMES)
def test_random_sim_test(ruleset: str) -> None:
    """OpenSpiel's own checks over random games: legal actions sorted and only for the player
    to move, unique action strings, clones that play on identically, serialisation (a
    pickled state played again from its actions), tensors of the declared sizes, returns
    within the utilities."""
    pyspiel.random_sim_test(load(ruleset), num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("ruleset", NAMES)
def test_random_sim_test_of_every_setup(ruleset: str) -> None:
    for setup in PLUGINS.ruleset(ruleset).setups():
        game = load(ruleset, setup=setup.name, max_rounds=2)
        pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("ruleset", NAMES)
def test_mcts_bot_plays_whole_games(ruleset: str) -> None:
    game = load(ruleset, max_rounds=SEARCH_ROUNDS.get(ruleset, 2))
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    for seat in range(game.num_players()):
        bot = mcts.MCTSBot(game, 2, 4, evaluator, random_state=np.random.RandomState(seat))
        state = game.new_initial_state()
        assert play_out(state, random.Random(seat), {seat: bot}) > 0
        assert state.is_terminal()


@pytest.mark.parametrize("ruleset", NAMES)
def test_ismcts_bot_plays_whole_games(ruleset: str) -> None:
    """ISMCTS searches information sets of resampled states; OpenSpiel's ISMCTSBot refuses a
    perfect-information game by its own assertion (there it is plain MCTS), which is what
    the game type of a ruleset without hidden information or simultaneous decisions says."""
    game = load(ruleset, max_rounds=SEARCH_ROUNDS.get(ruleset, 2))
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    caps = PLUGINS.ruleset(ruleset).capabilities
    imperfect = game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert imperfect == (caps.hidden_information or caps.simultaneous)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=np.random.RandomState(0))
    state = game.new_initial_state()
    if not imperfect:
        with pytest.raises(AssertionError):
            play_out(state, random.Random(0), {0: bot})
        return
    for seat in range(game.num_players()):
        bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=np.random.RandomState(seat))
        state = game.new_initial_state()
        assert play_out(state, random.Random(seat), {seat: bot}) > 0


@pytest.mark.parametrize("ruleset", [n for n in NAMES if PLUGINS.ruleset(n).capabilities.chance])
def test_rolls_are_chance_nodes_no_search_can_see_past(ruleset: str) -> None:
    """After an answer that rolls, the state is a chance node: its future is not in the
    state, so a clone (what MCTS searches) holds no future rolls. Two different outcomes of
    the same chance node lead to different positions; the same outcome to the same one.
    Mutation caught: resolving an answer with the game's own seeded dice (no chance node)."""
    game = load(ruleset, max_rounds=0)
    state = game.new_initial_state()
    rng = random.Random(5)
    seen = differ = 0
    for _ in range(400):
        if state.is_terminal():
            state = game.new_initial_state()
        if state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            assert game.max_chance_outcomes() >= len(outcomes)
            if len(outcomes) > 1:
                first, again, other = state.clone(), state.clone(), state.clone()
                first.apply_action(outcomes[0])
                again.apply_action(outcomes[0])
                other.apply_action(outcomes[-1])
                assert str(first) == str(again)
                differ += str(first) != str(other)
                seen += 1
            state.apply_action(rng.choice(outcomes))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert seen > 0
    assert differ > 0


def test_sealed_orders_are_resampled_for_the_other_player() -> None:
    """df40k's orders are one simultaneous decision: in the turn-based form player 1 answers
    after player 0 committed in secret. The information state of player 1 does not show
    player 0's orders, and a state resampled for player 1 has the same information state
    (player 0's orders drawn anew) and player 1 to move: what ISMCTS needs and what crashed
    an outside adapter ("sealed orders ... not a legal orders")."""
    game = load("df40k", max_rounds=0)
    rng = random.Random(2)
    state = game.new_initial_state()
    differ = 0
    for seed in range(20):
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        assert state.current_player() == 0
        legal = state.legal_actions()
        state.apply_action(legal[seed % len(legal)])
        assert state.current_player() == 1
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        resampled = state.resample_from_infostate(1, sampler)
        assert resampled.current_player() == 1
        assert resampled.information_state_string(1) == state.information_state_string(1)
        assert resampled.legal_actions() == state.legal_actions()
        differ += resampled.play.game.history[-1] != state.play.game.history[-1]
        resampled.apply_action(resampled.legal_actions()[0])  # plays on
    assert differ > 0


@pytest.mark.parametrize("ruleset", NAMES)
def test_observations_and_information_states(ruleset: str) -> None:
    game = load(ruleset)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    for player in range(game.num_players()):
        tensor = state.observation_tensor(player)
        assert len(tensor) == game.observation_tensor_size() > 0
        assert all(np.isfinite(tensor))
        assert len(state.information_state_tensor(player)) == game.information_state_tensor_size()
        assert state.observation_string(player)
        assert state.information_state_string(player).startswith("moves 0; mine []")


def test_an_illegal_action_is_refused() -> None:
    game = load("df40k")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(0)
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(AerodromeError, match=f"action {illegal} is not legal for player 0"):
        state.apply_action(illegal)


def test_parameters_choose_the_setup_and_a_bad_one_is_named() -> None:
    setups = PLUGINS.ruleset("df40k").setups()
    game = load("df40k", setup=setups[-1].name)
    assert game.get_parameters()["setup"] == setups[-1].name
    with pytest.raises(Exception, match="nosuch"):
        load("df40k", setup="nosuch")
    # df40k's first round only brings flyers in: a cap of 1 round ends before any decision
    with pytest.raises(AerodromeError, match="over before its first decision"):
        load("df40k", max_rounds=1)


SIMULTANEOUS = [n for n in NAMES if PLUGINS.ruleset(n).capabilities.simultaneous]


@pytest.mark.parametrize("ruleset", SIMULTANEOUS)
def test_the_simultaneous_form(ruleset: str) -> None:
    """A ruleset with simultaneous decisions also loads with simultaneous dynamics: its
    simultaneous decisions are simultaneous nodes (every owing player's answer applied at
    once), its other decisions and its rolls as in the sequential form. OpenSpiel's
    random_sim_test passes on it and on its turn-based conversion. Mutation caught: the
    state answering a single player at a simultaneous decision (no simultaneous node met)."""
    game = pyspiel.load_game(game_name(ruleset, simultaneous=True), SHORT)
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    pyspiel.random_sim_test(pyspiel.convert_to_turn_based(game), 1, False, False)
    rng = random.Random(3)
    joint = 0
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        elif state.is_simultaneous_node():
            joint += 1
            legal = [state.legal_actions(p) for p in range(game.num_players())]
            assert sum(1 for actions in legal if actions) > 1
            state.apply_actions([rng.choice(actions) if actions else 0 for actions in legal])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert joint > 0


def test_the_sequential_form_is_the_only_one_without_simultaneous_decisions() -> None:
    names = set(pyspiel.registered_names())
    for ruleset in NAMES:
        has = PLUGINS.ruleset(ruleset).capabilities.simultaneous
        assert game_name(ruleset) in names
        assert (game_name(ruleset, simultaneous=True) in names) == has


def test_classic_legal_list_numbers_name_the_same_actions_in_an_information_state() -> None:
    """Classic numbers an action by its place in the legal list: a state resampled for the
    player to move offers the same actions in the same order, so a number means the same
    in every state of the information state (what ISMCTS keys its nodes by)."""
    game = load("classic", max_rounds=0)
    rng = random.Random(4)
    state = game.new_initial_state()
    checked = 0
    while checked < 40 and not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        player = state.current_player()
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        other = state.resample_from_infostate(player, sampler)
        mine = list(state.play.game.legal_actions(player))
        assert list(other.play.game.legal_actions(player)) == mine
        assert other.information_state_string(player) == state.information_state_string(player)
        checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked == 40
