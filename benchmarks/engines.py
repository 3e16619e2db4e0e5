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
- OpenSpiel's MCTSBot on backgammon (:func:`_openspiel_mcts`): the reference of the search
  agents' speed; its "decisions" are simulations, each one random rollout to the end.

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

#: The reference of the search agents' speed (rollouts a second).
MCTS_REFERENCE = "openspiel backgammon MCTSBot"
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


#: Simulations of each OpenSpiel MCTSBot search (``max_simulations``).
MCTS_SIMULATIONS = 100
#: Random moves played from the start to reach each searched backgammon position.
MCTS_OPENING = 12


def _openspiel_mcts(pyspiel: Any) -> Callable[[int, int], int]:
    """OpenSpiel's own MCTS (``open_spiel.python.algorithms.mcts.MCTSBot``, UCT c = 2, one
    random rollout to the end of the game per simulation, as its examples use it) on
    backgammon: ``searches`` searches of :data:`MCTS_SIMULATIONS` simulations, each from a
    position reached by :data:`MCTS_OPENING` random moves; returns the simulations (its
    rollouts)."""
    import numpy
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("backgammon")

    def run(first_seed: int, searches: int) -> int:
        rng = random.Random(first_seed)
        state_rng = numpy.random.RandomState(first_seed % 2**32)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=state_rng)
        bot = mcts.MCTSBot(
            game, 2.0, MCTS_SIMULATIONS, evaluator, solve=False, random_state=state_rng
        )
        for _ in range(searches):
            state = game.new_initial_state()
            moves = 0
            while moves < MCTS_OPENING or state.is_chance_node():
                if state.is_terminal():
                    break
                if state.is_chance_node():
                    actions, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(int(state_rng.choice(actions, p=probs)))
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.randrange(len(legal))])
                    moves += 1
            bot.step(state)
        return searches * MCTS_SIMULATIONS

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
        try:
            found.append(Engine(MCTS_REFERENCE, _openspiel_mcts(pyspiel), "searches"))
        except Exception as error:  # an OpenSpiel build without its Python algorithms
            missing.append(f"{MCTS_REFERENCE} ({error})")
    if "chess" in modules:
        found.append(Engine("python-chess", _python_chess(modules["chess"])))
    return found, missing
