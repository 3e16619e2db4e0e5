"""Aerial cruise missiles (clauses acm.1-6): release, flight in phase 1.1, loss and detonation.

An ACM is released in the shooting phase directly in front of the aircraft, flies 5 hexes
straight ahead each phase 1.1 and detonates on the first hex holding an aircraft (at any
height) or a ground target. After each flight a d6 at or below the turns it has been underway
loses it (Hurricane and Aurora detonate instead). Its warhead (not printed: stand-ins in
``weapons.toml``) rolls its dice against everything on its hex (Hurricane and Aurora: and the
6 hexes around); clouds do not reduce them (acm.6).
"""

from __future__ import annotations

from aerodrome_dockfighters import combat, rules
from aerodrome_dockfighters.board import board
from aerodrome_dockfighters.context import DfContext, announce
from aerodrome_dockfighters.events import (
    AcmDetonated,
    AcmGone,
    AcmReleased,
    GroundTargetDamaged,
    GroundTargetDestroyed,
)
from aerodrome_dockfighters.specs import builtin
from aerodrome_dockfighters.state import Acm, Aircraft, DfState, Release

ACM_SPEED = 5


def release_options(state: DfState, a: Aircraft) -> list[Release]:
    specs = builtin()
    return [
        Release(aircraft=a.id, load=j)
        for j, name in enumerate(a.loads)
        if specs.weapons[name].kind == "acm"
    ]


def release(state: DfState, a: Aircraft, action: Release, ctx: DfContext) -> None:
    """acm.4: mark the ACM directly in front of the plane; an obstacle there sets it off."""
    b = board(state.width, state.height)
    name = a.loads.pop(action.load)
    ahead = b.step[a.cell * 6 + a.facing]
    announce(ctx, AcmReleased, aircraft=a.id, weapon=name, cell=ahead)
    if ahead < 0:
        return
    missile = Acm(id=len(state.acms), weapon=name, launcher=a.id, cell=ahead, facing=a.facing)
    state.acms.append(missile)
    if _obstacle(state, missile.cell, a.id):
        detonate(state, missile, ctx)


def _obstacle(state: DfState, cell: int, launcher: int = -1) -> bool:
    if any(x.status == "flying" and x.cell == cell and x.id != launcher for x in state.aircraft):
        return True
    return any(g.cell == cell and g.damage < g.structure for g in state.ground)


def fly(state: DfState, ctx: DfContext) -> None:
    """Phase 1.1 (acm.1-3, acm.5)."""
    b = board(state.width, state.height)
    for missile in list(state.acms):
        hit = False
        for _ in range(ACM_SPEED):
            nxt = b.step[missile.cell * 6 + missile.facing]
            if nxt < 0:
                state.acms.remove(missile)
                announce(ctx, AcmGone, weapon=missile.weapon, why="left the board")
                hit = True
                break
            missile.cell = nxt
            if _obstacle(state, nxt):
                detonate(state, missile, ctx)
                hit = True
                break
        if hit:
            continue
        missile.turns += 1
        if (
            ctx.dice.d(6, lambda: f"{missile.weapon} guidance ({missile.turns} turns)")  # noqa: B023 (rolled at once)
            <= missile.turns
        ):
            if builtin().weapons[missile.weapon].area:
                detonate(state, missile, ctx)
            else:
                state.acms.remove(missile)
                announce(ctx, AcmGone, weapon=missile.weapon, why="lost its guidance")


def detonate(state: DfState, missile: Acm, ctx: DfContext) -> None:
    """The warhead: its dice against every aircraft and ground target in reach."""
    specs = builtin()
    w = specs.weapons[missile.weapon]
    b = board(state.width, state.height)
    cells = b.within(missile.cell, w.area)
    if missile in state.acms:
        state.acms.remove(missile)
    announce(ctx, AcmDetonated, weapon=missile.weapon, cell=missile.cell)
    for x in state.aircraft:
        if x.status != "flying" or x.cell not in cells:
            continue
        pts = combat.strike(ctx, w.dice[0], w.to_hit, w.damage, x, f"{w.name} at #{x.id}")
        if pts:
            rules.damage(state, x, pts, ctx, missile.launcher, crit=True)
    for g in state.ground:
        if g.damage >= g.structure or g.cell not in cells:
            continue
        faces = ctx.dice.roll(w.dice[0], 6, lambda: f"{w.name} against {g.name} ({w.to_hit}+)")  # noqa: B023 (rolled at once)
        hits = sum(1 for f in faces if combat.hits(f, w.to_hit))
        if hits:
            pts = sum(
                combat.damage_points(f, w.damage)
                for f in ctx.dice.roll(hits, 6, lambda: f"damage: {w.name}")
            )
            g.damage = min(g.structure, g.damage + pts)
            if pts:
                announce(
                    ctx,
                    GroundTargetDamaged,
                    target=g.id,
                    name=g.name,
                    points=pts,
                    damage=g.damage,
                    structure=g.structure,
                )
            if g.damage >= g.structure and missile.launcher >= 0:
                launcher = state.aircraft[missile.launcher]
                g.destroyed_by = launcher.id
                launcher.ground_kills += 1
                state.squadrons[launcher.player].ground_kills += 1
                announce(ctx, GroundTargetDestroyed, target=g.id, name=g.name, by=launcher.id)
