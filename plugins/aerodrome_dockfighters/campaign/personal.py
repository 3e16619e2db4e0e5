"""Personal files (rulebook: Personal Files): the experience track, the victory track and the
aces' abilities.

"At the start of each mission, a box will be marked ... Start with the first green box and
then move upwards at the beginning of the next mission your pilot flies." The yellow boxes
need a victory, the red one five (clauses pilot.2, pilot.5, pilot.6, pilot.9); a pilot who
has not met the condition stays on his last box. An ace rolls a d6 for an ability; "After 5
additional victories he rolls for a new possible ability and can choose to take the Level 2
ability of a previously rolled ability or the new one" (clauses pilot.3, pilot.8).
"""

from __future__ import annotations

from collections.abc import Callable

from aerodrome.api import Dice
from aerodrome_dockfighters.campaign.journal import TakeAbility
from aerodrome_dockfighters.campaign.sheet import AceAbility, CampaignError, PersonalFile
from aerodrome_dockfighters.campaign.specs import EXPERIENCE, Modifiers, tables

ACE = EXPERIENCE.index("ace")


def next_box(p: PersonalFile) -> int:
    """The box marked at the start of ``p``'s next mission: one up, unless that box needs
    victories he does not have (then his last box again); the last box repeats."""
    ladder = tables().campaign.ladder
    if p.box < 0:
        return 0
    nxt = min(p.box + 1, len(ladder.boxes) - 1)
    level = ladder.boxes[nxt]
    if level == "veteran" and p.victories < ladder.veteran_victories:
        return p.box
    if level == "ace" and p.victories < ladder.ace_victories:
        return p.box
    return nxt


def mark_box(p: PersonalFile, dice: Dice) -> None:
    """The start of a mission for ``p``: his box is marked and the mission counted; a pilot
    who has just reached the red box rolls his first ace ability (pilot.3)."""
    p.box = next_box(p)
    p.missions += 1
    if p.level == ACE and not p.abilities:
        roll = dice.d(6, f"ace ability of {p.name}")
        p.abilities.append(AceAbility(name=tables().aces[p.kind][roll].name))
        p.rolled_at = p.victories


def modifiers(p: PersonalFile) -> Modifiers:
    """What ``p``'s ace abilities change in play."""
    t = tables()
    total = Modifiers()
    for ab in p.abilities:
        a = t.ability(p.kind, ab.name)
        total = total + (a.level2 if ab.level == 2 else a.level1)
    return total


def ability_options(p: PersonalFile, roll: int) -> list[TakeAbility]:
    """After a new roll: the new ability (when he has not got it), or level 2 of an ability
    he has at level 1."""
    new = tables().aces[p.kind][roll].name
    owned = {a.name: a.level for a in p.abilities}
    out = [TakeAbility(pilot=p.name, ability=new, level=1)] if new not in owned else []
    out += [
        TakeAbility(pilot=p.name, ability=name, level=2)
        for name, level in owned.items()
        if level == 1
    ]
    return out


Chooser = Callable[[PersonalFile, list[TakeAbility]], TakeAbility]


def more_abilities(p: PersonalFile, dice: Dice, choose: Chooser) -> None:
    """Every 5 victories after his last roll an ace rolls again and chooses (pilot.8)."""
    more = tables().campaign.ladder.more_victories
    while p.level == ACE and p.abilities and p.victories >= p.rolled_at + more:
        p.rolled_at += more
        options = ability_options(p, dice.d(6, f"new ace ability of {p.name}"))
        if not options:
            continue
        pick = choose(p, options)
        if pick not in options:
            raise CampaignError(
                f"barracks: {p.name} cannot take {pick.ability!r} at level {pick.level}; "
                f"the choices are {', '.join(f'{o.ability} {o.level}' for o in options)} [dockfighters.pilot.8]"
            )
        if pick.level == 1:
            p.abilities.append(AceAbility(name=pick.ability))
        else:
            p.abilities = [
                AceAbility(name=a.name, level=2) if a.name == pick.ability else a
                for a in p.abilities
            ]
