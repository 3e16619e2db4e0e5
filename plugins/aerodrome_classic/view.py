"""What a player sees [classic.move.5, classic.setup.7]: the board, his own In Flight cards,
only the number of cards in the other hands, the cards played face up, and the AA pieces
gun side up unless revealed (their owner knows their faces)."""

from __future__ import annotations

import msgspec

from aerodrome_classic.state import ClassicState

Cell = tuple[int, int]


class PlaneView(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    squadron: str
    side: str
    cell: Cell
    facing: int
    in_flight: bool
    kills: int
    may_land: bool


class GunView(msgspec.Struct, frozen=True, kw_only=True):
    cell: Cell
    squadron: str
    side: str
    face: str  # "hit", "miss" or "gun" (gun side up, face unknown to this player)
    revealed: bool


class SquadronView(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    side: str
    seat: int
    aloft: str
    hand: tuple[str, ...] | None  # None: not this player's cards
    hand_size: int
    pack_size: int
    discards_size: int
    played: tuple[str, ...]  # played face up since the last reshuffle


class FightView(msgspec.Struct, frozen=True, kw_only=True):
    attacker: str
    defender: str
    position: str
    shooter: str
    target: str
    burst: int  # the Burst on the table; 0: the shooter has not fired yet
    exchanges: int


class ClassicView(msgspec.Struct, frozen=True, kw_only=True):
    """What one seat (``player``; None: the referee) sees. ``seats`` names the seats of the
    set-up in order; ``turn_side`` and ``turn_player`` say whose part of the turn it is;
    ``dice`` the dice thrown and not used yet; ``pending`` the attacks still to fight
    (attacker, target, on the ground)."""

    player: int | None
    side: str | None
    seats: tuple[str, ...]
    order: tuple[str, ...]
    turn_side: str
    turn_player: int | None
    dice: tuple[int, ...]
    planes: tuple[PlaneView, ...]
    guns: tuple[GunView, ...]
    squadrons: tuple[SquadronView, ...]
    fight: FightView | None
    pending: tuple[tuple[str, str, bool], ...]
    kills: dict[str, int]
    losses: dict[str, int]


def observe(state: ClassicState, player: int | None) -> ClassicView:
    """The view of ``player`` (None: the referee)."""
    t = state.turn
    side = state.seat_side[player] if player is not None else None
    planes = tuple(
        PlaneView(
            id=p.id,
            squadron=p.squadron,
            side=state.squadrons[p.squadron].side,
            cell=p.cell,
            facing=p.facing,
            in_flight=p.in_flight,
            kills=p.kills,
            may_land=p.qualified,
        )
        for p in state.planes.values()
        if p.alive
    )
    guns = tuple(
        GunView(
            cell=g.cell,
            squadron=g.squadron,
            side=g.side,
            face=(
                ("hit" if g.hit else "miss")
                if g.revealed or player is None or state.squadrons[g.squadron].seat == player
                else "gun"
            ),
            revealed=g.revealed,
        )
        for g in state.guns
    )
    squadrons = tuple(
        SquadronView(
            name=s.name,
            side=s.side,
            seat=s.seat,
            aloft=s.aloft,
            hand=tuple(s.hand) if player is None or s.seat == player else None,
            hand_size=len(s.hand),
            pack_size=len(s.pack),
            discards_size=len(s.discards),
            played=tuple(s.played),
        )
        for s in state.squadrons.values()
    )
    f = t.fight
    fight = (
        FightView(
            attacker=f.attacker,
            defender=f.defender,
            position=f.position,
            shooter=f.shooter,
            target=f.target,
            burst=f.burst,
            exchanges=f.exchanges,
        )
        if f is not None
        else None
    )
    return ClassicView(
        player=player,
        side=side,
        seats=state.seat_names,
        order=tuple(state.order),
        turn_side=t.side,
        turn_player=t.player,
        dice=tuple(t.dice or ()),
        planes=planes,
        guns=guns,
        squadrons=squadrons,
        fight=fight,
        pending=tuple((a.attacker, a.target, a.ground) for a in t.pending),
        kills=dict(state.kills),
        losses=dict(state.losses),
    )
