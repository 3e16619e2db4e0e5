"""The Dockfighters figures of ``aerodrome compare``: mission objectives and edge losses, read
from the stats every result carries (mutation tried: a result without ``objective_<side>``
stats turns the first test red)."""

from __future__ import annotations

import pytest

from aerodrome import Game
from aerodrome.engine.agents import agent_seed
from aerodrome.engine.driver import drive
from aerodrome.engine.metrics import Column, Matchup
from aerodrome.engine.ruleset import Result
from aerodrome.runs.sim import GameRecord
from aerodrome_dockfighters.bot import Konrad
from aerodrome_dockfighters.figures import LostOffTheEdge, ObjectiveAchieved

SIDES = ("Bavaria", "Saxony")
COLUMN = Column(
    name="dockfighters",
    ruleset="dockfighters",
    title="D",
    setup="duel",
    sides=SIDES,
    seat_sides=SIDES,
)
BVB = Matchup(kind="bot-vs-bot")


def record(stats: dict[str, float]) -> GameRecord:
    return GameRecord(
        index=0,
        seed=0,
        ruleset="dockfighters",
        setup="duel",
        agents=("bot", "bot"),
        sides=SIDES,
        result=Result(winners=(), reason="test", rounds=12, stats=stats),
        decisions=1,
    )


@pytest.mark.parametrize("setup", ["duel", "cargo-escort", "recon-escort"])
def test_every_result_reports_objectives_and_edge_losses(plugins, setup: str) -> None:  # type: ignore[no-untyped-def]
    game = Game(plugins.ruleset("dockfighters"), setup, 1, record=False)
    drive(game, [Konrad(p, agent_seed(1, p)) for p in (0, 1)])
    stats = game.result().stats
    assert {"objective_Bavaria", "objective_Saxony", "off_edge", "aircraft"} <= set(stats)
    assert stats["aircraft"] == len(game.state.aircraft)
    assert 0 <= stats["off_edge"] <= stats["aircraft"]
    # a winner fulfilled its mission (clause mission.2: not every fulfilled mission wins)
    for side in game.result().winners:
        assert stats[f"objective_{side}"] == 1.0


def test_objective_share_per_side_and_edge_losses_per_aircraft() -> None:
    objective = ObjectiveAchieved().accumulator(COLUMN)
    edge = LostOffTheEdge().accumulator(COLUMN)
    for bav, sax, lost in ((1.0, 0.0, 0.0), (1.0, 0.0, 1.0), (0.0, 1.0, 0.0), (0.0, 0.0, 0.0)):
        rec = record(
            {"objective_Bavaria": bav, "objective_Saxony": sax, "off_edge": lost, "aircraft": 4.0}
        )
        objective.add(rec, BVB)
        edge.add(rec, BVB)
        objective.add(rec, Matchup(kind="random-vs-random"))  # not the main matchup: ignored
    got = objective.estimate()
    assert got is not None and got.value == 3 / 8 and got.n == 8
    assert got.parts["Bavaria"].value == 0.5 and got.parts["Saxony"].value == 0.25
    lost = edge.estimate()
    assert lost is not None and lost.value == 1 / 16 and lost.n == 16


def test_a_ruleset_without_missions_shows_nothing() -> None:
    objective = ObjectiveAchieved().accumulator(COLUMN)
    edge = LostOffTheEdge().accumulator(COLUMN)
    objective.add(record({"engagements": 3.0}), BVB)
    edge.add(record({"engagements": 3.0}), BVB)
    assert objective.estimate() is None and edge.estimate() is None
