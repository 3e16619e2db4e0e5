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


def test_paired_workloads_play_the_same_seeds() -> None:
    """Workloads of one ``pair`` play the same games in every round (the fewest any of them
    was sized to); an unpaired one keeps its own count. Mutation caught: the pair's counts
    left as sized (the slow workload of a pair sized to fewer games than the quick one)."""
    log: list[tuple[str, int, int]] = []

    def slow(first: int, games: int) -> int:
        log.append(("slow", first, games))
        sum(range(20_000 * games))  # CPU, which is what sizing counts
        return games

    work = [
        Workload("quick", _Recorder(log, "quick"), pair="p"),
        Workload("slow", slow, pair="p"),
        Workload("alone", _Recorder(log, "alone")),
    ]
    series = {s.workload.name: s for s in measure(work, rounds=2, seconds=0.05)}
    assert series["quick"].games == series["slow"].games < series["alone"].games
    rounds = {
        name: [(f, g) for n, f, g in log if n == name and f < WARM_SEED]
        for name in ("quick", "slow")
    }
    assert rounds["quick"] == rounds["slow"]


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


def test_strength_measures_the_agent_asked_for() -> None:
    """``--agent`` replaces the search in the search pairings only (the ladder and bot v bot
    keep theirs). Mutation caught: ``pairings`` ignoring ``agent``."""
    from benchmarks.strength import pairings

    pairs = pairings("victoriana", ("search-bot", "search-random", "bot-bot"), "search:mix=0")
    assert pairs == [
        ("search:mix=0 v bot", "search:mix=0", "bot"),
        ("search:mix=0 v random", "search:mix=0", "random"),
        ("bot v bot", "bot", "bot"),
    ]


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["--only", "victoriana", "--agent", "search:zz"], "--agent search:zz: agent 'search:zz'"),
        (["--only", "nosuch"], "unknown ruleset 'nosuch'"),
    ],
)
def test_strength_names_a_bad_agent_or_ruleset_before_playing(
    argv: list[str], named: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bad ``--agent`` or ``--only`` is a usage error naming it, before any game is played
    (no file written). Mutation caught: the check removed (a traceback from the engine)."""
    from benchmarks import strength

    out = tmp_path / "s.json"
    with pytest.raises(SystemExit) as exc:
        strength.main(["--out", str(out), *argv])
    assert exc.value.code == 2
    assert named in capsys.readouterr().err
    assert not out.exists()


def test_decision_gain_values_positions_and_scores_agents(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Positions are reproducible from their seed, every candidate has a value in [0, 1],
    and no agent's mean gain exceeds the oracle's (the best candidate everywhere).
    Mutations caught: positions drawn from an unseeded generator (two runs differ); a
    choice scored by its rank instead of its candidate's value (gain above the oracle)."""
    from benchmarks import decision_gain

    files = [tmp_path / "a.json", tmp_path / "b.json"]
    for out in files:
        argv = ["positions", "--ruleset", "df40k", "--games", "1", "--worlds", "20"]
        assert decision_gain.main([*argv, "--share", "0.5", "--out", str(out)]) == 0
    assert files[0].read_text() == files[1].read_text()
    data = json.loads(files[0].read_text())
    assert data["positions"], "a df40k game gives positions to value"
    for row in data["positions"]:
        assert len(row["values"]) == len(row["candidates"]) >= 2
        assert all(0.0 <= v <= 1.0 for v in row["values"])
    capsys.readouterr()
    assert decision_gain.main(["score", str(files[0]), "--agent", "search", "--reps", "2"]) == 0
    scored = json.loads(capsys.readouterr().out)
    assert scored["agent"] == "search"
    assert scored["positions"] + scored["outside_the_candidates"] > 0
    assert scored["mean_gain"] <= scored["oracle"] + 1e-9


def test_decision_gain_names_a_bad_positions_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file that is not a positions file is a usage error naming it, not a traceback."""
    from benchmarks import decision_gain

    bad = tmp_path / "x.json"
    bad.write_text('{"ruleset": "df40k"}')
    with pytest.raises(SystemExit) as exc:
        decision_gain.main(["score", str(bad), "--agent", "search"])
    assert exc.value.code == 2
    assert f"{bad}: not a positions file" in capsys.readouterr().err
