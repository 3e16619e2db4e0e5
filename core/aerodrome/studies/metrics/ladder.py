"""The skill ladder's metric: per adjacent pair of rungs, the share of the decided games the
upper rung wins, and what that share says (:func:`verdict`).

The ladder's games are planned by :mod:`aerodrome.studies.ladder` (a study of ``aerodrome compare``,
:mod:`aerodrome.studies.compare.studies`); this module only reads them, so that the metrics package
never reaches what plays games. A step is read on the share of the decided games the upper
rung wins, with its Wilson 95 % interval (draws left out):

- **separates**: the interval lies above ½: the upper rung is stronger here;
- **saturates**: the interval reaches ½ and its top is below :data:`SATURATED` (the upper
  rung wins at most that share even at best): more skill, or more thinking, does not pay
  past the lower rung in this ruleset, a finding about the rules;
- **reversed**: the interval lies below ½;
- **undecided**: neither, too few decided games to tell.

Where the ruleset has a bot, the first step (random → bot) is read on compare's own
``bot-vs-random`` games (the same agents: the ladder does not play them again). The learned
rung's step (a trained policy, ``policy``) is a step of its own but left out of the pooled
value: a policy plays only the rules it was trained on, so a variant's column has no such
step, and the pooled values of a variant and its base must pool the same steps.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import msgspec

from aerodrome.engine.metrics import Column, Estimate, Matchup, Proportion
from aerodrome.engine.records import GameRecord

#: A step whose interval reaches ½ but stays below this share saturates (see the docstring).
SATURATED = 0.65
#: The kind of the ladder's matchups, and the labels of its two lowest rungs.
KIND = "ladder"
RANDOM = "random"
BOT = "bot"
#: The label of the learned rung (a trained policy, ``--ladder-policy``).
POLICY = "policy"
#: The matchup whose games are the ladder's first step (random → bot) when the ruleset has a
#: bot: compare plays it anyway, with more games than a ladder pair.
BOT_VS_RANDOM = "bot-vs-random"

Verdict = Literal["separates", "saturates", "reversed", "undecided"]

SOURCE = (
    "Ludii's Skill Trace (Stephenson, Piette, Soemers & Browne, 2019/2021): agents of graded "
    "strength; Karnin, Koren & Somekh (2013) for the search's sequential halving"
)


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
        lower, upper = matchup.lower, matchup.upper
        if matchup.kind == BOT_VS_RANDOM and BOT in self.column.ladder:
            lower, upper = RANDOM, BOT  # the ladder's first step: compare's own games
        elif matchup.kind != KIND:
            return
        if lower is None or upper is None:
            return
        result = game.result
        if not (result.finished and result.winners) or matchup.bot_side is None:
            return
        won = matchup.bot_side in result.winners
        name = step_name(lower, upper)
        self.steps.setdefault(name, Proportion()).add(won)
        if lower != RANDOM and upper != POLICY:
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

    def reads(self, column: Column) -> frozenset[str]:
        return frozenset({KIND, BOT_VS_RANDOM})
