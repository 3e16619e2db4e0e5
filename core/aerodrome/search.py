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

Below the tree, a rollout plays on with the ruleset's own ``bot`` agent (``auto``, the
default, when the ruleset has one; ``bot``), with the random agent (``random``; ``auto``
without a bot) or with either, drawn for each player in each iteration (``mix``), and is
cut after ``depth`` decisions counted from the root. A finished game scores 1 for a winning
side, 0 for a losing one, 1/sides each for a draw; a cut-off one the mean of its side's
share of :meth:`aerodrome.ruleset.Ruleset.material`, of the verdict if it ended now and of
the aircraft destroyed (:func:`rewards`).

With a rollout bot, the bot's choice is the first action a node tries (``prior``). A
node's player tries at most ``widen·√n`` actions after choosing there ``n`` times
(progressive widening, Coulom 2007; Chaslot et al. 2008): a classic move list has 200+
entries, and a few hundred iterations spread over all of them would each get one noisy
rollout. ``bias=X`` adds a progressive bias towards the prior.

Budget, per decision: iterations (``mcts:500``), simulated decisions (``mcts:8000steps``:
every action applied in the tree or a rollout counts, so a ruleset whose iterations are
long gets fewer of them), or CPU milliseconds (``mcts:200ms``, measured with
:func:`time.process_time`, so a loaded machine does not shorten a search). Iterations and
steps are reproducible (same seed, same choices); milliseconds are not. The default,
:data:`DEFAULT_STEPS` simulated decisions, keeps a decision within a second in every
built-in ruleset, bot rollouts included (docs/performance.md). Name grammar, see
:func:`parse_options`.
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
    RandomAgent,
)
from aerodrome.capabilities import material_of
from aerodrome.data import Action
from aerodrome.driver import drive
from aerodrome.game import Game
from aerodrome.ruleset import Ruleset

#: The default budget: simulated decisions per decision (docs/performance.md: what it costs
#: and how strong it plays).
DEFAULT_STEPS = 3_000
#: The default cut-off: decisions after the root before a rollout is scored by material.
DEFAULT_DEPTH = 40
#: The default UCB exploration constant (rewards lie in [0, 1]).
DEFAULT_EXPLORATION = 1.0
#: The default progressive widening: at most ``widen·√n`` actions tried at a node.
DEFAULT_WIDEN = 1.0
#: The default progressive bias towards the rollout agent's choice (see SearchOptions).
DEFAULT_BIAS = 0.0
#: Bounds that keep a typo from asking for a week of search.
MAX_ITERATIONS = 1_000_000
MAX_STEPS = 100_000_000
MAX_MILLISECONDS = 600_000
MAX_DEPTH = 100_000

PARAMETERS = (
    "ITERATIONS|Nsteps|MSms[:random|bot|mix][:depth=N][:c=X][:widen=X][:prior=on|off][:bias=X]"
    "[:eval=result|material]"
)


@dataclass(frozen=True)
class SearchOptions:
    """How an ``mcts`` agent searches: a budget of ``iterations``, of simulated decisions
    (``steps``) or of CPU ``milliseconds`` per decision (exactly one is set), the ``rollout``
    agent (``bot``: the ruleset's bot, ``random``, ``mix``: for each player in each
    iteration the bot or random, even odds, so that the search assumes neither a skilled
    nor an aimless opponent; ``auto``: the bot when the ruleset has one), the ``depth`` cut-off, the UCB ``exploration`` constant, progressive ``widen``-ing
    (a node's player tries at most ``widen·√n`` actions after choosing there ``n`` times;
    0: every action), whether the rollout agent's ``prior`` choice is tried first, the
    progressive ``bias`` towards that choice (``bias/visits`` added to its UCB score,
    Chaslot et al. 2008: with few iterations the search leaves the rollout agent's choice
    only for a clearly better one), and the ``evaluation`` of a cut-off game (``result``
    or ``material``, see :func:`rewards`)."""

    iterations: int | None = None
    milliseconds: float | None = None
    rollout: str = "auto"
    depth: int = DEFAULT_DEPTH
    exploration: float = DEFAULT_EXPLORATION
    steps: int | None = None
    widen: float = DEFAULT_WIDEN
    prior: bool = True
    evaluation: str = "result"
    bias: float = 0.0

    def __post_init__(self) -> None:
        if self.iterations is None and self.milliseconds is None and self.steps is None:
            object.__setattr__(self, "steps", DEFAULT_STEPS)


def parse_options(text: str, name: str = "mcts") -> SearchOptions:
    """Parse what follows ``mcts:``: a budget (``500`` iterations, ``8000steps`` or
    ``200ms``) and options ``random``/``bot`` (the rollout agent), ``depth=N``, ``c=X``,
    ``widen=X``, ``prior=on|off``, ``bias=X``, ``eval=result|material``, separated by colons, in any
    order (``""``: every default). Raises :class:`AgentParameterError` naming the bad
    part."""
    iterations: int | None = None
    milliseconds: float | None = None
    steps: int | None = None
    rollout, depth, exploration = "auto", DEFAULT_DEPTH, DEFAULT_EXPLORATION
    widen, prior, evaluation, bias = DEFAULT_WIDEN, True, "result", DEFAULT_BIAS
    budget_seen = False
    full = f"{name}:{text}"
    for part in text.split(":") if text else ():
        key, eq, value = part.partition("=")
        if part in ("random", "bot", "mix"):
            rollout = part
        elif eq and key == "depth":
            depth = _integer(full, "depth", value, 1, MAX_DEPTH)
        elif eq and key == "c":
            exploration = _number(full, "c", value)
        elif eq and key == "widen":
            widen = _number(full, "widen", value)
        elif eq and key == "bias":
            bias = _number(full, "bias", value)
        elif eq and key == "prior" and value in ("on", "off"):
            prior = value == "on"
        elif eq and key == "eval" and value in ("result", "material"):
            evaluation = value
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
                f"option (random, bot, mix, depth=N, c=X, widen=X, prior=on|off, bias=X, "
                f"eval=result|material); "
                f"write {name}:{PARAMETERS}"
            )
    return SearchOptions(
        iterations,
        milliseconds,
        rollout,
        depth,
        exploration,
        steps,
        widen,
        prior,
        evaluation,
        bias,
    )


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
    """Statistics of each owing player's actions here (decoupled), how often each player
    chose here (``chosen``: for progressive widening), and the children by the joint
    answer."""

    __slots__ = ("arms", "children", "chosen", "first")

    def __init__(self) -> None:
        self.arms: dict[int, dict[Action, Arm]] = {}
        #: the rollout agent's choice for each player here (the prior), when asked
        self.first: dict[int, Action] = {}
        self.chosen: dict[int, int] = {}
        self.children: dict[tuple[tuple[int, Action], ...], Node] = {}


def select(
    arms: dict[Action, Arm],
    legal: Sequence[Action],
    c: float,
    rng: random.Random,
    room: bool = True,
    first: Action | None = None,
    bias: float = 0.0,
) -> Action:
    """While there is ``room`` for another arm, an untried legal action (``first`` if it is
    one, else one at random); otherwise, or when every legal action has an arm, the legal
    action of highest UCB among those with arms, with the availability count in place of
    the parent's visits (ISMCTS), ``first`` favoured by ``bias/visits``."""
    tried = 0
    for a in legal:
        arm = arms.get(a)
        if arm is not None:
            arm.available += 1
            tried += 1
    if tried < len(legal) and (room or not tried):
        if first is not None and first not in arms:
            action = first
        else:
            untried = [a for a in legal if a not in arms]
            action = untried[rng.randrange(len(untried))]
        arm = arms[action] = Arm()
        arm.available = 1
        return action
    best: Action = legal[0]
    best_score = -math.inf
    for a in legal:
        found = arms.get(a)
        if found is None:
            continue
        score = found.total / found.visits + c * math.sqrt(math.log(found.available) / found.visits)
        if bias and a == first:
            score += bias / found.visits
        if score > best_score:
            best, best_score = a, score
    return best


def rewards(game: Game[Any, Any, Any], evaluation: str = "result") -> list[float]:
    """Each seat's reward in [0, 1]: 1 for a winning side, 0 for a losing one, 1/sides each
    for a draw when the rules ended the game. An unfinished game (cut off) is scored by
    its side's share of :meth:`~aerodrome.ruleset.Ruleset.material` (``material``), or
    (``result``, the default) by the mean of what :meth:`~aerodrome.ruleset.Ruleset.result`
    and the material say: the verdict if the game ended now (when the ruleset names
    winners so far), the side's share of the material, and its share of the aircraft
    destroyed (its kills and its enemies' losses; when any). Every part missing: an even
    split."""
    setup = game.setup
    sides = setup.sides
    n = len(sides)
    result = None
    if game.is_over():
        result = game.result()
        if result.finished:
            if result.winners:
                won = 1.0 / len(result.winners)
                by_side = {s: (won if s in result.winners else 0.0) for s in sides}
            else:
                by_side = dict.fromkeys(sides, 1.0 / n)
            return [by_side[seat.side] for seat in setup.seats]
    parts: list[dict[str, float]] = []
    material = material_of(game.ruleset, game.state)
    total = sum(max(0.0, material.get(s, 0.0)) for s in sides)
    if total > 0:
        parts.append({s: max(0.0, material.get(s, 0.0)) / total for s in sides})
    if evaluation == "result":
        if result is None:
            result = game.result()
        if result.winners and len(result.winners) < n:
            won = 1.0 / len(result.winners)
            parts.append({s: (won if s in result.winners else 0.0) for s in sides})
        lost = sum(result.losses.get(s, 0) for s in sides)
        good = {s: result.kills.get(s, 0) + lost - result.losses.get(s, 0) for s in sides}
        destroyed = sum(good.values())
        if destroyed > 0:
            parts.append({s: good[s] / destroyed for s in sides})
    if not parts:
        return [1.0 / n] * len(setup.seats)
    return [sum(p[seat.side] for p in parts) / len(parts) for seat in setup.seats]


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
        #: the rollout agents of the current iteration, by player (made when first asked)
        self._agents: dict[int, tuple[Agent, PlayerView[Any, Any]]] = {}
        #: ``mix`` rollouts: whether each player rolls out at random this iteration
        self.mixed = options.rollout == "mix"
        self._random: dict[int, bool] = {}
        #: random rollouts: a random agent drawing from the search's own stream
        self._uniform = RandomAgent(0)
        self._uniform.rng = self.rng

    def choose(self, view: PlayerView[Any, Any], legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        opts, rng = self.options, self.rng
        root = Node()
        deadline = (
            time.process_time() + opts.milliseconds / 1000
            if opts.milliseconds is not None
            else None
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
            steps += self.iterate(root, view.determinised(rng.getrandbits(62), record=False))
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

    def policy(
        self, game: Game[Any, Any, Any], player: int, legal: Sequence[Action], prior: bool = False
    ) -> Action:
        """The rollout agent's choice for ``player`` in ``game`` (random without a bot; with
        ``mix`` rollouts, random for the players drawn so for this iteration, except for the
        ``prior``: always the bot's)."""
        if self.rollout is None:
            return legal[self.rng.randrange(len(legal))]
        if self.mixed and not prior:
            plays_random = self._random.get(player)
            if plays_random is None:
                plays_random = self._random[player] = self.rng.random() < 0.5
            if plays_random:
                return legal[self.rng.randrange(len(legal))]
        found = self._agents.get(player)
        if found is None:
            bot = self.rollout(self.ruleset, player, self.rng.getrandbits(62))
            found = self._agents[player] = (bot, PlayerView(game, player))
        return found[0].choose(found[1], legal)

    def iterate(self, root: Node, game: Game[Any, Any, Any]) -> int:
        """One iteration on ``game`` (a determinised game of its own): select down the tree,
        expand one node, roll out, back up the rewards. Returns the decisions simulated."""
        opts = self.options
        self._agents = {}
        self._random = {}
        node = root
        path: list[tuple[Node, tuple[tuple[int, Action], ...]]] = []
        depth = 0
        tree = _Select(self, game, root)
        seats = [tree] * len(game.setup.seats)
        while depth < opts.depth:
            tree.node, joint = node, tree.joint
            joint.clear()
            if not drive(game, seats, limit=1):  # one round of answers, if not over
                break
            depth += len(joint)
            key = tuple(joint)
            path.append((node, key))
            child = node.children.get(key)
            if child is None:
                node.children[key] = Node()
                break
            node = child
        end = self.play_out(game, depth)
        reward = rewards(game, opts.evaluation)
        for node, taken in path:
            for p, a in taken:
                arm = node.arms[p][a]
                arm.visits += 1
                arm.total += reward[p] if p < len(reward) else 0.0
        return end

    def play_out(self, game: Game[Any, Any, Any], depth: int) -> int:
        """Play on from ``depth`` decisions below the root until the game ends or the cut;
        returns the depth reached."""
        limit = self.options.depth
        if depth >= limit:
            return depth
        seat: Agent = self._uniform if self.rollout is None else _Policy(self, game)
        return depth + drive(game, [seat] * len(game.setup.seats), limit=limit - depth)


class _Select:
    """A seat of the tree policy: each owing player's arm at ``node`` (the arms chosen in
    this round of answers are kept in ``joint``)."""

    __slots__ = ("game", "joint", "node", "search")

    def __init__(self, search: MCTSAgent, game: Game[Any, Any, Any], node: Node) -> None:
        self.search = search
        self.game = game
        self.node = node
        self.joint: list[tuple[int, Action]] = []

    def choose(self, view: PlayerView[Any, Any], legal: Sequence[Action]) -> Action:
        search, node, p = self.search, self.node, view.player
        opts = search.options
        arms = node.arms.get(p)
        if arms is None:
            arms = node.arms[p] = {}
        if opts.prior and search.rollout is not None and not arms:
            node.first[p] = search.policy(self.game, p, legal, prior=True)
        first = node.first.get(p)
        chosen = node.chosen[p] = node.chosen.get(p, 0) + 1
        widen = opts.widen
        room = widen <= 0 or len(arms) < widen * math.sqrt(chosen)
        action = select(arms, legal, opts.exploration, search.rng, room, first, opts.bias)
        self.joint.append((p, action))
        return action


class _Policy:
    """A seat of a rollout: the search's rollout policy for the player it is asked for."""

    __slots__ = ("game", "search")

    def __init__(self, search: MCTSAgent, game: Game[Any, Any, Any]) -> None:
        self.search = search
        self.game = game

    def choose(self, view: PlayerView[Any, Any], legal: Sequence[Action]) -> Action:
        return self.search.policy(self.game, view.player, legal)


def configure(params: str, lookup: AgentLookup) -> AgentFactory:
    """The factory of ``mcts:PARAMS`` (the rollout bot found through ``lookup``; ``auto``:
    the ruleset's ``bot`` when it has one, else random rollouts)."""
    options = parse_options(params)
    rollout: AgentFactory | None = None
    if options.rollout in ("bot", "auto", "mix"):
        try:
            rollout = lookup("bot").factory
        except KeyError:
            if options.rollout != "auto":
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
    configure_plain=True,
)
