"""Every comparison metric on hand-made games with known values (docs/compare.md)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

from aerodrome import Result, hookimpl
from aerodrome.engine.errors import PluginError
from aerodrome.engine.metrics import (
    Column,
    Estimate,
    ExactSum,
    Matchup,
    Mean,
    Metric,
    Proportion,
    wilson,
)
from aerodrome.engine.records import GameDetail, GameRecord, Tick
from aerodrome.plugins import load_plugins
from aerodrome.runs.parallel import Config
from aerodrome.studies.compare.measure import Profile, all_metrics, measure
from aerodrome.studies.compare.plan import plan
from aerodrome.studies.metrics.builtin import (
    builtin_metrics,
    decisiveness,
    drama,
    lead_changes,
    leader,
    skill_index,
)

SIDES = ("red", "blue")
COLUMN = Column(name="fake", ruleset="fake", title="Fake", setup="s", sides=SIDES, seat_sides=SIDES)
NO_BOT = Column(
    name="fake",
    ruleset="fake",
    title="Fake",
    setup="s",
    sides=SIDES,
    seat_sides=SIDES,
    has_bot=False,
)
BVB = Matchup(kind="bot-vs-bot")
RVR = Matchup(kind="random-vs-random")


def game(
    winners: Sequence[str] = ("red",),
    *,
    rounds: int = 10,
    finished: bool = True,
    kills: int = 0,
    decisions: int = 10,
    choices: int = 0,
    legal: int = 10,
    first: int | None = None,
    material: Sequence[tuple[float, float]] = (),
    engagements: int | None = None,
) -> GameRecord:
    ticks = tuple(Tick(i + 1, tuple(m), 0) for i, m in enumerate(material))
    return GameRecord(
        index=0,
        seed=0,
        ruleset="fake",
        setup="s",
        agents=("bot", "bot"),
        sides=SIDES,
        result=Result(
            winners=tuple(winners),
            reason="test",
            rounds=rounds,
            finished=finished,
            kills={"red": kills} if kills else {},
            engagements=engagements,
        ),
        decisions=decisions,
        detail=GameDetail(choices=choices, legal=legal, first_player=first, ticks=ticks),
    )


def metric(name: str) -> Metric:
    return next(m for m in builtin_metrics() if m.name == name)


def run(
    name: str, games: Sequence[GameRecord | tuple[GameRecord, Matchup]], column: Column = COLUMN
) -> Estimate | None:
    acc = metric(name).accumulator(column)
    for g in games:
        rec, m = g if isinstance(g, tuple) else (g, BVB)
        acc.add(rec, m)
    return acc.estimate()


def approx(x: float) -> Any:
    return pytest.approx(x, abs=1e-4)


# -- statistics ------------------------------------------------------------------------------
def test_wilson_interval_matches_the_textbook_values() -> None:
    # Newcombe (1998), table I: 81/263 → 0.2553–0.3662; and 6/10 → 0.3127–0.8318.
    e = wilson(81, 263)
    assert e is not None and (e.low, e.high) == (approx(0.2553), approx(0.3662))
    e = wilson(6, 10)
    assert e is not None and (e.value, e.low, e.high) == (0.6, approx(0.3127), approx(0.8318))
    e = wilson(0, 10)
    assert e is not None and e.low == 0.0 and e.high == approx(0.2775)
    assert wilson(0, 0) is None


def test_mean_gives_sd_and_normal_interval() -> None:
    m = Mean()
    m.extend([2.0, 4.0, 6.0])
    e = m.estimate()
    assert e is not None and e.value == 4.0 and e.spread == 2.0
    half = 1.959963984540054 * 2 / math.sqrt(3)
    assert (e.low, e.high) == (approx(4 - half), approx(4 + half))
    assert Mean().estimate() is None


def test_exact_sum_does_not_depend_on_order() -> None:
    values = [0.1] * 10 + [1e16, 1.0, -1e16, 1e-8, 0.7]
    totals = set()
    rng = random.Random(5)
    for _ in range(20):
        rng.shuffle(values)
        s = ExactSum()
        for v in values:
            s.add(v)
        totals.add(s.value)
    assert totals == {math.fsum(values)}


def test_proportion_counts() -> None:
    p = Proportion()
    for ok in (True, False, True, True):
        p.add(ok)
    e = p.estimate()
    assert e is not None and e.value == 0.75 and e.n == 4


# -- outcome metrics ---------------------------------------------------------------------------
OUTCOMES = (
    [game(("red",))] * 4 + [game(("blue",))] * 2 + [game(())] * 3 + [game((), finished=False)]
)


def test_completion_is_the_share_of_decided_games() -> None:
    e = run("completion", OUTCOMES)
    assert e is not None and e.value == 0.6 and e.n == 10
    assert (e.low, e.high) == (approx(0.3127), approx(0.8318))


def test_timeouts_is_the_share_of_capped_games() -> None:
    e = run("timeouts", OUTCOMES)
    assert e is not None and e.value == 0.1


def test_drawishness_excludes_timeouts() -> None:
    e = run("drawishness", OUTCOMES)
    assert e is not None and e.value == 0.3


def test_balance_is_one_minus_the_win_share_gap() -> None:
    games = [game(("red",))] * 7 + [game(("blue",))] * 3 + [game(())] * 5
    e = run("balance", games)
    assert e is not None and e.value == approx(0.6) and e.n == 10
    # Wilson: red 7/10 → 0.3968–0.8922, blue 3/10 → 0.1078–0.6032 (Newcombe's method).
    assert e.low == approx(1 - (0.8922 - 0.1078)) and e.high == 1.0
    assert e.parts["red"].value == 0.7 and e.parts["blue"].value == 0.3


def test_balance_of_even_sides_is_one() -> None:
    e = run("balance", [game(("red",)), game(("blue",))] * 50)
    assert e is not None and e.value == 1.0 and e.high == 1.0


def test_balance_of_a_one_sided_game_keeps_an_interval() -> None:
    e = run("balance", [game(("red",))] * 20)
    assert e is not None and e.value == 0.0 and e.low == 0.0
    assert e.high == approx(1 - (0.8389 - 0.1611))  # Wilson 20/20 and 0/20


def test_first_player_advantage_reads_the_first_seat() -> None:
    games = [game(("red",), first=0)] * 3 + [game(("blue",), first=0)] + [game(("blue",), first=1)]
    games += [game(("red",), first=None), game((), first=0)]  # unknown / undecided: skipped
    e = run("first-player-advantage", games)
    assert e is not None and e.n == 5 and e.value == 0.8


def test_metrics_read_only_the_main_matchup() -> None:
    games = [
        (game(("red",)), BVB),
        (game(()), RVR),
        (game(()), Matchup(kind="bot-vs-random", bot_side="red")),
    ]
    e = run("completion", games)
    assert e is not None and e.n == 1 and e.value == 1.0
    e = run("completion", games, NO_BOT)
    assert e is not None and e.n == 1 and e.value == 0.0


# -- durations, lethality, decisions ---------------------------------------------------------
def test_duration_in_turns_and_decisions() -> None:
    games = [game(rounds=r, decisions=d) for r, d in ((2, 10), (4, 20), (6, 60))]
    e = run("duration-turns", games)
    assert e is not None and e.value == 4.0 and e.spread == 2.0
    e = run("duration-decisions", games)
    assert e is not None and e.value == 30.0 and e.spread == approx(26.4575)


def test_lethality_per_turn_is_kills_over_rounds() -> None:
    e = run("lethality-turn", [game(kills=2, rounds=4), game(kills=0, rounds=2)])
    assert e is not None and e.value == 0.25


def test_lethality_per_engagement_needs_engagements() -> None:
    e = run("lethality-engagement", [game(kills=2, engagements=4), game(kills=3, engagements=3)])
    assert e is not None and e.value == 0.75
    assert run("lethality-engagement", [game(kills=2)]) is None


def test_decision_density_and_branching() -> None:
    games = [game(decisions=10, choices=5, legal=30), game(decisions=4, choices=4, legal=8)]
    e = run("decision-density", games)
    assert e is not None and e.value == 0.75
    e = run("branching", games)
    assert e is not None and e.value == 2.5


# -- material: lead changes, drama, decisiveness -------------------------------------------
def ticks(*material: tuple[float, float]) -> list[Tick]:
    return [Tick(i + 1, m, 0) for i, m in enumerate(material)]


def test_leader_needs_a_strict_maximum() -> None:
    assert leader((3, 2)) == 0 and leader((2, 3)) == 1 and leader((2, 2)) is None


def test_lead_changes_skip_ties() -> None:
    assert lead_changes(ticks((3, 3), (3, 2), (2, 3), (2, 2), (2, 1))) == 2
    assert lead_changes(ticks((3, 2), (3, 3), (3, 2))) == 0
    e = run(
        "lead-changes",
        [game(material=[(3, 3), (3, 2), (2, 3), (2, 2), (2, 1)]), game(material=[(3, 2), (1, 0)])],
    )
    assert e is not None and e.value == 1.0


def test_material_metrics_skip_rulesets_without_material() -> None:
    assert run("lead-changes", [game(material=[(0, 0), (0, 0)])]) is None


def test_drama_is_the_share_of_rounds_the_winner_trailed() -> None:
    t = ticks((3, 3), (3, 2), (2, 2), (2, 3), (0, 3))
    assert drama(t, {1}) == 0.25
    e = run(
        "drama",
        [
            game(("blue",), material=[(3, 3), (3, 2), (2, 2), (2, 3), (0, 3)]),
            game(("red",), material=[(3, 3), (3, 1)]),
        ],
    )
    assert e is not None and e.value == 0.125
    assert run("drama", [game((), material=[(3, 3), (3, 1)])]) is None  # a draw has no winner


def test_decisiveness_after_ludii() -> None:
    # red's best share is 0.5; blue passes it at the second of five samples: 1 of 4 steps.
    assert decisiveness(ticks((3, 3), (2, 3), (1, 3), (1, 3), (0, 3)), {1}) == 0.25
    # blue passes the best red share (0.6) only at the end.
    assert decisiveness(ticks((3, 3), (3, 2), (2, 2), (2, 3), (0, 3)), {1}) == 1.0
    games = [
        game(("blue",), material=[(3, 3), (2, 3), (1, 3), (1, 3), (0, 3)]),
        game(("red",), material=[(3, 3), (3, 1)]),
    ]
    e = run("decisiveness", games)
    assert e is not None and e.value == approx((0.25 + 1.0) / 2)


# -- skill against luck ---------------------------------------------------------------------
def bvr(side: str) -> Matchup:
    return Matchup(kind="bot-vs-random", bot_side=side)


SKILL = (
    [(game(("red",)), bvr("red"))] * 3
    + [(game(("blue",)), bvr("red"))]
    + [(game(("blue",)), bvr("blue"))]
    + [(game(("red",)), bvr("blue"))] * 3
    + [(game(("red",)), BVB)] * 6
    + [(game(()), BVB)] * 4
    + [(game(("red",)), RVR)] * 3
    + [(game(()), RVR)] * 2
)


def test_bot_against_random_win_share() -> None:
    e = run("skill-bot-vs-random", SKILL)
    assert e is not None and e.value == 0.5 and e.n == 8
    assert e.parts["red"].value == 0.75 and e.parts["blue"].value == 0.25


def test_mirror_win_shares_per_side() -> None:
    e = run("skill-bot-vs-bot", SKILL)
    assert e is not None and e.value == 0.3 and e.n == 20
    e = run("luck-random-vs-random", SKILL)
    assert e is not None and e.value == 0.3 and e.n == 10


def test_skill_index_scales_the_bot_share_above_the_luck_baseline() -> None:
    e = run("skill-index", SKILL)
    assert e is not None and e.value == approx((0.5 - 0.3) / 0.7)
    bot, base = wilson(4, 8), wilson(3, 10)
    assert bot is not None and base is not None
    assert e.low == approx((bot.low - base.high) / (1 - base.high))
    assert e.high == approx((bot.high - base.low) / (1 - base.low))
    assert skill_index(bot, None) is None
    assert run("skill-index", [(game(("red",)), BVB)]) is None


# -- profile and plumbing --------------------------------------------------------------------
def test_profile_counts_kills_per_round_among_running_games() -> None:
    p = Profile()

    def with_ticks(g: GameRecord, *t: Tick) -> GameRecord:
        return replace(g, detail=GameDetail(choices=0, legal=0, first_player=None, ticks=t))

    a = with_ticks(game(rounds=2), Tick(1, (1, 1), 0), Tick(2, (1, 1), 1), Tick(2, (1, 0), 3))
    b = with_ticks(game(rounds=1), Tick(1, (1, 1), 0), Tick(1, (1, 1), 0))
    p.add(a)
    p.add(b)
    assert p.rounds == {2: 1, 1: 1}
    assert p.kills == [1, 2] and p.alive == [2, 1]
    assert p.kills_per_round() == [0.5, 2.0]


class _CountGames:
    name = "games-counted"
    title = "Games counted"
    unit = "count"
    description = "games seen"
    source = "a test"

    def accumulator(self, column: Column) -> _Counter:
        return _Counter()


class _Counter:
    def __init__(self) -> None:
        self.n = 0

    def add(self, game: GameRecord, matchup: Matchup) -> None:
        self.n += 1

    def estimate(self) -> Estimate | None:
        return Estimate(value=self.n, low=self.n, high=self.n, n=self.n, method="count")


class _MetricPlugin:
    def __init__(self, metrics: list[Any]) -> None:
        self.metrics = metrics

    @hookimpl
    def aerodrome_register_metrics(self) -> list[Any]:
        return self.metrics


def test_a_plugin_adds_a_metric_through_the_hook() -> None:
    plugins = load_plugins(extra=[("counting", _MetricPlugin([_CountGames()]))])
    names = [m.name for m in all_metrics(plugins)]
    assert names.count("games-counted") == 1 and "balance" in names


def test_bad_or_duplicate_metrics_are_errors() -> None:
    with pytest.raises(PluginError, match="metric protocol"):
        all_metrics(load_plugins(extra=[("bad", _MetricPlugin([object()]))]))
    with pytest.raises(PluginError, match="twice"):
        all_metrics(load_plugins(extra=[("dup", _MetricPlugin([_CountGames(), _CountGames()]))]))


def test_measure_routes_each_game_to_its_column_and_matchup(plugins: Any) -> None:
    plans = plan(plugins, ["joust"], [], 4, 1)
    [p] = plans
    config: Config = p.configs[0][0]
    recs = [
        replace(g, ruleset="joust", setup=config.setup, agents=config.agents)
        for g in [game(("red",)), game(("blue",)), game(())]
    ]
    other = game(("red",))  # a game of no planned configuration is ignored
    result = measure(plans, [*recs, other], [*builtin_metrics(), _CountGames()], seed=1, games=4)
    [col] = result.columns
    assert col.games == {p.column.main: 3}
    assert col.metrics["games-counted"] is not None and col.metrics["games-counted"].value == 3
    completion = col.metrics["completion"]
    assert completion is not None and completion.value == approx(2 / 3)


def test_highlights_name_the_standout_columns() -> None:
    from aerodrome.studies.compare.highlights import highlights
    from aerodrome.studies.compare.measure import ColumnResult, Comparison, Profile

    def col(name: str, **values: float) -> ColumnResult:
        column = msgspec.structs.replace(COLUMN, name=name)
        metrics: dict[str, Estimate | None] = {
            k.replace("_", "-"): Estimate(value=v, low=v, high=v, n=1, method="test")
            for k, v in values.items()
        }
        return ColumnResult(column=column, games={}, metrics=metrics, profile=Profile())

    a = col("a", balance=0.9, duration_turns=10, skill_strongest=0.2)
    b = col("b", balance=0.5, duration_turns=30, skill_strongest=0.8, drama=0.3)
    result = Comparison(seed=1, games=1, metrics=[], columns=[a, b])
    found = {h.label: (h.column, h.value) for h in highlights(result)}
    assert found == {
        "most balanced": ("a", 0.9),
        "longest": ("b", 30),
        "shortest": ("a", 10),
        "most skill-driven": ("b", 0.8),
        "most luck-driven": ("a", 0.2),
    }  # drama and lethality: only one column has them, nothing to compare
    assert highlights(Comparison(seed=1, games=1, metrics=[], columns=[a])) == []
