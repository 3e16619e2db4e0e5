"""The exact chances of a character's action, shown next to the choice (``odds`` at the
``aerodrome play`` prompt): the dice of the test as the rules build them
(:func:`aerodrome_victoriana.common.character_task`), from the player's view, and their
outcomes from the exact pools of :mod:`aerodrome_victoriana.odds` (icepool).

- an attack or a free attack: the chance it hits (white successes at least the black and at
  least one, victoriana.pilot.1);
- an escape, a chase, an emergency landing: the chance of a success (victoriana.pilot.3-7,
  victoriana.optional.2-3);
- a bomb drop: on target and partial (victoriana.crew.2-3);
- a squadron manoeuvre: each side's chance to win the Squadron Roll with it
  (victoriana.squadron.2-6, .10, .14).

The first character to act in a Combat Phase gets the initiative bonus (victoriana.combat.5);
the view does not say whether somebody has rolled yet this phase, so it is read from the
characters' action counts (a bail-out, the one action that rolls nothing, is not counted).
"""

from __future__ import annotations

from aerodrome.engine.odds import percent
from aerodrome_victoriana import odds, specs
from aerodrome_victoriana.common import enemy_of, spec_of, weapon_gunner, weather_black
from aerodrome_victoriana.state import (
    FLYING,
    MANOEUVRES,
    Airman,
    Attack,
    Chase,
    ChooseManoeuvre,
    DropBomb,
    EmergencyLanding,
    Escape,
    FreeAttack,
    VictorianaAction,
)
from aerodrome_victoriana.table import side_name
from aerodrome_victoriana.view import DogfightView

#: The status of a character who bailed out this phase (parachutes land at the round's end).
_BAILED = frozenset({"descending"})


def _first_roll_done(view: DogfightView) -> bool:
    return any(a.actions > 0 and a.status not in _BAILED for a in view.airmen)


def _pools(
    view: DogfightView,
    airman: Airman,
    white: int,
    black: int,
    *,
    with_handling: bool,
    bonus: int = 0,
    free: bool = False,
) -> tuple[int, int]:
    """The white and black dice of ``airman``'s test, as :func:`character_task` builds them."""
    book = specs.rules()
    craft = view.crafts[airman.craft]
    white += bonus
    if with_handling:
        if craft.handling >= 0:
            white += craft.handling
        else:
            black -= craft.handling
    black += weather_black(view.rules)
    if craft.vital_damage:
        black += book.crew_damage.vital_black
    if not free:
        black += book.multi_action.black_per_extra * max(0, airman.actions)  # this one is next
        black = max(0, black - airman.spot)
        if view.phase == "combat" and not _first_roll_done(view):
            white += book.initiative.first_actor_bonus
    return white, black


def _attack(view: DogfightView, airman: Airman, target: int, free: bool) -> str:
    book = specs.rules()
    th = view.crafts[target].handling
    white, black = _pools(
        view,
        airman,
        airman.pools["gunnery"],
        book.attack.black_base + max(0, th),
        with_handling=True,
        bonus=max(0, -th),
        free=free,
    )
    return f"hits {percent(odds.hit_chance(white, black))} ({white} dice against {black} black)"


def _test(
    view: DogfightView, airman: Airman, white: int, black: int, *, with_handling: bool
) -> str:
    white, black = _pools(view, airman, white, black, with_handling=with_handling)
    book = specs.rules().tests
    chance = odds.success_chance(white, black, book.success)
    return f"succeeds {percent(chance)} ({white} dice against {black} black)"


def roll_pools(view: DogfightView) -> dict[str, int]:
    """Each side's Squadron Roll pool before the Defend bonus: one die per aircraft in the
    dogfight plus its best Handling, the Tactical-action dice, and the dice the other side's
    black best Handling gives (victoriana.squadron.2-4, victoriana.pilot.9), as
    :func:`aerodrome_victoriana.squadron.squadron_pools` builds them (a variant changing the
    pools is not seen here)."""
    base: dict[str, int] = {}
    gift: dict[str, int] = {}
    for i, side in enumerate(view.sides):
        flying = [view.crafts[c] for c in view.roster.crafts[i] if view.crafts[c].status == FLYING]
        best = max((c.handling for c in flying), default=0)
        base[side] = len(flying) + max(0, best) if flying else 0
        gift[side] = max(0, -best) if flying else 0
    a, b = view.sides
    return {
        a: base[a] + view.tactical_dice.get(a, 0) + gift[b],
        b: base[b] + view.tactical_dice.get(b, 0) + gift[a],
    }


def _defended(pool: int, manoeuvre: str) -> int:
    return pool + (pool + 1) // 2 if manoeuvre == "defend" else pool  # victoriana.squadron.10


def manoeuvre_odds(view: DogfightView, manoeuvre: str) -> str:
    """Each side's chance to win the Squadron Roll choosing ``manoeuvre``, by the other's
    manoeuvre where it changes the roll (their Defend bonus, their carried Tactical
    successes): both pools explode, a tie wins nothing (victoriana.squadron.5-6, .14). Both
    sides choose from the same view, so the chances of both are given."""
    pools = roll_pools(view)
    carry = view.tactical_carry
    said: list[str] = []
    for me, foe in (view.sides, view.sides[::-1]):
        chances: dict[str, float] = {}
        for theirs in MANOEUVRES:
            shift = (carry.get(me, 0) if manoeuvre != "tactical" else 0) - (
                carry.get(foe, 0) if theirs != "tactical" else 0
            )
            net = odds.net_distribution(
                _defended(pools[me], manoeuvre), _defended(pools[foe], theirs)
            )
            chances[theirs] = sum(p for n, p in net if n + shift > 0)
        usual = chances["attack"]
        others = [
            f"{percent(p)} against {m.capitalize()}" for m, p in chances.items() if p != usual
        ]
        extra = f" ({', '.join(others)})" if others else ""
        said.append(f"{side_name(me)} wins the roll {percent(usual)}{extra}")
    return "; ".join(said)


def action_odds(action: VictorianaAction, view: DogfightView) -> str | None:
    """The chances of ``action`` in words, or ``None`` for an action that rolls no test."""
    book = specs.rules()
    if isinstance(action, ChooseManoeuvre):
        return manoeuvre_odds(view, action.manoeuvre)
    if isinstance(action, FreeAttack):
        craft = view.crafts[action.craft]
        gunner = weapon_gunner(view, craft, action.weapon)
        target = view.free_attack_on
        if gunner is None or target < 0:
            return None
        return _attack(view, gunner, target, free=True)
    if isinstance(action, Attack):
        return _attack(view, view.airmen[action.airman], action.target, free=False)
    if isinstance(action, Escape | Chase):
        airman = view.airmen[action.airman]
        side = view.crafts[airman.craft].side
        outnumbered = view.left[enemy_of(view, side)] > view.left[side]
        black = book.escape.black_outnumbered if outnumbered else 0
        return _test(view, airman, airman.pools["aviation"], black, with_handling=True)
    if isinstance(action, EmergencyLanding):
        airman = view.airmen[action.airman]
        env = book.environment_of(view.rules.environment)
        return _test(view, airman, airman.pools["aviation"], env.black, with_handling=True)
    if isinstance(action, DropBomb):
        airman = view.airmen[action.airman]
        spec = spec_of(view.crafts[airman.craft])
        line = (spec.optional_ordnance if action.optional else spec.ordnance)[action.line]
        dice = (
            airman.pools["gunnery"]
            + (line.weight_lb * action.count // 500) * book.bomb.dice_per_500lb
        )
        white, black = _pools(view, airman, dice, book.bomb.black, with_handling=False)
        tests = book.tests
        result = odds.task_odds(white, black, tests.success, tests.partial)
        return (
            f"on target {percent(result.success)}, partly {percent(result.partial)} "
            f"({white} dice against {black} black)"
        )
    return None
