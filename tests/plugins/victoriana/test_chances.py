"""The bot's chances (closed-form pools in floating point) agree with the exact icepool
distributions of ``aerodrome odds`` to within their truncation."""

from __future__ import annotations

import pytest

from aerodrome_victoriana import chances, odds


@pytest.mark.clause("victoriana.dice.1", "victoriana.dice.2")
@pytest.mark.parametrize("dice", [0, 1, 2, 5, 14, 15, 33, 60])
def test_pools_match_icepool(dice: int) -> None:
    exact = odds.pool_odds(dice, True).successes
    mine = chances.pool(dice)
    for k in set(exact) | set(range(len(mine))):
        assert abs(exact.get(k, 0.0) - (mine[k] if k < len(mine) else 0.0)) < 1e-12
    assert abs(sum(mine) - 1.0) < dice * chances.TAIL + 1e-14
    plain = chances.pool(dice, False)
    for k, p in odds.pool_odds(dice, False).successes.items():
        assert abs(plain[k] - p) < 1e-12


@pytest.mark.clause("victoriana.dice.3", "victoriana.squadron.5", "victoriana.pilot.1")
@pytest.mark.parametrize(("white", "black"), [(14, 15), (5, 3), (20, 9), (8, 0), (0, 4), (40, 33)])
def test_rolls_match_icepool(white: int, black: int) -> None:
    assert abs(chances.hit_chance(white, black) - odds.hit_chance(white, black)) < 1e-12
    for needed in (1, 2, 5):
        assert (
            abs(
                chances.success_chance(white, black, needed)
                - odds.success_chance(white, black, needed)
            )
            < 1e-12
        )
    exact = dict(odds.net_distribution(white, black))
    mine = dict(chances.net_distribution(white, black))
    for n in set(exact) | set(mine):
        assert abs(exact.get(n, 0.0) - mine.get(n, 0.0)) < 1e-12
