"""Joust: a minimal ruleset, the required core of an aerodrome plugin and nothing more.

Rules (clause ids in brackets):

- [joust.1] Two aces, each with 3 structure points, fly at each other.
- [joust.2] Every round both pilots secretly choose to pass HIGH or LOW; choices are
  revealed together.
- [joust.3] If both chose the same height they meet: each rolls a d6, the higher roll scores
  one hit on the other; a tie scores nothing.
- [joust.4] An ace reduced to 0 structure is shot down and the other side wins; after
  10 rounds with both aloft the joust is a draw.

The clause catalogue is ``specs/clauses.toml`` beside this module (found there by
convention). Words, pictures, odds, position files... are optional capabilities
(``aerodrome.capabilities``) a larger ruleset adds; without them the core shows each action
by its ``describe()`` and the view pretty-printed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Literal

import msgspec

from aerodrome.api import (
    Action,
    Ask,
    Capabilities,
    Context,
    Decision,
    Phase,
    Result,
    Ruleset,
    Seat,
    Setup,
    Step,
    Turn,
    TurnSequence,
    hookimpl,
    listed,
)

STRUCTURE = 3
ROUNDS = 10


class Pass(Action, frozen=True):
    """Pass the other ace high or low [joust.2]."""

    height: Literal["high", "low"]

    def describe(self) -> str:
        return f"pass {self.height}"


PASSES = (Pass(height="high"), Pass(height="low"))


class JoustState(msgspec.Struct, kw_only=True):
    structure: list[int]
    last_pass_flown: bool = False


class JoustView(msgspec.Struct, frozen=True, kw_only=True):
    """What an ace sees: both structures and the passes left (a frozen value)."""

    structure: tuple[int, ...]
    rounds: int


class Kind(StrEnum):
    PASS = "pass"


def _ask(state: JoustState, ctx: Context) -> Ask[JoustState, Pass]:
    """[joust.2] both aces choose in secret; the answers are revealed together."""
    return Ask(Decision(players=(0, 1), kind=Kind.PASS, simultaneous=True), listed(PASSES), _meet)


def _meet(state: JoustState, ctx: Context, answers: Mapping[int, Pass]) -> bool:
    state.last_pass_flown = ctx.round >= ROUNDS  # [joust.4] the round is the core's clock
    if answers[0].height != answers[1].height:  # [joust.3] they miss each other
        return False
    rolls = [ctx.dice.d(6, f"ace {p + 1} fires") for p in (0, 1)]
    if rolls[0] != rolls[1]:
        loser = 1 if rolls[0] > rolls[1] else 0
        state.structure[loser] = max(0, state.structure[loser] - 1)
    return False  # one question per round: the step is over


class Joust(Ruleset[JoustState, JoustView, Pass]):
    name = "joust"
    title = "Joust (example plugin)"
    rulebook = "the docstring of aerodrome_joust"
    capabilities = Capabilities(hidden_information=False, simultaneous=True)
    action_types = (Pass,)

    def setups(self) -> Sequence[Setup]:
        seats = (Seat(name="Red ace", side="red"), Seat(name="Blue ace", side="blue"))
        return [Setup(name="duel", title="One against one", seats=seats, max_rounds=ROUNDS + 1)]

    def sequence(self) -> TurnSequence[JoustState]:
        return TurnSequence(phases=(Phase(name="joust", steps=(Step("pass", _ask),)),))

    def initial_state(self, setup: Setup, ctx: Context) -> JoustState:
        return JoustState(structure=[STRUCTURE, STRUCTURE])  # [joust.1]

    def observation(self, state: JoustState, player: int | None, turn: Turn) -> JoustView:
        left = 0 if state.last_pass_flown else ROUNDS + 1 - turn.round
        return JoustView(structure=tuple(state.structure), rounds=left)

    def is_over(self, state: JoustState) -> bool:
        return 0 in state.structure or state.last_pass_flown

    def result(self, state: JoustState, rounds: int) -> Result:
        sides = ("red", "blue")
        down = [p for p in (0, 1) if state.structure[p] == 0]
        winners = tuple(sides[1 - p] for p in down) if len(down) == 1 else ()
        return Result(
            winners=winners,
            reason="shot down" if winners else "both aloft",
            rounds=rounds,
            kills={sides[1 - p]: 1 for p in down},
        )


@hookimpl
def aerodrome_register_rulesets() -> list[type[Joust]]:
    return [Joust]
