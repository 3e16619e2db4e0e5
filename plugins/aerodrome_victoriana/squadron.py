"""The Squadron Phase: secret manoeuvres, the opposed Squadron Roll, and its effects.

Each side's pool is one die per aircraft in the dogfight plus the highest Handling
(victoriana.squadron.2-3); white and black both explode (victoriana.squadron.5); net
successes feed the winner's manoeuvre (victoriana.squadron.8-14).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from aerodrome.api import Ask, Context, Decision, Reveal, listed
from aerodrome_victoriana import specs
from aerodrome_victoriana.common import (
    battle_over,
    enemy_of,
    player_of,
    side_crafts,
    spec_of,
    stat,
)
from aerodrome_victoriana.damage import damage_roll, leave
from aerodrome_victoriana.events import SquadronRolled
from aerodrome_victoriana.heresy import roll_pool
from aerodrome_victoriana.hooks import Variants
from aerodrome_victoriana.state import (
    FLYING,
    MANOEUVRE_CHOICES,
    SPEND_ON_FIGHTERS,
    ChooseManoeuvre,
    Craft,
    DamageRoll,
    DogfightState,
    Kind,
    LeaveBattle,
    RemoveFighter,
    SpendOnFighters,
)

#: The answers of a ``spend`` decision, and of a ``remove`` or ``escape`` decision.
Spending = SpendOnFighters | DamageRoll
Removal = RemoveFighter | LeaveBattle


# -- pools and the roll ------------------------------------------------------------------------
def base_pool(state: DogfightState, side: str) -> tuple[int, int]:
    """(pool, black dice given to the enemy): one die per aircraft plus the highest Handling
    (victoriana.squadron.2, victoriana.squadron.3). A squadron whose best Handling is black
    dice gives those dice to the other squadron's pool (assumed, victoriana.squadron.4)."""
    count, best = _count_and_best(side_crafts(state, side))
    if not count:
        return 0, 0
    return count + max(0, best), max(0, -best)


def squadron_pools(state: DogfightState, variants: Variants) -> dict[str, int]:
    """Both pools: base (or a variant's), Tactical-action dice, black Handling, Defend."""
    a, b = state.sides
    pool_a, gift_a = base_pool(state, a)
    pool_b, gift_b = base_pool(state, b)
    caller = variants.squadron_pool
    if caller is not None:
        changed = caller(side=a, base_pool=pool_a, state=state)
        if changed is not None:
            pool_a = max(0, int(changed))
        changed = caller(side=b, base_pool=pool_b, state=state)
        if changed is not None:
            pool_b = max(0, int(changed))
    dice = state.tactical_dice  # victoriana.pilot.9
    pool_a += dice.get(a, 0) + gift_b
    pool_b += dice.get(b, 0) + gift_a
    manoeuvre = state.manoeuvre
    if manoeuvre.get(a) == "defend":  # victoriana.squadron.10
        pool_a += (pool_a + 1) // 2
    if manoeuvre.get(b) == "defend":
        pool_b += (pool_b + 1) // 2
    return {a: pool_a, b: pool_b}


def _count_and_best(crafts: list[Craft]) -> tuple[int, int]:
    """Aircraft in the dogfight and their best current Handling (victoriana.aircraft.11)."""
    count = 0
    best = -99
    for c in crafts:
        if c.status == FLYING:
            count += 1
            if c.handling > best:
                best = c.handling
    return count, best


@cache
def _purposes(white_side: str, black_side: str) -> tuple[str, str]:
    return f"squadron roll: {white_side} (white)", f"squadron roll: {black_side} (black)"


def squadron_roll(state: DogfightState, ctx: Context, variants: Variants) -> None:
    """Roll the two pools against each other and set up the winner's manoeuvre."""
    pools = squadron_pools(state, variants)
    stat(state, "engagements")  # one squadron clash (for the comparison metrics)
    white_side, black_side = state.sides
    white, black = _purposes(white_side, black_side)
    rolled = {
        white_side: roll_pool(ctx.dice, pools[white_side], white),
        black_side: roll_pool(ctx.dice, pools[black_side], black),
    }
    if state.tactical_carry:  # victoriana.squadron.14: carried Tactical successes
        for side in state.sides:
            if state.manoeuvre.get(side) != "tactical":
                rolled[side] += state.tactical_carry.get(side, 0)
    state.tactical_carry = {}
    state.tactical_dice = {}
    net = rolled[white_side] - rolled[black_side]
    state.pools = pools
    state.rolled = rolled
    state.winner = white_side if net > 0 else black_side if net < 0 else ""
    state.net = abs(net)
    state.to_spend = state.to_remove = 0
    ctx.emit(
        lambda: SquadronRolled(
            round=ctx.round,
            manoeuvres=dict(state.manoeuvre),
            pools=pools,
            successes=rolled,
            winner=state.winner,
            net=state.net,
        )
    )
    if not state.winner:  # victoriana.squadron.6: ties accomplish nothing
        stat(state, "squadron_ties")
        return
    stat(state, f"{state.winner}.squadron_wins")
    manoeuvre = state.manoeuvre[state.winner]
    if manoeuvre in ("attack", "defend"):
        state.to_spend = state.net
    elif manoeuvre == "escape":
        state.to_remove = state.net
    else:
        state.tactical_carry = {state.winner: state.net}


# -- spending the successes of Attack and Defend ---------------------------------------------
def costs(manoeuvre: str) -> tuple[int, int]:
    """(successes per fighter removed, per damage roll on a special aircraft)."""
    sq = specs.rules().squadron
    if manoeuvre == "defend":
        return sq.defend_fighter_cost, sq.defend_special_cost
    return sq.attack_fighter_cost, sq.attack_special_cost


def damage_weapons(state: DogfightState, side: str) -> list[tuple[int, int]]:
    """(craft, weapon) choices for a squadron damage roll: one per distinct armament of the
    side's fighters; a side without fighters uses any of its aircraft's armament (assumed,
    victoriana.squadron.9)."""
    return _damage_options(state, side)[0]


def _damage_options(state: DogfightState, side: str) -> tuple[list[tuple[int, int]], list[int]]:
    """(:func:`damage_weapons` of ``side``, the enemy's special aircraft in the dogfight).
    Interchangeable aircraft carry the same armament, so the first flying aircraft of each
    type stands for its type."""
    fighters: dict[str, int] = {}
    others: dict[str, int] = {}
    for c in side_crafts(state, side):
        if c.status == FLYING:
            kinds = fighters if c.role == "fighter" else others
            if c.spec not in kinds:
                kinds[c.spec] = c.id
    targets = [
        c.id for c in side_crafts(state, enemy_of(state, side)) if c.special and c.status == FLYING
    ]
    weapons = _weapon_count()
    # without fighters, ``others`` holds every aircraft type of the side
    kinds = fighters or others
    return [(cid, w) for kind, cid in kinds.items() for w in range(weapons[kind])], targets


def _can_damage_special(state: DogfightState, side: str) -> bool:
    """Whether ``side`` may spend on a damage roll: an enemy special aircraft is in the
    dogfight and :func:`damage_weapons` offers something (without building the lists)."""
    if not any(c.special and c.status == FLYING for c in side_crafts(state, enemy_of(state, side))):
        return False
    weapons = _weapon_count()
    has_fighter = fighter_armed = other_armed = False
    for c in side_crafts(state, side):
        if c.status == FLYING:
            if c.role == "fighter":
                has_fighter = True
                if weapons[c.spec]:
                    fighter_armed = True
            elif weapons[c.spec]:
                other_armed = True
    return fighter_armed if has_fighter else other_armed


@specs.spec_cached
def _weapon_count() -> dict[str, int]:
    """Armament lines by aircraft type (from the datasheets)."""
    return {key: len(spec.weapons) for key, spec in specs.aircraft().items()}


def spend_on_fighters(state: DogfightState) -> None:
    fighter_cost, _ = costs(state.manoeuvre[state.winner])
    wanted = state.to_spend // fighter_cost
    removable = 0  # enemy fighters, counted up to what the successes can remove
    if wanted > 0:
        winner = state.winner
        for c in side_crafts(state, enemy_of(state, winner)):
            if not c.special and c.status == FLYING:
                removable += 1
                if removable == wanted:
                    break
    state.to_remove = removable
    state.to_spend = 0


def spend_options(state: DogfightState) -> list[Spending]:
    """Spend on fighters, or a damage roll on each enemy special aircraft with each of the
    winner's armaments (victoriana.squadron.8-9)."""
    options: list[Spending] = [SPEND_ON_FIGHTERS]
    weapons, targets = _damage_options(state, state.winner)
    for target in targets:
        options.extend(_damage_roll(target, c, w) for c, w in weapons)
    return options


def _spend_legal(state: DogfightState, player: int) -> list[Spending]:
    return spend_options(state)


@cache
def _damage_roll(target: int, craft: int, weapon: int) -> DamageRoll:
    """The (immutable) action, built once."""
    return DamageRoll(target=target, craft=craft, weapon=weapon)


# -- removing fighters / escaping aircraft ------------------------------------------------------
def removal_candidates(state: DogfightState) -> tuple[str, list[Craft]]:
    """(side choosing, aircraft it chooses among)."""
    winner = state.winner
    if state.manoeuvre.get(winner) == "escape":  # victoriana.squadron.12
        return winner, [c for c in side_crafts(state, winner) if c.status == FLYING and not c.pc]
    loser = enemy_of(state, winner)
    return loser, [c for c in side_crafts(state, loser) if c.status == FLYING and not c.special]


def distinct(crafts: list[Craft]) -> list[Craft]:
    """One aircraft per kind of interchangeable aircraft (same type, health, load, crew)."""
    seen: set[tuple[object, ...]] = set()
    out: list[Craft] = []
    for c in crafts:
        key = (c.spec, c.health, tuple(c.optional_bombs), tuple(c.bombs), c.named, c.vital_damage)
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


def _alike(crafts: list[Craft]) -> bool:
    """Whether :func:`distinct` would keep a single aircraft (stopping at the first odd one)."""
    f = crafts[0]
    spec, health, optional_bombs, bombs = f.spec, f.health, f.optional_bombs, f.bombs
    for c in crafts:
        if c is not f and not (
            c.spec == spec
            and c.health == health
            and c.optional_bombs == optional_bombs
            and c.bombs == bombs
            and c.named == f.named
            and c.vital_damage == f.vital_damage
        ):
            return False
    return True


def _take_out(state: DogfightState, ctx: Context, craft: Craft, escape: bool) -> None:
    leave(state, ctx, craft, "withdrawn" if escape else "removed")


def remove_options(state: DogfightState) -> list[Removal]:
    """The aircraft the chooser may take out, one of each interchangeable kind."""
    chooser, candidates = removal_candidates(state)
    make = _leave_battle if chooser == state.winner else _remove_fighter
    return [make(c.id) for c in distinct(candidates)]


def _remove_legal(state: DogfightState, player: int) -> list[Removal]:
    return remove_options(state)


def resolve_remove(state: DogfightState, ctx: Context, answers: Mapping[int, Removal]) -> bool:
    """Take the chosen aircraft out; ask again while more must go."""
    (action,) = answers.values()
    _take_out(state, ctx, state.crafts[action.craft], isinstance(action, LeaveBattle))
    state.to_remove -= 1
    return True


@cache
def _remove_ask(player: int, escape: bool, to_remove: int) -> Ask[DogfightState, Removal]:
    decision = Decision(
        players=(player,), kind=Kind.ESCAPE if escape else Kind.REMOVE, subject=to_remove
    )
    return Ask(decision, _remove_legal, resolve_remove)


@cache
def _leave_battle(craft: int) -> LeaveBattle:
    return LeaveBattle(craft=craft)


@cache
def _remove_fighter(craft: int) -> RemoveFighter:
    return RemoveFighter(craft=craft)


# -- the steps -------------------------------------------------------------------------------
_MANOEUVRE = Decision(
    players=(0, 1),
    kind=Kind.MANOEUVRE,
    simultaneous=True,
    reveal=Reveal.EVERYONE,  # the Squadron Roll shows them anyway (victoriana.squadron.7)
)


class SquadronPhase:
    """The steps of the Squadron Phase (victoriana.squadron.1) for one ruleset instance and
    its variant hooks: the manoeuvres and the roll, spending the winner's successes, taking
    out the aircraft they remove."""

    __slots__ = ("_manoeuvre", "_spend", "variants")

    def __init__(self, variants: Variants) -> None:
        self.variants = variants
        self._manoeuvre: Ask[DogfightState, ChooseManoeuvre] = Ask(
            _MANOEUVRE, listed(MANOEUVRE_CHOICES), self.resolve_manoeuvre
        )
        self._spend: dict[tuple[int, int, int, int], Ask[DogfightState, Spending]] = {}

    def manoeuvre(
        self, state: DogfightState, ctx: Context
    ) -> Ask[DogfightState, ChooseManoeuvre] | None:
        """Both sides choose their manoeuvre in secret before the roll (victoriana.squadron.7)."""
        if state.rules.skip_squadron or battle_over(state):
            return None
        return self._manoeuvre

    def resolve_manoeuvre(
        self, state: DogfightState, ctx: Context, answers: Mapping[int, ChooseManoeuvre]
    ) -> bool:
        for player, action in answers.items():
            state.manoeuvre[state.sides[player]] = action.manoeuvre
        squadron_roll(state, ctx, self.variants)
        return False

    def spend(self, state: DogfightState, ctx: Context) -> Ask[DogfightState, Spending] | None:
        """The winner of Attack/Defend spends successes on fighters or special aircraft
        (victoriana.squadron.8-10); without a special aircraft to damage, on fighters."""
        if state.to_spend <= 0 or not state.winner or battle_over(state):
            state.to_spend = 0
            return None
        fighter_cost, special_cost = costs(state.manoeuvre[state.winner])
        if state.to_spend >= special_cost and _can_damage_special(state, state.winner):
            key = (player_of(state, state.winner), state.to_spend, special_cost, fighter_cost)
            ask = self._spend.get(key)
            if ask is None:
                decision = Decision(
                    players=(key[0],), kind=Kind.SPEND, subject=(key[1], special_cost, fighter_cost)
                )
                ask = self._spend[key] = Ask(decision, _spend_legal, self.resolve_spend)
            return ask
        spend_on_fighters(state)
        return None

    def resolve_spend(
        self, state: DogfightState, ctx: Context, answers: Mapping[int, Spending]
    ) -> bool:
        (action,) = answers.values()
        if isinstance(action, SpendOnFighters):
            spend_on_fighters(state)
            return False
        _, special_cost = costs(state.manoeuvre[state.winner])
        state.to_spend -= special_cost
        craft = state.crafts[action.craft]
        weapon = spec_of(craft).weapons[action.weapon]
        # victoriana.squadron.9: the manoeuvre's successes never add to the damage
        damage_roll(
            state,
            ctx,
            state.crafts[action.target],
            weapon,
            0,
            f"{state.winner} squadron",
            self.variants,
        )
        return True

    def remove(self, state: DogfightState, ctx: Context) -> Ask[DogfightState, Removal] | None:
        """The loser removes fighters of its choice (victoriana.squadron.8); after an Escape
        the winner chooses who leaves (victoriana.squadron.12). Interchangeable aircraft are
        not asked about."""
        if state.to_remove <= 0 or not state.winner:
            return None
        chooser, candidates = removal_candidates(state)
        escape = chooser == state.winner
        if len(candidates) <= state.to_remove or _alike(candidates):
            for c in candidates[: state.to_remove]:
                _take_out(state, ctx, c, escape)
            state.to_remove = 0
            return None
        return _remove_ask(player_of(state, chooser), escape, state.to_remove)
