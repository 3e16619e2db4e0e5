"""The Combat Phase: PCs and important NPCs act, the squadron-roll winner's side first.

Order (victoriana.combat.2-4), the first actor's initiative bonus (victoriana.combat.5),
multi-action penalties (victoriana.combat.6); which pilot and crew actions each character
may take (listed in :mod:`aerodrome_victoriana.acting`, performed in
:mod:`aerodrome_victoriana.actions`).
With the optional rule "skip the Squadron Phase" every aircraft acts, in the order of its
pilot's Aviation + Handling roll (victoriana.optional.14).

The phase is the core's sequence of steps (:class:`CombatPhase`): the order, then for each
turn (a side, or an aircraft without the Squadron Phase: ``ctx.item``) its start and its
characters' actions, then the end of the round.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec

from aerodrome.api import Ask, Context, Decision
from aerodrome.engine.turns import Item
from aerodrome_victoriana import specs
from aerodrome_victoriana.acting import (
    Acting,
    ActOptions,
    character_options,
    free_attack_options,
    snapshot,
)
from aerodrome_victoriana.actions import free_attack, perform
from aerodrome_victoriana.common import (
    aboard,
    battle_over,
    enemy_of,
    handling,
    player_of,
)
from aerodrome_victoriana.damage import land_due, land_everyone
from aerodrome_victoriana.ending import break_off
from aerodrome_victoriana.heresy import roll_pool
from aerodrome_victoriana.hooks import Variants
from aerodrome_victoriana.state import (
    FLYING,
    Airman,
    DogfightState,
    EndTurn,
    FreeAttack,
    Kind,
    update_craft,
)

update = msgspec.structs.replace


# -- order ---------------------------------------------------------------------------------
def run_order(state: DogfightState, ctx: Context) -> None:
    """Set the order of the Combat Phase: the sides (victoriana.combat.2-3) or, without the
    Squadron Phase, the aircraft (victoriana.optional.14); nobody has acted yet."""
    state.first_done = False
    state.free_attack_on = -1
    if state.serial:  # before anybody's first action every count is still 0
        state.airmen = [update(a, actions=0) if a.actions else a for a in state.airmen]
    if battle_over(state):
        return
    if state.rules.skip_squadron:
        state.initiative = initiative_order(state, ctx)
        state.order = []
    else:
        state.order = side_order(state, ctx)
        state.initiative = []


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
def turns(state: DogfightState) -> Sequence[Item]:
    """The turns of the Combat Phase: each side in order, or each aircraft in initiative
    order without the Squadron Phase. None when nobody aboard may act (victoriana.combat.1):
    only PCs and important NPCs act, and no aircraft carries one."""
    if state.rules.skip_squadron:
        return state.initiative
    return state.order if state.named else ()


def actors(state: DogfightState, turn: Item) -> list[Airman]:
    """Characters who may still act in ``turn`` (a side, or an aircraft id)."""
    limit = specs.rules().multi_action.max_actions
    if isinstance(turn, int):
        craft = state.crafts[turn]
        crafts = [craft] if craft.status == FLYING else []
    else:
        crafts = [
            c
            for c in map(state.crafts.__getitem__, state.named)
            if c.side == turn and c.status == FLYING
        ]
        if not crafts:
            return []
    return [a for c in crafts for a in aboard(state, c) if a.actions < limit]


def turn_side(state: DogfightState, turn: Item) -> str:
    return state.crafts[turn].side if isinstance(turn, int) else turn


def start_turn(state: DogfightState, turn: Item) -> None:
    """Defend bonuses last until the start of the defender's next turn (victoriana.pilot.2)."""
    if state.serial == 0 or not any(c.defence for c in state.crafts):
        return  # nobody has acted yet, so nobody has defended
    if isinstance(turn, int):
        mine = set(state.crafts[turn].crew)
    else:
        mine = {a.id for a in state.airmen if state.crafts[a.craft].side == turn}
    for c in state.crafts:
        if c.defence:
            update_craft(state, c.id, defence=tuple(b for b in c.defence if b.by not in mine))


def run_end(state: DogfightState, ctx: Context) -> None:
    """End of the round: parachutes reach the ground, a beaten squadron breaks off
    (victoriana.turn.2, victoriana.turn.4); this round's manoeuvres, roll and order are
    over."""
    if state.serial:  # parachutes and Defend bonuses follow somebody's action
        land_due(state, ctx)
        for c in state.crafts:
            if c.defence:
                update_craft(
                    state,
                    c.id,
                    defence=tuple(
                        b
                        for b in c.defence
                        if state.crafts[state.airmen[b.by].craft].status == FLYING
                    ),
                )
    break_off(state, ctx)  # victoriana.turn.4: the Gamemaster's call on a beaten squadron
    if ctx.round >= specs.rules().sortie.rounds:  # victoriana.aircraft.9: the sortie's last
        state.spent = True
    if battle_over(state):
        land_everyone(state, ctx)
    state.manoeuvre = {}
    state.pools = {}
    state.rolled = {}
    state.winner = ""
    state.net = state.to_spend = state.to_remove = 0
    state.order = []
    state.initiative = []


# -- legal actions ---------------------------------------------------------------------------
def act_options(state: DogfightState, turn: Item) -> ActOptions:
    """The legal actions of the ``act`` decision: those of every character who may still act
    in ``turn`` (listed on demand, :class:`~aerodrome_victoriana.acting.ActOptions`), or end
    the turn."""
    return ActOptions(snapshot(state), tuple(a.id for a in actors(state, turn)))


def _free_attack_legal(state: DogfightState, player: int) -> list[FreeAttack]:
    return free_attack_options(state, state.crafts[state.free_attack_on])


# -- the steps -------------------------------------------------------------------------------
class CombatPhase:
    """The steps of the Combat Phase (victoriana.combat.1) for one ruleset instance and its
    variant hooks."""

    __slots__ = ("_act", "variants")

    def __init__(self, variants: Variants) -> None:
        self.variants = variants
        self._act: dict[tuple[int, str], Decision] = {}

    def order(self, state: DogfightState, ctx: Context) -> None:
        run_order(state, ctx)

    def start(self, state: DogfightState, ctx: Context) -> None:
        """The start of a side's (or an aircraft's) turn."""
        start_turn(state, ctx.item)

    def act(
        self, state: DogfightState, ctx: Context
    ) -> Ask[DogfightState, Acting] | Ask[DogfightState, FreeAttack] | None:
        """The free attack on an aircraft that failed to escape (victoriana.pilot.5), then the
        turn's characters act, one action at a time in the order their seat chooses
        (victoriana.combat.4), until the seat ends the turn or nobody may act."""
        if state.free_attack_on >= 0:
            target = state.crafts[state.free_attack_on]
            if target.status == FLYING and free_attack_options(state, target):
                chooser = enemy_of(state, target.side)
                decision = Decision(
                    players=(player_of(state, chooser),), kind=Kind.FREE_ATTACK, subject=target.id
                )
                return Ask(decision, _free_attack_legal, self.resolve_free_attack)
            state.free_attack_on = -1
        turn = ctx.item
        ids = tuple(a.id for a in actors(state, turn))
        if not ids:
            return None
        player = player_of(state, turn_side(state, turn))
        whose = state.crafts[turn].label if isinstance(turn, int) else turn
        key = (player, whose)  # the instance serves every set-up: by the label, not the id
        asking = self._act.get(key)
        if asking is None:
            asking = self._act[key] = Decision(players=(player,), kind=Kind.ACT, subject=whose)
        # the characters who may act are listed now; their actions when asked for
        return Ask(asking, lambda state, player: ActOptions(snapshot(state), ids), self.resolve_act)

    def resolve_act(
        self, state: DogfightState, ctx: Context, answers: Mapping[int, Acting]
    ) -> bool:
        (action,) = answers.values()
        if isinstance(action, EndTurn):
            return False
        perform(state, ctx, action, self.variants)
        return True

    def resolve_free_attack(
        self, state: DogfightState, ctx: Context, answers: Mapping[int, FreeAttack]
    ) -> bool:
        (action,) = answers.values()
        target = state.crafts[state.free_attack_on]
        state.free_attack_on = -1
        free_attack(state, ctx, action, target, self.variants)
        return True

    def end(self, state: DogfightState, ctx: Context) -> None:
        run_end(state, ctx)


__all__ = ["character_options", "free_attack", "free_attack_options", "perform"]
