"""Mutants of :mod:`tests.conformance.stash`: each breaks one contract of the Game API the way
a plugin author might, and must fail the conformance kit with that contract's name
(``test_mutants.py``; the list is in docs/plugins.md, "Mutants the kit catches").

Each mutant overrides one method of :class:`~tests.conformance.stash.Stash` (two for the
ones that move where the dice come from) and keeps its name: to the kit it is just a ruleset
called ``stash``.
"""

from __future__ import annotations

import itertools
import os
import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, overload

import msgspec

from aerodrome import Action, Ask, Context, Decision, Event, hookimpl
from aerodrome.conformance.broken import Contract
from aerodrome.engine.ruleset import Setup, copy_state
from aerodrome.engine.turns import Turn, listed
from aerodrome.plugins import Plugins, load_plugins
from tests.conformance.stash import PILE, TAKES, Stash, StashState, StashView, Take


class LeaksTheOtherDie(Stash):
    """The observation shows both dice to everybody (the referee's view for all)."""

    def observation(self, state: StashState, player: int | None, turn: Turn) -> StashView:
        return super().observation(state, None, turn)


class Scored(Event, frozen=True):
    player: int
    score: int


class AnnouncesTheScores(Stash):
    """After each take, an event everybody reads gives the taker's score: coins plus the
    hidden die (the observation is right; the log leaks)."""

    def take(self, state: StashState, ctx: Context, answers: Mapping[int, Take]) -> bool:
        again = super().take(state, ctx, answers)
        for p in answers:
            ctx.emit(Scored(player=p, score=state.coins[p] + state.dice[p]))
        return again


class PromptsWithTheOtherDie(Stash):
    """The prompt tells the player asked what the other player's die shows."""

    def ask(self, state: StashState, ctx: Context) -> Ask[StashState, Take]:
        other = state.dice[1 - state.turn]  # the subject a prompt is worded from
        return Ask(
            Decision(players=(state.turn,), kind="take", subject=other), self.legal, self.take
        )


class LimitsTakesByTheOtherDie(Stash):
    """A player may take no more coins than the other player's die shows halved (rounded
    up): the legal actions tell the hidden die."""

    def legal(self, state: StashState, player: int) -> Sequence[Take]:
        return TAKES[: min(3, state.pile, (state.dice[1 - player] + 1) // 2)]


class ListsTakesWhenAsked(Stash):
    """The takes are listed when the question is asked, from the real die (``listed``), and
    a take is checked against the die when it is made: in a determinisation for the other
    player, whose die there is another, the listed takes are the real die's (a search reads
    it) and one of them crashes (classic's card questions did this with the hand)."""

    def ask(self, state: StashState, ctx: Context) -> Ask[StashState, Take]:
        decision = Decision(players=(state.turn,), kind="take")
        return Ask(decision, listed(self.legal(state, state.turn)), self.take)

    def take(self, state: StashState, ctx: Context, answers: Mapping[int, Take]) -> bool:
        for player, take in answers.items():
            if take not in self.legal(state, player):
                raise ValueError(f"{take.coins} coins is more than die {state.dice[player]} allows")
        return super().take(state, ctx, answers)


class ResamplesItsOwnDie(Stash):
    """``determinise()`` draws the player's own die again too (what the player sees)."""

    def determinise(self, state: StashState, player: int, rng: random.Random) -> StashState:
        new = super().determinise(state, player, rng)
        new.dice[player] = rng.randint(1, 6)
        return new


class NeverResamples(Stash):
    """``determinise()`` returns a copy: a search reads the other player's die."""

    def determinise(self, state: StashState, player: int, rng: random.Random) -> StashState:
        return copy_state(state)


class ResolvesTheStateItAskedOn(Stash):
    """The ask's ``resolve`` applies the answer to the state the question was asked on, not
    the state it is given: a clone's answer changes the original game."""

    def ask(self, state: StashState, ctx: Context) -> Ask[StashState, Take]:
        decision = Decision(players=(state.turn,), kind="take")
        return Ask(decision, self.legal, lambda _, c, answers: self.take(state, c, answers))


class DeterminisesIntoTheSameCoins(Stash):
    """``determinise()`` copies the state shallowly: the determinisation shares the list of
    coins with the real game."""

    def determinise(self, state: StashState, player: int, rng: random.Random) -> StashState:
        dice = list(state.dice)
        dice[1 - player] = rng.randint(1, 6)
        return msgspec.structs.replace(state, dice=dice)


class RollsWithTheGlobalRandom(Stash):
    """The hidden dice come from the global ``random``, not from the game's dice."""

    def initial_state(self, setup: Setup, ctx: Context) -> StashState:
        dice = [random.randint(1, 6) for _ in (0, 1)]  # unseeded: the mutant's flaw
        return StashState(dice=dice, coins=[0, 0])


class RollsItsOwnDice(Stash):
    """The hidden dice come from a generator of the ruleset's own (seeded by the OS)."""

    def __init__(self, hooks: Any = None) -> None:
        super().__init__(hooks)
        self.rng = random.Random()  # unseeded: the mutant's flaw

    def initial_state(self, setup: Setup, ctx: Context) -> StashState:
        return StashState(dice=[self.rng.randint(1, 6) for _ in (0, 1)], coins=[0, 0])


_games = itertools.count()


class StartsByACounter(Stash):
    """Who starts alternates from game to game, counted outside the game."""

    def initial_state(self, setup: Setup, ctx: Context) -> StashState:
        state = super().initial_state(setup, ctx)
        state.turn = next(_games) % 2
        return state


#: The shots each player has left, kept in the module: every game of the process spends them.
AMMO = [4, 4]


class KeepsAmmoInTheModule(Stash):
    """Each take spends one of the taker's shots, counted in a module-level list that every
    game of the process shares; a take without a shot left wins no coin (issue 38). Once the
    shots are spent every game in the process agrees with every other: only a fresh process
    plays a game with them."""

    def take(self, state: StashState, ctx: Context, answers: Mapping[int, Take]) -> bool:
        for player, take in answers.items():
            state.pile -= take.coins
            if AMMO[player] > 0:
                AMMO[player] -= 1
                state.coins[player] += take.coins
        state.turn = 1 - state.turn
        return state.pile > 0


class CountsShotsInADefault(Stash):
    """The same, the shots counted in a mutable default argument: one list for every call
    of every game of the process."""

    def take(
        self,
        state: StashState,
        ctx: Context,
        answers: Mapping[int, Take],
        spent: list[int] = [0, 0],  # noqa: B006  (the mutant's flaw: a shared default)
    ) -> bool:
        for player, take in answers.items():
            state.pile -= take.coins
            if spent[player] < 4:
                spent[player] += 1
                state.coins[player] += take.coins
        state.turn = 1 - state.turn
        return state.pile > 0


class SharedCoinsView(msgspec.Struct, frozen=True, kw_only=True):
    pile: int
    coins: list[int]  # frozen at the top only: the list is the state's own
    turn: int


class SharesItsCoinsWithTheView(Stash):
    """The observation is a frozen Struct, but holds the state's list of coins."""

    def observation(self, state: StashState, player: int | None, turn: Turn) -> Any:
        return SharedCoinsView(pile=state.pile, coins=state.coins, turn=state.turn)


class Takes(Sequence[Take]):
    """The takes from a pile, made on demand; ``in`` checks the type and forgets the pile."""

    def __init__(self, most: int) -> None:
        self.most = most

    def __len__(self) -> int:
        return self.most

    @overload
    def __getitem__(self, index: int) -> Take: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Take]: ...
    def __getitem__(self, index: int | slice) -> Take | Sequence[Take]:
        return TAKES[: self.most][index]

    def __iter__(self) -> Iterator[Take]:
        return iter(TAKES[: self.most])

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Take)


class AcceptsAnyTake(Stash):
    """The legal takes are a lazy sequence whose ``in`` accepts three coins from a pile of
    one: the game takes an illegal action."""

    def legal(self, state: StashState, player: int) -> Sequence[Take]:
        return Takes(min(3, state.pile))


class Grab(Action, frozen=True):
    """An action type the mutant forgets to declare in ``action_types``."""

    coins: int


class ListsAnUndeclaredAction(Stash):
    """The legal actions are of a type missing from ``action_types``: a save of the game
    cannot be read back."""

    def legal(self, state: StashState, player: int) -> Sequence[Any]:
        return [Grab(coins=n) for n in range(1, min(3, state.pile) + 1)]

    def take(self, state: StashState, ctx: Context, answers: Mapping[int, Any]) -> bool:
        return super().take(state, ctx, {p: Take(coins=a.coins) for p, a in answers.items()})


class Handful(Action, frozen=True):
    """A take whose coins are a list: it serialises and decodes back, but is not hashable."""

    coins: list[int]


class TakesByTheHandful(Stash):
    """The takes are declared and round-trip through a save, but each holds a list: not
    hashable (actions are ``gc=False``: a list in one could hold a cycle never freed)."""

    action_types = (Handful,)

    def legal(self, state: StashState, player: int) -> Sequence[Any]:
        return [Handful(coins=[1] * n) for n in range(1, min(3, state.pile) + 1)]

    def take(self, state: StashState, ctx: Context, answers: Mapping[int, Any]) -> bool:
        return super().take(state, ctx, {p: Take(coins=len(a.coins)) for p, a in answers.items()})


class OffersNothingForTheLastCoin(Stash):
    """An off-by-one: with one coin left, the player owes a take but has none to choose."""

    def legal(self, state: StashState, player: int) -> Sequence[Take]:
        return TAKES[: min(3, state.pile - 1)]


class DealsAgainForever(Stash):
    """When the pile is empty a new one is dealt: the take is asked forever."""

    def take(self, state: StashState, ctx: Context, answers: Mapping[int, Take]) -> bool:
        super().take(state, ctx, answers)
        if state.pile == 0:
            state.pile, state.coins = PILE, [0, 0]
        return True


#: Each mutant and the contracts it breaks (every failure of the kit names one of them, and
#: each of them is named by some failure).
MUTANTS: dict[type[Stash], set[Contract]] = {
    LeaksTheOtherDie: {Contract.HIDDEN},
    AnnouncesTheScores: {Contract.HIDDEN},
    PromptsWithTheOtherDie: {Contract.HIDDEN},
    LimitsTakesByTheOtherDie: {Contract.HIDDEN},
    ListsTakesWhenAsked: {Contract.ANSWERED_STATE},
    ResamplesItsOwnDie: {Contract.HIDDEN},
    NeverResamples: {Contract.RESAMPLED},
    ResolvesTheStateItAskedOn: {Contract.INDEPENDENT},
    DeterminisesIntoTheSameCoins: {Contract.INDEPENDENT},
    RollsWithTheGlobalRandom: {Contract.DETERMINISM, Contract.REPLAY},
    RollsItsOwnDice: {Contract.DETERMINISM, Contract.REPLAY},
    StartsByACounter: {Contract.DETERMINISM, Contract.REPLAY},
    KeepsAmmoInTheModule: {Contract.DETERMINISM},
    CountsShotsInADefault: {Contract.DETERMINISM},
    SharesItsCoinsWithTheView: {Contract.FROZEN},
    AcceptsAnyTake: {Contract.REFUSED},
    DealsAgainForever: {Contract.ENDS},
    ListsAnUndeclaredAction: {Contract.DATA, Contract.REPLAY},
    TakesByTheHandful: {Contract.DATA},
    OffersNothingForTheLastCoin: {Contract.PLAYABLE},
}


def plugins_with(ruleset: type[Stash]) -> Plugins:
    """Plugins holding ``ruleset`` only (no installed plugin: the kit checks stash alone)."""

    class Plugin:
        @hookimpl
        def aerodrome_register_rulesets(self) -> list[type]:
            return [ruleset]

    saved = os.environ.get("AERODROME_PLUGINS")
    os.environ["AERODROME_PLUGINS"] = "none"
    try:
        return load_plugins(extra=[("stash", Plugin())])
    finally:
        if saved is None:
            del os.environ["AERODROME_PLUGINS"]
        else:
            os.environ["AERODROME_PLUGINS"] = saved
