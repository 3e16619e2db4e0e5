"""A tournament between agents of one ruleset, rated with openskill (``aerodrome tournament``).

Every *pairing* of distinct agents plays every *seating*: with ``k`` agents and a setup of
``s`` sides, each ordered choice of ``s`` different agents gets one configuration, the agent
of a side sitting in every seat of that side. All configurations share the run seed, so game
``i`` of every seating is played with the same dice seed (the seatings are paired). The games
run on the engine of ``aerodrome compare`` (:class:`aerodrome.runs.parallel.Engine`: in-process,
a process pool or Dask; resumable ``--out``).

Ratings: the Weng–Lin Bayesian rating of the ``openskill`` library (Plackett–Luce model),
one team per side, ranked by the result (winners first; a draw or an unfinished game ties
all sides). Games are rated in a fixed order (game index, then configuration), never in the
order they finished, so the same seed gives the same ratings. Each rating is ``mu`` with its
uncertainty ``sigma``; the table shows ``mu ± 1.96 sigma``, and ranks by openskill's
conservative ``ordinal`` (``mu - 3 sigma``).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from pathlib import Path

import msgspec

from aerodrome.engine.errors import AerodromeError
from aerodrome.engine.metrics import Z95, Estimate, Mean
from aerodrome.engine.records import GameRecord, ParamValue
from aerodrome.plugins import Plugins
from aerodrome.runs.cluster import DaskTarget
from aerodrome.runs.parallel import Config, Engine, Hooks

SOURCE = (
    "Weng & Lin, A Bayesian Approximation Method for Online Ranking (JMLR 2011), "
    "Plackett–Luce model, as implemented by the openskill library"
)


class Rating(msgspec.Struct, frozen=True, kw_only=True):
    """One agent's standing: its openskill rating and its record.

    :param low: ``mu - 1.96 sigma``; ``high``: ``mu + 1.96 sigma``.
    :param ordinal: openskill's conservative rating ``mu - 3 sigma`` (the table's order).
    :param score: its mean points a game (a win 1, a draw ½, a loss 0) with a 95 % interval.
    """

    agent: str
    mu: float
    sigma: float
    low: float
    high: float
    ordinal: float
    games: int
    wins: int
    draws: int
    losses: int
    score: Estimate | None


class Pairing(msgspec.Struct, frozen=True, kw_only=True):
    """One seating: the agent of each side, and how its games ended."""

    agents: dict[str, str]
    games: int
    wins: dict[str, int]
    draws: int
    unfinished: int


class Standings(msgspec.Struct, kw_only=True):
    """What ``aerodrome tournament --json`` prints."""

    ruleset: str
    setup: str
    seed: int
    games: int
    agents: list[str]
    ratings: list[Rating]
    pairings: list[Pairing]
    model: str = "openskill PlackettLuce"


def seatings(sides: Sequence[str], agents: Sequence[str]) -> list[tuple[str, ...]]:
    """Every ordered choice of one different agent per side (``len(sides)`` of them)."""
    if len(agents) < len(sides):
        raise AerodromeError(
            f"--agents: a tournament of {len(sides)} sides needs at least {len(sides)} "
            f"different agents, got {len(agents)}"
        )
    return list(itertools.permutations(agents, len(sides)))


def plan(
    plugins: Plugins,
    ruleset: str,
    setup: str | None,
    agents: Sequence[str],
    games: int,
    seed: int,
    params: Sequence[ParamValue] = (),
) -> list[Config]:
    """The configurations of a tournament (unknown or malformed names fail here); every game
    plays with ``params`` (spec numbers set by ``--set``)."""
    rules = plugins.ruleset(ruleset)
    chosen = rules.setup(setup)
    names = list(dict.fromkeys(a.strip() for a in agents if a.strip()))
    for a in names:
        plugins.agent(ruleset, a)
    if games < 1:
        raise AerodromeError(f"--games must be at least 1, got {games}")
    sides = chosen.sides
    out = []
    for seating in seatings(sides, names):
        by_side = dict(zip(sides, seating, strict=True))
        out.append(
            Config(
                ruleset=ruleset,
                setup=chosen.name,
                agents=tuple(by_side[s.side] for s in chosen.seats),
                games=games,
                seed=seed,
                params=tuple(params),
            )
        )
    return out


def side_agents(config: Config, seat_sides: Sequence[str]) -> dict[str, str]:
    """The agent of each side in ``config`` (every seat of a side has the same agent)."""
    out: dict[str, str] = {}
    for side, agent in zip(seat_sides, config.agents, strict=True):
        out.setdefault(side, agent)
    return out


def rate(
    agents: Sequence[str],
    games: Iterable[tuple[dict[str, str], GameRecord]],
) -> list[Rating]:
    """Rate ``agents`` from ``games`` (the agent of each side, the record), in that order."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {a: model.rating(name=a) for a in agents}
    tally = {a: [0, 0, 0] for a in agents}  # wins, draws, losses
    points = {a: Mean() for a in agents}
    for by_side, rec in games:
        sides = list(by_side)
        result = rec.result
        winners = set(result.winners) if result.finished else set()
        teams = [[ratings[by_side[s]]] for s in sides]
        ranks = [0.0 if (not winners or s in winners) else 1.0 for s in sides]
        new = model.rate(teams, ranks=ranks)
        for s, team in zip(sides, new, strict=True):
            ratings[by_side[s]] = team[0]
            t = tally[by_side[s]]
            outcome = 1 if not winners else 0 if s in winners else 2
            t[outcome] += 1
            points[by_side[s]].add((1.0, 0.5, 0.0)[outcome])
    out = []
    for a in agents:
        r = ratings[a]
        wins, draws, losses = tally[a]
        played = wins + draws + losses
        score = points[a].estimate()
        if score is not None:
            score = msgspec.structs.replace(
                score, low=max(0.0, score.low), high=min(1.0, score.high)
            )
        out.append(
            Rating(
                agent=a,
                mu=r.mu,
                sigma=r.sigma,
                low=r.mu - Z95 * r.sigma,
                high=r.mu + Z95 * r.sigma,
                ordinal=r.mu - 3 * r.sigma,
                games=played,
                wins=wins,
                draws=draws,
                losses=losses,
                score=score,
            )
        )
    return sorted(out, key=lambda r: (-r.ordinal, r.agent))


def standings(
    plugins: Plugins,
    configs: Sequence[Config],
    records: Iterable[GameRecord],
    agents: Sequence[str],
) -> Standings:
    """Collect ``records`` (in any order) into pairings and ratings."""
    first = configs[0]
    setup = plugins.ruleset(first.ruleset).setup(first.setup)
    seat_sides = [s.side for s in setup.seats]
    index = {c.agents: i for i, c in enumerate(configs)}
    got: dict[tuple[int, int], GameRecord] = {}
    for rec in records:
        i = index.get(rec.agents)
        if i is not None and rec.ruleset == first.ruleset and rec.setup == first.setup:
            got[(rec.index, i)] = rec
    by_side = [side_agents(c, seat_sides) for c in configs]
    ordered = [(by_side[i], got[(g, i)]) for g, i in sorted(got)]
    pairings = []
    for i in range(len(configs)):
        recs = [r for (_, j), r in sorted(got.items()) if j == i]
        wins = dict.fromkeys(setup.sides, 0)
        for r in recs:
            for w in r.result.winners:
                wins[w] = wins.get(w, 0) + 1
        pairings.append(
            Pairing(
                agents=by_side[i],
                games=len(recs),
                wins=wins,
                draws=sum(1 for r in recs if r.result.finished and not r.result.winners),
                unfinished=sum(1 for r in recs if not r.result.finished),
            )
        )
    names = list(dict.fromkeys(agents))
    return Standings(
        ruleset=first.ruleset,
        setup=first.setup,
        seed=first.seed,
        games=first.games,
        agents=names,
        ratings=rate(names, ordered),
        pairings=pairings,
    )


def run_tournament(
    plugins: Plugins,
    ruleset: str,
    agents: Sequence[str],
    *,
    setup: str | None = None,
    games: int = 10,
    seed: int = 1,
    workers: int | None = None,
    dask: str | DaskTarget | None = None,
    out: Path | None = None,
    hooks: Hooks | None = None,
    params: Sequence[ParamValue] = (),
) -> Standings:
    """Plan, play (streaming to ``out``, resumable) and rate a tournament; ``hooks`` hear
    of its progress (see :class:`aerodrome.runs.parallel.Hooks`); ``params``: spec numbers
    every game plays with (``--set``)."""
    configs = plan(plugins, ruleset, setup, agents, games, seed, params)
    hooks = hooks or Hooks()
    if hooks.plan is not None:
        hooks.plan(sum(c.games for c in configs))
    engine = Engine(plugins, workers=workers, dask=dask, detail=False)
    records = engine.run(
        configs, out, on_progress=hooks.progress, on_start=hooks.start, on_chunk=hooks.chunk
    )
    return standings(plugins, configs, records, [a.strip() for a in agents if a.strip()])
