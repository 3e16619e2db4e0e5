"""Numeric parameters of Victoriana for ``aerodrome sweep`` (registered by ``plugin.py``;
see :mod:`aerodrome.engine.parameters`). Light on purpose: imported at start-up.

- ``raf-squadron`` and ``luftwaffe-squadron``: the aircraft of the side's largest flight
  without named characters (in ``11-group``: the RAF's 3 Hurricanes, the Luftwaffe's 6
  Bf 109s). A side's squadron size sets its Squadron Roll pool, one die per aircraft
  [victoriana.squadron.2]: the balancing a designer does by adding or taking away
  aircraft. Set-up parameters (the set-up's flights).
- ``luftwaffe-health``: every Luftwaffe datasheet's Health in ``aircraft.toml``, in percent
  of the datasheet (100), rounded half up, at least 1 [victoriana.aircraft.7]: a group of
  spec numbers (:mod:`aerodrome.engine.overrides`), for balancing the sides' aircraft.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from aerodrome.api import AerodromeError, ParameterSpec, Setup
from aerodrome.engine.parameters import SpecData, Value

#: The most aircraft a flight is swept to (the specs allow 100 a side).
MOST = 30


def _largest_unnamed(setup: Setup, side: str) -> tuple[int, int]:
    """(side index, flight index) of ``side``'s largest flight without characters (the last
    of equals)."""
    options: Any = setup.options
    for i, s in enumerate(getattr(options, "side", ())):
        if s.key != side:
            continue
        found = [
            (f.count, j) for j, f in enumerate(s.flight) if not f.pc and not f.npc and not f.names
        ]
        if found:
            return i, max(found)[1]
        break
    raise AerodromeError(
        f"setup {setup.name!r}: side {side!r} has no flight without named characters to size"
    )


def squadron(
    side: str,
) -> tuple[Callable[[Setup, Value], Setup], Callable[[Setup], Value]]:
    """The set-up function and reader of ``side``'s squadron size. Both find the flight in
    the set-up they are given: read the set-up as the specs give it (a resized flight may no
    longer be the largest)."""

    def size(setup: Setup, value: Value) -> Setup:
        i, j = _largest_unnamed(setup, side)
        options: Any = setup.options
        sides = list(options.side)
        flights = list(sides[i].flight)
        flights[j] = msgspec.structs.replace(flights[j], count=int(value))
        sides[i] = msgspec.structs.replace(sides[i], flight=tuple(flights))
        return msgspec.structs.replace(
            setup, options=msgspec.structs.replace(options, side=tuple(sides))
        )

    def read(setup: Setup) -> Value:
        i, j = _largest_unnamed(setup, side)
        options: Any = setup.options
        return int(options.side[i].flight[j].count)

    return size, read


def _parameter(side: str, title: str) -> ParameterSpec:
    size, read = squadron(side)
    return ParameterSpec(
        name=f"{side}-squadron",
        ruleset="victoriana",
        summary=f"aircraft in {title}'s largest flight without named characters",
        low=1,
        high=MOST,
        unit="aircraft",
        clause="victoriana.squadron.2",
        setup=size,
        read=read,
    )


def _luftwaffe_health(data: SpecData, percent: Value) -> None:
    for sheet in data["aircraft.toml"]["aircraft"]:
        if sheet.get("nation") == "Luftwaffe":
            sheet["health"] = max(1, int(sheet["health"] * percent / 100 + 0.5))


LUFTWAFFE_HEALTH = ParameterSpec(
    name="luftwaffe-health",
    ruleset="victoriana",
    summary="every Luftwaffe aircraft's Health, in % of its datasheet",
    low=50,
    high=200,
    default=100,
    unit="%",
    clause="victoriana.aircraft.7",
    spec=_luftwaffe_health,
)

PARAMETERS = (
    _parameter("raf", "the RAF"),
    _parameter("luftwaffe", "the Luftwaffe"),
    LUFTWAFFE_HEALTH,
)
