"""Combat (phase 2): arcs, range bands, to-hit numbers, hits, damage, criticals, fire
discipline, external loads and ground targets.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from aerodrome_dockfighters import careers, rules
from aerodrome_dockfighters.airspace import hull, sky
from aerodrome_dockfighters.board import Board, arc_sectors, board
from aerodrome_dockfighters.context import DfContext, announce
from aerodrome_dockfighters.events import (
    AmmunitionSpent,
    Fired,
    GroundTargetDamaged,
    GroundTargetDestroyed,
    Hit,
    SmokeLaid,
)
from aerodrome_dockfighters.specs import Mount, Specs, Weapon, builtin
from aerodrome_dockfighters.state import GROUND, Aircraft, Attack, Cloud, DfState, GroundUnit
from aerodrome_dockfighters.view import AnyGround, Craft, Scene

#: "Anti-aircraft ground targets always hit on 5 and 6 if firing at aircraft" (combat.2).
GROUND_FIRE_NEED = 5


def _arc(specs: Specs, name: str) -> frozenset[int]:
    return arc_sectors(specs.arcs[name].sectors)  # type: ignore[index]


def band(specs: Specs, distance: int) -> int:
    """Range band index 0 short, 1 medium, 2 long, -1 out of range (arc.2)."""
    for i, last in enumerate(specs.tables.range_bands):
        if distance <= last:
            return i
    return -1


def in_mount_arc(b: Board, specs: Specs, a: Craft, mount: Mount, cell: int, altitude: int) -> bool:
    """Whether ``cell``/``altitude`` lies in the mount's arc (arc.1, arc.4, airship.19-20)."""
    spec = specs.arcs[mount.arc]
    if spec.altitude == "same-or-higher" and altitude < a.altitude:
        return False
    if spec.altitude == "same-or-lower" and altitude > a.altitude:
        return False
    if spec.altitude == "higher" and altitude <= a.altitude:
        return False
    if spec.altitude == "lower" and altitude >= a.altitude:
        return False
    sec = b.sector(a.facing, a.cell, cell)
    if sec < 0:  # same hex, other altitude: only all-round arcs reach it
        return len(_arc(specs, mount.arc)) == 24
    if mount.arc in ("airship-left", "airship-right") and sec in (0, 12):
        return b.distance(a.cell, cell) > 3  # blind spots, then converging arcs
    return sec in _arc(specs, mount.arc)


def any_altitude(specs: Specs, a: Craft, w: Weapon) -> bool:
    """Clause hit.11: airships with bombs, artillery and cannons, bombers with bombs or
    special cannons attack at any altitude difference."""
    k = specs.aircraft[a.datasheet].klass
    if w.any_altitude:
        return True
    if k == "airship":
        return w.kind in ("bomb", "artillery", "cannon")
    return k == "bomber" and w.kind == "bomb"


def clouds_crossed(state: Scene, a: Craft, cell: int, altitude: int) -> int:
    """Cloud hexes on the line of fire, the attacker's own included (hit.5); of two lines
    along a hexside the one with more cloud."""
    b = board(state.width, state.height)
    at = sky(state).at  # the cells clouded at either altitude
    none: frozenset[int] = frozenset()
    cloudy = (at[a.altitude] if 0 <= a.altitude < len(at) else none) | (
        at[altitude] if 0 <= altitude < len(at) else none
    )
    if not cloudy:
        return 0
    own = 1 if a.cell in cloudy else 0
    return own + max(sum(1 for c in ln if c in cloudy) for ln in b.crossed(a.cell, cell))


def to_hit_air(state: Scene, a: Craft, t: Craft, ctx: DfContext | None = None) -> int:
    """The target number against an air target (hit.1, hit.6-10), before the natural 6/1."""
    specs = builtin()
    b = board(state.width, state.height)
    tk = specs.aircraft[t.datasheet].klass
    front = _arc(specs, "front")
    rear = _arc(specs, "rear")
    need = specs.tables.base_to_hit + (t.experience - a.experience)
    cell = _nearest(b, a.cell, hull(state, t))
    a_sees_t = b.sector(a.facing, a.cell, cell) in front
    if tk != "airship":  # airship.2: no tailing, no head-on against airships
        if (
            a_sees_t
            and b.distance(a.cell, t.cell) <= specs.tables.tailing_range
            and b.sector(t.facing, t.cell, a.cell) in rear
        ):
            need -= 1
        if a_sees_t and b.sector(t.facing, t.cell, a.cell) in front:
            need += 1
    if a.altitude > t.altitude:
        need -= 1
    if tk == "dockfighter":
        need += 1
    need += a.knacks.hit + t.knacks.evade  # aces' abilities (pilot.3)
    hook = ctx.variants.to_hit if ctx is not None else None
    if (
        hook is not None
        and isinstance(state, DfState)
        and isinstance(a, Aircraft)
        and isinstance(t, Aircraft)
    ):
        changed = hook(state=state, attacker=a, target=t, need=need)
        if changed is not None:
            need = int(changed)
    return need


def to_hit_ground(a: Craft, g: AnyGround) -> int:
    """The target number against a ground target (ground.hit.3)."""
    specs = builtin()
    k = specs.aircraft[a.datasheet].klass
    need = specs.tables.base_to_hit + specs.tables.ground_experience[a.experience]
    if k == "fighterbomber":
        need -= 1
    if k in ("bomber", "airship"):
        need -= 1
    if g.mobile:
        need += 1
    return need + a.knacks.ground_hit  # an ace's ability (pilot.3)


def hits(face: int, need: int) -> bool:
    """Clause hit.2: a natural 6 always hits, a natural 1 always misses."""
    return face == 6 or (face != 1 and face >= need)


def damage_points(face: int, profile: tuple[int, ...] | list[int]) -> int:
    """Damage points of one damage roll (damage.3): how many thresholds the face reaches."""
    return sum(1 for t in profile if face >= t)


def _nearest(b: Board, origin: int, cells: list[int]) -> int:
    if len(cells) == 1:  # an aircraft's own hex (an airship fills three)
        return cells[0]
    return min(cells, key=lambda c: b.distance(origin, c))


# -- attack options -------------------------------------------------------------------------
def mount_dice(state: Scene, a: Craft, i: int, t: Craft) -> int:
    """Attack dice mount ``i`` of ``a`` brings against ``t`` (0 when it cannot fire)."""
    specs = builtin()
    mount = rules.mounts(a)[i]
    if i in a.weapons_out or (i < len(a.ammo) and a.ammo[i] >= 2):
        return 0
    if a.tesla_turn >= state.turn - 1 or t.tesla_turn == state.turn:  # airship.18
        return 0
    b = board(state.width, state.height)
    if b.distance(a.cell, t.cell) - 1 > specs.tables.range_bands[-1]:
        return (
            0  # out of range (arc.2): no hex of its hull (the base hex or one beside it) in reach
        )
    w = specs.weapons[mount.weapon]
    if not w.air_targets:
        return 0
    if not _air_weapon_ok(specs, a, w, t):
        return 0
    cells = [c for c in hull(state, t) if in_mount_arc(b, specs, a, mount, c, t.altitude)]
    if not cells:
        return 0
    cell = _nearest(b, a.cell, cells)
    bi = band(specs, b.distance(a.cell, cell))
    if bi < 0:
        return 0
    return max(0, mount.dice[bi] - clouds_crossed(state, a, cell, t.altitude))


def _air_weapon_ok(specs: Specs, a: Craft, w: Weapon, t: Craft) -> bool:
    if abs(a.altitude - t.altitude) >= 2 and not any_altitude(specs, a, w):
        return False
    if w.kind == "artillery":  # airship.11: agility medium or lower
        return specs.aircraft[t.datasheet].agility in ("very low", "low", "medium")
    return True


def load_dice(state: Scene, a: Craft, name: str, t: Craft) -> int:
    """Attack dice of an external load at an air target (front arc, load.4)."""
    specs = builtin()
    if t.tesla_turn == state.turn:
        return 0
    w = specs.weapons[name]
    if not w.air_targets or w.kind in ("bomb", "acm") or not _air_weapon_ok(specs, a, w, t):
        return 0
    b = board(state.width, state.height)
    front = Mount(weapon=name, dice=w.dice)
    cells = [c for c in hull(state, t) if in_mount_arc(b, specs, a, front, c, t.altitude)]
    if not cells:
        return 0
    cell = _nearest(b, a.cell, cells)
    bi = band(specs, b.distance(a.cell, cell))
    if bi < 0:
        return 0
    return max(0, w.dice[bi] - clouds_crossed(state, a, cell, t.altitude))


def attack_options(state: Scene, a: Craft) -> list[Attack]:
    """Every attack ``a`` can make now: all bearing onboard weapons at a target, each one
    alone, and each air-to-air load with them (clauses arc.1-2, load.4)."""
    return list(_attacks(state, a))


def has_attack(state: Scene, a: Craft) -> bool:
    """Whether ``a`` can make any attack now (stops at the first one found)."""
    return next(_attacks(state, a), None) is not None


def _attacks(state: Scene, a: Craft) -> Iterator[Attack]:
    """Per target: the bearing onboard weapons together, each alone when there are several;
    then with them each bearing external load, and every set of two or more such loads
    ("Konrad uses all weapons at once"; a squadron leader may fire several loads in one
    attack too, load.4)."""
    specs = builtin()
    ds = specs.aircraft[a.datasheet]
    guns = rules.mounts(a)
    for t in state.aircraft:
        if t.player == a.player or t.status != "flying":
            continue
        mounts = tuple(i for i in range(len(guns)) if mount_dice(state, a, i, t) > 0)
        if mounts:
            yield Attack(aircraft=a.id, target=t.id, mounts=mounts)
            if len(mounts) > 1:
                yield from (Attack(aircraft=a.id, target=t.id, mounts=(i,)) for i in mounts)
        loads = tuple(j for j, name in enumerate(a.loads) if load_dice(state, a, name, t) > 0)
        yield from (
            Attack(aircraft=a.id, target=t.id, mounts=mounts, loads=js) for js in _load_sets(loads)
        )
    low = a.altitude == 1 or ds.klass in ("bomber", "airship")
    if low or any(g.altitude for g in state.ground):
        for g in state.ground:
            if g.damage >= g.structure or not (low or g.altitude):
                continue
            mounts = tuple(i for i in range(len(guns)) if ground_mount_dice(state, a, i, g) > 0)
            if mounts:
                yield Attack(aircraft=a.id, target=GROUND + g.id, mounts=mounts)
            loads = tuple(
                j for j, name in enumerate(a.loads) if ground_load_dice(state, a, name, g) > 0
            )
            yield from (
                Attack(aircraft=a.id, target=GROUND + g.id, mounts=mounts, loads=js)
                for js in _load_sets(loads)
            )


def _load_sets(loads: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Each load alone, then every combination of two or more."""
    yield from ((j,) for j in loads)
    for n in range(2, len(loads) + 1):
        yield from combinations(loads, n)


def ground_mount_dice(state: Scene, a: Craft, i: int, g: AnyGround) -> int:
    """Onboard weapon dice at a ground target: from altitude 1 (ground.hit.1; airship
    artillery up to altitude 3), armour only for cannons (ground.hit.6)."""
    specs = builtin()
    mount = rules.mounts(a)[i]
    w = specs.weapons[mount.weapon]
    if g.altitude:
        return (
            _balloon_dice(state, a, mount, w, g)
            if i not in a.weapons_out and (i >= len(a.ammo) or a.ammo[i] < 2)
            else 0
        )
    if i in a.weapons_out or (i < len(a.ammo) and a.ammo[i] >= 2) or not w.ground_targets:
        return 0
    if w.kind == "bomb":  # airship.12: bomb racks, from any altitude, over the target
        return w.dice[0] if bomb_run(a, g) and not (g.armoured and not w.harms_armour) else 0
    limit = 3 if w.kind == "artillery" else 1
    if a.altitude > limit or (g.armoured and not w.harms_armour) or g.bombs_only:
        return 0
    b = board(state.width, state.height)
    if not in_mount_arc(b, specs, a, mount, g.cell, a.altitude) and a.cell != g.cell:
        return 0
    bi = band(specs, b.distance(a.cell, g.cell))
    return mount.dice[bi] if bi >= 0 else 0


def bomb_run(a: Craft, g: AnyGround) -> bool:
    """Clause ground.hit.2: the aircraft moved onto or over the target without turning at
    the target hex or the hex before."""
    if g.cell not in a.path[1:]:
        return False
    k = a.path.index(g.cell)
    return not any(p in (k, k - 1) for p in a.turned_at)


def _balloon_dice(state: Scene, a: Craft, mount: Mount, w: Weapon, g: AnyGround) -> int:
    """A target balloon floats at an altitude (ace challenge 2): it is fired at like an air
    target, with weapons that fire at air targets, from 1 altitude level above or below at
    most (hit.7), the dice of the range band less the clouds crossed (assumed, clause
    challenge.two.1)."""
    specs = builtin()
    if not w.air_targets or w.kind in ("bomb", "acm") or abs(a.altitude - g.altitude) >= 2:
        return 0
    b = board(state.width, state.height)
    if not in_mount_arc(b, specs, a, mount, g.cell, g.altitude):
        return 0
    bi = band(specs, b.distance(a.cell, g.cell))
    if bi < 0:
        return 0
    return max(0, mount.dice[bi] - clouds_crossed(state, a, g.cell, g.altitude))


def ground_load_dice(state: Scene, a: Craft, name: str, g: AnyGround) -> int:
    specs = builtin()
    w = specs.weapons[name]
    if g.altitude:
        return _balloon_dice(state, a, Mount(weapon=name, dice=w.dice), w, g)
    if not w.ground_targets or (g.armoured and not w.harms_armour):
        return 0
    k = specs.aircraft[a.datasheet].klass
    if a.altitude > 1 and k not in ("bomber", "airship"):
        return 0
    if w.kind == "bomb":
        return w.dice[0] if bomb_run(a, g) else 0
    if w.kind == "air-ground missile":
        b = board(state.width, state.height)
        front = Mount(weapon=name, dice=w.dice)
        if not in_mount_arc(b, specs, a, front, g.cell, a.altitude):
            return 0
        bi = band(specs, b.distance(a.cell, g.cell))
        return w.dice[bi] if bi >= 0 else 0
    return 0


# -- resolving ------------------------------------------------------------------------------
def _roll_hits(ctx: DfContext, n: int, need: int, reroll_hits: bool, easy: bool, what: str) -> int:
    faces = ctx.dice.roll(n, 6, lambda: f"to hit ({need}+): {what}")
    good = [f for f in faces if hits(f, need)]
    if reroll_hits:
        if not easy and good:  # hit.3: confirm each hit
            again = ctx.dice.roll(len(good), 6, lambda: f"confirm hits ({need}+): {what}")
            return sum(1 for f in again if hits(f, need))
        return len(good)
    count = len(good)
    misses = n - count
    if easy and misses:  # hit.4, airship.1: re-roll the misses once
        again = ctx.dice.roll(misses, 6, lambda: f"re-roll misses ({need}+): {what}")
        count += sum(1 for f in again if hits(f, need))
    return count


def _roll_damage(
    ctx: DfContext, n: int, profile: tuple[int, ...] | list[int], airship: bool, what: str
) -> int:
    if n <= 0:
        return 0
    faces = list(ctx.dice.roll(n, 6, lambda: f"damage: {what}"))
    if airship:  # airship.1: successful damage rolls must be re-rolled
        good = [i for i, f in enumerate(faces) if damage_points(f, profile) > 0]
        if good:
            again = ctx.dice.roll(len(good), 6, lambda: f"airship: re-roll damage: {what}")
            for i, f in zip(good, again, strict=True):
                faces[i] = f
    return sum(damage_points(f, profile) for f in faces)


def resolve(state: DfState, a: Aircraft, attack: Attack, ctx: DfContext) -> None:
    """Resolve one attack (clauses damage.1-8, fire.1-3, load.1)."""
    specs = builtin()
    if attack.target >= GROUND:
        _resolve_ground(state, a, attack, ctx)
        return
    t = state.aircraft[attack.target]
    t_ds = specs.aircraft[t.datasheet]
    easy = specs.classes[t_ds.klass].easy_target
    airship = t_ds.klass == "airship"
    need = to_hit_air(state, a, t, ctx) + careers.first_shot(state, a, ctx)
    t.attacked_turn = state.turn
    announce(ctx, Fired, aircraft=a.id, target=t.id, need=max(2, min(6, need)), modified=need)
    shots: list[tuple[str, int]] = []  # weapon or load, attack dice
    for i in attack.mounts:
        mount = rules.mounts(a)[i]
        shots.append((mount.weapon, mount_dice(state, a, i, t)))
    for j in sorted(attack.loads, reverse=True):
        shots.append((a.loads[j], load_dice(state, a, a.loads[j], t)))
    for j in sorted(attack.loads, reverse=True):
        del a.loads[j]

    def roll() -> list[tuple[str, int, int, int]]:  # weapon, dice, hits, damage points
        out = []
        for name, n in shots:
            w = specs.weapons[name]
            h = _roll_hits(ctx, n, need, w.reroll_hits, easy, name)
            out.append((name, n, h, _roll_damage(ctx, h, w.damage, airship, name)))
        return out

    results = roll()
    if not any(r[3] for r in results) and careers.reroll_attack(state, a, ctx):
        results = roll()  # leader.dread.2: the attack rolled again; no damage: wounded
        if not any(r[3] for r in results):
            rules.wound(state, a, ctx)
    left = t_ds.structure - t.damage  # damage.8: the excess of the whole attack (p37)
    overkill = max(0, sum(r[3] for r in results) - left)
    for name, n, h, points in results:
        if h:
            announce(
                ctx, Hit, aircraft=a.id, target=t.id, weapon=name, dice=n, hits=h, damage=points
            )
        if points:
            rules.damage(state, t, points, ctx, a.id, crit=True, overkill=overkill)
    discipline(state, a, attack.mounts, ctx)


def discipline(state: DfState, a: Aircraft, mounts: tuple[int, ...], ctx: DfContext) -> None:
    """Fire discipline after an attack, per onboard weapon fired (fire.1-3, dockfighter.5)."""
    specs = builtin()
    ds = specs.aircraft[a.datasheet]
    for i in mounts:
        w = specs.weapons[rules.mounts(a)[i].weapon]
        if not w.discipline:
            continue
        need = w.discipline[a.experience] + a.knacks.discipline  # an ace's ability (pilot.3)
        roll = ctx.dice.d(6, lambda: f"fire discipline #{a.id} {w.name} ({need}+)")  # noqa: B023 (rolled at once)
        if roll < need:
            a.ammo[i] = 2 if ds.klass == "dockfighter" else min(2, a.ammo[i] + 1)
            announce(
                ctx,
                AmmunitionSpent,
                aircraft=a.id,
                weapon=w.name,
                ammo="half" if a.ammo[i] == 1 else "empty",
            )


def _resolve_ground(state: DfState, a: Aircraft, attack: Attack, ctx: DfContext) -> None:
    specs = builtin()
    g = state.ground[attack.target - GROUND]
    need = to_hit_ground(a, g)
    total = 0
    area = 0
    for i in attack.mounts:
        w = specs.weapons[rules.mounts(a)[i].weapon]
        n = ground_mount_dice(state, a, i, g)
        total += _roll_damage(
            ctx, _roll_hits(ctx, n, need, w.reroll_hits, False, w.name), w.damage, False, w.name
        )
        if w.kind == "bomb":  # bomb racks: used up, and they hit the 6 hexes around alike
            a.ammo[i] = 2
            area = max(area, w.area)
    for j in sorted(attack.loads, reverse=True):
        name = a.loads[j]
        w = specs.weapons[name]
        n = ground_load_dice(state, a, name, g)
        pts = _roll_damage(
            ctx, _roll_hits(ctx, n, need, w.reroll_hits, False, name), w.damage, False, name
        )
        total += pts
        del a.loads[j]
        if w.smoke and pts:  # load.6: a 3-hex smoke cloud directly behind the plane
            _smoke(state, a, w.smoke, ctx)
            total -= pts
    b = board(state.width, state.height)
    hit = [g] + (
        [x for x in state.ground if x is not g and b.distance(x.cell, g.cell) <= area]
        if area
        else []
    )
    for x in hit:
        _ground_damage(state, a, x, total, ctx)
    discipline(state, a, attack.mounts, ctx)


def _ground_damage(state: DfState, a: Aircraft, g: GroundUnit, total: int, ctx: DfContext) -> None:
    if not total or g.damage >= g.structure:
        return
    g.damage = min(g.structure, g.damage + total)
    announce(
        ctx,
        GroundTargetDamaged,
        target=g.id,
        name=g.name,
        points=total,
        damage=g.damage,
        structure=g.structure,
    )
    if g.damage >= g.structure:  # ground.hit.4
        g.destroyed_by = a.id
        a.ground_kills += 1
        state.squadrons[a.player].ground_kills += 1
        announce(ctx, GroundTargetDestroyed, target=g.id, name=g.name, by=a.id)


def _smoke(state: DfState, a: Aircraft, turns: int, ctx: DfContext) -> None:
    b = board(state.width, state.height)
    cells: list[int] = []
    cell = a.cell
    for _ in range(3):
        cell = b.step[cell * 6 + (a.facing + 3) % 6]
        if cell < 0:
            break
        cells.append(cell)
    if cells:
        state.clouds.append(Cloud(col=-1, row=-1, size=len(cells), smoke=turns, cells=cells))
        announce(ctx, SmokeLaid, aircraft=a.id, cells=tuple(cells))


def ground_fire(state: DfState, ctx: DfContext) -> None:
    """Phase 2.1: armed ground targets fire at the nearest enemy aircraft, ties by die,
    hitting on 5+ (clauses combat.1-2, gt.6); at an airship they re-roll misses (airship.1)."""
    b = board(state.width, state.height)
    specs = builtin()
    shots: list[tuple[GroundUnit, Aircraft]] = []
    for g in state.ground:
        if g.damage >= g.structure or not any(g.dice):
            continue
        enemies = [
            x
            for x in state.aircraft
            if x.status == "flying"
            and x.cell >= 0
            and (g.hostile_to < 0 or x.player == g.hostile_to)
            and x.tesla_turn != state.turn
        ]
        if not enemies:
            continue
        best = min(b.distance(g.cell, x.cell) for x in enemies)
        near = [x for x in enemies if b.distance(g.cell, x.cell) == best]
        target = near[0] if len(near) == 1 else near[(ctx.dice.d(len(near), "FLAK target") - 1)]
        shots.append((g, target))
    for g, t in shots:
        bi = band(specs, b.distance(g.cell, t.cell))
        if bi < 0 or not g.dice[bi]:
            continue
        pts = strike(ctx, g.dice[bi], GROUND_FIRE_NEED, g.profile, t, f"{g.name} at #{t.id}")
        if pts:
            rules.damage(state, t, pts, ctx, -1, crit=True)


def strike(
    ctx: DfContext,
    dice: int,
    need: int,
    profile: tuple[int, ...] | list[int],
    target: Craft,
    what: str,
) -> int:
    """The damage points of an attack that needs a fixed roll (ground FLAK, an air mine, a
    cruise missile's warhead): "if you shoot at an airship you can always re-roll any failed
    attack dice" and "re-roll any successful damage rolls" (airship.1), whoever shoots."""
    airship = rules.sheet(target).klass == "airship"
    return _roll_damage(
        ctx, _roll_hits(ctx, dice, need, False, airship, what), profile, airship, what
    )


def summary(state: Scene, attack: Attack) -> tuple[int, int]:
    """The attack dice and the roll each needs (2-6) of an attack, for a person choosing it."""
    a = state.aircraft[attack.aircraft]
    if attack.target >= GROUND:
        g = state.ground[attack.target - GROUND]
        dice = sum(ground_mount_dice(state, a, i, g) for i in attack.mounts)
        dice += sum(ground_load_dice(state, a, a.loads[j], g) for j in attack.loads)
        return dice, max(2, min(6, to_hit_ground(a, g)))
    t = state.aircraft[attack.target]
    dice = sum(mount_dice(state, a, i, t) for i in attack.mounts)
    dice += sum(load_dice(state, a, a.loads[j], t) for j in attack.loads)
    return dice, max(2, min(6, to_hit_air(state, a, t)))
