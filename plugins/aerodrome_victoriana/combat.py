"""The Combat Phase: PCs and important NPCs act, the squadron-roll winner's side first.

Order (victoriana.combat.2-4), the first actor's initiative bonus (victoriana.combat.5),
multi-action penalties (victoriana.combat.6); pilot actions (victoriana.pilot.*) and crew
actions (victoriana.crew.*); the optional rules' actions (victoriana.optional.*).
With the optional rule "skip the Squadron Phase" every aircraft acts, in the order of its
pilot's Aviation + Handling roll (victoriana.optional.14).
"""

from __future__ import annotations

from collections.abc import Mapping

from aerodrome.data import Action
from aerodrome.errors import IllegalActionError
from aerodrome.turns import Context, Decision
from aerodrome_victoriana import specs
from aerodrome_victoriana.common import (
    aboard,
    battle_over,
    character_task,
    count_flying,
    enemy_of,
    flying,
    handling,
    handling_of,
    player_of,
    spec_of,
    stat,
    weapon_gunner,
)
from aerodrome_victoriana.damage import (
    bail_out,
    damage_roll,
    destroy,
    land_due,
    land_everyone,
    leave,
)
from aerodrome_victoriana.events import BombsDropped
from aerodrome_victoriana.heresy import roll_pool
from aerodrome_victoriana.state import (
    FLYING,
    Airman,
    Attack,
    BailOut,
    Chase,
    Craft,
    DefenceBonus,
    Defend,
    DogfightState,
    DropBomb,
    EmergencyLanding,
    EndTurn,
    Escape,
    FreeAttack,
    Repair,
    Spot,
    Tactical,
)


# -- order ---------------------------------------------------------------------------------
def run_order(state: DogfightState, ctx: Context) -> Decision | None:
    """Set the order of the Combat Phase."""
    state.turn = 0
    state.turn_started = False
    state.first_done = False
    state.free_attack_on = -1
    for a in state.airmen:
        a.actions = 0
    if battle_over(state):
        return None
    if state.rules.skip_squadron:
        state.initiative = initiative_order(state, ctx)
        state.order = []
    else:
        state.order = side_order(state, ctx)
        state.initiative = []
    return None


def side_order(state: DogfightState, ctx: Context) -> list[str]:
    """The squadron-roll winner acts first; ties go to the side with the bigger pool
    (victoriana.combat.2-3); equal pools: a d6 roll-off (assumed, victoriana.combat.3)."""
    a, b = state.sides
    first = state.winner
    if not first:
        pa, pb = state.pools.get(a, 0), state.pools.get(b, 0)
        if pa != pb:
            first = a if pa > pb else b
        else:
            while not first:
                ra, rb = ctx.dice.d(6, f"roll-off: {a}"), ctx.dice.d(6, f"roll-off: {b}")
                if ra != rb:
                    first = a if ra > rb else b
    return [first, enemy_of(state, first)]


def initiative_order(state: DogfightState, ctx: Context) -> list[int]:
    """Without the Squadron Phase every pilot rolls Aviation + Handling (victoriana.optional.14);
    more successes act first, then the bigger pool, then the friendly side (assumed)."""
    keyed: list[tuple[int, int, int, int]] = []
    for craft in state.crafts:
        if craft.status != FLYING:
            continue
        pilot = next((a for a in aboard(state, craft) if a.pilot), None)
        pool = pilot.pools["aviation"] if pilot else 0
        h = handling(craft)
        white, black = pool + max(0, h), max(0, -h)
        succ = roll_pool(ctx.dice, white, f"initiative: {craft.label} (white)")
        succ -= roll_pool(ctx.dice, black, f"initiative: {craft.label} (black)", explode=False)
        keyed.append((-succ, -(white - black), state.sides.index(craft.side), craft.id))
    return [k[3] for k in sorted(keyed)]


# -- whose turn ----------------------------------------------------------------------------
def units(state: DogfightState) -> int:
    return len(state.initiative) if state.rules.skip_squadron else len(state.order)


def turn_side(state: DogfightState) -> str:
    if state.rules.skip_squadron:
        return state.crafts[state.initiative[state.turn]].side
    return state.order[state.turn]


def actors(state: DogfightState) -> list[Airman]:
    """Characters who may still act in the current turn."""
    limit = specs.rules().multi_action.max_actions
    if state.rules.skip_squadron:
        craft = state.crafts[state.initiative[state.turn]]
        crafts = [craft] if craft.status == FLYING else []
    else:
        side = state.order[state.turn]
        crafts = [c for c in state.crafts if c.named and c.side == side and c.status == FLYING]
    return [a for c in crafts for a in aboard(state, c) if a.actions < limit]


def start_turn(state: DogfightState) -> None:
    """Defend bonuses last until the start of the defender's next turn (victoriana.pilot.2)."""
    if state.serial == 0 or not any(c.defence for c in state.crafts):
        return  # nobody has acted yet, so nobody has defended
    if state.rules.skip_squadron:
        mine = set(state.crafts[state.initiative[state.turn]].crew)
    else:
        side = state.order[state.turn]
        mine = {a.id for a in state.airmen if state.crafts[a.craft].side == side}
    for c in state.crafts:
        if c.defence:
            c.defence = [b for b in c.defence if b.by not in mine]


def run_combat(state: DogfightState, ctx: Context) -> Decision | None:
    """The Combat Phase's one step: set the order on entering, then ask for actions."""
    if not state.ordered:
        state.ordered = True
        run_order(state, ctx)
    return run_act(state, ctx)


def run_act(state: DogfightState, ctx: Context) -> Decision | None:
    while not battle_over(state):
        if state.free_attack_on >= 0:
            target = state.crafts[state.free_attack_on]
            if target.status == FLYING and free_attack_options(state, target):
                chooser = enemy_of(state, target.side)
                return Decision(
                    players=(player_of(state, chooser),), kind="free-attack",
                    prompt=f"choose an aircraft to attack {target.label}, who failed to escape",
                )
            state.free_attack_on = -1
        if state.turn >= units(state):
            return None
        if not state.turn_started:
            start_turn(state)
            state.turn_started = True
        if actors(state):
            return Decision(
                players=(player_of(state, turn_side(state)),), kind="act",
                prompt="choose a character's action (or end the turn)",
            )
        state.turn += 1
        state.turn_started = False
    return None


def resolve_act(state: DogfightState, ctx: Context, answers: Mapping[int, Action]) -> bool:
    (action,) = answers.values()
    if isinstance(action, FreeAttack):
        target = state.crafts[state.free_attack_on]
        state.free_attack_on = -1
        free_attack(state, ctx, action, target)
        return True
    if isinstance(action, EndTurn):
        state.turn += 1
        state.turn_started = False
        return True
    perform(state, ctx, action)
    return True


def run_end(state: DogfightState, ctx: Context) -> Decision | None:
    """End of the round: parachutes reach the ground, per-round tallies reset."""
    land_due(state, ctx)
    for c in state.crafts:
        if c.defence:
            c.defence = [
                b for b in c.defence if state.crafts[state.airmen[b.by].craft].status == FLYING
            ]
    state.round += 1
    state.ordered = False
    if battle_over(state):
        land_everyone(state, ctx)
    state.manoeuvre = {}
    state.winner = ""
    state.net = state.to_spend = state.to_remove = 0
    state.turn = 0
    state.turn_started = False
    return None


# -- legal actions ---------------------------------------------------------------------------
def act_options(state: DogfightState) -> list[Action]:
    options: list[Action] = []
    for a in actors(state):
        options.extend(character_options(state, a))
    options.append(EndTurn())
    return options


def character_options(state: DogfightState, a: Airman) -> list[Action]:
    craft = state.crafts[a.craft]
    spec = spec_of(craft)
    side = craft.side
    foes = flying(state, enemy_of(state, side))
    out: list[Action] = []
    for w, weapon in enumerate(spec.weapons):  # victoriana.pilot.1, victoriana.crew.1
        if spec.station_of(weapon.station) == a.station:
            out.extend(Attack(airman=a.id, target=f.id, weapon=w) for f in foes)
    if "Bombardier" in a.jobs:  # victoriana.crew.2
        for line, left in enumerate(craft.bombs):
            out.extend(DropBomb(airman=a.id, line=line, count=n) for n in range(1, left + 1))
        for line, left in enumerate(craft.optional_bombs):
            out.extend(
                DropBomb(airman=a.id, line=line, count=n, optional=True) for n in range(1, left + 1)
            )
    mates = [m for m in aboard(state, craft) if m.id != a.id]
    if a.pilot:
        out.extend(Defend(airman=a.id, ward=c.id) for c in flying(state, side))
        out.append(Escape(airman=a.id))
        out.extend(Chase(airman=a.id, target=t) for t in chase_targets(state, a))
        if state.rules.skip_squadron:  # victoriana.optional.15: Spot instead of Tactical
            out.extend(spots(a, mates))
        else:
            out.append(Tactical(airman=a.id, skill="aviation"))
            out.append(Tactical(airman=a.id, skill="tactics"))
        if state.rules.emergency_landings:
            out.append(EmergencyLanding(airman=a.id))
    else:
        if craft.health < spec.health or craft.vital_damage:
            out.append(Repair(airman=a.id))
        out.extend(spots(a, mates))
    if state.rules.emergency_landings:
        out.append(BailOut(airman=a.id))
    return out


def spots(a: Airman, mates: list[Airman]) -> list[Action]:
    return [
        Spot(airman=a.id, mate=m.id, skill=s) for m in mates for s in ("perception", "gunnery")
    ]


def chase_targets(state: DogfightState, a: Airman) -> list[int]:
    """Enemies that escaped (or chased) since the start of the pilot's last turn
    (victoriana.pilot.7)."""
    side = state.crafts[a.craft].side
    since = a.prev_turn_start if a.actions > 0 else a.turn_start
    return [
        c.id for c in state.crafts
        if c.side != side and c.status in ("escaped", "chasing") and c.escaped_at > since
        and c.id not in a.lost
    ]


def free_attack_options(state: DogfightState, target: Craft) -> list[Action]:
    out: list[Action] = []
    for c in flying(state, enemy_of(state, target.side)):
        for w in range(len(spec_of(c).weapons)):
            if weapon_gunner(state, c, w) is not None:
                out.append(FreeAttack(craft=c.id, weapon=w))
    return out


# -- performing actions ------------------------------------------------------------------------
def perform(state: DogfightState, ctx: Context, action: Action) -> None:
    a = state.airmen[getattr(action, "airman")]  # noqa: B009 - every character action has one
    a.actions += 1
    if a.actions == 1:
        a.prev_turn_start = a.turn_start
        a.turn_start = state.serial
    state.serial += 1
    craft = state.crafts[a.craft]
    if isinstance(action, Attack):
        attack(state, ctx, a, craft, state.crafts[action.target], action.weapon)
    elif isinstance(action, Defend):
        defend(state, ctx, a, state.crafts[action.ward])
    elif isinstance(action, Escape | Chase):
        escape_or_chase(state, ctx, a, craft, action)
    elif isinstance(action, Tactical):
        tactical(state, ctx, a, craft, action.skill)
    elif isinstance(action, DropBomb):
        drop_bomb(state, ctx, a, craft, action)
    elif isinstance(action, Repair):
        repair(state, ctx, a, craft)
    elif isinstance(action, Spot):
        spot(state, ctx, a, action)
    elif isinstance(action, EmergencyLanding):
        emergency_landing(state, ctx, a, craft)
    elif isinstance(action, BailOut):
        bail(state, ctx, a, craft)
    else:  # pragma: no cover - guarded by the legal actions
        raise IllegalActionError(f"{action.describe()} is not a Combat Phase action")


def attack(
    state: DogfightState, ctx: Context, a: Airman, craft: Craft, target: Craft, weapon: int,
    *, free: bool = False,
) -> None:
    """Gunnery + Handling against the target's Handling + 3 black dice; a target's black-dice
    Handling joins the attack pool; ties go to the attacker (victoriana.pilot.1,
    victoriana.crew.1)."""
    book = specs.rules()
    th = handling(target)
    black = book.attack.black_base + max(0, th)
    roll = character_task(
        state, ctx, a, f"attack {target.label}", a.pools["gunnery"], black,
        with_handling=True, bonus=max(0, -th), free=free,
    )
    if roll.white >= roll.black and roll.white > 0:
        extra = max(0, roll.net) if book.damage.attack_net_adds_pips else 0
        damage_roll(state, ctx, target, spec_of(craft).weapons[weapon], extra, a.name)


def free_attack(state: DogfightState, ctx: Context, action: FreeAttack, target: Craft) -> None:
    craft = state.crafts[action.craft]
    gunner = weapon_gunner(state, craft, action.weapon)
    if gunner is None or target.status != FLYING:
        return
    attack(state, ctx, gunner, craft, target, action.weapon, free=True)


def defend(state: DogfightState, ctx: Context, a: Airman, ward: Craft) -> None:
    """Aviation + Handling: net successes add to an aircraft's Armour Value until the start
    of the pilot's next turn (victoriana.pilot.2)."""
    roll = character_task(state, ctx, a, f"defend {ward.label}", a.pools["aviation"], 0, with_handling=True)
    if roll.net > 0:
        ward.defence.append(DefenceBonus(by=a.id, amount=roll.net))


def escape_or_chase(
    state: DogfightState, ctx: Context, a: Airman, craft: Craft, action: Escape | Chase
) -> None:
    """Aviation + Handling with 9 black dice when outnumbered (victoriana.pilot.3-7)."""
    book = specs.rules()
    outnumbered = count_flying(state, enemy_of(state, craft.side)) > count_flying(state, craft.side)
    black = book.escape.black_outnumbered if outnumbered else 0
    what = "escape" if isinstance(action, Escape) else f"chase {state.crafts[action.target].label}"
    roll = character_task(state, ctx, a, what, a.pools["aviation"], black, with_handling=True)
    if roll.outcome == "success":
        craft.escaped_at = state.serial
        # victoriana.pilot.8: a chase continues under another sourcebook's rules: both leave
        leave(state, ctx, craft, "escaped" if isinstance(action, Escape) else "chasing")
    elif isinstance(action, Escape):
        state.free_attack_on = craft.id  # victoriana.pilot.5
    else:
        a.lost.append(action.target)


def tactical(state: DogfightState, ctx: Context, a: Airman, craft: Craft, skill: str) -> None:
    """Aviation or Tactics + Handling: successes become dice of the next Squadron Roll; only
    the side's best counts (victoriana.pilot.9-10)."""
    roll = character_task(state, ctx, a, "tactical", a.pools[skill], 0, with_handling=True)
    if roll.outcome == "success":
        side = craft.side
        state.tactical_dice[side] = max(state.tactical_dice.get(side, 0), roll.net)


def drop_bomb(state: DogfightState, ctx: Context, a: Airman, craft: Craft, action: DropBomb) -> None:
    """Gunnery with 6 black dice, +2 dice per 500 lb dropped; success, partial or miss
    (victoriana.crew.2-3)."""
    book = specs.rules()
    spec = spec_of(craft)
    lines = spec.optional_ordnance if action.optional else spec.ordnance
    stock = craft.optional_bombs if action.optional else craft.bombs
    stock[action.line] -= action.count
    craft.handling = handling_of(craft)  # victoriana.aircraft.11: the penalty ends with the bombs
    weight = lines[action.line].weight_lb * action.count
    dice = a.pools["gunnery"] + (weight // 500) * book.bomb.dice_per_500lb
    roll = character_task(state, ctx, a, f"drop {weight} lb", dice, book.bomb.black, with_handling=False)
    side = craft.side
    partial_roll = 0
    if roll.outcome == "success":
        outcome = "on target"
    elif roll.outcome == "partial":
        partial_roll = ctx.dice.d(6, f"{a.name}: partial bombing")
        outcome = {1: "target damaged", 6: "target damaged", 2: "destruction elsewhere",
                   5: "destruction elsewhere"}.get(partial_roll, "no effect")  # 3-4 assumed
    else:
        outcome = "missed"
    stat(state, f"{side}.bombs {outcome}")
    ctx.emit(BombsDropped(airman=a.id, weight_lb=weight, outcome=outcome, partial_roll=partial_roll))


def repair(state: DogfightState, ctx: Context, a: Airman, craft: Craft) -> None:
    """Ad Hoc Repair with 3 black dice: a pip per success, at most the Armour Value
    (victoriana.crew.4); any success also mends vital components (assumed)."""
    book = specs.rules()
    roll = character_task(state, ctx, a, "repair", a.pools["repair"], book.repair.black, with_handling=False)
    if roll.net > 0:
        spec = spec_of(craft)
        craft.vital_damage = False
        craft.health = min(spec.health, craft.health + min(roll.net, spec.armour))


def spot(state: DogfightState, ctx: Context, a: Airman, action: Spot) -> None:
    """Perception or Gunnery: successes cut the black dice of a crewmate's next action
    (victoriana.crew.5)."""
    roll = character_task(state, ctx, a, "spot", a.pools[action.skill], 0, with_handling=False)
    if roll.net > 0:
        state.airmen[action.mate].spot += roll.net


def emergency_landing(state: DogfightState, ctx: Context, a: Airman, craft: Craft) -> None:
    """Aviation + Handling against the environment's black dice; the aircraft takes the
    environment's damage less the successes (victoriana.optional.2-3)."""
    env = specs.rules().environment_of(state.rules.environment)
    roll = character_task(state, ctx, a, f"emergency landing ({env.name})", a.pools["aviation"],
                          env.black, with_handling=True)
    craft.health = max(0, craft.health - max(0, env.damage - max(0, roll.net)))
    if craft.health == 0:
        destroy(state, ctx, craft)
    else:
        leave(state, ctx, craft, "landed")


def bail(state: DogfightState, ctx: Context, a: Airman, craft: Craft) -> None:
    """Bail out (victoriana.optional.5); a pilot who bails abandons the aircraft and the crew
    goes with them (assumed)."""
    if a.pilot:
        for m in aboard(state, craft):
            bail_out(state, ctx, m)
        leave(state, ctx, craft, "crashed")
    else:
        bail_out(state, ctx, a)
