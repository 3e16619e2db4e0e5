"""The simulation engine: same records on every backend, streaming, resumable; variants."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import msgspec
import pluggy
import pytest

from aerodrome import (
    Action,
    AgentSpec,
    Ask,
    Context,
    Decision,
    Phase,
    Result,
    Ruleset,
    Seat,
    Setup,
    Step,
    TurnSequence,
    hookimpl,
    hookspec,
    listed,
)
from aerodrome.engine.agents import PlayerView
from aerodrome.engine.capabilities import Analysis, WarmUp
from aerodrome.engine.dice import derive_seed
from aerodrome.engine.errors import AerodromeError, PluginError, UnknownNameError
from aerodrome.engine.records import GameRecord
from aerodrome.engine.turns import Turn
from aerodrome.engine.variants import VariantSpec
from aerodrome.plugins import Plugins, load_plugins
from aerodrome.runs.parallel import Config, Done, Engine, chunk_size, plugin_sources, read_results
from aerodrome.studies.compare.plan import plan
from aerodrome.studies.compare.run import run_comparison

JOUST = Config(ruleset="joust", setup="duel", agents=("random", "random"), games=40, seed=7)


def lines(path: Path) -> list[bytes]:
    return sorted(path.read_bytes().splitlines())


def run_to(plugins: Plugins, path: Path, configs: Sequence[Config] = (JOUST,), **kw: Any) -> int:
    return sum(1 for _ in Engine(plugins, **kw).run(configs, path))


# -- identical results on every backend --------------------------------------------------------
def test_records_do_not_depend_on_workers_or_chunks(plugins: Plugins, tmp_path: Path) -> None:
    one, two, small = tmp_path / "1.jsonl", tmp_path / "2.jsonl", tmp_path / "c.jsonl"
    assert run_to(plugins, one, workers=1) == 40
    assert run_to(plugins, two, workers=2) == 40
    assert run_to(plugins, small, workers=1, chunk=3) == 40
    assert lines(one) == lines(two) == lines(small)
    recs = list(read_results(one))
    assert sorted(r.index for r in recs) == list(range(40))
    assert all(r.detail is not None for r in recs)


def test_records_on_dask_match_the_process_pool(plugins: Plugins, tmp_path: Path) -> None:
    pytest.importorskip("distributed", reason="dask[distributed] is not installed")
    pool, dask = tmp_path / "pool.jsonl", tmp_path / "dask.jsonl"
    config = msgspec.structs.replace(JOUST, games=12)
    assert run_to(plugins, pool, [config], workers=2) == 12
    assert run_to(plugins, dask, [config], workers=2, dask="local") == 12
    assert lines(pool) == lines(dask)


def test_records_on_a_dask_scheduler_address(plugins: Plugins, tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed", reason="dask[distributed] is not installed")
    here, remote = tmp_path / "here.jsonl", tmp_path / "remote.jsonl"
    config = msgspec.structs.replace(JOUST, games=6)
    run_to(plugins, here, [config], workers=1)
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, dashboard_address=":0"
    ) as cluster:
        assert run_to(plugins, remote, [config], dask=cluster.scheduler_address) == 6
    assert lines(here) == lines(remote)


def test_engine_records_match_the_plain_simulation(plugins: Plugins) -> None:
    from aerodrome.runs.sim import run_games

    r = plugins.ruleset("joust")
    plain = list(run_games(plugins, r, r.setup(), JOUST.agents, 10, JOUST.seed))
    config = msgspec.structs.replace(JOUST, games=10)
    engine = sorted(Engine(plugins, workers=1).run([config]), key=lambda g: g.index)
    assert [g.result for g in engine] == [g.result for g in plain]
    assert [g.seed for g in engine] == [g.seed for g in plain]


# -- streaming and resuming -------------------------------------------------------------------
def test_a_rerun_skips_games_already_in_the_file(plugins: Plugins, tmp_path: Path) -> None:
    full, part = tmp_path / "full.jsonl", tmp_path / "part.jsonl"
    run_to(plugins, full, workers=1)
    kept = full.read_bytes().splitlines(keepends=True)[:15]
    part.write_bytes(b"".join(kept) + b'{"index": 99, "trunc')  # an interrupted write
    progress: list[int] = []
    new = Engine(plugins, workers=1).run([JOUST], part, on_progress=progress.append)
    recs = list(new)
    assert len(recs) == 40 and sum(progress) == 40
    assert lines(part) == lines(full)  # the broken line was cut off, nothing doubled
    before = part.read_bytes()
    assert run_to(plugins, part, workers=2) == 40  # complete: nothing to play
    assert part.read_bytes() == before


def test_a_file_with_other_runs_only_lends_matching_games(plugins: Plugins, tmp_path: Path) -> None:
    path = tmp_path / "mixed.jsonl"
    other_seed = msgspec.structs.replace(JOUST, seed=8, games=5)
    run_to(plugins, path, [other_seed], workers=1)
    recs = list(Engine(plugins, workers=1).run([JOUST], path))
    assert sorted(r.seed for r in recs) == sorted(derive_seed(7, i) for i in range(40))
    assert len(path.read_bytes().splitlines()) == 45  # the other run's games stay in the file


def test_more_games_extend_a_finished_run(plugins: Plugins, tmp_path: Path) -> None:
    path = tmp_path / "grow.jsonl"
    run_to(plugins, path, [msgspec.structs.replace(JOUST, games=10)], workers=1)
    assert run_to(plugins, path, [JOUST], workers=1) == 40
    full = tmp_path / "full.jsonl"
    run_to(plugins, full, workers=1)
    assert lines(path) == lines(full)


def test_done_tracks_runs_of_missing_games() -> None:
    config = msgspec.structs.replace(JOUST, games=6)
    done = Done([config])
    assert list(done.todo(config)) == [(0, 6)]
    done.flags[config.key][2] = 1
    done.flags[config.key][5] = 1
    assert list(done.todo(config)) == [(0, 2), (3, 5)]


def test_chunks_keep_every_worker_busy() -> None:
    assert chunk_size(10, 2) == 1
    assert chunk_size(1000, 2) == 32
    assert chunk_size(10_000, 2) == 50
    assert chunk_size(100_000, 8) == 50


def test_unknown_names_fail_before_any_game(plugins: Plugins, tmp_path: Path) -> None:
    bad = msgspec.structs.replace(JOUST, agents=("random", "nobody"))
    with pytest.raises(UnknownNameError, match="nobody"):
        list(Engine(plugins, workers=1).run([bad], tmp_path / "x.jsonl"))
    assert not (tmp_path / "x.jsonl").exists()


def test_workers_cannot_load_plugin_objects() -> None:
    plugins = load_plugins(extra=[("coin", CoinPlugin())])
    with pytest.raises(PluginError, match="not a module"):
        plugin_sources(plugins)


def test_worker_plugin_sources_name_the_example_module(plugins: Plugins) -> None:
    sources = plugin_sources(plugins)
    joust = [s for s in sources if s[0] == "joust"]
    if joust:  # registered by the test suite rather than through an entry point
        _name, module, root = joust[0]
        assert module == "aerodrome_joust.plugin" and root is not None
        assert (Path(root) / "aerodrome_joust" / "__init__.py").exists()


def test_a_pool_worker_warms_up_the_rulesets_of_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker builds each ruleset's tables when it starts (``Ruleset.warm_up``), before the
    first chunk (issue 18). Mutation caught: ``warm_worker`` not calling ``warm_up``."""
    import aerodrome.runs.parallel as parallel

    warmed: list[tuple[str, object]] = []

    class Rules(WarmUp):
        def __init__(self, name: str, variants: object) -> None:
            self.key = (name, variants)

        def setups(self) -> list[object]:
            return []

        def warm_up(self) -> None:
            warmed.append(self.key)

    class Found:
        def __init__(self, variants: object) -> None:
            self.variants = variants

        def ruleset(self, name: str) -> Rules:
            return Rules(name, self.variants)

    monkeypatch.setattr(parallel, "worker_plugins", lambda sources, variants: Found(variants))
    monkeypatch.setattr(parallel, "drop_cwd_from_path", lambda: None)
    none: parallel.PlugKey = ((), ())
    with_v: parallel.PlugKey = (("v",), ())
    parallel.warm_worker(
        parallel.Environment(), (("classic", none), ("classic", with_v), ("df40k", none))
    )
    assert warmed == [("classic", none), ("classic", with_v), ("df40k", none)]


# -- a fake ruleset with a hookspec, and a variant of it -------------------------------------
class Flip(Action, frozen=True):
    """Call the coin."""

    call: str


class CoinState(msgspec.Struct, kw_only=True):
    called: list[str] = []
    roll: int = 0


class CoinSpecs:
    @hookspec(firstresult=True)
    def aerodrome_coin_red_wins(self, roll: int) -> bool | None:
        """Whether red wins on ``roll``. Stops at first non-None result."""


CALLS = (Flip(call="heads"), Flip(call="tails"))


def _ask(state: CoinState, ctx: Context) -> Ask[CoinState, Action] | None:
    return None if state.roll else Ask(Decision(players=(0,), kind="call"), listed(CALLS), _resolve)


def _resolve(state: CoinState, ctx: Context, answers: Mapping[int, Action]) -> bool:
    state.called.append(str(getattr(answers[0], "call", "")))
    state.roll = ctx.dice.d(6, "the coin")
    return False


class Coin(Ruleset[CoinState], Analysis[CoinState]):
    name = "coin"
    title = "Coin (test)"
    action_types = (Flip,)

    def setups(self) -> Sequence[Setup]:
        seats = (Seat(name="Red", side="red"), Seat(name="Blue", side="blue"))
        return [Setup(name="toss", title="A toss", seats=seats)]

    def sequence(self) -> TurnSequence[CoinState]:
        return TurnSequence(phases=(Phase(name="toss", steps=(Step("call", _ask),)),))

    def initial_state(self, setup: Setup, ctx: Context) -> CoinState:
        return CoinState()

    def observation(self, state: CoinState, player: int | None, turn: Turn) -> CoinState:
        return state

    def is_over(self, state: CoinState) -> bool:
        return state.roll > 0

    def result(self, state: CoinState, rounds: int) -> Result:
        red_wins = self.hooks.caller(CoinSpecs.aerodrome_coin_red_wins)
        red = None if red_wins is None else red_wins(roll=state.roll)
        if red is None:
            red = state.roll >= 4  # the "rulebook"
        winner = "red" if red else "blue"
        return Result(winners=(winner,) if state.roll else (), reason="toss", rounds=rounds)

    def material(self, state: CoinState) -> dict[str, float]:
        return {"red": 1.0, "blue": 1.0}

    def invariants(self, state: CoinState) -> list[str]:
        return []


class FirstChoice:
    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return legal[0]


class Broken:
    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        raise RuntimeError("this agent is broken")


class CoinPlugin:
    @hookimpl
    def aerodrome_addhooks(self, pluginmanager: pluggy.PluginManager) -> None:
        pluginmanager.add_hookspecs(CoinSpecs)

    @hookimpl
    def aerodrome_register_rulesets(self) -> list[type[Ruleset[Any]]]:
        return [Coin]

    @hookimpl
    def aerodrome_register_agents(self) -> list[AgentSpec]:
        return [
            AgentSpec("bot", lambda r, p, s: FirstChoice(), "first choice", ruleset="coin"),
            AgentSpec("broken", lambda r, p, s: Broken(), "always fails", ruleset="coin"),
        ]


class RedAlwaysWins:
    @hookimpl
    def aerodrome_coin_red_wins(self, roll: int) -> bool | None:
        return True


class CoinVariants:
    @hookimpl
    def aerodrome_register_variants(self) -> list[VariantSpec]:
        return [VariantSpec("red-always-wins", "coin", "red wins every toss", RedAlwaysWins())]


def coin_plugins(variants: Sequence[str] = ()) -> Plugins:
    return load_plugins(
        extra=[("coin", CoinPlugin()), ("coin_variants", CoinVariants())], variants=variants
    )


def test_a_variant_is_inactive_until_named() -> None:
    base = coin_plugins()
    assert "red-always-wins" in set(base.variants())  # installed variants are listed too
    assert not any(name.startswith("variant:") for name, _ in base.pm.list_name_plugin())
    on = coin_plugins(["red-always-wins"])
    assert on.pm.has_plugin("variant:red-always-wins")
    with pytest.raises(UnknownNameError, match="red-always-wins"):
        coin_plugins(["red-always-winz"])


def test_a_variant_column_sits_next_to_its_base_ruleset() -> None:
    plans = plan(coin_plugins(), ["coin"], ["red-always-wins"], 20, 3)
    assert [p.column.name for p in plans] == ["coin", "coin+red-always-wins"]
    assert all(c.variants == ("red-always-wins",) for c, _ in plans[1].configs)
    kinds = [m.kind for _, m in plans[0].configs]
    assert kinds == ["bot-vs-bot", "random-vs-random", "bot-vs-random", "bot-vs-random"]
    with pytest.raises(UnknownNameError):
        plan(coin_plugins(), ["coin"], ["nope"], 20, 3)


def test_a_variant_changes_the_measured_rules(tmp_path: Path) -> None:
    result = run_comparison(
        coin_plugins(),
        ["coin"],
        variants=["red-always-wins"],
        games=60,
        seed=2,
        workers=1,
        out=tmp_path / "coin.jsonl",
    )
    base, variant = result.columns
    balance_base, balance_variant = base.metrics["balance"], variant.metrics["balance"]
    assert balance_base is not None and balance_variant is not None
    assert balance_variant.parts["red"].value == 1.0 and balance_variant.value == 0.0
    assert 0.2 < balance_base.parts["red"].value < 0.8
    recs: list[GameRecord] = list(read_results(tmp_path / "coin.jsonl"))
    assert {r.variants for r in recs} == {(), ("red-always-wins",)}
    fpa = base.metrics["first-player-advantage"]
    assert fpa is not None and fpa.n == 60  # red (seat 0) calls first in every game


def test_the_classic_variant_plugin_shoots_both_down_on_a_tie() -> None:
    from aerodrome_classic_variants.plugin import HEAD_ON_TIES_KILL_BOTH, HeadOnTiesKillBoth

    hook = HeadOnTiesKillBoth()
    assert hook.aerodrome_classic_head_on(attacker_burst=3, defender_burst=3) == "both_down"
    assert hook.aerodrome_classic_head_on(attacker_burst=3, defender_burst=2) is None
    assert hook.aerodrome_classic_head_on(attacker_burst=0, defender_burst=0) is None
    assert HEAD_ON_TIES_KILL_BOTH.ruleset == "classic"


def test_the_classic_variant_changes_classic_head_on_ties(plugins: Plugins) -> None:
    if "classic" not in plugins.ruleset_names():
        pytest.skip("the classic ruleset is not registered")
    import aerodrome_classic_variants.plugin as variants_module
    from aerodrome.plugins import entry_points
    from aerodrome.runs.parallel import extra_plugins

    extra = extra_plugins(plugins)
    if not any(ep.name == "classic_variants" for ep in entry_points()):
        extra.append(("classic_variants", variants_module))
    base = load_plugins(extra=extra)
    on = load_plugins(extra=extra, variants=["head-on-ties-kill-both"])
    from aerodrome_classic.hookspecs import aerodrome_classic_head_on

    head_on = on.ruleset("classic").hooks.caller(aerodrome_classic_head_on)
    assert head_on is not None
    assert head_on(attacker_burst=3, defender_burst=3) == "both_down"
    assert head_on(attacker_burst=3, defender_burst=2) is None
    assert base.ruleset("classic").hooks.caller(aerodrome_classic_head_on) is None
    plans = plan(base, ["classic"], ["head-on-ties-kill-both"], 2, 1)
    assert [p.column.name for p in plans] == ["classic", "classic+head-on-ties-kill-both"]


def test_a_failing_game_names_how_to_reproduce_it() -> None:
    config = Config(ruleset="coin", setup="toss", agents=("broken", "random"), games=3, seed=4)
    with pytest.raises(AerodromeError, match=r"coin game 0 of seed 4 .* RuntimeError: this agent"):
        list(Engine(coin_plugins(), workers=1).run([config]))


def test_a_worker_missing_a_plugin_module_says_so() -> None:
    from aerodrome.runs.parallel import worker_plugins

    with pytest.raises(PluginError, match=r"plugin 'ghost' \(module no_such_module_xyz\)"):
        worker_plugins((("ghost", "no_such_module_xyz", None),), ((), ()))
