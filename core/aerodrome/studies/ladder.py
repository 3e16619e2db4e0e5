"""The skill ladder: agents of growing strength, each adjacent pair played against each other,
so that a comparison can say how far skill carries in a ruleset (``aerodrome compare``).

The rungs: ``random``, the ruleset's ``bot`` (when it has one), then the paired search agent
``search`` (:mod:`aerodrome.search.paired`) at increasing budgets of rollouts (one rung,
``search:8``, by default: the cost of a default comparison) and, when a trained policy is
given for the ruleset (``--ladder-policy RULESET=PATH``), the learned rung ``policy`` on top:
the policy file played as the agent ``policy:PATH`` (issue 41; an agent of the registry, so
the ladder never reads a policy file itself). The policy plays in the columns of the rules it
was trained on (a column with a variant or a parameter set is other rules: the rung is left
out there), and :func:`check_policies` refuses, before any game, a policy trained on other
rules. Beside its games, :meth:`LadderStudy.styles` plays the policy against the bot and asks
the bot at each of its decisions what it would have chosen
(:mod:`aerodrome.studies.learned`): what the learner does differently. Each adjacent
pair, lower against upper, plays ``games`` games split over the sides (the upper rung on each
side in turn; the same seeds in both seatings). Each step is read on the share of the decided
games the upper rung wins, with its Wilson 95 % interval (draws left out), as separating,
saturating, reversed or undecided: :func:`aerodrome.studies.metrics.ladder.verdict` says what each
reading means.

The seam with ``compare`` (:mod:`aerodrome.studies.compare.studies`): :class:`LadderStudy` is a
study, whose :meth:`~LadderStudy.matches` come from :func:`pairings` (agent names per seat,
games, which side the upper rung plays, the matchup kind ``ladder``; random → bot is
compare's own ``bot-vs-random`` matchup, not played twice); compare's engine plays
them with the run seed, and the built-in metric :class:`~aerodrome.studies.metrics.ladder.SkillLadder`
reads the finished games; :func:`~aerodrome.studies.metrics.ladder.verdict` names each step.
Ludii's skill trace (Stephenson et al.) is the idea; the rungs below the search make it a
ladder, and the search's paired evaluation makes its rungs strong enough to tell apart.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.metrics import Column, Matchup, Metric
from aerodrome.studies.compare.studies import Match
from aerodrome.studies.metrics.ladder import (
    KIND,
    POLICY,
    RANDOM,
    SATURATED,
    SOURCE,
    SkillLadder,
    Verdict,
    step_name,
    verdict,
)

#: The search budgets (rollouts a decision) of the default ladder's search rungs: one, so
#: that a default comparison stays within its time (docs/performance.md); ask for more with
#: ``--ladder-budgets 8,32,128``.
LADDER_BUDGETS: tuple[int, ...] = (8,)
#: Games per adjacent pair of the default ladder (split over the sides).
LADDER_GAMES = 12
#: The horizon (rounds) of the ladder's search rungs: short, so that the ladder stays cheap.
LADDER_HORIZON = 2
BOT = "bot"
#: Games of a learned rung's policy against the bot whose decisions are compared with the
#: bot's (half on each side; at least the ladder's games).
STYLE_GAMES = 40

if TYPE_CHECKING:
    from aerodrome.plugins import Plugins
    from aerodrome.studies.learned import PolicyStyle


@runtime_checkable
class _FitsSetup(Protocol):
    """An agent that can say whether it fits a set-up before a game (a policy's)."""

    def check_setup(self, setup: Any) -> None: ...


@dataclass(frozen=True)
class Rung:
    """One agent of the ladder: its ``label`` in tables and its agent ``name``."""

    label: str
    name: str


@dataclass(frozen=True)
class Pairing:
    """Games the ladder wants played: ``upper`` on ``side`` against ``lower`` elsewhere
    (``agents``: the agent name of each seat), ``games`` of them."""

    lower: Rung
    upper: Rung
    side: str
    agents: tuple[str, ...]
    games: int

    @property
    def matchup(self) -> Matchup:
        """How compare's metrics see these games."""
        return Matchup(
            kind=KIND, bot_side=self.side, lower=self.lower.label, upper=self.upper.label
        )


def search_rung(budget: int, horizon: int = LADDER_HORIZON) -> Rung:
    """The search agent at ``budget`` rollouts a decision (cut ``horizon`` rounds ahead),
    with a candidate for every four rollouts (two at least, eight at most: a small budget
    spread over many candidates would give each no more than a world a round)."""
    k = max(2, min(8, budget // 4))
    return Rung(f"search:{budget}", f"search:{budget}:k={k}:horizon={horizon}")


def rungs(
    has_bot: bool, budgets: Sequence[int] = LADDER_BUDGETS, policy: str | None = None
) -> tuple[Rung, ...]:
    """random, the bot (when there is one), the search at each budget, and the trained
    ``policy`` (a policy file's path) when given."""
    out = [Rung(RANDOM, RANDOM)]
    if has_bot:
        out.append(Rung(BOT, BOT))
    out += [search_rung(b) for b in check_budgets(budgets)]
    if policy is not None:
        out.append(Rung(POLICY, f"policy:{policy}"))
    return tuple(out)


def check_budgets(budgets: Sequence[int]) -> tuple[int, ...]:
    """Ladder budgets: whole numbers ≥ 1, each larger than the one before (none: only the
    agents below the search)."""
    out = tuple(budgets)
    if any(b < 1 for b in out) or any(b <= a for a, b in itertools.pairwise(out)):
        raise AerodromeError(
            "--ladder-budgets: give search budgets (rollouts) of 1 or more, each larger than "
            f"the one before (e.g. 4,16), got {','.join(map(str, out))}"
        )
    return out


def pairings(
    sides: Sequence[str],
    seat_sides: Sequence[str],
    has_bot: bool,
    budgets: Sequence[int] = LADDER_BUDGETS,
    games: int = LADDER_GAMES,
    policy: str | None = None,
) -> list[Pairing]:
    """Every adjacent pair of :func:`rungs`, the upper rung on each side in turn,
    ``⌈games / sides⌉`` games a seating."""
    ladder = rungs(has_bot, budgets, policy)
    per_side = math.ceil(games / max(1, len(sides)))
    out: list[Pairing] = []
    for lower, upper in itertools.pairwise(ladder):
        for side in sides:
            agents = tuple(upper.name if s == side else lower.name for s in seat_sides)
            out.append(Pairing(lower, upper, side, agents, per_side))
    return out


def parse_policies(texts: Sequence[str]) -> dict[str, str]:
    """``--ladder-policy RULESET=PATH`` texts as ruleset → path (one line for a text that is
    not ``RULESET=PATH`` or a ruleset given twice)."""
    out: dict[str, str] = {}
    for text in texts:
        ruleset, eq, path = text.partition("=")
        ruleset, path = ruleset.strip(), path.strip()
        if not eq or not ruleset or not path:
            raise AerodromeError(
                f"--ladder-policy {text!r}: write RULESET=PATH (a policy file of aerodrome "
                "train, e.g. df40k=df40k.json)"
            )
        if ruleset in out:
            raise AerodromeError(f"--ladder-policy {ruleset}: given twice")
        out[ruleset] = path
    return out


def check_policies(
    plugins: Plugins,
    policies: Mapping[str, str],
    rulesets: Sequence[str],
    setup: str | None = None,
) -> None:
    """Refuse, before any game, a policy for a ruleset not compared, a file that is not a
    policy, and a policy trained on other rules than the ruleset's (its set-up, variants,
    parameters or spec files) or without a network for every seat: the agent's own one-line
    message, naming the file and what differs."""
    for ruleset_name, path in policies.items():
        if ruleset_name not in rulesets:
            raise AerodromeError(
                f"--ladder-policy {ruleset_name}={path}: {ruleset_name} is not compared "
                f"(compared: {', '.join(rulesets)})"
            )
        spec = plugins.agent(ruleset_name, f"policy:{path}")  # reads and checks the file
        ruleset = plugins.ruleset(ruleset_name)
        chosen = ruleset.setup(setup)
        for seat in range(len(chosen.seats)):
            agent = spec.factory(ruleset, seat, 0)  # refuses other rules, a missing seat
            if isinstance(agent, _FitsSetup):
                agent.check_setup(chosen)


@dataclass
class LadderStudy:
    """The skill ladder as a study of ``aerodrome compare``: every adjacent pair of
    :func:`rungs`, ``games`` games a pair split over the sides, the search rungs at
    ``budgets``, a learned rung where ``policies`` (ruleset → policy file) names one. Its
    metric (``skill-ladder``) is built in; ``skill-strongest`` also reads its first step (an
    agent against random)."""

    budgets: Sequence[int] = LADDER_BUDGETS
    games: int = LADDER_GAMES
    policies: Mapping[str, str] = field(default_factory=dict)
    name: str = "skill-ladder"

    def __post_init__(self) -> None:
        self.budgets = check_budgets(self.budgets)

    def policy_for(
        self, ruleset: str, variants: Sequence[str] = (), params: Sequence[object] = ()
    ) -> str | None:
        """The policy file of the learned rung of a column (None: no learned rung there: none
        given, or the column's rules are not the ones it was trained on)."""
        if variants or params:
            return None
        return self.policies.get(ruleset)

    def labels(self, has_bot: bool, policy: str | None = None) -> tuple[str, ...]:
        """The rungs' labels in a column whose ruleset has (or has not) a bot."""
        return tuple(r.label for r in rungs(has_bot, self.budgets, policy))

    def matches(self, column: Column, agents: Sequence[str], seconds: float) -> list[Match]:
        """The ladder's games (their number is ``games``, whatever ``seconds``: the ladder's
        cost is measured in docs/performance.md, not modelled), but for random → bot: the
        comparison plays the bot against random agents anyway (``bot-vs-random``, more
        games), and the ladder's metric reads those. Two configurations of one column must
        never have the same agents: their games would be one set of games to the engine."""
        has_bot = BOT in agents
        policy = self.policy_for(column.ruleset, column.variants, column.params)
        found = pairings(column.sides, column.seat_sides, has_bot, self.budgets, self.games, policy)
        return [
            Match(agents=p.agents, games=p.games, matchup=p.matchup)
            for p in found
            if not (has_bot and (p.lower.name, p.upper.name) == (RANDOM, BOT))
        ]

    def metrics(self) -> Sequence[Metric]:
        return (SkillLadder(),)

    def styles(self, plugins: Plugins, columns: Sequence[Column], seed: int) -> list[PolicyStyle]:
        """For each column with a learned rung and a bot, what its policy does differently
        from the bot (:func:`aerodrome.studies.learned.style`, ``max(games, STYLE_GAMES)``
        games from the run's ``seed``)."""
        from aerodrome.studies.learned import style

        out = []
        for column in columns:
            policy = self.policy_for(column.ruleset, column.variants, column.params)
            if policy is None or not column.has_bot:
                continue
            ruleset = plugins.ruleset(column.ruleset)
            out.append(
                style(
                    plugins,
                    ruleset,
                    ruleset.setup(column.setup),
                    f"policy:{policy}",
                    max(self.games, STYLE_GAMES),
                    seed,
                    column=column.name,
                )
            )
        return out


__all__ = [
    "BOT",
    "LADDER_BUDGETS",
    "LADDER_GAMES",
    "LADDER_HORIZON",
    "POLICY",
    "RANDOM",
    "SATURATED",
    "SOURCE",
    "STYLE_GAMES",
    "LadderStudy",
    "Pairing",
    "Rung",
    "SkillLadder",
    "Verdict",
    "check_budgets",
    "check_policies",
    "pairings",
    "parse_policies",
    "rungs",
    "search_rung",
    "step_name",
    "verdict",
]
