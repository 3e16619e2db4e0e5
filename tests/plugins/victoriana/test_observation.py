"""Observations are values (issue #12): what a player observes shares nothing mutable with
the game state, so an agent that scribbles on its observation cannot change the game."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from aerodrome import Game
from aerodrome.engine.agents import RandomAgent, agent_seed
from aerodrome.engine.driver import Observer, drive
from aerodrome_victoriana import specs
from aerodrome_victoriana.bot import VictorianaBot
from aerodrome_victoriana.view import DogfightView
from tests.playouts import rounds

SETUPS = [s.name for s in specs.setup_specs()]


def scribble(value: Any, seen: set[int] | None = None) -> int:
    """Mutate everything reachable from ``value`` that can be mutated: every list and dict
    is emptied (after its items are scribbled on), every set cleared, every field of a
    Struct that is not frozen overwritten. Returns how many things it changed."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return 0
    seen.add(id(value))
    changed = 0
    if isinstance(value, msgspec.Struct):
        for name in value.__struct_fields__:
            changed += scribble(getattr(value, name), seen)
            try:
                setattr(value, name, None)
                changed += 1
            except AttributeError:  # a frozen Struct: nothing to change
                pass
    elif isinstance(value, list):
        for item in value:
            changed += scribble(item, seen)
        value.clear()
        value.append(None)
        changed += 1
    elif isinstance(value, dict):
        for item in value.values():
            changed += scribble(item, seen)
        value.clear()
        value["scribbled"] = -1
        changed += 1
    elif isinstance(value, set):
        value.clear()
        changed += 1
    elif isinstance(value, tuple):
        for item in value:
            changed += scribble(item, seen)
    return changed


def state_bytes(game: Game) -> bytes:
    return msgspec.msgpack.encode(game.state)


@pytest.mark.parametrize("setup", SETUPS)
def test_scribbling_on_an_observation_leaves_the_state_alone(plugins: Any, setup: str) -> None:
    """Mutation caught: an observation that hands out the state's own aircraft list (or
    crews, or any of its dicts), as the view did before issue #12, changes the game when an
    agent mutates it; so does a view holding a mutable aircraft record."""
    ruleset = plugins.ruleset("victoriana")
    game = Game(ruleset, setup, 11)
    agents = [RandomAgent(agent_seed(11, p)) for p in (0, 1)]
    checked = 0
    for _ in rounds(game, agents):
        for player in (0, 1, None):
            before = state_bytes(game)
            obs = game.observation(player)
            assert isinstance(obs, DogfightView)
            scribble(obs)
            assert state_bytes(game) == before, (
                f"observing as {player} let an agent change the state"
            )
            checked += 1
        if checked >= 40:
            break
    assert checked


class Spoiler(Observer):
    """Scribbles on the observation of each player who has just answered."""

    def action(self, game: Any, player: int, action: Any) -> None:
        if not game.is_over():
            scribble(game.observation(player))


def test_the_bot_plays_the_same_after_its_observations_are_scribbled_on(plugins: Any) -> None:
    """The bot decides from the observation it is given (and the legal actions): a game whose
    observations are scribbled on after every choice plays exactly as one left alone."""
    ruleset = plugins.ruleset("victoriana")

    def play(spoil: bool) -> list[Any]:
        game = Game(ruleset, "11-group", 5)
        bots = [VictorianaBot(agent_seed(5, p)) for p in (0, 1)]
        drive(game, bots, Spoiler() if spoil else Observer())
        return game.history

    assert play(spoil=True) == play(spoil=False)


def test_observation_is_a_frozen_value(plugins: Any) -> None:
    game = Game(plugins.ruleset("victoriana"), "11-group", 1)
    obs = game.observation(0)
    assert obs == game.observation(0)
    with pytest.raises(AttributeError):
        obs.round = 99  # type: ignore[misc]
    with pytest.raises(AttributeError):
        obs.crafts[0].health = 0  # type: ignore[misc]
    assert isinstance(obs.crafts, tuple) and isinstance(obs.airmen, tuple)
