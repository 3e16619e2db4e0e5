"""The journal of a squadron: one entry per thing that happened to it, in order. Replaying
the entries' inputs from the first one rebuilds the squadron file byte for byte (see
:mod:`.campaign`). Every entry carries its fame ledger lines (clause fame.6).

A scenario entry keeps everything the mission needs to be played again: its seed, what both
squadrons sent (:class:`Side`), who flew which seat, the initiative, and the game's actions;
and this squadron's own decisions (:data:`Choice`), made in the set-up and after the mission.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from aerodrome.api import Record
from aerodrome.engine.terminal import NAME_PATTERN
from aerodrome_dockfighters.campaign.ledger import Line
from aerodrome_dockfighters.campaign.specs import Kind, Modifiers

#: A pilot's, crew's or squadron's name: no control or bidi character (aerodrome.engine.terminal).
Name = Annotated[str, Meta(min_length=1, max_length=40, pattern=NAME_PATTERN)]
Rank = Annotated[str, Meta(max_length=40, pattern=NAME_PATTERN)]
Faction = Literal["Bavaria", "Saxony"]
Level = Annotated[int, Meta(ge=0, le=3)]
Seed = Annotated[int, Meta(ge=0, le=2**63 - 1)]
#: A squadron's identity and a scenario's: 16 hex digits.
Uid = Annotated[str, Meta(pattern=r"^[0-9a-f]{16}$")]
Loads = Annotated[tuple[Annotated[str, Meta(min_length=1, max_length=80)], ...], Meta(max_length=8)]


# -- what a squadron brings to a scenario --------------------------------------------------------
class InPlay(Record, frozen=True, omit_defaults=True):
    """The squadron leader's skills that work during the mission (clauses leader.dread.*,
    leader.drunken.*): uses a game."""

    reroll_checks: int = 0
    reroll_attacks: int = 0
    ignore_wounds: int = 0
    pass_checks: int = 0
    first_shot_harder: bool = False


class Sent(Record, frozen=True, omit_defaults=True):
    """One aircraft sent on the mission with its pilot or crew (clause setup.4): the level
    marked on the personal file for the mission, the loads or docking-point systems it was
    armed with (step 8), and whether the pilot flies wounded or the aircraft damaged
    (leader.ruthless.*)."""

    pilot: Name
    kind: Kind
    serial: int
    datasheet: Annotated[str, Meta(min_length=1, max_length=80)]
    experience: Level
    loads: Loads = ()
    wounded: bool = False
    damage: Annotated[int, Meta(ge=0, le=40)] = 0
    modifiers: Modifiers = Modifiers()
    club: bool = False


class Side(Record, frozen=True, omit_defaults=True):
    """What one squadron brought to a scenario: its initiative bids (one per round), its
    mission, the aircraft it sent and its leader's skills in play; marked on the squadron
    sheet before the mission (clause setup.5)."""

    squadron: Name
    faction: Faction
    mission: str
    sent: tuple[Sent, ...] = ()
    bids: tuple[Annotated[int, Meta(ge=0, le=40)], ...] = ()
    in_play: InPlay = InPlay()
    #: The fame its set-up booked (bids, the mission's cost, extra planes, the inferior
    #: bonus): the game shows it as the squadron's fame of the scenario so far.
    fame: Annotated[int, Meta(ge=-1000, le=1000)] = 0


# -- a squadron leader's decisions ----------------------------------------------------------------
class Bid(Record, frozen=True, tag=True):
    """Fame invested to bump the initiative roll (clause setup.1)."""

    fame: Annotated[int, Meta(ge=0, le=40)]


class ChooseMission(Record, frozen=True, tag=True):
    """The mission chosen in steps 2/3 (clause setup.2)."""

    mission: str


class Pick(Record, frozen=True, omit_defaults=True):
    """A pilot or crew and the aircraft (by serial) sent with it, and its loads."""

    pilot: Name
    serial: int
    loads: Loads = ()


class Send(Record, frozen=True, tag=True):
    """Who and what is sent on the mission (step 4): pilots or crews and aircraft, without
    loads (the armament is step 8, :class:`Arm`)."""

    picks: Annotated[tuple[Pick, ...], Meta(max_length=20)]


class Arm(Record, frozen=True, tag=True):
    """The armament (step 8, clause setup.10), chosen once the missions are set up: the
    external loads or docking-point systems of each aircraft sent, in the order sent."""

    picks: Annotated[tuple[Pick, ...], Meta(max_length=20)]


class PayReturn(Record, frozen=True, tag=True):
    """Whether fame is paid to bring a bailed-out pilot home (clause campaign.return.1)."""

    pilot: Name
    pay: bool


class BailOut(Record, frozen=True, tag=True):
    """Bail out over the home base instead of trying to land a damaged plane (clause
    setup.8: "He can opt to bail out instead of trying to land, by a successful pilot
    check")."""

    pilot: Name
    bail: bool


class TakeAbility(Record, frozen=True, tag=True):
    """An ace's choice after 5 more victories: level 2 of an ability he has, or the new one
    (clause pilot.8)."""

    pilot: Name
    ability: str
    level: Annotated[int, Meta(ge=1, le=2)]


Choice = Bid | ChooseMission | Send | Arm | PayReturn | BailOut | TakeAbility


# -- the outcome of a mission --------------------------------------------------------------------
class Flown(Record, frozen=True, omit_defaults=True):
    """One aircraft sent, after the mission: its victories (enemy aircraft shot down and
    ground targets destroyed, "One kill, one marking"), what became of the aircraft and of
    its pilot or crew."""

    pilot: Name
    serial: int
    kills: int = 0
    ground: int = 0
    #: home, workshop, shot down, crashed, missing, crashed landing, abandoned (bailed out
    #: of it over the base)
    aircraft: str = "home"
    #: fit, wounded, killed, missing, captured, brought home (bailed out, fame paid),
    #: bailed out over the base
    fate: str = "fit"


class Outcome(Record, frozen=True, omit_defaults=True):
    """What the mission came to for this squadron (for reading; the replay recomputes it).
    ``drawn``: the squadron was drawn into the other's value-5 mission - not its mission to
    win ("Only the squadron leader who paid for the mission can ... qualify for its
    fulfilment")."""

    mission_won: bool = False
    drawn: bool = False
    kills: int = 0
    ground_kills: int = 0
    losses: int = 0
    pilots_lost: tuple[str, ...] = ()
    wounded: tuple[str, ...] = ()
    bailed_home: tuple[str, ...] = ()
    workshop: tuple[int, ...] = ()
    turns: int = 0
    flown: tuple[Flown, ...] = ()


# -- journal entries -----------------------------------------------------------------------------
class Entry(Record, frozen=True, tag=True, omit_defaults=True):
    """Base of every journal entry: the fame ledger lines it wrote."""

    ledger: tuple[Line, ...] = ()


class Founded(Entry, frozen=True, kw_only=True):
    """A new squadron: faction, 4 standard fighters, 4 named green pilots, 0 fame
    (clause campaign.1)."""

    name: Name
    faction: Faction
    pilots: tuple[Name, ...]
    seed: Seed
    uid: Uid


class Recruited(Entry, frozen=True, kw_only=True):
    name: Name
    kind: Kind = "pilot"
    rank: Rank = ""


class Bought(Entry, frozen=True, kw_only=True):
    datasheet: str
    serial: int = 0


class Equipped(Entry, frozen=True, kw_only=True):
    item: str


class Promoted(Entry, frozen=True, kw_only=True):
    """A pilot promoted to squadron leader; ``tree`` is the d6 rolled (clause leader.1)."""

    pilot: Name
    tree: int = 0


class LevelUnlocked(Entry, frozen=True, kw_only=True):
    """The next level of the leader's skill tree unlocked (clause leader.2)."""

    level: str = ""


class Scenario(Entry, frozen=True, kw_only=True):
    """A scenario (or, with ``challenge``, an ace challenge against the League) and its
    replay: seed, the sides by seat (``player`` is this squadron's seat, ``party`` its place
    in the set-up: 0 for the squadron whose leader called the scenario), the seats the bot
    flew, the initiative rolls and the seat that won it, and the game's actions as JSON lines
    ``[player, action]``; this squadron's decisions (``choices``) and its fame lines. ``id``
    is the scenario's, the same in both squadrons' journals; ``partner`` the other
    squadron's ``uid`` ("" for a challenge): two files that disagree are found out."""

    id: Uid
    partner: Annotated[str, Meta(pattern=r"^([0-9a-f]{16})?$")] = ""
    seed: Seed
    player: Annotated[int, Meta(ge=0, le=1)]
    party: Annotated[int, Meta(ge=0, le=1)] = 0
    sides: tuple[Side, Side]
    choices: tuple[Choice, ...]
    bots: tuple[int, ...] = ()
    challenge: Annotated[int, Meta(ge=0, le=3)] = 0
    rolls: tuple[tuple[int, int], ...] = ()
    initiative: int = -1
    actions: tuple[str, ...] = ()
    outcome: Outcome = Outcome()


class Disbanded(Entry, frozen=True, kw_only=True):
    """The squadron could not get 2 planes and 2 pilots airborne (clause campaign.sortie.2)."""

    reason: str = ""


JournalEntry = (
    Founded | Recruited | Bought | Equipped | Promoted | LevelUnlocked | Scenario | Disbanded
)


def lines(journal: list[JournalEntry]) -> list[Line]:
    """Every fame ledger line of a journal, in order."""
    return [x for e in journal for x in e.ledger]


def replace(entry: JournalEntry, **changes: object) -> JournalEntry:
    return msgspec.structs.replace(entry, **changes)
