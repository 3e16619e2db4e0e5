"""Dockfighters figures for ``aerodrome compare`` (plugin metrics, see docs/compare.md): how
often a squadron achieves its mission, and how many aircraft are lost off the map edge
outside a mission's exit rule. Both read the ``Result.stats`` the ruleset reports
(``objective_<side>``, ``off_edge``, ``aircraft``); other rulesets report none and show
nothing.
"""

from __future__ import annotations

import msgspec

from aerodrome.api import Estimate, GameRecord
from aerodrome.engine.metrics import Column, Matchup, Proportion, wilson

SOURCE = "aerodrome (Dockfighters, issue 9)"


class ObjectiveAchieved:
    """Mission objective achieved: share of the main matchup's games in which a squadron
    achieved its own mission; per side in ``parts``."""

    name = "dockfighters-objective"
    title = "Mission objective achieved"
    unit = "share"
    description = (
        "share of games (bot against bot) in which a squadron achieved its own mission "
        "(as the ruleset reports it); per side in parts; rulesets without missions show nothing"
    )
    source = SOURCE

    def accumulator(self, column: Column) -> _Objective:
        return _Objective(column)

    def reads(self, column: Column) -> frozenset[str]:
        """Only the main matchup, and only Dockfighters' games carry missions."""
        return frozenset({column.main} if column.ruleset == "dockfighters" else ())


class _Objective:
    def __init__(self, column: Column) -> None:
        self.column = column
        self.both = Proportion()
        self.sides = {side: Proportion() for side in column.sides}

    def add(self, game: GameRecord, matchup: Matchup) -> None:
        if matchup.kind != self.column.main:
            return
        for side, share in self.sides.items():
            got = game.result.stats.get(f"objective_{side}")
            if got is not None:
                share.add(got > 0)
                self.both.add(got > 0)

    def estimate(self) -> Estimate | None:
        est = self.both.estimate()
        if est is None:
            return None
        parts = {
            side: e for side, share in self.sides.items() if (e := share.estimate()) is not None
        }
        return msgspec.structs.replace(est, parts=parts)


class LostOffTheEdge:
    """Aircraft lost off the map edge outside a mission's exit rule, as a share of all the
    aircraft of the main matchup's games."""

    name = "dockfighters-off-edge"
    title = "Lost off the map edge"
    unit = "share"
    description = (
        "aircraft that left the board other than by their mission's exit, as a share of all "
        "aircraft (bot against bot)"
    )
    source = SOURCE

    def accumulator(self, column: Column) -> _OffEdge:
        return _OffEdge(column)

    def reads(self, column: Column) -> frozenset[str]:
        """Only the main matchup, and only Dockfighters' games report aircraft off the edge."""
        return frozenset({column.main} if column.ruleset == "dockfighters" else ())


class _OffEdge:
    def __init__(self, column: Column) -> None:
        self.column = column
        self.lost = 0
        self.aircraft = 0

    def add(self, game: GameRecord, matchup: Matchup) -> None:
        if matchup.kind != self.column.main or "aircraft" not in game.result.stats:
            return
        self.lost += int(game.result.stats.get("off_edge", 0.0))
        self.aircraft += int(game.result.stats["aircraft"])

    def estimate(self) -> Estimate | None:
        return wilson(self.lost, self.aircraft)


METRICS = (ObjectiveAchieved(), LostOffTheEdge())
