"""The ``mcts`` agent: parameterised names, registration for every ruleset, seeding, and the
proof that it only ever searches determinised games (tiny budgets: strength is measured by
``benchmarks/bench_search.py``, not here)."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from aerodrome import Game
from aerodrome.engine.agents import AgentParameterError, PlayerView, agent_seed
from aerodrome.engine.errors import UnknownNameError
from aerodrome.search import (
    DEFAULT_STEPS,
    Arm,
    MCTSAgent,
    SearchOptions,
    parse_options,
    rewards,
    select,
)
from tests.conftest import PLUGINS


# -- names and parameters -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("500", SearchOptions(iterations=500)),
        ("200ms", SearchOptions(iterations=None, milliseconds=200.0)),
        ("50:bot", SearchOptions(iterations=50, rollout="bot")),
        ("depth=12:30:c=0.5", SearchOptions(iterations=30, depth=12, exploration=0.5)),
        ("random", SearchOptions(rollout="random")),
        ("8000steps", SearchOptions(steps=8000)),
        (
            "widen=0:prior=off:eval=material:40:bias=0.5",
            SearchOptions(iterations=40, widen=0.0, prior=False, evaluation="material", bias=0.5),
        ),
    ],
)
def test_parameters_parse(text: str, expected: SearchOptions) -> None:
    assert parse_options(text) == expected


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("mcts:0", r"'mcts:0': budget must be from 1 to 1000000 iterations, got 0"),
        ("mcts:abc", r"'mcts:abc': 'abc' is not a budget \(500 iterations, 8000steps or 200ms\)"),
        ("mcts:0steps", r"budget must be from 1 to 100000000 steps, got 0"),
        ("mcts:10h", r"'mcts:10h': budget '10h' is not a whole number"),
        ("mcts:0ms", r"budget must be from 1 to 600000 ms, got 0"),
        ("mcts:5:6", r"two budgets \('6'\)"),
        ("mcts:depth=0", r"depth must be from 1"),
        ("mcts:c=-1", r"c must be a number ≥ 0, got '-1'"),
        ("mcts:", r"nothing after the colon \(write mcts:ITERATIONS"),
        ("mcts:prior=maybe", r"'prior=maybe' is not a budget .* prior=on\|off"),
        ("mcts:widen=x", r"widen must be a number ≥ 0, got 'x'"),
        ("random:3", r"agent 'random:3': 'random' takes no parameters"),
    ],
)
def test_bad_agent_names_get_one_clear_line(name: str, message: str) -> None:
    with pytest.raises(AgentParameterError, match=message):
        PLUGINS.agent("classic", name)


def test_an_unknown_base_name_suggests_the_known_ones() -> None:
    with pytest.raises(UnknownNameError, match=r"unknown agent for classic 'mtcs'.*mcts"):
        PLUGINS.agent("classic", "mtcs:50")


def test_bot_rollouts_need_a_bot() -> None:
    assert PLUGINS.agent("classic", "mcts:5:bot").name == "mcts:5:bot"
    with pytest.raises(AgentParameterError, match="no 'bot' agent to roll out with"):
        PLUGINS.agent("joust", "mcts:5:bot")


def test_plain_mcts_rolls_out_with_the_bot_when_there_is_one() -> None:
    """``auto`` rollouts: the ruleset's bot where it has one, random where not (mutation
    caught: the plain name keeping the unconfigured random-rollout factory)."""
    for ruleset, bot in (("classic", True), ("joust", False)):
        rules = PLUGINS.ruleset(ruleset)
        agent = PLUGINS.agent(ruleset, "mcts").factory(rules, 0, 1)
        assert isinstance(agent, MCTSAgent) and (agent.rollout is not None) is bot
        assert PLUGINS.agent(ruleset, "mcts:5:random").factory(rules, 0, 1).rollout is None  # type: ignore[attr-defined]


def test_mcts_is_registered_for_every_ruleset_third_party_included() -> None:
    assert "joust" in PLUGINS.ruleset_names()
    for name in PLUGINS.ruleset_names():
        spec = PLUGINS.agent(name, "mcts")
        assert spec.ruleset is None and spec.configure is not None
        assert PLUGINS.agent(name, "mcts:7").name == "mcts:7"


# -- playing --------------------------------------------------------------------------------
def play(
    ruleset: str, agents: list[str], seed: int, decisions: int = 10_000
) -> Game[Any, Any, Any]:
    """``agents`` (names) play a game seeded ``seed`` for at most ``decisions`` decisions."""
    rules = PLUGINS.ruleset(ruleset)
    made = [
        PLUGINS.agent(ruleset, a).factory(rules, p, agent_seed(seed, p))
        for p, a in enumerate(agents)
    ]
    game = Game(rules, None, seed, record=False)
    views = [PlayerView(game, p) for p in range(len(made))]
    for _ in range(decisions):
        if game.is_over():
            break
        for p in game.waiting_for():
            game.apply(p, made[p].choose(views[p], game.legal_actions(p)))
    return game


@pytest.mark.parametrize("ruleset", PLUGINS.ruleset_names())
def test_same_seed_same_choices(ruleset: str) -> None:
    seats = len(PLUGINS.ruleset(ruleset).setup().seats)
    agents = ["mcts:6:depth=8"] + ["random"] * (seats - 1)
    a, b = play(ruleset, agents, 11, 60), play(ruleset, agents, 11, 60)
    assert len(a.history) >= 5 and a.history == b.history
    c = play(ruleset, agents, 12, 60)
    assert c.history != a.history


def test_bot_rollouts_play_a_game() -> None:
    game = play("df40k", ["mcts:4:bot:depth=6", "bot"], 3)
    assert game.is_over()


def test_mixed_rollouts_are_seeded_and_need_a_bot() -> None:
    """``mix``: the bot or random for each player in each iteration, drawn from the agent's
    own stream: same seed, same game."""
    a = play("df40k", ["mcts:8:mix:depth=12", "random"], 5)
    b = play("df40k", ["mcts:8:mix:depth=12", "random"], 5)
    assert a.is_over() and a.history == b.history
    with pytest.raises(AgentParameterError, match="no 'bot' agent to roll out with"):
        PLUGINS.agent("joust", "mcts:5:mix")


def test_rewards_score_results_and_material() -> None:
    rules = PLUGINS.ruleset("classic")
    game = Game(rules, None, 1, record=False)
    assert rewards(game) == [0.5, 0.5]  # as many planes each
    state = game.state
    side0 = game.setup.seats[0].side
    plane = next(p for p in state.planes.values() if state.squadrons[p.squadron].side == side0)
    plane.alive = False
    lost = rewards(game)
    assert lost[0] < 0.5 < lost[1] and abs(sum(lost) - 1) < 1e-9


# -- honesty --------------------------------------------------------------------------------
class SpyView(PlayerView[Any, Any]):
    """A view that records every game it hands to the agent."""

    def __init__(self, game: Game[Any, Any, Any], player: int) -> None:
        super().__init__(game, player)
        self.handed: list[Game[Any, Any, Any]] = []
        #: each handed game as it was handed: (observation of the player, referee's view)
        self.seen: list[tuple[bytes, bytes]] = []

    def determinised(self, seed: int, *, record: bool | None = None) -> Game[Any, Any, Any]:
        game = super().determinised(seed, record=record)
        self.handed.append(game)
        self.seen.append(
            (
                msgspec.msgpack.encode(game.observation(self.player)),
                msgspec.msgpack.encode(game.observation(None)),
            )
        )
        return game


def classic_midgame(seed: int) -> tuple[Game[Any, Any, Any], int]:
    """A classic game after the guns are placed, with both hands dealt, and who owes."""
    game = Game(PLUGINS.ruleset("classic"), None, seed, record=False)
    rng = random.Random(seed)
    while True:
        player = game.waiting_for()[0]
        legal = game.legal_actions(player)
        other = game.state.squadrons[game.state.seat_squadrons[1 - player][0]]
        if all(game.state.guns_placed) and other.hand and len(legal) > 1:
            return game, player
        game.apply(player, legal[rng.randrange(len(legal))])


def test_mcts_searches_determinised_games_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The wrapper proves it: every game the agent plays on (apply, legal actions, result)
    was handed out by the view's ``determinised``; the real game is never touched; the
    handed games show the player the real observation but deal the hidden cards and guns
    differently (mutation caught: a view whose ``determinised`` returns ``clone()``, or an
    agent that reads ``view._game``)."""
    game, player = classic_midgame(5)
    real_state = msgspec.msgpack.encode(game.state)
    touched: list[Game[Any, Any, Any]] = []
    for method in ("apply", "legal_actions", "waiting_for", "is_over"):
        original = getattr(Game, method)

        def spy(self: Game[Any, Any, Any], *args: Any, _original: Any = original) -> Any:
            touched.append(self)
            return _original(self, *args)

        monkeypatch.setattr(Game, method, spy)
    view = SpyView(game, player)
    agent = MCTSAgent(PLUGINS.ruleset("classic"), player, 1, SearchOptions(iterations=25))
    legal = game.legal_actions(player)
    touched.clear()
    choice = agent.choose(view, legal)
    monkeypatch.undo()
    assert choice in legal
    assert len(view.handed) == 25 == agent.last_iterations
    handed = {id(g) for g in view.handed}
    assert touched and all(id(g) in handed for g in touched), "searched a game not determinised"
    assert msgspec.msgpack.encode(game.state) == real_state
    mine = msgspec.msgpack.encode(game.observation(player))
    truth = msgspec.msgpack.encode(game.observation(None))
    assert all(g is not game for g in view.handed)
    assert all(seen == mine for seen, _ in view.seen), "the player saw a different game"
    assert any(referee != truth for _, referee in view.seen), "hidden cards were not redealt"


def test_a_simultaneous_answer_committed_by_another_player_is_never_read() -> None:
    """Decoupled search at a simultaneous decision: whatever the other player committed
    first, the agent's choice is the same (mutation caught: determinised() keeping the
    other player's commitment)."""
    rules = PLUGINS.ruleset("victoriana")
    game = Game(rules, None, 2, record=False)
    rng = random.Random(2)
    while True:
        d = game.decision()
        assert d is not None
        if d.simultaneous and len(game.waiting_for()) == 2:
            other, me = game.waiting_for()
            if len(game.legal_actions(other)) > 1 and len(game.legal_actions(me)) > 1:
                break
        for p in game.waiting_for():
            legal = game.legal_actions(p)
            game.apply(p, legal[rng.randrange(len(legal))])
    choices = set()
    for answer in game.legal_actions(other)[:3]:
        committed = game.clone()
        committed.apply(other, answer)
        agent = MCTSAgent(rules, me, 9, SearchOptions(iterations=30, depth=10))
        choices.add(agent.choose(PlayerView(committed, me), committed.legal_actions(me)))
    assert len(choices) == 1


def test_the_default_budget_is_simulated_decisions() -> None:
    default = SearchOptions()
    assert default.steps == DEFAULT_STEPS and default.iterations is None
    assert default.milliseconds is None
    assert SearchOptions(iterations=5).steps is None


def test_a_step_budget_stops_after_that_many_simulated_decisions() -> None:
    game, player = classic_midgame(4)
    agent = MCTSAgent(PLUGINS.ruleset("classic"), player, 1, SearchOptions(steps=100, depth=10))
    agent.choose(PlayerView(game, player), game.legal_actions(player))
    assert 100 <= agent.last_steps < 100 + 10 and agent.last_iterations >= 10


def test_a_progressive_bias_favours_the_prior_among_tried_actions() -> None:
    """``bias`` adds ``bias/visits`` to the prior's UCB score (mutation caught: the bias
    given to every arm, or to none)."""
    arms: dict[Any, Arm] = {}
    for name, total in (("prior", 4.0), ("other", 5.0)):
        arm = arms[name] = Arm()
        arm.visits, arm.total, arm.available = 10, total, 20
    rng = random.Random(1)
    legal = ["prior", "other"]
    assert select(arms, legal, 0.0, rng, room=False, first="prior") == "other"  # type: ignore[arg-type]
    assert select(arms, legal, 0.0, rng, room=False, first="prior", bias=2.0) == "prior"  # type: ignore[arg-type]
    assert select(arms, legal, 0.0, rng, room=False, first="other", bias=2.0) == "other"  # type: ignore[arg-type]


# -- issue 23: prior order, spread, ties, information-state nodes and tree reuse -------------
def test_equal_scores_are_told_apart_at_random() -> None:
    """Mutation caught: the first of equal arms always taken."""
    arms: dict[Any, Arm] = {}
    for name in ("a", "b", "c"):
        arm = arms[name] = Arm()
        arm.visits, arm.total, arm.available = 4, 2.0, 8
    picks = {
        select(arms, ["a", "b", "c"], 0.5, random.Random(s), room=False)  # type: ignore[arg-type]
        for s in range(30)
    }
    assert picks == {"a", "b", "c"}


def test_untried_actions_come_in_the_order_of_the_prior() -> None:
    """Widening in prior order: with room for one more arm, the next untried action of the
    ranking is tried, not one at random (mutation caught: the order ignored)."""
    arms: dict[Any, Arm] = {}
    legal = ["w", "x", "y", "z"]
    order = ["y", "x"]
    assert select(arms, legal, 1.0, random.Random(1), order=order) == "y"  # type: ignore[arg-type]
    assert select(arms, legal, 1.0, random.Random(1), order=order) == "x"  # type: ignore[arg-type]
    assert select(arms, legal, 1.0, random.Random(1), order=order) in ("w", "z")  # type: ignore[arg-type]


def root_of(agent: MCTSAgent, view: PlayerView[Any, Any]) -> Any:
    return agent.table[(msgspec.msgpack.encode(view.observation()), view.decision)]


def test_a_new_root_tries_the_bots_ranking_first_and_scales_exploration() -> None:
    """The first arms of the root are the bot's ranked candidates in order; the node keeps
    the spread of the rewards backed up through it."""
    rules = PLUGINS.ruleset("victoriana")
    game = Game(rules, None, 3, record=False)
    bot = PLUGINS.agent("victoriana", "bot").factory
    while True:
        player = game.waiting_for()[0]
        legal = game.legal_actions(player)
        if len(legal) > 10:
            break
        for p in game.waiting_for():
            game.apply(p, bot(rules, p, 1).choose(PlayerView(game, p), game.legal_actions(p)))
    view = PlayerView(game, player)
    agent = MCTSAgent(rules, player, 1, SearchOptions(iterations=40, depth=12), rollout=bot)
    agent.choose(view, legal)
    root = root_of(agent, view)
    ranked = [a for a, _ in bot(rules, player, 0).rank(view, legal)]  # type: ignore[attr-defined]
    tried = list(root.arms[player])
    assert tried[:2] == ranked[:2]
    assert 0.0 <= root.low[player] <= root.high[player] <= 1.0 and root.spread(player) > 0


def test_the_tree_is_kept_from_one_decision_to_the_next() -> None:
    """Nodes are found by the player's information state, so the root of a later decision
    was grown by an earlier search (mutation caught: a fresh root every decision); with
    ``reuse=off`` never."""
    rules = PLUGINS.ruleset("df40k")

    def reused(name: str) -> list[bool]:
        agent = PLUGINS.agent("df40k", name).factory(rules, 0, agent_seed(4, 0))
        assert isinstance(agent, MCTSAgent)
        other = PLUGINS.agent("df40k", "bot").factory(rules, 1, agent_seed(4, 1))
        game = Game(rules, None, 4, record=False)
        views = [PlayerView(game, 0), PlayerView(game, 1)]
        found = []
        while not game.is_over():
            for p in game.waiting_for():
                legal = game.legal_actions(p)
                if p == 0:
                    action = agent.choose(views[0], legal)
                    if len(legal) > 1:
                        found.append(agent.last_reused)
                else:
                    action = other.choose(views[1], legal)
                game.apply(p, action)
        return found

    assert any(reused("mcts:200:depth=30"))
    assert not any(reused("mcts:200:depth=30:reuse=off"))
