"""Run every ``bench_*`` function of every ``benchmarks/bench_*.py`` module and print figures.

Usage: ``python -m benchmarks [FILTER...] [--json]``. A FILTER keeps benchmarks whose
``module.function`` name contains it. Each benchmark returns a dict of figures.
"""

from __future__ import annotations

import importlib
import json
import platform
import sys
import time
from pathlib import Path
from typing import Any


def discover() -> list[tuple[str, Any]]:
    found = []
    for path in sorted(Path(__file__).parent.glob("bench_*.py")):
        module = importlib.import_module(f"benchmarks.{path.stem}")
        for name in sorted(dir(module)):
            if name.startswith("bench_") and callable(getattr(module, name)):
                found.append((f"{path.stem.removeprefix('bench_')}.{name.removeprefix('bench_')}", getattr(module, name)))
    return found


def main(argv: list[str]) -> int:
    as_json = "--json" in argv
    filters = [a for a in argv if not a.startswith("--")]
    results: dict[str, Any] = {}
    for name, fn in discover():
        if filters and not any(f in name for f in filters):
            continue
        start = time.perf_counter()
        figures = fn()
        figures["wall_seconds"] = round(time.perf_counter() - start, 2)
        results[name] = figures
        if not as_json:
            shown = ", ".join(f"{k}={v}" for k, v in figures.items())
            print(f"{name:40} {shown}", flush=True)
    if as_json:
        print(json.dumps({"python": platform.python_version(), "machine": platform.machine(), "results": results}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
