"""The Heresy-engine dice of Victoriana (victoriana.dice.*).

A pool of d6: a die showing 1 or 6 is a success and every white 6 adds another die
(explodes). Black dice are rolled against the pool: each black success cancels a white one.
Black 6s do not explode, except in the Squadron Roll (victoriana.squadron.5). What is left
are the net successes; a test succeeds on ``tests.success`` net successes, is a partial
success on ``tests.partial``, and a foul failure when black successes outnumber the white.
"""

from __future__ import annotations

from typing import Literal

from aerodrome.api import Dice, Record
from aerodrome.engine.dice import Purpose

Outcome = Literal["success", "partial", "failure", "foul"]


SUCCESS_FACES = frozenset({1, 6})  # victoriana.dice.1


def successes(faces: tuple[int, ...]) -> int:
    """How many faces show a success: 1 or 6 (victoriana.dice.1)."""
    return faces.count(1) + faces.count(6)


def roll_pool(dice: Dice, count: int, purpose: Purpose, *, explode: bool = True) -> int:
    """Roll ``count`` dice and return their successes; 6s add a die when ``explode``
    (victoriana.dice.2). The dice record their faces as an event only when the game is
    recorded (:meth:`Dice.exploding_successes`)."""
    if count <= 0:
        return 0
    if not explode:
        return successes(dice.roll(count, 6, purpose))
    return dice.exploding_successes(count, 6, purpose, success=SUCCESS_FACES)


class TaskRoll(Record, frozen=True):
    """A resolved test: white and black successes, the net and the outcome."""

    white: int
    black: int
    net: int
    outcome: Outcome


def classify(white: int, black: int, success: int, partial: int) -> Outcome:
    """The outcome of a test (victoriana.dice.4, victoriana.dice.5)."""
    net = white - black
    if net >= success:
        return "success"
    if net >= partial and partial > 0:
        return "partial"
    if net < 0:
        return "foul"
    return "failure"
