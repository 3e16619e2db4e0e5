"""Benchmarks of the Dockfighters campaign (issue 10).

- :func:`bench_simulate`: ``aerodrome campaign simulate``: scenarios per second of a campaign
  between two bot squadrons (set-up, a Konrad-against-Konrad mission, the books), on one
  core; and the rate at which the squadron files are rebuilt from their journals (every
  mission played again from its actions).
"""

from __future__ import annotations

import time
from typing import Any

from aerodrome_dockfighters.campaign import campaign, files
from aerodrome_dockfighters.campaign.simulate import Simulation


def bench_simulate(scenarios: int = 40, seed: int = 1) -> dict[str, Any]:
    sim = Simulation(seed)
    sim.step(0)  # warm-up: specs, boards and tables built once
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(1, scenarios + 1):
        sim.step(i)
    took, cpu = time.perf_counter() - start, time.process_time() - cpu
    squadrons = [sq for side in sim.all for sq in side]
    played = sum(1 for sq in squadrons for e in sq.journal if type(e).__name__ == "Scenario")
    start = time.perf_counter()
    same = all(files.encode(campaign.rebuild(sq.journal)) == files.encode(sq) for sq in squadrons)
    rebuilt = time.perf_counter() - start
    return {
        "scenarios_per_second": round(scenarios / took, 2),  # wall clock
        "cpu_scenarios_per_second": round(scenarios / cpu, 2),
        "replayed_entries_per_second": round(played / rebuilt, 2),
        "replay_identical": same,
        "file_kb_per_scenario": round(
            sum(len(files.encode(sq)) for sq in squadrons) / 1024 / (scenarios + 1), 1
        ),
    }


def bench_verify(scenarios: int = 40, seed: int = 1) -> dict[str, Any]:
    """What every command would pay to verify a squadron's journal (docs/security.md): a
    squadron file of ``scenarios`` scenarios read and checked as every command reads it
    (``files.load``: decode, the sheet's rules, the seal), and read then rebuilt from its
    journal (``campaign show --verify``: every purchase and mission played again)."""
    sim = Simulation(seed)
    for i in range(scenarios):
        sim.step(i)
    sq = max((s for side in sim.all for s in side), key=lambda s: len(s.journal))
    played = sum(1 for e in sq.journal if type(e).__name__ == "Scenario")
    data = files.encode(sq)
    start = time.perf_counter()
    rounds = 20
    for _ in range(rounds):
        files.decode(data, "bench")
    load = (time.perf_counter() - start) / rounds
    start = time.perf_counter()
    files.verify(files.decode(data, "bench"), "bench")
    verify = time.perf_counter() - start
    return {
        "scenarios_in_file": played,
        "journal_entries": len(sq.journal),
        "file_kb": round(len(data) / 1024, 1),
        "load_ms": round(load * 1000, 1),
        "verify_ms": round(verify * 1000, 1),
        "verify_ms_per_scenario": round(verify * 1000 / max(1, played), 1),
    }
