"""The squadron sheet and the personal files (Squadron Documents, Personal Files): one
msgspec Struct, saved as one JSON file by :mod:`.files`.

The sheet holds the faction, the fame, the aircraft in the hangar (ready, in workshop or
lost), the pilots and crews in barracks (ready, in hospital, killed, missing or captured),
each one's personal file, the unlocked equipment, the squadron leader, and the journal.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from aerodrome.api import AerodromeError
from aerodrome_dockfighters.campaign.journal import (
    Faction,
    JournalEntry,
    Name,
    Rank,
    Scenario,
    Seed,
    Uid,
)
from aerodrome_dockfighters.campaign.specs import EXPERIENCE, KINDS, Experience, Kind, tables

#: A personal file's standing: "combat ready", "in hospital", or gone.
Standing = Literal["ready", "hospital", "killed", "missing", "captured"]
GONE: tuple[Standing, ...] = ("killed", "missing", "captured")
#: An aircraft's condition: "Ready for combat", "In workshop", or lost.
Condition = Literal["ready", "workshop", "lost"]
#: The squadron file's format. 2: the journal of issue 26's rules (armament at step 8, the
#: weather after the set-up, no kills for crashes...), scenario ids shared by both files.
FORMAT: Literal[2] = 2


class CampaignError(AerodromeError):
    """A campaign rule refuses something (an unaffordable purchase, a 15th crew, a third
    airship, an illegal mission pairing...): the message names the field and the clause;
    the command line puts the file name in front."""


class AceAbility(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """An ace ability on a personal file, at level 1 or 2 (clauses pilot.3, pilot.8)."""

    name: Annotated[str, Meta(min_length=1, max_length=60)]
    level: Annotated[int, Meta(ge=1, le=2)] = 1


class PersonalFile(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A pilot's or crew's personal file: the boxes marked (``box``: the last one, -1 none),
    missions flown, the victory track, ace abilities, ace challenges mastered and the
    League's club membership."""

    name: Name
    kind: Kind = "pilot"
    rank: Rank = ""
    status: Standing = "ready"
    missions: Annotated[int, Meta(ge=0)] = 0
    box: Annotated[int, Meta(ge=-1, le=200)] = -1
    victories: Annotated[int, Meta(ge=0)] = 0
    abilities: list[AceAbility] = []
    rolled_at: Annotated[int, Meta(ge=0)] = 0
    challenges: list[Annotated[int, Meta(ge=1, le=3)]] = []
    club: bool = False

    @property
    def level(self) -> int:
        """The experience level of the last box marked (green before the first mission)."""
        if self.box < 0:
            return 0
        boxes = tables().campaign.ladder.boxes
        return EXPERIENCE.index(boxes[min(self.box, len(boxes) - 1)])

    @property
    def experience(self) -> Experience:
        return EXPERIENCE[self.level]

    @property
    def active(self) -> bool:
        return self.status not in GONE


class Plane(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """An aircraft of the hangar, told apart by its serial number."""

    serial: Annotated[int, Meta(ge=1)]
    datasheet: Annotated[str, Meta(min_length=1, max_length=80)]
    status: Condition = "ready"


class LeaderFile(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The active squadron leader (clause leader.1): his skill tree (the d6), the levels
    unlocked, and the squadron's mission count when he last unlocked one (leader.2)."""

    pilot: Name
    tree: Annotated[int, Meta(ge=1, le=6)]
    levels: Annotated[int, Meta(ge=0, le=3)] = 0
    unlocked_after: Annotated[int, Meta(ge=-1)] = -1


class Squadron(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A campaign squadron: the whole file. ``digest`` seals it (see :mod:`.files`)."""

    format: Literal[2] = FORMAT
    name: Name
    faction: Faction
    seed: Seed
    uid: Uid
    fame: Annotated[int, Meta(ge=0)] = 0
    missions: Annotated[int, Meta(ge=0)] = 0
    won: Annotated[int, Meta(ge=0)] = 0
    lost: Annotated[int, Meta(ge=0)] = 0
    #: Missions it was drawn into (the other's value-5 mission): neither won nor lost.
    drawn: Annotated[int, Meta(ge=0)] = 0
    disbanded: bool = False
    next_serial: Annotated[int, Meta(ge=1)] = 1
    hangar: list[Plane] = []
    barracks: list[PersonalFile] = []
    equipment: list[str] = []
    leader: LeaderFile | None = None
    journal: list[JournalEntry] = []
    digest: str = ""

    # -- lookups --------------------------------------------------------------------------
    def pilot(self, name: str) -> PersonalFile | None:
        return next((p for p in self.barracks if p.name == name), None)

    def plane(self, serial: int) -> Plane | None:
        return next((p for p in self.hangar if p.serial == serial), None)

    def active(self, kind: Kind | None = None) -> list[PersonalFile]:
        """Pilots and crews in barracks (ready or in hospital), of ``kind`` if given."""
        return [p for p in self.barracks if p.active and (kind is None or p.kind == kind)]

    def ready(self) -> list[PersonalFile]:
        return [p for p in self.barracks if p.status == "ready"]

    def aircraft(self) -> list[Plane]:
        """Aircraft in the hangar (ready or in the workshop)."""
        return [p for p in self.hangar if p.status != "lost"]

    def shared(self, other: str) -> list[str]:
        """The ids of the scenarios flown against the squadron whose ``uid`` is ``other``."""
        return [e.id for e in self.journal if isinstance(e, Scenario) and e.partner == other]


def kinds_in_barracks(sq: Squadron) -> dict[Kind, int]:
    return {k: len(sq.active(k)) for k in KINDS}
