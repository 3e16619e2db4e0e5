"""``search``: paired evaluation of ranked candidates, for every ruleset.

At each decision the agent takes its *candidates* from the ruleset's bot
(:mod:`aerodrome.search.ranking`: the bot's own choice first, then the moves it scores
next; the first ``k``) and plays each of them on the same *worlds*. A world is one
determinised game (:meth:`aerodrome.engine.agents.PlayerView.determinised`: everything the player
cannot see resampled, the future dice reseeded), with the answers the other players owe to a
simultaneous decision drawn once by the opponent model (the bot, or in a share ``mix`` of the
worlds, a quarter by default, a random legal answer: a bot answers alike in every world, and a
search that trusted it wholly would play against that one answer), and a rollout seed. Every candidate
played in a world starts from a clone of that world (:meth:`aerodrome.engine.game.Game.clone`, the
dice state included), so every candidate meets the same hidden cards, the same dice and
rollout agents seeded alike: *common random numbers*. The world's dice are keyed
(:mod:`aerodrome.search.streams`, ``dice=keyed``, the default): each roll comes from a
stream of its own purpose, so the same dogfight is rolled alike in every clone even when one
candidate rolled dice the other did not (``dice=stream``: the world's one stream). The
difference between two candidates' values in one world is then mostly the difference the
move makes, not the luck of the draw, and a few dozen rollouts tell apart what hundreds of
independent ones would not.

After the candidate, the game is played on by the ruleset's ``bot`` for every player (the
opponent model; the random agent where the ruleset has none, or with ``random``), until the
rules end it or ``horizon`` rounds have begun after the decision's round; then it is scored
by :func:`aerodrome.search.evaluation.rewards` (the result of a finished game, else each
side's share of the material: no jump on one kill). ``horizon=auto``, the default, plays the
rollouts out where the game is short: when a first rollout from the decision ends the game
within :data:`SHORT` decisions (a Dogfight 40,000 battle, any game near its end), every
rollout of the decision is played to the end and scored by its result; otherwise they are
cut after :data:`DEFAULT_HORIZON` rounds.

Rollouts are spent by *sequential halving* (Karnin, Koren & Somekh 2013): ⌈log₂ k⌉ rounds (two at least),
each giving every surviving candidate the same new worlds and keeping the better half by
mean value; the bot's choice is never dropped. After each round a candidate whose paired
gain over the bot's choice (the mean over the worlds of its value minus the bot choice's) is
at most ``-z`` standard errors is dropped too, and when only the bot's choice is left the
search stops early, its budget unspent. At the end the best survivor replaces the bot's
choice only if its paired gain exceeds ``z`` standard errors: a move the search cannot show
to be better is not played, so a small budget falls back on the bot instead of on noise.

Budget, per decision: rollouts (``search:64``), simulated decisions (``search:3000steps``:
every action played in a rollout counts, so a ruleset of short rollouts gets more of them
for the same time) or CPU milliseconds (``search:300ms``, measured with
:func:`time.process_time`). A budget of steps or milliseconds is turned into rollouts by
what the first :data:`PROBE` worlds cost; each round gives every survivor at least one
world. Rollouts and steps are reproducible (same seed, same choices), milliseconds are not.
Name grammar: :data:`PARAMETERS`.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from aerodrome.engine.agents import (
    Agent,
    AgentFactory,
    AgentLookup,
    AgentParameterError,
    AgentSpec,
    PlayerView,
    RandomAgent,
)
from aerodrome.engine.data import Action
from aerodrome.engine.dice import derive_seed
from aerodrome.engine.driver import drive
from aerodrome.engine.game import Game
from aerodrome.engine.ruleset import Ruleset
from aerodrome.search.evaluation import DEFAULT_EVALUATION, EVALUATIONS, rewards
from aerodrome.search.names import integer, number, ruleset_bot
from aerodrome.search.ranking import candidates
from aerodrome.search.streams import KeyedDice

#: The default budget: simulated decisions per decision (docs/performance.md: what it costs,
#: how it plays): a ruleset of short rollouts gets more of them.
DEFAULT_STEPS = 2400
#: The default number of candidates searched (the bot's choice and the next best it ranks).
DEFAULT_CANDIDATES = 8
#: The horizon of ``horizon=auto`` (the default) when the game is not nearly over: rounds
#: begun after the decision's round before a rollout is scored (short: a material share two
#: rounds on tells candidates apart with less noise than the result of a whole game,
#: docs/performance.md).
DEFAULT_HORIZON = 2
#: ``horizon=auto`` plays every rollout to the end when a first one ends within this many
#: decisions (a Dogfight 40,000 battle from its first orders; any game near its end).
SHORT = 30
#: The default gate: standard errors of paired gain needed to leave the bot's choice.
DEFAULT_GATE = 1.0
#: The default share of worlds in which another player's answer to the decision searched is
#: drawn at random instead of by the bot (a bot's answer is one answer: a search that trusts
#: it wholly plays against that answer only).
DEFAULT_MIX = 0.25
MAX_ROLLOUTS = 1_000_000
MAX_MILLISECONDS = 600_000
MAX_CANDIDATES = 10_000
MAX_HORIZON = 100_000
#: A rollout is cut after this many decisions whatever its horizon (a safety net).
MAX_ROLLOUT_STEPS = 100_000
MAX_STEPS = 100_000_000
#: Worlds that measure a rollout's cost before a budget of steps or milliseconds is shared.
PROBE = 2
#: Worlds a candidate is played in before the race may drop it.
MIN_RACE = 4

PARAMETERS = (
    "ROLLOUTS|Nsteps|MSms[:k=N][:horizon=R|auto][:z=X][:bot|random][:eval=material|result]"
    "[:dice=keyed|stream][:mix=X]"
)


@dataclass(frozen=True)
class PairedOptions:
    """How a ``search`` agent searches: a budget of ``rollouts``, of simulated decisions
    (``steps``: every action played in a rollout) or of CPU ``milliseconds`` per decision
    (one is set), the number of ``candidates``, the ``horizon`` in rounds (0:
    play every rollout to the end; ``None``: auto, see the module docstring), the ``gate`` in standard errors, the ``rollout`` agent
    (``auto``: the ruleset's bot when it has one, else random; ``bot``; ``random``) and the
    ``evaluation`` of a cut-off game, whether the worlds roll ``keyed`` dice (a stream
    per purpose, :mod:`aerodrome.search.streams`; else the world's one stream), and the
    share of worlds (``mix``) in which the answers other players owe to a simultaneous
    decision are drawn at random instead of by the bot."""

    rollouts: int | None = None
    milliseconds: float | None = None
    candidates: int = DEFAULT_CANDIDATES
    horizon: int | None = None
    gate: float = DEFAULT_GATE
    rollout: str = "auto"
    evaluation: str = DEFAULT_EVALUATION
    keyed: bool = True
    steps: int | None = None
    mix: float = DEFAULT_MIX

    def __post_init__(self) -> None:
        if self.rollouts is None and self.milliseconds is None and self.steps is None:
            object.__setattr__(self, "steps", DEFAULT_STEPS)


def parse_options(text: str, name: str = "search") -> PairedOptions:
    """Parse what follows ``search:``: a budget (``64`` rollouts, ``3000steps`` or
    ``300ms``) and options
    ``k=N``, ``horizon=R|auto``, ``z=X``, ``bot``/``random``, ``eval=material|result``,
    ``dice=keyed|stream``, ``mix=X``, separated by colons, in any order (``""``: every
    default). Raises :class:`AgentParameterError`
    naming the bad part."""
    full = f"{name}:{text}"
    rollouts: int | None = None
    milliseconds: float | None = None
    steps: int | None = None
    k, gate = DEFAULT_CANDIDATES, DEFAULT_GATE
    horizon: int | None = None
    rollout, evaluation = "auto", DEFAULT_EVALUATION
    keyed, mix = True, DEFAULT_MIX
    budget_seen = False
    for part in text.split(":") if text else ():
        key, eq, value = part.partition("=")
        if part in ("random", "bot"):
            rollout = part
        elif eq and key == "k":
            k = integer(full, "k", value, 1, MAX_CANDIDATES)
        elif eq and key == "horizon":
            horizon = None if value == "auto" else integer(full, "horizon", value, 0, MAX_HORIZON)
        elif eq and key == "z":
            gate = number(full, "z", value)
        elif eq and key == "eval" and value in EVALUATIONS:
            evaluation = value
        elif eq and key == "dice" and value in ("keyed", "stream"):
            keyed = value == "keyed"
        elif eq and key == "mix":
            mix = number(full, "mix", value)
            if mix > 1:
                raise AgentParameterError(f"agent {full!r}: mix must be from 0 to 1, got {value!r}")
        elif not eq and part and (part[0].isdigit() or part[0] in "+-."):
            if budget_seen:
                raise AgentParameterError(f"agent {full!r}: two budgets ({part!r})")
            budget_seen = True
            if part.endswith("ms"):
                milliseconds = float(integer(full, "budget", part[:-2], 1, MAX_MILLISECONDS))
            elif part.endswith("steps"):
                steps = integer(full, "budget", part[:-5], 1, MAX_STEPS, "steps")
            else:
                rollouts = integer(full, "budget", part, 1, MAX_ROLLOUTS, "rollouts")
        else:
            raise AgentParameterError(
                f"agent {full!r}: {part!r} is not a budget (64 rollouts, 3000steps or 300ms) nor "
                "an option "
                "(k=N, horizon=R|auto, z=X, bot, random, eval=material|result, dice=keyed|stream, "
                "mix=X); "
                f"write {name}:{PARAMETERS}"
            )
    return PairedOptions(
        rollouts, milliseconds, k, horizon, gate, rollout, evaluation, keyed, steps, mix
    )


@dataclass
class Searched:
    """What the last decision's search did (for tests and benchmarks): the ``candidates``
    (best ranked first), the ``worlds`` played, the ``rollouts`` spent, each candidate's
    ``values`` by world (survivors of every round have one per world), the decisions played
    in the rollouts (``steps``), the ``horizon`` of the rollouts (0: to the end), the index
    ``chosen``,
    and the paired ``gain`` of the best survivor over the bot's choice with its standard
    ``error``."""

    candidates: list[Action] = field(default_factory=list)
    worlds: int = 0
    rollouts: int = 0
    steps: int = 0
    horizon: int = 0
    values: list[list[float]] = field(default_factory=list)
    chosen: int = 0
    gain: float = 0.0
    error: float = 0.0


class PairedSearch:
    """Chooses by paired evaluation of ranked candidates (see the module docstring)."""

    def __init__(
        self,
        ruleset: Ruleset[Any, Any, Any],
        player: int,
        seed: int,
        options: PairedOptions,
        bot: AgentFactory | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.player = player
        self.options = options
        self.rng = random.Random(seed)
        self.bot = bot
        #: the bot this agent ranks with: one for the whole game, like the bot it replaces
        self.ranker: Agent | None = (
            bot(ruleset, player, derive_seed(seed, "ranker")) if bot is not None else None
        )
        self.last = Searched()

    # -- choosing ------------------------------------------------------------------------
    def choose(self, view: PlayerView[Any, Any], legal: Sequence[Action]) -> Action:
        opts = self.options
        found = candidates(self.ranker, view, legal, self.rng, max(1, opts.candidates))
        self.last = last = Searched(candidates=found, values=[[] for _ in found])
        if len(legal) == 1 or len(found) == 1:
            return found[0]
        start = time.process_time()
        deadline = start + opts.milliseconds / 1000 if opts.milliseconds is not None else None
        last.horizon = self._horizon(view, found[0])
        k = len(found)
        rounds = max(2, math.ceil(math.log2(k)))  # two at least: a first look, then the race
        survivors = list(range(k))
        values = last.values
        for r in range(rounds):
            played = 0
            while played < self._allocate(len(survivors), rounds - r, played, start, deadline):
                world = self._world(view)
                last.worlds += 1
                played += 1
                for c in survivors:
                    values[c].append(self._play(world, found[c]))
                    last.rollouts += 1
            survivors = self._race(survivors, values)
            if survivors == [0]:
                break  # nothing left that could beat the bot's choice
            if r < rounds - 1:
                survivors = self._halve(survivors, values)
        best = max(survivors, key=lambda c: (_mean(values[c]), -c))
        if best != 0:
            gain, error = _paired(values[best], values[0])
            last.gain, last.error = gain, error
            if gain > 0 and gain > opts.gate * error:
                last.chosen = best
        return found[last.chosen]

    def _allocate(
        self, alive: int, rounds_left: int, played: int, start: float, deadline: float | None
    ) -> int:
        """Worlds for this round (``played`` of them so far): the budget left when the round
        began, shared by the rounds left and the candidates alive; at least one. A budget
        of steps or milliseconds is turned into rollouts by what the rollouts so far cost
        (the first :data:`PROBE` worlds measure it)."""
        last, opts = self.last, self.options
        if opts.rollouts is not None:
            budget = float(opts.rollouts)
        elif last.rollouts == 0:
            return PROBE
        elif opts.steps is not None:
            budget = opts.steps * last.rollouts / max(1, last.steps)
        else:
            assert deadline is not None
            spent = time.process_time() - start
            budget = (deadline - start) * last.rollouts / max(spent, 1e-9)
        left = budget - (last.rollouts - played * alive)
        return max(1, int(left) // (alive * rounds_left))

    def _race(self, survivors: list[int], values: list[list[float]]) -> list[int]:
        """The survivors without those whose paired gain over the bot's choice is at most
        ``-z`` standard errors (behind it, or never apart from it: every world alike)."""
        z = self.options.gate
        kept = [0]
        for c in survivors:
            if c == 0:
                continue
            gain, error = _paired(values[c], values[0])
            if len(values[c]) < MIN_RACE or gain + z * error > 0:
                kept.append(c)
        return kept

    @staticmethod
    def _halve(survivors: list[int], values: list[list[float]]) -> list[int]:
        """The better half by mean value (ties: the better ranked), the bot's choice kept."""
        order = sorted(survivors, key=lambda c: (-_mean(values[c]), c))
        kept = order[: math.ceil(len(order) / 2)]
        if 0 not in kept:
            kept.append(0)
        return sorted(kept)

    # -- worlds and rollouts -------------------------------------------------------------
    def _world(self, view: PlayerView[Any, Any]) -> tuple[Game[Any, Any, Any], int]:
        """A determinised game with the other players' answers to a simultaneous decision
        drawn by the opponent model, and the seed of its rollouts."""
        seed = self.rng.getrandbits(62)
        game = view.determinised(seed, record=False)
        if self.options.keyed:
            game.use_dice(KeyedDice(derive_seed(seed, "dice"), game.seed))
        others = [p for p in game.waiting_for() if p != self.player]
        mix = self.options.mix
        for p in others:
            answer = derive_seed(seed, "answer", p)
            if mix > 0 and (answer & 0xFFFFFF) < mix * 0x1000000:
                agent: Agent = RandomAgent(answer)  # the share of worlds not trusting the model
            else:
                agent = self._agent(p, answer)
            game.apply(p, agent.choose(PlayerView(game, p), game.legal_actions(p)))
        return game, seed

    def _agent(self, player: int, seed: int) -> Agent:
        if self.bot is None or self.options.rollout == "random":
            return RandomAgent(seed)
        return self.bot(self.ruleset, player, seed)

    def _play(self, world: tuple[Game[Any, Any, Any], int], action: Action) -> float:
        """``action`` played in a clone of ``world`` (same dice stream), then the rollout;
        the searching player's reward."""
        base, seed = world
        game = base.clone()
        game.apply(self.player, action)
        self.last.steps += 1 + self.rollout(game, base.round, seed)
        return rewards(game, self.options.evaluation)[self.player]

    def rollout(
        self, game: Game[Any, Any, Any], root_round: int, seed: int, limit: int = MAX_ROLLOUT_STEPS
    ) -> int:
        """Play ``game`` on with the rollout agents seeded from ``seed`` (one per player,
        made when first asked) until it ends, the decision's horizon is reached (rounds
        begun after ``root_round``; none when rollouts play to the end) or ``limit``
        decisions are played; returns the decisions played."""
        horizon = self.last.horizon
        seats = [_Seat(self, p, derive_seed(seed, p)) for p in range(len(game.setup.seats))]
        if horizon <= 0:  # played to the end
            return drive(game, seats, limit=limit)
        # cut at a round: drive's limit counts decisions, so the round is checked here, before
        # each round of answers (the same check drive makes of its limit)
        last_round = root_round + horizon
        steps = 0
        while steps < limit and game.round <= last_round:
            made = drive(game, seats, limit=1)
            if not made:
                break
            steps += made
        return steps

    def _horizon(self, view: PlayerView[Any, Any], action: Action) -> int:
        """The horizon of this decision's rollouts: the one asked for; or (``auto``) none
        when a first rollout of ``action`` in a world of its own reaches the end of the game
        within :data:`SHORT` decisions (the game is nearly over: play every rollout out),
        else :data:`DEFAULT_HORIZON` rounds."""
        if self.options.horizon is not None:
            return self.options.horizon
        base, seed = self._world(view)
        game = base.clone()
        game.apply(self.player, action)
        self.last.horizon = 0
        self.last.steps += 1 + self.rollout(game, base.round, seed, SHORT + 1)
        return 0 if game.is_over() else DEFAULT_HORIZON


class _Seat:
    """A rollout seat: the rollout agent of ``player`` (the bot, or random), made when it is
    first asked, seeded from the world's rollout seed."""

    __slots__ = ("agent", "player", "search", "seed")

    def __init__(self, search: PairedSearch, player: int, seed: int) -> None:
        self.search = search
        self.player = player
        self.seed = seed
        self.agent: Agent | None = None

    def choose(self, view: PlayerView[Any, Any], legal: Sequence[Action]) -> Action:
        agent = self.agent
        if agent is None:
            agent = self.agent = self.search._agent(self.player, self.seed)
        return agent.choose(view, legal)


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else -math.inf


def _paired(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """Mean of ``a[i] - b[i]`` over the worlds both were played in, and its standard error."""
    diffs = [x - y for x, y in zip(a, b, strict=False)]
    n = len(diffs)
    if n == 0:
        return 0.0, math.inf
    mean = sum(diffs) / n
    if n == 1:
        return mean, math.inf
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


def configure(params: str, lookup: AgentLookup) -> AgentFactory:
    """The factory of ``search:PARAMS`` (the ruleset's ``bot`` found through ``lookup``; a
    ruleset without one: random rollouts and candidates)."""
    options = parse_options(params)
    # with random rollouts the bot, where there is one, still ranks the candidates
    bot = ruleset_bot(f"search:{params}", lookup, required=options.rollout == "bot")
    return factory(options, bot)


def factory(options: PairedOptions, bot: AgentFactory | None = None) -> AgentFactory:
    def make(ruleset: Ruleset[Any, Any, Any], player: int, seed: int) -> Agent:
        return PairedSearch(ruleset, player, seed, options, bot)

    return make


SEARCH = AgentSpec(
    "search",
    factory(PairedOptions()),
    f"paired evaluation of the bot's best-ranked moves ({DEFAULT_STEPS} simulated decisions a "
    f"decision; search:{PARAMETERS})",
    configure=configure,
    parameters=PARAMETERS,
    configure_plain=True,
)
