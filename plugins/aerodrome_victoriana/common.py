"""Shared rule helpers: sides, Handling, squadrons, character tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from aerodrome.api import Context
from aerodrome.engine.dice import opposed
from aerodrome_victoriana import specs
from aerodrome_victoriana.events import TaskRolled
from aerodrome_victoriana.heresy import SUCCESS_FACES, TaskRoll, classify
from aerodrome_victoriana.state import FLYING, Airman, Craft, DogfightState, update_airman


class Table(Protocol):
    """What the table shows, read-only: the state itself, a player's observation or a
    snapshot of the aircraft and crews (the helpers below read any of them)."""

    @property
    def crafts(self) -> Sequence[Craft]: ...

    @property
    def airmen(self) -> Sequence[Airman]: ...

    @property
    def sides(self) -> Sequence[str]: ...

    @property
    def rules(self) -> specs.OptionalRules: ...


def enemy_of(state: Table, side: str) -> str:
    return state.sides[1] if side == state.sides[0] else state.sides[0]


def player_of(state: DogfightState, side: str) -> int:
    return state.sides.index(side)


def spec_of(craft: Craft) -> specs.AircraftSpec:
    return specs.aircraft()[craft.spec]


def handling(craft: Craft) -> int:
    """The aircraft's current Handling (kept in ``craft.handling``, see :func:`handling_of`)."""
    return craft.handling


def handling_of(craft: Craft) -> int:
    """Signed Handling: negative for black-dice Handling; the optional-ordnance penalty
    applies while any fitted bomb is aboard (victoriana.aircraft.6, victoriana.aircraft.11)."""
    spec = spec_of(craft)
    h = spec.handling_value
    if any(craft.optional_bombs):
        h -= spec.optional_handling_penalty
    return h


def flying(state: Table, side: str) -> list[Craft]:
    return [c for c in state.crafts if c.side == side and c.status == FLYING]


def side_crafts(state: DogfightState, side: str) -> list[Craft]:
    """The aircraft of ``side``, in their order (from the set-up's roster)."""
    crafts = state.crafts
    return [crafts[i] for i in state.roster.crafts[state.sides.index(side)]]


def count_flying(state: DogfightState, side: str) -> int:
    """Aircraft of ``side`` still in the dogfight (kept in ``state.left``)."""
    return state.left[side]


def battle_over(state: DogfightState) -> bool:
    """The dogfight ends when a side has no aircraft left in it (victoriana.turn.3), or when
    the sortie's range and ammunition are spent (victoriana.aircraft.9)."""
    return state.spent or 0 in state.left.values()


def stat(state: DogfightState, key: str, amount: int = 1) -> None:
    state.stats[key] = state.stats.get(key, 0) + amount


def jobs_of(state: Table, airman: Airman) -> tuple[str, ...]:
    """The jobs of the airman's station, as the datasheet prints them (victoriana.aircraft.2)."""
    return spec_of(state.crafts[airman.craft]).crew[airman.station].jobs


def aboard(state: Table, craft: Craft) -> list[Airman]:
    return [state.airmen[i] for i in craft.crew if state.airmen[i].status == "aboard"]


def station_airman(state: Table, craft: Craft, station: int) -> Airman | None:
    for i in craft.crew:
        a = state.airmen[i]
        if a.station == station and a.status == "aboard":
            return a
    return None


def weapon_gunner(state: Table, craft: Craft, weapon: int) -> Airman | None:
    """The airman manning the station of ``weapon`` (victoriana.aircraft.7)."""
    spec = spec_of(craft)
    st = spec.station_of(spec.weapons[weapon].station)
    return None if st is None else station_airman(state, craft, st)


def weather_black(rules: specs.OptionalRules) -> int:
    """Weather and night black dice on every dogfighting action (victoriana.optional.12-13)."""
    book = specs.rules()
    black = book.weather_of(rules.weather).black
    if rules.night:
        black += book.night.black
    return black


def environment_black(state: DogfightState) -> int:
    return weather_black(state.rules)


def character_task(
    state: DogfightState,
    ctx: Context,
    airman: Airman,
    task: str,
    white: int,
    black: int,
    *,
    with_handling: bool,
    bonus: int = 0,
    free: bool = False,
) -> TaskRoll:
    """A character's test in the Combat Phase.

    ``white``/``black`` are the task's own dice (``bonus`` more white); the aircraft's
    Handling joins when ``with_handling`` (black-dice Handling as black dice against the
    character); then the weather and night (victoriana.optional.12-13) and vital components
    damage (victoriana.optional.10); and for a character's own action (not a ``free``
    attack after a failed escape) the multi-action penalty (victoriana.combat.6), the Spot
    reduction (victoriana.crew.5) and the first actor's initiative bonus
    (victoriana.combat.5).
    """
    book = specs.rules()
    craft = state.crafts[airman.craft]
    airman = state.airmen[airman.id]  # the current record
    white += bonus
    if with_handling:
        h = handling(craft)
        if h >= 0:
            white += h
        else:
            black -= h
    black += environment_black(state)
    if craft.vital_damage:
        black += book.crew_damage.vital_black
    if not free:
        black += book.multi_action.black_per_extra * max(0, airman.actions - 1)
        black = max(0, black - airman.spot)
        if airman.spot:
            update_airman(state, airman.id, spot=0)
        if not state.first_done:
            state.first_done = True
            white += book.initiative.first_actor_bonus
    # white explodes, black does not (victoriana.dice.2, victoriana.dice.3)
    w, b = opposed(ctx.dice, white, black, f"{airman.name}: {task}", success=SUCCESS_FACES)
    outcome = classify(w, b, book.tests.success, book.tests.partial)
    ctx.emit(
        lambda: TaskRolled(
            airman=airman.id,
            task=task,
            white_dice=white,
            black_dice=black,
            white=w,
            black=b,
            outcome=outcome,
        )
    )
    return TaskRoll(white=w, black=b, net=w - b, outcome=outcome)
