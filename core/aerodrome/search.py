"""``mcts``: a search agent for every ruleset, built on the Game API alone.

Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012, "single-observer"
ISMCTS) with UCT selection: every iteration searches a fresh determinised game
(:meth:`aerodrome.agents.PlayerView.determinised`): everything the player cannot see
resampled, the future dice reseeded, other players' secret answers forgotten. So the agent
never reads hidden information and never sees the real future rolls; dice and hidden cards
are averaged over by the iterations. The tree is keyed by the actions taken (open loop), and
an action's UCB term counts the iterations in which it was available (ISMCTS), since a
hidden hand or a die may make it illegal in other determinisations.

A simultaneous decision is one node where every owing player picks from statistics of his own
(decoupled UCT, Lanctot et al. 2013): no player's choice is conditioned on another's answer.

Below the tree, a rollout plays on with the random agent (``random``) or with the ruleset's
own ``bot`` agent, and is cut after ``depth`` decisions counted from the root; an unfinished
game is scored by each side's share of :meth:`aerodrome.ruleset.Ruleset.material` (an even
split when the ruleset reports none), a finished one 1 for a winning side, 0 for a losing
one, 1/sides each for a draw.

Budget, per decision: iterations (``mcts:500``), simulated decisions (``mcts:8000steps``:
every action applied in the tree or a rollout counts, so a ruleset whose iterations are
long gets fewer of them), or CPU milliseconds (``mcts:200ms``, measured with
:func:`time.process_time`, so a loaded machine does not shorten a search). Iterations and
steps are reproducible (same seed, same choices); milliseconds are not. The default,
:data:`DEFAULT_STEPS` simulated decisions, costs about the same time in every built-in
ruleset (docs/performance.md). Name grammar, see :func:`parse_options`.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from aerodrome.agents import (
    Agent,
    AgentFactory,
    AgentLookup,
    AgentParameterError,
    AgentSpec,
    PlayerView,
)
from aerodrome.data import Action
from aerodrome.game import Game
from aerodrome.ruleset import Ruleset

#: The default budget: simulated decisions per decision (docs/performance.md: what it costs
#: and how strong it plays).
DEFAULT_STEPS = 10_000
#: The default cut-off: decisions after the root before a rollout is scored by material.
DEFAULT_DEPTH = 40
#: The default UCB exploration constant (rewards lie in [0, 1]).
DEFAULT_EXPLORATION = 1.0
#: Bounds that keep a typo from asking for a week of search.
MAX_ITERATIONS = 1_000_000
MAX_STEPS = 100_000_000
MAX_MILLISECONDS = 600_000
MAX_DEPTH = 100_000

PARAMETERS = "ITERATIONS|Nsteps|MSms[:random|bot][:depth=N][:c=X]"


@dataclass(frozen=True)
class SearchOptions:
    """How an ``mcts`` agent searches: a budget of ``iterations``, of simulated decisions
    (``steps``) or of CPU ``milliseconds`` per decision (exactly one is set), the ``rollout``
    agent, the ``depth`` cut-off and the UCB ``exploration`` constant."""

    iterations: int | None = None
    milliseconds: float | None = None
    rollout: str = "random"
    depth: int = DEFAULT_DEPTH
    exploration: float = DEFAULT_EXPLORATION
    steps: int | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.milliseconds is None and self.steps is None:
            object.__setattr__(self, "steps", DEFAULT_STEPS)


def parse_options(text: str, name: str = "mcts") -> SearchOptions:
    """Parse what follows ``mcts:``: a budget (``500`` iterations, ``8000steps`` or
    ``200ms``) and options ``random``/``bot`` (the rollout agent), ``depth=N``, ``c=X``,
    separated by colons, in any order. Raises :class:`AgentParameterError` naming the bad
    part."""
    iterations: int | None = None
    milliseconds: float | None = None
    steps: int | None = None
    rollout, depth, exploration = "random", DEFAULT_DEPTH, DEFAULT_EXPLORATION
    budget_seen = False
    full = f"{name}:{text}"
    for part in text.split(":"):
        key, eq, value = part.partition("=")
        if part in ("random", "bot"):
            rollout = part
        elif eq and key == "depth":
            depth = _integer(full, "depth", value, 1, MAX_DEPTH)
        elif eq and key == "c":
            exploration = _number(full, "c", value)
        elif not eq and part and (part[0].isdigit() or part[0] in "+-."):
            if budget_seen:
                raise AgentParameterError(f"agent {full!r}: two budgets ({part!r})")
            budget_seen = True
            if part.endswith("ms"):
                milliseconds = float(_integer(full, "budget", part[:-2], 1, MAX_MILLISECONDS))
            elif part.endswith("steps"):
                steps = _integer(full, "budget", part[:-5], 1, MAX_STEPS, "steps")
            else:
                iterations = _integer(full, "budget", part, 1, MAX_ITERATIONS, "iterations")
        else:
            raise AgentParameterError(
                f"agent {full!r}: {part!r} is not a budget (500 iterations, 8000steps or 200ms) nor an "
                f"option (random, bot, depth=N, c=X); write {name}:{PARAMETERS}"
            )
    return SearchOptions(iterations, milliseconds, rollout, depth, exploration, steps)


def _integer(full: str, what: str, text: str, low: int, high: int, unit: str = "ms") -> int:
    if not text.isdigit():
        hint = " (a budget is a whole number of iterations, of steps: 8000steps, or of milliseconds: 200ms)"
        raise AgentParameterError(
            f"agent {full!r}: {what} {text!r} is not a whole number{hint if what == 'budget' else ''}"
        )
    value = int(text)
    if not low <= value <= high:
        unit_text = f" {unit}" if what == "budget" else ""
        raise AgentParameterError(
            f"agent {full!r}: {what} must be from {low} to {high}{unit_text}, got {value}"
        )
    return value


def _number(full: str, what: str, text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value >= 0):
        raise AgentParameterError(f"agent {full!r}: {what} must be a number ≥ 0, got {text!r}")
    return value


# -- the tree ---------------------------------------------------------------------------------
class Arm:
    """One action's statistics at a node, for the player who chose it."""

    __slots__ = ("available", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.available = 0


class Node:
    """Statistics of each owing player's actions here (decoupled), and the children by the
    joint answer."""

    __slots__ = ("arms", "children")

    def __init__(self) -> None:
        self.arms: dict[int, dict[Action, Arm]] = {}
        self.children: dict[tuple[tuple[int, Action], ...], Node] = {}


def select(arms: dict[Action, Arm], legal: Sequence[Action], c: float, rng: random.Random) -> Action:
    """An untried legal action (at random) if any, else the legal action of highest UCB,
    with the availability count in place of the parent's visits (ISMCTS)."""
    untried = [a for a in legal if a not in arms]
    for a in legal:
        if a in arms:
            arms[a].available += 1
    if untried:
        action = untried[rng.randrange(len(untried))]
        arm = arms[action] = Arm()
        arm.available = 1
        return action
    best: Action = legal[0]
    best_score = -math.inf
    for a in legal:
        arm = arms[a]
        score = arm.total / arm.visits + c * math.sqrt(math.log(arm.available) / arm.visits)
        if score > best_score:
            best, best_score = a, score
    return best


def rewards(game: Game[Any, Any, Any]) -> list[float]:
    """Each seat's reward in [0, 1]: the result when the rules ended the game, else its
    side's share of the material."""
    setup = game.setup
    sides = setup.sides
    if game.is_over():
        result = game.result()
        if result.finished:
            if result.winners:
                won = 1.0 / len(result.winners)
                by_side = {s: (won if s in result.winners else 0.0) for s in sides}
            else:
                by_side = dict.fromkeys(sides, 1.0 / len(sides))
            return [by_side[seat.side] for seat in setup.seats]
    material = game.ruleset.material(game.state)
    total = sum(max(0.0, material.get(s, 0.0)) for s in sides)
    if total <= 0:
        return [1.0 / len(sides)] * len(setup.seats)
    return [max(0.0, material.get(seat.side, 0.0)) / total for seat in setup.seats]


class MCTSAgent:
    """Chooses by information-set UCT over determinised games (see the module docstring)."""

    def __init__(
        self,
        ruleset: Ruleset[Any, Any, Any],
        player: int,
        seed: int,
        options: SearchOptions,
        rollout: AgentFactory | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.player = player
        self.options = options
        self.rng = random.Random(seed)
        self.rollout = rollout
        #: Iterations run and decisions simulated for the last decision (for benchmarks).
        self.last_iterations = 0
        self.last_steps = 0

    def choose(self, view: PlayerView[Any, Any], legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        opts, rng = self.options, self.rng
        root = Node()
        deadline = (
            time.process_time() + opts.milliseconds / 1000 if opts.milliseconds is not None else None
        )
        done = steps = 0
        while True:
            if deadline is not None:
                if done and time.process_time() >= deadline:
                    break
            elif opts.steps is not None:
                if done and steps >= opts.steps:
                    break
            elif done >= (opts.iterations or 0):
                break
            steps += self.iterate(root, view.determinised(rng.getrandbits(62)))
            done += 1
        self.last_iterations = done
        self.last_steps = steps
        arms = root.arms.get(self.player, {})

        def rank(i: int) -> tuple[int, float, int]:
            arm = arms.get(legal[i])
            if arm is None or arm.visits == 0:
                return (0, 0.0, -i)
            return (arm.visits, arm.total / arm.visits, -i)

        return legal[max(range(len(legal)), key=rank)]

    def iterate(self, root: Node, game: Game[Any, Any, Any]) -> int:
        """One iteration on ``game`` (a determinised game of its own): select down the tree,
        expand one node, roll out, back up the rewards. Returns the decisions simulated."""
        opts, rng = self.options, self.rng
        c = opts.exploration
        node = root
        path: list[tuple[Node, tuple[tuple[int, Action], ...]]] = []
        depth = 0
        while not game.is_over() and depth < opts.depth:
            owing = game.waiting_for()
            joint = tuple(
                (p, select(node.arms.setdefault(p, {}), game.legal_actions(p), c, rng))
                for p in owing
            )
            for p, a in joint:
                game.apply(p, a)
            depth += len(joint)
            path.append((node, joint))
            child = node.children.get(joint)
            if child is None:
                node.children[joint] = Node()
                break
            node = child
        end = self.play_out(game, depth)
        reward = rewards(game)
        for node, joint in path:
            for p, a in joint:
                arm = node.arms[p][a]
                arm.visits += 1
                arm.total += reward[p] if p < len(reward) else 0.0
        return end

    def play_out(self, game: Game[Any, Any, Any], depth: int) -> int:
        """Play on from ``depth`` decisions below the root until the game ends or the cut;
        returns the depth reached."""
        limit = self.options.depth
        rng = self.rng
        if self.rollout is None:
            while not game.is_over() and depth < limit:
                for p in game.waiting_for():
                    legal = game.legal_actions(p)
                    game.apply(p, legal[rng.randrange(len(legal))])
                    depth += 1
            return depth
        agents: dict[int, tuple[Agent, PlayerView[Any, Any]]] = {}
        while not game.is_over() and depth < limit:
            for p in game.waiting_for():
                found = agents.get(p)
                if found is None:
                    bot = self.rollout(self.ruleset, p, rng.getrandbits(62))
                    found = agents[p] = (bot, PlayerView(game, p))
                legal = game.legal_actions(p)
                game.apply(p, found[0].choose(found[1], legal))
                depth += 1
        return depth


def configure(params: str, lookup: AgentLookup) -> AgentFactory:
    """The factory of ``mcts:PARAMS`` (the rollout bot found through ``lookup``)."""
    options = parse_options(params)
    rollout: AgentFactory | None = None
    if options.rollout == "bot":
        try:
            rollout = lookup("bot").factory
        except KeyError:
            raise AgentParameterError(
                f"agent 'mcts:{params}': this ruleset has no 'bot' agent to roll out with "
                "(use random)"
            ) from None
    return factory(options, rollout)


def factory(options: SearchOptions, rollout: AgentFactory | None = None) -> AgentFactory:
    def make(ruleset: Ruleset[Any, Any, Any], player: int, seed: int) -> Agent:
        return MCTSAgent(ruleset, player, seed, options, rollout)

    return make


MCTS = AgentSpec(
    "mcts",
    factory(SearchOptions()),
    f"information-set Monte Carlo tree search ({DEFAULT_STEPS} simulated decisions a "
    f"decision; mcts:{PARAMETERS})",
    configure=configure,
    parameters=PARAMETERS,
)
