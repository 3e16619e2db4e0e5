"""Progress of a long run (``compare``, ``sweep``, ``tournament``) on stderr, and its end.

- **An estimate before the long part**: the engine plays the first game of every
  configuration first (:class:`aerodrome.runs.parallel.Schedule`); from their CPU times one line
  says how many games are left and about how long they take on the run's workers.
- **Progress whether or not stderr is a terminal**: a bar on a terminal; otherwise a line
  every :data:`EVERY` seconds (games done, total, time elapsed, time left), so that a run
  whose output goes to a file or a pipe is not silent for minutes.
- **Time left from what games cost**, not from their count: a game of the skill trace costs
  a thousand random games of another ruleset. The time left is the CPU time the games still
  to play will take (each configuration's measured CPU a game) over the CPU time the run has
  been getting per second of wall time (which the machine's load lowers).
- **Killed cleanly**: ``SIGTERM`` is turned into an interrupt while a run lasts, so that the
  pool's workers are stopped before the process ends (see :func:`terminate_as_interrupt`).

``--quiet`` prints none of this, but an interrupted run still says in one line how far it
got and where its games are kept.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections.abc import Iterator
from types import FrameType, TracebackType
from typing import TYPE_CHECKING, Any

from aerodrome.ui.cli.output import err_console, literal

if TYPE_CHECKING:
    from aerodrome.runs.parallel import Chunk, Hooks, Key, Schedule

#: Seconds between two progress lines when stderr is not a terminal.
EVERY = 5.0
#: Runs expected to take less than this many seconds get no estimate line.
LONG = 10.0
#: Runs of fewer games to play get no opening line.
ANNOUNCE = 200


def duration(seconds: float) -> str:
    """``45 s``, ``3 min 05 s``, ``2 h 10 min``."""
    s = max(0, round(seconds))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60:02d} s"
    return f"{s // 3600} h {s % 3600 // 60:02d} min"


class RunProgress:
    """Counts games, learns their cost from the engine, and reports on stderr."""

    def __init__(self, verb: str, *, quiet: bool, workers: int | None, out: object = None) -> None:
        self.verb = verb
        self.out = out
        self.quiet = quiet
        self.workers = max(1, workers or os.cpu_count() or 1)
        self.total = 0
        self.done = 0
        self.started = time.monotonic()
        self.schedule: Schedule | None = None
        self.todo: dict[Key, int] = {}
        self.timed: dict[Key, int] = {}
        self.cpu = 0.0
        self.cpu_started: float | None = None
        self.estimated = False
        self.terminal = err_console.is_terminal
        self._bar: Any = None
        self._task: Any = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    # -- the run's hooks ----------------------------------------------------------------------
    def hooks(self) -> Hooks:
        from aerodrome.runs.parallel import Hooks

        return Hooks(plan=self.plan, progress=self.advance, start=self.start, chunk=self.chunk)

    def plan(self, total: int) -> None:
        self.total += total
        if self._bar is not None:
            self._bar.update(self._task, total=self.total)

    def advance(self, n: int) -> None:
        self.done += n
        if self._bar is not None:
            self._bar.update(self._task, completed=self.done, left=self.left_text())

    def start(self, schedule: Schedule) -> None:
        self.schedule = schedule
        self.todo = dict(schedule.remaining())
        self.timed = {}
        self.cpu_started = time.monotonic()
        games = sum(self.todo.values())
        matchups = sum(1 for n in self.todo.values() if n)
        if not self.quiet and games >= ANNOUNCE:
            self.say(
                f"{self.verb}: {games:,} games to play in {matchups} matchups on "
                f"{self.workers} {'worker' if self.workers == 1 else 'workers'}; the first game "
                "of each comes first, to time them"
            )

    def chunk(self, chunk: Chunk, cpu: float) -> None:
        key = chunk.config.key
        self.timed[key] = self.timed.get(key, 0) + chunk.stop - chunk.start
        self.cpu += cpu
        if not self.estimated and self.schedule is not None:
            configs = self.schedule.configs
            if all(self.schedule.per_game(c) is not None for c in configs if self.todo[c.key]):
                self.estimated = True
                self.announce()

    # -- estimates ----------------------------------------------------------------------------
    def remaining_cpu(self) -> float | None:
        """CPU seconds of the games still to play (None before any game is timed)."""
        schedule = self.schedule
        if schedule is None or not self.timed:
            return None
        return sum(
            max(0, self.todo[c.key] - self.timed.get(c.key, 0)) * schedule.estimate(c)
            for c in schedule.configs
        )

    def rate(self) -> float:
        """CPU seconds the run gets per second of wall time: measured once the run has gone
        on for a few seconds, else the workers (each on a core of its own)."""
        if self.cpu_started is None:
            return float(self.workers)
        wall = time.monotonic() - self.cpu_started
        if wall < 3.0 or self.cpu <= 0:
            return float(min(self.workers, os.cpu_count() or 1))
        return self.cpu / wall

    def left(self) -> float | None:
        cpu = self.remaining_cpu()
        return None if cpu is None else cpu / self.rate()

    def left_text(self) -> str:
        left = self.left()
        return "" if left is None else f"about {duration(left)} left"

    def announce(self) -> None:
        """The estimate line, once every configuration's first game is timed."""
        cpu = self.remaining_cpu()
        if self.quiet or cpu is None:
            return
        cores = min(self.workers, os.cpu_count() or 1)
        wall = cpu / cores
        if wall < LONG:
            return
        games = sum(max(0, n - self.timed.get(k, 0)) for k, n in self.todo.items())
        self.say(
            f"{self.verb}: {games:,} games to go, about {duration(wall)} on {cores} "
            f"{'core' if cores == 1 else 'cores'} to themselves ({duration(cpu)} of CPU, "
            "from the first game of every matchup)"
        )

    def line(self) -> str:
        elapsed = duration(time.monotonic() - self.started)
        left = self.left_text()
        return f"{self.verb}: {self.done:,} of {self.total:,} games, {elapsed} elapsed" + (
            f", {left}" if left else ""
        )

    def say(self, text: str) -> None:
        if self._bar is not None:
            self._bar.console.print(literal(text), highlight=False)
        else:
            err_console.print(literal(text), highlight=False, soft_wrap=True)

    # -- showing it ---------------------------------------------------------------------------
    def __enter__(self) -> RunProgress:
        self.started = time.monotonic()
        if self.quiet:
            return self
        if self.terminal:
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
            )

            self._bar = Progress(
                TextColumn(self.verb),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("games"),
                TimeElapsedColumn(),
                TextColumn("{task.fields[left]}"),
                console=err_console,
                transient=True,
            )
            self._bar.start()
            self._task = self._bar.add_task("games", total=None, left="")
        else:
            self._thread = threading.Thread(
                target=self._lines, name="aerodrome-progress", daemon=True
            )
            self._thread.start()
        return self

    def _lines(self) -> None:
        while not self._stop.wait(EVERY):
            err_console.print(literal(self.line()), highlight=False, soft_wrap=True)

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=1.0)
        if self._bar is not None:
            self._bar.stop()
        if isinstance(exc, KeyboardInterrupt):  # Ctrl-C or SIGTERM: say what is kept
            kept = f" (kept in {self.out}: run the same command again to go on)" if self.out else ""
            err_console.print(
                literal(
                    f"aerodrome: {self.verb} interrupted after {self.done:,} of "
                    f"{self.total:,} games{kept}"
                ),
                highlight=False,
                soft_wrap=True,
            )


@contextlib.contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """While a run lasts, ``SIGTERM`` (``kill PID``, a scheduler's time limit) raises
    KeyboardInterrupt like Ctrl-C, so that the pool is shut down and its workers are
    terminated before the process ends (the default action ends it at once, leaving them to
    notice on their own). Only in the main thread; the previous handler comes back after."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
