"""What a scout cannot know, drawn again: the look-ahead of a search agent plays on such
states, so it never reads the other scout's height (the ``Determinise`` capability)."""

from __future__ import annotations

import random

from aerodrome_clouds.state import CloudsState


def determinise(state: CloudsState, player: int, rng: random.Random) -> CloudsState:
    """A state ``player`` cannot tell from ``state``: the other scout's height this round
    drawn again [clouds.2]; everything else (the structures, whose turn it is, what a dive
    revealed) is public and kept. A new state: ``state`` is not changed."""
    other = 1 - player
    height = list(state.height)
    height[other] = rng.randint(1, 6)
    return CloudsState(
        structure=list(state.structure),
        height=height,
        asking=state.asking,
        climbed=state.climbed,
        revealed=state.revealed,
        last_round_flown=state.last_round_flown,
    )
