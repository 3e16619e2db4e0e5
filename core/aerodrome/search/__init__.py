"""The search agents, registered for every ruleset (third-party ones included) and built on
the Game API alone: they look ahead only in determinised games
(:meth:`aerodrome.engine.agents.PlayerView.determinised`).

- :mod:`aerodrome.search.paired`: ``search``, paired evaluation of the bot's best-ranked
  moves on common random numbers (the same worlds, dice and rollout seeds for every
  candidate), by sequential halving, leaving the bot's choice only for a significant gain;
- :mod:`aerodrome.search.mcts`: ``mcts``, information-set Monte Carlo tree search;
- :mod:`aerodrome.search.ranking`: the candidates of a decision, from a bot's ``rank``;
- :mod:`aerodrome.search.evaluation`: what a rollout is worth when it is cut off.

May import: engine.
"""

from __future__ import annotations

from aerodrome.search.evaluation import rewards
from aerodrome.search.mcts import (
    DEFAULT_STEPS,
    MCTS,
    Arm,
    MCTSAgent,
    Node,
    SearchOptions,
    parse_options,
    select,
)
from aerodrome.search.paired import SEARCH, PairedOptions, PairedSearch

__all__ = [
    "DEFAULT_STEPS",
    "MCTS",
    "SEARCH",
    "Arm",
    "MCTSAgent",
    "Node",
    "PairedOptions",
    "PairedSearch",
    "SearchOptions",
    "parse_options",
    "rewards",
    "select",
]
