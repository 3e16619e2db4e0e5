"""Setting the aircraft up (clause setup.7): the set-up order, the hexes of the set-up zone,
the free altitude and speed, and the escort missions' printed limits.

"The escorts must be within 6 hexes of the recon planes and at the same altitude and speed"
(Reconnaissance Escort); "the escorts must be placed within 6 hexes of the airship" (Cargo
Airship Escort, The Flying Eye). An escorted aircraft is therefore set up before its
squadron's escorts.
"""

from __future__ import annotations

from aerodrome_dockfighters import rules
from aerodrome_dockfighters.board import board
from aerodrome_dockfighters.missions import zone
from aerodrome_dockfighters.objectives import entry_altitudes
from aerodrome_dockfighters.state import Aircraft, Deploy, DfState, Place

#: Escort missions: the role of the escorted aircraft.
ESCORTED = {"recon-escort": "recon", "cargo-escort": "cargo", "flying-eye": "recon"}
#: "within 6 hexes" of the escorted aircraft.
ESCORT_RANGE = 6


def escorted(state: DfState, a: Aircraft) -> bool:
    """Whether ``a`` is the aircraft its squadron's escort mission escorts."""
    return ESCORTED.get(state.squadrons[a.player].mission) == a.role != ""


def setup_order(state: DfState) -> list[int]:
    """The aircraft still to set up, lowest experience first (setup.7), a squadron's escorted
    aircraft before its escorts (missions recon-escort.1, cargo-escort.1, flying-eye.1)."""
    return sorted(
        (a.id for a in state.aircraft if not a.deployed and a.status == "flying"),
        key=lambda i: (not escorted(state, state.aircraft[i]), state.aircraft[i].experience),
    )


def wards(state: DfState, a: Aircraft) -> list[Aircraft]:
    """The set-up escorted aircraft ``a`` must stay near, when ``a`` is an escort."""
    if a.player < 0 or state.squadrons[a.player].mission not in ESCORTED or escorted(state, a):
        return []
    return [o for o in state.aircraft if o.player == a.player and o.deployed and escorted(state, o)]


class _Slots:
    """Where and how ``a`` may set up, worked out once per question: the altitudes and
    speeds it may choose, the hexes and altitudes already taken, its wards."""

    def __init__(self, state: DfState, a: Aircraft) -> None:
        ds = rules.sheet(a)
        self.state, self.a = state, a
        self.taken = {
            (o.cell, o.altitude) for o in state.aircraft if o.deployed and o.status == "flying"
        }
        self.altitudes = entry_altitudes(state, a)
        self.speeds = range(
            max(ds.min_speed, 0 if ds.klass == "airship" else 1), rules.max_speed(a, ds) + 1
        )
        self.wards = wards(state, a)

    def free(self, cell: int) -> list[tuple[int, int]]:
        """The (altitude, speed) ``a`` may take on ``cell``: a free altitude of its entry
        range and any speed up to its maximum ("free selection of altitude and speed",
        setup.7)."""
        return [(h, v) for h in self.altitudes if (cell, h) not in self.taken for v in self.speeds]

    def allowed(self, cell: int) -> list[tuple[int, int]]:
        """The free slots, and for an escort only within 6 hexes of an escorted aircraft; in
        a Reconnaissance Escort also at the altitude and speed of such a recon plane."""
        slots = self.free(cell)
        if not self.wards or not slots:
            return slots
        b = board(self.state.width, self.state.height)
        near = [w for w in self.wards if b.distance(w.cell, cell) <= ESCORT_RANGE]
        if self.state.squadrons[self.a.player].mission == "recon-escort":
            return [(h, v) for h, v in slots if any((w.altitude, w.speed) == (h, v) for w in near)]
        return slots if near else []

    def cells(self) -> list[int]:
        zone_cells = zone(self.state, self.a.player)
        cells = [c for c in zone_cells if self.allowed(c)]
        if cells or not self.wards:
            return cells
        # no hex of the zone keeps the escort by its ward (all taken): anywhere in the zone
        return [c for c in zone_cells if self.free(c)]


def place_options(state: DfState, a: Aircraft) -> list[Place]:
    """The hexes of the set-up zone where ``a`` may set up (setup.7 and the escort limits)."""
    return [Place(aircraft=a.id, cell=c) for c in _Slots(state, a).cells()]


def deploy_options(state: DfState, a: Aircraft, cell: int = -1) -> list[Deploy]:
    """Altitude and speed on ``cell`` (every hex of the zone when ``cell`` is -1)."""
    where = _Slots(state, a)
    cells = where.cells() if cell < 0 else [cell]
    out: list[Deploy] = []
    for here in cells:
        slots = where.allowed(here) or where.free(here)
        out += [Deploy(aircraft=a.id, cell=here, altitude=h, speed=v) for h, v in slots]
    return out
