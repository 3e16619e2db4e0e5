"""Numeric parameters of Dockfighters for ``aerodrome sweep`` (registered by ``plugin.py``;
see :mod:`aerodrome.engine.parameters`). Light on purpose: imported at start-up.

- ``turns``: the turns a mission lasts [dockfighters.mission.1]: the rulebook's 12. A value
  reaches the rules through the ruleset's hook ``aerodrome_dockfighters_mission_turns``, and
  the set-up's round cap grows by the turns added (the cap leaves room for the set-up
  rounds and an airship's extra turns).
"""

from __future__ import annotations

import msgspec

from aerodrome.api import ParameterSpec, Setup, hookimpl
from aerodrome.engine.parameters import Value

#: [dockfighters.mission.1] every mission lasts 12 turns.
RULEBOOK_TURNS = 12


class MissionTurns:
    """Missions of ``turns`` turns."""

    def __init__(self, turns: Value) -> None:
        self.turns = int(turns)

    @hookimpl
    def aerodrome_dockfighters_mission_turns(self, standard: int) -> int | None:
        return self.turns


def room_for(setup: Setup, value: Value) -> Setup:
    """The set-up's round cap, grown by the turns added beyond the rulebook's."""
    return msgspec.structs.replace(
        setup, max_rounds=setup.max_rounds + max(0, int(value) - RULEBOOK_TURNS)
    )


TURNS = ParameterSpec(
    name="turns",
    ruleset="dockfighters",
    summary="turns a mission lasts",
    low=2,
    high=30,
    default=RULEBOOK_TURNS,
    unit="turns",
    clause="dockfighters.mission.1",
    setup=room_for,
    plugin=MissionTurns,
)

PARAMETERS = (TURNS,)
