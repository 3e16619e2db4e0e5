"""The benchmark runner and the interleaved comparison with reference engines (issue 18).

Speed itself is never asserted here (benchmarks measure it); these tests check the machinery:
rounds interleave and play new seeds, ratios pair rounds, a missing reference engine is
reported instead of failing, and the runner's options reach only the benchmarks that take
them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from benchmarks import __main__ as runner
from benchmarks import bench_reference, engines
from benchmarks.interleave import WARM_SEED, Workload, measure, ratios, spread


class _Recorder:
    """A workload that records every ``run(first_seed, games)`` call; 3 decisions a game."""

    def __init__(self, log: list[tuple[str, int, int]], name: str) -> None:
        self.log, self.name = log, name

    def __call__(self, first_seed: int, games: int) -> int:
        self.log.append((self.name, first_seed, games))
        return 3 * games


def test_rounds_interleave_and_play_new_seeds() -> None:
    """Mutations caught: every round replaying seed 0 (``run(0, n)``), or counting the
    uncounted first round, or running each workload's rounds back to back."""
    log: list[tuple[str, int, int]] = []
    work = [Workload(n, _Recorder(log, n)) for n in ("a", "b")]
    series = measure(work, rounds=3, seconds=0.001)
    rounds = [(name, first) for name, first, games in log if first < WARM_SEED]
    assert [n for n, _ in rounds] == ["a", "b", "b", "a", "a", "b", "b", "a"]  # rotated order
    firsts = {name: [f for n, f in rounds if n == name] for name in ("a", "b")}
    for s in series:
        n = s.games
        assert firsts[s.workload.name] == [0, n, 2 * n, 3 * n]  # new seeds every round
        assert len(s.cpu) == len(s.decisions) == 3  # round 0 not counted
        assert s.decisions_per_game == 3


def test_ratios_pair_rounds() -> None:
    assert ratios([2.0, 4.0, 9.0], [1.0, 4.0, 3.0]) == {"min": 1.0, "median": 2.0}
    assert spread([3.0, 1.0, 2.0]) == {"min": 1.0, "median": 2.0, "max": 3.0}


def test_missing_reference_engines_are_reported_not_fatal(monkeypatch: pytest.MonkeyPatch) -> None:
    for module in engines.PACKAGES:
        monkeypatch.setitem(sys.modules, module, None)  # import raises ImportError
    found, missing = engines.available()
    assert found == []
    assert missing == ["open_spiel", "chess"]

    def tiny() -> list[Workload]:
        return [Workload("classic random", lambda first, games: 950 * games)]

    monkeypatch.setattr(bench_reference, "aerodrome_workloads", tiny)
    figures = bench_reference.bench_engines(rounds=2, seconds=0.001)
    assert figures["references_missing"] == ["open_spiel", "chess"]
    assert figures["ratios"] == {"classic random": {}}
    assert figures["workloads"]["classic random"]["decisions_per_game"] == 950
    text = bench_reference.render_engines(figures)
    assert "reference engines not installed: open_spiel, chess" in text
    assert "decisions/s vs" not in text
    assert "no reference" in text


def test_targets_judge_the_median_ratio(monkeypatch: pytest.MonkeyPatch) -> None:
    """Against a fake backgammon: classic random at 2 decisions for its 1 meets 1.5×."""
    fake = engines.Engine(bench_reference.BACKGAMMON, lambda first, games: games)
    monkeypatch.setattr(engines, "available", lambda: ([fake], []))
    monkeypatch.setattr(
        bench_reference,
        "aerodrome_workloads",
        lambda: [
            Workload("classic random", lambda first, games: 2 * games),
        ],
    )
    figures = bench_reference.bench_engines(rounds=3, seconds=0.001)
    [target] = figures["targets"]
    assert target["what"] == "classic, random play"
    assert set(target["ratio"]) == {"min", "median"}
    assert target["met"] == (target["ratio"]["median"] >= 1.5)
    assert "games/s vs openspiel backgammon" in figures["ratios"]["classic random"]


def test_aerodrome_workload_is_deterministic() -> None:
    """The example ruleset through the public API: equal seeds, equal decisions."""
    plugins = bench_reference.example_plugins()
    run = bench_reference._ruleset_run(plugins, "joust", "duel", "random")
    assert run(0, 5) == run(0, 5) > 0


@pytest.mark.parametrize(
    "name",
    [
        "openspiel backgammon",
        "openspiel backgammon (stdlib rng)",
        "openspiel tic-tac-toe",
    ],
)
def test_reference_rollouts_are_seeded(name: str) -> None:
    pytest.importorskip("pyspiel")
    [engine] = [e for e in engines.available()[0] if e.name == name]
    assert engine.run(7, 2) == engine.run(7, 2) > 0


def test_python_chess_rollout_is_seeded() -> None:
    pytest.importorskip("chess")
    [engine] = [e for e in engines.available()[0] if e.name == "python-chess"]
    assert engine.run(3, 1) == engine.run(3, 1) > 0


def test_runner_options_reach_only_keyword_only_parameters() -> None:
    args = runner.parse(["classic", "reference", "--rounds", "3", "--json"])
    assert args.filters == ["classic", "reference"] and args.json and args.rounds == 3
    given = {"rounds": 3, "seconds": None}

    def interleaved(*, rounds: int = 7, seconds: float = 0.5) -> None: ...
    def iterations(rounds: int = 3000) -> None: ...  # bench_classic.bench_legal_moves's kind

    assert runner._options(interleaved, given) == {"rounds": 3}
    assert runner._options(iterations, given) == {}


def test_runner_rejects_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        runner.parse(["--rounds", "0"])
    assert "--rounds must be at least 1" in capsys.readouterr().err


def test_the_compare_benchmark_derives_idle_wall_time_from_cpu_times() -> None:
    """At best the CPU shared by the cores; at worst the main process alone, the workers
    shared, and the longest chunk once more (mutation caught: halving the main process's
    CPU in the worst case)."""
    from benchmarks.bench_compare import idle_wall

    run = {"cpu_main": 4.0, "cpu_workers": 100.0, "longest_chunk": 2.0}
    assert idle_wall(run) == {"at_best": 52.0, "at_worst": 56.0}
    assert idle_wall({"cpu_main": 30.0, "cpu_workers": 0.0}) == {"at_best": 30.0, "at_worst": 30.0}


def test_the_compare_benchmark_records_every_chunk(tmp_path: Path) -> None:
    """``cli_run`` runs the real command line and sees the engine's chunks."""
    from benchmarks.bench_compare import cli_run

    stats = tmp_path / "stats.json"
    with pytest.raises(SystemExit) as done:
        cli_run(
            ["compare", "df40k", "--games", "2", "--no-ladder", "--workers", "1", "-q", "--json"],
            str(stats),
        )
    assert done.value.code == 0
    got = json.loads(stats.read_text())
    assert got["chunks"] == 2 + 2 + 2 and got["cpu"] > 0 and got["longest"] <= got["cpu"]
