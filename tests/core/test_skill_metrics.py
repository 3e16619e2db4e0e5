"""Skill measured by thinking: the skill trace, skill over luck on the strongest agent (draws
left out) and headlines named only when intervals separate."""

from __future__ import annotations

import msgspec
import pytest
from pytest import approx

from aerodrome.compare.highlights import highlights
from aerodrome.compare.measure import ColumnResult, Comparison, Profile
from aerodrome.compare.plan import plan
from aerodrome.compare.run import studies
from aerodrome.compare.studies import check_budgets
from aerodrome.errors import AerodromeError
from aerodrome.metrics import Estimate, Matchup
from aerodrome.metrics.builtin import SkillTrace, StrongestSkill
from tests.conftest import PLUGINS
from tests.core.test_metrics import COLUMN, game

TRACED = msgspec.structs.replace(COLUMN, trace=(4, 8, 16))


def trace(budget: int, side: str) -> Matchup:
    return Matchup(kind="search-trace", bot_side=side, budget=budget)


def test_the_trace_counts_decided_games_won_by_the_larger_budget() -> None:
    acc = SkillTrace().accumulator(TRACED)
    for winners in (("red",), ("red",), ("blue",), ()):  # 4→8, larger budget on red
        acc.add(game(winners), trace(4, "red"))
    for winners in (("blue",), ("blue",)):  # 8→16, larger budget on blue
        acc.add(game(winners), trace(8, "blue"))
    acc.add(game(("red",)), Matchup(kind="bot-vs-bot"))  # not a trace game
    e = acc.estimate()
    assert e is not None and e.n == 5 and e.value == approx(4 / 5)
    assert e.parts["4→8"].value == approx(2 / 3) and e.parts["4→8"].n == 3
    assert e.parts["8→16"].value == 1.0
    assert SkillTrace().accumulator(TRACED).estimate() is None


def test_skill_over_luck_reads_the_strongest_agent_and_leaves_draws_out() -> None:
    """A drawish game whose random side never wins a decided game is not luck-driven
    (mutation caught: counting draws as losses of the strong agent)."""
    acc = StrongestSkill().accumulator(COLUMN)
    for i in range(20):  # the bot: 10 of 20 decided games won
        acc.add(
            game(("red",) if i % 2 else ("blue",)), Matchup(kind="bot-vs-random", bot_side="red")
        )
    search = Matchup(kind="search-vs-random", bot_side="blue", budget=32)
    for i in range(20):  # mcts: 4 decided games, all won; 16 draws
        acc.add(game(("blue",) if i < 4 else ()), search)
    e = acc.estimate()
    assert e is not None
    assert set(e.parts) == {"bot", "mcts:32"}
    assert e.parts["bot"].value == approx(0.0)
    assert e.value == approx(1.0) and e.n == 4  # the strongest: mcts
    assert e.low < e.value  # four games: a wide interval


def test_headlines_name_a_column_only_when_its_interval_separates() -> None:
    def col(name: str, value: float, half: float) -> ColumnResult:
        e = Estimate(value=value, low=value - half, high=value + half, n=10, method="test")
        column = msgspec.structs.replace(COLUMN, name=name)
        return ColumnResult(
            column=column, games={}, metrics={"skill-strongest": e}, profile=Profile()
        )

    apart = Comparison(
        seed=1, games=1, metrics=[], columns=[col("a", 0.9, 0.05), col("b", 0.2, 0.1)]
    )
    found = {h.label: h.column for h in highlights(apart)}
    assert found == {"most skill-driven": "a", "most luck-driven": "b"}
    overlapping = Comparison(
        seed=1, games=1, metrics=[], columns=[col("a", 0.6, 0.2), col("b", 0.4, 0.2)]
    )
    assert highlights(overlapping) == []


def test_budgets_must_double() -> None:
    assert check_budgets([4, 8, 16]) == (4, 8, 16)
    assert check_budgets([]) == ()
    for bad in ([4], [4, 9], [0, 0]):
        with pytest.raises(AerodromeError, match="each double the one before"):
            check_budgets(bad)


def test_the_plan_plays_each_doubling_on_each_side() -> None:
    [column] = plan(PLUGINS, ["df40k"], [], 10, 1, studies=studies((2, 4, 8), 6))
    search = [(c.agents, m) for c, m in column.configs if m.kind.startswith("search")]
    assert [
        (m.kind, m.budget, m.bot_side, c.games)
        for (c, m) in column.configs
        if m.kind.startswith("search")
    ] == [
        ("search-vs-random", 8, "imperium", 3),
        ("search-vs-random", 8, "orks", 3),
        ("search-trace", 2, "imperium", 3),
        ("search-trace", 2, "orks", 3),
        ("search-trace", 4, "imperium", 3),
        ("search-trace", 4, "orks", 3),
    ]
    assert search[2][0] == ("mcts:4:depth=5:random", "mcts:2:depth=5:random")
    assert column.column.trace == (2, 4, 8)


def test_the_report_section_shows_each_doubling() -> None:
    from aerodrome.report_search import skill_section

    part = Estimate(value=0.75, low=0.5, high=0.9, n=12, method="wilson")
    trace = Estimate(value=0.7, low=0.55, high=0.8, n=24, method="wilson", parts={"4→8": part})
    column = ColumnResult(
        column=TRACED, games={}, metrics={"skill-trace": trace}, profile=Profile()
    )
    html = skill_section(Comparison(seed=1, games=1, metrics=[], columns=[column]))
    assert 'id="skill-trace"' in html and "4→8" in html and "0.75" in html and "(n=12)" in html
    empty = ColumnResult(column=TRACED, games={}, metrics={}, profile=Profile())
    assert skill_section(Comparison(seed=1, games=1, metrics=[], columns=[empty])) == ""
