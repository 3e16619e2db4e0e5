"""``aerodrome sensitivity`` (issue 35, items 2-3): every variant and declared parameter of a
ruleset, paired with the base on common random numbers, ranked per metric with intervals and
a correction over the whole study; a report with a tornado chart per metric.

Mutations caught (each tried): the change columns played on other seeds than the base (the
pairing broken: the intervals widen, the pairing test fails); ``rank`` adjusting each metric
alone instead of the whole study (the family is 3 times smaller: the family test and the A/A
study fail); ``verdict_of`` calling suggestive effects confirmed (the A/A study claims in
about half the studies); the ranking sorted by the interval's low end instead of the size.
"""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import msgspec
import pytest
from typer.testing import CliRunner

from aerodrome.engine.errors import AerodromeError, UnknownNameError
from aerodrome.studies import sensitivity as study
from aerodrome.studies.compare.measure import Comparison
from aerodrome.studies.compare.paired import ColumnDifferences, PairedMoments
from aerodrome.studies.compare.verdicts import FAMILY_ALPHA
from aerodrome.ui.cli import app
from tests.conftest import PLUGINS
from tests.core.test_verdicts import UNBOUNDED, _share

GAMES = 40


@pytest.fixture(scope="module")
def df40k() -> study.Sensitivity:
    return study.run_sensitivity(PLUGINS, "df40k", games=GAMES, max_games=GAMES, seed=3, workers=1)


def test_every_variant_and_parameter_is_ranked_with_intervals(df40k: study.Sensitivity) -> None:
    labels = {c.label for c in df40k.changes}
    variants = {n for n, v in PLUGINS.variants().items() if v.ruleset == "df40k"}
    assert variants <= labels
    declared = {n for (r, n) in PLUGINS.parameters() if r == "df40k"}
    for name in declared:
        assert any(label.startswith(f"{name}=") for label in labels), name
    assert df40k.metrics == list(study.DEFAULT_METRICS)
    for metric, effects in df40k.ranked.items():
        assert len(effects) == len(df40k.changes), metric
        sizes = [abs(e.difference.value) for e in effects]
        assert sizes == sorted(sizes, reverse=True)
        for e in effects:
            d = e.difference
            assert d.low <= d.value <= d.high and d.n > 0
    # the correction runs over the whole study: every change x every metric
    assert df40k.family.size == len(df40k.changes) * len(df40k.metrics)


def test_a_change_of_the_rules_length_is_confirmed(df40k: study.Sensitivity) -> None:
    """df40k's battles last ``turns`` game turns: one turn more or less is found, with its
    sign, and confirmed after the correction."""
    by_change = {e.change: e for e in df40k.ranked["duration-turns"]}
    assert by_change["turns=7"].verdict == "confirmed" and by_change["turns=7"].difference.low > 0
    assert by_change["turns=5"].verdict == "confirmed" and by_change["turns=5"].difference.high < 0


def test_the_second_look_plays_on_only_the_changes_not_confirmed() -> None:
    s = study.run_sensitivity(
        PLUGINS,
        "df40k",
        games=GAMES,
        max_games=3 * GAMES,
        seed=3,
        workers=1,
        metrics=["duration-turns"],
    )
    assert s.looks == 2 and s.max_games == 3 * GAMES
    assert "turns=5" not in s.extended and "turns=7" not in s.extended  # settled at once
    # a change whose games are all the same as the base's plays no more either
    same = study.run_sensitivity(
        PLUGINS,
        "dockfighters",
        games=20,
        max_games=40,
        seed=3,
        workers=1,
        variants=False,
        metrics=["duration-turns"],
        vary={"airship-structure": "75"},
        steps={},
    )
    assert "airship-structure=75" not in same.extended
    for effects in s.ranked.values():
        for e in effects:
            n = e.difference.n
            if e.change in s.extended and e.verdict != "confirmed":
                assert n > GAMES * 0.9, (e.change, n)  # its second look: up to 120 pairs
            elif e.change not in s.extended:
                assert n <= GAMES, (e.change, n)


def test_breaking_the_pairing_widens_the_intervals(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same study with every change column played on other seeds than the base: the
    games of a pair no longer share their dice, and the intervals of the rules' length get
    wider."""
    paired = study.run_sensitivity(
        PLUGINS,
        "df40k",
        games=GAMES,
        max_games=GAMES,
        seed=3,
        workers=1,
        variants=False,
        metrics=["duration-turns"],
    )
    plans_of = study.sensitivity_plans

    def unpaired(*args, **kwargs):  # type: ignore[no-untyped-def]
        plans = plans_of(*args, **kwargs)
        return [plans[0]] + [
            msgspec.structs.replace(
                p,
                configs=tuple(
                    (msgspec.structs.replace(c, seed=c.seed + 1000), m) for c, m in p.configs
                ),
            )
            for p in plans[1:]
        ]

    monkeypatch.setattr(study, "sensitivity_plans", unpaired)
    broken = study.run_sensitivity(
        PLUGINS,
        "df40k",
        games=GAMES,
        max_games=GAMES,
        seed=3,
        workers=1,
        variants=False,
        metrics=["duration-turns"],
    )

    def width(s: study.Sensitivity) -> float:
        return sum(e.difference.high - e.difference.low for e in s.ranked["duration-turns"])

    assert width(broken) > 1.5 * width(paired), (width(broken), width(paired))


def _null(rng: random.Random, n: int) -> dict[str, PairedMoments]:
    """Three metrics of one change with no effect, on ``n`` pairs (:func:`_add_null`)."""
    out = {f"m{i}": PairedMoments(seed=i) for i in range(3)}
    _add_null(out, rng, n)
    return out


def _aa_study(rng: random.Random, changes: int, n: int) -> bool:
    """One synthetic study with no effect anywhere: ``changes`` columns of three metrics;
    whether it confirms any effect."""
    metrics = ["m0", "m1", "m2"]
    differences = []
    fake = []
    for i in range(changes):
        moments = _null(rng, n)
        differences.append(
            ColumnDifferences(
                base="base",
                column=f"c{i}",
                label=f"c{i}",
                metrics={k: moments[k].difference(UNBOUNDED) for k in metrics},
            )
        )
        fake.append(study.Change(label=f"c{i}", kind="parameter", name="x", column=f"c{i}"))
    comparison = Comparison(seed=1, games=n, metrics=[], columns=[], differences=differences)
    ranked, fam = study.rank(comparison, fake, metrics)
    assert fam.size == changes * len(metrics)
    return any(e.verdict == "confirmed" for effects in ranked.values() for e in effects)


def test_an_aa_study_confirms_an_effect_at_most_at_the_stated_rate() -> None:
    """300 synthetic studies of 6 changes x 3 metrics with no effect anywhere: the share that
    confirm any effect stays within the family-wise 5 % (allowing the simulation's own noise
    one-sidedly: a true 5 % shows above 7.1 % once in 20)."""
    rng = random.Random(35)
    replicates = 300
    rate = sum(_aa_study(rng, 6, 60) for _ in range(replicates)) / replicates
    bound = FAMILY_ALPHA + 1.645 * math.sqrt(FAMILY_ALPHA * (1 - FAMILY_ALPHA) / replicates)
    assert rate <= bound, rate


def _add_null(moments: dict[str, PairedMoments], rng: random.Random, n: int) -> None:
    """``n`` more pairs with no effect (the pair's two games exchangeable), like the study's
    default three metrics: a share of every game, a count the pair's dice share (the
    length), a mean over the games that read it (kills a turn)."""
    for _ in range(n):
        moments["m0"].add(*_share(rng, 0.5, 0.6))
        common = rng.gauss(10, 3)
        moments["m1"].add(
            float(round(common + rng.gauss(0, 1))), float(round(common + rng.gauss(0, 1)))
        )
        moments["m2"].add(
            rng.random() if rng.random() < 0.7 else None,
            rng.random() if rng.random() < 0.7 else None,
        )


def _aa_two_looks(rng: random.Random, changes: int, first: int, most: int) -> bool:
    """One synthetic two-look study with no effect anywhere, run as ``run_study`` runs it:
    every change ranked at 2.5 % after ``first`` pairs, the changes not confirmed played on
    to ``most`` pairs and ranked again at 2.5 %, the looks merged; whether it confirms any
    effect."""
    metrics = ["m0", "m1", "m2"]
    moments = [{m: PairedMoments(seed=i) for i, m in enumerate(metrics)} for _ in range(changes)]
    fake = [
        study.Change(label=f"c{i}", kind="parameter", name="x", column=f"c{i}")
        for i in range(changes)
    ]

    def look() -> dict[str, list[study.Effect]]:
        differences = [
            ColumnDifferences(
                base="base",
                column=f"c{i}",
                label=f"c{i}",
                metrics={k: m[k].difference(UNBOUNDED) for k in metrics},
            )
            for i, m in enumerate(moments)
        ]
        comparison = Comparison(seed=1, games=0, metrics=[], columns=[], differences=differences)
        return study.rank(comparison, fake, metrics, study.look_alpha(2))[0]

    for m in moments:
        _add_null(m, rng, first)
    ranked = look()
    extended = {e.change for es in ranked.values() for e in es if e.verdict != "confirmed"}
    for i, m in enumerate(moments):
        if f"c{i}" in extended:
            _add_null(m, rng, most - first)
    ranked = study._merge(ranked, look(), extended)
    return any(e.verdict == "confirmed" for es in ranked.values() for e in es)


def test_the_second_look_keeps_the_stated_error_rate() -> None:
    """The sequential budget (Bonferroni over two looks, each Holm at 2.5 %): 300 synthetic
    two-look studies of 6 changes x 3 metrics with no effect confirm an effect in at most 5 %
    (plus the simulation's noise). Mutation caught: each look at 5 % (the looks' rates add
    up: about 7-9 %)."""
    rng = random.Random(353)
    replicates = 300
    rate = sum(_aa_two_looks(rng, 6, 40, 120) for _ in range(replicates)) / replicates
    bound = FAMILY_ALPHA + 1.645 * math.sqrt(FAMILY_ALPHA * (1 - FAMILY_ALPHA) / replicates)
    assert rate <= bound, rate


def test_the_command_prints_ranked_tables_and_json(tmp_path: Path) -> None:
    runner = CliRunner()
    r = runner.invoke(
        app,
        ["sensitivity", "df40k", "--games", "20", "--workers", "1", "--metric", "balance", "-q"],
    )
    assert r.exit_code == 0, r.output
    said = " ".join(r.output.split())
    assert "Balance: what changes it most" in said and "Holm's correction" in said
    r = runner.invoke(
        app,
        [
            "sensitivity",
            "df40k",
            "--games",
            "20",
            "--workers",
            "1",
            "--json",
            "-q",
            "--no-variants",
        ],
    )
    data = json.loads(r.output)
    assert data["ruleset"] == "df40k" and all(c["kind"] == "parameter" for c in data["changes"])
    assert set(data["ranked"]) == set(study.DEFAULT_METRICS)


def test_the_report_draws_a_tornado_chart_per_metric(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    runner = CliRunner()
    folder = tmp_path / "report"
    r = runner.invoke(
        app,
        ["sensitivity", "df40k", "--games", "20", "--workers", "1", "-q", "--report", str(folder)],
    )
    assert r.exit_code == 0, r.output
    page = (folder / "sensitivity.html").read_text()
    assert page.count("<svg") == len(study.DEFAULT_METRICS)
    assert "fixed-first-player" in page and 'href="games/' in page


@pytest.mark.parametrize(
    ("options", "error", "words"),
    [
        (["--metric", "fun"], AerodromeError, "--metric fun: not a metric"),
        (["--step", "wings=2"], UnknownNameError, "wings"),
        (["--step", "turns"], AerodromeError, "--step 'turns': expected NAME=VALUE"),
        (["--vary", "turns=5,x"], AerodromeError, "--vary turns=x: expected a whole number"),
        (["--vary", "turns=99"], AerodromeError, "outside its bounds"),
    ],
)
def test_bad_options_are_one_line_errors_before_any_game(
    options: list[str], error: type[Exception], words: str
) -> None:
    r = CliRunner().invoke(app, ["sensitivity", "df40k", "--games", "20", "-q", *options])
    assert isinstance(r.exception, error), r.output
    assert words in str(r.exception) and "\n" not in str(r.exception)


def test_set_holds_numbers_fixed_in_every_column_and_out_of_the_study() -> None:
    """``--set`` fixes spec numbers in the base and every change column; a parameter held so
    is not studied, and naming it in ``--vary`` is a one-line error."""
    held = (("fighter-dice", 1),)
    found = study.changes_of(PLUGINS, "dockfighters", None, held=["fighter-dice"])
    assert not [c for c in found if c[2] == "fighter-dice"]
    plans = study.sensitivity_plans(PLUGINS, "dockfighters", found, 10, 1, fixed=held)
    for plan in plans:
        assert ("fighter-dice", 1) in plan.column.params, plan.column.name
    with pytest.raises(AerodromeError, match="--set fighter-dice: held fixed"):
        study.changes_of(
            PLUGINS, "dockfighters", None, vary={"fighter-dice": "2"}, held=["fighter-dice"]
        )
