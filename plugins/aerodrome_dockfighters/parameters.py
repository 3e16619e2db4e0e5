"""Numeric parameters of Dockfighters for ``aerodrome sweep`` (registered by ``plugin.py``;
see :mod:`aerodrome.engine.parameters`). Light on purpose: imported at start-up.

- ``turns``: the turns a mission lasts [dockfighters.mission.1]: the rulebook's 12. A value
  reaches the rules through the ruleset's hook ``aerodrome_dockfighters_mission_turns``, and
  the set-up's round cap grows by the turns added (the cap leaves room for the set-up
  rounds and an airship's extra turns).

Groups of spec numbers, for calibrating the stand-in datasheets [dockfighters.sheet.1] (each
changes ``aircraft.toml`` as the games load it: :mod:`aerodrome.engine.overrides`):

- ``fighter-structure``: every fighter's structure track (standard and advanced fighters,
  fighterbombers, dockfighters), both sections, in percent of the datasheet (100): each
  section scaled and rounded half up, at least 1.
- ``airship-structure``: the same for the airships.
- ``fighter-dice``: dice added to every attack die count of the fighters' onboard weapons at
  the ranges they fire at (0: the datasheets), each at least 1 and at most 20.
"""

from __future__ import annotations

from typing import Any

import msgspec

from aerodrome.api import ParameterSpec, Setup, hookimpl
from aerodrome.engine.parameters import SpecData, Value

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

#: The aircraft classes whose datasheets the fighter groups change.
FIGHTERS = frozenset({"standard fighter", "advanced fighter", "fighterbomber", "dockfighter"})
AIRSHIPS = frozenset({"airship"})


def _datasheets(data: SpecData, classes: frozenset[str]) -> list[dict[str, Any]]:
    return [a for a in data["aircraft.toml"]["aircraft"] if a.get("klass") in classes]


def _half_up(x: float) -> int:
    return int(x + 0.5)


def _scale_structure(classes: frozenset[str]) -> Any:
    def scale(data: SpecData, percent: Value) -> None:
        for sheet in _datasheets(data, classes):
            for section in ("yellow", "red"):
                sheet[section] = max(1, _half_up(sheet[section] * percent / 100))

    return scale


def _add_dice(data: SpecData, added: Value) -> None:
    for sheet in _datasheets(data, FIGHTERS):
        for mount in sheet.get("weapons", []):
            mount["dice"] = [
                d if d == 0 else min(20, max(1, d + int(added))) for d in mount["dice"]
            ]


FIGHTER_STRUCTURE = ParameterSpec(
    name="fighter-structure",
    ruleset="dockfighters",
    summary="every fighter's structure track, in % of its datasheet",
    low=50,
    high=300,
    default=100,
    unit="%",
    clause="dockfighters.sheet.1",
    spec=_scale_structure(FIGHTERS),
)
AIRSHIP_STRUCTURE = ParameterSpec(
    name="airship-structure",
    ruleset="dockfighters",
    summary="every airship's structure track, in % of its datasheet",
    low=50,
    high=300,
    default=100,
    unit="%",
    clause="dockfighters.sheet.1",
    spec=_scale_structure(AIRSHIPS),
)
FIGHTER_DICE = ParameterSpec(
    name="fighter-dice",
    ruleset="dockfighters",
    summary="dice added to every fighter weapon's attack dice at each range it fires at",
    low=-4,
    high=6,
    default=0,
    unit="dice",
    clause="dockfighters.sheet.1",
    spec=_add_dice,
)

PARAMETERS = (TURNS, FIGHTER_STRUCTURE, AIRSHIP_STRUCTURE, FIGHTER_DICE)
