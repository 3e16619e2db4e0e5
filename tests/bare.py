"""A ruleset reduced to its required core: the same game as another ruleset, without any of
its optional capabilities (to test the core's fallbacks: no words, no pictures, no odds...).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from aerodrome.engine.ruleset import Result, Ruleset, Setup
from aerodrome.engine.turns import Context, Turn, TurnSequence


def bare(ruleset: Ruleset[Any, Any, Any], name: str | None = None) -> Ruleset[Any, Any, Any]:
    """``ruleset``'s game with nothing but the required core (see the module docstring),
    named ``name`` (default: as ``ruleset``)."""
    found = Bare(ruleset)
    if name is not None:
        found.name = name  # type: ignore[misc]
    return found


class Bare(Ruleset[Any, Any, Any]):
    """The required core of another ruleset instance, delegated."""

    title = "bare"

    def __init__(self, inner: Ruleset[Any, Any, Any]) -> None:
        super().__init__(inner.hooks)
        self.inner = inner
        self.name = inner.name  # type: ignore[misc]
        self.capabilities = inner.capabilities  # type: ignore[misc]
        self.action_types = inner.action_types  # type: ignore[misc]
        self.options_type = inner.options_type  # type: ignore[misc]

    def setups(self) -> Sequence[Setup]:
        return self.inner.setups()

    def sequence(self) -> TurnSequence[Any]:
        return self.inner.sequence()

    def initial_state(self, setup: Setup, ctx: Context) -> Any:
        return self.inner.initial_state(setup, ctx)

    def observation(self, state: Any, player: int | None, turn: Turn) -> Any:
        return self.inner.observation(state, player, turn)

    def is_over(self, state: Any) -> bool:
        return self.inner.is_over(state)

    def result(self, state: Any, rounds: int) -> Result:
        return self.inner.result(state, rounds)
