"""Grid hot paths: SquareGrid.walks (classic movement) and hex line of sight."""

from __future__ import annotations

import time
from typing import Any

from aerodrome.grid import Hex, HexGrid, SquareGrid, line_of_sight


def _per_call(fn: Any, min_seconds: float = 0.2) -> float:
    """Seconds per call of ``fn`` (repeated until ``min_seconds`` have passed)."""
    n = 0
    start = time.perf_counter()
    while True:
        fn()
        n += 1
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return elapsed / n


def bench_walks() -> dict[str, Any]:
    """Time SquareGrid.walks for lengths 1..6 from the middle of a 16x22 board."""
    grid = SquareGrid(16, 22)
    start = (8, 11)
    occupied = {(9, 11), (8, 9), (5, 11)}

    def passable(c: tuple[int, int]) -> bool:
        return c not in occupied

    figures: dict[str, Any] = {}
    for length in range(1, 7):
        count = sum(1 for _ in grid.walks(start, length, passable=passable))
        per = _per_call(lambda n=length: sum(1 for _ in grid.walks(start, n, passable=passable)))
        figures[f"len{length}_walks"] = count
        figures[f"len{length}_us"] = round(per * 1e6, 1)
    build = _per_call(lambda: SquareGrid(16, 22), 0.2)
    figures["build_16x22_ms"] = round(build * 1e3, 2)
    return figures


def bench_hex_los() -> dict[str, Any]:
    """Time line_of_sight between every pair of a sample of hexes on a 30x30 board."""
    grid = HexGrid(30, 30)
    clouds = {grid.from_offset(c, r) for c in range(10, 14) for r in range(8, 20)}
    sample = [grid.from_offset(c, r) for c in range(0, 30, 3) for r in range(0, 30, 3)]
    pairs = [(a, b) for a in sample for b in sample if a != b]

    def run() -> int:
        clear = 0
        for a, b in pairs:
            if line_of_sight(a, b, clouds.__contains__):
                clear += 1
        return clear

    per = _per_call(run, 0.5)
    mean_len = sum(Hex.distance(a, b) for a, b in pairs) / len(pairs)
    return {
        "pairs": len(pairs),
        "mean_distance": round(mean_len, 1),
        "clear": run(),
        "los_per_second": round(len(pairs) / per),
        "us_per_los": round(per / len(pairs) * 1e6, 2),
    }
