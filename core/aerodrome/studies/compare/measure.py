"""Measuring a comparison: the games of a run streamed through every metric of every column
(the *levels*), through the pairings of every paired column (the *differences*,
:mod:`aerodrome.studies.compare.paired`), and into a :class:`Profile` per column for the report's
plots. Games come in any order; nothing here depends on it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

import msgspec

from aerodrome.engine.errors import PluginError
from aerodrome.engine.metrics import Accumulator, Column, Estimate, Matchup, Metric, MetricInfo
from aerodrome.engine.parameters import label
from aerodrome.engine.records import GameRecord, RecordKey
from aerodrome.plugins import Plugins
from aerodrome.studies.compare.paired import REPLICATES, ColumnDifferences, Pairing
from aerodrome.studies.compare.plan import ColumnPlan
from aerodrome.studies.compare.verdicts import Family, Plan, Verdict, verdicts
from aerodrome.studies.learned import PolicyStyle
from aerodrome.studies.metrics.builtin import builtin_metrics


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


class ColumnResult(msgspec.Struct, kw_only=True):
    """A column's games per matchup, its metrics (levels) and its profile; ``base``: the
    column it is paired with, if any."""

    column: Column
    games: dict[str, int]
    metrics: dict[str, Estimate | None]
    profile: Profile
    base: str | None = None


class Comparison(msgspec.Struct, kw_only=True):
    """What ``aerodrome compare --json`` prints: the verdicts, the paired differences, then
    the levels of every column; ``family``: the differences the verdicts' correction ran
    over (every metric of every paired column)."""

    seed: int
    games: int
    metrics: list[MetricInfo]
    columns: list[ColumnResult]
    verdicts: list[Verdict] = []
    differences: list[ColumnDifferences] = []
    family: Family = Family()
    #: ``--detect``: the games each paired column needs to detect a given size.
    plans: list[Plan] = []
    #: Bootstrap replicates behind the ``paired-bootstrap`` differences.
    replicates: int = REPLICATES
    #: The skill ladder's learned rungs: what each policy does differently from the bot
    #: (:mod:`aerodrome.studies.learned`).
    styles: list[PolicyStyle] = []


def change_label(base: Column, column: Column) -> str:
    """What ``column`` changes against ``base``: its own variants and parameter values
    (``head-on-ties-kill-both``; ``cards=6 (against cards=4)``)."""
    variants = [v for v in column.variants if v not in base.variants]
    params = [p for p in column.params if p not in base.params]
    words = [*variants, label(params)] if params else variants
    text = "+".join(w for w in words if w) or column.name
    if params and base.params:
        text += f" (against {label(base.params)})"
    return text


def all_metrics(plugins: Plugins) -> list[Metric]:
    """The built-in metrics, then those of plugins (``aerodrome_register_metrics``); a
    plugin metric may not reuse a built-in name."""
    metrics = builtin_metrics()
    names = {m.name for m in metrics}
    for m in plugins.metrics():
        if m.name in names:
            raise PluginError(
                f"metric {m.name!r} of plugin {plugins.owner('metric', m.name)!r} is a built-in "
                "metric's name"
            )
        metrics.append(m)
    return metrics


def measure(
    plans: Sequence[ColumnPlan],
    records: Iterable[GameRecord],
    metrics: Sequence[Metric],
    *,
    seed: int,
    games: int,
    replicates: int = REPLICATES,
) -> Comparison:
    """Stream ``records`` through every metric of every column, and through the pairing of
    every column with a ``base``."""
    route: dict[RecordKey, tuple[int, Matchup]] = {}
    for i, p in enumerate(plans):
        for c, m in p.configs:
            route[c.key] = (i, m)
    accs: list[list[Accumulator]] = [[m.accumulator(p.column) for m in metrics] for p in plans]
    profiles = [Profile() for _ in plans]
    counts: list[Counter[str]] = [Counter() for _ in plans]
    index = {p.column.name: i for i, p in enumerate(plans)}
    # for each column: the pairings it takes part in, and its side in each
    pairings: list[tuple[int, int, Pairing]] = []
    sides: list[list[tuple[Pairing, int]]] = [[] for _ in plans]
    for i, p in enumerate(plans):
        if p.base is None:
            continue
        b = index[p.base]
        pairing = Pairing(metrics, plans[b].column, p.column, seed, replicates)
        pairings.append((b, i, pairing))
        sides[b].append((pairing, 0))
        sides[i].append((pairing, 1))
    for rec in records:
        found = route.get(rec.key)
        if found is None:
            continue
        i, matchup = found
        counts[i][matchup.kind] += 1
        for acc in accs[i]:
            acc.add(rec, matchup)
        if matchup.kind == plans[i].column.main:
            profiles[i].add(rec)
        for pairing, side in sides[i]:
            pairing.add(side, rec, matchup)
    for profile in profiles:  # the same output whatever order the games finished in
        profile.rounds = dict(sorted(profile.rounds.items()))
    columns = [
        ColumnResult(
            column=p.column,
            games=dict(sorted(counts[i].items())),
            metrics={m.name: acc.estimate() for m, acc in zip(metrics, accs[i], strict=True)},
            profile=profiles[i],
            base=p.base,
        )
        for i, p in enumerate(plans)
    ]
    differences = [
        ColumnDifferences(
            base=columns[b].column.name,
            column=columns[i].column.name,
            label=change_label(columns[b].column, columns[i].column),
            metrics=pairing.differences(columns[b].metrics, columns[i].metrics),
        )
        for b, i, pairing in pairings
    ]
    infos = [MetricInfo.of(m) for m in metrics]
    said, fam = verdicts(
        differences,
        infos,
        metrics,
        columns={c.column.name: c.column for c in columns},
        games=games,
        seed=seed,
    )
    return Comparison(
        seed=seed,
        games=games,
        metrics=infos,
        columns=columns,
        verdicts=said,
        differences=differences,
        family=fam,
        replicates=replicates,
    )
