"""Joust's rules: the ruleset class and its one step (clause ids in brackets)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum

from aerodrome.api import (
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
    listed,
)
from aerodrome_joust.state import PASSES, STRUCTURE, JoustState, Pass
from aerodrome_joust.view import JoustView

ROUNDS = 10


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
