"""The skill ladder (aerodrome.studies.ladder): its rungs and pairings, the reading of each step
(separates, saturates, reversed, undecided), skill over luck on the strongest agent (draws
left out), headlines named only when intervals separate, and the report's section."""

from __future__ import annotations

import msgspec
import pytest
from pytest import approx

from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.metrics import Estimate, Matchup, wilson
from aerodrome.studies.compare.highlights import highlights
from aerodrome.studies.compare.measure import ColumnResult, Comparison, Profile
from aerodrome.studies.compare.plan import plan
from aerodrome.studies.compare.run import studies
from aerodrome.studies.ladder import (
    SATURATED,
    LadderStudy,
    SkillLadder,
    check_budgets,
    pairings,
    rungs,
    verdict,
)
from aerodrome.studies.metrics.builtin import StrongestSkill
from tests.conftest import PLUGINS
from tests.core.test_metrics import COLUMN, game


def step(lower: str, upper: str, side: str) -> Matchup:
    return Matchup(kind="ladder", bot_side=side, lower=lower, upper=upper)


def test_the_rungs_climb_from_random_through_the_bot_to_the_search() -> None:
    assert [r.label for r in rungs(True, (4, 16))] == ["random", "bot", "search:4", "search:16"]
    assert [r.name for r in rungs(True, (4, 64))][2:] == [
        "search:4:k=2:horizon=2",
        "search:64:k=8:horizon=2",
    ]
    assert [r.label for r in rungs(False, (8,))] == ["random", "search:8"]
    assert rungs(True, (4,))[-1].name.startswith("search:4:")


def test_budgets_must_grow() -> None:
    assert check_budgets([4, 16, 17]) == (4, 16, 17)
    assert check_budgets([]) == ()
    for bad in ([4, 4], [8, 4], [0, 2]):
        with pytest.raises(AerodromeError, match="each larger than the one before"):
            check_budgets(bad)


def test_each_adjacent_pair_is_played_with_the_upper_rung_on_each_side() -> None:
    found = pairings(("red", "blue"), ("red", "blue", "red"), True, (4,), games=5)
    assert [(p.lower.label, p.upper.label, p.side, p.games) for p in found] == [
        ("random", "bot", "red", 3),
        ("random", "bot", "blue", 3),
        ("bot", "search:4", "red", 3),
        ("bot", "search:4", "blue", 3),
    ]
    assert found[1].agents == ("random", "bot", "random")  # seats by side
    assert found[2].matchup == step("bot", "search:4", "red")


def test_the_plan_plays_the_ladder_of_each_column() -> None:
    """Mutation caught: the study playing random → bot itself (the same agents as
    bot-vs-random: the engine keys games by their agents, so one matchup lost its games)."""
    [column] = plan(PLUGINS, ["df40k"], [], 10, 1, studies=studies((2, 8), 6))
    ladder = [
        (m.lower, m.upper, m.bot_side, c.games) for c, m in column.configs if m.kind == "ladder"
    ]
    assert len(ladder) == 4 and ladder[0] == ("bot", "search:2", "imperium", 3)
    assert ladder[-1] == ("search:2", "search:8", "orks", 3)
    assert column.column.ladder == ("random", "bot", "search:2", "search:8")
    keys = [c.key for c, _ in column.configs]
    assert len(keys) == len(set(keys))  # no two matchups of a column share their games
    [none] = plan(PLUGINS, ["df40k"], [], 10, 1, studies=studies(None))
    assert not any(m.kind == "ladder" for _, m in none.configs) and none.column.ladder == ()
    study = LadderStudy((4,), 6)  # the study's own games are the pairings' above the bot
    matches = study.matches(column.column, ("random", "bot"), 20.0)
    assert [m.agents for m in matches] == [
        p.agents for p in pairings(("imperium", "orks"), ("imperium", "orks"), True, (4,), 6)
    ][2:]
    assert [m.name for m in study.metrics()] == ["skill-ladder"]
    no_bot = study.matches(column.column, ("random",), 20.0)  # random → search is played
    assert [m.matchup.lower for m in no_bot] == ["random", "random"]


def test_a_step_separates_saturates_reverses_or_is_undecided() -> None:
    """Mutation caught: calling a step separated when only its value is above ½, or
    saturated when its interval still reaches high shares."""
    assert verdict(wilson(40, 50)) == "separates"
    assert verdict(wilson(10, 50)) == "reversed"
    assert verdict(wilson(60, 120)) == "saturates"  # 0.50, 0.41-0.59
    assert verdict(wilson(6, 10)) == "undecided"  # 0.60, 0.31-0.83
    assert verdict(None) == "undecided"
    e = wilson(60, 120)
    assert e is not None and e.high < SATURATED


def test_the_ladder_counts_decided_games_won_by_the_upper_rung() -> None:
    """Mutation caught: the first step not read on compare's bot-vs-random games."""
    laddered = msgspec.structs.replace(COLUMN, ladder=("random", "bot", "search:4"))
    acc = SkillLadder().accumulator(laddered)
    for winners in (("red",), ("red",), ("blue",), ()):  # random→bot, bot on red
        acc.add(game(winners), Matchup(kind="bot-vs-random", bot_side="red"))
    for winners in (("blue",), ("blue",), ("red",)):  # bot→search:4, search on blue
        acc.add(game(winners), step("bot", "search:4", "blue"))
    acc.add(game(("red",)), Matchup(kind="bot-vs-bot"))  # not a ladder game
    e = acc.estimate()
    assert e is not None
    assert e.parts["random→bot"].value == approx(2 / 3) and e.parts["random→bot"].n == 3
    assert e.parts["bot→search:4"].value == approx(2 / 3)
    assert e.value == approx(2 / 3) and e.n == 3  # pooled over the steps above random
    assert SkillLadder().accumulator(laddered).estimate() is None
    unladdered = SkillLadder().accumulator(COLUMN)  # no ladder: bot-vs-random is not a step
    unladdered.add(game(("red",)), Matchup(kind="bot-vs-random", bot_side="red"))
    assert unladdered.estimate() is None


def test_skill_over_luck_reads_the_strongest_agent_and_leaves_draws_out() -> None:
    """A drawish game whose random side never wins a decided game is not luck-driven
    (mutation caught: counting draws as losses of the strong agent)."""
    acc = StrongestSkill().accumulator(COLUMN)
    for i in range(20):  # the bot: 10 of 20 decided games won
        acc.add(
            game(("red",) if i % 2 else ("blue",)), Matchup(kind="bot-vs-random", bot_side="red")
        )
    for i in range(20):  # the ladder's search rung over random: 4 decided, all won; 16 draws
        acc.add(game(("blue",) if i < 4 else ()), step("random", "search:4", "blue"))
    acc.add(game(("red",)), step("bot", "search:16", "red"))  # not against random
    e = acc.estimate()
    assert e is not None
    assert set(e.parts) == {"bot", "search:4"}
    assert e.parts["bot"].value == approx(0.0)
    assert e.value == approx(1.0) and e.n == 4  # the strongest: the search
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


def test_the_report_section_shows_each_step_and_its_verdict() -> None:
    from aerodrome.studies.report_search import skill_section

    part = Estimate(value=0.75, low=0.55, high=0.9, n=12, method="wilson")
    pooled = Estimate(
        value=0.7, low=0.55, high=0.8, n=24, method="wilson", parts={"bot→search:4": part}
    )
    column = ColumnResult(
        column=COLUMN, games={}, metrics={"skill-ladder": pooled}, profile=Profile()
    )
    html = skill_section(Comparison(seed=1, games=1, metrics=[], columns=[column]))
    assert 'id="skill-ladder"' in html and "bot→search:4" in html and "(12 decided games)" in html
    assert "separates" in html
    empty = ColumnResult(column=COLUMN, games={}, metrics={}, profile=Profile())
    assert skill_section(Comparison(seed=1, games=1, metrics=[], columns=[empty])) == ""
