"""Ground targets (clauses gt.1-6): chosen by value and a d6 on the value I-III tables."""

from __future__ import annotations

from aerodrome.api import SpecError
from aerodrome_dockfighters.specs import GroundTarget, builtin
from aerodrome_dockfighters.state import DfState, GroundUnit


def lookup(value: int, roll: int) -> GroundTarget:
    """The ground target of ``value`` (1-3) for a d6 ``roll`` (gt.2-4)."""
    table = builtin().ground.get(value)
    if table is None:
        raise SpecError(f"no ground target list of value {value} [dockfighters.gt.1]")
    return next(t for t in table.target if roll in t.roll)


def place(
    state: DfState, value: int, roll: int, cell: int, *, hostile_to: int = -1, facing: int = 0
) -> GroundUnit:
    """Put the ground target of ``value``/``roll`` on ``cell``; FLAK fights only the
    squadron whose mission placed it (gt.6)."""
    t = lookup(value, roll)
    unit = GroundUnit(
        id=len(state.ground),
        name=t.name,
        value=value,
        cell=cell,
        structure=t.structure,
        mobile=t.mobile,
        armoured=t.armoured,
        dice=list(t.dice),
        profile=list(t.damage),
        hostile_to=hostile_to,
        facing=facing,
    )
    state.ground.append(unit)
    return unit
