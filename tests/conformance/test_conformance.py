"""One conformance suite over every registered ruleset (OpenSpiel's random_sim_test, extended).

For each ruleset and each of its setups: random playouts to the end, the ruleset's own
invariants after every action, a serialise/deserialise round trip of the state and of every
action at every step, observations that serialise, clone independence, replay identity, and
rejection of an idle player's action with a clear error. The contracts that must be able to
fail (observation isolation, secrets, the owing player's illegal action, capabilities) are
in ``test_contracts.py``.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from aerodrome import Game, IllegalActionError
from aerodrome.agents import RandomAgent, agent_seed
from aerodrome.game import copy_state
from aerodrome.saves import read_save, replay, verify, write_save
from tests.conftest import PLUGINS

CASES = [
    (name, setup.name)
    for name in PLUGINS.ruleset_names()
    for setup in PLUGINS.ruleset(name).setups()
]
SEEDS = (1, 2, 3)


def _random_playout(game: Game, seed: int, *, check: bool) -> None:
    agents = [RandomAgent(agent_seed(seed, p)) for p in range(len(game.setup.seats))]
    ruleset = game.ruleset
    union: Any = ruleset.action_types[0]
    for t in ruleset.action_types[1:]:
        union = union | t
    while not game.is_over():
        decision = game.decision()
        assert decision is not None and decision.players, "a live game must owe a decision"
        for player in game.waiting_for():
            legal = game.legal_actions(player)
            assert legal, (
                f"{ruleset.name}: player {player} owes {decision.kind} but has no legal action"
            )
            action = legal[agents[player].rng.randrange(len(legal))]
            if check:
                data = msgspec.json.encode(action)
                assert msgspec.json.decode(data, type=union) == action
                msgspec.json.encode(game.observation(player))
            game.apply(player, action)
        if check:
            state = game.state
            assert msgspec.msgpack.encode(copy_state(state)) == msgspec.msgpack.encode(state)
            broken = ruleset.invariants(state)
            assert not broken, f"{ruleset.name} round {game.round}: {broken}"


@pytest.mark.parametrize(("ruleset", "setup"), CASES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_reaches_the_end(ruleset: str, setup: str, seed: int) -> None:
    game = Game(PLUGINS.ruleset(ruleset), setup, seed)
    _random_playout(game, seed, check=True)
    result = game.result()
    assert result.rounds >= 1
    assert set(result.winners) <= set(game.setup.sides)
    msgspec.json.encode(result)


@pytest.mark.parametrize(("ruleset", "setup"), CASES)
def test_replay_reproduces_the_event_log(ruleset: str, setup: str, tmp_path: Any) -> None:
    game = Game(PLUGINS.ruleset(ruleset), setup, 7)
    _random_playout(game, 7, check=False)
    path = tmp_path / "game.json"
    write_save(game, path)
    again = replay(read_save(path), PLUGINS, str(path))
    verify(read_save(path), again)
    assert again.log_bytes() == game.log_bytes()
    assert again.result() == game.result()


@pytest.mark.parametrize(("ruleset", "setup"), CASES)
def test_clone_is_independent(ruleset: str, setup: str) -> None:
    game = Game(PLUGINS.ruleset(ruleset), setup, 11)
    before = game.log_bytes()
    twin = game.clone()
    _random_playout(twin, 11, check=False)
    assert game.log_bytes() == before
    _random_playout(game, 11, check=False)
    assert game.log_bytes() == twin.log_bytes()


@pytest.mark.parametrize(("ruleset", "setup"), CASES)
def test_illegal_actions_are_refused(ruleset: str, setup: str) -> None:
    game = Game(PLUGINS.ruleset(ruleset), setup, 3)
    waiting = game.waiting_for()
    idle = [p for p in range(len(game.setup.seats)) if p not in waiting]
    legal = game.legal_actions(waiting[0])
    if idle:
        with pytest.raises(IllegalActionError):
            game.apply(idle[0], legal[0])
    assert game.legal_actions(waiting[0]) == legal
