"""Numeric parameters of Dogfight 40,000 for ``aerodrome sweep`` (registered by
``plugin.py``; see :mod:`aerodrome.engine.parameters`). Light on purpose: imported at start-up.

- ``turns``: the game turns a battle lasts unless a side has no flyer left
  [df40k.frame.3]: 6 in every built-in set-up (an assumption of the specs: a standard 40K
  mission). A set-up parameter: the battle's ``Df40kOptions.turns``, and the set-up's round
  cap two more, as the ruleset builds its set-ups.
"""

from __future__ import annotations

from typing import Any

import msgspec

from aerodrome.api import ParameterSpec, Setup
from aerodrome.engine.parameters import Value

#: The most game turns a battle may have (``aerodrome_df40k.limits.TURNS``, not imported
#: here: this module is read at start-up).
MOST_TURNS = 20


def with_turns(setup: Setup, value: Value) -> Setup:
    """[df40k.frame.3] ``setup`` with battles of ``value`` game turns."""
    options: Any = setup.options
    turns = int(value)
    return msgspec.structs.replace(
        setup, options=msgspec.structs.replace(options, turns=turns), max_rounds=turns + 2
    )


def turns_of(setup: Setup) -> Value:
    return int(getattr(setup.options, "turns", 6))


TURNS = ParameterSpec(
    name="turns",
    ruleset="df40k",
    summary="game turns a battle lasts (unless a side has no flyer left)",
    low=1,
    high=MOST_TURNS,
    default=6,
    unit="turns",
    clause="df40k.frame.3",
    setup=with_turns,
    read=turns_of,
)

PARAMETERS = (TURNS,)
