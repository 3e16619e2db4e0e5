"""``aerodrome sweep``: a declared parameter played over a range of values, and where a
metric crosses a target.

Every value is a column of the comparison, played with the same seeds and agents as every
other (common random numbers), so the columns are paired game by game: each is compared
with the *reference* column (the value the set-up plays with, when it is in the range; else
the first value), and the curve of a metric against the parameter is not jagged by the
dice of different games.

``--target METRIC=VALUE`` is read on every value of the grid, all of them played first
(:func:`read_target`): a search that looks only at some values (the ends, a bisection)
misses a metric that crosses the target and comes back, and claims a crossing the noise
allows. It reports every crossing with the interval at both sides, claims one only where
the 95 % intervals on both sides exclude the target, and says whether the metric is
monotone over the range (:func:`monotonicity`).
"""

from __future__ import annotations

import contextlib
import itertools
import math
import re
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Literal

import msgspec

from aerodrome.engine.data import ParamValue
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
    r"^\s*([a-z][a-z0-9-]*|[A-Za-z_](?:[^=\[\s\"]|\"[^\"]*\"|\[[^\]]*\])*)"  # or a spec path
    r"\s*=\s*([^.\s:]+|-?\d*\.\d+)\s*\.\.\s*(\S+?)(?::(\S+))?\s*$"
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
            f"{MAX_VALUES} at most (give a larger STEP or a narrower range)"
        )
    values = [spec.value(round(low + k * step, 12)) for k in range(count)]
    if values[-1] != high:  # the high end always played
        values.append(high)
    return values


#: Where a grid point's 95 % interval lies against the target.
Side = Literal["below", "above", "within"]
#: What the grid says of a metric's shape over the range (:func:`monotonicity`).
Shape = Literal["rising", "falling", "not monotone", "flat", "unmeasured"]


class Point(msgspec.Struct, frozen=True, kw_only=True):
    """The metric at one value of the grid: its estimate and where its 95 % interval lies
    against the target (``within``: the interval reaches it; ``None``: not measured)."""

    value: Value
    estimate: Estimate | None
    side: Side | None


class Crossing(msgspec.Struct, frozen=True, kw_only=True):
    """One place where the metric crosses the target.

    :param low: the last value before the crossing, ``high`` the first after it.
    :param direction: ``up`` (the metric rises through the target) or ``down``.
    :param claimed: the 95 % intervals at ``low`` and at ``high`` both exclude the target,
        on opposite sides (the values between, if any, reach it within their intervals);
        else only the estimates cross, at two neighbouring values, within the noise.
    :param at: where the estimates cross, interpolated linearly between the two neighbouring
        values whose estimates lie on either side (``None``: they never do in the span).
    :param text: a line saying so, every estimate with its interval.
    """

    low: Value
    high: Value
    at_low: Estimate
    at_high: Estimate
    direction: Literal["up", "down"]
    claimed: bool
    at: float | None
    text: str


class Target(msgspec.Struct, frozen=True, kw_only=True):
    """``--target METRIC=VALUE`` read on every value of the grid: each point, every
    crossing (claimed or within the noise), the metric's shape over the range, and the lines
    that say them (``text``)."""

    metric: str
    target: float
    points: list[Point]
    crossings: list[Crossing]
    monotone: Shape
    monotone_text: str
    text: list[str]


class Sweep(msgspec.Struct, kw_only=True):
    """What ``aerodrome sweep --json`` prints: the parameter, its values (one column each,
    paired with the reference column), the chosen metrics, the target if one was sought
    (every point, every crossing, the metric's shape) and the comparison of every value."""

    ruleset: str
    parameter: str
    summary: str
    reference: Value
    values: list[Value]
    metrics: list[str]
    target: Target | None
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
    fixed: Sequence[ParamValue] = (),
) -> list[ColumnPlan]:
    """One column per value (the reference first), every other one paired with it; ``fixed``:
    parameter values every column plays with (spec numbers set by ``--set``)."""
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
                ((spec.name, v), *fixed),
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
    fixed: Sequence[ParamValue] = (),
) -> Sweep:
    """Play every value of the range, each paired with the reference value, measure them,
    and read ``target`` (a metric and its value) on every value."""
    spec = find(plugins.parameters(), ruleset, rng.name)
    if rng.name in dict(fixed):
        raise AerodromeError(f"--set {rng.name}: it is the parameter swept (--param)")
    values = grid(spec, rng)
    reference = reference_value(plugins, spec, setup, values)
    plans = sweep_plans(
        plugins,
        spec,
        values,
        reference,
        games,
        seed,
        variants=variants,
        setup=setup,
        studies=studies,
        fixed=fixed,
    )
    with results_file(out) as path:
        result = execute(
            plugins,
            plans,
            seed=seed,
            games=games,
            workers=workers,
            dask=dask,
            out=path,
            hooks=hooks,
        )
    found = None
    if target is not None:
        metric, goal = target
        points = [point(estimate_at(result, spec.name, v, metric), v, goal) for v in values]
        found = read_target(spec.name, metric, goal, points)
    return Sweep(
        ruleset=ruleset,
        parameter=spec.name,
        summary=spec.summary,
        reference=reference,
        values=values,
        metrics=list(metrics),
        target=found,
        comparison=result,
    )


def estimate_at(result: Comparison, name: str, value: Value, metric: str) -> Estimate | None:
    for col in result.columns:
        if dict(col.column.params).get(name) == value:
            return col.metrics.get(metric)
    return None


def point(estimate: Estimate | None, value: Value, goal: float) -> Point:
    """``value``'s point: where its interval lies against ``goal``."""
    side: Side | None = None
    if estimate is not None:
        side = "below" if estimate.high < goal else "above" if estimate.low > goal else "within"
    return Point(value=value, estimate=estimate, side=side)


def read_target(name: str, metric: str, goal: float, points: Sequence[Point]) -> Target:
    """Every crossing of ``goal`` over ``points`` (sorted by value) and the metric's shape.

    A crossing is *claimed* between two values whose 95 % intervals exclude the target on
    opposite sides, with only values whose intervals reach it in between: the crossing
    lies in that span. Where the estimates of two neighbouring values lie on either side of
    the target outside any claimed span, the crossing is reported as within the noise."""
    measured = [p for p in points if p.estimate is not None]
    crossings: list[Crossing] = []
    beyond = [p for p in measured if p.side != "within"]
    for a, b in itertools.pairwise(beyond):
        if a.side != b.side:
            crossings.append(_crossing(name, metric, goal, measured, a, b, claimed=True))
    spans = [(c.low, c.high) for c in crossings]
    for a, b in itertools.pairwise(measured):
        assert a.estimate is not None and b.estimate is not None
        x, y = a.estimate.value - goal, b.estimate.value - goal
        inside = any(lo <= a.value and b.value <= hi for lo, hi in spans)
        if (x * y < 0 or (y == 0 != x)) and not inside:
            crossings.append(_crossing(name, metric, goal, measured, a, b, claimed=False))
    crossings.sort(key=lambda c: (c.low, c.high))
    shape, shape_text = monotonicity(name, metric, measured)
    text = [c.text for c in crossings]
    if not any(c.claimed for c in crossings):
        text.insert(0, _no_crossing(name, metric, goal, points))
    text.append(shape_text)
    return Target(
        metric=metric,
        target=goal,
        points=list(points),
        crossings=crossings,
        monotone=shape,
        monotone_text=shape_text,
        text=text,
    )


def _crossing(
    name: str,
    metric: str,
    goal: float,
    measured: Sequence[Point],
    a: Point,
    b: Point,
    *,
    claimed: bool,
) -> Crossing:
    assert a.estimate is not None and b.estimate is not None
    at: float | None = None
    inside = [p for p in measured if a.value <= p.value <= b.value]
    for c, d in itertools.pairwise(inside):
        assert c.estimate is not None and d.estimate is not None
        x, y = c.estimate.value - goal, d.estimate.value - goal
        if x == 0:
            at = float(c.value)
            break
        if x * y < 0 or y == 0:
            at = float(c.value) + x / (x - y) * (float(d.value) - float(c.value))
            break
    rising = (b.estimate.value > a.estimate.value) if not claimed else b.side == "above"
    direction: Literal["up", "down"] = "up" if rising else "down"
    verb = "upward" if rising else "downward"
    where = f"{name}={a.value:g} ({show(a.estimate)}) and {name}={b.value:g} ({show(b.estimate)})"
    between = "" if at is None else f", at about {name}={at:.3g} by the estimates"
    if claimed:
        gap = [p for p in inside if p.value not in (a.value, b.value)]
        maybe = (
            ""
            if not gap
            else f" (somewhere in the span: at {spans(name, [p.value for p in gap], measured)} "
            "the interval reaches the target)"
        )
        text = f"{metric} crosses {goal:g} {verb} between {where}{maybe}{between}"
    else:
        text = (
            f"{metric}'s estimates cross {goal:g} between {where}{between}, but the intervals "
            "reach the target: within the noise, not claimed (play more games)"
        )
    return Crossing(
        low=a.value,
        high=b.value,
        at_low=a.estimate,
        at_high=b.estimate,
        direction=direction,
        claimed=claimed,
        at=at,
        text=text,
    )


def _no_crossing(name: str, metric: str, goal: float, points: Sequence[Point]) -> str:
    measured = [p for p in points if p.estimate is not None]
    if not measured:
        return f"{metric}: not measured at any value of {name}"
    first, last = measured[0], measured[-1]
    assert first.estimate is not None and last.estimate is not None
    ends = (
        f"{name}={first.value:g} ({show(first.estimate)}) to "
        f"{name}={last.value:g} ({show(last.estimate)})"
    )
    reach = [p for p in measured if p.side == "within"]
    sides = {p.side for p in measured} - {"within"}
    if not reach:
        where = "above" if sides == {"above"} else "below"
        return f"{metric} stays {where} {goal:g} from {ends}: no crossing in the range"
    at = spans(name, [p.value for p in reach], measured)
    return (
        f"{metric} reaches {goal:g} only within the noise (the interval at {at} includes it), "
        f"from {ends}: no crossing claimed (play more games)"
    )


def monotonicity(name: str, metric: str, measured: Sequence[Point]) -> tuple[Shape, str]:
    """Whether the metric rises, falls, both (not monotone) or neither over the range, by
    intervals that do not overlap: a *rise* is a later value whose interval lies wholly
    above an earlier one's (a *fall*, wholly below). The widest of each is named."""
    if len(measured) < 2:
        return "unmeasured", f"{metric}: fewer than two values measured, no shape to tell"
    rise = fall = None
    rise_gap = fall_gap = 0.0
    for i, a in enumerate(measured):
        for b in measured[i + 1 :]:
            assert a.estimate is not None and b.estimate is not None
            up = b.estimate.low - a.estimate.high
            down = a.estimate.low - b.estimate.high
            if up > rise_gap:
                rise, rise_gap = (a, b), up
            if down > fall_gap:
                fall, fall_gap = (a, b), down

    def step(pair: tuple[Point, Point]) -> str:
        a, b = pair
        assert a.estimate is not None and b.estimate is not None
        return (
            f"from {name}={a.value:g} ({show(a.estimate)}) to {name}={b.value:g} "
            f"({show(b.estimate)})"
        )

    if rise is not None and fall is not None:
        first, then = ("rises", "falls") if rise[0].value <= fall[0].value else ("falls", "rises")
        steps = (rise, fall) if first == "rises" else (fall, rise)
        return "not monotone", (
            f"{metric} is not monotone in {name}: it {first} {step(steps[0])} and {then} "
            f"{step(steps[1])} (95 % intervals apart), so it may cross a target more than once"
        )
    if rise is not None:
        return "rising", f"{metric} rises with {name} ({step(rise)}); no fall beyond the noise"
    if fall is not None:
        return "falling", f"{metric} falls with {name} ({step(fall)}); no rise beyond the noise"
    return "flat", (
        f"{metric} changes over {name} by no more than the noise (the 95 % intervals of every "
        "two values overlap)"
    )


def show(e: Estimate) -> str:
    """``0.946 [0.912, 0.982]``: the estimate and its interval at one precision (two
    significant digits of the interval's width), so the printed value lies inside the
    printed interval."""
    width = e.high - e.low
    if width <= 0:  # an exact value: low, value and high are one number
        return f"{e.value:g} [{e.low:g}, {e.high:g}]"
    places = min(6, max(0, 1 - math.floor(math.log10(width))))
    return f"{e.value:.{places}f} [{e.low:.{places}f}, {e.high:.{places}f}]"


def spans(name: str, values: Sequence[Value], points: Sequence[Point]) -> str:
    """``turns=3..6, turns=9``: ``values`` with each run of neighbours on the grid (the
    values of ``points``) written as one span."""
    order = {p.value: i for i, p in enumerate(points)}
    runs: list[list[Value]] = []
    for v in sorted(values, key=lambda v: order[v]):
        if runs and order[v] == order[runs[-1][-1]] + 1:
            runs[-1].append(v)
        else:
            runs.append([v])
    return ", ".join(f"{name}={r[0]:g}" + ("" if len(r) == 1 else f"..{r[-1]:g}") for r in runs)
