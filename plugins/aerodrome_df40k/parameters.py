"""Numeric parameters of Dogfight 40,000 for ``aerodrome sweep`` (registered by
``plugin.py``; see :mod:`aerodrome.engine.parameters`). Light on purpose: imported at start-up.

- ``turns``: the game turns a battle lasts unless a side has no flyer left
  [df40k.frame.3]: 6 in every built-in set-up (an assumption of the specs: a standard 40K
  mission). A set-up parameter: the battle's ``Df40kOptions.turns``, and the set-up's round
  cap two more, as the ruleset builds its set-ups.
- ``ork-bs``: added to the Ballistic Skill of every Ork flyer in ``flyers.toml`` (0: the
  specs; each BS kept within 1..10), with which hits are rolled [df40k.victory.2]: a group
  of spec numbers (:mod:`aerodrome.engine.overrides`), for balancing the races.
"""

from __future__ import annotations

from typing import Any

import msgspec

from aerodrome.api import ParameterSpec, Setup
from aerodrome.engine.parameters import SpecData, Value

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

#: The highest Ballistic Skill (``aerodrome_df40k.limits.CHARACTERISTIC``, not imported here).
MOST_BS = 10


def _ork_bs(data: SpecData, added: Value) -> None:
    for flyer in data["flyers.toml"]["flyer"].values():
        if flyer.get("race") == "ork":
            flyer["bs"] = min(MOST_BS, max(1, flyer["bs"] + int(added)))


ORK_BS = ParameterSpec(
    name="ork-bs",
    ruleset="df40k",
    summary="added to every Ork flyer's Ballistic Skill",
    low=-2,
    high=4,
    default=0,
    unit="BS",
    clause="df40k.victory.2",
    spec=_ork_bs,
)

PARAMETERS = (TURNS, ORK_BS)
