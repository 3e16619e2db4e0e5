"""Root candidates for a search: the actions worth searching at a decision, best first.

A ruleset's bot that implements :class:`aerodrome.engine.agents.Ranking` gives them with the scores
it already computes (classic's move values, Victoriana's tactician, Dogfight 40,000's order
planning, Konrad's procedure); its first is the bot's own choice. Any other agent gives its
choice first, then the other legal actions in a seeded random order: the cheap generic
ranking. Without an agent (a ruleset with no bot) every legal action is a candidate, in a
seeded random order. A search keeps the first ``limit``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from aerodrome.engine.agents import Agent, PlayerView, Ranking
from aerodrome.engine.data import Action


def candidates(
    agent: Agent | None,
    view: PlayerView[Any, Any],
    legal: Sequence[Action],
    rng: random.Random,
    limit: int,
) -> list[Action]:
    """At most ``limit`` (≥ 1) distinct legal actions, best first (see the module
    docstring). ``agent`` is asked once, by ``rank`` or by ``choose``."""
    if agent is not None and isinstance(agent, Ranking):
        found: list[Action] = []
        seen: set[Action] = set()
        for action, _score in agent.rank(view, legal):
            if action not in seen:
                seen.add(action)
                found.append(action)
                if len(found) >= limit:
                    break
        if found:
            return found
    first: Action | None = None
    if agent is not None:
        first = agent.choose(view, legal)
    out = [first] if first is not None else []
    want = limit - len(out)
    if want <= 0:
        return out
    n = len(legal)
    if n - len(out) <= want:
        rest = [a for a in legal if a != first]
        rng.shuffle(rest)
        return out + rest
    picked: set[int] = set()
    while len(out) < limit and len(picked) < n:
        i = rng.randrange(n)
        if i in picked:
            continue
        picked.add(i)
        action = legal[i]
        if action != first:
            out.append(action)
    return out
