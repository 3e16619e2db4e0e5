"""The game API and turn sequencing, on a tiny ruleset defined here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec
import pytest

from aerodrome import (
    Action,
    Ask,
    Context,
    Decision,
    Game,
    IllegalActionError,
    Options,
    Phase,
    Result,
    Ruleset,
    Seat,
    Setup,
    SpecError,
    Step,
    TurnSequence,
)
from aerodrome.engine.driver import drive
from aerodrome.engine.events import DecisionCommitted, PhaseStarted, RoundStarted
from aerodrome.engine.turns import Turn
from aerodrome.plugins import Plugins
from tests.playouts import seats


class Pick(Action, frozen=True):
    n: int


class Secret(Action, frozen=True):
    n: int


class CountState(msgspec.Struct, kw_only=True):
    total: int = 0
    asked: int = 0
    secret: list[int] = []


def _auto(state: CountState, ctx: Context) -> None:
    state.total += ctx.dice.d(6, "bonus") * 0  # a roll with a purpose, no effect
    return None


def _ask_twice(state: CountState, ctx: Context) -> Ask[CountState, Action]:
    return Ask(Decision(players=(state.asked % 2,), kind="pick"), _picks, _add)


def _picks(state: CountState, player: int) -> Sequence[Action]:
    return [Pick(n=1), Pick(n=2)]


def _add(state: CountState, ctx: Context, answers: Mapping[int, Action]) -> bool:
    for a in answers.values():
        assert isinstance(a, Pick)
        state.total += a.n
    state.asked += 1
    return state.asked % 2 == 1  # two questions per round


def _secret(state: CountState, ctx: Context) -> Ask[CountState, Action]:
    return Ask(Decision(players=(0, 1), kind="secret", simultaneous=True), _secrets, _reveal)


def _secrets(state: CountState, player: int) -> Sequence[Action]:
    return [Secret(n=player * 10 + i) for i in range(3)]


def _reveal(state: CountState, ctx: Context, answers: Mapping[int, Action]) -> None:
    state.secret = [a.n for a in answers.values() if isinstance(a, Secret)]


class Counting(Ruleset[CountState]):
    name = "counting"
    title = "Counting"
    action_types = (Pick, Secret)

    def setups(self) -> Sequence[Setup]:
        seats = (Seat(name="A", side="a"), Seat(name="B", side="b"))
        return [Setup(name="s", title="s", seats=seats, max_rounds=3)]

    def sequence(self) -> TurnSequence[CountState]:
        return TurnSequence(
            phases=(
                Phase("upkeep", (Step("auto", _auto),)),
                Phase("main", (Step("pick", _ask_twice), Step("secret", _secret))),
            )
        )

    def initial_state(self, setup: Setup, ctx: Context) -> CountState:
        return CountState()

    def observation(self, state: CountState, player: int | None, turn: Turn) -> CountState:
        return state

    def is_over(self, state: CountState) -> bool:
        return state.total >= 100

    def result(self, state: CountState, rounds: int) -> Result:
        return Result(winners=("a",), reason="count", rounds=rounds)


def test_steps_ask_until_resolve_says_done() -> None:
    game = Game(Counting(), None, 1)
    assert game.decision() == Decision(players=(0,), kind="pick")
    game.apply(0, Pick(n=2))
    assert game.decision() == Decision(players=(1,), kind="pick")
    game.apply(1, Pick(n=1))
    d = game.decision()
    assert d is not None and d.kind == "secret" and d.simultaneous
    assert game.state.total == 3


def test_simultaneous_commitments_are_secret_until_all_are_in() -> None:
    game = Game(Counting(), None, 1)
    game.apply(0, Pick(n=1))
    game.apply(1, Pick(n=1))
    game.apply(1, Secret(n=12))
    assert game.waiting_for() == (0,)
    assert game.state.secret == []  # not revealed yet
    private = [e for e in game.log if isinstance(e, DecisionCommitted)]
    assert private and private[0].seen_by == (1,)
    assert all(not isinstance(e, DecisionCommitted) for e in game.log_for(0))
    with pytest.raises(IllegalActionError):
        game.apply(1, Secret(n=11))  # already committed
    game.apply(0, Secret(n=2))
    assert game.state.secret == [2, 12]


def test_rounds_phases_and_the_round_cap() -> None:
    game = Game(Counting(), None, 1)
    drive(game, seats(game, lambda g, p, legal: legal[0]))
    starts = [e.round for e in game.log if isinstance(e, RoundStarted)]
    assert starts == [1, 2, 3]
    assert [e.phase for e in game.log if isinstance(e, PhaseStarted)][:2] == ["upkeep", "main"]
    result = game.result()
    assert not result.finished and result.winners == () and result.rounds == 3


def test_illegal_action_names_the_decision() -> None:
    game = Game(Counting(), None, 1)
    with pytest.raises(IllegalActionError, match="not a legal pick"):
        game.apply(0, Pick(n=7))
    with pytest.raises(IllegalActionError, match="does not owe"):
        game.apply(1, Pick(n=1))


def test_clone_keeps_dice_position() -> None:
    game = Game(Counting(), None, 5)
    twin = game.clone()
    for g in (game, twin):
        for _ in range(4):
            for p in g.waiting_for():
                g.apply(p, g.legal_actions(p)[-1])
    assert game.log_bytes() == twin.log_bytes()
    assert game.state == twin.state


def test_bot_seats_are_marked_by_agents_that_play_by_the_bot_rules_and_saved(tmp_path: Any) -> None:
    """A seat whose agent plays by the rulebook's bot rules is a bot seat (Dockfighters'
    simplified landing for Konrad reads it); saves keep it, so a replay plays the same
    rules. Mutation caught: a replay that drops the bot seats."""
    from aerodrome import AgentSpec, hookimpl
    from aerodrome.engine.agents import RandomAgent
    from aerodrome.plugins import load_plugins
    from aerodrome.runs.saves import read_save, replay, write_save
    from aerodrome.runs.sim import run_games
    from tests.conftest import example_module

    joust = example_module()
    seen: list[tuple[int, ...]] = []

    class BotAware(joust.Joust):  # type: ignore[misc,name-defined]
        name = "bot-aware-joust"

        def initial_state(self, setup: Any, ctx: Any) -> Any:
            seen.append(setup.bots)
            return super().initial_state(setup, ctx)

    class Provides:
        @hookimpl
        def aerodrome_register_rulesets(self) -> list[Any]:
            return [BotAware]

        @hookimpl
        def aerodrome_register_agents(self) -> list[AgentSpec]:
            return [
                AgentSpec("solo", lambda r, p, s: RandomAgent(s), "by the book", bot_rules=True)
            ]

    plugins = load_plugins(extra=[("bot-aware", Provides())])
    rules = plugins.ruleset("bot-aware-joust")
    list(run_games(plugins, rules, rules.setup(), ["solo", "random"], 1, 5))
    assert seen == [(0,)]
    setup = rules.setup().with_bots([1])
    assert setup.bots == (1,) and setup.seats[1].bot and not setup.seats[0].bot
    game = Game(rules, setup, 3)
    path = tmp_path / "g.json"
    write_save(game, path)
    assert read_save(path).bots == (1,)
    seen.clear()
    again = replay(read_save(path), plugins, str(path))
    assert seen == [(1,)] and again.setup.bots == (1,)


class CountingOptions(Options, frozen=True):
    target: int = 100


class TypedCounting(Counting):
    options_type = CountingOptions

    def setups(self) -> Sequence[Setup]:
        (base,) = super().setups()
        return [msgspec.structs.replace(base, options=CountingOptions(target=5))]


def test_a_setup_must_carry_the_rulesets_own_options() -> None:
    """A set-up's options are the ruleset's ``options_type``: a set-up carrying other options
    (another ruleset's, or none) is refused when the game is made, in one line naming the
    set-up. Mutation caught (tried): Game no longer checking ``setup.options_as``."""
    ruleset = TypedCounting()
    assert Game(ruleset, None, 1).setup.options.target == 5
    foreign = msgspec.structs.replace(ruleset.setup(), options=Options())
    with pytest.raises(
        SpecError, match=r"^setup 's': options are Options, expected CountingOptions$"
    ):
        Game(ruleset, foreign, 1)


def test_every_built_in_setup_carries_its_rulesets_typed_options(plugins: Plugins) -> None:
    """Every ruleset with settings declares its own ``Options`` Struct, and each of its set-ups
    carries an instance of it (no untyped dicts). Mutation caught (tried): a classic set-up
    given ``Options()``; Dockfighters' ``options_type`` left at the base class."""
    builtin = {"classic", "df40k", "dockfighters", "victoriana"}
    assert builtin <= set(plugins.ruleset_names())
    for name in plugins.ruleset_names():
        ruleset = plugins.ruleset(name)
        if name in builtin:
            assert ruleset.options_type is not Options, name
        for setup in ruleset.setups():
            assert type(setup.options) is ruleset.options_type, (name, setup.name)


class AsksABareDecision(Counting):
    def sequence(self) -> TurnSequence[CountState]:
        bare = Decision(players=(0,), kind="pick")
        return TurnSequence(phases=(Phase("main", (Step("pick", lambda s, c: bare),)),))  # type: ignore[arg-type, return-value]


def test_a_step_returning_a_bare_decision_is_a_clear_error() -> None:
    """A step returns ``None`` or an ``Ask``; a bare ``Decision`` (the form before the core's
    contracts: the ruleset listed the answers elsewhere) is named in one line. Mutation caught
    (tried): the check removed (an AttributeError on ``.decision`` far from the step)."""
    with pytest.raises(
        TypeError,
        match=r"^counting: step 'pick' returned a Decision; a step returns None or an Ask",
    ):
        Game(AsksABareDecision(), None, 1)
