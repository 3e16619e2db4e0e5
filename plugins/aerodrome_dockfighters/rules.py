"""Aircraft condition: effective agility and speeds, pilot checks, damage, criticals, bail-out.

Every function cites the clause it implements. Numbers come from the specs.
"""

from __future__ import annotations

from aerodrome.api import SpecError
from aerodrome_dockfighters.context import DfContext, announce
from aerodrome_dockfighters.events import (
    CriticalDamage,
    Damaged,
    Destroyed,
    LeaderSkillUsed,
    Overspeed,
    PilotChecked,
    PilotFate,
    Repaired,
)
from aerodrome_dockfighters.specs import (
    AGILITY,
    EXPERIENCE,
    ClassRules,
    Datasheet,
    Mount,
    Specs,
    builtin,
)
from aerodrome_dockfighters.state import Aircraft, DfState
from aerodrome_dockfighters.view import Craft


def sheet(a: Craft, specs: Specs | None = None) -> Datasheet:
    return (specs or builtin()).aircraft[a.datasheet]


def klass(a: Craft, specs: Specs | None = None) -> ClassRules:
    s = specs or builtin()
    return s.classes[s.aircraft[a.datasheet].klass]


def mounts(a: Craft) -> tuple[Mount, ...]:
    """The weapons of ``a``: its datasheet's, or for an airship fitted with docking-point
    systems the weapon systems on its docking points, side mounts in the side arcs and the
    top mount at the same or higher altitude (clauses airship.4, airship.19-20)."""
    if not a.systems:
        return sheet(a).weapons
    return builtin().fitted_mounts(a.datasheet, tuple(a.systems))


def is_damaged(a: Craft, ds: Datasheet) -> bool:
    """Clause move.18: crossing off the yellow section makes the aircraft damaged."""
    return a.damage >= ds.yellow


def max_speed(a: Craft, ds: Datasheet) -> int:
    """Maximum speed less 1 when damaged (move.18) and less engine criticals (crit.1)."""
    return ds.max_speed - (1 if is_damaged(a, ds) else 0) - a.speed_loss


def min_speed(a: Craft, ds: Datasheet) -> int:
    """Minimum speed; an airship's reverse speed is a negative minimum (airship.3)."""
    return ds.min_speed


def agility(a: Craft, ds: Datasheet, specs: Specs | None = None) -> int:
    """Effective agility level 0..4: datasheet, -1 damaged (move.18), -1 per controls
    critical, -1 per external load for fighters (move.19), never below very low."""
    s = specs or builtin()
    level = (
        AGILITY.index(ds.agility)
        - (1 if is_damaged(a, ds) else 0)
        - a.agility_loss
        - (1 if a.jammed else 0)
    )
    if s.classes[ds.klass].loads_lower_agility:
        level -= len(a.loads)  # one level per external load carried
    if a.knacks.agility:  # an ace's ability (pilot.3), never above very high
        level = min(len(AGILITY) - 1, level + a.knacks.agility)
    return max(0, level)


#: What a bail-out check is called (an ace's ``bail`` knack eases it, pilot.3).
BAIL_OUT = "bail out"


def check_target(a: Craft, specs: Specs | None = None, modifier: int = 0) -> int:
    """The roll a pilot check needs by experience (check.1), eased or hardened by an ace's
    abilities (pilot.3). A wound changes no check: the book gives it no effect in the air
    (the wounded go to hospital after the mission; a Ruthless leader's wounded fly a level
    lower, which is their experience here)."""
    s = specs or builtin()
    return s.tables.pilot_check[a.experience] + modifier + a.knacks.check


def pilot_check(state: DfState, a: Aircraft, ctx: DfContext, why: str, modifier: int = 0) -> bool:
    """Roll a pilot or crew check (clause check.1); a 1 never passes, a 6 always does
    unless the target is above 6 (an overkill bail-out can be impossible). A failed check
    may be saved by the squadron leader's skill (:func:`leader_saves`)."""
    need = check_target(a, modifier=modifier + (a.knacks.bail if why == BAIL_OUT else 0))
    hook = ctx.variants.pilot_check
    if hook is not None:
        changed = hook(state=state, aircraft=a, need=need, why=why)
        if changed is not None:
            need = int(changed)
    roll = ctx.dice.d(
        6, lambda: f"pilot check #{a.id} ({EXPERIENCE[a.experience]}, {need}+): {why}"
    )
    ok = roll >= need and roll != 1
    announce(ctx, PilotChecked, aircraft=a.id, why=why, need=need, roll=roll, passed=ok)
    return ok or leader_saves(state, a, ctx, need, why)


def leader_saves(state: DfState, a: Aircraft, ctx: DfContext, need: int, why: str) -> bool:
    """A failed skill check and the squadron leader's once-a-game skills (campaign):
    Drunken, experienced level: "Once a game you can treat a skill check as passed. No dice
    roll needed" (clause leader.drunken.2); Dread, green level: "Once a game a skill check can
    be re-rolled. If failed, the pilot or crew gets wounded" (clause leader.dread.1). Spent
    on the first failed check (assumed: no question is asked in the middle of a check)."""
    if a.player < 0:
        return False
    lead = state.squadrons[a.player].leadership
    if lead.pass_checks > 0:
        lead.pass_checks -= 1
        announce(
            ctx,
            LeaderSkillUsed,
            player=a.player,
            aircraft=a.id,
            skill="treat a skill check as passed",
        )
        return True
    if lead.reroll_checks > 0:
        lead.reroll_checks -= 1
        announce(
            ctx, LeaderSkillUsed, player=a.player, aircraft=a.id, skill="re-roll a skill check"
        )
        roll = ctx.dice.d(6, f"re-rolled pilot check #{a.id} ({need}+): {why}")
        ok = roll >= need and roll != 1
        announce(ctx, PilotChecked, aircraft=a.id, why=why, need=need, roll=roll, passed=ok)
        if not ok:
            wound(state, a, ctx)
        return ok
    return False


def wound(state: DfState, a: Aircraft, ctx: DfContext) -> None:
    """The pilot or crew is wounded (hospital after the mission; killed by a second wound
    in a crash landing, check.2), unless
    the Drunken squadron leader's "One pilot or crew can ignore one wound in this mission" is
    still unused (clause leader.drunken.1)."""
    lead = state.squadrons[a.player].leadership if a.player >= 0 else None
    if lead is not None and not a.wounded and lead.ignore_wounds > 0:
        lead.ignore_wounds -= 1
        announce(ctx, LeaderSkillUsed, player=a.player, aircraft=a.id, skill="ignore a wound")
        return
    a.wounded = True


def critical(state: DfState, a: Aircraft, ctx: DfContext, attacker: int = -1) -> None:
    """A random (d6) critical damage, effective at once (clauses damage.4, crit.1). A
    dockfighter "has no critical damage": the critical of a failed pilot check is a damage
    point instead (dockfighter.4); weapons give it none (see :func:`damage`)."""
    specs = builtin()
    ds = sheet(a, specs)
    if ds.klass == "dockfighter":
        damage(state, a, 1, ctx, attacker, crit=False)
        return
    table = specs.tables.critical_airship if ds.klass == "airship" else specs.tables.critical
    roll = ctx.dice.d(6, lambda: f"critical damage #{a.id}")
    effect = next(e for e in table if roll in e.roll)
    a.crits.append(effect.effect)
    a.crits_taken += 1
    announce(ctx, CriticalDamage, aircraft=a.id, roll=roll, effect=effect.effect, text=effect.text)
    if effect.effect == "engine":
        a.engine_hits += 1
        a.speed_loss += 1
        if a.engine_hits >= 2 * ds.engines:  # damage.10 (two hits per engine, assumed)
            destroy(state, a, ctx, attacker, excess=0, why="all engines destroyed")
            return
        overspeed(state, a, ctx, attacker)
    elif effect.effect == "controls":
        a.agility_loss += 1
    elif effect.effect == "weapon":
        guns = mounts(a)
        working = [i for i in range(len(guns)) if i not in a.weapons_out]
        if working:
            best = max(working, key=lambda i: sum(guns[i].dice))
            a.weapons_out.append(best)
    elif effect.effect == "gear":
        a.gear_damaged = True
    elif effect.effect == "fuel":
        damage(state, a, 1, ctx, attacker, crit=False)
    elif effect.effect == "cockpit":
        wound(state, a, ctx)
    elif effect.effect == "docking-point":
        working = [i for i in range(len(mounts(a))) if i not in a.weapons_out]
        if working:
            a.weapons_out.append(working[0])


def overspeed(state: DfState, a: Aircraft, ctx: DfContext, attacker: int = -1) -> None:
    """Clause move.4: faster than maximum speed destroys the aircraft; an airship takes 4
    damage points and no critical instead (airship.22)."""
    ds = sheet(a)
    if a.status != "flying" or a.speed <= max_speed(a, ds):
        return
    if ds.klass == "airship":
        announce(ctx, Overspeed, aircraft=a.id, damage=4)
        a.speed = max_speed(a, ds)
        damage(state, a, 4, ctx, attacker, crit=False)
        return
    destroy(state, a, ctx, attacker, excess=0, why="over maximum speed")


def damage(
    state: DfState,
    a: Aircraft,
    points: int,
    ctx: DfContext,
    attacker: int,
    *,
    crit: bool,
    overkill: int | None = None,
) -> None:
    """Cross off ``points`` structure points (damage.6); the red section crossed off destroys
    the aircraft with a bail-out made harder by the excess (damage.7-8): ``overkill`` is the
    excess of the whole attack when it strikes with several weapons (p37: "the attacker
    scored 2 more damage points than structure points were left"). ``crit``: a weapon's
    damage also gives a critical, except to a dockfighter (dockfighter.4). The last damage
    takes the kill (fame.5)."""
    if points <= 0 or a.status not in ("flying", "docked"):
        return
    ds = sheet(a)
    left = ds.structure - a.damage
    taken = min(ds.structure, a.damage + points) - a.damage
    a.damage += taken
    a.damage_taken += taken
    if attacker >= 0:
        a.last_hit_by = attacker
    if ds.klass == "dockfighter" and a.damage < ds.yellow:
        a.damage = ds.yellow  # dockfighter.4: any damage makes it damaged at once
    announce(
        ctx,
        Damaged,
        aircraft=a.id,
        points=points,
        damage=a.damage,
        structure=ds.structure,
        by=attacker,
    )
    if a.damage >= ds.structure:
        if ds.klass == "airship":
            return  # airship.7: it falls; the ground destroys it
        excess = max(0, points - left) if overkill is None else overkill
        destroy(state, a, ctx, attacker, excess=excess, why="shot down")
        return
    if crit and ds.klass != "dockfighter":
        critical(state, a, ctx, attacker)
    if a.status == "flying" and ds.klass != "airship":
        overspeed(state, a, ctx, attacker)


def destroy(
    state: DfState,
    a: Aircraft,
    ctx: DfContext,
    attacker: int,
    *,
    excess: int,
    why: str,
    bail: bool = True,
) -> None:
    """The aircraft is destroyed; the pilot bails out with a pilot check at +excess
    (damage.8) unless ``bail`` is False (the pilot dies with it). ``attacker`` shot it down:
    the kill and its fame go to his squadron (fame.1-3, fame.5: "The Squadron gains fame by
    shooting down enemy aircraft"); -1 is a crash nobody shot down (a ground object, a
    tailspin, over its maximum speed, the mountains), whoever hit it earlier. Afterwards
    ``last_hit_by`` names who is credited (-1: nobody)."""
    if a.status not in ("flying", "docked"):
        return
    specs = builtin()
    ds = sheet(a, specs)
    a.status = "destroyed"
    a.down_mark = state.fire_mark
    killer = attacker
    a.last_hit_by = killer  # who is credited with the kill, for the campaign's books
    announce(ctx, Destroyed, aircraft=a.id, why=why, by=killer)
    if bail and ds.klass != "airship":
        a.fate = "bailed out" if pilot_check(state, a, ctx, BAIL_OUT, excess) else "killed"
    else:
        a.fate = "killed"
    if bail:  # without a bail-out the caller settles the crew's fate
        announce(ctx, PilotFate, aircraft=a.id, fate=a.fate)
    own = state.squadrons[a.player]
    own.losses += 1 if specs.classes[ds.klass].counts_as_planes else 0
    if killer >= 0:
        k = state.aircraft[killer]
        if k.player != a.player:
            k.kills += 1
            sq = state.squadrons[k.player]
            sq.kills += 1 if ds.klass != "dockfighter" else 0
            sq.fame += fame_for(a)


def fame_for(victim: Aircraft) -> int:
    """Fame for shooting ``victim`` down (clauses fame.1-3, dockfighter.6)."""
    specs = builtin()
    ds = specs.aircraft[victim.datasheet]
    if ds.klass == "dockfighter":
        return 0
    return victim.experience + 1 + specs.classes[ds.klass].fame_bonus


def bail_out_target(a: Craft, excess: int) -> int:
    """The roll a bail-out needs (damage.8): the pilot check plus the excess damage, eased by
    an ace's ability (pilot.3)."""
    return check_target(a, modifier=excess + a.knacks.bail)


def crew_points(a: Aircraft) -> int:
    """An airship's crew points: one per docking point not out of action (airship.8);
    the unarmed cargo airship counts 2 (mission.cargo-escort.1)."""
    ds = sheet(a)
    if ds.klass != "airship":
        return 0
    if a.role == "cargo":
        return 2
    return max(0, len(ds.docking_points) - a.crits.count("docking-point"))


def can_repair(a: Aircraft, turn: int = 0) -> bool:
    """An airship with crew points and something to mend, not recharging its Tesla coil."""
    recharging = a.tesla_turn >= turn - 1
    return (
        a.status == "flying"
        and not recharging
        and crew_points(a) > 0
        and (a.damage > 0 or bool(a.crits))
    )


def repair(state: DfState, a: Aircraft, ctx: DfContext) -> None:
    """Clause airship.8: each crew point makes a crew check; each success mends one
    structure point (first while descending) or one critical damage."""
    ds = sheet(a)
    for _ in range(crew_points(a)):
        if not (a.damage > 0 or a.crits):
            return
        if not pilot_check(state, a, ctx, "crew repair"):
            continue
        if a.crits and a.damage < ds.yellow:
            effect = a.crits.pop()
            if effect == "engine":
                a.engine_hits -= 1
                a.speed_loss -= 1
            elif effect == "controls":
                a.agility_loss -= 1
            elif effect in ("docking-point", "weapon") and a.weapons_out:
                a.weapons_out.pop()
            elif effect == "gear":
                a.gear_damaged = False
            announce(ctx, Repaired, aircraft=a.id, critical=effect)
        else:
            a.damage -= 1
            announce(ctx, Repaired, aircraft=a.id)


def check_loads(datasheet: str, loads: list[str], where: str) -> None:
    """External loads must fit the datasheet's load points; an ACM takes 2 (clause acm.6)."""
    specs = builtin()
    ds = specs.aircraft[datasheet]
    for name in loads:
        if name not in specs.weapons:
            raise SpecError(f"{where}: unknown external load {name!r}")
    used = sum(specs.weapons[name].load_points for name in loads)
    if used > ds.load_points:
        raise SpecError(
            f"{where}: {datasheet} has {ds.load_points} external load points, the loads need {used} "
            "[dockfighters.acm.6]"
        )
