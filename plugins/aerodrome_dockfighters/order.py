"""The order of play (clauses order.1-3, combat.3-5): who moves and who fires when.

The core's sequencer walks the order a phase starts with (:func:`move_order`,
:func:`fire_order`: one entry per turn of a squadron leader, as a ``ForEach``); in each turn
the leader picks which of his aircraft of that level goes (:func:`move_candidates`,
:func:`fire_candidates`), and the aircraft's ``activation`` records its part in the turn.
"""

from __future__ import annotations

from collections.abc import Callable

from aerodrome_dockfighters import docking, rules
from aerodrome_dockfighters.state import Activation, Aircraft, DfState

#: Aircraft that take part in the movement phase (a docked one may undock, a landed one take off).
MOVABLE = ("flying", "landed", "grounded", "docked")


def interleave(state: DfState, ids: list[int], first: int) -> list[int]:
    """Alternate the two squadron leaders' aircraft, ``first`` first (order.3, combat.4)."""
    mine = [[i for i in ids if state.aircraft[i].player == p] for p in (0, 1)]
    out: list[int] = []
    turn = first
    while mine[0] or mine[1]:
        if mine[turn]:
            out.append(mine[turn].pop(0))
        turn = 1 - turn
    return out


def move_level(state: DfState, a: Aircraft) -> int:
    """The experience level ``a`` moves at: a friendly radar lifts it one level (airship.16)."""
    return min(3, a.experience + docking.radar_bonus(state, a))


def move_order(state: DfState, airships: bool) -> list[int]:
    """The turns of phase 1.3 (``airships``) or 1.4: ascending experience, within a level the
    leader without initiative first, alternating (order.1-3). Each entry is an aircraft whose
    leader and level the turn belongs to; the leader picks which of his aircraft of the level
    goes (the ``activate`` decision)."""
    levels = {
        a.id: move_level(state, a)
        for a in state.aircraft
        if a.status in MOVABLE and (rules.sheet(a).klass == "airship") == airships
    }
    out: list[int] = []
    for level in range(4):
        out += interleave(
            state, [i for i, at in levels.items() if at == level], 1 - state.initiative
        )
    return out


def fire_order(state: DfState) -> list[int]:
    """The turns of phase 2.2: descending experience, the initiative loser first in a level
    (combat.3-4)."""
    out: list[int] = []
    for level in (3, 2, 1, 0):
        ids = [a.id for a in state.aircraft if a.status == "flying" and a.experience == level]
        out += interleave(state, ids, 1 - state.initiative)
    return out


def in_hand(state: DfState, activation: Activation) -> Aircraft | None:
    """The aircraft its leader picked and is moving (``"moving"``) or firing (``"firing"``)
    now, if any."""
    return next((a for a in state.aircraft if a.activation == activation), None)


def move_candidates(state: DfState, turn: Aircraft) -> list[Aircraft]:
    """Order.3: "the squadron leader who does not have the initiative that turn moves 1 of
    his aircraft, followed by the squadron leader who holds the initiative, and so on": in the
    turn of ``turn`` (an entry of :func:`move_order`) its leader moves any of his aircraft of
    its class (airship or not) and level that has not moved yet."""
    level = move_level(state, turn)
    airship = rules.sheet(turn).klass == "airship"
    return [
        a
        for a in state.aircraft
        if a.player == turn.player
        and a.activation == "waiting"
        and a.status in MOVABLE
        and (rules.sheet(a).klass == "airship") == airship
        and move_level(state, a) == level
    ]


def may_fire(state: DfState, a: Aircraft) -> bool:
    """Flying, or shot down at its own experience level this turn (combat.5)."""
    return a.status == "flying" or (a.status == "destroyed" and a.down_mark == state.fire_mark >= 0)


def fire_candidates(
    state: DfState, turn: Aircraft, acting: Callable[[Aircraft], bool]
) -> list[Aircraft]:
    """Combat.4: "The squadron leader who lost the initiative that turn opens fire with one of
    his aircraft first, followed by the squadron leader who holds the initiative, and so on":
    in the turn of ``turn`` its leader fires with any of his aircraft of its level that has
    not fired yet and has something to do (``acting``)."""
    return [
        a
        for a in state.aircraft
        if a.player == turn.player
        and a.experience == turn.experience
        and a.activation not in ("firing", "fired")
        and acting(a)
    ]
