"""The seam between ``compare`` and the studies it runs beside the matchups of every column:
today the skill trace, tomorrow the skill ladder (``aerodrome.ladder``, issue 23).

A :class:`Study` says which games it wants played in a column (:meth:`Study.matches`: the
agents of every seat, how many games, the :class:`~aerodrome.metrics.Matchup` its metrics
will read) within a CPU-time budget the comparison gives it, and which metrics read those
games (:meth:`Study.metrics`). The comparison plays them on its engine with the run's seed,
streams them to the study's metrics like every other game, pairs them between a variant and
its base, and reports them. A study never plays a game itself.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Protocol

import msgspec

from aerodrome.errors import AerodromeError
from aerodrome.metrics import Column, Matchup, Metric

#: CPU seconds a study may spend per column in a default comparison (the default
#: ``aerodrome compare`` of the four built-in rulesets must stay within 60 s wall on two
#: idle cores: docs/performance.md), and in ``--quick``.
BUDGET = 20.0
QUICK_BUDGET = 4.0


class Match(msgspec.Struct, frozen=True, kw_only=True):
    """Games a study wants: ``agents`` (one name per seat), ``games`` of them, read by its
    metrics as ``matchup``."""

    agents: tuple[str, ...]
    games: int
    matchup: Matchup


class Study(Protocol):
    """Games beside the matchups, and the metrics that read them (see the module)."""

    @property
    def name(self) -> str: ...

    def matches(self, column: Column, agents: Sequence[str], seconds: float) -> list[Match]:
        """The games to play in ``column`` (whose ruleset offers ``agents``) within about
        ``seconds`` of CPU time (a declared figure: a study sizes its games from its own
        knowledge of their cost, never by timing them, so that a plan does not depend on the
        machine)."""
        ...

    def metrics(self) -> Sequence[Metric]:
        """The metrics that read this study's games (already registered built-ins may be
        named here too: a metric appears once)."""
        ...


# -- the skill trace (until the skill ladder replaces it) --------------------------------------
#: The skill trace (``compare`` measured by thinking): the budgets (iterations) of the
#: search agent, each double the one before, and its cut-off depth. Small on purpose: a
#: default comparison with the trace stays within its time (docs/performance.md); ask for
#: more with ``--trace-budgets``.
TRACE_BUDGETS = (2, 4, 8, 16)
TRACE_DEPTH = 5
#: Games per doubling of the trace, and of the strongest search agent against random agents
#: (split over the sides), by default.
TRACE_GAMES = 10


def search_agent(budget: int, depth: int = TRACE_DEPTH) -> str:
    """The agent name of the search agent at ``budget`` iterations in the skill trace: random
    rollouts, cut at ``depth``, cheap on purpose (a bot rollout in classic costs five random
    ones) and the same search in every ruleset, with or without a bot."""
    return f"mcts:{budget}:depth={depth}:random"


def check_budgets(budgets: Sequence[int]) -> tuple[int, ...]:
    """Trace budgets: at least two, each double the one before."""
    out = tuple(budgets)
    if not out:
        return out
    if len(out) < 2 or out[0] < 1 or any(b != 2 * a for a, b in itertools.pairwise(out)):
        raise AerodromeError(
            f"--trace-budgets: give two or more budgets, each double the one before (e.g. "
            f"4,8,16,32), got {','.join(map(str, out))}"
        )
    return out


class SkillTrace:
    """The skill trace as a study: the search agent at the top budget against random agents,
    and each doubling of its budget against the budget before, ``games`` a pairing split
    over the sides. Its metrics (``skill-trace``, ``skill-strongest``) are built in."""

    name = "skill-trace"

    def __init__(self, budgets: Sequence[int] = TRACE_BUDGETS, games: int = TRACE_GAMES) -> None:
        self.budgets = check_budgets(budgets)
        self.games = games

    def matches(self, column: Column, agents: Sequence[str], seconds: float) -> list[Match]:
        """The trace's games (their number is ``games``, whatever ``seconds``: the trace's
        cost is measured in docs/performance.md, not modelled)."""
        if not self.budgets:
            return []
        sides = column.sides
        per_side = math.ceil(self.games / len(sides))
        top = self.budgets[-1]
        out = [
            Match(
                agents=tuple(
                    search_agent(top) if s == side else "random" for s in column.seat_sides
                ),
                games=per_side,
                matchup=Matchup(kind="search-vs-random", bot_side=side, budget=top),
            )
            for side in sides
        ]
        for k in self.budgets[:-1]:
            for side in sides:
                out.append(
                    Match(
                        agents=tuple(
                            search_agent(2 * k if s == side else k) for s in column.seat_sides
                        ),
                        games=per_side,
                        matchup=Matchup(kind="search-trace", bot_side=side, budget=k),
                    )
                )
        return out

    def metrics(self) -> Sequence[Metric]:
        return ()
