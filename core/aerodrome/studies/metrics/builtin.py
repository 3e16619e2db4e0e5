"""The built-in game-quality metrics, after Browne (*Evolutionary Game Design*, 2011) and the
Ludii metrics, adapted to wargames. Definitions and sources: ``docs/compare.md``.

Per-game helpers (:func:`lead_changes`, :func:`drama`, :func:`decisiveness`...) are pure
functions of a :class:`~aerodrome.engine.records.GameRecord`, tested on hand-made games.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import msgspec

from aerodrome.engine.metrics import Column, Estimate, Matchup, Mean, Metric, Proportion, wilson
from aerodrome.engine.records import GameRecord, Tick
from aerodrome.studies.metrics.ladder import KIND as LADDER
from aerodrome.studies.metrics.ladder import SkillLadder

LUDII = "Ludii's evaluation metrics (Stephenson, Browne et al.), after Browne 2011"
BROWNE = "Browne, Evolutionary Game Design (2011)"
SKILL_TRACE = (
    "Ludii's Skill Trace (Stephenson, Piette, Soemers & Browne, 2019/2021): the same search "
    "agent at growing budgets; Di Palma & Lanzi (2019) and Zook et al. (2019) for simulated "
    "players of graded skill"
)


# -- per-game quantities --------------------------------------------------------------------
def decided(game: GameRecord) -> bool:
    """The rules ended the game with a winner."""
    return game.result.finished and bool(game.result.winners)


def winner_indices(game: GameRecord) -> set[int]:
    return {i for i, s in enumerate(game.sides) if s in game.result.winners}


def material_ticks(game: GameRecord) -> Sequence[Tick] | None:
    """The game's material samples, or None when the ruleset reports no material."""
    d = game.detail
    if d is None or not d.ticks or not any(sum(t.material) > 0 for t in d.ticks):
        return None
    return d.ticks


def leader(material: Sequence[float]) -> int | None:
    """The side (index) with strictly the most material; None on a tie."""
    if not material:
        return None
    best = max(material)
    leaders = [i for i, m in enumerate(material) if m == best]
    return leaders[0] if len(leaders) == 1 else None


def lead_changes(ticks: Sequence[Tick]) -> int:
    """How often the material leader changed (ties keep the previous leader)."""
    changes = 0
    current: int | None = None
    for t in ticks:
        lead = leader(t.material)
        if lead is None:
            continue
        if current is not None and lead != current:
            changes += 1
        current = lead
    return changes


def trails(material: Sequence[float], winners: set[int]) -> bool:
    """Whether the best of ``winners`` has less material than the best other side."""
    others = [m for i, m in enumerate(material) if i not in winners]
    ours = [m for i, m in enumerate(material) if i in winners]
    return bool(others and ours) and max(ours) < max(others)


def drama(ticks: Sequence[Tick], winners: set[int]) -> float:
    """Share of the game's rounds (all samples but the final one) in which the eventual
    winner trailed in material."""
    samples = ticks[:-1] if len(ticks) > 1 else ticks
    return sum(trails(t.material, winners) for t in samples) / len(samples)


def shares(material: Sequence[float]) -> list[float] | None:
    total = sum(material)
    return [m / total for m in material] if total > 0 else None


def decisiveness(ticks: Sequence[Tick], winners: set[int]) -> float:
    """Ludii's Decisiveness Moves: the share of the game played before the eventual winner's
    material share first exceeded the highest share any loser ever reached (1: the game was
    open until its end)."""
    evals = [shares(t.material) for t in ticks]
    threshold = max(
        (e[i] for e in evals if e is not None for i in range(len(e)) if i not in winners),
        default=0.0,
    )
    last = len(ticks) - 1
    if last <= 0:
        return 1.0
    for k, e in enumerate(evals):
        if e is not None and max(e[i] for i in winners) > threshold:
            return k / last
    return 1.0


# -- metric shapes ---------------------------------------------------------------------------
@dataclass(frozen=True)
class MeanMetric:
    """A mean of one value per game of the main matchup (``value`` returns None to skip)."""

    name: str
    title: str
    unit: str
    description: str
    source: str
    value: Callable[[GameRecord, Column], float | None]
    #: The range of a per-game value: the interval is clipped to it.
    bounds: tuple[float, float] = (0.0, math.inf)

    def accumulator(self, column: Column) -> _MeanOf:
        return _MeanOf(self.value, column, self.bounds)

    def reads(self, column: Column) -> frozenset[str]:
        return frozenset({column.main})

    def per_game(self, game: GameRecord, matchup: Matchup, column: Column) -> float | None:
        return self.value(game, column) if matchup.kind == column.main else None


class _MeanOf:
    def __init__(
        self,
        value: Callable[[GameRecord, Column], float | None],
        column: Column,
        bounds: tuple[float, float],
    ) -> None:
        self.value, self.column, self.bounds, self.mean = value, column, bounds, Mean()

    def add(self, game: GameRecord, matchup: Matchup) -> None:
        if matchup.kind == self.column.main:
            v = self.value(game, self.column)
            if v is not None:
                self.mean.add(v)

    def estimate(self) -> Estimate | None:
        e = self.mean.estimate()
        if e is None:
            return None
        lo, hi = self.bounds
        return msgspec.structs.replace(e, low=max(lo, e.low), high=min(hi, e.high))


@dataclass(frozen=True)
class ShareMetric:
    """A proportion over the games of the main matchup (``outcome`` returns None to skip)."""

    name: str
    title: str
    unit: str
    description: str
    source: str
    outcome: Callable[[GameRecord, Column], bool | None]

    def accumulator(self, column: Column) -> _ShareOf:
        return _ShareOf(self.outcome, column)

    def reads(self, column: Column) -> frozenset[str]:
        return frozenset({column.main})

    def per_game(self, game: GameRecord, matchup: Matchup, column: Column) -> float | None:
        if matchup.kind != column.main:
            return None
        v = self.outcome(game, column)
        return None if v is None else float(v)


class _ShareOf:
    def __init__(self, outcome: Callable[[GameRecord, Column], bool | None], column: Column):
        self.outcome, self.column, self.share = outcome, column, Proportion()

    def add(self, game: GameRecord, matchup: Matchup) -> None:
        if matchup.kind == self.column.main:
            v = self.outcome(game, self.column)
            if v is not None:
                self.share.add(v)

    def estimate(self) -> Estimate | None:
        return self.share.estimate()


# -- balance and skill -----------------------------------------------------------------------
@dataclass(frozen=True)
class Balance:
    """1 − (highest − lowest win share among decided games); each side's share in parts.

    The interval runs between the widest and the narrowest gap the Wilson intervals of the
    two sides allow (conservative, and sound at 0 and 1 where a normal interval collapses).
    """

    name: str = "balance"
    title: str = "Balance"
    unit: str = "share"
    description: str = (
        "1 minus the gap between the most and the least winning side's share of the decided "
        "games (1: perfectly even); each side's share in parts"
    )
    source: str = LUDII + " (Balance)"

    def accumulator(self, column: Column) -> _Balance:
        return _Balance(column)

    def reads(self, column: Column) -> frozenset[str]:
        return frozenset({column.main})


class _Balance:
    def __init__(self, column: Column) -> None:
        self.column = column
        self.wins = dict.fromkeys(column.sides, 0)
        self.decided = 0

    def add(self, game: GameRecord, matchup: Matchup) -> None:
        if matchup.kind != self.column.main or not decided(game):
            return
        self.decided += 1
        for side in game.result.winners:
            if side in self.wins:
                self.wins[side] += 1

    def estimate(self) -> Estimate | None:
        n = self.decided
        if n == 0 or len(self.wins) < 2:
            return None
        parts = {s: e for s, w in self.wins.items() if (e := wilson(w, n)) is not None}
        top = max(parts.values(), key=lambda e: e.value)
        bottom = min(parts.values(), key=lambda e: e.value)
        return Estimate(
            value=1 - (top.value - bottom.value),
            low=max(0.0, 1 - (top.high - bottom.low)),
            high=min(1.0, 1 - max(0.0, top.low - bottom.high)),
            n=n,
            method="wilson",
            parts=parts,
        )


class _BotVsRandom:
    """Share of bot-vs-random games won by the bot's side (per bot side in parts)."""

    def __init__(self, column: Column) -> None:
        self.column = column
        self.all = Proportion()
        self.by_side = {s: Proportion() for s in column.sides}

    def add(self, game: GameRecord, matchup: Matchup) -> None:
        if matchup.kind != "bot-vs-random" or matchup.bot_side is None:
            return
        won = matchup.bot_side in game.result.winners
        self.all.add(won)
        if matchup.bot_side in self.by_side:
            self.by_side[matchup.bot_side].add(won)

    def estimate(self) -> Estimate | None:
        e = self.all.estimate()
        if e is None:
            return None
        parts = {s: p for s, a in self.by_side.items() if (p := a.estimate()) is not None}
        return Estimate(value=e.value, low=e.low, high=e.high, n=e.n, method=e.method, parts=parts)


class _MirrorWinRate:
    """Mean win rate of one side when the same agent plays every side (``kind``)."""

    def __init__(self, column: Column, kind: str) -> None:
        self.column, self.kind = column, kind
        self.games = 0
        self.side_wins = 0

    def add(self, game: GameRecord, matchup: Matchup) -> None:
        if matchup.kind != self.kind:
            return
        self.games += 1
        self.side_wins += sum(1 for s in game.result.winners if s in self.column.sides)

    def estimate(self) -> Estimate | None:
        k = len(self.column.sides)
        if k == 0:
            return None
        return wilson(self.side_wins, self.games * k)


@dataclass(frozen=True)
class BotVsRandom:
    name: str = "skill-bot-vs-random"
    title: str = "Bot beats random"
    unit: str = "share"
    description: str = (
        "share of bot-vs-random games won by the bot's side (the bot plays each side in "
        "turn); near the mirror rate: luck decides, near 1: skill decides"
    )
    source: str = BROWNE + " (skill: a stronger player should win)"

    def accumulator(self, column: Column) -> _BotVsRandom:
        return _BotVsRandom(column)

    def per_game(self, game: GameRecord, matchup: Matchup, column: Column) -> float | None:
        if matchup.kind != "bot-vs-random" or matchup.bot_side is None:
            return None
        return float(matchup.bot_side in game.result.winners)


@dataclass(frozen=True)
class MirrorWinRate:
    name: str
    title: str
    kind: str
    description: str
    unit: str = "share"
    source: str = BROWNE + " (mirror matches as the baseline of skill)"

    def accumulator(self, column: Column) -> _MirrorWinRate:
        return _MirrorWinRate(column, self.kind)

    def per_game(self, game: GameRecord, matchup: Matchup, column: Column) -> float | None:
        """The game's side wins over the sides (the estimate is side wins over games ×
        sides: the mean of this)."""
        k = len(column.sides)
        if matchup.kind != self.kind or k == 0:
            return None
        return sum(1 for s in game.result.winners if s in column.sides) / k


class _SkillIndex:
    def __init__(self, column: Column) -> None:
        self.bot = _BotVsRandom(column)
        self.base = _MirrorWinRate(column, "random-vs-random")

    def add(self, game: GameRecord, matchup: Matchup) -> None:
        self.bot.add(game, matchup)
        self.base.add(game, matchup)

    def estimate(self) -> Estimate | None:
        return skill_index(self.bot.estimate(), self.base.estimate())


def skill_index(bot: Estimate | None, base: Estimate | None) -> Estimate | None:
    """(bot-vs-random − random mirror) / (1 − random mirror); the interval from the ends of
    both intervals (conservative)."""
    if bot is None or base is None or base.high >= 1:
        return None

    def index(b: float, r: float) -> float:
        return (b - r) / (1 - r)

    return Estimate(
        value=index(bot.value, base.value),
        low=index(bot.low, base.high),
        high=index(bot.high, base.low),
        n=min(bot.n, base.n),
        method="derived",
    )


@dataclass(frozen=True)
class SkillIndex:
    name: str = "skill-index"
    title: str = "Skill over luck"
    unit: str = "index"
    description: str = (
        "how much of the room above the luck baseline the bot takes: (bot-vs-random win "
        "share − a side's win share in random-vs-random) / (1 − that share); 0: luck only, "
        "1: the bot always wins"
    )
    source: str = BROWNE + "; Ludii (Skill Trace) for the idea of skill against a weaker agent"

    def accumulator(self, column: Column) -> _SkillIndex:
        return _SkillIndex(column)

    def reads(self, column: Column) -> frozenset[str]:
        return frozenset({"bot-vs-random", "random-vs-random"})


# -- skill measured by thinking ----------------------------------------------------------------
def decided_share_index(share: Estimate, sides: int) -> Estimate:
    """Skill over luck from a share of decided games: (share − 1/sides) ÷ (1 − 1/sides), its
    interval mapped from the share's (0: no better than chance, 1: never loses a decided
    game, negative: worse than chance)."""
    base = 1.0 / sides

    def index(x: float) -> float:
        return (x - base) / (1 - base)

    return Estimate(
        value=index(share.value),
        low=index(share.low),
        high=index(share.high),
        n=share.n,
        method="derived",
    )


class _Strongest:
    """Decided games won against random agents by each strong agent: the bot (bot-vs-random)
    and the agent on the skill ladder's first rung above random."""

    def __init__(self, column: Column) -> None:
        self.column = column
        self.agents: dict[str, Proportion] = {}

    def add(self, game: GameRecord, matchup: Matchup) -> None:
        if matchup.kind == "bot-vs-random":
            agent = "bot"
        elif matchup.kind == LADDER and matchup.lower == "random" and matchup.upper:
            agent = matchup.upper  # the ladder's first step: an agent against random
        else:
            return
        if matchup.bot_side is None or not decided(game):
            return
        self.agents.setdefault(agent, Proportion()).add(matchup.bot_side in game.result.winners)

    def estimate(self) -> Estimate | None:
        sides = len(self.column.sides)
        if sides < 2:
            return None
        parts = {
            a: decided_share_index(e, sides)
            for a, p in sorted(self.agents.items())
            if (e := p.estimate()) is not None
        }
        if not parts:
            return None
        # the strongest: the highest lower end of the interval (a few lucky games of one
        # agent do not beat many good games of another)
        best = max(parts.values(), key=lambda e: (e.low, e.value, e.n))
        return msgspec.structs.replace(best, parts=parts)


@dataclass(frozen=True)
class StrongestSkill:
    name: str = "skill-strongest"
    title: str = "Skill over luck (strongest agent)"
    unit: str = "index"
    description: str = (
        "the strongest agent's (of the bot and the ladder's rung above random: the higher "
        "lower end of the interval) share of the decided games it plays "
        "against random agents, each side in turn, rescaled from the 1/sides of chance: "
        "(share − 1/sides) ÷ (1 − 1/sides); 0: luck only, 1: the random side never wins a "
        "decided game. Draws are left out, so a drawish game is not called luck-driven; each "
        "agent's index in parts"
    )
    source: str = SKILL_TRACE + "; " + BROWNE + " (a stronger player should win)"

    def accumulator(self, column: Column) -> _Strongest:
        return _Strongest(column)

    def reads(self, column: Column) -> frozenset[str]:
        return frozenset({"bot-vs-random", LADDER})


# -- per-game value functions ------------------------------------------------------------------
def _first_player_won(game: GameRecord, column: Column) -> bool | None:
    d = game.detail
    if d is None or d.first_player is None or not decided(game):
        return None
    if not 0 <= d.first_player < len(column.seat_sides):
        return None
    return column.seat_sides[d.first_player] in game.result.winners


def _lethality_turn(game: GameRecord, column: Column) -> float | None:
    r = game.result
    return sum(r.kills.values()) / r.rounds if r.rounds > 0 else None


def _lethality_engagement(game: GameRecord, column: Column) -> float | None:
    engagements = game.result.engagements
    if not engagements:
        return None
    return sum(game.result.kills.values()) / engagements


def _density(game: GameRecord, column: Column) -> float | None:
    d = game.detail
    return d.choices / game.decisions if d is not None and game.decisions > 0 else None


def _branching(game: GameRecord, column: Column) -> float | None:
    d = game.detail
    return d.legal / game.decisions if d is not None and game.decisions > 0 else None


def _lead_changes(game: GameRecord, column: Column) -> float | None:
    ticks = material_ticks(game)
    return float(lead_changes(ticks)) if ticks is not None else None


def _drama(game: GameRecord, column: Column) -> float | None:
    ticks = material_ticks(game)
    winners = winner_indices(game)
    if ticks is None or not decided(game) or not winners:
        return None
    return drama(ticks, winners)


def _decisiveness(game: GameRecord, column: Column) -> float | None:
    ticks = material_ticks(game)
    winners = winner_indices(game)
    if ticks is None or not decided(game) or not winners:
        return None
    return decisiveness(ticks, winners)


BUILTIN: tuple[Metric, ...] = (
    ShareMetric(
        "completion",
        "Completion",
        "share",
        "share of games the rules end with a winner (not a draw, not a timeout)",
        LUDII + " (Completion)",
        lambda g, c: decided(g),
    ),
    ShareMetric(
        "timeouts",
        "Timeouts",
        "share",
        "share of games stopped by the safety cap on rounds before the rules ended them",
        LUDII + " (Timeouts)",
        lambda g, c: not g.result.finished,
    ),
    ShareMetric(
        "drawishness",
        "Drawishness",
        "share",
        "share of games the rules end without a winner (timeouts not included)",
        LUDII + " (Drawishness)",
        lambda g, c: g.result.finished and not g.result.winners,
    ),
    Balance(),
    ShareMetric(
        "first-player-advantage",
        "First-player advantage",
        "share",
        "share of decided games won by the side of the seat that acted first (or held the "
        "initiative, when the ruleset reports who did); 1/sides: no advantage",
        LUDII + " (Advantage)",
        _first_player_won,
    ),
    MeanMetric(
        "duration-turns",
        "Duration (turns)",
        "turns",
        "rounds played per game (mean; spread = standard deviation)",
        LUDII + " (Duration Turns)",
        lambda g, c: float(g.result.rounds),
    ),
    MeanMetric(
        "duration-decisions",
        "Duration (decisions)",
        "decisions",
        "decisions (answers by any player) per game",
        LUDII + " (Duration Actions)",
        lambda g, c: float(g.decisions),
    ),
    MeanMetric(
        "lethality-turn",
        "Kills per turn",
        "kills",
        "aircraft destroyed per round, per game",
        "aerodrome (wargame analogue of Ludii's Board Sites Occupied change per turn)",
        _lethality_turn,
    ),
    MeanMetric(
        "lethality-engagement",
        "Kills per engagement",
        "kills",
        "aircraft destroyed per attack resolved (for rulesets that count their attacks)",
        "aerodrome",
        _lethality_engagement,
    ),
    MeanMetric(
        "decision-density",
        "Decision density",
        "share",
        "share of decisions with more than one legal choice, per game",
        LUDII + " (Decision Moves)",
        _density,
        (0.0, 1.0),
    ),
    MeanMetric(
        "branching",
        "Branching factor",
        "actions",
        "legal actions per decision, per game",
        LUDII + " (Branching Factor)",
        _branching,
    ),
    MeanMetric(
        "lead-changes",
        "Lead changes",
        "count",
        "times the side ahead in material (the aircraft left, by their value) changed, per game",
        LUDII + " (Lead Change); " + BROWNE + " (Lead change)",
        _lead_changes,
    ),
    MeanMetric(
        "drama",
        "Drama",
        "share",
        "share of rounds the eventual winner spent behind in material, per decided game",
        LUDII + " (Drama); " + BROWNE + " (Drama)",
        _drama,
        (0.0, 1.0),
    ),
    MeanMetric(
        "decisiveness",
        "Decided at",
        "share",
        "share of the game played before the eventual winner's material share passed the "
        "best any loser ever had, per decided game (1: open until the end)",
        LUDII + " (Decisiveness Moves, Decisiveness Threshold)",
        _decisiveness,
        (0.0, 1.0),
    ),
    BotVsRandom(),
    MirrorWinRate(
        "skill-bot-vs-bot",
        "Bot vs bot (per side)",
        "bot-vs-bot",
        "a side's win share when the bot plays every side (the mirror: decided share / sides)",
    ),
    MirrorWinRate(
        "luck-random-vs-random",
        "Random vs random (per side)",
        "random-vs-random",
        "a side's win share when random agents play every side: the luck baseline",
    ),
    SkillIndex(),
    StrongestSkill(),
    SkillLadder(),
)


def builtin_metrics() -> list[Metric]:
    """The metrics aerodrome ships (in table order)."""
    return list(BUILTIN)
