"""The squadron leader (Expansion Rules: Squadron Leader; clauses leader.*).

"Each squadron can have only one active squadron leader ... Only his skills are relevant
for the squadron. Once a pilot is promoted to squadron leader, a random ability is rolled
(d6). The d6 result sets his skill tree." Levels are unlocked with fame once the leader has
reached the level's experience, one per mission, in order: the skills table's Green,
Experienced and Veteran rows (2 / 4 / 6 fame); it has no Ace row.
"""

from __future__ import annotations

from aerodrome.api import Dice, derive_seed
from aerodrome_dockfighters.campaign.journal import InPlay, LevelUnlocked, Promoted
from aerodrome_dockfighters.campaign.ledger import Line
from aerodrome_dockfighters.campaign.sheet import CampaignError, LeaderFile, Squadron
from aerodrome_dockfighters.campaign.specs import EXPERIENCE, Effect, Skill, tables


def leader_active(sq: Squadron) -> bool:
    if sq.leader is None:
        return False
    p = sq.pilot(sq.leader.pilot)
    return p is not None and p.active


def promote(sq: Squadron, pilot: str) -> Promoted:
    """Promote ``pilot``; the d6 of his skill tree is rolled from the squadron's seed and the
    journal's length, so a replay rolls it again (clause leader.1)."""
    p = sq.pilot(pilot)
    if p is None or not p.active:
        raise CampaignError(
            f"leader: {pilot!r} is not a pilot or crew in the barracks [dockfighters.leader.1]"
        )
    if leader_active(sq):
        assert sq.leader is not None
        raise CampaignError(
            f"leader: the squadron already has its one active squadron leader, {sq.leader.pilot} [dockfighters.leader.1]"
        )
    dice = Dice(derive_seed(sq.seed, "promotion", len(sq.journal)))
    tree = dice.d(6, f"skill tree of {pilot}")
    sq.leader = LeaderFile(pilot=pilot, tree=tree)
    return Promoted(pilot=pilot, tree=tree)


def unlock(sq: Squadron) -> LevelUnlocked:
    """Unlock the next level of the leader's tree: he must have reached its experience, pay
    its fame, and "only one skill can be unlocked per mission, and the next level must always
    be unlocked" (clause leader.2)."""
    t = tables().leaders
    if sq.leader is None or not leader_active(sq):
        raise CampaignError(
            "leader: the squadron has no active squadron leader [dockfighters.leader.2]"
        )
    lead = sq.leader
    if lead.levels >= len(t.level):
        raise CampaignError(
            f"leader: {lead.pilot} has unlocked every level of his tree [dockfighters.leader.2]"
        )
    level = t.level[lead.levels]
    p = sq.pilot(lead.pilot)
    assert p is not None
    if lead.unlocked_after >= sq.missions:
        raise CampaignError(
            "leader: only one skill can be unlocked per mission [dockfighters.leader.2]"
        )
    if p.level < EXPERIENCE.index(level.name):
        raise CampaignError(
            f"leader: {lead.pilot} is {p.experience}; the {level.name} level needs him {level.name} "
            "[dockfighters.leader.2]"
        )
    if sq.fame < level.cost:
        raise CampaignError(
            f"fame: the {level.name} level costs {level.cost} fame, the squadron has {sq.fame} [dockfighters.leader.2]"
        )
    lead.levels += 1
    lead.unlocked_after = sq.missions
    skill = skills(sq)[-1]
    return LevelUnlocked(
        level=level.name, ledger=(Line(fame=-level.cost, why="leader level", note=skill.text),)
    )


def skills(sq: Squadron) -> list[Skill]:
    """The unlocked skills of the active leader."""
    if sq.leader is None or not leader_active(sq):
        return []
    tree = tables().trees[sq.leader.tree]
    return list(tree.skill[: sq.leader.levels])


def effect(sq: Squadron) -> Effect:
    """The squadron's skills: the best of each effect over the unlocked levels (a roll
    threshold: the lowest; a penalty: the lowest among the levels that let wounded fly)."""
    got = [s.effect for s in skills(sq)]
    if not got:
        return Effect()

    def best(field: str) -> int:
        values = [getattr(e, field) for e in got if getattr(e, field)]
        return min(values) if values else 0

    flies = [e for e in got if e.wounded_flies]
    return Effect(
        hospital=best("hospital"),
        workshop=best("workshop"),
        wounded_flies=bool(flies),
        wounded_penalty=min((e.wounded_penalty for e in flies), default=0),
        damaged_flies=any(e.damaged_flies for e in got),
        mission_discount=max(e.mission_discount for e in got),
        equipment_discount=max(e.equipment_discount for e in got),
        aircraft_discount=max(e.aircraft_discount for e in got),
        reroll_checks=max(e.reroll_checks for e in got),
        reroll_attacks=max(e.reroll_attacks for e in got),
        ignore_wounds=max(e.ignore_wounds for e in got),
        pass_checks=max(e.pass_checks for e in got),
        first_shot_harder=any(e.first_shot_harder for e in got),
    )


def in_play(sq: Squadron) -> InPlay:
    """The skills that work during the mission (Dread and Drunken)."""
    e = effect(sq)
    return InPlay(
        reroll_checks=e.reroll_checks,
        reroll_attacks=e.reroll_attacks,
        ignore_wounds=e.ignore_wounds,
        pass_checks=e.pass_checks,
        first_shot_harder=e.first_shot_harder,
    )
