"""Running a comparison: plan it, play its games on the engine, measure them.

The engine (:class:`aerodrome.runs.parallel.Engine`) plays; the metrics measure; this module only
joins them, so that ``compare``, ``sweep`` and scripts share one path.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from aerodrome.plugins import Plugins
from aerodrome.runs.cluster import DaskTarget
from aerodrome.runs.parallel import Engine, Hooks
from aerodrome.studies.compare import DEFAULT_GAMES, QUICK_GAMES
from aerodrome.studies.compare.measure import Comparison, all_metrics, measure
from aerodrome.studies.compare.plan import ColumnPlan, configs_of, plan, total_games
from aerodrome.studies.compare.studies import BUDGET, Study
from aerodrome.studies.ladder import LADDER_GAMES, LadderStudy


def studies(
    ladder_budgets: Sequence[int] | None,
    ladder_games: int = LADDER_GAMES,
    ladder_policies: Mapping[str, str] | None = None,
) -> list[Study]:
    """The studies of a comparison: the skill ladder with search rungs at ``ladder_budgets``
    (``None``: no ladder; empty: random and the bot only) and a learned rung for each
    ruleset ``ladder_policies`` gives a policy file for."""
    if ladder_budgets is None:
        return []
    return [LadderStudy(ladder_budgets, ladder_games, dict(ladder_policies or {}))]


def execute(
    plugins: Plugins,
    plans: Sequence[ColumnPlan],
    *,
    seed: int,
    games: int,
    workers: int | None = None,
    dask: str | DaskTarget | None = None,
    out: Path | None = None,
    hooks: Hooks | None = None,
) -> Comparison:
    """Play the games of ``plans`` (streaming, resumable with ``out``) and measure them."""
    hooks = hooks or Hooks()
    if hooks.plan is not None:
        hooks.plan(total_games(plans))
    engine = Engine(plugins, workers=workers, dask=dask)
    records = engine.run(
        configs_of(plans),
        out,
        on_progress=hooks.progress,
        on_start=hooks.start,
        on_chunk=hooks.chunk,
    )
    return measure(plans, records, all_metrics(plugins), seed=seed, games=games)


__all__ = ["DEFAULT_GAMES", "QUICK_GAMES", "Hooks", "execute", "run_comparison", "studies"]


def run_comparison(
    plugins: Plugins,
    rulesets: Sequence[str] = (),
    *,
    variants: Sequence[str] = (),
    games: int = DEFAULT_GAMES,
    seed: int = 1,
    workers: int | None = None,
    dask: str | DaskTarget | None = None,
    out: Path | None = None,
    ladder_budgets: Sequence[int] | None = None,
    ladder_games: int = LADDER_GAMES,
    study_seconds: float = BUDGET,
    hooks: Hooks | None = None,
) -> Comparison:
    """Plan, run (streaming) and measure a comparison of ``rulesets`` and ``variants``; the
    skill ladder with ``ladder_budgets`` (:data:`aerodrome.studies.ladder.LADDER_BUDGETS`: the
    command's default; ``None``: no ladder)."""
    plans = plan(
        plugins,
        rulesets,
        variants,
        games,
        seed,
        studies=studies(ladder_budgets, ladder_games),
        study_seconds=study_seconds,
    )
    return execute(
        plugins, plans, seed=seed, games=games, workers=workers, dask=dask, out=out, hooks=hooks
    )
