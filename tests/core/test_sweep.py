"""Declared parameters and ``aerodrome sweep``: a planted crossing found by bisection, values
checked against their bounds, declarations checked, hook parameters reaching the workers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pytest import approx

from aerodrome import hookimpl
from aerodrome.engine.errors import AerodromeError, PluginError, UnknownNameError
from aerodrome.engine.parameters import ParameterSpec, apply_setup
from aerodrome.plugins import load_plugins
from aerodrome.runs.parallel import Config, Engine
from aerodrome.runs.results import ResultsFile
from aerodrome.studies.compare.sweep import grid, parse_range, parse_target, run_sweep
from tests.core import countdown
from tests.core.countdown import LENGTH, countdown_plugins


def test_a_sweep_finds_the_planted_crossing() -> None:
    """Countdown's mean length is ``length + 0.5`` exactly: a mean length of 7 lies between
    6 and 7. Bisection from 1..20 plays 1, 20, 10, 5, 7, 6 (not all twenty values), and the
    crossing interpolates to 6.5. Mutation caught: bisection keeping the wrong half (it
    ends between 10 and 11)."""
    sweep = run_sweep(
        countdown_plugins(),
        "countdown",
        parse_range("length=1..20"),
        games=30,
        seed=1,
        target=("duration-turns", 7.0),
        workers=1,
    )
    c = sweep.crossing
    assert c is not None and c.found and c.clear
    assert (c.below, c.above) == (6, 7)
    assert c.at == approx(6.5, abs=0.1)
    assert sweep.values == [1, 5, 6, 7, 10, 20]
    assert sweep.reference == 5  # the set-up's own value, played on the way
    assert "crosses 7 between length=6" in c.text
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
    c = sweep.crossing
    assert c is not None and not c.found and "stays below 9" in c.text
    assert sweep.values == [2, 4]


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
            "give `setup` or `plugin`",
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
