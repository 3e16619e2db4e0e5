"""Stash: the tiny ruleset the conformance kit's mutants are built on (tests only).

Two players each roll a die that only they see, then take turns (North first) taking one to
three coins from a pile of nine (no more than half their own die, rounded up); when the pile is empty, coins plus die decide: the higher
wins, equal is a draw. The whole game is one step that asks again until the pile is empty.

It has what the kit's contracts are about and nothing else: hidden information (the dice) and
a ``determinise()``, dice from the game, a mutable state with lists, legal actions that
change (three coins cannot be taken from a pile of two) and depend on what one player hides
(their die), a step that asks again. Each mutant
in :mod:`tests.conformance.mutants` changes one method, the way a plugin author might get it
wrong.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import msgspec

from aerodrome import (
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
    TurnSequence,
)
from aerodrome.engine.capabilities import Analysis, Determinise
from aerodrome.engine.ruleset import copy_state
from aerodrome.engine.turns import Turn

PILE = 9
SIDES = ("north", "south")


class Take(Action, frozen=True):
    """Take one to three coins from the pile."""

    coins: int


TAKES = tuple(Take(coins=n) for n in (1, 2, 3))


class StashState(msgspec.Struct, kw_only=True):
    dice: list[int]  # hidden: each die is seen by its owner only
    coins: list[int]
    pile: int = PILE
    turn: int = 0


class StashView(msgspec.Struct, frozen=True, kw_only=True):
    """What a player sees: the pile, both hauls, whose turn, and their own die (the referee:
    both dice)."""

    pile: int
    coins: tuple[int, ...]
    turn: int
    dice: tuple[int | None, ...]


class Stash(Ruleset[StashState, StashView, Take], Determinise[StashState], Analysis[StashState]):
    name = "stash"
    title = "Stash (the kit's test ruleset)"
    capabilities = Capabilities(hidden_information=True, simultaneous=False)
    action_types = (Take,)

    def setups(self) -> Sequence[Setup]:
        seats = (Seat(name="North", side="north"), Seat(name="South", side="south"))
        return [Setup(name="pair", title="Two players", seats=seats, max_rounds=3)]

    def sequence(self) -> TurnSequence[StashState]:
        return TurnSequence(phases=(Phase(name="take", steps=(Step("take", self.ask),)),))

    def initial_state(self, setup: Setup, ctx: Context) -> StashState:
        dice = [ctx.dice.d(6, f"player {p}'s die", seen_by=(p,)) for p in (0, 1)]
        return StashState(dice=dice, coins=[0, 0])

    def ask(self, state: StashState, ctx: Context) -> Ask[StashState, Take]:
        decision = Decision(players=(state.turn,), kind="take")
        return Ask(decision, self.legal, self.take)

    def legal(self, state: StashState, player: int) -> Sequence[Take]:
        """One to three coins, no more than the pile holds nor than half the player's own
        die (rounded up): read from ``state``, the state the question is answered in."""
        return TAKES[: min(3, state.pile, (state.dice[player] + 1) // 2)]

    def take(self, state: StashState, ctx: Context, answers: Mapping[int, Take]) -> bool:
        for player, take in answers.items():
            state.pile -= take.coins
            state.coins[player] += take.coins
        state.turn = 1 - state.turn
        return state.pile > 0  # ask again until the pile is empty

    def observation(self, state: StashState, player: int | None, turn: Turn) -> StashView:
        dice = tuple(d if player in (None, p) else None for p, d in enumerate(state.dice))
        return StashView(pile=state.pile, coins=tuple(state.coins), turn=state.turn, dice=dice)

    def determinise(self, state: StashState, player: int, rng: random.Random) -> StashState:
        new = copy_state(state)
        new.dice[1 - player] = rng.randint(1, 6)
        return new

    def is_over(self, state: StashState) -> bool:
        return state.pile == 0

    def result(self, state: StashState, rounds: int) -> Result:
        score = [c + d for c, d in zip(state.coins, state.dice, strict=True)]
        best = max(score)
        winners = () if score[0] == score[1] else (SIDES[score.index(best)],)
        return Result(winners=winners, reason="the bigger stash", rounds=rounds)

    def material(self, state: StashState) -> dict[str, float]:
        return {side: float(c) for side, c in zip(SIDES, state.coins, strict=True)}

    def invariants(self, state: StashState) -> list[str]:
        broken = []
        if state.pile < 0:
            broken.append(f"pile {state.pile} below zero")
        if not all(1 <= d <= 6 for d in state.dice):
            broken.append(f"dice {state.dice} are not d6")
        return broken
