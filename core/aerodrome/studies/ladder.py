"""The skill ladder: agents of growing strength, each adjacent pair played against each other,
so that a comparison can say how far skill carries in a ruleset (``aerodrome compare``).

The rungs: ``random``, the ruleset's ``bot`` (when it has one), then the paired search agent
``search`` (:mod:`aerodrome.search.paired`) at increasing budgets of rollouts (one rung,
``search:8``, by default: the cost of a default comparison). Each adjacent
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
from collections.abc import Sequence
from dataclasses import dataclass

from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.metrics import Column, Matchup, Metric
from aerodrome.studies.compare.studies import Match
from aerodrome.studies.metrics.ladder import (
    KIND,
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


def rungs(has_bot: bool, budgets: Sequence[int] = LADDER_BUDGETS) -> tuple[Rung, ...]:
    """random, the bot (when there is one), the search at each budget."""
    out = [Rung(RANDOM, RANDOM)]
    if has_bot:
        out.append(Rung(BOT, BOT))
    out += [search_rung(b) for b in check_budgets(budgets)]
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
) -> list[Pairing]:
    """Every adjacent pair of :func:`rungs`, the upper rung on each side in turn,
    ``⌈games / sides⌉`` games a seating."""
    ladder = rungs(has_bot, budgets)
    per_side = math.ceil(games / max(1, len(sides)))
    out: list[Pairing] = []
    for lower, upper in itertools.pairwise(ladder):
        for side in sides:
            agents = tuple(upper.name if s == side else lower.name for s in seat_sides)
            out.append(Pairing(lower, upper, side, agents, per_side))
    return out


class LadderStudy:
    """The skill ladder as a study of ``aerodrome compare``: every adjacent pair of
    :func:`rungs`, ``games`` games a pair split over the sides, the search rungs at
    ``budgets``. Its metric (``skill-ladder``) is built in; ``skill-strongest`` also reads
    its first step (an agent against random)."""

    name = "skill-ladder"

    def __init__(self, budgets: Sequence[int] = LADDER_BUDGETS, games: int = LADDER_GAMES) -> None:
        self.budgets = check_budgets(budgets)
        self.games = games

    def labels(self, has_bot: bool) -> tuple[str, ...]:
        """The rungs' labels in a column whose ruleset has (or has not) a bot."""
        return tuple(r.label for r in rungs(has_bot, self.budgets))

    def matches(self, column: Column, agents: Sequence[str], seconds: float) -> list[Match]:
        """The ladder's games (their number is ``games``, whatever ``seconds``: the ladder's
        cost is measured in docs/performance.md, not modelled), but for random → bot: the
        comparison plays the bot against random agents anyway (``bot-vs-random``, more
        games), and the ladder's metric reads those. Two configurations of one column must
        never have the same agents: their games would be one set of games to the engine."""
        has_bot = BOT in agents
        found = pairings(column.sides, column.seat_sides, has_bot, self.budgets, self.games)
        return [
            Match(agents=p.agents, games=p.games, matchup=p.matchup)
            for p in found
            if not (has_bot and (p.lower.name, p.upper.name) == (RANDOM, BOT))
        ]

    def metrics(self) -> Sequence[Metric]:
        return (SkillLadder(),)


__all__ = [
    "BOT",
    "LADDER_BUDGETS",
    "LADDER_GAMES",
    "LADDER_HORIZON",
    "RANDOM",
    "SATURATED",
    "SOURCE",
    "LadderStudy",
    "Pairing",
    "Rung",
    "SkillLadder",
    "Verdict",
    "check_budgets",
    "pairings",
    "rungs",
    "search_rung",
    "step_name",
    "verdict",
]
