"""Placeholder bot (being written)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from aerodrome.agents import Agent, PlayerView
from aerodrome.data import Action


class ClassicBot:
    def __init__(self, player: int, seed: int) -> None:
        self.player = player

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return legal[0]


def make_bot(ruleset: Any, player: int, seed: int) -> Agent:
    return ClassicBot(player, seed)
