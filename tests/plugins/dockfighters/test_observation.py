"""Observations are values: frozen, sharing nothing mutable with the state; Konrad reads only
its PlayerView (observation, decision, legal actions).

Mutations tried, each turning a test red: ``observation()`` returning the old
``DfObservation(state=state)`` wrapper (the frozen-value and mirror tests), a ``list`` field
in ``AircraftView`` (the frozen-value test), a field added to ``Aircraft`` but not to
``AircraftView`` (the mirror test), and Konrad reading ``view._game.state`` (the sealed-view
test: AttributeError).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec
import pytest

from aerodrome import Game
from aerodrome.engine.agents import PlayerView, agent_seed
from aerodrome.engine.data import Action
from aerodrome.engine.driver import drive
from aerodrome.engine.turns import Decision
from aerodrome_dockfighters.bot import Konrad
from aerodrome_dockfighters.state import DfState
from aerodrome_dockfighters.view import NOT_OBSERVED, AircraftView, DfView
from tests.golden import digest

SETUPS = (
    "duel",
    "mixed-squadrons",
    "airship-battle",
    "bomb-run",
    "agents-insertion",
    "cargo-escort",
)
ATOMS = (int, str, bool, float, type(None))


def frozen_value(x: Any, where: str = "obs") -> list[str]:
    """Where something mutable is reachable from ``x``."""
    if isinstance(x, ATOMS):
        return []
    if isinstance(x, tuple | frozenset):
        return [bad for i, v in enumerate(x) for bad in frozen_value(v, f"{where}[{i}]")]
    if isinstance(x, msgspec.Struct):
        if not x.__struct_config__.frozen:
            return [f"{where}: {type(x).__name__} is not frozen"]
        return [
            bad for f in x.__struct_fields__ for bad in frozen_value(getattr(x, f), f"{where}.{f}")
        ]
    return [f"{where}: {type(x).__name__}"]


def played(ruleset: Any, setup: str, seed: int, decisions: int) -> Game:
    game = Game(ruleset, setup, seed)
    agents = [Konrad(p, agent_seed(seed, p)) for p in (0, 1)]
    views = [PlayerView(game, p) for p in (0, 1)]
    for _ in range(decisions):
        if game.is_over():
            break
        p = game.waiting_for()[0]
        game.apply(p, agents[p].choose(views[p], game.legal_actions(p)))
    return game


@pytest.mark.parametrize("setup", SETUPS)
def test_the_observation_is_a_frozen_value(plugins, setup: str) -> None:  # type: ignore[no-untyped-def]
    game = played(plugins.ruleset("dockfighters"), setup, 4, 150)
    seen = [game.observation(player) for player in (0, 1, None)]
    assert all(isinstance(obs, DfView) and frozen_value(obs) == [] for obs in seen)
    assert seen[0] == seen[1] == seen[2]  # perfect information: every seat sees the same


@pytest.mark.parametrize("setup", SETUPS)
def test_the_observation_mirrors_the_state(plugins, setup: str) -> None:  # type: ignore[no-untyped-def]
    """Every field of the state (and of its aircraft, clouds, ...) is observed, with the same
    values, except the bookkeeping listed in ``NOT_OBSERVED``."""
    game = played(plugins.ruleset("dockfighters"), setup, 5, 120)
    state = msgspec.json.decode(msgspec.json.encode(game.state))
    seen = msgspec.json.decode(msgspec.json.encode(game.observation(0)))
    for name in NOT_OBSERVED:
        del state[name]
    assert "at" in seen.pop("sky")
    assert seen == state


def test_mutating_the_observation_leaves_the_game_alone(plugins) -> None:  # type: ignore[no-untyped-def]
    game = played(plugins.ruleset("dockfighters"), "mixed-squadrons", 6, 100)
    before = msgspec.msgpack.encode(game.state)
    obs = game.observation(1)
    assert isinstance(obs, DfView)
    with pytest.raises(AttributeError):
        obs.aircraft[0].cell = 0  # type: ignore[misc]
    with pytest.raises(AttributeError):
        obs.turn = 99  # type: ignore[misc]
    for a in obs.aircraft:  # an agent forcing its way in changes only its own copy
        msgspec.structs.force_setattr(a, "cell", 0)
        msgspec.structs.force_setattr(a, "ammo", (2,) * len(a.ammo))
    msgspec.structs.force_setattr(obs, "turn", 99)
    assert msgspec.msgpack.encode(game.state) == before
    assert all(isinstance(a, AircraftView) for a in obs.aircraft)


class SealedView:
    """A PlayerView without the game behind it: the observation, the decision and the legal
    actions, nothing else."""

    def __init__(self, view: PlayerView) -> None:
        self._observe = view.observation
        self._decide = lambda: view.decision
        self._legal = view.legal_actions
        self.player = view.player

    @property
    def decision(self) -> Decision | None:
        return self._decide()

    def observation(self) -> msgspec.Struct:
        return self._observe()

    def legal_actions(self) -> Sequence[Action]:
        return self._legal()


class Through:
    """An agent given ``view`` whatever view the driver hands it."""

    def __init__(self, agent: Any, view: Any) -> None:
        self.agent, self.view = agent, view

    def choose(self, view: Any, legal: Any) -> Any:
        return self.agent.choose(self.view, legal)


@pytest.mark.parametrize("setup", ["duel", "bomb-run", "airship-battle"])
def test_konrad_plays_from_its_view_alone(plugins, setup: str) -> None:  # type: ignore[no-untyped-def]
    """Konrad behind a sealed view plays exactly the game it plays with a full PlayerView."""
    ruleset = plugins.ruleset("dockfighters")
    games = []
    for sealed in (False, True):
        game = Game(ruleset, setup, 2)
        agents = [Konrad(p, agent_seed(2, p)) for p in (0, 1)]
        views: list[Any] = [PlayerView(game, p) for p in (0, 1)]
        if sealed:
            views = [SealedView(v) for v in views]
        drive(game, [Through(agents[p], views[p]) for p in (0, 1)])
        games.append(game)
    assert digest(games[0]) == digest(games[1])
    assert isinstance(games[1].state, DfState)
