"""``aerodrome sensitivity RULESET``: which rules and numbers drive the game.

Every registered variant of the ruleset, and every declared parameter one step either side
of the value the set-up plays with (1 for a whole number, a tenth of the range for a wide one
such as a percentage or for a fractional one; clipped to its bounds; a user's ``--step NAME=STEP``, or
``--vary NAME=V1,V2`` for any parameter or spec path), is a *change*: one column of games
paired with the base column game by game on common random numbers (the same seeds, the same
agents), exactly as ``aerodrome compare --variant`` pairs a variant. Each change's effect on
each chosen metric is the paired difference with its 95 % interval and the test that fits the
metric (:mod:`aerodrome.studies.compare.paired`).

The headline is corrected for the whole study at once: Holm's step-down over every change ×
chosen metric (:func:`aerodrome.studies.compare.verdicts.adjust`, the same procedure as
``compare``'s headline, over this study's family). An effect is *confirmed* when its adjusted
p is at most 0.05, *suggestive* when only its own interval excludes zero, and otherwise *not
detected*, with the size this run could detect (80 % power): never "no effect".

Effects are ranked per metric by the size of the estimate (the largest first); a tornado
chart per metric draws them with their intervals (:mod:`aerodrome.studies.report_plots`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import msgspec

from aerodrome.engine.data import ParamValue
from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.metrics import Metric, Reads
from aerodrome.engine.parameters import ParameterSpec, Value, find
from aerodrome.plugins import Plugins
from aerodrome.runs.cluster import DaskTarget
from aerodrome.runs.parallel import Hooks
from aerodrome.studies.compare.measure import Comparison
from aerodrome.studies.compare.paired import ColumnDifferences, Difference
from aerodrome.studies.compare.plan import ColumnPlan, column_plan
from aerodrome.studies.compare.run import execute
from aerodrome.studies.compare.studies import BUDGET
from aerodrome.studies.compare.verdicts import FAMILY_ALPHA, Family, adjust, confirmed

#: The metrics a designer reads first: balance, length, lethality.
DEFAULT_METRICS = ("balance", "duration-turns", "lethality-turn")
#: Games a matchup of every column at the first look, and at most after the second (the
#: default budget: docs/performance.md).
DEFAULT_GAMES = 100
DEFAULT_MAX_GAMES = 400
#: The verdicts a second look may still change: a confirmed effect is settled, and so is
#: one the same in every pair (the change does not touch what the metric reads).
UNSETTLED = frozenset({"suggestive", "not detected"})
#: A whole-number parameter with a range this wide (a percentage) steps by a tenth of it.
WIDE = 50
#: At most this many changes in one study (each is a column of games).
MAX_CHANGES = 64


#: A change as planned: (label, kind, name, variants plugged, parameter values, value, default).
Planned = tuple[str, str, str, tuple[str, ...], tuple[ParamValue, ...], Value | None, Value | None]


class Change(msgspec.Struct, frozen=True, kw_only=True):
    """One change of the study: a ``variant``, or a ``parameter`` (declared or a spec path)
    set to ``value``; ``column`` names its column of games."""

    label: str
    kind: str
    name: str
    column: str
    value: float | int | bool | None = None
    default: float | int | bool | None = None


class Effect(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A change's effect on one metric: its paired difference with the base, and what the
    study-wide correction makes of it (``confirmed``, ``suggestive``, ``not detected``)."""

    change: str
    metric: str
    verdict: str
    difference: Difference


class Sensitivity(msgspec.Struct, kw_only=True):
    """What ``aerodrome sensitivity --json`` prints: the changes, then each chosen metric's
    effects ranked by size, the family the correction ran over, and the comparison itself
    (levels and every difference) for whoever wants more."""

    ruleset: str
    setup: str
    seed: int
    #: games a column at the first look, and at most (the second look's)
    games: int
    max_games: int
    #: 1, or 2 when the study looked again at the changes it had not confirmed
    looks: int
    #: the changes that played on to ``max_games``
    extended: list[str]
    metrics: list[str]
    changes: list[Change]
    ranked: dict[str, list[Effect]]
    family: Family
    comparison: Comparison


def _step_values(spec: ParameterSpec, now: Value, step: float | None) -> list[Value]:
    """The values one step either side of ``now``, within the bounds, without ``now``."""
    if isinstance(now, bool):
        return [not now]
    span = float(spec.high) - float(spec.low)
    if step is not None:
        size: float = step
    elif spec.integer:
        # one (a card, an aircraft, a turn); a tenth of a wide range (25 % of a structure)
        size = max(1, round(span / 10)) if span >= WIDE else 1
    else:
        size = span / 10 if math.isfinite(span) and span > 0 else abs(float(now)) / 10 or 0.1
    out: list[Value] = []
    for v in (now - size, now + size):
        v = round(v) if spec.integer else round(float(v), 6)
        if spec.low <= v <= spec.high and v != now and v not in out:
            out.append(v)
    return out


def parse_assignments(texts: Sequence[str], option: str) -> dict[str, str]:
    """``NAME=TEXT`` options as a mapping; a malformed one or a name given twice is a
    one-line error naming ``option``."""
    out: dict[str, str] = {}
    for text in texts:
        name, eq, value = text.partition("=")
        name, value = name.strip(), value.strip()
        if not eq or not name or not value:
            raise AerodromeError(f"{option} {text!r}: expected NAME=VALUE")
        if name in out:
            raise AerodromeError(f"{option} {name}: given twice")
        out[name] = value
    return out


def _parse_value(spec: ParameterSpec, text: str, option: str) -> Value:
    try:
        value: Value = int(text) if spec.integer else float(text)
    except ValueError:
        kind = "a whole number" if spec.integer else "a number"
        raise AerodromeError(f"{option} {spec.name}={text}: expected {kind}") from None
    if not spec.low <= value <= spec.high:
        raise AerodromeError(
            f"{option} {spec.name}={text}: outside its bounds {spec.low}..{spec.high}"
        )
    return value


def changes_of(
    plugins: Plugins,
    ruleset: str,
    setup: str | None,
    *,
    steps: Mapping[str, str] = {},
    vary: Mapping[str, str] = {},
    variants: bool = True,
    held: Sequence[str] = (),
) -> list[Planned]:
    """Every change of the study (:data:`Planned`). A parameter ``held`` fixed (``--set``)
    is not studied; naming one in ``steps`` or ``vary`` is a one-line error."""
    for name in (*steps, *vary):
        if name in held:
            raise AerodromeError(f"--set {name}: held fixed, so it cannot be studied too")
    rules = plugins.ruleset(ruleset)
    chosen = rules.setup(setup)
    declared = plugins.parameters()
    out: list[Planned] = []
    if variants:
        for name, known in sorted(plugins.variants().items()):
            if known.ruleset == ruleset:
                out.append((name, "variant", name, (name,), (), None, None))
    for name in steps:
        find(declared, ruleset, name)  # unknown names: one line, with the known ones
    for (r, name), spec in sorted(declared.items()):
        if r != ruleset or name in vary or name in held:
            continue
        now = spec.current(chosen)
        if now is None:
            continue
        step = None
        if name in steps:
            step = float(_parse_value(spec, steps[name], "--step")) if steps[name] else None
        plugs = (spec.variant,) if spec.variant else ()
        for v in _step_values(spec, now, step):
            out.append((f"{name}={v}", "parameter", name, plugs, ((name, v),), v, now))
    for name, texts in vary.items():
        spec = find(declared, ruleset, name)
        now = spec.current(chosen)
        plugs = (spec.variant,) if spec.variant else ()
        for text in texts.split(","):
            v = _parse_value(spec, text.strip(), "--vary")
            if v != now:
                out.append((f"{name}={v}", "parameter", name, plugs, ((name, v),), v, now))
    if not out:
        raise AerodromeError(
            f"{ruleset}: nothing to study (no variant, no declared parameter; --vary NAME=V1,V2 "
            "names a spec path)"
        )
    if len(out) > MAX_CHANGES:
        raise AerodromeError(f"{len(out)} changes: at most {MAX_CHANGES} in one study")
    return out


def sensitivity_plans(
    plugins: Plugins,
    ruleset: str,
    changes: Sequence[Planned],
    games: int,
    seed: int,
    setup: str | None = None,
    metrics: Sequence[Metric] = (),
    fixed: Sequence[ParamValue] = (),
) -> list[ColumnPlan]:
    """The base column, then one column per change paired with it, every column with the
    ``fixed`` values (``--set``); only the matchups the ``metrics`` read (every matchup when
    one of them does not say what it reads)."""
    base = column_plan(plugins, ruleset, (), fixed, games, seed, (), BUDGET, setup)
    plans = [base]
    held = {n for n, _ in fixed}
    for _, _, _, plugs, values, _, _ in changes:
        both = held & {n for n, _ in values}
        if both:
            raise AerodromeError(f"--set {min(both)}: also a change of the study (--vary, --step)")
        plans.append(
            column_plan(
                plugins,
                ruleset,
                plugs,
                (*values, *fixed),
                games,
                seed,
                (),
                BUDGET,
                setup,
                base=base.column.name,
            )
        )
    readers = [m for m in metrics if isinstance(m, Reads)]
    if metrics and len(readers) == len(metrics):
        kept = []
        for p in plans:
            kinds = {k for r in readers for k in r.reads(p.column)}
            configs = tuple((c, m) for c, m in p.configs if m.kind in kinds)
            kept.append(msgspec.structs.replace(p, configs=configs))
        plans = kept
    return plans


def by_size(effect: Effect) -> tuple[float, str]:
    """The ranking's order: the largest effect first, then by the change's name."""
    return (-abs(effect.difference.value), effect.change)


def verdict_of(d: Difference, alpha: float = FAMILY_ALPHA) -> str:
    """``confirmed`` as compare's headline confirms (adjusted p at most ``alpha``, interval
    clear of zero), else ``suggestive`` when the effect's own interval excludes zero, else
    ``the same in every pair`` when every pair of games gave the same value (the change does
    not touch what this metric reads in this set-up), else ``not detected``."""
    if confirmed(d, alpha):
        return "confirmed"
    if d.low == d.high == d.value == 0 and not d.differing:
        return "the same in every pair"  # no game of this change read differently
    if d.low > 0 or d.high < 0:
        return "suggestive"
    return "not detected"


def rank(
    comparison: Comparison,
    changes: Sequence[Change],
    metrics: Sequence[str],
    alpha: float = FAMILY_ALPHA,
) -> tuple[dict[str, list[Effect]], Family]:
    """Each metric's effects, the largest first, after Holm's correction over every change ×
    metric of the study (copies: the comparison's own differences are left as they are)."""
    label = {c.column: c.label for c in changes}
    chosen = [
        ColumnDifferences(
            base=d.base,
            column=d.column,
            label=d.label,
            metrics={m: d.metrics.get(m) for m in metrics},
        )
        for d in comparison.differences
        if d.column in label
    ]
    fam = adjust(chosen)
    ranked: dict[str, list[Effect]] = {}
    for m in metrics:
        effects = [
            Effect(change=label[c.column], metric=m, verdict=verdict_of(d, alpha), difference=d)
            for c in chosen
            if (d := c.metrics.get(m)) is not None
        ]
        effects.sort(key=by_size)
        ranked[m] = effects
    return ranked, fam


def run_sensitivity(plugins: Plugins, ruleset: str, **options: Any) -> Sensitivity:
    """The study alone (see :func:`run_study`)."""
    return run_study(plugins, ruleset, **options)[0]


def look_alpha(looks: int) -> float:
    """The family-wise rate each look confirms at: the study's 5 % split evenly over its
    looks (Bonferroni), so that the looks together keep it."""
    return FAMILY_ALPHA / looks


def _with_games(plans: Sequence[ColumnPlan], games: int, columns: set[str]) -> list[ColumnPlan]:
    """``plans`` with ``games`` games a matchup in the base column and in ``columns`` (the
    others as they were): the first games of each configuration are the same games, so a
    results file keeps them and only the new ones are played."""
    out = []
    for p in plans:
        if p.base is None or p.column.name in columns:
            p = msgspec.structs.replace(
                p,
                configs=tuple(
                    (msgspec.structs.replace(c, games=max(c.games, games)), m) for c, m in p.configs
                ),
            )
        out.append(p)
    return out


def _merge(
    first: Mapping[str, list[Effect]], second: Mapping[str, list[Effect]], extended: set[str]
) -> dict[str, list[Effect]]:
    """Each effect as it stands after both looks: a change confirmed at the first look stays
    confirmed (with its first-look difference); an extended change reads its second look."""
    merged: dict[str, list[Effect]] = {}
    for metric, effects in second.items():
        before = {e.change: e for e in first.get(metric, [])}
        out = []
        for e in effects:
            old = before.get(e.change)
            keep = old is not None and (old.verdict == "confirmed" or e.change not in extended)
            out.append(old if keep and old is not None else e)
        out.sort(key=by_size)
        merged[metric] = out
    return merged


def run_study(
    plugins: Plugins,
    ruleset: str,
    *,
    setup: str | None = None,
    metrics: Sequence[str] = DEFAULT_METRICS,
    games: int = DEFAULT_GAMES,
    max_games: int | None = DEFAULT_MAX_GAMES,
    seed: int = 1,
    steps: Mapping[str, str] = {},
    vary: Mapping[str, str] = {},
    variants: bool = True,
    fixed: Sequence[ParamValue] = (),
    workers: int | None = None,
    dask: str | DaskTarget | None = None,
    out: Path | None = None,
    hooks: Hooks | None = None,
) -> tuple[Sensitivity, list[ColumnPlan]]:
    """Plan, play and rank the study (see the module docstring); the plans too (the report's
    sample games are played from them).

    With ``max_games`` above ``games``, the study looks twice: after ``games`` games a
    column, then, for the changes with an effect not yet confirmed, after ``max_games``
    (the base column too; a confirmed change plays no more). Each look confirms at half the
    family-wise rate (Holm's correction over the whole study at 2.5 %), so that the two
    together keep it at 5 % (Bonferroni over the looks)."""
    from aerodrome.studies.compare.measure import all_metrics
    from aerodrome.studies.compare.sweep import results_file

    every = {m.name: m for m in all_metrics(plugins)}
    for m in metrics:
        if m not in every:
            raise AerodromeError(f"--metric {m}: not a metric ({', '.join(every)})")
    if max_games is not None and max_games < games:
        raise AerodromeError(f"--max-games {max_games}: fewer than --games {games}")
    looks = 2 if max_games is not None and max_games > games else 1
    alpha = look_alpha(looks)
    found = changes_of(
        plugins,
        ruleset,
        setup,
        steps=steps,
        vary=vary,
        variants=variants,
        held=[n for n, _ in fixed],
    )
    chosen = [every[m] for m in metrics]
    plans = sensitivity_plans(plugins, ruleset, found, games, seed, setup, chosen, fixed)
    changes = [
        Change(
            label=label,
            kind=kind,
            name=name,
            column=plan.column.name,
            value=value,
            default=default,
        )
        for (label, kind, name, _, _, value, default), plan in zip(found, plans[1:], strict=True)
    ]
    with results_file(out) as path:
        comparison = execute(
            plugins,
            plans,
            seed=seed,
            games=games,
            workers=workers,
            dask=dask,
            out=path,
            hooks=hooks,
        )
        ranked, fam = rank(comparison, changes, metrics, alpha)
        extended: set[str] = set()
        if looks == 2 and max_games is not None:
            extended = {
                e.change for effects in ranked.values() for e in effects if e.verdict in UNSETTLED
            }
        if extended:
            columns = {c.column for c in changes if c.label in extended}
            plans = _with_games(plans, max_games or games, columns)
            comparison = execute(
                plugins,
                plans,
                seed=seed,
                games=max_games or games,
                workers=workers,
                dask=dask,
                out=path,
                hooks=hooks,
            )
            second, fam = rank(comparison, changes, metrics, alpha)
            ranked = _merge(ranked, second, extended)
    return Sensitivity(
        ruleset=ruleset,
        setup=plugins.ruleset(ruleset).setup(setup).name,
        seed=seed,
        games=games,
        max_games=max_games or games,
        looks=looks,
        extended=sorted(extended),
        metrics=list(metrics),
        changes=changes,
        ranked=ranked,
        family=fam,
        comparison=comparison,
    ), plans


def summary(result: Sensitivity) -> str:
    """What the study spent and what its verdicts mean, in a few sentences (under the
    terminal's tables and at the top of the report)."""
    fam = result.family
    looks = (
        f"{result.games} games a column, then {result.max_games} for the "
        f"{len(result.extended)} changes not confirmed at the first look; each look confirms "
        "at 2.5 % (5 % for both)"
        if result.looks == 2
        else f"{result.games} games a column; one look at 5 %"
    )
    return (
        f"{len(result.changes)} changes of {result.ruleset} {result.setup}, seed "
        f"{result.seed}: {looks}. Confirmed: Holm's correction over all {fam.size} effects of "
        "the study; suggestive: only the effect's own 95 % interval excludes zero; the same in "
        "every pair: no pair of games differed; not detected: the rest (± the size this run "
        "could detect with 80 % power). Definitions: "
        "docs/compare.md, 'Sensitivity'."
    )
