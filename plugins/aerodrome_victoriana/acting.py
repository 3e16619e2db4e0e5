"""The legal actions of the Combat Phase: which pilot and crew actions each character may
take (victoriana.pilot.*, victoriana.crew.*, victoriana.optional.*), and the free attack.

An ``act`` decision offers every action of every character who may still act, but most
agents look at few of them (the bot only at the characters who have not acted yet this
round), so :class:`ActOptions` lists them character by character when asked. It lists them
from a snapshot of the frozen aircraft and crew records taken when the decision is asked,
so it stays right however long it is held.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from typing import overload

import msgspec

from aerodrome_victoriana import specs
from aerodrome_victoriana.common import (
    Table,
    aboard,
    enemy_of,
    jobs_of,
    spec_of,
    weapon_gunner,
)
from aerodrome_victoriana.common import flying as flying_crafts
from aerodrome_victoriana.state import (
    FLYING,
    Airman,
    Attack,
    BailOut,
    CharacterAction,
    Chase,
    Craft,
    Defend,
    DropBomb,
    EmergencyLanding,
    EndTurn,
    Escape,
    FreeAttack,
    Repair,
    Spot,
    Tactical,
)

END_TURN = EndTurn()
#: The answers of an ``act`` decision.
Acting = CharacterAction | EndTurn


class Snapshot(msgspec.Struct, frozen=True, gc=False):
    """What the legal actions of a character depend on, frozen when the decision is asked."""

    crafts: tuple[Craft, ...]
    airmen: tuple[Airman, ...]
    sides: tuple[str, ...]
    rules: specs.OptionalRules


def snapshot(table: Table) -> Snapshot:
    return Snapshot(tuple(table.crafts), tuple(table.airmen), tuple(table.sides), table.rules)


class ActOptions(Sequence[Acting]):
    """The legal actions of an ``act`` decision: the actions of each character in
    :attr:`actors`, in that order, then :data:`END_TURN`. A character's actions are listed
    the first time they are needed (:meth:`options_of`); ``in`` lists only the acting
    character's; ``len``, indexing and iteration list them all."""

    __slots__ = ("_all", "_by_airman", "_flying", "_table", "actors")

    def __init__(self, table: Snapshot, actors: tuple[int, ...]) -> None:
        self._table = table
        #: The characters who may still act, in the order their actions are listed.
        self.actors = actors
        self._by_airman: dict[int, list[CharacterAction]] = {}
        self._all: list[Acting] | None = None
        self._flying: dict[str, list[int]] | None = None

    def options_of(self, airman: int) -> list[CharacterAction]:
        """The legal actions of character ``airman`` (none if they may not act now)."""
        listed = self._by_airman.get(airman)
        if listed is None:
            if airman in self.actors:
                if self._flying is None:
                    self._flying = flying_ids(self._table)
                listed = _options(self._table, self._table.airmen[airman], self._flying)
            else:
                listed = []
            self._by_airman[airman] = listed
        return listed

    def _listed(self) -> list[Acting]:
        if self._all is None:
            everything: list[Acting] = []
            for airman in self.actors:
                everything.extend(self.options_of(airman))
            everything.append(END_TURN)
            self._all = everything
        return self._all

    def __contains__(self, action: object) -> bool:
        if type(action) is EndTurn:
            return True
        if not isinstance(action, CharacterAction):
            return False
        return action in self.options_of(action.airman)

    def __len__(self) -> int:
        return len(self._listed())

    @overload
    def __getitem__(self, index: int) -> Acting: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Acting]: ...

    def __getitem__(self, index: int | slice) -> Acting | Sequence[Acting]:
        return self._listed()[index]

    def __iter__(self) -> Iterator[Acting]:
        return iter(self._listed())

    def __repr__(self) -> str:
        return f"ActOptions(actors={self.actors})"


@cache
def station_weapons(aircraft: str, station: int) -> tuple[int, ...]:
    """The armament lines manned from ``station`` of an aircraft type (victoriana.aircraft.8)."""
    spec = specs.aircraft()[aircraft]
    return tuple(
        w for w, weapon in enumerate(spec.weapons) if spec.station_of(weapon.station) == station
    )


def flying_ids(table: Table) -> dict[str, list[int]]:
    """The aircraft of each side in the dogfight."""
    ids: dict[str, list[int]] = {side: [] for side in table.sides}
    for c in table.crafts:
        if c.status == FLYING:
            ids[c.side].append(c.id)
    return ids


def character_options(table: Table, a: Airman) -> list[CharacterAction]:
    """Every action character ``a`` may take now."""
    return _options(table, a, flying_ids(table))


def _options(table: Table, a: Airman, flying: dict[str, list[int]]) -> list[CharacterAction]:
    craft = table.crafts[a.craft]
    side = craft.side
    out: list[CharacterAction] = []
    weapons = station_weapons(craft.spec, a.station)
    if weapons:  # victoriana.pilot.1, victoriana.crew.1
        foes = flying[enemy_of(table, side)]
        aid = a.id
        for w in weapons:
            out.extend(Attack(airman=aid, target=f, weapon=w) for f in foes)
    if "Bombardier" in jobs_of(table, a):  # victoriana.crew.2
        for line, left in enumerate(craft.bombs):
            out.extend(DropBomb(airman=a.id, line=line, count=n) for n in range(1, left + 1))
        for line, left in enumerate(craft.optional_bombs):
            out.extend(
                DropBomb(airman=a.id, line=line, count=n, optional=True) for n in range(1, left + 1)
            )
    mates = [m for m in aboard(table, craft) if m.id != a.id]
    rules = table.rules
    if a.pilot:
        out.extend(Defend(airman=a.id, ward=c) for c in flying[side])
        out.append(Escape(airman=a.id))
        out.extend(Chase(airman=a.id, target=t) for t in chase_targets(table, a))
        if rules.skip_squadron:  # victoriana.optional.15: Spot instead of Tactical
            out.extend(spots(a, mates))
        else:
            out.append(Tactical(airman=a.id, skill="aviation"))
            out.append(Tactical(airman=a.id, skill="tactics"))
        if rules.emergency_landings:
            out.append(EmergencyLanding(airman=a.id))
    else:
        if craft.health < spec_of(craft).health or craft.vital_damage:
            out.append(Repair(airman=a.id))
        out.extend(spots(a, mates))
    if rules.emergency_landings:
        out.append(BailOut(airman=a.id))
    return out


def spots(a: Airman, mates: list[Airman]) -> list[CharacterAction]:
    return [Spot(airman=a.id, mate=m.id, skill=s) for m in mates for s in ("perception", "gunnery")]


def chase_targets(table: Table, a: Airman) -> list[int]:
    """Enemies that escaped (or chased) since the start of the pilot's last turn
    (victoriana.pilot.7)."""
    side = table.crafts[a.craft].side
    since = a.prev_turn_start if a.actions > 0 else a.turn_start
    return [
        c.id
        for c in table.crafts
        if c.side != side
        and c.status in ("escaped", "chasing")
        and c.escaped_at > since
        and c.id not in a.lost
    ]


def free_attack_options(table: Table, target: Craft) -> list[FreeAttack]:
    """The aircraft and weapons that may make the free attack on ``target`` (victoriana.pilot.5)."""
    out: list[FreeAttack] = []
    for c in flying_crafts(table, enemy_of(table, target.side)):
        for w in range(len(spec_of(c).weapons)):
            if weapon_gunner(table, c, w) is not None:
                out.append(FreeAttack(craft=c.id, weapon=w))
    return out
