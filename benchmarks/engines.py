"""Reference engines for :mod:`benchmarks.bench_reference`: random rollouts of other game
engines driven from Python, in this process (optional: ``pip install -e '.[bench]'``).

- OpenSpiel (``open_spiel``, C++ with Python bindings): backgammon, chess and tic-tac-toe.
  The loop is the one OpenSpiel's documentation shows: at a chance node the outcome is drawn
  by its probability with numpy (``RandomState.choice(actions, p=probs)``), at a player's
  node one legal action is drawn uniformly. ``backgammon (stdlib rng)`` draws the chance
  outcome with Python's own generator instead, which costs less per roll: it shows how much
  of the documented loop's time is numpy's.
- python-chess (``chess``, pure Python): ``board.legal_moves`` and ``board.push`` until
  ``board.is_game_over()``.

A *decision* is a player's move (chance nodes are not counted: aerodrome's rulesets roll
their dice inside the rules too). Each driver is ``run(first_seed, games) -> decisions``;
one generator seeded ``first_seed`` plays the games in turn, so equal arguments play equal
games.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

#: What ``pip`` installs for each reference (the ``bench`` extra of pyproject.toml).
PACKAGES = {"pyspiel": "open_spiel", "chess": "chess"}


@dataclass(frozen=True)
class Engine:
    """A reference workload: ``run(first_seed, games)`` returns the decisions it made."""

    name: str
    run: Callable[[int, int], int]
    unit: str = "games"


def _openspiel(pyspiel: Any, game_name: str, numpy_chance: bool) -> Callable[[int, int], int]:
    game = pyspiel.load_game(game_name)

    def run(first_seed: int, games: int) -> int:
        rng = random.Random(first_seed)
        draw: Callable[..., Any]
        if numpy_chance:
            import numpy

            draw = numpy.random.RandomState(first_seed % 2**32).choice
        else:
            draw = _stdlib_draw(rng)
        decisions = 0
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    actions, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(int(draw(actions, p=probs)))
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.randrange(len(legal))])
                    decisions += 1
        return decisions

    return run


def _stdlib_draw(rng: random.Random) -> Callable[..., int]:
    def draw(actions: tuple[int, ...], p: tuple[float, ...]) -> int:
        x = rng.random()
        for action, prob in zip(actions, p, strict=True):
            x -= prob
            if x < 0:
                return action
        return actions[-1]

    return draw


def _python_chess(chess: Any) -> Callable[[int, int], int]:
    def run(first_seed: int, games: int) -> int:
        rng = random.Random(first_seed)
        decisions = 0
        for _ in range(games):
            board = chess.Board()
            while not board.is_game_over():
                moves = list(board.legal_moves)
                board.push(moves[rng.randrange(len(moves))])
                decisions += 1
        return decisions

    return run


def available() -> tuple[list[Engine], list[str]]:
    """The reference engines this environment can run, and the packages that are missing."""
    import importlib

    found: list[Engine] = []
    missing: list[str] = []
    modules: dict[str, Any] = {}
    for module, package in PACKAGES.items():
        try:
            modules[module] = importlib.import_module(module)
        except ImportError:
            missing.append(package)
    pyspiel = modules.get("pyspiel")
    if pyspiel is not None:
        for name, game, numpy_chance in (
            ("openspiel backgammon", "backgammon", True),
            ("openspiel backgammon (stdlib rng)", "backgammon", False),
            ("openspiel chess", "chess", False),
            ("openspiel tic-tac-toe", "tic_tac_toe", False),
        ):
            try:
                found.append(Engine(name, _openspiel(pyspiel, game, numpy_chance)))
            except Exception as error:  # an OpenSpiel build without this game
                missing.append(f"{name} ({error})")
    if "chess" in modules:
        found.append(Engine("python-chess", _python_chess(modules["chess"])))
    return found, missing
