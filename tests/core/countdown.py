"""Countdown: a toy ruleset for the comparison's own tests, with known answers.

Every round both sides roll a d6 (plus red's bonus); the higher scores a point, a tie
nobody. The game lasts ``length`` rounds, one more when red's first roll is even: its mean
length is ``length + 0.5`` exactly, so a sweep of ``length`` has a planted crossing (a mean
length of 7.0 lies between 6 and 7). The side with more points wins (and counts one kill).

- ``length`` (1 to 20, the "rulebook" 5) is a set-up parameter; ``red-bonus`` (0 to 3) a
  hook parameter (``aerodrome_countdown_red_bonus``).
- The variant ``burn-a-die`` rolls one more die each round and ignores it: it changes no
  rule, but every game after it plays with other dice. A paired interval of a variant that
  changes nothing must contain zero 95 % of the time. The variant ``red-rolls-one-more``
  is a real change: red adds 1 to every roll.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec
import pluggy

from aerodrome import (
    Action,
    AgentSpec,
    Ask,
    Context,
    Decision,
    Options,
    Phase,
    Result,
    Ruleset,
    Seat,
    Setup,
    Step,
    Turn,
    TurnSequence,
    hookimpl,
    hookspec,
    listed,
)
from aerodrome.engine.dice import Dice
from aerodrome.engine.parameters import ParameterSpec
from aerodrome.engine.variants import VariantSpec
from aerodrome.plugins import Plugins

SIDES = ("red", "blue")


class Roll(Action, frozen=True):
    """Roll (how boldly does not matter)."""

    style: str


class CountdownOptions(Options, frozen=True, kw_only=True):
    length: int = 5


class CountdownState(msgspec.Struct, kw_only=True):
    length: int
    played: int = 0
    points: list[int] = msgspec.field(default_factory=lambda: [0, 0])
    extra: int = 0


class CountdownSpecs:
    @hookspec(firstresult=True)
    def aerodrome_countdown_red_bonus(self) -> int | None:
        """Added to red's rolls. Stops at first non-None result."""

    @hookspec
    def aerodrome_countdown_round_starts(self, dice: Dice) -> None:
        """A round starts (a variant may roll dice here)."""


STYLES = (Roll(style="steady"), Roll(style="bold"))


class Countdown(Ruleset[CountdownState]):
    name = "countdown"
    title = "Countdown (test)"
    action_types = (Roll,)
    options_type = CountdownOptions

    def setups(self) -> Sequence[Setup]:
        seats = (Seat(name="Red", side="red"), Seat(name="Blue", side="blue"))
        return [
            Setup(
                name="race",
                title="A race",
                seats=seats,
                options=CountdownOptions(),
                max_rounds=100,
            )
        ]

    def sequence(self) -> TurnSequence[CountdownState]:
        return TurnSequence(phases=(Phase(name="round", steps=(Step("roll", self._ask),)),))

    def _ask(self, state: CountdownState, ctx: Context) -> Ask[CountdownState, Action] | None:
        if state.played >= state.length + state.extra:
            return None
        return Ask(Decision(players=(0,), kind="roll"), listed(STYLES), self._resolve)

    def _resolve(self, state: CountdownState, ctx: Context, answers: Mapping[int, Any]) -> bool:
        starts = self.hooks.caller(CountdownSpecs.aerodrome_countdown_round_starts)
        if starts is not None:
            starts(dice=ctx.dice)
        bonus = self.hooks.caller(CountdownSpecs.aerodrome_countdown_red_bonus)
        red = ctx.dice.d(6, "red") + ((bonus() or 0) if bonus is not None else 0)
        blue = ctx.dice.d(6, "blue")
        if state.played == 0 and red % 2 == 0:
            state.extra = 1
        state.played += 1
        if red != blue:
            state.points[0 if red > blue else 1] += 1
        return False

    def initial_state(self, setup: Setup, ctx: Context) -> CountdownState:
        return CountdownState(length=setup.options.length)

    def observation(self, state: CountdownState, player: int | None, turn: Turn) -> CountdownState:
        return state

    def is_over(self, state: CountdownState) -> bool:
        return state.played >= state.length + state.extra

    def result(self, state: CountdownState, rounds: int) -> Result:
        red, blue = state.points
        winners = () if red == blue else (SIDES[0] if red > blue else SIDES[1],)
        return Result(
            winners=winners,
            reason="points",
            rounds=state.played,
            kills={w: 1 for w in winners},
        )

    def material(self, state: CountdownState) -> dict[str, float]:
        return {s: float(1 + p) for s, p in zip(SIDES, state.points, strict=True)}


class Steady:
    def choose(self, view: object, legal: Sequence[Action]) -> Action:
        return legal[0]


class BurnADie:
    """Rolls a die each round and ignores it: the rules are unchanged, the dice are not."""

    @hookimpl
    def aerodrome_countdown_round_starts(self, dice: Dice) -> None:
        dice.d(6, "burnt")


class RedRollsOneMore:
    """A real change: red adds 1 to every roll (red wins more, fewer ties)."""

    @hookimpl
    def aerodrome_countdown_red_bonus(self) -> int | None:
        return 1


class RedBonus:
    def __init__(self, bonus: int | float) -> None:
        self.bonus = int(bonus)

    @hookimpl
    def aerodrome_countdown_red_bonus(self) -> int | None:
        return self.bonus


def _length(setup: Setup, value: int | float) -> Setup:
    options = msgspec.structs.replace(setup.options, length=int(value))
    return msgspec.structs.replace(setup, options=options)


LENGTH = ParameterSpec(
    name="length",
    ruleset="countdown",
    summary="rounds a game lasts (one more when red's first roll is even)",
    low=1,
    high=20,
    default=5,
    unit="rounds",
    setup=_length,
    read=lambda setup: setup.options.length,
)
RED_BONUS = ParameterSpec(
    name="red-bonus",
    ruleset="countdown",
    summary="added to every roll of red",
    low=0,
    high=3,
    default=0,
    plugin=RedBonus,
)


# -- the plugin: this module (importable by worker processes) ---------------------------------
@hookimpl
def aerodrome_addhooks(pluginmanager: pluggy.PluginManager) -> None:
    pluginmanager.add_hookspecs(CountdownSpecs)


@hookimpl
def aerodrome_register_rulesets() -> list[type[Ruleset[Any]]]:
    return [Countdown]


@hookimpl
def aerodrome_register_agents() -> list[AgentSpec]:
    return [AgentSpec("bot", lambda r, p, s: Steady(), "always steady", ruleset="countdown")]


@hookimpl
def aerodrome_register_variants() -> list[VariantSpec]:
    return [
        VariantSpec("burn-a-die", "countdown", "rolls a die and ignores it", BurnADie()),
        VariantSpec(
            "red-rolls-one-more", "countdown", "red adds 1 to every roll", RedRollsOneMore()
        ),
    ]


#: A variant's own parameter: how much ``red-rolls-one-more`` adds (its hook answers first).
RED_EXTRA = ParameterSpec(
    name="red-extra",
    ruleset="countdown",
    summary="what red-rolls-one-more adds to red's rolls",
    low=1,
    high=3,
    default=1,
    plugin=RedBonus,
    variant="red-rolls-one-more",
)


@hookimpl
def aerodrome_register_parameters() -> list[ParameterSpec]:
    return [LENGTH, RED_BONUS, RED_EXTRA]


def countdown_plugins(variants: Sequence[str] = ()) -> Plugins:
    """Every registered plugin plus Countdown (this module)."""
    import sys

    from aerodrome.plugins import load_plugins

    return load_plugins(extra=[("countdown", sys.modules[__name__])], variants=variants)
