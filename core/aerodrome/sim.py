"""Simulation: many seeded games with chosen agents, summarised.

Game ``i`` of a run seeded ``S`` is seeded ``derive_seed(S, i)``, so a game's result never
depends on how many games, workers or backends the run uses.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import msgspec

from aerodrome.agents import Agent, PlayerView, agent_seed
from aerodrome.dice import derive_seed
from aerodrome.game import Game
from aerodrome.plugins import Plugins
from aerodrome.ruleset import Result, Ruleset, Setup


class GameRecord(msgspec.Struct, frozen=True, kw_only=True):
    """One finished game of a simulation run (a line of ``--out`` JSON Lines)."""

    index: int
    seed: int
    ruleset: str
    setup: str
    agents: tuple[str, ...]
    sides: tuple[str, ...]
    result: Result
    decisions: int


def play_game(
    ruleset: Ruleset[Any],
    setup: Setup,
    seed: int,
    agents: Sequence[Agent],
    *,
    record: bool = False,
) -> tuple[Game, int]:
    """Play one game to its end; returns the game and the number of decisions made."""
    game = Game(ruleset, setup, seed, record=record)
    views = [PlayerView(game, p) for p in range(len(agents))]
    decisions = 0
    while not game.is_over():
        for player in game.waiting_for():
            legal = game.legal_actions(player)
            game.apply(player, agents[player].choose(views[player], legal))
            decisions += 1
    return game, decisions


def resolve_agents(
    plugins: Plugins, ruleset: Ruleset[Any], setup: Setup, names: Sequence[str]
) -> tuple[str, ...]:
    """Agent names for every seat: one name for all seats, or one per seat."""
    seats = len(setup.seats)
    if not names:
        names = ["random"]
    if len(names) == 1:
        names = list(names) * seats
    if len(names) != seats:
        from aerodrome.errors import AerodromeError

        raise AerodromeError(
            f"--agents: {ruleset.name} setup {setup.name!r} has {seats} seats; give one agent "
            f"for all or {seats} comma-separated names, got {len(names)}"
        )
    for n in names:
        plugins.agent(ruleset.name, n)
    return tuple(names)


def run_games(
    plugins: Plugins,
    ruleset: Ruleset[Any],
    setup: Setup,
    agent_names: Sequence[str],
    games: int,
    seed: int,
    *,
    start: int = 0,
    on_game: Callable[[GameRecord], None] | None = None,
) -> Iterator[GameRecord]:
    """Yield one :class:`GameRecord` per game, in index order."""
    specs = [plugins.agent(ruleset.name, n) for n in agent_names]
    for index in range(start, start + games):
        game_seed = derive_seed(seed, index)
        agents = [s.factory(ruleset, p, agent_seed(game_seed, p)) for p, s in enumerate(specs)]
        game, decisions = play_game(ruleset, setup, game_seed, agents)
        rec = GameRecord(
            index=index,
            seed=game_seed,
            ruleset=ruleset.name,
            setup=setup.name,
            agents=tuple(agent_names),
            sides=setup.sides,
            result=game.result(),
            decisions=decisions,
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
    records: Sequence[GameRecord], ruleset: str, setup: Setup, seed: int, agents: Sequence[str]
) -> Summary:
    wins: Counter[str] = Counter({s: 0 for s in setup.sides})
    kills: Counter[str] = Counter({s: 0 for s in setup.sides})
    draws = unfinished = 0
    for r in records:
        res = r.result
        if not res.finished:
            unfinished += 1
        elif not res.winners:
            draws += 1
        for w in res.winners:
            wins[w] += 1
        kills.update(res.kills)
    n = len(records)
    return Summary(
        ruleset=ruleset,
        setup=setup.name,
        games=n,
        seed=seed,
        agents=tuple(agents),
        wins=dict(wins),
        draws=draws,
        unfinished=unfinished,
        mean_rounds=round(sum(r.result.rounds for r in records) / n, 3) if n else 0.0,
        max_rounds=max((r.result.rounds for r in records), default=0),
        kills=dict(kills),
        mean_decisions=round(sum(r.decisions for r in records) / n, 3) if n else 0.0,
    )
