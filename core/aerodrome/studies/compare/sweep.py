"""``aerodrome sweep``: a declared parameter played over a range of values, and the value
where a metric crosses a target.

Every value is a column of the comparison, played with the same seeds and agents as every
other (common random numbers), so the columns are paired game by game: each is compared
with the *reference* column (the value the set-up plays with, when it is in the range; else
the first value), and the curve of a metric against the parameter is not jagged by the
dice of different games.

``--target METRIC=VALUE`` looks for the value where the metric crosses the target, by
bisection: the two ends of the range first, then the middle of the bracket that holds the
crossing, until the bracket is one step wide. Each step is one run of the engine; all runs
go to one results file (``--out``, or a temporary one), from which the final comparison of
every value played is measured.
"""

from __future__ import annotations

import contextlib
import math
import re
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import msgspec

from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.metrics import Estimate
from aerodrome.engine.parameters import ParameterSpec, Value, find
from aerodrome.plugins import Plugins
from aerodrome.runs.cluster import DaskTarget
from aerodrome.studies.compare.measure import Comparison
from aerodrome.studies.compare.plan import ColumnPlan, column_plan
from aerodrome.studies.compare.run import Hooks, execute
from aerodrome.studies.compare.studies import BUDGET, Study

#: ``NAME=LO..HI`` or ``NAME=LO..HI:STEP``.
_RANGE = re.compile(
    r"^\s*([a-z][a-z0-9-]*)\s*=\s*([^.\s:]+|-?\d*\.\d+)\s*\.\.\s*(\S+?)(?::(\S+))?\s*$"
)
#: ``METRIC=VALUE``.
_TARGET = re.compile(r"^\s*([a-z][a-z0-9-]*)\s*=\s*(\S+)\s*$")
#: Values a sweep plays at most (each is a column of every matchup).
MAX_VALUES = 50
#: Default number of steps of a range of non-whole values.
FLOAT_STEPS = 8
#: The metrics a sweep shows by default.
DEFAULT_METRICS = ("balance", "duration-turns", "lethality-turn")


class Range(msgspec.Struct, frozen=True, kw_only=True):
    """A parameter's range: ``low`` to ``high`` by ``step`` (both ends included)."""

    name: str
    low: float
    high: float
    step: float | None = None


def _number(text: str, what: str, option: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise AerodromeError(f"{option}: {what} {text!r} is not a number") from None
    if not math.isfinite(value):
        raise AerodromeError(f"{option}: {what} {text!r} is not a number")
    return value


def parse_range(text: str) -> Range:
    """``cards=2..8`` or ``turns=3..9:2``; a one-line error naming the option otherwise."""
    m = _RANGE.match(text)
    if m is None:
        raise AerodromeError(
            f"--param {text!r}: write NAME=LOW..HIGH or NAME=LOW..HIGH:STEP (e.g. cards=2..8)"
        )
    name, low, high, step = m.groups()
    lo = _number(low, "LOW", "--param")
    hi = _number(high, "HIGH", "--param")
    st = None if step is None else _number(step, "STEP", "--param")
    if lo >= hi:
        raise AerodromeError(f"--param {text!r}: LOW must be below HIGH")
    if st is not None and st <= 0:
        raise AerodromeError(f"--param {text!r}: STEP must be above 0")
    return Range(name=name, low=lo, high=hi, step=st)


def parse_target(text: str, metrics: Sequence[str]) -> tuple[str, float]:
    """``balance=0.9``: a metric name (one of ``metrics``) and a number."""
    from aerodrome.engine.errors import UnknownNameError

    m = _TARGET.match(text)
    if m is None:
        raise AerodromeError(f"--target {text!r}: write METRIC=VALUE (e.g. balance=0.9)")
    name, value = m.groups()
    if name not in metrics:
        raise UnknownNameError("metric", name, list(metrics))
    return name, _number(value, "VALUE", "--target")


def grid(spec: ParameterSpec, rng: Range) -> list[Value]:
    """The values of ``rng`` for ``spec``: checked against its bounds and kind."""
    low = spec.value(rng.low)
    high = spec.value(rng.high)
    step = rng.step
    if step is None:
        step = 1.0 if spec.integer else (high - low) / FLOAT_STEPS
    if spec.integer and step != int(step):
        raise AerodromeError(f"--param {spec.name}: takes whole numbers, so a whole STEP")
    count = math.floor((high - low) / step + 1e-9) + 1
    if count > MAX_VALUES:
        raise AerodromeError(
            f"--param {spec.name}={rng.low:g}..{rng.high:g}: {count} values; a sweep plays "
            f"{MAX_VALUES} at most (give a larger STEP, or use --target to bisect)"
        )
    values = [spec.value(round(low + k * step, 12)) for k in range(count)]
    if values[-1] != high:  # the high end always played
        values.append(high)
    return values


class Crossing(msgspec.Struct, frozen=True, kw_only=True):
    """Where ``metric`` crosses ``target`` between the parameter values ``below`` and
    ``above`` (one step apart), with the metric at both and their paired difference.

    :param found: the metric is on different sides of the target at the two ends of the
        range (else ``below``/``above`` are the ends and there is no crossing in it).
    :param at: the crossing, interpolated linearly between the two values.
    :param clear: each value's 95 % interval lies wholly on its side of the target.
    :param text: a line saying so.
    """

    metric: str
    target: float
    found: bool
    below: Value
    above: Value
    at_below: Estimate | None
    at_above: Estimate | None
    at: float | None
    clear: bool
    text: str


class Sweep(msgspec.Struct, kw_only=True):
    """What ``aerodrome sweep --json`` prints: the parameter, its values (one column each,
    paired with the reference column), the chosen metrics, the crossing if one was sought,
    and the comparison of every value played."""

    ruleset: str
    parameter: str
    summary: str
    reference: Value
    values: list[Value]
    metrics: list[str]
    crossing: Crossing | None
    comparison: Comparison


def sweep_plans(
    plugins: Plugins,
    spec: ParameterSpec,
    values: Sequence[Value],
    reference: Value,
    games: int,
    seed: int,
    *,
    variants: Sequence[str] = (),
    setup: str | None = None,
    studies: Sequence[Study] = (),
) -> list[ColumnPlan]:
    """One column per value (the reference first), every other one paired with it."""
    order = [reference, *(v for v in values if v != reference)]
    plugs = tuple(dict.fromkeys([*variants, *([spec.variant] if spec.variant else [])]))
    plans: list[ColumnPlan] = []
    for v in order:
        base = plans[0].column.name if plans else None
        plans.append(
            column_plan(
                plugins,
                spec.ruleset,
                plugs,
                ((spec.name, v),),
                games,
                seed,
                studies,
                BUDGET,
                setup,
                base=base,
            )
        )
    return plans


def value_of(plan: ColumnPlan, name: str) -> Value:
    return dict(plan.column.params)[name]


def reference_value(
    plugins: Plugins, spec: ParameterSpec, setup: str | None, values: Sequence[Value]
) -> Value:
    """The value the set-up plays with, if it is among ``values``; else the first."""
    current = spec.current(plugins.ruleset(spec.ruleset).setup(setup))
    return current if current is not None and current in values else values[0]


@contextlib.contextmanager
def results_file(out: Path | None) -> Iterator[Path]:
    """``out``, or a temporary results file for the runs of one sweep."""
    if out is not None:
        yield out
        return
    with tempfile.TemporaryDirectory(prefix="aerodrome-sweep-") as tmp:
        yield Path(tmp) / "games.jsonl"


def run_sweep(
    plugins: Plugins,
    ruleset: str,
    rng: Range,
    *,
    games: int,
    seed: int,
    metrics: Sequence[str] = DEFAULT_METRICS,
    target: tuple[str, float] | None = None,
    variants: Sequence[str] = (),
    setup: str | None = None,
    studies: Sequence[Study] = (),
    workers: int | None = None,
    dask: str | DaskTarget | None = None,
    out: Path | None = None,
    hooks: Hooks | None = None,
    on_step: Callable[[str], None] | None = None,
) -> Sweep:
    """Play the sweep (every value of the range, or a bisection for ``target``) and measure
    every value played, paired with the reference value."""
    spec = find(plugins.parameters(), ruleset, rng.name)
    values = grid(spec, rng)
    reference = reference_value(plugins, spec, setup, values)

    def plans_for(vs: Sequence[Value], ref: Value) -> list[ColumnPlan]:
        return sweep_plans(
            plugins, spec, vs, ref, games, seed, variants=variants, setup=setup, studies=studies
        )

    def run(vs: Sequence[Value], ref: Value, path: Path, quiet: bool = False) -> Comparison:
        return execute(
            plugins,
            plans_for(vs, ref),
            seed=seed,
            games=games,
            workers=workers,
            dask=dask,
            out=path,
            hooks=None if quiet else hooks,
        )

    crossing: Crossing | None = None
    with results_file(out) as path:
        if target is None:
            played = values
        else:
            played, crossing = bisect(
                spec, values, target, lambda vs: run(vs, vs[0], path), on_step, reference
            )
        # after a bisection every game is in the file already: this run only reads it
        final = run(sorted(played), reference, path, quiet=target is not None)
    if crossing is not None:  # the estimates of the final run (the same games)
        crossing = describe_crossing(spec, crossing, final)
    return Sweep(
        ruleset=ruleset,
        parameter=spec.name,
        summary=spec.summary,
        reference=reference,
        values=sorted(played),
        metrics=list(metrics),
        crossing=crossing,
        comparison=final,
    )


def estimate_at(result: Comparison, name: str, value: Value, metric: str) -> Estimate | None:
    for col in result.columns:
        if dict(col.column.params).get(name) == value:
            return col.metrics.get(metric)
    return None


def bisect(
    spec: ParameterSpec,
    values: Sequence[Value],
    target: tuple[str, float],
    evaluate: Callable[[Sequence[Value]], Comparison],
    on_step: Callable[[str], None] | None = None,
    reference: Value | None = None,
) -> tuple[list[Value], Crossing]:
    """Bisect ``values`` (sorted) for where ``target``'s metric crosses its value: the
    values played and the bracket found (its estimates filled in later). ``reference`` (the
    set-up's own value) is played with the two ends, so that every value is also compared
    with it."""
    metric, goal = target
    lo, hi = 0, len(values) - 1
    played: set[Value] = set()

    def side(result: Comparison, value: Value) -> float:
        e = estimate_at(result, spec.name, value, metric)
        if e is None:
            raise AerodromeError(
                f"--target {metric}: the metric cannot be measured at {spec.name}={value:g} "
                "(no games it reads)"
            )
        return e.value - goal

    extra = [] if reference is None else [reference]
    first = list(dict.fromkeys([values[lo], values[hi], *extra]))
    ends = evaluate(first)
    played.update(first)
    f_lo, f_hi = side(ends, values[lo]), side(ends, values[hi])
    if on_step is not None:
        on_step(
            f"{spec.name}={values[lo]:g} and {values[hi]:g}: {metric} {f_lo + goal:.3g} and {f_hi + goal:.3g}"
        )
    found = f_lo == 0 or f_hi == 0 or (f_lo < 0) != (f_hi < 0)
    while found and hi - lo > 1 and f_lo != 0 and f_hi != 0:
        mid = (lo + hi) // 2
        result = evaluate([values[mid]])
        played.add(values[mid])
        f_mid = side(result, values[mid])
        if on_step is not None:
            on_step(f"{spec.name}={values[mid]:g}: {metric} {f_mid + goal:.3g}")
        if f_mid == 0:
            lo = hi = mid
            break
        if (f_mid < 0) == (f_lo < 0):
            lo, f_lo = mid, f_mid
        else:
            hi, f_hi = mid, f_mid
    return sorted(played), Crossing(
        metric=metric,
        target=goal,
        found=found,
        below=values[lo],
        above=values[hi],
        at_below=None,
        at_above=None,
        at=None,
        clear=False,
        text="",
    )


def describe_crossing(spec: ParameterSpec, c: Crossing, result: Comparison) -> Crossing:
    """``c`` with the final run's estimates at its two values, the interpolated crossing
    and a line saying it."""
    a = estimate_at(result, spec.name, c.below, c.metric)
    b = estimate_at(result, spec.name, c.above, c.metric)
    name, goal = spec.name, c.target
    if a is None or b is None:
        return msgspec.structs.replace(c, text=f"{c.metric}: not measured")
    if not c.found:
        where = "above" if a.value > goal else "below"
        return msgspec.structs.replace(
            c,
            at_below=a,
            at_above=b,
            text=(
                f"{c.metric} stays {where} {goal:g} from {name}={c.below:g} ({a.value:.3g}) to "
                f"{name}={c.above:g} ({b.value:.3g}): no crossing in the range"
            ),
        )
    if c.below == c.above or b.value == a.value:
        at = float(c.below)
    else:
        at = float(c.below) + (goal - a.value) / (b.value - a.value) * (
            float(c.above) - float(c.below)
        )
    rising = b.value > a.value
    clear = (a.high < goal < b.low) if rising else (a.low > goal > b.high)
    if c.below == c.above:
        clear = False
    text = (
        f"{c.metric} crosses {goal:g} between {name}={c.below:g} ({a.value:.3g}, "
        f"{a.low:.3g}–{a.high:.3g}) and {name}={c.above:g} ({b.value:.3g}, "
        f"{b.low:.3g}–{b.high:.3g}), at about {name}={at:.3g}"
        + ("" if clear else "; the intervals at both values reach the target: within the noise")
    )
    return msgspec.structs.replace(c, at_below=a, at_above=b, at=at, clear=clear, text=text)
