"""The paired search agent ``search``: names and parameters, registration for every ruleset,
seeding, honesty (it searches determinised games only: a wrapper proves it), common random
numbers (every candidate of a decision meets the same worlds, dice streams and rollout
seeds), the gate before leaving the bot's choice and the early stop. Tiny budgets: strength
is measured by ``benchmarks/bench_search.py``, not here."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from aerodrome import Game
from aerodrome.engine.agents import AgentParameterError, PlayerView, agent_seed
from aerodrome.search.paired import (
    DEFAULT_STEPS,
    PairedOptions,
    PairedSearch,
    parse_options,
)
from tests.conftest import PLUGINS


# -- names and parameters -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", PairedOptions()),
        ("64", PairedOptions(rollouts=64)),
        ("300ms", PairedOptions(milliseconds=300.0)),
        (
            "k=6:horizon=0:z=1.5:random",
            PairedOptions(candidates=6, horizon=0, gate=1.5, rollout="random"),
        ),
        ("eval=result:bot:12", PairedOptions(rollouts=12, rollout="bot", evaluation="result")),
        ("3000steps:dice=stream", PairedOptions(steps=3000, keyed=False)),
        ("horizon=auto:mix=0.5", PairedOptions(horizon=None, mix=0.5)),
    ],
)
def test_parameters_parse(text: str, expected: PairedOptions) -> None:
    assert parse_options(text) == expected
    assert PairedOptions().steps == DEFAULT_STEPS and PairedOptions().rollouts is None


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("search:0", r"'search:0': budget must be from 1 to 1000000 rollouts, got 0"),
        ("search:abc", r"'abc' is not a budget \(64 rollouts, 3000steps or 300ms\)"),
        ("search:0steps", r"budget must be from 1 to 100000000 steps, got 0"),
        (
            "search:10h",
            r"budget '10h' is not a whole number \(a budget is a whole number of rollouts",
        ),
        ("search:5:6", r"two budgets \('6'\)"),
        ("search:k=0", r"k must be from 1"),
        ("search:z=-1", r"z must be a number ≥ 0, got '-1'"),
        ("search:horizon=x", r"horizon 'x' is not a whole number"),
        ("search:mix=2", r"mix must be from 0 to 1, got '2'"),
        ("search:eval=kills", r"'eval=kills' is not a budget"),
        ("search:", r"nothing after the colon \(write search:ROLLOUTS"),
    ],
)
def test_bad_agent_names_get_one_clear_line(name: str, message: str) -> None:
    with pytest.raises(AgentParameterError, match=message):
        PLUGINS.agent("classic", name)


def test_search_is_registered_for_every_ruleset_third_party_included() -> None:
    """The plain name ranks with and rolls out by the ruleset's bot where there is one, and
    uses random agents where there is none (mutation caught: the plain name keeping the
    unconfigured factory)."""
    assert "joust" in PLUGINS.ruleset_names()
    for name in PLUGINS.ruleset_names():
        spec = PLUGINS.agent(name, "search")
        assert spec.ruleset is None and spec.configure is not None
        agent = spec.factory(PLUGINS.ruleset(name), 0, 1)
        assert isinstance(agent, PairedSearch)
        assert (agent.bot is not None) is ("bot" in PLUGINS.agents_for(name))
    with pytest.raises(AgentParameterError, match="no 'bot' agent to roll out with"):
        PLUGINS.agent("joust", "search:5:bot")


# -- playing --------------------------------------------------------------------------------
def play(
    ruleset: str, agents: list[str], seed: int, decisions: int = 10_000
) -> Game[Any, Any, Any]:
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
    """Mutation caught: worlds or rollouts drawn from a generator not seeded by the agent's
    seed (the global one, or the clock)."""
    seats = len(PLUGINS.ruleset(ruleset).setup().seats)
    agents = ["search:6:k=3:horizon=2"] + ["random"] * (seats - 1)
    a, b = play(ruleset, agents, 11, 40), play(ruleset, agents, 11, 40)
    assert len(a.history) >= 5 and a.history == b.history


def classic_midgame(seed: int) -> tuple[Game[Any, Any, Any], int]:
    """A classic game after the guns are placed, with both hands dealt, at a move."""
    game = Game(PLUGINS.ruleset("classic"), None, seed, record=False)
    rng = random.Random(seed)
    while True:
        player = game.waiting_for()[0]
        legal = game.legal_actions(player)
        other = game.state.squadrons[game.state.seat_squadrons[1 - player][0]]
        if all(game.state.guns_placed) and other.hand and len(legal) > 20:
            return game, player
        game.apply(player, legal[rng.randrange(len(legal))])


class SpyView(PlayerView[Any, Any]):
    """A view that records every game it hands out."""

    def __init__(self, game: Game[Any, Any, Any], player: int) -> None:
        super().__init__(game, player)
        self.handed: list[Game[Any, Any, Any]] = []
        self.referee: list[bytes] = []
        #: inside ``determinised`` (which clones the real game: the view's own business)
        self.inside = False

    def determinised(self, seed: int, *, record: bool | None = None) -> Game[Any, Any, Any]:
        self.inside = True
        try:
            game = super().determinised(seed, record=record)
        finally:
            self.inside = False
        self.handed.append(game)
        self.referee.append(msgspec.msgpack.encode(game.observation(None)))
        return game


def test_search_plays_on_determinised_games_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The wrapper proves it: every game the agent applies an action to, asks legal actions
    of or clones is one the view handed out by ``determinised`` or a clone of one; the real
    game is never touched; the handed games deal the hidden cards and guns differently
    (mutation caught: a view whose ``determinised`` returns ``clone()``, or an agent that
    reads ``view._game``)."""
    game, player = classic_midgame(5)
    real = msgspec.msgpack.encode(game.state)
    view = SpyView(game, player)
    legal = game.legal_actions(player)
    agent = PLUGINS.agent("classic", "search:24:k=4:horizon=2").factory(
        PLUGINS.ruleset("classic"), player, 1
    )
    family: list[Game[Any, Any, Any]] = []  # the handed games and their clones
    touched: list[Game[Any, Any, Any]] = []
    original_clone = Game.clone

    def clone(self: Game[Any, Any, Any], **kw: Any) -> Game[Any, Any, Any]:
        if not view.inside:
            touched.append(self)
        copy = original_clone(self, **kw)
        family.append(copy)
        return copy

    monkeypatch.setattr(Game, "clone", clone)
    for method in ("apply", "legal_actions"):
        original = getattr(Game, method)

        def spy(self: Game[Any, Any, Any], *args: Any, _original: Any = original) -> Any:
            touched.append(self)
            return _original(self, *args)

        monkeypatch.setattr(Game, method, spy)
    choice = agent.choose(view, legal)
    monkeypatch.undo()
    assert choice in legal
    assert view.handed and touched
    allowed = view.handed + family
    assert all(any(g is a for a in allowed) for g in touched), "played on a game not determinised"
    assert not any(g is game for g in touched)
    assert msgspec.msgpack.encode(game.state) == real
    truth = msgspec.msgpack.encode(game.observation(None))
    assert any(r != truth for r in view.referee), "hidden cards were not dealt again"


def test_every_candidate_of_a_decision_meets_the_same_dice_and_rollout_seeds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Common random numbers: in each world every candidate is played on a clone of the same
    determinised game with the same dice state, and its rollout agents are seeded alike
    (mutation caught: a world determinised again, or a clone reseeded, per candidate)."""
    game, player = classic_midgame(6)
    agent = PLUGINS.agent("classic", "search:32:k=4:horizon=2:z=0").factory(
        PLUGINS.ruleset("classic"), player, 3
    )
    assert isinstance(agent, PairedSearch)
    worlds: list[tuple[Game[Any, Any, Any], int]] = []
    played: dict[int, list[tuple[bytes, int, Any]]] = {}  # world -> (dice, seed, action)
    clones: list[bytes] = []  # the dice state of each clone as it is made
    seeds: list[int] = []
    original_world, original_play, original_rollout = agent._world, agent._play, agent.rollout
    original_clone = Game.clone

    def world(view: Any) -> tuple[Game[Any, Any, Any], int]:
        made = original_world(view)
        worlds.append(made)
        return made

    def clone(self: Game[Any, Any, Any], **kw: Any) -> Game[Any, Any, Any]:
        copy = original_clone(self, **kw)
        clones.append(msgspec.msgpack.encode(copy.dice.getstate()))
        return copy

    def play_one(made: tuple[Game[Any, Any, Any], int], action: Any) -> float:
        index = next(i for i, w in enumerate(worlds) if w is made)
        clones.clear()
        value = original_play(made, action)
        [dice] = clones  # one clone of the world per candidate
        played.setdefault(index, []).append((dice, seeds[-1], action))
        return value

    def rollout(g: Game[Any, Any, Any], root_round: int, seed: int) -> int:
        seeds.append(seed)
        return original_rollout(g, root_round, seed)

    monkeypatch.setattr(Game, "clone", clone)
    monkeypatch.setattr(agent, "_world", world)
    monkeypatch.setattr(agent, "_play", play_one)
    monkeypatch.setattr(agent, "rollout", rollout)
    agent.choose(PlayerView(game, player), game.legal_actions(player))
    monkeypatch.undo()
    assert len(agent.last.candidates) == 4 and len(played) == agent.last.worlds >= 2
    for index, runs in played.items():
        assert len(runs) >= 2
        assert len({d for d, _, _ in runs}) == 1  # one dice stream in the world
        assert runs[0][0] == msgspec.msgpack.encode(worlds[index][0].dice.getstate())
        assert len({s for _, s, _ in runs}) == 1  # one rollout seed
        assert len({a for _, _, a in runs}) == len(runs)  # each candidate once
    assert len(seeds) == agent.last.rollouts
    assert len(set(seeds)) == agent.last.worlds  # a seed per world, shared by its candidates


def test_clones_of_a_world_roll_the_same_dice() -> None:
    """What the shared dice state means: two clones of a world, sent down different moves,
    draw the same numbers from their streams."""
    game, player = classic_midgame(7)
    world = PlayerView(game, player).determinised(42, record=False)
    a, b = world.clone(), world.clone()
    legal = world.legal_actions(player)
    a.apply(player, legal[0])
    b.apply(player, legal[-1])
    assert [a.dice._rng.random() for _ in range(5)] == [b.dice._rng.random() for _ in range(5)]


def scripted(values: dict[int, list[float]], gate: float) -> PairedSearch:
    """A search of joust whose candidate ``c`` scores ``values[c][world]``."""
    rules = PLUGINS.ruleset("joust")
    agent = PairedSearch(
        rules, 0, 1, PairedOptions(rollouts=64, candidates=2, gate=gate, horizon=2)
    )
    worlds = iter(range(1000))

    def world(view: Any) -> tuple[Any, int]:
        return (None, next(worlds))

    def play_one(made: tuple[Any, int], action: Any) -> float:
        return values[candidates.index(action)][made[1] % len(values[0])]

    candidates: list[Any] = []
    agent._world = world  # type: ignore[method-assign]
    agent._play = play_one  # type: ignore[method-assign]
    agent._candidates = candidates  # type: ignore[attr-defined]
    return agent


def run_scripted(values: dict[int, list[float]], gate: float) -> tuple[int, int]:
    """(index chosen, rollouts spent) at a joust decision with two candidates."""
    game = Game(PLUGINS.ruleset("joust"), None, 1, record=False)
    player = game.waiting_for()[0]
    agent = scripted(values, gate)
    legal = game.legal_actions(player)
    found = agent._candidates  # type: ignore[attr-defined]
    import aerodrome.search.paired as paired

    original = paired.candidates

    def fixed(*args: Any) -> list[Any]:
        found[:] = list(legal[:2])
        return list(found)

    paired.candidates = fixed  # type: ignore[assignment]
    try:
        chosen = agent.choose(PlayerView(game, player), legal)
    finally:
        paired.candidates = original
    return found.index(chosen), agent.last.rollouts


def test_the_gate_leaves_the_top_ranked_move_only_for_a_significant_gain() -> None:
    """A noisy small gain keeps the bot's choice, a steady one leaves it (mutation caught:
    the best mean played without the gate)."""
    noisy = {0: [0.0, 1.0] * 4, 1: [1.0, 0.0] * 3 + [1.0, 0.2]}  # +0.025 a world, SE 0.18
    assert run_scripted(noisy, gate=1.0)[0] == 0
    steady = {0: [0.4, 0.5, 0.6, 0.5], 1: [0.5, 0.6, 0.7, 0.6]}  # +0.1 in every world
    assert run_scripted(steady, gate=1.0)[0] == 1
    assert run_scripted(noisy, gate=0.0)[0] == 1


def test_a_candidate_never_apart_from_the_bot_choice_stops_the_search_early() -> None:
    """Every world alike: the alternative is dropped after the first round and the budget is
    not spent (mutation caught: the race keeping candidates of zero gain and zero error)."""
    same = {0: [0.5, 1.0, 0.0], 1: [0.5, 1.0, 0.0]}
    chosen, rollouts = run_scripted(same, gate=1.0)
    assert chosen == 0 and rollouts < 64


def test_keyed_dice_roll_the_same_event_alike_whatever_came_before() -> None:
    """A stream per purpose: after one clone rolled a die the other did not, the next
    dogfight is still rolled alike in both (mutation caught: one stream for every purpose,
    or counts not copied with a clone)."""
    from aerodrome.search.streams import KeyedDice

    a = KeyedDice(7, 1)
    a.d(6, "move")
    b = a.copy()
    a.roll(3, 6, "an extra roll only here")
    assert a.roll(4, 6, "dogfight: x") == b.roll(4, 6, "dogfight: x")
    assert a.d(6, "move") == b.d(6, "move")  # the second "move" roll of both
    assert KeyedDice(7, 1).roll(8, 6, "p") == KeyedDice(7, 1).roll(8, 6, "p")
    assert KeyedDice(7, 1).roll(8, 6, "p") != KeyedDice(8, 1).roll(8, 6, "p")
    assert a.exploding_successes(5, 6, "s", success=(5, 6)) == b.exploding_successes(
        5, 6, "s", success=(5, 6)
    )


def test_a_step_budget_is_shared_by_what_the_first_worlds_cost() -> None:
    """``Nsteps``: the first worlds measure a rollout's length, then the budget is spent as
    rollouts of that length (mutation caught: the steps of the rollouts not counted)."""
    game, player = classic_midgame(8)
    spec = PLUGINS.agent("classic", "search:400steps:k=2:horizon=1:z=100")
    agent = spec.factory(PLUGINS.ruleset("classic"), player, 2)
    assert isinstance(agent, PairedSearch)
    agent.choose(PlayerView(game, player), game.legal_actions(player))
    last = agent.last
    assert last.rollouts >= 2 * 2 and 0 < last.steps <= 600  # the race may stop it early


def test_the_automatic_horizon_plays_out_short_games_and_cuts_long_ones() -> None:
    """``horizon=auto``: a Dogfight 40,000 battle from its first orders ends within a few
    dozen decisions, so its rollouts are played to the end; a classic game is not, so they
    are cut after DEFAULT_HORIZON rounds (mutation caught: the probe's length not checked)."""
    from aerodrome.search.paired import DEFAULT_HORIZON

    rules = PLUGINS.ruleset("df40k")
    game = Game(rules, None, 2, record=False)
    player = game.waiting_for()[0]
    agent = PLUGINS.agent("df40k", "search:8").factory(rules, player, 1)
    assert isinstance(agent, PairedSearch)
    agent.choose(PlayerView(game, player), game.legal_actions(player))
    assert agent.last.horizon == 0
    classic, player = classic_midgame(9)
    agent = PLUGINS.agent("classic", "search:8").factory(PLUGINS.ruleset("classic"), player, 1)
    assert isinstance(agent, PairedSearch)
    agent.choose(PlayerView(classic, player), classic.legal_actions(player))
    assert agent.last.horizon == DEFAULT_HORIZON
