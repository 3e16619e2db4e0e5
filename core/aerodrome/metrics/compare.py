"""Plan, run and measure a comparison of rulesets (the core of ``aerodrome compare``).

:func:`plan` turns ruleset and variant names into columns and their configurations (the
matchups the metrics need); :func:`measure` streams the games of a run through every
metric's accumulator and a :class:`Profile` (the distributions the report plots).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import msgspec

from aerodrome import ladder
from aerodrome.errors import PluginError, UnknownNameError
from aerodrome.metrics import Accumulator, Column, Estimate, Matchup, Metric, MetricInfo
from aerodrome.metrics.builtin import builtin_metrics as _builtin
from aerodrome.parallel import Config, Engine
from aerodrome.plugins import Plugins
from aerodrome.sim import GameRecord
from aerodrome.variants import VariantSpec

BOT = "bot"
RANDOM = "random"


class Profile(msgspec.Struct, kw_only=True):
    """Distributions of a column's main matchup, for the report's plots.

    :param rounds: how many games lasted each number of rounds.
    :param kills: kills in round ``r`` (index ``r - 1``) summed over games.
    :param alive: games still running at the start of round ``r`` (index ``r - 1``).
    """

    rounds: dict[int, int] = {}
    kills: list[int] = []
    alive: list[int] = []

    def add(self, game: GameRecord) -> None:
        self.rounds[game.result.rounds] = self.rounds.get(game.result.rounds, 0) + 1
        d = game.detail
        if d is None:
            return
        for a, b in zip(d.ticks, d.ticks[1:], strict=False):
            if a.round < 1:
                continue
            while len(self.kills) < a.round:
                self.kills.append(0)
                self.alive.append(0)
            self.kills[a.round - 1] += b.kills - a.kills
            self.alive[a.round - 1] += 1

    def kills_per_round(self) -> list[float]:
        """Mean kills in each round among the games still running then."""
        return [k / a if a else 0.0 for k, a in zip(self.kills, self.alive, strict=True)]


class ColumnPlan(msgspec.Struct, frozen=True, kw_only=True):
    """A column and the configurations (with their matchups) it needs."""

    column: Column
    configs: tuple[tuple[Config, Matchup], ...]


class ColumnResult(msgspec.Struct, kw_only=True):
    column: Column
    games: dict[str, int]
    metrics: dict[str, Estimate | None]
    profile: Profile


class Comparison(msgspec.Struct, kw_only=True):
    """What ``aerodrome compare --json`` prints."""

    seed: int
    games: int
    metrics: list[MetricInfo]
    columns: list[ColumnResult]


# -- registries -------------------------------------------------------------------------------
def variant_specs(plugins: Plugins) -> dict[str, VariantSpec]:
    """Every rule variant registered by a plugin, by name."""
    return plugins.variants()


def all_metrics(plugins: Plugins) -> list[Metric]:
    """The built-in metrics, then those of plugins (``aerodrome_register_metrics``); a
    plugin metric may not reuse a built-in name."""
    metrics = _builtin()
    names = {m.name for m in metrics}
    for m in plugins.metrics():
        if m.name in names:
            raise PluginError(
                f"metric {m.name!r} of plugin {plugins.owner('metric', m.name)!r} is a built-in "
                "metric's name"
            )
        metrics.append(m)
    return metrics


# -- planning ---------------------------------------------------------------------------------
def plan(
    plugins: Plugins,
    rulesets: Sequence[str],
    variants: Sequence[str],
    games: int,
    seed: int,
    *,
    ladder_budgets: Sequence[int] | None = ladder.LADDER_BUDGETS,
    ladder_games: int = ladder.LADDER_GAMES,
) -> list[ColumnPlan]:
    """Columns for ``rulesets`` (all registered when empty) and ``variants`` (each next to
    its base ruleset, which is added if missing), with their configurations: ``games``
    bot-vs-bot and random-vs-random games, and bot-vs-random games split over the sides;
    and the skill ladder's pairings (:func:`aerodrome.ladder.pairings`: ``ladder_games``
    games per adjacent pair of rungs, the search rungs at ``ladder_budgets``; ``None``: no
    ladder)."""
    budgets = None if ladder_budgets is None else ladder.check_budgets(ladder_budgets)
    known = variant_specs(plugins)
    names = list(dict.fromkeys(rulesets)) or plugins.ruleset_names()
    for n in names:
        plugins.ruleset(n)  # unknown names fail here, with suggestions
    by_base: dict[str, list[VariantSpec]] = {}
    for v in dict.fromkeys(variants):
        if v not in known:
            raise UnknownNameError("variant", v, known)
        spec = known[v]
        by_base.setdefault(spec.ruleset, []).append(spec)
        if spec.ruleset not in names:
            names.append(spec.ruleset)
    out: list[ColumnPlan] = []
    for name in names:
        out.append(_column(plugins, name, (), games, seed, budgets, ladder_games))
        for spec in by_base.get(name, []):
            out.append(_column(plugins, name, (spec.name,), games, seed, budgets, ladder_games))
    return out


def _column(
    plugins: Plugins,
    name: str,
    variants: tuple[str, ...],
    games: int,
    seed: int,
    budgets: tuple[int, ...] | None = None,
    ladder_games: int = ladder.LADDER_GAMES,
) -> ColumnPlan:
    ruleset = plugins.ruleset(name)
    setup = ruleset.setup()
    seat_sides = tuple(s.side for s in setup.seats)
    has_bot = BOT in plugins.agents_for(name)
    column = Column(
        name="+".join((name, *variants)),
        ruleset=name,
        title=ruleset.title,
        setup=setup.name,
        sides=setup.sides,
        seat_sides=seat_sides,
        variants=variants,
        has_bot=has_bot,
        ladder=() if budgets is None else tuple(r.label for r in ladder.rungs(has_bot, budgets)),
    )

    def config(agents: Iterable[str], n: int) -> Config:
        return Config(
            ruleset=name,
            setup=setup.name,
            agents=tuple(agents),
            variants=variants,
            games=n,
            seed=seed,
        )

    seats = len(seat_sides)
    configs: list[tuple[Config, Matchup]] = []
    if has_bot:
        configs.append((config([BOT] * seats, games), Matchup(kind="bot-vs-bot")))
    configs.append((config([RANDOM] * seats, games), Matchup(kind="random-vs-random")))
    if has_bot:
        per_side = math.ceil(games / len(setup.sides))
        for side in setup.sides:
            agents = [BOT if s == side else RANDOM for s in seat_sides]
            configs.append((config(agents, per_side), Matchup(kind="bot-vs-random", bot_side=side)))
    if budgets is not None:
        for pairing in ladder.pairings(setup.sides, seat_sides, has_bot, budgets, ladder_games):
            configs.append((config(pairing.agents, pairing.games), pairing.matchup))
    return ColumnPlan(column=column, configs=tuple(configs))


def total_games(plans: Iterable[ColumnPlan]) -> int:
    return sum(c.games for p in plans for c, _ in p.configs)


# -- measuring --------------------------------------------------------------------------------
def measure(
    plans: Sequence[ColumnPlan],
    records: Iterable[GameRecord],
    metrics: Sequence[Metric],
    *,
    seed: int,
    games: int,
) -> Comparison:
    """Stream ``records`` through every metric of every column."""
    route: dict[tuple[str, str, tuple[str, ...], tuple[str, ...]], tuple[int, Matchup]] = {}
    for i, p in enumerate(plans):
        for c, m in p.configs:
            route[c.key] = (i, m)
    accs: list[list[Accumulator]] = [[m.accumulator(p.column) for m in metrics] for p in plans]
    profiles = [Profile() for _ in plans]
    counts: list[Counter[str]] = [Counter() for _ in plans]
    for rec in records:
        found = route.get((rec.ruleset, rec.setup, rec.agents, rec.variants))
        if found is None:
            continue
        i, matchup = found
        counts[i][matchup.kind] += 1
        for acc in accs[i]:
            acc.add(rec, matchup)
        if matchup.kind == plans[i].column.main:
            profiles[i].add(rec)
    for profile in profiles:  # the same output whatever order the games finished in
        profile.rounds = dict(sorted(profile.rounds.items()))
    columns = [
        ColumnResult(
            column=p.column,
            games=dict(sorted(counts[i].items())),
            metrics={m.name: acc.estimate() for m, acc in zip(metrics, accs[i], strict=True)},
            profile=profiles[i],
        )
        for i, p in enumerate(plans)
    ]
    return Comparison(
        seed=seed, games=games, metrics=[MetricInfo.of(m) for m in metrics], columns=columns
    )


def run_comparison(
    plugins: Plugins,
    rulesets: Sequence[str] = (),
    *,
    variants: Sequence[str] = (),
    games: int = 100,
    seed: int = 1,
    workers: int | None = None,
    dask: str | None = None,
    out: Path | None = None,
    on_progress: Callable[[int], None] | None = None,
    on_plan: Callable[[int], None] | None = None,
    ladder_budgets: Sequence[int] | None = ladder.LADDER_BUDGETS,
    ladder_games: int = ladder.LADDER_GAMES,
) -> Comparison:
    """Plan, run (streaming) and measure a comparison; ``on_plan`` gets the total games."""
    plans = plan(
        plugins,
        rulesets,
        variants,
        games,
        seed,
        ladder_budgets=ladder_budgets,
        ladder_games=ladder_games,
    )
    if on_plan is not None:
        on_plan(total_games(plans))
    engine = Engine(plugins, workers=workers, dask=dask)
    configs = [c for p in plans for c, _ in p.configs]
    records = engine.run(configs, out, on_progress=on_progress)
    return measure(plans, records, all_metrics(plugins), seed=seed, games=games)


#: What the highlights name: (label, metric, the highest value wins?). Skill and luck are
#: read on the strongest agent's share of the decided games (draws left out: a drawish game
#: is not luck-driven), and the skill ladder says where more skill pays most.
HIGHLIGHTS = (
    ("most balanced", "balance", True),
    ("longest", "duration-turns", True),
    ("shortest", "duration-turns", False),
    ("deadliest", "lethality-turn", True),
    ("most dramatic", "drama", True),
    ("most drawish", "drawishness", True),
    ("most skill-driven", "skill-strongest", True),
    ("most luck-driven", "skill-strongest", False),
    ("skill pays most", "skill-ladder", True),
)


class Highlight(msgspec.Struct, frozen=True, kw_only=True):
    """The column whose value of a metric is highest (or lowest) with a 95 % interval that
    separates from every other column's."""

    label: str
    metric: str
    column: str
    value: float


def highlights(result: Comparison) -> list[Highlight]:
    """Which column stands out on a few headline metrics: named only when its interval lies
    wholly above (or below) the interval of every other column measured; otherwise the
    columns are not told apart and the line is left out."""
    if len(result.columns) < 2:
        return []
    out: list[Highlight] = []
    for label, metric, highest in HIGHLIGHTS:
        found = [
            (e, c.column.name) for c in result.columns if (e := c.metrics.get(metric)) is not None
        ]
        if len(found) < 2:
            continue
        for e, name in found:
            others = [o for o, n in found if n != name]
            apart = (
                all(e.low > o.high for o in others)
                if highest
                else all(e.high < o.low for o in others)
            )
            if apart:
                out.append(Highlight(label=label, metric=metric, column=name, value=e.value))
    return out
