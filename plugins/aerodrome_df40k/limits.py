"""Bounds of every number and name a df40k spec file, position file or odds option may
hold (issue 19): the rulebook's or 40K's range where there is one, else a sane ceiling
that keeps a battle's memory and time small. Spec and position fields carry them as
msgspec constraints, so a value out of bounds is a one-line error naming the file and the
field (``Expected `int` <= 10 - at `$.flyer.harpy.bs```). docs/rules/df40k.md lists them
with their reasons.
"""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta

#: A 40K characteristic (Ballistic Skill, Initiative) runs from 0 to 10.
CHARACTERISTIC = 10
#: A 40K armour value runs up to 14.
ARMOUR = 14
#: A 40K Strength runs up to 10; AP from 1 to 6.
STRENGTH, AP = 10, 6
#: Shots of one weapon, mounts of one weapon on a flyer: sane ceilings (40K weapons fire a
#: handful of shots; a flyer carries a few of each weapon).
SHOTS, MOUNTS = 20, 12
#: Flyers a side: a sane ceiling. The rulebook's example has two a side and a 40K army
#: fields a handful; every flyer may escort every ally, so the orders a player chooses
#: from grow with the square of a force (10,000 flyers took 5 GB).
FLYERS = 20
#: Uncommitted Gargoyles a side: a sane ceiling (a few broods). Each number of Gargoyles
#: the Tyranid player may commit is one legal action (2**63 exhausted memory).
GARGOYLES = 60
#: Game turns of a battle: a sane ceiling (a 40K mission lasts 5 to 7 game turns).
TURNS = 20
#: Points of a flyer: a sane ceiling.
POINTS = 10_000
#: A DF modifier of an order or of ordnance carried: a sane ceiling.
MODIFIER = 10
#: Dogfight skill in the odds command: BS + Initiative (doubled by the Waaagh) + modifiers
#: stay within this range for any flyer within the bounds above.
DF_LOW, DF_HIGH = -4 * MODIFIER, CHARACTERISTIC + 2 * CHARACTERISTIC + 4 * MODIFIER

Characteristic = Annotated[int, Meta(ge=0, le=CHARACTERISTIC)]
ArmourValue = Annotated[int, Meta(ge=1, le=ARMOUR)]
Strength = Annotated[int, Meta(ge=1, le=STRENGTH)]
ArmourPiercing = Annotated[int, Meta(ge=1, le=AP)]
Shots = Annotated[int, Meta(ge=1, le=SHOTS)]
Mounts = Annotated[int, Meta(ge=1, le=MOUNTS)]
Points = Annotated[int, Meta(ge=0, le=POINTS)]
Modifier = Annotated[int, Meta(ge=-MODIFIER, le=MODIFIER)]
Turns = Annotated[int, Meta(ge=1, le=TURNS)]
GargoylePool = Annotated[int, Meta(ge=0, le=GARGOYLES)]
#: A d6 face (Gargoyle success number, scatter-die Hit faces).
Face = Annotated[int, Meta(ge=1, le=6)]
#: The roll needed to hit (7: cannot hit).
ToHit = Annotated[int, Meta(ge=2, le=7)]
#: A name: not blank, no spaces around it (ids, types, sides and setup names are printed
#: and compared; a blank one is invisible).
NAME_PATTERN = r"^\S(.*\S)?$"
Name = Annotated[str, Meta(min_length=1, max_length=80, pattern=NAME_PATTERN)]
#: A flyer id of a position file: empty (the default id) or a name.
FLYER_ID_PATTERN = r"^(\S(.*\S)?)?$"
#: A title line.
TITLE_PATTERN = r"\S"
Title = Annotated[str, Meta(min_length=1, max_length=200, pattern=TITLE_PATTERN)]

_PATTERN_WORDS = {
    NAME_PATTERN: "a name (not blank, no spaces around it)",
    FLYER_ID_PATTERN: "empty or a name (not blank, no spaces around it)",
    TITLE_PATTERN: "a title (not blank)",
}


def readable(message: str) -> str:
    """A msgspec error with the regular expressions of this module put into words."""
    for pattern, words in _PATTERN_WORDS.items():
        message = message.replace(f"`str` matching regex {pattern!r}", words)
    return message


#: A side's force: one flyer type per flyer.
Force = Annotated[tuple[Name, ...], Meta(min_length=1, max_length=FLYERS)]
