"""The core turn sequencer: set-up phases, phases, steps, nested ForEach and Ask.

A tiny ruleset records which step ran with which items, so each test reads like the
sequence it checks. Each test names the mutation of ``aerodrome.engine.turns`` it catches.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec
import pytest

from aerodrome import (
    Action,
    Ask,
    Capabilities,
    Context,
    Decision,
    ForEach,
    Game,
    IllegalActionError,
    Phase,
    Result,
    Ruleset,
    Seat,
    Setup,
    Step,
    TurnSequence,
    listed,
)
from aerodrome.engine.agents import PlayerView
from aerodrome.engine.capabilities import Positions
from aerodrome.engine.driver import drive
from aerodrome.engine.events import PhaseStarted, RoundStarted
from aerodrome.engine.turns import Turn
from tests.playouts import seats


class Go(Action, frozen=True):
    n: int


class Trail(msgspec.Struct, kw_only=True):
    seen: list[str] = []
    planes: list[str] = msgspec.field(default_factory=lambda: ["a", "b"])
    rounds: int = 2
    again: int = 0


class TrailView(msgspec.Struct, frozen=True):
    seen: tuple[str, ...]


def note(name: str):  # type: ignore[no-untyped-def]
    def run(state: Trail, ctx: Context) -> None:
        where = "/".join(map(str, ctx.items))
        state.seen.append(f"{name}@{ctx.round}" + (f"[{where}]" if where else ""))

    return run


def ask_twice(state: Trail, ctx: Context) -> Ask[Trail, Go] | None:
    """Asks until it has been answered twice in this item, then is over."""
    if state.again >= 2:
        state.again = 0
        return None
    decision = Decision(players=(0,), kind="go", subject=ctx.item)
    return Ask(decision, listed((Go(n=1), Go(n=2))), resolve_go)


def resolve_go(state: Trail, ctx: Context, answers: Mapping[int, Go]) -> bool:
    state.again += 1
    state.seen.append(f"go{answers[0].n}[{ctx.item}]")
    return True


class TrailRules(Ruleset[Trail, TrailView, Go]):
    name = "trail"
    title = "sequencer test"
    capabilities = Capabilities(hidden_information=False, simultaneous=False, chance=False)
    action_types = (Go,)

    def setups(self) -> Sequence[Setup]:
        return [Setup(name="s", title="s", seats=(Seat(name="one", side="red"),))]

    def sequence(self) -> TurnSequence[Trail]:
        return TurnSequence(
            setup=(Phase(name="deploy", steps=(Step("place", note("place")),)),),
            phases=(
                Phase(
                    name="move",
                    steps=(
                        Step("start", note("start")),
                        ForEach(
                            "each side",
                            lambda s: ("red", "blue"),
                            (
                                ForEach(
                                    "each plane",
                                    lambda s: tuple(s.planes),
                                    (Step("fly", note("fly")),),
                                ),
                                Step("side done", note("side")),
                            ),
                        ),
                        ForEach("nobody", lambda s: (), (Step("never", note("never")),)),
                    ),
                ),
                Phase(
                    name="fire",
                    steps=(ForEach("shooters", lambda s: (7,), (Step("ask", ask_twice),)),),
                ),
            ),
        )

    def initial_state(self, setup: Setup, ctx: Context) -> Trail:
        return Trail()

    def observation(self, state: Trail, player: int | None, turn: Turn) -> TrailView:
        return TrailView(seen=tuple(state.seen))

    def is_over(self, state: Trail) -> bool:
        return sum(1 for s in state.seen if s.startswith("go")) >= 2 * state.rounds

    def result(self, state: Trail, rounds: int) -> Result:
        return Result(winners=("red",), reason="done", rounds=rounds)


def play(game: Game[Trail, TrailView, Go]) -> None:
    drive(game, seats(game, lambda g, p, legal: legal[0]))


def test_setup_phases_play_once_then_rounds_walk_nested_foreach() -> None:
    """Mutations caught: set-up phases replayed every round; a ForEach that does not restart
    its inner ForEach for each outer item; an empty ForEach that runs its steps."""
    game = Game(TrailRules(), None, 1)
    play(game)
    seen = game.state.seen
    assert seen[0] == "place@0" and seen.count("place@0") == 1
    assert seen[1:9] == [
        "start@1",
        "fly@1[red/a]",
        "fly@1[red/b]",
        "side@1[red]",
        "fly@1[blue/a]",
        "fly@1[blue/b]",
        "side@1[blue]",
        "go1[7]",
    ]
    assert seen[9] == "go1[7]" and seen[10] == "start@2"
    assert not any("never" in s for s in seen)
    assert game.result().rounds == 2


def test_phase_and_round_markers() -> None:
    """Mutation caught: a RoundStarted for the set-up (round 0) or a phase announced twice."""
    game = Game(TrailRules(), None, 1)
    play(game)
    rounds = [e.round for e in game.log if isinstance(e, RoundStarted)]
    phases = [(e.round, e.phase) for e in game.log if isinstance(e, PhaseStarted)]
    assert rounds == [1, 2]
    assert phases == [(0, "deploy"), (1, "move"), (1, "fire"), (2, "move"), (2, "fire")]


def test_a_position_skips_the_setup() -> None:
    class Positioned(TrailRules, Positions[Trail]):
        def position_state(self, setup: Setup, position: Mapping[str, Any], source: str) -> Trail:
            return Trail()

    game = Game(Positioned(), None, 1, position={})
    play(game)
    assert "place@0" not in game.state.seen and game.state.seen[0] == "start@1"


def test_ask_lists_legal_answers_and_refuses_others() -> None:
    """Mutation caught: Game.apply accepting an answer outside the Ask's legal list, or
    changing anything before refusing."""
    game = Game(TrailRules(), None, 1)
    assert game.decision() is not None and game.decision().subject == 7  # type: ignore[union-attr]
    assert list(game.legal_actions(0)) == [Go(n=1), Go(n=2)]
    before = msgspec.json.encode(game.state)
    with pytest.raises(IllegalActionError):
        game.apply(0, Go(n=3))
    with pytest.raises(IllegalActionError):
        game.apply(0, "not an action")  # type: ignore[arg-type]
    assert msgspec.json.encode(game.state) == before and not game.history


def test_clone_keeps_the_clock_apart() -> None:
    """Mutation caught: a clone sharing the clock's frames with its original."""
    game = Game(TrailRules(), None, 1)
    twin = game.clone()
    play(twin)
    assert game.clock.frames != twin.clock.frames or game.round != twin.round
    play(game)
    assert game.state.seen == twin.state.seen


def test_a_clone_with_reseed_rolls_other_dice() -> None:
    """Mutation caught: clone(reseed=...) sharing the dice stream's state (a search would see
    the real future rolls)."""
    game = Game(TrailRules(), None, 1)
    same = game.clone()
    assert [same.dice.d(6, "x") for _ in range(20)] == [game.dice.d(6, "x") for _ in range(20)]
    game = Game(TrailRules(), None, 1)
    other = game.clone(reseed=99)
    again = game.clone(reseed=99)
    rolls = [other.dice.d(6, "x") for _ in range(20)]
    real = game.clone()
    assert rolls != [real.dice.d(6, "x") for _ in range(20)]
    assert rolls == [again.dice.d(6, "x") for _ in range(20)]  # seeded: same seed, same dice


def test_ctx_item_outside_foreach_is_an_error() -> None:
    seq = TrailRules().sequence()
    clock = seq.start(Trail())
    from aerodrome.engine.dice import Dice

    ctx = Context(Dice(1), lambda e: None, clock)
    with pytest.raises(LookupError):
        _ = ctx.item


def test_context_emit_builds_lazy_events_only_when_recording() -> None:
    """Mutation caught: ctx.emit calling the factory when nobody records."""
    from aerodrome.engine.dice import Dice

    built: list[int] = []

    def make() -> PhaseStarted:
        built.append(1)
        return PhaseStarted(round=1, phase="x")

    got: list[object] = []
    quiet = Context(Dice(1), got.append, TrailRules().sequence().start(Trail()), recording=False)
    quiet.emit(make)
    assert built == [] and got == []
    loud = Context(Dice(1), got.append, TrailRules().sequence().start(Trail()))
    loud.emit(make)
    assert built == [1] and got == [PhaseStarted(round=1, phase="x")]


def test_a_sequence_needs_steps() -> None:
    with pytest.raises(ValueError):
        TurnSequence(phases=(Phase(name="empty", steps=()),))
    with pytest.raises(ValueError):
        ForEach("x", lambda s: (1,), ())


class Seen(msgspec.Struct, frozen=True):
    turn: Turn


class TurnRules(TrailRules):
    """The trail, whose observation is the turn it is given."""

    def observation(self, state: Trail, player: int | None, turn: Turn) -> Any:
        return Seen(turn)


def test_the_observation_gets_the_clock_as_a_turn() -> None:
    """Mutations caught: a turn built from a clock that has moved on (the cache not cleared
    when the clock moves), the step named after the next one, ForEach items missing."""
    game: Game[Any, Any, Any] = Game(TurnRules(), None, 1)
    seen = game.observation(0).turn
    assert seen == Turn(round=1, setup=False, phase="fire", step="ask", items=(7,))
    assert seen is game.turn() is game.observation(None).turn  # one per clock position
    assert PlayerView(game, 0).turn == seen
    game.apply(0, Go(n=1))  # the step asks again: the same place
    assert game.turn() == seen
    game.apply(0, Go(n=1))
    assert game.turn() == Turn(round=2, phase="fire", step="ask", items=(7,))
    play(game)
    assert game.is_over()
    assert game.turn().round == 2 == game.result().rounds  # the clock stays where it ended


def test_a_position_starts_at_the_round_it_names() -> None:
    class Positioned(TrailRules, Positions[Trail]):
        def position_state(self, setup: Setup, position: Mapping[str, Any], source: str) -> Trail:
            return Trail(rounds=5)

        def position_round(self, position: Mapping[str, Any]) -> int:
            return int(position["round"])

    game: Game[Any, Any, Any] = Game(Positioned(), None, 1, position={"round": 4})
    assert game.turn().round == 4 and not game.turn().setup
