"""The seam between ``compare`` and the studies it runs beside the matchups of every column:
the skill ladder (:class:`aerodrome.studies.ladder.LadderStudy`, issue 23), or a study of your own.

A :class:`Study` says which games it wants played in a column (:meth:`Study.matches`: the
agents of every seat, how many games, the :class:`~aerodrome.engine.metrics.Matchup` its metrics
will read) within a CPU-time budget the comparison gives it, and which metrics read those
games (:meth:`Study.metrics`). The comparison plays them on its engine with the run's seed,
streams them to the study's metrics like every other game, pairs them between a variant and
its base, and reports them. A study never plays a game itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import msgspec

from aerodrome.engine.metrics import Column, Matchup, Metric

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
