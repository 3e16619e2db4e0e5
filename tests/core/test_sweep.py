"""Declared parameters and ``aerodrome sweep``: a planted crossing found on every value, a
target read on every value of the grid (every crossing, claimed only where the intervals on
both sides exclude it, and the metric's shape), values checked against their bounds,
declarations checked, hook parameters reaching the workers."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pytest import approx

from aerodrome import hookimpl
from aerodrome.engine.errors import AerodromeError, PluginError, UnknownNameError
from aerodrome.engine.metrics import Estimate
from aerodrome.engine.parameters import ParameterSpec, apply_setup
from aerodrome.plugins import load_plugins
from aerodrome.runs.parallel import Config, Engine
from aerodrome.runs.results import ResultsFile
from aerodrome.studies.compare.sweep import (
    Point,
    grid,
    parse_range,
    parse_target,
    point,
    read_target,
    run_sweep,
    show,
)
from tests.core import countdown
from tests.core.countdown import LENGTH, countdown_plugins


def test_a_sweep_finds_the_planted_crossing_on_every_value() -> None:
    """Countdown's mean length is ``length + 0.5``: a mean length of 7 lies between 6 and 7.
    Every value of 1..20 is played (no value skipped), the crossing is claimed between 6 and
    7 with both intervals excluding 7, and interpolates to 6.5; the length rises with the
    parameter."""
    sweep = run_sweep(
        countdown_plugins(),
        "countdown",
        parse_range("length=1..20"),
        games=30,
        seed=1,
        target=("duration-turns", 7.0),
        workers=1,
    )
    t = sweep.target
    assert t is not None
    assert sweep.values == list(range(1, 21)) == [p.value for p in t.points]
    [c] = t.crossings
    assert c.claimed and c.direction == "up"
    assert (c.low, c.high) == (6, 7)
    assert c.at_low.high < 7 < c.at_high.low
    assert c.at == approx(6.5, abs=0.1)
    assert t.monotone == "rising"
    assert t.text[0].startswith("duration-turns crosses 7 upward between length=6 (")
    assert sweep.reference == 5
    # every value is paired with the reference: length 7 plays exactly 2 rounds more
    seven = next(d for d in sweep.comparison.differences if d.label.startswith("length=7"))
    longer = seven.metrics["duration-turns"]
    assert longer is not None and (longer.value, longer.low, longer.high) == approx((2, 2, 2))


def test_a_target_outside_the_range_is_said_so() -> None:
    sweep = run_sweep(
        countdown_plugins(),
        "countdown",
        parse_range("length=2..4"),
        games=10,
        seed=1,
        target=("duration-turns", 9.0),
        workers=1,
    )
    t = sweep.target
    assert t is not None and t.crossings == []
    assert "stays below 9" in t.text[0] and "no crossing in the range" in t.text[0]
    assert sweep.values == [2, 3, 4]


def _points(goal: float, *rows: tuple[float, float, float]) -> list[Point]:
    """Grid points 1, 2, ... with the estimates ``(value, low, high)``."""
    return [
        point(Estimate(value=v, low=lo, high=hi, n=100, method="normal"), i, goal)
        for i, (v, lo, hi) in enumerate(rows, start=1)
    ]


def test_a_crossing_between_the_ends_is_found() -> None:
    """The ends of the range are both below the target, a middle value above it (df40k's
    balance over turns=2..10 on seed 2: 0.946 at turns=4): both crossings are claimed, and
    the metric is not monotone. Mutation caught: reading the target on the two ends only
    (the previous bisection's first step: "no crossing in the range")."""
    t = read_target(
        "turns",
        "balance",
        0.9,
        _points(
            0.9,
            (0.70, 0.60, 0.80),
            (0.80, 0.72, 0.86),
            (0.946, 0.91, 0.98),
            (0.75, 0.65, 0.84),
            (0.72, 0.62, 0.81),
        ),
    )
    assert [(c.low, c.high, c.direction, c.claimed) for c in t.crossings] == [
        (2, 3, "up", True),
        (3, 4, "down", True),
    ]
    assert t.monotone == "not monotone"
    assert t.text[0] == (
        "balance crosses 0.9 upward between turns=2 (0.80 [0.72, 0.86]) and turns=3 "
        "(0.946 [0.910, 0.980]), at about turns=2.68 by the estimates"
    )
    assert "is not monotone in turns: it rises from turns=1" in t.monotone_text


def test_a_crossing_is_claimed_only_where_both_intervals_exclude_the_target() -> None:
    """Estimates either side of 5.5 whose intervals reach it (df40k's duration over turns on
    seed 1): reported, not claimed. Past them, the first value whose interval lies above the
    target closes the span of a claimed crossing, with the values between named. Mutation
    caught: claiming a crossing where the estimates change side (the previous check)."""
    noisy = read_target(
        "turns",
        "duration-turns",
        5.5,
        _points(5.5, (5.0, 4.6, 5.4), (5.3, 4.9, 5.7), (5.6, 5.2, 6.0)),
    )
    [c] = noisy.crossings
    assert (c.low, c.high, c.claimed) == (2, 3, False)
    assert "within the noise, not claimed" in c.text
    assert noisy.text[0].startswith("duration-turns reaches 5.5 only within the noise")
    spanned = read_target(
        "turns",
        "duration-turns",
        5.5,
        _points(5.5, (5.0, 4.6, 5.4), (5.3, 4.9, 5.7), (5.6, 5.2, 6.0), (6.2, 5.8, 6.6)),
    )
    [c] = spanned.crossings
    assert (c.low, c.high, c.claimed, c.direction) == (1, 4, True, "up")
    assert "(somewhere in the span: at turns=2..3 the interval reaches the target)" in c.text
    assert c.at == approx(2.667, abs=0.01)  # where the estimates cross, between 2 and 3
    assert spanned.monotone == "rising"


def test_a_flat_metric_is_said_to_be_flat() -> None:
    t = read_target("turns", "balance", 0.5, _points(0.5, (0.8, 0.7, 0.9), (0.82, 0.72, 0.92)))
    assert t.monotone == "flat" and t.crossings == []
    assert t.text == [
        "balance stays above 0.5 from turns=1 (0.80 [0.70, 0.90]) to turns=2 "
        "(0.82 [0.72, 0.92]): no crossing in the range",
        t.monotone_text,
    ]


@given(
    st.floats(-1e4, 1e4),
    st.floats(0, 1e3),
    st.floats(0, 1e3),
)
def test_a_printed_estimate_lies_inside_its_printed_interval(
    value: float, below: float, above: float
) -> None:
    """Every estimate a sweep prints with its interval (``show``) lies inside it as printed:
    the three numbers at one precision. Mutation caught: the estimate printed one place finer
    than its bounds (1.25 over 0.25-1.25 printed ``1.25 [0.2, 1.2]``)."""
    e = Estimate(value=value, low=value - below, high=value + above, n=1, method="normal")
    text = show(e)
    m = re.fullmatch(r"(\S+) \[(\S+), (\S+)\]", text)
    assert m is not None, text
    v, lo, hi = (float(x) for x in m.groups())
    assert lo <= v <= hi, text


def test_a_grid_sweep_plays_every_value_and_resumes(tmp_path: Path) -> None:
    out = tmp_path / "sweep.jsonl"
    kwargs: dict[str, Any] = {"games": 6, "seed": 2, "workers": 1, "out": out}
    first = run_sweep(countdown_plugins(), "countdown", parse_range("length=3..7:2"), **kwargs)
    assert first.values == [3, 5, 7]
    assert [c.column.name for c in first.comparison.columns] == [
        "countdown length=5",  # the reference first
        "countdown length=3",
        "countdown length=7",
    ]
    with ResultsFile(out) as f:
        lines = sum(1 for _ in f.records())
    played: list[int] = []
    from aerodrome.studies.compare.run import Hooks

    again = run_sweep(
        countdown_plugins(),
        "countdown",
        parse_range("length=3..7:2"),
        hooks=Hooks(start=lambda schedule: played.append(1)),
        **kwargs,
    )
    assert played == []  # nothing left to play: every game came from the file
    with ResultsFile(out) as f:
        assert sum(1 for _ in f.records()) == lines
    assert again.comparison.columns[0].metrics == first.comparison.columns[0].metrics


def test_a_hook_parameter_reaches_the_pool_workers() -> None:
    """``red-bonus`` plugs a hook implementation in: the same records in this process and
    on 2 workers, and red wins more with it."""
    plugins = countdown_plugins()
    config = Config(
        ruleset="countdown",
        setup="race",
        agents=("random", "random"),
        games=24,
        seed=3,
        params=(("red-bonus", 3),),
    )
    here = sorted(Engine(plugins, workers=1).run([config]), key=lambda r: r.index)
    pool = sorted(Engine(plugins, workers=2).run([config]), key=lambda r: r.index)
    assert here == pool
    assert all(r.params == (("red-bonus", 3),) for r in here)
    assert sum("red" in r.result.winners for r in here) >= 20


def test_ranges_and_targets_are_read_or_refused_in_one_line() -> None:
    assert parse_range("length=2..8") == parse_range(" length = 2 .. 8 ")
    assert parse_range("x=0.5..2.5:0.5").step == 0.5
    assert grid(LENGTH, parse_range("length=3..9:3")) == [3, 6, 9]
    assert grid(LENGTH, parse_range("length=3..8:3")) == [3, 6, 8]  # the high end played
    for bad, why in [
        ("length", "NAME=LOW..HIGH"),
        ("length=5..2", "LOW must be below HIGH"),
        ("length=1..5:0", "STEP must be above 0"),
        ("length=a..5", "not a number"),
    ]:
        with pytest.raises(AerodromeError, match=why):
            parse_range(bad)
    with pytest.raises(AerodromeError, match=r"outside its bounds 1\.\.20"):
        grid(LENGTH, parse_range("length=0..5"))
    with pytest.raises(AerodromeError, match="whole numbers"):
        grid(LENGTH, parse_range("length=1.5..5"))
    with pytest.raises(AerodromeError, match="a whole STEP"):
        grid(LENGTH, parse_range("length=1..5:0.5"))
    assert parse_target("balance=0.9", ["balance"]) == ("balance", 0.9)
    with pytest.raises(UnknownNameError, match="balanse"):
        parse_target("balanse=0.9", ["balance"])
    with pytest.raises(UnknownNameError, match="parameter of countdown"):
        run_sweep(countdown_plugins(), "countdown", parse_range("lenght=1..3"), games=1, seed=1)


def test_a_set_up_parameter_changes_the_set_up_only() -> None:
    plugins = countdown_plugins()
    setup = plugins.ruleset("countdown").setup()
    changed = apply_setup(plugins.parameters(), "countdown", setup, (("length", 9),))
    assert changed.options.length == 9
    assert setup.options.length == 5
    assert LENGTH.current(changed) == 9


class _Declares:
    def __init__(self, *specs: object) -> None:
        self.specs = specs

    @hookimpl
    def aerodrome_register_parameters(self) -> list[object]:
        return list(self.specs)


def _set(setup: Any, value: Any) -> Any:
    return setup


@pytest.mark.parametrize(
    ("spec", "why"),
    [
        (
            ParameterSpec(
                name="Bad Name", ruleset="countdown", summary="", low=0, high=1, setup=_set
            ),
            "lower-case words",
        ),
        (
            ParameterSpec(name="x", ruleset="countdown", summary="", low=0, high=1),
            "give `setup`, `plugin` or `spec`",
        ),
        (
            ParameterSpec(name="x", ruleset="countdown", summary="", low=2, high=1, setup=_set),
            "must be below high",
        ),
        (
            ParameterSpec(
                name="x", ruleset="countdown", summary="", low=0, high=1, default=3, setup=_set
            ),
            "outside",
        ),
        (
            ParameterSpec(
                name="x", ruleset="countdown", summary="", low=0, high=1, setup=_set, variant="nope"
            ),
            "variant 'nope'",
        ),
        ("not a spec", "not a ParameterSpec"),
    ],
)
def test_a_broken_declaration_names_its_plugin(spec: object, why: str) -> None:
    with pytest.raises(PluginError, match=why) as info:
        load_plugins(extra=[("countdown", countdown), ("broken", _Declares(spec))])
    assert "broken" in str(info.value)


def test_a_parameter_declared_twice_names_both_plugins() -> None:
    with pytest.raises(
        PluginError, match="registered twice: by plugin 'countdown' and by plugin 'again'"
    ):
        load_plugins(extra=[("countdown", countdown), ("again", _Declares(LENGTH))])


def test_a_configuration_out_of_bounds_fails_before_any_game() -> None:
    config = Config(
        ruleset="countdown",
        setup="race",
        agents=("random", "random"),
        games=2,
        seed=1,
        params=(("length", 99),),
    )
    with pytest.raises(AerodromeError, match=r"parameter length=99: outside its bounds 1\.\.20"):
        list(Engine(countdown_plugins(), workers=1).run([config]))


def test_a_variants_parameter_plugs_its_variant_in() -> None:
    """``red-extra`` belongs to ``red-rolls-one-more``: every value plays with the variant,
    and the value (its hook registered after the variant's) is what red adds. Mutation
    caught: parameters plugged in before variants (the variant's +1 answers every time)."""
    sweep = run_sweep(
        countdown_plugins(), "countdown", parse_range("red-extra=1..3"), games=40, seed=4, workers=1
    )
    columns = sweep.comparison.columns
    assert all(c.column.variants == ("red-rolls-one-more",) for c in columns)
    assert columns[0].column.name == "countdown+red-rolls-one-more red-extra=1"
    red = {}
    for c in columns:
        balance = c.metrics["balance"]
        assert balance is not None
        red[dict(c.column.params)["red-extra"]] = balance.parts["red"].value
    # red's share of the decided games grows with what it adds (+1 is the variant's own)
    assert red[1] < red[2] <= red[3] and red[3] > 0.9
