"""The simulation engine of ``aerodrome compare``: many seeded games per configuration, run
in-process, on a local process pool or on a Dask cluster, streamed to JSON Lines.

A :class:`Config` is a ruleset, a setup, one agent per seat, the rule variants plugged in, a
number of games and a run seed. Game ``i`` of a configuration is seeded
``derive_seed(seed, i)`` (as in :func:`aerodrome.sim.run_games`), so a game's record never
depends on the backend, the number of workers or the chunking: the same configuration gives
byte-identical records in-process, on 2 workers and on Dask.

Games are cut into chunks (a few dozen games) that workers play with their own plugins
(:func:`aerodrome.plugins.load_plugins` with the configuration's variants). Finished chunks
are appended to the output file as they arrive and yielded one record at a time, with a
bounded number of chunks in flight: memory stays flat however many games are run. A re-run
with the same file skips every game already in it (resumable); a half-written last line (an
interrupted run) is cut off.
"""

from __future__ import annotations

import importlib
import math
import os
import socket
import sys
import types
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import msgspec

from aerodrome.dice import derive_seed
from aerodrome.errors import AerodromeError, PluginError
from aerodrome.plugins import Plugins, entry_points, load_plugins
from aerodrome.sim import GameRecord, run_games

#: A plugin that workers must register besides the entry points: (name, module, sys.path root).
PluginSource = tuple[str, str, str | None]

#: Games per chunk at most; chunks are smaller when there are few games per worker.
MAX_CHUNK = 50
#: Chunks in flight per worker (bounds the memory of a run).
IN_FLIGHT = 4
#: Chunks per worker at least (when games allow): the last chunks finish close together.
CHUNKS_PER_WORKER = 16

_CORE_PLUGIN = "aerodrome.core"
_VARIANT_PREFIX = "variant:"


class Config(msgspec.Struct, frozen=True, kw_only=True):
    """``games`` seeded games of ``ruleset``/``setup`` with one agent name per seat."""

    ruleset: str
    setup: str
    agents: tuple[str, ...]
    variants: tuple[str, ...] = ()
    games: int
    seed: int

    @property
    def key(self) -> tuple[str, str, tuple[str, ...], tuple[str, ...]]:
        """What identifies the configuration's records in a results file."""
        return (self.ruleset, self.setup, self.agents, self.variants)


class Chunk(msgspec.Struct, frozen=True):
    """Games ``start`` to ``stop - 1`` of ``config``: one task for a worker."""

    config: Config
    start: int
    stop: int


class Environment(msgspec.Struct, frozen=True):
    """What a worker needs besides a chunk: the non-entry-point plugins to register and
    whether to collect :class:`~aerodrome.sim.GameDetail`."""

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
        if name != _CORE_PLUGIN and not name.startswith(_VARIANT_PREFIX) and name not in eps
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


_WORKER_PLUGINS: dict[tuple[tuple[PluginSource, ...], tuple[str, ...]], Plugins] = {}


def worker_plugins(sources: tuple[PluginSource, ...], variants: tuple[str, ...]) -> Plugins:
    """The plugins of this process for ``sources`` and ``variants`` (loaded once)."""
    key = (sources, variants)
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
        found = load_plugins(extra=extra, variants=variants)
        _WORKER_PLUGINS[key] = found
    return found


class PluginSet:
    """The main process's plugins, plus one plugin set per combination of variants."""

    def __init__(self, base: Plugins) -> None:
        self.base = base
        self._with: dict[tuple[str, ...], Plugins] = {(): base}

    def get(self, variants: Sequence[str]) -> Plugins:
        key = tuple(variants)
        found = self._with.get(key)
        if found is None:
            found = load_plugins(extra=extra_plugins(self.base), variants=key)
            self._with[key] = found
        return found


# -- playing chunks ---------------------------------------------------------------------------
_ENCODER = msgspec.json.Encoder()
_DECODER = msgspec.json.Decoder(GameRecord)


def play(plugins: Plugins, chunk: Chunk, *, detail: bool = True) -> list[GameRecord]:
    """Play the games of ``chunk`` with ``plugins`` (the variants already plugged in)."""
    c = chunk.config
    ruleset = plugins.ruleset(c.ruleset)
    setup = ruleset.setup(c.setup)
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
            f"{','.join(c.agents)}{', variants ' + ','.join(c.variants) if c.variants else ''}) "
            f"failed: {type(exc).__name__}: {exc}; replay it with `aerodrome simulate "
            f"{c.ruleset} --setup {c.setup} --agents {','.join(c.agents)} --seed {c.seed} "
            f"--games {index + 1}`"
        ) from None
    return out


def play_chunk(env: Environment, chunk: Chunk) -> bytes:
    """A worker's task: play ``chunk`` and return its records as JSON Lines."""
    plugins = worker_plugins(env.sources, chunk.config.variants)
    return b"".join(_ENCODER.encode(r) + b"\n" for r in play(plugins, chunk, detail=env.detail))


# -- the results file -------------------------------------------------------------------------
class Done:
    """Which games of each configuration a results file already holds (one byte a game)."""

    def __init__(self, configs: Sequence[Config]) -> None:
        self.configs = {c.key: c for c in configs}
        self.flags = {c.key: bytearray(c.games) for c in configs}

    def accept(self, rec: GameRecord) -> bool:
        """Mark ``rec`` done if it is a wanted game not seen before; True if so."""
        key = (rec.ruleset, rec.setup, rec.agents, rec.variants)
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
        start: int | None = None
        for i, flag in enumerate(flags):
            if not flag and start is None:
                start = i
            elif flag and start is not None:
                yield start, i
                start = None
        if start is not None:
            yield start, len(flags)


def read_results(path: Path) -> Iterator[GameRecord]:
    """The records of a results file, one at a time; a broken last line is cut off."""
    if not path.exists():
        return
    good = 0
    with path.open("rb") as f:
        for line in f:
            if not line.endswith(b"\n"):
                break
            try:
                rec = _DECODER.decode(line)
            except msgspec.DecodeError:
                break
            good += len(line)
            yield rec
    if good < path.stat().st_size:
        with path.open("r+b") as f:
            f.truncate(good)


# -- the engine -------------------------------------------------------------------------------
def default_workers() -> int:
    return os.cpu_count() or 1


def chunk_size(games: int, workers: int) -> int:
    """Games per chunk: enough chunks to keep every worker busy, at most :data:`MAX_CHUNK`."""
    return max(1, min(MAX_CHUNK, math.ceil(games / (workers * CHUNKS_PER_WORKER))))


def chunks(configs: Iterable[Config], done: Done, size: int) -> Iterator[Chunk]:
    for config in configs:
        for start, stop in done.todo(config):
            for s in range(start, stop, size):
                yield Chunk(config, s, min(stop, s + size))


class Engine:
    """Runs configurations on one backend: ``workers=1`` in-process, ``workers>1`` on a local
    process pool, ``dask="tcp://host:port"`` on a Dask cluster (``"local"``: a LocalCluster
    of ``workers`` processes started for the run)."""

    def __init__(
        self,
        plugins: Plugins,
        *,
        workers: int | None = None,
        dask: str | None = None,
        detail: bool = True,
        chunk: int | None = None,
    ) -> None:
        if workers is not None and workers < 1:
            raise AerodromeError(f"--workers must be at least 1, got {workers}")
        self.plugins = PluginSet(plugins)
        self.workers = workers or default_workers()
        self.dask = dask
        self.detail = detail
        self.chunk = chunk

    def run(
        self,
        configs: Sequence[Config],
        out: Path | None = None,
        *,
        on_progress: Callable[[int], None] | None = None,
    ) -> Iterator[GameRecord]:
        """Yield every record of ``configs``: first those already in ``out``, then new ones
        as they finish (in no particular order), appending each new one to ``out``."""
        for c in configs:  # fail early, in this process, on unknown names
            plugins = self.plugins.get(c.variants)
            r = plugins.ruleset(c.ruleset)
            r.setup(c.setup)
            for a in c.agents:
                plugins.agent(c.ruleset, a)
        done = Done(configs)
        if out is not None:
            for rec in read_results(out):
                if done.accept(rec):
                    if on_progress is not None:
                        on_progress(1)
                    yield rec
        remaining = sum(stop - start for c in configs for start, stop in done.todo(c))
        if remaining == 0:
            return
        here = self.dask is None and self.workers == 1
        size = self.chunk or (1 if here else chunk_size(remaining, self.workers))
        todo = chunks(configs, done, size)
        sink = None
        if out is not None:
            try:
                out.parent.mkdir(parents=True, exist_ok=True)
                sink = out.open("ab")
            except OSError as exc:
                raise AerodromeError(f"--out {out}: cannot write: {exc.strerror}") from None
        try:
            for lines in self._backend(todo):
                if sink is not None:
                    sink.write(lines)
                    sink.flush()
                for line in lines.splitlines():
                    rec = _DECODER.decode(line)
                    if on_progress is not None:
                        on_progress(1)
                    yield rec
        finally:
            if sink is not None:
                sink.close()

    def _backend(self, todo: Iterator[Chunk]) -> Iterator[bytes]:
        if self.dask is not None:
            return self._run_dask(todo)
        if self.workers == 1:
            return self._run_here(todo)
        return self._run_pool(todo)

    def _run_here(self, todo: Iterator[Chunk]) -> Iterator[bytes]:
        for chunk in todo:
            plugins = self.plugins.get(chunk.config.variants)
            recs = play(plugins, chunk, detail=self.detail)
            yield b"".join(_ENCODER.encode(r) + b"\n" for r in recs)

    def _env(self) -> Environment:
        return Environment(sources=plugin_sources(self.plugins.base), detail=self.detail)

    def _run_pool(self, todo: Iterator[Chunk]) -> Iterator[bytes]:
        import multiprocessing
        from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

        env = self._env()
        method = (
            "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
        )
        ctx = multiprocessing.get_context(method)
        pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=ctx)
        try:
            pending: set[Future[bytes]] = set()
            limit = self.workers * IN_FLIGHT
            for chunk in todo:
                pending.add(pool.submit(play_chunk, env, chunk))
                if len(pending) >= limit:
                    finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                    for f in finished:
                        yield f.result()
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in finished:
                    yield f.result()
        finally:  # also on an error or an interrupt: drop the chunks not started
            pool.shutdown(wait=True, cancel_futures=True)

    def _run_dask(self, todo: Iterator[Chunk]) -> Iterator[bytes]:
        import logging

        try:
            distributed: Any = importlib.import_module("distributed")
        except ImportError:
            raise AerodromeError(
                "--dask needs Dask: pip install 'aerodrome[compare]' (dask[distributed])"
            ) from None
        env = self._env()
        cluster: Any = None
        try:
            if self.dask == "local":
                cluster = distributed.LocalCluster(
                    n_workers=self.workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=":0",
                    silence_logs=logging.ERROR,
                )
                client = distributed.Client(cluster)
            else:
                client = distributed.Client(self.dask, timeout=30)
        except OSError as exc:
            raise AerodromeError(f"--dask {self.dask}: cannot connect: {exc}") from None
        try:
            n = max(1, len(client.scheduler_info().get("workers", {})))
            limit = n * IN_FLIGHT
            first = [client.submit(play_chunk, env, c, pure=False) for c in _take(todo, limit)]
            queue: deque[Any] = deque()
            ac = distributed.as_completed(first)
            for fut in ac:
                queue.append(fut.result())
                fut.release()
                for c in _take(todo, 1):
                    ac.add(client.submit(play_chunk, env, c, pure=False))
                while queue:
                    yield queue.popleft()
        finally:
            client.close()
            if cluster is not None:
                cluster.close()


def _take(it: Iterator[Chunk], n: int) -> list[Chunk]:
    out: list[Chunk] = []
    for c in it:
        out.append(c)
        if len(out) >= n:
            break
    return out
