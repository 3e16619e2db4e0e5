"""The simulation engine of ``aerodrome compare``: many seeded games per configuration, run
in-process, on a local process pool or on a Dask cluster, streamed to JSON Lines.

A :class:`Config` is a ruleset, a setup, one agent per seat, the rule variants plugged in, a
number of games and a run seed. Game ``i`` of a configuration is seeded
``derive_seed(seed, i)`` (as in :func:`aerodrome.runs.sim.run_games`), so a game's record never
depends on the backend, the number of workers or the chunking: the same configuration gives
byte-identical records in-process, on 2 workers and on Dask.

Games are cut into chunks that workers play with their own plugins
(:func:`aerodrome.plugins.load_plugins` with the configuration's variants and parameters).
The :class:`Schedule` plays the first game of every configuration first (its *pilot*), then
cuts the rest into chunks of about equal CPU time, the costliest first (longest processing
time first, so that the workers finish together). Finished chunks are appended to the output
file as they arrive and yielded one record at a time, with a bounded number of chunks in
flight: memory stays flat however many games are run. A re-run with the same file skips
every game already in it (resumable); a half-written last line (an interrupted run) is cut
off.

A pool's workers never outlive the run: each one watches the process that started the pool
and exits as soon as it is gone, even when it was killed (``SIGKILL``) and could clean up
nothing; an interrupted or failed run terminates its workers at once.
"""

from __future__ import annotations

import contextlib
import importlib
import math
import os
import select
import socket
import sys
import threading
import time
import types
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import msgspec

from aerodrome.engine.capabilities import WarmUp, capability
from aerodrome.engine.dice import derive_seed
from aerodrome.engine.errors import AerodromeError, PluginError
from aerodrome.engine.parameters import apply_setup, hook_values
from aerodrome.engine.parameters import find as find_parameter
from aerodrome.engine.records import GameRecord, ParamValue, RecordKey
from aerodrome.plugins import Plugins, entry_points, load_plugins
from aerodrome.runs.cluster import (
    DaskTarget,
    clean_start,
    dask_client,
    dask_target,
    drop_cwd_from_path,
)
from aerodrome.runs.results import ResultsFile, seal
from aerodrome.runs.sim import run_games
from aerodrome.runs.versions import describe, differences, versions_of

#: A plugin that workers must register besides the entry points: (name, module, sys.path root).
PluginSource = tuple[str, str, str | None]

#: Games per chunk at most; chunks are smaller when there are few games per worker.
MAX_CHUNK = 50
#: Chunks in flight per worker (bounds the memory of a run).
IN_FLIGHT = 4
#: Chunks per worker at least (when games allow): the last chunks finish close together.
CHUNKS_PER_WORKER = 16
#: CPU seconds a chunk aims at, at most (a long chunk delays the end of a run).
CHUNK_SECONDS = 2.0
#: Games per configuration at most: a run keeps one byte a game to know which are done, and
#: ten million games of the fastest ruleset already take hours.
MAX_GAMES = 10_000_000

_CORE_PLUGIN = "aerodrome.core"
_PLUGGED_PREFIXES = ("variant:", "parameter:")


class Config(msgspec.Struct, frozen=True, kw_only=True):
    """``games`` seeded games of ``ruleset``/``setup`` with one agent name per seat, the
    ``variants`` plugged in and the declared ``params`` set (sorted by name)."""

    ruleset: str
    setup: str
    agents: tuple[str, ...]
    variants: tuple[str, ...] = ()
    games: int
    seed: int
    params: tuple[ParamValue, ...] = ()

    @property
    def key(self) -> RecordKey:
        """What identifies the configuration's records in a results file."""
        return (self.ruleset, self.setup, self.agents, self.variants, self.params)


class Chunk(msgspec.Struct, frozen=True):
    """Games ``start`` to ``stop - 1`` of ``config``: one task for a worker."""

    config: Config
    start: int
    stop: int


class Environment(msgspec.Struct, frozen=True):
    """What a worker needs besides a chunk: the non-entry-point plugins to register and
    whether to collect :class:`~aerodrome.runs.sim.GameDetail`."""

    sources: tuple[PluginSource, ...] = ()
    detail: bool = True


# -- plugins in every process -----------------------------------------------------------------
def extra_plugins(plugins: Plugins) -> list[tuple[str, object]]:
    """The plugins of ``plugins`` that were registered by hand (not entry points, not the
    core, not variants): a process needs them to rebuild the same plugin set."""
    eps = {ep.name for ep in entry_points()}
    return [
        (name, obj)
        for name, obj in plugins.pm.list_name_plugin()
        if name != _CORE_PLUGIN and not name.startswith(_PLUGGED_PREFIXES) and name not in eps
    ]


def plugin_sources(plugins: Plugins) -> tuple[PluginSource, ...]:
    """How a worker process re-imports the plugins registered by hand in ``plugins``."""
    sources: list[PluginSource] = []
    for name, obj in extra_plugins(plugins):
        if not isinstance(obj, types.ModuleType):
            raise PluginError(
                f"plugin {name!r} is an object, not a module: worker processes cannot load it "
                "(use --workers 1, or register it through the 'aerodrome' entry-point group)"
            )
        root: str | None = None
        file = getattr(obj, "__file__", None)
        if file:
            path = Path(file).resolve().parent
            for _ in range(obj.__name__.count(".") + (Path(file).name == "__init__.py")):
                path = path.parent
            root = str(path)
        sources.append((name, obj.__name__, root))
    return tuple(sources)


#: A plugin set's key: the variants, and the (ruleset, parameter value) pairs plugged in.
PlugKey = tuple[tuple[str, ...], tuple[tuple[str, ParamValue], ...]]

_WORKER_PLUGINS: dict[tuple[tuple[PluginSource, ...], PlugKey], Plugins] = {}


def plug_key(plugins: Plugins, config: Config) -> PlugKey:
    """What a plugin set for ``config`` depends on: its variants and its parameters that
    plug in hook implementations (set-up parameters share a plugin set)."""
    hooks = hook_values(plugins.parameters(), config.ruleset, config.params)
    return config.variants, tuple((config.ruleset, v) for v in hooks)


def worker_plugins(sources: tuple[PluginSource, ...], plug: PlugKey) -> Plugins:
    """The plugins of this process for ``sources`` with ``plug`` plugged in (loaded once)."""
    variants, params = plug
    key = (sources, plug)
    found = _WORKER_PLUGINS.get(key)
    if found is None:
        extra: list[tuple[str, object]] = []
        for name, module, root in sources:
            if root is not None and root not in sys.path:
                sys.path.append(root)
            try:
                extra.append((name, importlib.import_module(module)))
            except ImportError as exc:
                raise PluginError(
                    f"worker {socket.gethostname()}: plugin {name!r} (module {module}) cannot "
                    f"be imported: {exc}; install it where the workers run"
                ) from None
        found = load_plugins(extra=extra, variants=variants, parameters=params)
        _WORKER_PLUGINS[key] = found
    return found


class PluginSet:
    """The main process's plugins, plus one plugin set per combination of variants and
    hook parameters."""

    def __init__(self, base: Plugins) -> None:
        self.base = base
        self._with: dict[PlugKey, Plugins] = {((), ()): base}

    def get(
        self, variants: Sequence[str], params: Sequence[tuple[str, ParamValue]] = ()
    ) -> Plugins:
        """The plugins with ``variants`` and the hook implementations of ``params`` (pairs
        of a ruleset and a parameter value) plugged in."""
        key = (tuple(variants), tuple(params))
        found = self._with.get(key)
        if found is None:
            found = load_plugins(extra=extra_plugins(self.base), variants=key[0], parameters=key[1])
            self._with[key] = found
        return found

    def of(self, config: Config) -> Plugins:
        """The plugins that play ``config``."""
        return self.get(*plug_key(self.base, config))


# -- playing chunks ---------------------------------------------------------------------------
_ENCODER = msgspec.json.Encoder()
_DECODER = msgspec.json.Decoder(GameRecord)


def game_setup(plugins: Plugins, config: Config) -> Any:
    """The ruleset and set-up that play ``config``: its set-up parameters applied (its hook
    parameters are in ``plugins``: :meth:`PluginSet.of`)."""
    ruleset = plugins.ruleset(config.ruleset)
    setup = ruleset.setup(config.setup)
    if config.params:
        setup = apply_setup(plugins.parameters(), config.ruleset, setup, config.params)
    return ruleset, setup


def play(plugins: Plugins, chunk: Chunk, *, detail: bool = True) -> list[GameRecord]:
    """Play the games of ``chunk`` with ``plugins`` (its variants and hook parameters
    already plugged in)."""
    c = chunk.config
    ruleset, setup = game_setup(plugins, c)
    out: list[GameRecord] = []
    games = run_games(
        plugins,
        ruleset,
        setup,
        c.agents,
        chunk.stop - chunk.start,
        c.seed,
        start=chunk.start,
        detail=detail,
        variants=c.variants,
        params=c.params,
    )
    try:
        for rec in games:
            out.append(rec)
    except AerodromeError:
        raise
    except Exception as exc:  # a ruleset or agent bug: say which game reproduces it
        index = chunk.start + len(out)
        raise AerodromeError(
            f"{c.ruleset} game {index} of seed {c.seed} (setup {c.setup}, agents "
            f"{','.join(c.agents)}{', variants ' + ','.join(c.variants) if c.variants else ''}"
            f"{', parameters ' + _params(c.params) if c.params else ''}) "
            f"failed: {type(exc).__name__}: {exc}; replay it with `aerodrome simulate "
            f"{c.ruleset} --setup {c.setup} --agents {','.join(c.agents)} --seed {c.seed} "
            f"--games {index + 1}`"
        ) from None
    return out


def _params(params: Sequence[ParamValue]) -> str:
    return ",".join(f"{n}={v:g}" for n, v in params)


#: What a worker returns for a chunk: its records as JSON Lines, and the CPU seconds spent.
Payload = tuple[bytes, float]


def play_chunk(env: Environment, chunk: Chunk) -> Payload:
    """A worker's task: play ``chunk``; its records as JSON Lines and the CPU time spent."""
    start = time.process_time()
    base = worker_plugins(env.sources, ((), ()))
    plugins = worker_plugins(env.sources, plug_key(base, chunk.config))
    lines = b"".join(_ENCODER.encode(r) + b"\n" for r in play(plugins, chunk, detail=env.detail))
    return lines, time.process_time() - start


# -- which games are done ---------------------------------------------------------------------
class Done:
    """Which games of each configuration are done (one byte a game)."""

    def __init__(self, configs: Sequence[Config]) -> None:
        for c in configs:
            check_games(c.games)
        self.configs = {c.key: c for c in configs}
        self.flags = {c.key: bytearray(c.games) for c in configs}

    def accept(self, rec: GameRecord) -> bool:
        """Mark ``rec`` done if it is a wanted game not seen before; True if so."""
        key = rec.key
        config = self.configs.get(key)
        if config is None or not 0 <= rec.index < config.games:
            return False
        flags = self.flags[key]
        if flags[rec.index] or rec.seed != derive_seed(config.seed, rec.index):
            return False
        flags[rec.index] = 1
        return True

    def todo(self, config: Config) -> Iterator[tuple[int, int]]:
        """Runs ``(start, stop)`` of the games of ``config`` still to play."""
        flags = self.flags[config.key]
        at = 0
        while (start := flags.find(0, at)) >= 0:
            stop = flags.find(1, start)
            stop = len(flags) if stop < 0 else stop
            yield start, stop
            at = stop

    def remaining(self, config: Config) -> int:
        return self.flags[config.key].count(0)


def read_results(path: Path) -> Iterator[GameRecord]:
    """The good records of a results file, one at a time (broken lines: a warning each)."""
    if not path.exists():
        return
    with ResultsFile(path, "results file") as f:
        yield from f.records()


#: What identifies a configuration's records (see :attr:`Config.key`).
Key = RecordKey


def check_versions(
    rec: GameRecord, expected: Mapping[Key, dict[str, str]], where: str, advice: str
) -> None:
    """Refuse a record of a wanted configuration played by other versions than this run's:
    one run never mixes games of two versions (a record without versions, written before
    aerodrome recorded them, is kept)."""
    running = expected.get(rec.key)
    why = differences(rec.versions, running) if running is not None else None
    if why is not None:
        raise AerodromeError(
            f"{where}: {rec.ruleset} game {rec.index} was played by {describe(rec.versions)} "
            f"({why}); {advice}"
        )


def check_games(games: int) -> None:
    if not 1 <= games <= MAX_GAMES:
        raise AerodromeError(
            f"--games {games}: give 1 to {MAX_GAMES:,} games (a run's bookkeeping keeps one "
            "byte a game; split bigger runs by seed)"
        )


def check_chunk(chunk: Chunk, payload: object) -> tuple[list[GameRecord], bytes, float]:
    """The records a worker returned for ``chunk``, checked (type, structure, which games),
    their sealed lines, and the CPU seconds the worker says it spent. A worker is another
    process or machine: its answer is data."""
    c = chunk.config

    def bad(why: str) -> AerodromeError:
        return AerodromeError(
            f"a worker returned a wrong answer for {c.ruleset} games {chunk.start}–"
            f"{chunk.stop - 1} of seed {c.seed}: {why}"
        )

    if (
        not isinstance(payload, tuple)
        or len(payload) != 2
        or not isinstance(payload[0], bytes)
        or not isinstance(payload[1], float)
    ):
        raise bad(f"{type(payload).__name__} instead of JSON Lines and a CPU time")
    data, cpu = payload
    lines = data.split(b"\n")
    if lines[-1] != b"":
        raise bad("the last line is not whole")
    lines.pop()
    if len(lines) != chunk.stop - chunk.start:
        raise bad(f"{len(lines)} records for {chunk.stop - chunk.start} games")
    records: list[GameRecord] = []
    for expected, line in enumerate(lines, chunk.start):
        try:
            rec = _DECODER.decode(line)
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            raise bad(f"not a game record: {exc}") from None
        if rec.key != c.key or rec.index != expected or rec.seed != derive_seed(c.seed, expected):
            raise bad(f"a record of another game ({rec.ruleset} game {rec.index})")
        records.append(rec)
    cpu = cpu if math.isfinite(cpu) and cpu >= 0 else 0.0
    return records, b"".join(seal(line) for line in lines), cpu


# -- the engine -------------------------------------------------------------------------------
def default_workers() -> int:
    return os.cpu_count() or 1


def max_workers() -> int:
    """The most worker processes a run starts: four per core (at least 8)."""
    return max(8, 4 * default_workers())


def chunk_size(games: int, workers: int) -> int:
    """Games per chunk: enough chunks to keep every worker busy, at most :data:`MAX_CHUNK`."""
    return max(1, min(MAX_CHUNK, math.ceil(games / (workers * CHUNKS_PER_WORKER))))


def chunks(
    configs: Iterable[Config], done: Done, size: int | None, workers: int
) -> Iterator[Chunk]:
    """The chunks still to play, by games alone; each configuration is cut on its own
    (``size`` or :func:`chunk_size` of its games), so a few slow games never make one long
    chunk. :class:`Schedule` cuts by measured cost once it knows it."""
    for config in configs:
        step = size or chunk_size(done.remaining(config), workers)
        for start, stop in done.todo(config):
            for s in range(start, stop, step):
                yield Chunk(config, s, min(stop, s + step))


class Schedule:
    """The order and size of a run's chunks, from what the games cost.

    First the *pilot* of every configuration: its first game still to play, alone in a
    chunk, in plan order. Its CPU time (reported by :meth:`finished`, as every chunk's)
    gives the configuration's cost a game. Then the rest, cut into chunks of about equal CPU
    time (``total / (workers × CHUNKS_PER_WORKER)``, at most :data:`CHUNK_SECONDS`; between 1
    and :data:`MAX_CHUNK` games), the costliest chunk first: the longest-processing-time
    rule, so that no long chunk starts last while the other workers wait. A configuration
    whose pilot has not come back yet is taken to cost as much as the costliest known one.

    ``size`` fixes the chunk size (1 in-process: every game is streamed as it ends). The
    order of chunks never changes a record: only when it is played.
    """

    def __init__(
        self, configs: Sequence[Config], done: Done, workers: int, size: int | None = None
    ) -> None:
        self.configs = list(configs)
        self.workers = workers
        self.size = size
        #: per configuration key: (games timed, CPU seconds)
        self.cost: dict[Key, tuple[int, float]] = {}
        self._runs = {c.key: list(done.todo(c)) for c in self.configs}

    def finished(self, config: Config, games: int, cpu: float) -> None:
        """A chunk of ``games`` games of ``config`` took ``cpu`` CPU seconds."""
        n, total = self.cost.get(config.key, (0, 0.0))
        self.cost[config.key] = (n + games, total + cpu)

    def per_game(self, config: Config) -> float | None:
        """Measured CPU seconds a game of ``config`` (None before its pilot is back)."""
        n, total = self.cost.get(config.key, (0, 0.0))
        return total / n if n else None

    def estimate(self, config: Config) -> float:
        """CPU seconds a game of ``config``: measured, else the costliest measured one."""
        own = self.per_game(config)
        if own is not None:
            return own
        known = [t / n for n, t in self.cost.values() if n]
        return max(known, default=0.0)

    def remaining(self) -> dict[Key, int]:
        """Games not yet handed out, per configuration."""
        return {k: sum(b - a for a, b in runs) for k, runs in self._runs.items()}

    def _take(self, config: Config, games: int) -> Chunk:
        runs = self._runs[config.key]
        start, stop = runs[0]
        end = min(stop, start + games)
        if end == stop:
            runs.pop(0)
        else:
            runs[0] = (end, stop)
        return Chunk(config, start, end)

    def __iter__(self) -> Iterator[Chunk]:
        for config in self.configs:  # the pilots
            if self._runs[config.key]:
                yield self._take(config, 1)
        while True:
            left = [c for c in self.configs if self._runs[c.key]]
            if not left:
                return
            if self.size is not None:
                yield self._take(left[0], self.size)
                continue
            if not any(n for n, _ in self.cost.values()):  # no cost known: cut by games
                yield self._take(left[0], chunk_size(self._left(left[0]), self.workers))
                continue
            costs = {c.key: self.estimate(c) for c in left}
            total = sum(costs[c.key] * self._left(c) for c in left)
            target = min(CHUNK_SECONDS, total / (self.workers * CHUNKS_PER_WORKER))
            sizes = {c.key: self._size(c, costs[c.key], target) for c in left}
            # the costliest chunk first (ties: plan order)
            best = max(left, key=lambda c: costs[c.key] * sizes[c.key])
            yield self._take(best, sizes[best.key])

    def _size(self, config: Config, each: float, target: float) -> int:
        """Games in a chunk of ``config`` that costs about ``target`` CPU seconds."""
        n = int(target / each) if each > 0 else MAX_CHUNK
        return max(1, min(MAX_CHUNK, n, self._left(config)))

    def _left(self, config: Config) -> int:
        return sum(b - a for a, b in self._runs[config.key])


def describe_chunks(left: Iterable[Chunk], limit: int = 6) -> str:
    """``classic two-player bot,bot games 0–49, ...`` for an error message."""
    parts = [
        f"{c.config.ruleset} {c.config.setup} {','.join(c.config.agents)} games "
        f"{c.start}–{c.stop - 1}"
        for c in sorted(left, key=lambda c: (c.config.key, c.start))
    ]
    more = f" and {len(parts) - limit} more chunks" if len(parts) > limit else ""
    return "; ".join(parts[:limit]) + more


class Hooks:
    """What a run tells its caller: the total games (``plan``), games done (``progress``),
    the schedule (``start``), each chunk's CPU time (``chunk``). Every hook is optional."""

    def __init__(
        self,
        *,
        plan: Callable[[int], None] | None = None,
        progress: Callable[[int], None] | None = None,
        start: Callable[[Schedule], None] | None = None,
        chunk: Callable[[Chunk, float], None] | None = None,
    ) -> None:
        self.plan, self.progress, self.start, self.chunk = plan, progress, start, chunk


class Engine:
    """Runs configurations on one backend: ``workers=1`` in-process, ``workers>1`` on a local
    process pool (started once per run, its workers warmed up), ``dask="tls://host:port"``
    on a Dask cluster (``"local"``: a LocalCluster of ``workers`` processes started for the
    run; an address is checked by :func:`aerodrome.runs.cluster.dask_target`)."""

    def __init__(
        self,
        plugins: Plugins,
        *,
        workers: int | None = None,
        dask: str | DaskTarget | None = None,
        detail: bool = True,
        chunk: int | None = None,
    ) -> None:
        if workers is not None and not 1 <= workers <= max_workers():
            raise AerodromeError(
                f"--workers {workers}: give 1 to {max_workers()} (four per core at most)"
            )
        self.plugins = PluginSet(plugins)
        self.workers = workers or default_workers()
        self.dask = None if dask is None else dask_target(dask)
        self.detail = detail
        self.chunk = chunk

    def run(
        self,
        configs: Sequence[Config],
        out: Path | None = None,
        *,
        on_progress: Callable[[int], None] | None = None,
        on_start: Callable[[Schedule], None] | None = None,
        on_chunk: Callable[[Chunk, float], None] | None = None,
    ) -> Iterator[GameRecord]:
        """Yield every record of ``configs``: first those already in ``out``, then new ones
        as they finish (in no particular order), appending each new one to ``out``.
        ``out`` is locked for the run (a second run on it fails at once).

        ``on_progress(n)``: ``n`` more games are done (read or played); ``on_start``: the
        schedule of the games left to play, before the first is played; ``on_chunk``: a
        chunk was played, in so many CPU seconds (for estimates of the time left)."""
        if self.dask is None and self.workers > 1:
            start_fork_server(self._env())  # it imports while this process plans the run
        for c in configs:  # fail early, in this process, on unknown names and values
            plugins = self.plugins.of(c)
            declared = plugins.parameters()
            for name, value in c.params:
                find_parameter(declared, c.ruleset, name).value(value, "parameter")
            game_setup(plugins, c)
            for a in c.agents:
                plugins.agent(c.ruleset, a)
        done = Done(configs)
        expected = {c.key: self._versions(c) for c in configs}
        results = ResultsFile(out) if out is not None else None
        with results if results is not None else contextlib.nullcontext():
            if results is not None:
                for rec in results.records():
                    check_versions(
                        rec,
                        expected,
                        f"--out {out}",
                        "this run would mix games of two versions: give another --out file, "
                        "or remove this one to play its games again",
                    )
                    if done.accept(rec):
                        if on_progress is not None:
                            on_progress(1)
                        yield rec
            if not any(done.remaining(c) for c in configs):
                return
            here = self.dask is None and self.workers == 1
            schedule = Schedule(configs, done, self.workers, self.chunk or (1 if here else None))
            if on_start is not None:
                on_start(schedule)
            for chunk, payload in self._backend(iter(schedule), configs):
                records, lines, cpu = check_chunk(chunk, payload)
                schedule.finished(chunk.config, chunk.stop - chunk.start, cpu)
                if on_chunk is not None:
                    on_chunk(chunk, cpu)
                for rec in records[:1]:
                    check_versions(
                        rec, expected, "a worker", "install the same versions on every worker"
                    )
                if results is not None:
                    results.append(lines)
                for rec in records:
                    if on_progress is not None:
                        on_progress(1)
                    yield rec

    def _versions(self, config: Config) -> dict[str, str]:
        plugins = self.plugins.of(config)
        known = plugins.variants()
        params = plugins.parameters()
        declared = [find_parameter(params, config.ruleset, name) for name, _ in config.params]
        return versions_of(
            plugins.ruleset(config.ruleset),
            *(known[v].plugin for v in config.variants),
            *(_declared_in(p) for p in declared),
        )

    def _backend(
        self, todo: Iterator[Chunk], configs: Sequence[Config]
    ) -> Iterator[tuple[Chunk, object]]:
        if self.dask is not None:
            return _run_dask(self.dask, self._env(), todo, self.workers)
        if self.workers == 1:
            return self._run_here(todo)
        return _run_pool(self._env(), todo, self.workers, configs)

    def _run_here(self, todo: Iterator[Chunk]) -> Iterator[tuple[Chunk, object]]:
        for chunk in todo:
            start = time.process_time()
            recs = play(self.plugins.of(chunk.config), chunk, detail=self.detail)
            lines = b"".join(_ENCODER.encode(r) + b"\n" for r in recs)
            yield chunk, (lines, time.process_time() - start)

    def _env(self) -> Environment:
        return Environment(sources=plugin_sources(self.plugins.base), detail=self.detail)


def _declared_in(param: Any) -> object:
    """The module that declares a parameter (its versions are the run's too)."""
    how = param.setup or param.plugin or param.spec
    return sys.modules.get(getattr(how, "__module__", ""), how)


# -- the local process pool -------------------------------------------------------------------
def warm_worker(
    env: Environment, warm: tuple[tuple[str, PlugKey], ...], parent: int | None = None
) -> None:
    """A pool worker's start: watch ``parent`` (the process that started the pool: the
    worker exits when it is gone, see :func:`watch_parent`), a clean ``sys.path``, then
    load the plugins and build the rulesets of the run once (their specs and tables:
    :class:`~aerodrome.engine.capabilities.WarmUp`), before the first chunk arrives."""
    if parent is not None:
        watch_parent(parent)
    drop_cwd_from_path()
    for ruleset, plug in warm:
        try:
            found = worker_plugins(env.sources, plug).ruleset(ruleset)
            found.setups()
            warming = capability(found, WarmUp)
            if warming is not None:
                warming.warm_up()
        except Exception:  # the chunk's own call says what is wrong, with its game
            return


#: Seconds between two looks at the parent where it cannot be waited on (no pidfd).
WATCH_EVERY = 0.5


def watch_parent(pid: int) -> None:
    """Exit this process as soon as process ``pid`` ends, however it ends.

    A pool's workers are children of the fork server, not of the run, and they hold the fork
    server's own pipe: when the run is killed outright (``SIGKILL``, the OOM killer) nothing
    tells them, and they would wait for work forever with parent 1 (and keep the fork server
    and the resource tracker alive). A daemon thread waits on a pidfd of the run (Linux 5.3
    and later) or looks every :data:`WATCH_EVERY` seconds whether it is still there, and
    ends the worker with ``os._exit`` (no clean-up: there is no one to report to)."""
    try:
        fd = os.pidfd_open(pid) if hasattr(os, "pidfd_open") else None
    except ProcessLookupError:
        os._exit(1)
    except OSError:  # pidfds not supported here: poll
        fd = None

    def wait_pidfd(fd: int) -> None:
        select.select([fd], [], [])
        os._exit(1)

    def poll() -> None:
        while True:
            time.sleep(WATCH_EVERY)
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                os._exit(1)
            except PermissionError:  # alive, owned by someone else (cannot happen here)
                pass

    target: Callable[..., None] = poll if fd is None else wait_pidfd
    args: tuple[int, ...] = () if fd is None else (fd,)
    threading.Thread(target=target, args=args, name="aerodrome-watch-parent", daemon=True).start()


def _preload(env: Environment) -> list[str]:
    """Modules the fork server imports once, so that every worker forked from it has them."""
    names = ["aerodrome.runs.parallel"]
    for ep in entry_points():
        names.append(ep.value.partition(":")[0].strip())
    return names + [module for _name, module, root in env.sources if root is None]


def _pool_context(env: Environment) -> Any:
    """The pool's start method: the fork server where the platform has one (its workers are
    forked from a process that imported ``_preload(env)`` and nothing else), else spawn."""
    import multiprocessing

    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(_preload(env))
    return ctx


def start_fork_server(env: Environment) -> None:
    """Start the fork server now, so that it imports the workers' modules while this process
    checks and plans the run (the pool's workers are forked from it later); nothing where
    the platform has no fork server. Started as the pool would start it (:func:`clean_start`)."""
    if _pool_context(env).get_start_method() != "forkserver":
        return
    from multiprocessing import forkserver

    with clean_start():
        forkserver.ensure_running()


def _run_pool(
    env: Environment, todo: Iterator[Chunk], workers: int, configs: Sequence[Config]
) -> Iterator[tuple[Chunk, object]]:
    from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    ctx = _pool_context(env)
    base = worker_plugins(env.sources, ((), ()))
    warm = tuple(dict.fromkeys((c.ruleset, plug_key(base, c)) for c in configs))
    with clean_start():
        pool = ProcessPoolExecutor(
            max_workers=workers,
            mp_context=ctx,
            initializer=warm_worker,
            initargs=(env, warm, os.getpid()),
        )
        pending: dict[Future[Payload], Chunk] = {}
        finished = False
        try:
            limit = workers * IN_FLIGHT
            for chunk in todo:
                pending[pool.submit(play_chunk, env, chunk)] = chunk
                while len(pending) >= limit:
                    yield from _finished(pending, wait, FIRST_COMPLETED)
            while pending:
                yield from _finished(pending, wait, FIRST_COMPLETED)
            finished = True
        except BrokenProcessPool:
            raise AerodromeError(
                f"a worker process died (out of memory, or killed); games not played: "
                f"{describe_chunks(pending.values())}. The games finished are kept in --out: "
                "run the same command again to go on"
            ) from None
        finally:  # on an error, an interrupt or a consumer that stopped: end the workers now
            if not finished:
                terminate_workers(pool)
            pool.shutdown(wait=True, cancel_futures=True)


def terminate_workers(pool: Any) -> None:
    """Stop a process pool's workers at once (``SIGTERM``), without waiting for the chunks
    they are playing: a run that is interrupted or failed has no use for them. (Python 3.14
    has ``ProcessPoolExecutor.terminate_workers``; before it, the pool's processes.)"""
    method = getattr(pool, "terminate_workers", None)
    if method is not None:
        method()
        return
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        with contextlib.suppress(Exception):
            process.terminate()


def _finished(pending: dict[Any, Chunk], wait: Any, first: Any) -> Iterator[tuple[Chunk, object]]:
    finished, _ = wait(list(pending), return_when=first)
    for f in finished:
        chunk = pending.pop(f)
        yield chunk, f.result()


# -- Dask ---------------------------------------------------------------------------------------
#: Seconds between two looks at a Dask cluster while no chunk finishes.
POLL = 1.0


def _run_dask(
    target: DaskTarget, env: Environment, todo: Iterator[Chunk], workers: int
) -> Iterator[tuple[Chunk, object]]:
    with dask_client(target, workers) as client:  # bounded connections (aerodrome.runs.cluster)
        distributed: Any = importlib.import_module("distributed")
        n = max(1, _workers_of(client))
        pending: dict[Any, Chunk] = {}
        for c in _take(todo, n * IN_FLIGHT):
            pending[client.submit(play_chunk, env, c, pure=False)] = c
        seen = time.monotonic()
        while pending:
            try:
                finished, _ = distributed.wait(
                    list(pending), timeout=POLL, return_when="FIRST_COMPLETED"
                )
            except TimeoutError:
                finished = set()
            if not finished:
                if _workers_of(client) > 0:
                    seen = time.monotonic()
                elif time.monotonic() - seen > target.timeout:
                    raise _gave_up(target, f"no worker for {target.timeout:g} s", pending)
                continue
            seen = time.monotonic()
            for fut in finished:
                chunk = pending[fut]
                got = _result(fut, target, chunk)
                if got is _LOST:  # finished, but its worker went before the answer came
                    why = f"no answer for {target.timeout:g} s (its worker gone)"
                    raise _gave_up(target, why, pending)
                del pending[fut]
                yield chunk, got
                fut.release()
                for c in _take(todo, 1):
                    pending[client.submit(play_chunk, env, c, pure=False)] = c


def _workers_of(client: Any) -> int:
    try:
        return len(client.scheduler_info().get("workers", {}))
    except Exception:  # the scheduler is gone or unreachable: no worker either
        return 0


#: What :func:`_result` gives when a finished chunk's answer did not come within the timeout.
_LOST = object()


def _gave_up(target: DaskTarget, why: str, pending: dict[Any, Chunk]) -> AerodromeError:
    return AerodromeError(
        f"--dask {target.address}: {why}; games not played: "
        f"{describe_chunks(pending.values())}. The games finished are kept in --out: run the "
        "same command again to go on"
    )


def _result(fut: Any, target: DaskTarget, chunk: Chunk) -> object:
    try:
        return fut.result(timeout=target.timeout)  # fetched from the cluster: bounded too
    except TimeoutError:
        return _LOST
    except AerodromeError:
        raise
    except Exception as exc:
        raise AerodromeError(
            f"--dask {target.address}: {describe_chunks([chunk])} failed on the cluster: "
            f"{type(exc).__name__}: {exc}. The games finished are kept in --out: run the same "
            "command again to go on"
        ) from None


def _take(it: Iterator[Chunk], n: int) -> list[Chunk]:
    out: list[Chunk] = []
    for c in it:
        out.append(c)
        if len(out) >= n:
            break
    return out
