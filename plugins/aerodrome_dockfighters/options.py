"""The typed options of a Dockfighters set-up: the mission each squadron flies and the
aircraft and pilots it sends.

Every :class:`~aerodrome.engine.ruleset.Setup` of the ruleset carries a :class:`DockfightersOptions`
(``setup.options`` of a ``Setup[DockfightersOptions]``). The built-in set-ups are in
:mod:`aerodrome_dockfighters.missions`; the campaign layer builds its scenarios' options from
its squadron sheets::

    DockfightersOptions(
        missions=("fighter-sweep", "aerial-dominance"),
        forces=(
            (Sortie(datasheet="Fw-802 E-1 Hawk", experience=1, pilot="Oberst Kessler"),
             Sortie(datasheet="Bf-229 R-6 Sprite", loads=("AB 250 bomb",))),
            (Sortie(datasheet="Do-335 L-3 Arrow"), Sortie(datasheet="Do-335 L-3 Arrow")),
        ),
    )

The options are checked when a game starts (:func:`check`): a bad value is one line naming
the set-up and the field (``setup custom: forces[0][1]: unknown aircraft 'Eel'``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated

from msgspec import Meta

from aerodrome.api import Options, Record, Setup, SpecError
from aerodrome_dockfighters.state import Knacks

#: The squadrons' sides, by player: Bavaria (player 0, bottom edge), Saxony (player 1).
SIDES = ("Bavaria", "Saxony")
#: The nations a campaign squadron can be of (its dockfighters, a mission's own aircraft).
NATIONS = SIDES
#: The mission of the League's side in an ace challenge: its planes come by the dice.
LEAGUE = "the-league"
#: At most this many aircraft a side: a squadron has at most 14 pilots and crews ("up to 8
#: pilots, 2 airship crews or 4 bomber crews"); 20 leaves room for its dockfighters.
MAX_FORCES = 20


class Sortie(Record, frozen=True):
    """One aircraft sent on the mission, with its pilot (or an airship with its crew).

    :param datasheet: the aircraft's name in ``specs/dockfighters/aircraft.toml``.
    :param experience: the pilot's or crew's level: 0 green, 1 experienced, 2 veteran, 3 ace
        (clause pilot.1). The pilot of a dockfighter flies one level below it
        (clause dockfighter.3).
    :param loads: its external loads (names in ``weapons.toml``, clause load.1); for an
        airship, the systems on its docking points in order (clause airship.10).
    :param pilot: the pilot's name; empty: "Bavaria pilot 1", "Saxony pilot 2"... by place.
    """

    datasheet: str
    experience: int = 0
    loads: tuple[str, ...] = ()
    pilot: str = ""


#: One squadron's aircraft on the mission.
Force = tuple[Sortie, ...]
#: Uses a game of a squadron leader's skill.
Uses = Annotated[int, Meta(ge=0, le=6)]


class Crew(Record, frozen=True, omit_defaults=True):
    """What a campaign says of one aircraft of the forces (same order): its pilot flies
    wounded (clauses leader.ruthless.1-2), the aircraft starts with damage points crossed off
    (leader.ruthless.3), the pilot's ace abilities (pilot.3)."""

    wounded: bool = False
    damage: Annotated[int, Meta(ge=0, le=40)] = 0
    knacks: Knacks = Knacks()


class Leader(Record, frozen=True, omit_defaults=True):
    """A campaign squadron leader's skills in play: uses a game (clauses leader.dread.*,
    leader.drunken.*)."""

    reroll_checks: Uses = 0
    reroll_attacks: Uses = 0
    ignore_wounds: Uses = 0
    pass_checks: Uses = 0
    first_shot_harder: bool = False


class CampaignOptions(Record, frozen=True):
    """What a campaign brings into a mission (issue 10; see :mod:`aerodrome_dockfighters.careers`).

    :param initiative: the player holding the initiative in turn 1, won with fame bids in the
        scenario set-up (clause setup.1); -1: rolled by the game.
    :param nations: each player's nation (its dockfighters and the mission's own aircraft are
        that nation's); empty: Bavaria and Saxony.
    :param crews: per player, one :class:`Crew` per aircraft of its force.
    :param leaders: per player, its squadron leader's skills in play.
    :param fame: per player, the fame its scenario set-up booked (bids, the mission's cost,
        extra planes, the inferior bonus: the campaign's ledger, with its discounts);
        empty: the game works it out (``missions.scenario_fame``).
    """

    initiative: int = -1
    nations: tuple[str, ...] = ()
    crews: tuple[tuple[Crew, ...], ...] = ()
    leaders: tuple[Leader, ...] = ()
    fame: tuple[int, ...] = ()


class DockfightersOptions(Options, frozen=True):
    """What a Dockfighters set-up decides before the dice: missions and forces.

    :param missions: the mission of each squadron, Bavaria's then Saxony's: keys of
        ``specs/dockfighters/missions.toml``. Their values may not exceed 5 together, and a
        value-5 mission draws the other side into it (clause setup.2).
    :param forces: each squadron's aircraft, Bavaria's then Saxony's: 1 to
        :data:`MAX_FORCES` each. A mission's own aircraft (recon planes, the cargo or recon
        airship) are added by the mission.
    :param campaign: what a campaign squadron brings (the initiative bought with fame, the
        nations, wounded pilots, damaged aircraft, aces' abilities, the leaders' skills).
    The seats the solo bot flies are the core's (:attr:`aerodrome.engine.ruleset.Seat.bot`, set for
    an agent that plays by the bot rules, such as Konrad): read through :func:`bot_seats`.
    """

    forces: tuple[Force, Force]
    missions: tuple[str, str] = ("aerial-dominance", "aerial-dominance")
    campaign: CampaignOptions | None = None


#: A set-up of Dockfighters (its options checked by the core when a game starts).
DfSetup = Setup[DockfightersOptions]


def options_of(setup: DfSetup) -> DockfightersOptions:
    """The set-up's options (checked to be Dockfighters options when its game started)."""
    return setup.options


def bot_seats(setup: Setup, position: Sequence[int] = ()) -> frozenset[int]:
    """The players whose aircraft the solo bot flies (clause konrad.19): the one place the
    ruleset reads them, from the set-up's seats (and a position file's ``bot_seats``)."""
    return frozenset(setup.bots) | frozenset(position)


def check(setup: DfSetup) -> DockfightersOptions:
    """The set-up's options, checked within the rules' bounds: one clear line naming the
    set-up and the field on the first bad value. Mission values are checked by
    :func:`aerodrome_dockfighters.missions.check_mission_values`; aircraft names and loads
    against the specs by :func:`aerodrome_dockfighters.missions.forces`."""
    options = options_of(setup)
    here = f"setup {setup.name}"
    missions = options.missions
    if (
        not isinstance(missions, tuple | list)
        or len(missions) != 2
        or not all(isinstance(m, str) for m in missions)
    ):
        raise SpecError(f"{here}: missions: one mission name per squadron, not {missions!r}")
    forces = options.forces
    if not isinstance(forces, tuple | list) or len(forces) != 2:
        raise SpecError(f"{here}: forces: a list of two squadrons' aircraft")
    for p, force in enumerate(forces):
        least = 0 if missions[p] == LEAGUE else 1  # the League's planes come by the dice
        if not isinstance(force, tuple | list) or not least <= len(force) <= MAX_FORCES:
            raise SpecError(f"{here}: forces[{p}]: {least} to {MAX_FORCES} aircraft")
        for n, sortie in enumerate(force):
            where = f"{here}: forces[{p}][{n}]"
            if not isinstance(sortie, Sortie):
                raise SpecError(f"{where}: a Sortie (datasheet, experience, loads, pilot)")
            exp = sortie.experience
            if not isinstance(exp, int) or isinstance(exp, bool) or not 0 <= exp <= 3:
                raise SpecError(f"{where}: experience 0-3, not {exp!r}")
            if not isinstance(sortie.loads, tuple | list) or not all(
                isinstance(x, str) and x for x in sortie.loads
            ):
                raise SpecError(f"{where}: loads must be a list of names")
            if not isinstance(sortie.pilot, str) or (sortie.pilot and not sortie.pilot.strip()):
                raise SpecError(f"{where}: a pilot's name must not be blank")
    return options
