"""Run every ``bench_*`` function of every ``benchmarks/bench_*.py`` module and print figures.

Usage: ``python -m benchmarks [FILTER...] [--json] [--rounds N] [--seconds S]``. A FILTER
keeps benchmarks whose ``module.function`` name contains it. Each benchmark returns a dict
of figures, printed on one line; a module that defines ``render_<name>`` for its
``bench_<name>`` prints that text instead (``--json`` always prints the figures).

``--rounds`` and ``--seconds`` go to the benchmarks that take them as keyword-only
parameters (the interleaved comparison with reference engines, ``bench_reference``): the
number of rounds, and the CPU seconds each workload plays per round.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: Options passed on to the benchmarks that declare them as keyword-only parameters.
OPTIONS = ("rounds", "seconds")


def discover() -> list[tuple[str, Any]]:
    found = []
    for path in sorted(Path(__file__).parent.glob("bench_*.py")):
        module = importlib.import_module(f"benchmarks.{path.stem}")
        for name in sorted(dir(module)):
            if name.startswith("bench_") and callable(getattr(module, name)):
                found.append(
                    (
                        f"{path.stem.removeprefix('bench_')}.{name.removeprefix('bench_')}",
                        getattr(module, name),
                    )
                )
    return found


def _renderer(fn: Any) -> Callable[[dict[str, Any]], str] | None:
    module = sys.modules[fn.__module__]
    render: Callable[[dict[str, Any]], str] | None = getattr(
        module, "render_" + fn.__name__.removeprefix("bench_"), None
    )
    return render


def _options(fn: Any, given: dict[str, Any]) -> dict[str, Any]:
    """The options of ``given`` that ``fn`` takes as keyword-only parameters."""
    params = inspect.signature(fn).parameters
    return {
        k: v
        for k, v in given.items()
        if v is not None and k in params and params[k].kind is inspect.Parameter.KEYWORD_ONLY
    }


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks", description=__doc__.split("\n")[0]
    )
    parser.add_argument(
        "filters", nargs="*", metavar="FILTER", help="keep benchmarks whose name contains it"
    )
    parser.add_argument("--json", action="store_true", help="print every figure as JSON")
    parser.add_argument("--rounds", type=int, help="rounds of the interleaved benchmarks")
    parser.add_argument("--seconds", type=float, help="CPU seconds per workload and round")
    args = parser.parse_args(argv)
    if args.rounds is not None and args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if args.seconds is not None and args.seconds <= 0:
        parser.error("--seconds must be positive")
    return args


def main(argv: list[str]) -> int:
    args = parse(argv)
    given = {k: getattr(args, k) for k in OPTIONS}
    results: dict[str, Any] = {}
    for name, fn in discover():
        if args.filters and not any(f in name for f in args.filters):
            continue
        start = time.perf_counter()
        figures = fn(**_options(fn, given))
        figures["wall_seconds"] = round(time.perf_counter() - start, 2)
        results[name] = figures
        if not args.json:
            render = _renderer(fn)
            if render is not None:
                print(f"{name}  (wall {figures['wall_seconds']} s)\n{render(figures)}", flush=True)
            else:
                shown = ", ".join(f"{k}={v}" for k, v in figures.items())
                print(f"{name:40} {shown}", flush=True)
    if args.json:
        print(
            json.dumps(
                {
                    "python": platform.python_version(),
                    "machine": platform.machine(),
                    "results": results,
                },
                indent=2,
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
