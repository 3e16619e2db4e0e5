"""Cloud Cover's rules: a secret rolled each round (clause ids in brackets)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from enum import StrEnum

from aerodrome.api import (
    Ask,
    Capabilities,
    Context,
    Decision,
    Determinise,
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
from aerodrome_clouds.determinise import determinise
from aerodrome_clouds.state import CLIMB, DIVE, ROUNDS, STRUCTURE, CloudsState, Move
from aerodrome_clouds.view import CloudsView

SIDES = ("red", "blue")


class Kind(StrEnum):
    MOVE = "move"


def _roll(state: CloudsState, ctx: Context) -> None:
    """[clouds.2] each scout's height, rolled in secret: the die is seen by its owner only."""
    state.height = [ctx.dice.d(6, f"scout {p + 1}'s height", seen_by=(p,)) for p in (0, 1)]
    state.asking = (ctx.round + 1) % 2  # [clouds.3] Red in odd rounds, Blue in even ones
    state.climbed = 0


def _ask(state: CloudsState, ctx: Context) -> Ask[CloudsState, Move]:
    """[clouds.3] the scout on turn chooses; after a climb, the other one."""
    decision = Decision(players=(state.asking,), kind=Kind.MOVE)
    return Ask(decision, listed((DIVE, CLIMB)), _move)


def _move(state: CloudsState, ctx: Context, answers: Mapping[int, Move]) -> bool:
    (move,) = answers.values()
    if move == DIVE:  # [clouds.4] both heights revealed; the higher scout hits
        red, blue = state.height
        state.revealed = (red, blue)
        if red != blue:
            lower = 0 if red < blue else 1
            state.structure[lower] = max(0, state.structure[lower] - 1)
    else:
        state.climbed += 1
        state.asking = 1 - state.asking
        if state.climbed < 2:
            return True  # ask the other scout
    state.last_round_flown = ctx.round >= ROUNDS  # [clouds.5] the round is the core's clock
    return False  # the round's question is over


class Clouds(Ruleset[CloudsState, CloudsView, Move], Determinise[CloudsState]):
    name = "clouds"
    title = "Cloud Cover (example plugin with a secret)"
    rulebook = "the docstring of aerodrome_clouds"
    capabilities = Capabilities(hidden_information=True, simultaneous=False)
    action_types = (Move,)

    def setups(self) -> Sequence[Setup]:
        seats = (Seat(name="Red scout", side="red"), Seat(name="Blue scout", side="blue"))
        return [Setup(name="hunt", title="One against one", seats=seats, max_rounds=ROUNDS + 1)]

    def sequence(self) -> TurnSequence[CloudsState]:
        steps = (Step("roll", _roll), Step("move", _ask))
        return TurnSequence(phases=(Phase(name="clouds", steps=steps),))

    def initial_state(self, setup: Setup, ctx: Context) -> CloudsState:
        return CloudsState(structure=[STRUCTURE, STRUCTURE], height=[0, 0])  # [clouds.1]

    def observation(self, state: CloudsState, player: int | None, turn: Turn) -> CloudsView:
        """The other scout's height is hidden from a player [clouds.2]; the referee
        (``player`` None) sees both."""
        height = tuple(h if player in (None, p) else None for p, h in enumerate(state.height))
        left = 0 if state.last_round_flown else ROUNDS + 1 - turn.round
        return CloudsView(
            structure=tuple(state.structure),
            asking=state.asking,
            height=height,
            revealed=state.revealed,
            rounds=left,
        )

    def determinise(self, state: CloudsState, player: int, rng: random.Random) -> CloudsState:
        return determinise(state, player, rng)

    def is_over(self, state: CloudsState) -> bool:
        return 0 in state.structure or state.last_round_flown

    def result(self, state: CloudsState, rounds: int) -> Result:
        """[clouds.5] shot down, or more structure after the last round."""
        red, blue = state.structure
        winners = () if red == blue else (SIDES[0] if red > blue else SIDES[1],)
        down = [p for p in (0, 1) if state.structure[p] == 0]
        return Result(
            winners=winners,
            reason="shot down" if down else "more structure left" if winners else "both aloft",
            rounds=rounds,
            kills={SIDES[1 - p]: 1 for p in down},
        )
