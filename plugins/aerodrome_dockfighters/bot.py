"""Konrad, the solo bot (placeholder: being written)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from aerodrome.agents import Agent, PlayerView, RandomAgent
from aerodrome.data import Action


class Konrad:
    def __init__(self, player: int, seed: int) -> None:
        self.inner = RandomAgent(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return self.inner.choose(view, legal)


def konrad(ruleset: Any, player: int, seed: int) -> Agent:
    return Konrad(player, seed)
