"""``mcts``: a search agent for every ruleset, built on the Game API alone.

Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012, "single-observer"
ISMCTS) with UCT selection: every iteration searches a fresh determinised game
(:meth:`aerodrome.engine.agents.PlayerView.determinised`): everything the player cannot see
resampled, the future dice reseeded, other players' secret answers forgotten. So the agent
never reads hidden information and never sees the real future rolls; dice and hidden cards
are averaged over by the iterations. An action's UCB term counts the iterations in which it
was available (ISMCTS), since a hidden hand or a die may make it illegal in other
determinisations.

Nodes are found by the searching player's *information state* (``reuse=on``, the default):
his observation, a frozen msgspec value every ruleset gives, and the decision asked.
Determinisations that differ only in what he cannot see meet in the same node, and the node
of his next real decision, grown while he searched the last one, is the next search's root
(tree reuse). ``reuse=off`` keys nodes by the actions taken from a fresh root (open loop).

A simultaneous decision is one node where every owing player picks from statistics of his own
(decoupled UCT, Lanctot et al. 2013): no player's choice is conditioned on another's answer.

Below the tree, a rollout plays on with the ruleset's own ``bot`` agent (``auto``, the
default, when the ruleset has one; ``bot``), with the random agent (``random``; ``auto``
without a bot) or with either, drawn for each player in each iteration (``mix``), and is
cut after ``depth`` decisions counted from the root. It is scored by
:func:`aerodrome.search.evaluation.rewards`: the result of a finished game, else the side's
share of the material (``eval=material``, no jump on one kill; ``eval=result`` the scoring
before issue 23).

At a new node each player tries actions in the order of the rollout bot's ranking
(``prior``, :mod:`aerodrome.search.ranking`: the bot's choice first, then the moves it
scores next), and tries at most ``widen·√n`` of them after choosing there ``n`` times
(progressive widening, Coulom 2007; Chaslot et al. 2008): a classic move list has 200+
entries, and a few hundred iterations spread over all of them would each get one noisy
rollout. ``bias=X`` adds a progressive bias towards the bot's choice. The exploration term
is ``c`` times the spread of the rewards backed up through the node (the highest minus the
lowest), so that a ruleset whose rollouts end in narrow material shares explores as much as
one whose rollouts end in wins and losses; equal scores are told apart at random.

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
from typing import TYPE_CHECKING, Any

import msgspec

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
from aerodrome.engine.driver import drive
from aerodrome.engine.game import Game
from aerodrome.engine.ruleset import Ruleset
from aerodrome.search.evaluation import DEFAULT_EVALUATION, EVALUATIONS, rewards
from aerodrome.search.names import integer, number, ruleset_bot
from aerodrome.search.ranking import candidates

if TYPE_CHECKING:
    from aerodrome.engine.turns import Decision

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
#: The table of nodes kept between decisions is emptied past this many nodes.
MAX_NODES = 200_000
#: How many of the prior's ranked actions a new node keeps in its order.
MAX_ORDER = 64

PARAMETERS = (
    "ITERATIONS|Nsteps|MSms[:random|bot|mix][:depth=N][:c=X][:widen=X][:prior=on|off][:bias=X]"
    "[:eval=material|result][:reuse=on|off]"
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
    only for a clearly better one), the ``evaluation`` of a cut-off game (``material`` or
    ``result``, see :func:`~aerodrome.search.evaluation.rewards`) and whether nodes are
    found by information state and kept between decisions (``reuse``)."""

    iterations: int | None = None
    milliseconds: float | None = None
    rollout: str = "auto"
    depth: int = DEFAULT_DEPTH
    exploration: float = DEFAULT_EXPLORATION
    steps: int | None = None
    widen: float = DEFAULT_WIDEN
    prior: bool = True
    evaluation: str = DEFAULT_EVALUATION
    bias: float = 0.0
    reuse: bool = True

    def __post_init__(self) -> None:
        if self.iterations is None and self.milliseconds is None and self.steps is None:
            object.__setattr__(self, "steps", DEFAULT_STEPS)


def parse_options(text: str, name: str = "mcts") -> SearchOptions:
    """Parse what follows ``mcts:``: a budget (``500`` iterations, ``8000steps`` or
    ``200ms``) and options ``random``/``bot`` (the rollout agent), ``depth=N``, ``c=X``,
    ``widen=X``, ``prior=on|off``, ``bias=X``, ``eval=material|result``, ``reuse=on|off``,
    separated by colons, in any
    order (``""``: every default). Raises :class:`AgentParameterError` naming the bad
    part."""
    iterations: int | None = None
    milliseconds: float | None = None
    steps: int | None = None
    rollout, depth, exploration = "auto", DEFAULT_DEPTH, DEFAULT_EXPLORATION
    widen, prior, evaluation, bias = DEFAULT_WIDEN, True, DEFAULT_EVALUATION, DEFAULT_BIAS
    reuse = True
    budget_seen = False
    full = f"{name}:{text}"
    for part in text.split(":") if text else ():
        key, eq, value = part.partition("=")
        if part in ("random", "bot", "mix"):
            rollout = part
        elif eq and key == "depth":
            depth = integer(full, "depth", value, 1, MAX_DEPTH)
        elif eq and key == "c":
            exploration = number(full, "c", value)
        elif eq and key == "widen":
            widen = number(full, "widen", value)
        elif eq and key == "bias":
            bias = number(full, "bias", value)
        elif eq and key == "prior" and value in ("on", "off"):
            prior = value == "on"
        elif eq and key == "eval" and value in EVALUATIONS:
            evaluation = value
        elif eq and key == "reuse" and value in ("on", "off"):
            reuse = value == "on"
        elif not eq and part and (part[0].isdigit() or part[0] in "+-."):
            if budget_seen:
                raise AgentParameterError(f"agent {full!r}: two budgets ({part!r})")
            budget_seen = True
            if part.endswith("ms"):
                milliseconds = float(integer(full, "budget", part[:-2], 1, MAX_MILLISECONDS))
            elif part.endswith("steps"):
                steps = integer(full, "budget", part[:-5], 1, MAX_STEPS, "steps")
            else:
                iterations = integer(full, "budget", part, 1, MAX_ITERATIONS, "iterations")
        else:
            raise AgentParameterError(
                f"agent {full!r}: {part!r} is not a budget (500 iterations, 8000steps or 200ms) nor an "
                f"option (random, bot, mix, depth=N, c=X, widen=X, prior=on|off, bias=X, "
                f"eval=material|result, reuse=on|off); "
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
        reuse,
    )


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
    chose here (``chosen``: for progressive widening), the order in which each player tries
    actions here (the prior's ranking), the lowest and highest reward each player has backed
    up through here (the spread that scales exploration), and the children by the joint
    answer (when nodes are not found by information state)."""

    __slots__ = ("arms", "children", "chosen", "high", "low", "order")

    def __init__(self) -> None:
        self.arms: dict[int, dict[Action, Arm]] = {}
        #: the prior's ranking of each player's actions here, best first (when asked)
        self.order: dict[int, list[Action]] = {}
        self.chosen: dict[int, int] = {}
        self.low: dict[int, float] = {}
        self.high: dict[int, float] = {}
        self.children: dict[tuple[tuple[int, Action], ...], Node] = {}

    def spread(self, player: int) -> float:
        """The range of the rewards ``player`` has backed up through this node."""
        return self.high.get(player, 0.0) - self.low.get(player, 0.0)


def select(
    arms: dict[Action, Arm],
    legal: Sequence[Action],
    c: float,
    rng: random.Random,
    room: bool = True,
    first: Action | None = None,
    bias: float = 0.0,
    order: Sequence[Action] = (),
) -> Action:
    """While there is ``room`` for another arm, the next untried legal action of ``order``
    (the prior's ranking; ``first`` when no order is given), else an untried one at random;
    otherwise, or when every legal action has an arm, the legal action of highest UCB among
    those with arms, with the availability count in place of the parent's visits (ISMCTS),
    ``first`` favoured by ``bias/visits``, equal scores told apart at random. ``c`` is the
    exploration constant already scaled to the rewards' spread."""
    tried = 0
    for a in legal:
        arm = arms.get(a)
        if arm is not None:
            arm.available += 1
            tried += 1
    if tried < len(legal) and (room or not tried):
        action: Action | None = None
        for a in order or ((first,) if first is not None else ()):
            if a not in arms and a in legal:
                action = a
                break
        if action is None:
            untried = [a for a in legal if a not in arms]
            action = untried[rng.randrange(len(untried))]
        arm = arms[action] = Arm()
        arm.available = 1
        return action
    best: Action = legal[0]
    best_score = -math.inf
    ties = 0
    for a in legal:
        found = arms.get(a)
        if found is None:
            continue
        score = found.total / found.visits + c * math.sqrt(math.log(found.available) / found.visits)
        if bias and a == first:
            score += bias / found.visits
        if score > best_score:
            best, best_score, ties = a, score, 1
        elif score == best_score:
            ties += 1  # reservoir sampling among equals
            if rng.randrange(ties) == 0:
                best = a
    return best


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
        #: Whether the last decision's root was a node kept from an earlier search.
        self.last_reused = False
        #: nodes by information state (:meth:`key`), kept from decision to decision
        self.table: dict[tuple[bytes, Decision | None], Node] = {}
        #: the rollout agents of the current iteration, by player (made when first asked)
        self._agents: dict[int, tuple[Agent, PlayerView[Any, Any]]] = {}
        #: ``mix`` rollouts: whether each player rolls out at random this iteration
        self.mixed = options.rollout == "mix"
        self._random: dict[int, bool] = {}
        #: random rollouts: a random agent drawing from the search's own stream
        self._uniform = RandomAgent(0)
        self._uniform.rng = self.rng

    def key(self, game: Game[Any, Any, Any]) -> tuple[bytes, Decision | None]:
        """The searching player's information state in ``game``: his observation (a frozen
        msgspec value, as bytes) and the decision asked. Determinisations that differ only in
        what he cannot see share it, so they share a node, and the node of his next real
        decision is found again (tree reuse)."""
        return msgspec.msgpack.encode(game.observation(self.player)), game.decision()

    def choose(self, view: PlayerView[Any, Any], legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        opts, rng = self.options, self.rng
        root: Node | None = None
        if opts.reuse:
            if len(self.table) > MAX_NODES:
                self.table.clear()
            key = (msgspec.msgpack.encode(view.observation()), view.decision)
            root = self.table.get(key)
            self.last_reused = root is not None
            if root is None:
                root = self.table[key] = Node()
        else:
            self.last_reused = False
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
        best: Action = legal[0]
        best_rank = (-1, -math.inf)
        ties = 0
        for a in legal:  # most visits, then the best mean; equals told apart at random
            arm = arms.get(a)
            rank = (
                (0, 0.0) if arm is None or arm.visits == 0 else (arm.visits, arm.total / arm.visits)
            )
            if rank > best_rank:
                best, best_rank, ties = a, rank, 1
            elif rank == best_rank:
                ties += 1
                if rng.randrange(ties) == 0:
                    best = a
        return best

    def policy(
        self, game: Game[Any, Any, Any], player: int, legal: Sequence[Action], prior: bool = False
    ) -> Action:
        """The rollout agent's choice for ``player`` in ``game`` (random without a bot; with
        ``mix`` rollouts, random for the players drawn so for this iteration)."""
        if self.rollout is None:
            return legal[self.rng.randrange(len(legal))]
        if self.mixed and not prior:
            plays_random = self._random.get(player)
            if plays_random is None:
                plays_random = self._random[player] = self.rng.random() < 0.5
            if plays_random:
                return legal[self.rng.randrange(len(legal))]
        agent, agent_view = self._agent(game, player)
        return agent.choose(agent_view, legal)

    def _agent(self, game: Game[Any, Any, Any], player: int) -> tuple[Agent, PlayerView[Any, Any]]:
        found = self._agents.get(player)
        if found is None:
            assert self.rollout is not None
            bot = self.rollout(self.ruleset, player, self.rng.getrandbits(62))
            found = self._agents[player] = (bot, PlayerView(game, player))
        return found

    def prior(
        self, game: Game[Any, Any, Any], player: int, legal: Sequence[Action]
    ) -> list[Action]:
        """The order in which ``player`` tries actions at a new node: the rollout bot's
        ranking (its choice first, :mod:`aerodrome.search.ranking`); without a bot, none
        (untried actions are drawn at random)."""
        if self.rollout is None:
            return []
        bot = self.rollout(self.ruleset, player, self.rng.getrandbits(62))
        return candidates(bot, PlayerView(game, player), legal, self.rng, MAX_ORDER)

    def _child(
        self, node: Node, key: tuple[tuple[int, Action], ...], game: Game[Any, Any, Any]
    ) -> tuple[Node, bool]:
        """The node after the joint answer ``key`` (found by information state when nodes
        are kept in the table), and whether it is new."""
        if self.options.reuse and not game.is_over():
            info = self.key(game)
            child = self.table.get(info)
            if child is None:
                child = self.table[info] = Node()
                return child, True
            return child, False
        child = node.children.get(key)
        if child is None:
            child = node.children[key] = Node()
            return child, True
        return child, False

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
            child, new = self._child(node, key, game)
            if new or any(child is n for n, _ in path):
                break  # a new node, or one met before on this path (the same information)
            node = child
        end = self.play_out(game, depth)
        reward = rewards(game, opts.evaluation)
        for node, taken in path:
            for p, a in taken:
                r = reward[p] if p < len(reward) else 0.0
                arm = node.arms[p][a]
                arm.visits += 1
                arm.total += r
                if p not in node.low:
                    node.low[p] = node.high[p] = r
                elif r < node.low[p]:
                    node.low[p] = r
                elif r > node.high[p]:
                    node.high[p] = r
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
        order = node.order.get(p)
        if order is None:
            prior = opts.prior and search.rollout is not None
            order = node.order[p] = search.prior(self.game, p, legal) if prior else []
        chosen = node.chosen[p] = node.chosen.get(p, 0) + 1
        widen = opts.widen
        room = widen <= 0 or len(arms) < widen * math.sqrt(chosen)
        first = order[0] if order else None
        scale = opts.exploration * node.spread(p)
        action = select(arms, legal, scale, search.rng, room, first, opts.bias, order)
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
    rollout = None
    if options.rollout in ("bot", "auto", "mix"):
        rollout = ruleset_bot(f"mcts:{params}", lookup, required=options.rollout != "auto")
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
