"""The skill ladder: agents of growing strength, each adjacent pair played against each other,
so that a comparison can say how far skill carries in a ruleset (``aerodrome compare``).

The rungs: ``random``, the ruleset's ``bot`` (when it has one), then the paired search agent
``search`` (:mod:`aerodrome.search.paired`) at increasing budgets of rollouts (one rung,
``search:8``, by default: the cost of a default comparison). Each adjacent
pair, lower against upper, plays ``games`` games split over the sides (the upper rung on each
side in turn; the same seeds in both seatings). Each step is read on the share of the decided
games the upper rung wins, with its Wilson 95 % interval (draws left out):

- **separates**: the interval lies above ½: the upper rung is stronger here;
- **saturates**: the interval reaches ½ and its top is below :data:`SATURATED` (the upper
  rung wins at most that share even at best): more skill, or more thinking, does not pay
  past the lower rung in this ruleset, a finding about the rules;
- **reversed**: the interval lies below ½;
- **undecided**: neither, too few decided games to tell.

The seam with ``compare``: :func:`pairings` says what to play (agent names per seat, games,
which side the upper rung plays), compare's engine plays it with the run seed, and
:class:`SkillLadder` (a metric) reads the finished games; :func:`verdict` names each step.
Ludii's skill trace (Stephenson et al.) is the idea; the rungs below the search make it a
ladder, and the search's paired evaluation makes its rungs strong enough to tell apart.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import msgspec

from aerodrome.errors import AerodromeError
from aerodrome.metrics import Column, Estimate, Matchup, Proportion
from aerodrome.sim import GameRecord

#: The search budgets (rollouts a decision) of the default ladder's search rungs: one, so
#: that a default comparison stays within its time (docs/performance.md); ask for more with
#: ``--ladder-budgets 8,32,128``.
LADDER_BUDGETS: tuple[int, ...] = (8,)
#: Games per adjacent pair of the default ladder (split over the sides).
LADDER_GAMES = 12
#: A step whose interval reaches ½ but stays below this share saturates (see the docstring).
SATURATED = 0.65
#: The horizon (rounds) of the ladder's search rungs: short, so that the ladder stays cheap.
LADDER_HORIZON = 2
BOT = "bot"
RANDOM = "random"

Verdict = Literal["separates", "saturates", "reversed", "undecided"]

SOURCE = (
    "Ludii's Skill Trace (Stephenson, Piette, Soemers & Browne, 2019/2021): agents of graded "
    "strength; Karnin, Koren & Somekh (2013) for the search's sequential halving"
)


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
            kind="ladder", bot_side=self.side, lower=self.lower.label, upper=self.upper.label
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


# -- reading the games ------------------------------------------------------------------------
def verdict(share: Estimate | None) -> Verdict:
    """What one step's share of decided games says (see the module docstring)."""
    if share is None:
        return "undecided"
    if share.low > 0.5:
        return "separates"
    if share.high < 0.5:
        return "reversed"
    if share.high < SATURATED:
        return "saturates"
    return "undecided"


def step_name(lower: str, upper: str) -> str:
    return f"{lower}→{upper}"


class _Ladder:
    """Per adjacent pair, the decided ladder games won by the upper rung."""

    def __init__(self, column: Column) -> None:
        self.column = column
        self.steps: dict[str, Proportion] = {}
        self.thinking = Proportion()

    def add(self, game: GameRecord, matchup: Matchup) -> None:
        if matchup.kind != "ladder" or matchup.lower is None or matchup.upper is None:
            return
        result = game.result
        if not (result.finished and result.winners) or matchup.bot_side is None:
            return
        won = matchup.bot_side in result.winners
        name = step_name(matchup.lower, matchup.upper)
        self.steps.setdefault(name, Proportion()).add(won)
        if matchup.lower != RANDOM:
            self.thinking.add(won)

    def estimate(self) -> Estimate | None:
        parts = {n: e for n, p in self.steps.items() if (e := p.estimate()) is not None}
        if not parts:
            return None
        pooled = self.thinking.estimate()
        if pooled is None:  # only random→next was decided
            pooled = next(iter(parts.values()))
        return msgspec.structs.replace(pooled, parts=parts)


@dataclass(frozen=True)
class SkillLadder:
    """The ladder as a compare metric: its value pools the steps above random (what more
    skill or more thinking wins), each step in ``parts``."""

    name: str = "skill-ladder"
    title: str = "Skill ladder (upper rung wins)"
    unit: str = "share"
    description: str = (
        "share of the decided games the stronger of two adjacent agents wins (random < bot < "
        "search at growing budgets; each pair on each side in turn), pooled over the steps "
        "above random, each step in parts: above ½ the step separates, an interval reaching "
        f"½ with its top below {SATURATED} saturates (more skill does not pay there)"
    )
    source: str = SOURCE

    def accumulator(self, column: Column) -> _Ladder:
        return _Ladder(column)
