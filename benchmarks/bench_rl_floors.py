"""How low each learning environment's overhead could go (issue 40, item 2): its floors.

Item 2 asks every environment (AEC, Parallel, single seat) to cost at most 50 % more time
per decision than the raw Game API loop (:mod:`benchmarks.bench_rl`). This benchmark
measures, per ruleset and environment, what is left of the overhead when the ruleset's part
of it costs nothing, so that a cell's target can be told apart from its floor.

For the first set-up of every registered ruleset (the example plugin included), eleven
workloads play the same seeded random games, interleaved round by round
(:mod:`benchmarks.interleave`, paired as in :mod:`benchmarks.bench_rl`):

- **raw** and **play**: the Game API loop with each decision's observation, and without;
- for each environment (**env**: AEC, **parallel**, **single**):

  - as shipped;
  - **free vector**: the translator hands out a constant observation vector (zeros)
    instead of the ruleset's ``observation_vector``; the view is still made, the masks and
    the actions are the real ones;
  - **free view**: the view is not made either: what is left is the environment's own
    work (PettingZoo's protocol, the masks handed out as arrays, the action's number turned
    back into an action, the loop's reading of the masks).

Figures (medians over rounds):

- **overhead**: raw's rate over the environment's, minus one (item 2's figure);
- **vector floor**: the same with a free vector. An environment that observes the seat
  it asks (AEC, single seat) pays that seat's view as the raw loop does, so a cheaper view
  would lower both and raise this floor: the vector floor is the lowest such a cell can reach
  by any work on the observation vector;
- **protocol floor**: play's rate over the free-view environment's, minus one: the overhead
  left if the ruleset's view and vector both cost nothing. The Parallel environment observes
  every live seat at every step while the raw loop observes one, so for it a cheaper view
  lowers the overhead down to this floor;
- **bound**: the vector floor (AEC, single seat) or the lower of the two floors (Parallel):
  a cell whose bound is above the target cannot meet it by work on the ruleset's views and
  vectors, only by making the environment's protocol cheaper.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from benchmarks.bench_compare import example_plugins
from benchmarks.bench_rl import (
    TARGET_OVERHEAD,
    _env,
    _overhead,
    _parallel,
    _raw,
    _single,
    measured_layout,
    rl_missing,
)
from benchmarks.interleave import Workload, measure, spread, to_stderr

#: The environments measured, by their workload names in :mod:`benchmarks.bench_rl`.
ENVIRONMENTS = ("env", "parallel", "single")
#: What each environment's translator is made to skip.
VARIANTS = ("shipped", "free vector", "free view")


def free_translators() -> tuple[type, type]:
    """The translators of the floors: a constant observation vector (the view still made),
    and a constant vector without the view (only the mask worked out)."""
    import numpy as np

    from aerodrome.bridges.rl.translate import F32, I8, Translator

    class FreeVector(Translator):
        """The ruleset's observation vector replaced by zeros (the view is still made)."""

        def packed(self, view: Any) -> bytes:
            return bytes(4 * self.width)

    class FreeView(FreeVector):
        """Neither the view nor the vector: zeros, and the real mask."""

        def observe(self, game: Any, player: int) -> dict[str, Any]:
            mask = self.packed_mask(game.legal_actions(player), player, game)
            return {
                "observation": np.frombuffer(bytearray(self.packed(None)), dtype=F32),
                "action_mask": np.frombuffer(bytearray(mask), dtype=I8),
            }

    return FreeVector, FreeView


def _loops(ruleset: Any, setup: Any, layout: Any, plugins: Any) -> dict[str, Callable[..., int]]:
    """Each environment's loop, by workload kind (``env``, ``parallel``, ``single``), with the
    shipped translator, a free vector and a free view."""
    from aerodrome.bridges.rl import env as make_env
    from aerodrome.bridges.rl import parallel_env as make_parallel
    from aerodrome.bridges.rl.single import SeatEnv

    made: dict[str, Callable[[], Any]] = {
        "env": lambda: make_env(ruleset, setup, layout=layout),
        "parallel": lambda: make_parallel(ruleset, setup, layout=layout),
        "single": lambda: SeatEnv(ruleset, setup, layout=layout, plugins=plugins),
    }
    loop = {"env": _env, "parallel": _parallel, "single": _single}
    translators = dict(zip(VARIANTS[1:], free_translators(), strict=True))
    loops: dict[str, Callable[..., int]] = {}
    for variant in VARIANTS:
        for kind in ENVIRONMENTS:
            environment = made[kind]()
            if variant in translators:
                environment.translator = translators[variant](ruleset, setup, layout)
            loops[f"{kind} {variant}"] = loop[kind](environment)
    return loops


def bound_of(kind: str, vector: float, protocol: float) -> float:
    """The lowest overhead environment ``kind`` can reach by work on the ruleset's views
    and vectors, from its two floors (see the module docstring): an environment that
    observes only the seat it asks pays that view as the raw loop does (its vector floor);
    the Parallel environment, which observes every live seat, gains by a cheaper view down
    to its protocol floor."""
    return min(vector, protocol) if kind == "parallel" else vector


def bench_env_floors(*, rounds: int = 5, seconds: float = 0.3) -> dict[str, Any]:
    """Every environment's overhead over the raw Game API beside its floors."""
    missing = rl_missing()
    if missing is not None:
        return missing
    plugins = example_plugins()
    workloads: list[Workload] = []
    setups: dict[str, str] = {}
    for name in plugins.ruleset_names():
        ruleset = plugins.ruleset(name)
        setup = ruleset.setups()[0]
        layout = measured_layout(ruleset, setup)
        setups[name] = setup.name
        workloads.append(Workload(f"raw {name}", _raw(ruleset, setup, observe=True), pair=name))
        workloads.append(Workload(f"play {name}", _raw(ruleset, setup, observe=False), pair=name))
        for kind, run in _loops(ruleset, setup, layout, plugins).items():
            workloads.append(Workload(f"{kind} {name}", run, pair=name))
    start = time.process_time()
    series = {s.workload.name: s for s in measure(workloads, rounds, seconds, to_stderr)}
    figures: dict[str, Any] = {
        "rounds": rounds,
        "seconds": seconds,
        "target_overhead": TARGET_OVERHEAD,
        "cpu_seconds": round(time.process_time() - start, 1),
    }
    for name, setup_name in setups.items():
        raw, play = series[f"raw {name}"], series[f"play {name}"]
        cells: dict[str, Any] = {}
        for kind in ENVIRONMENTS:
            shipped = series[f"{kind} shipped {name}"]
            overhead = _overhead(raw, shipped)["median"]
            vector = _overhead(raw, series[f"{kind} free vector {name}"])["median"]
            protocol = _overhead(play, series[f"{kind} free view {name}"])["median"]
            bound = bound_of(kind, vector, protocol)
            cells[kind] = {
                "decisions_per_second": round(spread(shipped.decisions_per_second)["median"]),
                "overhead": overhead,
                "vector_floor": vector,
                "protocol_floor": protocol,
                "bound": bound,
                "met": overhead <= TARGET_OVERHEAD,
                "reachable": bound <= TARGET_OVERHEAD,
            }
        figures[name] = {
            "setup": setup_name,
            "raw_decisions_per_second": round(spread(raw.decisions_per_second)["median"]),
            "play_decisions_per_second": round(spread(play.decisions_per_second)["median"]),
            **cells,
        }
    return figures


def render_env_floors(figures: dict[str, Any]) -> str:
    if "skipped" in figures:
        return f"rl_floors: {figures['skipped']}"
    lines = [
        f"rl_floors: each environment's overhead over the raw Game API and its floors "
        f"({figures['rounds']} rounds, medians; target ≤ {figures['target_overhead']:.0%}; "
        "vector floor: with a free observation vector; protocol floor: with a free view and "
        "vector, over the loop without observations; bound: the lowest the cell can reach by "
        "work on the ruleset's views and vectors)",
        f"  {'ruleset':<13}{'setup':<20}{'raw/s':>9}{'play/s':>9}  {'environment':<10}"
        f"{'overhead':>9}{'vector floor':>13}{'protocol floor':>15}{'bound':>7}"
        f"{'met':>5}{'reachable':>10}",
    ]
    for name, f in figures.items():
        if not isinstance(f, dict):
            continue
        for i, kind in enumerate(ENVIRONMENTS):
            c = f[kind]
            head = (
                f"  {name:<13}{f['setup']:<20}{f['raw_decisions_per_second']:>9,}"
                f"{f['play_decisions_per_second']:>9,}"
                if i == 0
                else " " * 53
            )
            lines.append(
                f"{head}  {kind:<10}{c['overhead']:>9.0%}{c['vector_floor']:>13.0%}"
                f"{c['protocol_floor']:>15.0%}{c['bound']:>7.0%}"
                f"{'yes' if c['met'] else 'no':>5}{'yes' if c['reachable'] else 'no':>10}"
            )
    return "\n".join(lines)
