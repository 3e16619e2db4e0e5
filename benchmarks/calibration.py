"""Calibration of ``aerodrome compare``'s headline (issue 34, item 7): A/A comparisons of every
built-in ruleset, and how often the headline claims a change that is not there.

An A/A comparison pairs a ruleset with itself: the "variant" column is the base ruleset's
own matchups played again on another run seed (``derive_seed(seed, "a/a")``), relabelled as
a column ``R+a/a`` paired with the base game by game. The two games of a pair then come from
the same distribution and are exchangeable — no effect anywhere, by construction — so every
change the headline confirms is a false claim. (The two games of a pair are independent
here, so the pairing saves no variance. Dice faces read as their mirror, f as 7 - f, through
``Game(dice=...)``, would make the pair antithetic — negatively correlated in whatever grows
with the dice — which a real variant's pairs are not; independent replays are exchangeable,
which is all a false-alarm rate needs. docs/compare.md, "Calibration on the real rulesets".)

For every ruleset and run seed, the script runs the comparison through ``measure`` (the
verdicts exactly as ``aerodrome compare`` prints them) and reports:

- the share of runs whose headline confirms any change (the family-wise error rate the
  headline states: at most 5 %), with its Wilson interval;
- the share of runs in which at least one metric's 95 % interval excludes zero alone (what a
  headline without the correction would have named);
- a power table: the median size of a difference in balance, length and lethality that the
  runs could detect (80 % power at the headline's level), at the games played.

Usage (in-process, one core; a run of the four rulesets at 30 games a matchup and 10 seeds
takes a few CPU minutes)::

    nice -n 10 python -m benchmarks.calibration --games 30 --seeds 10 [--only classic,df40k]
        [--out calibration.json]

The skill ladder is played only with ``--ladder`` (the default comparison plays it; its search
rungs cost most of a classic run, so the default here leaves it out and ``skill-ladder`` takes
no part in the family); with ``--ladder`` the A/A column replays the ladder's games too.

``--power`` measures the other side: per ruleset one known small effect (:data:`EFFECTS`, a
variant or a declared parameter one step from its default, with the metric it moves), played
as ``aerodrome compare RULESET --variant/--param`` plays it at the same games and seeds, and
the share of runs whose headline confirms a change in that metric (with its Wilson interval)::

    nice -n 10 python -m benchmarks.calibration --power --games 100 --seeds 20
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import msgspec

#: The A/A column's label, and the salt of its run seed.
AA = "a/a"
#: The headline metrics of the power table: (metric, the verdicts' word).
POWER_METRICS = (
    ("balance", "balance"),
    ("duration-turns", "length"),
    ("lethality-turn", "lethality"),
)

#: The known small effect per ruleset for ``--power``: (variants, params, the metric it moves).
EFFECTS: dict[str, tuple[tuple[str, ...], tuple[str, ...], str]] = {
    "classic": (("head-on-ties-kill-both",), (), "lethality-turn"),
    "df40k": ((), ("turns=7",), "duration-turns"),
    "dockfighters": ((), ("fighter-dice=1",), "lethality-turn"),
    "victoriana": ((), ("luftwaffe-health=120",), "balance"),
}


def aa_comparison(
    plugins: Any, ruleset: str, games: int, seed: int, *, ladder: bool = False
) -> Any:
    """The comparison of ``ruleset`` with itself replayed on another run seed (the module
    docstring), measured as ``aerodrome compare`` measures a variant; ``ladder``: with the
    default skill ladder, as ``aerodrome compare`` plays it."""
    from aerodrome.engine.dice import derive_seed
    from aerodrome.runs.parallel import Engine
    from aerodrome.studies.compare.measure import all_metrics, measure
    from aerodrome.studies.compare.plan import ColumnPlan, plan
    from aerodrome.studies.compare.run import studies
    from aerodrome.studies.ladder import LADDER_BUDGETS

    chosen = studies(LADDER_BUDGETS) if ladder else []
    [base] = plan(plugins, [ruleset], [], games, seed, studies=chosen)
    column = msgspec.structs.replace(base.column, name=f"{base.column.name}+{AA}", variants=(AA,))
    configs = tuple((msgspec.structs.replace(c, variants=(AA,)), m) for c, m in base.configs)
    aa = ColumnPlan(column=column, configs=configs, base=base.column.name)
    engine = Engine(plugins, workers=1)
    played = list(engine.run([c for c, _ in base.configs]))
    other = derive_seed(seed, AA)
    again = engine.run([msgspec.structs.replace(c, seed=other) for c, _ in base.configs])
    relabelled = [msgspec.structs.replace(r, variants=(AA,)) for r in again]
    return measure([base, aa], played + relabelled, all_metrics(plugins), seed=seed, games=games)


def effect_comparison(plugins: Any, ruleset: str, games: int, seed: int) -> Any:
    """``ruleset`` against its known small effect (:data:`EFFECTS`), measured as
    ``aerodrome compare`` measures a variant or a ``--param`` (without the skill ladder)."""
    from aerodrome.runs.parallel import Engine
    from aerodrome.studies.compare.measure import all_metrics, measure
    from aerodrome.studies.compare.plan import plan

    variants, params, _ = EFFECTS[ruleset]
    plans = plan(plugins, [ruleset], list(variants), games, seed, params=params)
    engine = Engine(plugins, workers=1)
    played = list(engine.run([c for p in plans for c, _ in p.configs]))
    return measure(plans, played, all_metrics(plugins), seed=seed, games=games)


def power(ruleset: str, games: int, seeds: range) -> dict[str, Any]:
    """How often a default run's headline confirms ``ruleset``'s known small effect."""
    from aerodrome.plugins import default_plugins

    plugins = default_plugins()
    variants, params, metric = EFFECTS[ruleset]
    hits = anything = 0
    deltas: list[float] = []
    sizes: list[float] = []
    start = time.process_time()
    for seed in seeds:
        result = effect_comparison(plugins, ruleset, games, seed)
        [verdict] = result.verdicts
        hits += metric in verdict.confirmed
        anything += bool(verdict.confirmed)
        d = result.differences[0].metrics.get(metric)
        if d is not None:
            deltas.append(d.value)
            if d.detectable is not None:
                sizes.append(d.detectable)
    runs = len(seeds)
    low, high = wilson(hits, runs)
    return {
        "ruleset": ruleset,
        "effect": " ".join(
            [*(f"--variant {v}" for v in variants), *(f"--param {p}" for p in params)]
        ),
        "metric": metric,
        "games": games,
        "runs": runs,
        "detected": hits,
        "detect_interval": [low, high],
        "any_confirmed": anything,
        "median_delta": statistics.median(deltas) if deltas else None,
        "median_detectable": statistics.median(sizes) if sizes else None,
        "cpu_seconds": round(time.process_time() - start, 1),
    }


def render_power(rows: list[dict[str, Any]]) -> str:
    lines = [
        "| ruleset | effect | metric | runs × games | headline confirms it [Wilson 95 %] | "
        "median difference | median detectable | CPU s |\n|---|---|---|---|---|---|---|---|"
    ]
    for r in rows:
        lo, hi = r["detect_interval"]
        delta = "—" if r["median_delta"] is None else f"{r['median_delta']:+.3f}"
        size = "—" if r["median_detectable"] is None else f"±{r['median_detectable']:.3f}"
        lines.append(
            f"| {r['ruleset']} | `{r['effect']}` | {r['metric']} | {r['runs']} × {r['games']} | "
            f"{r['detected']} of {r['runs']} ({r['detected'] / r['runs']:.0%}) [{lo:.2f}, {hi:.2f}] "
            f"| {delta} | {size} | {r['cpu_seconds']} |"
        )
    return "\n".join(lines)


def wilson(k: int, n: int) -> tuple[float, float]:
    from aerodrome.engine.metrics import wilson as wilson_estimate

    e = wilson_estimate(k, n)
    return (0.0, 1.0) if e is None else (e.low, e.high)


def calibrate(ruleset: str, games: int, seeds: range, *, ladder: bool = False) -> dict[str, Any]:
    """The figures of one ruleset over ``seeds`` (``ladder``: with the skill ladder)."""
    from aerodrome.plugins import default_plugins

    plugins = default_plugins()
    claims: list[list[str]] = []
    singles = 0
    family: list[int] = []
    sizes: dict[str, list[float]] = {m: [] for m, _ in POWER_METRICS}
    start = time.process_time()
    for seed in seeds:
        result = aa_comparison(plugins, ruleset, games, seed, ladder=ladder)
        [verdict] = result.verdicts
        claims.append(list(verdict.confirmed))
        diffs = result.differences[0].metrics
        singles += any(d is not None and d.changed for d in diffs.values())
        family.append(result.family.size)
        for name in sizes:
            d = diffs.get(name)
            if d is not None and d.detectable is not None:
                sizes[name].append(d.detectable)
    runs = len(claims)
    claimed = sum(1 for c in claims if c)
    low, high = wilson(claimed, runs)
    return {
        "ruleset": ruleset,
        "games": games,
        "ladder": ladder,
        "seeds": [seeds.start, seeds.stop - 1],
        "runs": runs,
        "family": max(family) if family else 0,
        "headline_claims": claimed,
        "claim_rate": claimed / runs if runs else 0.0,
        "claim_interval": [low, high],
        "claimed_metrics": [c for c in claims if c],
        "single_interval_runs": singles,
        "single_rate": singles / runs if runs else 0.0,
        "detectable_median": {
            name: statistics.median(v) if v else None for name, v in sizes.items()
        },
        "cpu_seconds": round(time.process_time() - start, 1),
    }


def render(rows: list[dict[str, Any]]) -> str:
    head = (
        "| ruleset | runs × games | family | headline claims a change [Wilson 95 %] | "
        "any interval excludes zero alone | detectable balance | length (rounds) | "
        "lethality (kills a turn) | CPU s |\n|---|---|---|---|---|---|---|---|---|"
    )
    lines = [head]
    for r in rows:
        lo, hi = r["claim_interval"]

        def size(name: str, digits: int, found: dict[str, Any] = r["detectable_median"]) -> str:
            v = found.get(name)
            return "—" if v is None else f"±{v:.{digits}f}"

        lines.append(
            f"| {r['ruleset']} | {r['runs']} × {r['games']} | {r['family']} | "
            f"{r['headline_claims']} of {r['runs']} ({r['claim_rate']:.0%}) "
            f"[{lo:.2f}, {hi:.2f}] | {r['single_interval_runs']} of {r['runs']} "
            f"({r['single_rate']:.0%}) | {size('balance', 2)} | {size('duration-turns', 1)} | "
            f"{size('lethality-turn', 3)} | {r['cpu_seconds']} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.calibration")
    parser.add_argument("--games", type=int, default=30, help="games a matchup (default 30)")
    parser.add_argument("--seeds", type=int, default=10, help="run seeds 1..N (default 10)")
    parser.add_argument("--first", type=int, default=1, help="the first run seed (default 1)")
    parser.add_argument("--only", default="", help="rulesets, comma-separated (default all)")
    parser.add_argument("--out", type=Path, default=None, help="write the figures as JSON")
    parser.add_argument(
        "--ladder", action="store_true", help="play the default skill ladder too (A/A only)"
    )
    parser.add_argument(
        "--power", action="store_true", help="detect each ruleset's known small effect instead"
    )
    args = parser.parse_args(argv)
    from aerodrome.engine.errors import AerodromeError
    from aerodrome.engine.files import check_output, write_atomic
    from aerodrome.plugins import default_plugins

    if args.games < 2 or args.seeds < 1:
        print("calibration: --games must be 2 or more and --seeds 1 or more", file=sys.stderr)
        return 2
    try:
        if args.out is not None:
            check_output(args.out, "--out")
        names = [n for n in args.only.split(",") if n] or default_plugins().ruleset_names()
        rows = []
        for name in names:
            if args.power and name not in EFFECTS:
                raise AerodromeError(f"--power: no known effect for {name!r} (EFFECTS)")
            seeds = range(args.first, args.first + args.seeds)
            if args.power:
                rows.append(power(name, args.games, seeds))
            else:
                rows.append(calibrate(name, args.games, seeds, ladder=args.ladder))
            print(f"calibration: {name} done ({rows[-1]['cpu_seconds']} CPU s)", file=sys.stderr)
            if args.out is not None:
                write_atomic(args.out, msgspec.json.format(msgspec.json.encode(rows)), "--out")
    except AerodromeError as exc:
        print(f"calibration: {exc}", file=sys.stderr)
        return 1
    print(render_power(rows) if args.power else render(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
