"""Simulation: many seeded games with chosen agents, summarised.

Game ``i`` of a run seeded ``S`` is seeded ``derive_seed(S, i)``, so a game's result never
depends on how many games, workers or backends the run uses.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import msgspec

from aerodrome.engine.agents import Agent, agent_seed
from aerodrome.engine.capabilities import material_of
from aerodrome.engine.data import Action
from aerodrome.engine.dice import derive_seed
from aerodrome.engine.driver import Observer, drive
from aerodrome.engine.game import Game
from aerodrome.engine.records import GameDetail as GameDetail
from aerodrome.engine.records import GameRecord as GameRecord
from aerodrome.engine.records import ParamValue
from aerodrome.engine.records import Tick as Tick
from aerodrome.engine.ruleset import Result, Ruleset, Setup
from aerodrome.engine.turns import Decision
from aerodrome.plugins import Plugins
from aerodrome.runs.versions import versions_of


class Trace(Observer):
    """Collects a :class:`GameDetail` while :func:`play_game` runs a game: an observer of
    :func:`aerodrome.engine.driver.drive`."""

    __slots__ = ("choices", "first_player", "legal", "round", "ticks")

    def __init__(self) -> None:
        self.choices = 0
        self.legal = 0
        self.first_player: int | None = None
        self.round = 0
        self.ticks: list[Tick] = []

    def tick(self, game: Game[Any, Any, Any]) -> None:
        """Sample material and kills (the core calls this as each round starts and at the end)."""
        self.round = game.round
        ruleset, state = game.ruleset, game.state
        material = material_of(ruleset, state)
        # Ruleset.result() must answer at any point (the kills so far); a ruleset that cannot
        # fails the run with its seed (see aerodrome.runs.parallel.play) rather than skewing metrics.
        kills = sum(ruleset.result(state, game.round).kills.values())
        sides = game.setup.sides
        self.ticks.append(
            Tick(game.round, tuple(float(material.get(s, 0.0)) for s in sides), kills)
        )

    def decision(self, game: Game[Any, Any, Any], player: int, legal: Sequence[Action]) -> None:
        """A decision of ``player`` among ``legal``: the round's sample first when a new round
        has begun, then the counts."""
        if game.round != self.round:
            self.tick(game)
        self.count(player, len(legal), game.decision())

    def count(self, player: int, legal: int, decision: Decision | None) -> None:
        self.legal += legal
        if legal > 1:
            self.choices += 1
        if self.first_player is None and not (decision is not None and decision.simultaneous):
            self.first_player = player

    def finish(self, game: Game[Any, Any, Any], result: Result) -> GameDetail:
        material = material_of(game.ruleset, game.state)
        sides = game.setup.sides
        kills = sum(result.kills.values())
        self.ticks.append(
            Tick(result.rounds, tuple(float(material.get(s, 0.0)) for s in sides), kills)
        )
        first = result.first_player
        return GameDetail(
            choices=self.choices,
            legal=self.legal,
            first_player=first if first is not None else self.first_player,
            ticks=tuple(self.ticks),
        )


def play_game(
    ruleset: Ruleset[Any, Any, Any],
    setup: Setup,
    seed: int,
    agents: Sequence[Agent],
    *,
    record: bool = False,
    trace: Trace | None = None,
) -> tuple[Game[Any, Any, Any], int]:
    """Play one game to its end; returns the game and the number of decisions made.

    With ``trace``, also collect what the comparison metrics need (legal-action counts,
    material and kills per round); see :class:`Trace`. Without it the loop stays lean.
    """
    game = Game(ruleset, setup, seed, record=record)
    if trace is None:
        return game, drive(game, agents)
    return game, drive(game, agents, trace)


def resolve_agents(
    plugins: Plugins, ruleset: Ruleset[Any, Any, Any], setup: Setup, names: Sequence[str]
) -> tuple[str, ...]:
    """Agent names for every seat: one name for all seats, or one per seat."""
    seats = len(setup.seats)
    if not names:
        names = ["random"]
    if len(names) == 1:
        names = list(names) * seats
    if len(names) != seats:
        from aerodrome.engine.errors import AerodromeError

        raise AerodromeError(
            f"--agents: {ruleset.name} setup {setup.name!r} has {seats} seats; give one agent "
            f"for all or {seats} comma-separated names, got {len(names)}"
        )
    for n in names:
        plugins.agent(ruleset.name, n)
    return tuple(names)


def run_games(
    plugins: Plugins,
    ruleset: Ruleset[Any, Any, Any],
    setup: Setup,
    agent_names: Sequence[str],
    games: int,
    seed: int,
    *,
    start: int = 0,
    on_game: Callable[[GameRecord], None] | None = None,
    detail: bool = False,
    variants: Sequence[str] = (),
    params: Sequence[ParamValue] = (),
) -> Iterator[GameRecord]:
    """Yield one :class:`GameRecord` per game, in index order.

    ``detail=True`` fills :attr:`GameRecord.detail` for the comparison metrics; ``variants``
    and ``params`` only label the records (the variants and parameters must already be
    plugged into ``plugins`` and ``setup``: see :mod:`aerodrome.engine.parameters`).
    """
    specs = [plugins.agent(ruleset.name, n) for n in agent_names]
    # seats whose agents play by the rulebook's bot rules are bot seats [Seat.bot]
    setup = setup.with_bots(p for p, spec in enumerate(specs) if spec.bot_rules)
    known = plugins.variants()
    versions = versions_of(ruleset, *(known[v].plugin for v in variants if v in known))
    for index in range(start, start + games):
        game_seed = derive_seed(seed, index)
        agents = [s.factory(ruleset, p, agent_seed(game_seed, p)) for p, s in enumerate(specs)]
        trace = Trace() if detail else None
        game, decisions = play_game(ruleset, setup, game_seed, agents, trace=trace)
        result = game.result()
        rec = GameRecord(
            index=index,
            seed=game_seed,
            ruleset=ruleset.name,
            setup=setup.name,
            agents=tuple(agent_names),
            sides=setup.sides,
            result=result,
            decisions=decisions,
            variants=tuple(variants),
            detail=trace.finish(game, result) if trace is not None else None,
            versions=versions,
            params=tuple(params),
        )
        if on_game is not None:
            on_game(rec)
        yield rec


class Summary(msgspec.Struct, kw_only=True):
    """What ``aerodrome simulate --json`` prints."""

    ruleset: str
    setup: str
    games: int
    seed: int
    agents: tuple[str, ...]
    wins: dict[str, int]
    draws: int
    unfinished: int
    mean_rounds: float
    max_rounds: int
    kills: dict[str, int]
    mean_decisions: float


def summarise(
    records: Iterable[GameRecord], ruleset: str, setup: Setup, seed: int, agents: Sequence[str]
) -> Summary:
    """The summary of ``records``, read once, one at a time: memory stays flat however many
    games a run has (``records`` may be a stream straight from the engine)."""
    wins: Counter[str] = Counter({s: 0 for s in setup.sides})
    kills: Counter[str] = Counter({s: 0 for s in setup.sides})
    draws = unfinished = n = rounds = most_rounds = decisions = 0
    for r in records:
        res = r.result
        n += 1
        rounds += res.rounds
        most_rounds = max(most_rounds, res.rounds)
        decisions += r.decisions
        if not res.finished:
            unfinished += 1
        elif not res.winners:
            draws += 1
        for w in res.winners:
            wins[w] += 1
        kills.update(res.kills)
    return Summary(
        ruleset=ruleset,
        setup=setup.name,
        games=n,
        seed=seed,
        agents=tuple(agents),
        wins=dict(wins),
        draws=draws,
        unfinished=unfinished,
        mean_rounds=round(rounds / n, 3) if n else 0.0,
        max_rounds=most_rounds,
        kills=dict(kills),
        mean_decisions=round(decisions / n, 3) if n else 0.0,
    )
